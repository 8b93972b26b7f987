/* test_retag.c - game_out_retag(): the tags game_out_game() writes, the movetext byte for byte. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "reader_util.h"
#include "write/game_out.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "base/utf8.h"

/* What annotate --eco --plycount asks for: replaced, removed and added tags. */
static const struct go_extra_tag extra_tags[] = {
    { "ECO", "B90" },
    { "Opening", "Sicilian \"Defense\"" },
    { "Variation", NULL },
    { "PlyCount", "7" },
};

struct corpus {
    struct game_out o;
    struct replay r;
    struct buf full, re;
    long valid, retagged, crlf, failures;
};

/* Length of the tag section at the start of PGN text s: the tag pairs and the empty line. */
static size_t tag_section(const char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == '\n' && s[i + 1] == '\n')
            return i + 2;
    return 0;
}

static int same_text(const char *a, size_t an, const char *b, size_t bn)
{
    return an == bn && (!an || !memcmp(a, b, an));
}

/* Moves, NAGs, comments and result of a and b agree (positions in the text aside). */
static int same_movetext(const struct game *a, const struct game *b)
{
    if (a->nmoves != b->nmoves || a->nnags != b->nnags || a->ncomments != b->ncomments ||
        a->nvars != b->nvars || a->result != b->result)
        return 0;
    for (uint32_t i = 0; i < a->nmoves; i++)
        if (!same_text(a->moves[i].text, a->moves[i].len, b->moves[i].text, b->moves[i].len))
            return 0;
    for (uint32_t i = 0; i < a->nnags; i++)
        if (a->nags[i] != b->nags[i])
            return 0;
    for (uint32_t i = 0; i < a->ncomments; i++)
        if (!same_text(a->comments[i].text, a->comments[i].len, b->comments[i].text,
                       b->comments[i].len))
            return 0;
    return 1;
}

static int same_tags(const struct game *a, const struct game *b)
{
    if (a->ntags != b->ntags)
        return 0;
    for (uint32_t i = 0; i < a->ntags; i++)
        if (strcmp(a->tags[i].name, b->tags[i].name) || strcmp(a->tags[i].value, b->tags[i].value))
            return 0;
    return 1;
}

/* Reads the one game of text[0..n) back and compares it with g and with the old path's. */
static int reads_back(const struct game *g, const struct buf *re, const struct buf *full)
{
    struct pgn_reader *ra = NULL, *rb = NULL;
    struct game ga, gb;
    int ok = pgn_reader_open_mem(&ra, re->data, re->len, NULL) == PGN_OK &&
             pgn_reader_open_mem(&rb, full->data, full->len, NULL) == PGN_OK &&
             pgn_reader_next(ra, &ga) == 1 && pgn_reader_next(rb, &gb) == 1 &&
             same_movetext(g, &ga) && same_tags(&ga, &gb);
    pgn_reader_free(ra);
    pgn_reader_free(rb);
    return ok;
}

#define RETAG_FAIL(...) do { if (c->failures++ < 10) FAIL(__VA_ARGS__); } while (0)

static void check_game(struct corpus *c, const struct game *g)
{
    struct go_extra x = { extra_tags, sizeof extra_tags / sizeof extra_tags[0], NULL, NULL };
    buf_reset(&c->full);
    buf_reset(&c->re);
    c->o.extra = &x;
    int rc_full = game_out_game(&c->o, g, &c->r, &c->full);
    int rc = game_out_retag(&c->o, g, &c->r, &c->re);
    c->o.extra = NULL;
    struct game_cut cut;
    int cuts = game_cut(g, &cut) == 0;
    c->valid++;
    if (rc_full != PGN_OK || (rc != PGN_OK && rc != PGN_EINVAL) || (rc == PGN_OK) != cuts) {
        RETAG_FAIL("%s game %llu: game_out_game %d, game_out_retag %d, game_cut %d", g->file,
                   (unsigned long long)g->index, rc_full, rc, cuts);
        return;
    }
    if (rc == PGN_EINVAL) {
        if (c->re.len)
            RETAG_FAIL("%s game %llu: refused but wrote", g->file, (unsigned long long)g->index);
        return;
    }
    c->retagged++;
    /* The expected tag section: game_out_game()'s, with the input's line ends. */
    const char *nl = memchr(g->raw, '\n', g->raw_len);
    int crlf = nl && nl > g->raw && nl[-1] == '\r';
    c->crlf += crlf;
    size_t eol = crlf ? 2 : 1, ts0 = tag_section(c->full.data, c->full.len), ts = 0;
    char *want = malloc(2 * ts0 + 1);
    for (size_t i = 0; want && i < ts0; i++) {
        if (crlf && c->full.data[i] == '\n')
            want[ts++] = '\r';
        want[ts++] = c->full.data[i];
    }
    const char *s = c->re.data, *end = crlf ? "\r\n\r\n" : "\n\n";
    size_t n = c->re.len, at = cut.lead_len ? cut.lead_len + eol : 0;
    /* The raw span without trailing blanks: the movetext must be its end, byte for byte. */
    size_t raw_end = g->raw_len;
    while (raw_end && memchr(" \t\r\n\f\v", g->raw[raw_end - 1], 6))
        raw_end--;
    size_t mt = n - 2 * eol - at - ts; /* the movetext copied (when the checks below hold) */
    if (!want || !ts || n < at + ts + 2 * eol || memcmp(s + at, want, ts)) {
        RETAG_FAIL("%s game %llu: tag section differs from game_out_game's", g->file,
                   (unsigned long long)g->index);
    } else if (memcmp(s + n - 2 * eol, end, 2 * eol) || mt > raw_end ||
               memcmp(s + at + ts, g->raw + raw_end - mt, mt)) {
        RETAG_FAIL("%s game %llu: movetext is not the input's", g->file,
                   (unsigned long long)g->index);
    } else if (!utf8_valid(s, n)) {
        RETAG_FAIL("%s game %llu: output is not UTF-8", g->file, (unsigned long long)g->index);
    } else if (!reads_back(g, &c->re, &c->full)) {
        RETAG_FAIL("%s game %llu: reads back differently", g->file, (unsigned long long)g->index);
    }
    free(want);
}

