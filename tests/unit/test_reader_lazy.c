/* test_reader_lazy.c - PGN_READER_LAZY: skimmed games complete to exactly what a plain reader gives. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "corpus_table.h"

/* A span padded for pgn_reader_parse_span(): a copy of g's (freed by the caller). */
static unsigned char *padded(const struct game *g)
{
    unsigned char *p = malloc(g->raw_len + PGN_SPAN_PAD);
    if (p)
        memcpy(p, g->raw, g->raw_len);
    return p;
}

/*
 * Two readers on the same text in lockstep: a plain one and a lazy one. Every
 * lazy game must have the span, number, position and tags of the plain one
 * (with PGN_READER_SPLIT: no tags, no diagnostics, only GAME_LAZY and
 * GAME_BOM); completed (all of them, or every other one) its dump must be
 * identical. Every lazy game is also parsed again from its span on a third
 * reader (as the pipeline's workers do) and must equal the plain one field
 * by field. Returns the number of games the lazy reader skimmed.
 */
static unsigned long lockstep_with(const char *what, const char *text, size_t len,
                                   const struct pgn_reader_opts *base, int complete_all,
                                   unsigned lazy_flags)
{
    struct pgn_reader_opts lazy_opts = *base;
    lazy_opts.flags |= lazy_flags;
    struct pgn_reader *a, *b, *c;
    if (pgn_reader_open_mem(&a, text, len, base) || pgn_reader_open_mem(&b, text, len, &lazy_opts) ||
        pgn_reader_open_mem(&c, "", 0, base)) {
        FAIL("%s: cannot open", what);
        return 0;
    }
    size_t cap = 4096 + len * 8;
    char *da = malloc(cap), *db = malloc(cap);
    struct game ga, gb;
    int ra, rb;
    unsigned long lazy = 0;
    for (;;) {
        ra = pgn_reader_next(a, &ga);
        rb = pgn_reader_next(b, &gb);
        if (ra != rb) {
            FAIL("%s: plain reader returned %d, lazy %d", what, ra, rb);
            break;
        }
        if (ra <= 0)
            break;
        if (gb.flags & GAME_LAZY) {
            lazy++;
            int split = (lazy_flags & PGN_READER_SPLIT) != 0;
            if (ga.offset != gb.offset || ga.raw_size != gb.raw_size || ga.index != gb.index ||
                ga.line != gb.line || ga.col != gb.col || (!split && ga.ntags != gb.ntags)) {
                FAIL("%s: game %llu: lazy span or header differs", what,
                     (unsigned long long)ga.index);
                break;
            }
            if (split && (gb.ntags || gb.nerrors || gb.nbad ||
                          gb.flags != (GAME_LAZY | (ga.flags & GAME_BOM))))
                FAIL("%s: game %llu: a split game has more than its span", what,
                     (unsigned long long)ga.index);
            for (uint32_t i = 0; i < gb.ntags; i++)
                if (strcmp(ga.tags[i].name, gb.tags[i].name) ||
                    strcmp(ga.tags[i].value, gb.tags[i].value))
                    FAIL("%s: game %llu: tag %u differs", what, (unsigned long long)ga.index, i);
            if (gb.nmoves || gb.nvars)
                FAIL("%s: game %llu: a lazy game has moves", what, (unsigned long long)ga.index);
            struct pgn_span_origin o;
            struct game gc;
            if (pgn_reader_span_origin(b, &gb, &o) == PGN_OK) {
                /* Parsed in place, from a copy with the padding after it. */
                const char *d = "the parse";
                unsigned char *copy = padded(&gb);
                if (copy) {
                    if (pgn_reader_parse_span(c, copy, gb.raw_len, gb.file, &o) == PGN_OK &&
                        pgn_reader_next(c, &gc) == 1)
                        d = game_diff(&ga, &gc);
                    if (!d && memcmp(copy, gb.raw, gb.raw_len))
                        d = "the span (written to by the parse)";
                }
                if (d)
                    FAIL("%s: game %llu parsed from its span: %s differs", what,
                         (unsigned long long)ga.index, d);
                free(copy);
            }
            if (!complete_all && (ga.index & 1))
                continue;
            int rc = pgn_reader_complete(b, &gb);
            if (rc) {
                FAIL("%s: game %llu: completion failed: %d", what, (unsigned long long)ga.index,
                     rc);
                break;
            }
            if (gb.flags & GAME_LAZY)
                FAIL("%s: completed game still lazy", what);
        } else if (pgn_reader_complete(b, &gb) != PGN_OK) {
            FAIL("%s: completing a complete game failed", what);
        }
        dump_game(&ga, da, cap);
        dump_game(&gb, db, cap);
        if (strcmp(da, db)) {
            FAIL("%s: game %llu differs:\n      plain %.300s\n      lazy  %.300s", what,
                 (unsigned long long)ga.index, da, db);
            break;
        }
    }
    free(da);
    free(db);
    pgn_reader_free(a);
    pgn_reader_free(b);
    pgn_reader_free(c);
    return lazy;
}

static unsigned long lockstep(const char *what, const char *text, size_t len,
                              const struct pgn_reader_opts *base, int complete_all)
{
    return lockstep_with(what, text, len, base, complete_all, PGN_READER_LAZY);
}

/* The same with PGN_READER_SPLIT: as many games skimmed, complete the same. */
static void lockstep_split(const char *what, const char *text, size_t len,
                           const struct pgn_reader_opts *base, int complete_all)
{
    unsigned long lazy = lockstep(what, text, len, base, complete_all);
    CHECK_EQ_INT(lockstep_with(what, text, len, base, complete_all,
                               PGN_READER_LAZY | PGN_READER_SPLIT),
                 lazy);
}

static const char *const dirs[] = {
    "testdata", "testdata/corpus", "testdata/broken", "testdata/reader", "testdata/notation",
    "testdata/search", "testdata/lenient",
};

struct lazy_totals {
    unsigned long lazy;
};

/* One file in four window settings. */
static void lockstep_file(const char *rel, void *ctx)
{
    struct lazy_totals *t = ctx;
    struct pgn_reader_opts small, tiny, plain;
    pgn_reader_opts_init(&plain);
    small = plain;
    small.read_size = 64;
    tiny = plain;
    tiny.read_size = 700;
    tiny.limits.max_game = 3000;
    size_t len;
    char *text = reader_slurp(rel, &len);
    if (!text)
        return;
    t->lazy += lockstep(rel, text, len, &plain, 1);
    lockstep_split(rel, text, len, &plain, 0);
    lockstep_split(rel, text, len, &small, 1);
    lockstep_split(rel, text, len, &tiny, 0);
    free(text);
}

/* Every .pgn file of the repository's test data. */
void test_reader_lazy__testdata_equivalent(void)
{
    struct lazy_totals t = { 0 };
    size_t files = reader_each_pgn(dirs, sizeof dirs / sizeof dirs[0], lockstep_file, &t);
    CHECK(files > 30);
    CHECK(t.lazy > 300); /* the skim does take the plain games */
}

/* The sample database: all but a few games are skimmed. */
void test_reader_lazy__sample_mostly_lazy(void)
{
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    size_t len;
    char *text = reader_slurp("testdata/sample.pgn", &len);
    if (!text)
        return;
    CHECK_EQ_INT(lockstep("sample", text, len, &o, 1), 39);
    free(text);
}

/*
 * Rounds of one to five random edits (insertions or overwrites of the
 * bits, or of a line over the small max_game) to text, each checked in
 * lockstep, in two window settings, read with flags (0 or
 * PGN_READER_NESTED_COMMENTS).
 */
static void mutation_rounds(const char *name, const char *text, size_t len,
                            const char *const *bits, size_t nbits, int rounds, unsigned flags)
{
    struct pgn_reader_opts o, tiny;
    pgn_reader_opts_init(&o);
    o.flags = flags;
    tiny = o;
    tiny.read_size = 500;
    tiny.limits.max_game = 2500; /* games and lines over the limit too */
    static char longline[3001];
    memset(longline, 'e', sizeof longline - 1);
    char *buf = malloc(len + 5 * sizeof longline + 4096);
    unsigned long seed = 12345;
    for (int round = 0; round < rounds; round++) {
        memcpy(buf, text, len);
        size_t n = len;
        int edits = 1 + round % 5;
        for (int k = 0; k < edits; k++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            size_t at = (size_t)(seed >> 33) % n;
            size_t pick = (seed >> 20) % (nbits + 1);
            const char *s = pick < nbits ? bits[pick] : longline;
            size_t sl = strlen(s);
            if (seed & 1) { /* insert */
                memmove(buf + at + sl, buf + at, n - at);
                memcpy(buf + at, s, sl);
                n += sl;
            } else { /* overwrite */
                if (at + sl > n)
                    continue;
                memcpy(buf + at, s, sl);
            }
        }
        char what[96];
        snprintf(what, sizeof what, "%s: mutation round %d", name, round);
        lockstep_split(what, buf, n, round % 4 == 3 ? &tiny : &o, round & 1);
    }
    free(buf);
}

static int mutation_count(void)
{
    return getenv("PGNKIT_LAZY_ROUNDS") ? atoi(getenv("PGNKIT_LAZY_ROUNDS")) : 400;
}