static void check_file(const char *rel, void *ctx)
{
    struct corpus *c = ctx;
    char path[4096];
    struct pgn_reader *reader;
    struct game g;
    snprintf(path, sizeof path, "%s/%s", test_root, rel);
    if (pgn_reader_open(&reader, path, NULL) != PGN_OK) {
        FAIL("cannot open %s", path);
        return;
    }
    while (pgn_reader_next(reader, &g) > 0) {
        if ((g.flags & GAME_EMPTY) || replay_game(&c->r, &g) != PGN_OK || c->r.errors ||
            c->r.skipped)
            continue;
        check_game(c, &g);
    }
    pgn_reader_free(reader);
}

void test_retag__corpus_tags_and_movetext(void)
{
    static const char *const dirs[] = {
        "testdata",        "testdata/annotate", "testdata/broken",   "testdata/convert",
        "testdata/corpus", "testdata/notation", "testdata/reader",   "testdata/search",
        "testdata/stats",  "testdata/hostile",
    };
    struct corpus *c = calloc(1, sizeof *c);
    struct replay_opts ro = { .lang = NOTATION_AUTO, .flags = REPLAY_NO_TAGS | REPLAY_NO_WARN };
    game_out_init(&c->o, NULL);
    replay_init(&c->r, &ro);
    buf_init(&c->full, (size_t)1 << 28);
    buf_init(&c->re, (size_t)1 << 28);
    size_t files = reader_each_pgn(dirs, sizeof dirs / sizeof dirs[0], check_file, c);
    CHECK(files >= 60);
    /* Nearly every valid game is retagged; the rest (CP1252, header-only, ...) are refused. */
    CHECK(c->valid > 600);
    CHECK(c->retagged * 10 > c->valid * 9);
    CHECK(c->crlf > 10); /* games with CRLF line ends were among them */
    buf_release(&c->full);
    buf_release(&c->re);
    replay_release(&c->r);
    game_out_release(&c->o);
    free(c);
}

/* The first game of text, cut; -1 when game_cut refuses it. */
static int cut_of(const char *text, struct game_cut *cut, char *movetext, size_t cap)
{
    struct pgn_reader *r;
    struct game g;
    int rc = -2;
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL) != PGN_OK)
        return rc;
    if (pgn_reader_next(r, &g) == 1) {
        rc = game_cut(&g, cut);
        if (!rc)
            snprintf(movetext, cap, "%.*s|%.*s", (int)cut->lead_len, g.raw + cut->lead,
                     (int)cut->text_len, g.raw + cut->text);
    }
    pgn_reader_free(r);
    return rc;
}

void test_retag__cut_cases(void)
{
    struct game_cut cut;
    char m[256];
    CHECK(cut_of("[Event \"a\"]\n[Site \"b\"]\n\n1. e4  e5 {x}\n2. Nf3 *\n\n", &cut, m, sizeof m) == 0);
    CHECK_EQ_STR(m, "|1. e4  e5 {x}\n2. Nf3 *");
    /* CRLF, byte order mark, a comment and a % line before the tags, blank lines after them. */
    CHECK(cut_of("\xEF\xBB\xBF\r\n{intro}\r\n%x\r\n[Event \"a\"]\r\n\r\n \r\n  1.e4 *\r\n", &cut, m,
                 sizeof m) == 0);
    CHECK_EQ_STR(m, "{intro}\r\n%x|  1.e4 *");
    /* No tags: the whole span. */
    CHECK(cut_of("\n1. d4 d5 *\n", &cut, m, sizeof m) == 0);
    CHECK_EQ_STR(m, "|1. d4 d5 *");
    /* Movetext on a tag pair's line, a comment between tag pairs, no movetext: refused. */
    CHECK(cut_of("[Event \"a\"] 1. e4 *\n", &cut, m, sizeof m) == -1);
    CHECK(cut_of("[Event \"a\"] {c}\n[Site \"b\"]\n1. e4 *\n", &cut, m, sizeof m) == -1);
    CHECK(cut_of("[Event \"a\"]\n[Result \"*\"]\n\n", &cut, m, sizeof m) == -1);
    /* Not UTF-8 (read as CP1252): refused, the writer must transcode. */
    CHECK(cut_of("[Event \"caf\xe9\"]\n\n1. e4 *\n", &cut, m, sizeof m) == -1);
}

void test_retag__refuses_what_changes_movetext(void)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4 {c} e5 *\n";
    struct pgn_reader *reader;
    struct game g;
    struct replay r;
    struct game_out_opts opts;
    struct buf out;
    CHECK(pgn_reader_open_mem(&reader, text, strlen(text), NULL) == PGN_OK);
    CHECK(pgn_reader_next(reader, &g) == 1);
    replay_init(&r, NULL);
    CHECK(replay_game(&r, &g) == PGN_OK && !r.errors);
    buf_init(&out, 1 << 20);
    for (int k = 0; k < 4; k++) {
        struct game_out o;
        game_out_opts_init(&opts);
        if (k == 0)
            opts.strip = GO_STRIP_COMMENTS;
        else if (k == 1)
            opts.format = GO_JSON;
        else if (k == 2)
            opts.flags = GO_FIX_RESULTS;
        else
            opts.style.lang = NOTATION_DE;
        game_out_init(&o, &opts);
        CHECK_EQ_INT(game_out_retag(&o, &g, &r, &out), PGN_EINVAL);
        CHECK_EQ_INT(out.len, 0);
        game_out_release(&o);
    }
    /* Additions to moves: PGN only; JSON refuses them instead of dropping them. */
    struct go_move_extra moves[2];
    memset(moves, 0, sizeof moves);
    moves[0].nnags = 1;
    moves[0].nags[0] = 2;
    struct go_extra x = { NULL, 0, moves, NULL };
    struct game_out o;
    game_out_opts_init(&opts);
    opts.format = GO_NDJSON;
    game_out_init(&o, &opts);
    o.extra = &x;
    CHECK_EQ_INT(game_out_game(&o, &g, &r, &out), PGN_EINVAL);
    CHECK_EQ_INT(out.len, 0);
    game_out_release(&o);
    buf_release(&out);
    replay_release(&r);
    pgn_reader_free(reader);
}

/* The tag writer reserves room exactly: any fill of the output buffer, under ASan. */
void test_retag__any_buffer_fill(void)
{
    /* An empty value and one whose every byte is escaped: no slack in the reservation. */
    static const char text[] = "[Event \"a \\\"quoted\\\" event\"]\r\n[WhiteElo \"\"]\r\n"
                               "[Annotator \"\\\"\\\\\"]\r\n\r\n1. e4 *\r\n";
    static const struct go_extra_tag tags[] = { { "ECO", "B00" }, { "Opening", "King's Pawn" } };
    struct go_extra x = { tags, 2, NULL, NULL };
    struct pgn_reader *reader;
    struct game g;
    struct replay r;
    struct game_out o;
    struct buf first, out;
    char pad[1024];
    memset(pad, '.', sizeof pad);
    CHECK(pgn_reader_open_mem(&reader, text, strlen(text), NULL) == PGN_OK);
    CHECK(pgn_reader_next(reader, &g) == 1);
    replay_init(&r, NULL);
    CHECK(replay_game(&r, &g) == PGN_OK && !r.errors);
    game_out_init(&o, NULL);
    o.extra = &x;
    buf_init(&first, 1 << 20);
    CHECK_EQ_INT(game_out_retag(&o, &g, &r, &first), PGN_OK);
    for (size_t fill = 0; fill <= sizeof pad; fill++) {
        buf_init(&out, 1 << 20);
        CHECK_EQ_INT(buf_append(&out, pad, fill), PGN_OK);
        CHECK_EQ_INT(game_out_retag(&o, &g, &r, &out), PGN_OK);
        if (out.len != fill + first.len || memcmp(out.data + fill, first.data, first.len)) {
            FAIL("after %zu bytes: different output", fill);
            fill = sizeof pad;
        }
        buf_release(&out);
    }
    buf_release(&first);
    game_out_release(&o);
    replay_release(&r);
    pgn_reader_free(reader);
}