/* Random edits of real games: every odd construct must still split and parse the same. */
void test_reader_lazy__mutations(void)
{
    static const char *const bits[] = {
        "1-0", " 1-0 ", "\n[Event \"x\"]\n", "{", "}", "\n", "*", " 0-1 e4 ", "(", ")", "[",
        "%", "\n%esc\n", "1 - 0", "\xC2\xBD-\xC2\xBD", "\r", "\r\n", "\xEF\xBB\xBF", "$1 ",
        ";c\n", "0-0 ", "O - O", "\n\n", " 1/2", "\x01", "\n  [Site \"y\"]", "12.0-1", "1/2-1/2",
        "{\n\n[Event \"z\"]\n}", "0-1 {c}\n", "\n[a", "e4(D)", "1-0(", "\t", "]", "\"",
        " 1 1-0", "0 -1", " O-O 1-0", " 1/2 1/2-1/2", "e2-e4 ", ") 1:0", " 1\t-\t0", "{x}1-0",
        /* Bytes the skim's vector test takes for hot ones, though they are not. */
        "y", " y1-0", "\x7f", "\x0c", "\xC3\xA9", " \xC3\xA9 1-0",
    };
    size_t len;
    char *text = reader_slurp("testdata/sample.pgn", &len);
    if (!text)
        return;
    if (len > 24000)
        len = 24000;
    mutation_rounds("sample", text, len, bits, sizeof bits / sizeof bits[0], mutation_count(), 0);
    free(text);
}

/*
 * Games that reader_split_plain() splits in one pass (tag pairs, moves, the
 * result), with line ends "\n" and "\r\n", edited with what its narrow
 * grammar must turn away or take: a second Event tag, words that end in or
 * join a result, marks in and after move numbers, lone and doubled line
 * ends, comments on one line or more, NAGs and variations.
 */
void test_reader_lazy__plain_split_mutations(void)
{
    static const char *const bits[] = {
        "1-0", " 1-0", " 0-1\n", " *", "*", "\n*\n", " 1/2-1/2", "1/2", " 0-0", " O-O 1-0",
        " 1 1-0", " 12.1-0", " 12.O-O", "12...e5", " 1.e4 ", "-", "/", "--", "\n", "\r", "\r\n",
        "\n\n", "\n[Event \"x\"]", "\n[Event \"x\"]\n", "[Event \"y\"]\r\n",
        "[Site \"s\"]\n", "\n[Annotator \"[a] {b} 1-0\"]\n", "[", "]", "\"", "\\", " ",
        "  ", "\t", "{c}", "$1", "(", ")", "%", ";", "e8=Q+", "Nbd7#", "e4!?", "exd6", "\xC3\xA9",
        "\x01", "\n[VeryLongTagNameOver16 \"v\"]\n", "\n\n[Round \"1\"]\n",
        /* Comments, NAGs and variations, which it takes on one line. */
        " { [%clk 0:03:00] } ", "{", "}", "{ 1-0 }", " {c}1-0", "{\n[Event \"z\"]\n}", " $12 ",
        "$", "$1-0", " (1. d4 d5) ", " (", ") ", "12(", " 1-0(", "(1-0)", ") 1-0", "} 0-1",
    };
    size_t len;
    char *text = reader_slurp("testdata/corpus/otb_twic1427.pgn", &len);
    if (!text)
        return;
    /* The same games with "\r\n" line ends. */
    char *crlf = malloc(2 * len);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n')
            crlf[n++] = '\r';
        crlf[n++] = text[i];
    }
    int rounds = mutation_count();
    mutation_rounds("plain", text, len, bits, sizeof bits / sizeof bits[0], rounds, 0);
    mutation_rounds("plain crlf", crlf, n, bits, sizeof bits / sizeof bits[0], rounds, 0);
    free(crlf);
    free(text);
}

/*
 * With nested comments the skim, the one-pass split and the parse of a span
 * count the open braces as the parser does: random braces, comments inside
 * comments, tag pair lines and empty lines inside them, over the lichess
 * games (a clock comment after every move) and the sample.
 */
void test_reader_lazy__nested_mutations(void)
{
    static const char *const bits[] = {
        "{", "}", "{{", "}}", " {a {b} c} ", "{x {y}", "{\n{\n}\n}", " { [%clk 0:01:00] {n} } ",
        "\n[Event \"x\"]\n", "\n\n", "{\n\n[Event \"z\"]\n}", "1-0", " 0-1 ", "*", "(", ")",
        ";{\n", "\n%{\n", "\r\n", "{1-0}", "} 1-0", "{{}}1-0", "\t", "[", "\"",
    };
    const char *files[] = { "testdata/corpus/online_lichess.pgn", "testdata/sample.pgn" };
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len;
        char *text = reader_slurp(files[f], &len);
        if (!text)
            return;
        if (len > 24000)
            len = 24000;
        mutation_rounds(files[f], text, len, bits, sizeof bits / sizeof bits[0],
                        mutation_count() / 2, PGN_READER_NESTED_COMMENTS);
        free(text);
    }
}

/*
 * One corpus file, decompressed through a path independent of the lazy
 * reader (a plain reader's spans), which must read as many games as the
 * table counted; then the plain and the lazy reader in lockstep on it.
 */
static void lockstep_corpus_file(const char *path, const struct corpus_file *file, void *ctx)
{
    (void)ctx;
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    struct pgn_reader *r;
    struct game g;
    if (pgn_reader_open(&r, path, NULL)) {
        FAIL("cannot open %s", path);
        return;
    }
    size_t cap = 1 << 20, len = 0;
    char *text = malloc(cap);
    unsigned long games = 0;
    int ok = text != NULL, rc = 0;
    while (ok && (rc = pgn_reader_next(r, &g)) > 0) {
        games++;
        if (!g.raw) {
            ok = 0;
            break;
        }
        if (len + g.raw_len > cap) {
            char *bigger = realloc(text, cap = 2 * (len + g.raw_len));
            if (!bigger) {
                ok = 0;
                break;
            }
            text = bigger;
        }
        memcpy(text + len, g.raw, g.raw_len);
        len += g.raw_len;
    }
    pgn_reader_free(r);
    if (!ok || rc < 0)
        FAIL("%s: cannot gather the games' text (rc %d)", file->name, rc);
    else if (games != file->games)
        FAIL("%s: the plain reader reads %lu games, expected %lu", file->name, games, file->games);
    else
        lockstep(file->name, text, len, &o, 0);
    free(text);
}

/* The bundled corpus; the large one (files up to 3 MB compressed) when $PGNKIT_CORPUS names it. */
void test_reader_lazy__corpus_equivalent(void)
{
    char why[512];
    if (corpus_each((size_t)3 << 20, lockstep_corpus_file, NULL, why, sizeof why))
        SKIP("%s", why);
}

/* pgn_reader_parse_span: the name given, one game and then the end, and the limits. */
void test_reader_lazy__parse_span(void)
{
    static const char text[] = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Qxz9 *\n";
    struct pgn_reader_opts lazy_opts, small;
    struct pgn_reader *r, *w;
    struct game g, p;
    struct pgn_span_origin o;
    unsigned char *span1 = NULL, *span2 = NULL;
    pgn_reader_opts_init(&lazy_opts);
    lazy_opts.flags = PGN_READER_LAZY;
    lazy_opts.name = "main.pgn";
    pgn_reader_opts_init(&small);
    small.limits.max_game = 8;
    if (pgn_reader_open_mem(&r, text, sizeof text - 1, &lazy_opts) ||
        pgn_reader_open_mem(&w, "", 0, &small)) {
        FAIL("cannot open");
        return;
    }
    CHECK(pgn_reader_next(r, &g) == 1 && (g.flags & GAME_LAZY));
    CHECK(pgn_reader_span_origin(r, &g, &o) == PGN_OK);
    CHECK((span1 = padded(&g)) != NULL);
    CHECK(span1 && pgn_reader_parse_span(w, span1, g.raw_len, g.file, &o) == PGN_ETOOBIG);
    pgn_reader_free(w);
    if (pgn_reader_open_mem(&w, "", 0, NULL)) {
        FAIL("cannot open");
        pgn_reader_free(r);
        free(span1);
        return;
    }
    CHECK(pgn_reader_next(r, &g) == 1 && (g.flags & GAME_LAZY) && g.index == 2);
    CHECK(pgn_reader_span_origin(r, &g, &o) == PGN_OK);
    CHECK(o.index == 2 && o.offset == g.offset && o.line == 5 && o.col == 1);
    CHECK((span2 = padded(&g)) != NULL);
    CHECK(span2 && pgn_reader_parse_span(w, span2, g.raw_len, g.file, &o) == PGN_OK);
    CHECK(pgn_reader_next(w, &p) == 1);
    CHECK(!strcmp(p.file, "main.pgn") && p.index == 2 && p.nmoves == 2);
    CHECK(p.raw == (const char *)span2 && p.raw_len == g.raw_len); /* parsed where it is */
    CHECK(pgn_reader_next(w, &p) == 0);
    /* Not the game r returned last: refused. */
    g.index = 1;
    CHECK(pgn_reader_span_origin(r, &g, &o) == PGN_EINVAL);
    pgn_reader_free(r);
    pgn_reader_free(w);
    free(span1);
    free(span2);
}
