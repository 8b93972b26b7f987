/* reader_util.c - helpers for the reader tests: a canonical dump of a game, invariant checks. */
/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "base/ascii.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "base/utf8.h"

struct out {
    char *p;
    size_t size, len;
};

static void put_raw(struct out *o, const char *s, size_t n)
{
    if (o->len + n + 1 < o->size) {
        memcpy(o->p + o->len, s, n);
        o->len += n;
        o->p[o->len] = '\0';
    }
}

static void put(struct out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char t[8];
        if (c >= 0x20 && c != 0x7f)
            put_raw(o, s + i, 1);
        else if (c == '\n')
            put_raw(o, "\\n", 2);
        else if (c == '\r')
            put_raw(o, "\\r", 2);
        else if (c == '\t')
            put_raw(o, "\\t", 2);
        else if (c == '\f')
            put_raw(o, "\\f", 2);
        else {
            snprintf(t, sizeof t, "\\x%02x", c);
            put_raw(o, t, 4);
        }
    }
}

static void puts_(struct out *o, const char *s) { put(o, s, strlen(s)); }

static void putn(struct out *o, const char *fmt, unsigned long long v)
{
    char t[64];
    int k = snprintf(t, sizeof t, fmt, v);
    put_raw(o, t, (size_t)k);
}

static void dump_comments(struct out *o, const struct game *g, uint32_t first, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        const struct game_comment *c = &g->comments[first + i];
        puts_(o, c->flags & GAME_COMMENT_LINE ? " ;" : " {");
        put(o, c->text, c->len);
        if (!(c->flags & GAME_COMMENT_LINE))
            puts_(o, "}");
        if (c->cmd_count || c->plain_len != c->len) {
            puts_(o, "<");
            put(o, c->plain, c->plain_len);
            for (uint32_t k = 0; k < c->cmd_count; k++) {
                const struct game_cmd *m = &g->cmds[c->cmd_first + k];
                puts_(o, "|%");
                put(o, m->name, m->name_len);
                puts_(o, "=");
                put(o, m->args, m->args_len);
            }
            puts_(o, ">");
        }
        if (c->flags & GAME_COMMENT_RESULT)
            puts_(o, "=R");
    }
}

static void dump_line(struct out *o, const struct game *g, const struct game_var *v)
{
    dump_comments(o, g, v->comment_first, v->comment_count);
    for (uint32_t i = 0; i < v->count; i++) {
        const struct game_move *m = &g->moves[v->first + i];
        puts_(o, " ");
        if (m->number) {
            putn(o, "%llu", m->number);
            puts_(o, m->flags & GAME_MOVE_NUMBER_DOTS ? "..." : ".");
        }
        put(o, m->text, m->len);
        if (m->flags & GAME_MOVE_NULL)
            puts_(o, "=null");
        if (m->flags & GAME_MOVE_EP)
            puts_(o, "=ep");
        if (m->flags & GAME_MOVE_REJOINED)
            puts_(o, "=rejoined");
        if (m->flags & GAME_MOVE_DRAW_OFFER)
            puts_(o, "=drawoffer");
        for (uint32_t k = 0; k < m->nag_count; k++)
            putn(o, " $%llu", g->nags[m->nag_first + k]);
        dump_comments(o, g, m->comment_first, m->comment_count);
        for (uint32_t k = 0; k < m->var_count; k++) {
            puts_(o, " (");
            dump_line(o, g, &g->vars[m->var_first + k]);
            puts_(o, " )");
        }
    }
}

const char *dump_game(const struct game *g, char *buf, size_t size)
{
    struct out o = { buf, size, 0 };
    buf[0] = '\0';
    putn(&o, "#%llu", g->index);
    putn(&o, " @%llu", g->offset);
    putn(&o, "+%llu", g->raw_size);
    putn(&o, " %llu", g->line);
    putn(&o, ":%llu ", g->col);
    static const struct {
        unsigned flag;
        const char *letter;
    } flags[] = { { GAME_BAD, "B" }, { GAME_TRUNCATED, "T" }, { GAME_CP1252, "C" },
                  { GAME_BOM, "M" }, { GAME_EMPTY, "E" } };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (g->flags & flags[i].flag)
            puts_(&o, flags[i].letter);
    puts_(&o, "- ");
    for (uint32_t i = 0; i < g->ntags; i++) {
        puts_(&o, i ? " [" : "[");
        put(&o, g->tags[i].name, g->tags[i].name_len);
        puts_(&o, " \"");
        put(&o, g->tags[i].value, g->tags[i].value_len);
        puts_(&o, "\"]");
    }
    puts_(&o, " |");
    dump_line(&o, g, &g->vars[0]);
    if (g->result) {
        puts_(&o, " => ");
        put(&o, g->result_text, g->result_len);
    }
    dump_comments(&o, g, g->post_first, g->post_count);
    for (uint32_t i = 0; i < g->nerrors; i++) {
        const struct pgn_error *e = &g->errors[i];
        putn(&o, " !%llu", e->line);
        putn(&o, ":%llu", e->col);
        puts_(&o, e->severity == PGN_SEV_ERROR     ? ":E:"
                  : e->severity == PGN_SEV_WARNING ? ":W:"
                                                   : ":N:");
        puts_(&o, e->message);
    }
    return buf;
}

static void check_utf8(const char *what, const char *s, size_t n)
{
    if (n && !s)
        FAIL("%s: NULL text", what);
    else if (!utf8_valid(s, n))
        FAIL("%s: not valid UTF-8", what);
}

static void check_slice(const char *what, uint32_t first, uint32_t count, uint32_t total)
{
    if (count && (first >= total || count > total - first))
        FAIL("%s slice [%u, +%u) outside %u", what, first, count, total);
}

/* game_cut(): the lead before the first tag pair, the movetext after the last one's line,
 * starting a line and ending with a non-blank byte. */
static void check_cut(const struct game *g)
{
    struct game_cut c;
    if (game_cut(g, &c))
        return;
    const char *s = g->raw;
    size_t first = g->ntags ? g->tags[0].off : c.text;
    size_t last = g->ntags ? g->tags[g->ntags - 1].off : 0;
    if (c.lead + c.lead_len > first || (g->ntags && c.text <= last) || !c.text_len ||
        c.text + c.text_len > g->raw_len || (c.text && s[c.text - 1] != '\n' &&
                                             s[c.text - 1] != '\r' && c.text != 3) ||
        s[c.text] == '\n' || s[c.text] == '\r' ||
        ascii_is_space(s[c.text + c.text_len - 1]) ||
        (c.lead_len && (ascii_is_space(s[c.lead]) || ascii_is_space(s[c.lead + c.lead_len - 1]))))
        FAIL("game %llu: bad cut (lead %zu+%zu, text %zu+%zu)", (unsigned long long)g->index,
             c.lead, c.lead_len, c.text, c.text_len);
}

/* enum game_tag_id of a name, by comparing it with each common name in turn. */
static unsigned expected_tag_id(const char *name)
{
    static const char *const names[GAME_TAG_COUNT - GAME_TAG_EVENT] = {
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "WhiteElo",
        "BlackElo", "PlyCount", "EventDate", "Annotator", "Opening", "Variation", "TimeControl",
        "Termination", "FEN", "SetUp", "Variant", "WhiteTitle", "BlackTitle", "WhiteFideId",
        "BlackFideId", "EventType", "EventRounds", "EventCountry", "Source", "SourceDate",
        "UTCDate", "UTCTime", "WhiteRatingDiff", "BlackRatingDiff", "Mode", "Board", "WhiteTeam",
        "BlackTeam",
    };
    for (unsigned i = 0; i < GAME_TAG_COUNT - GAME_TAG_EVENT; i++)
        if (!strcmp(name, names[i]))
            return GAME_TAG_EVENT + i;
    return GAME_TAG_OTHER;
}

int reader_blank_gap(const char *text, uint64_t from, uint64_t to)
{
    for (uint64_t i = from; i < to; i++)
        if (!text[i] || !strchr(" \t\n\r\f\v", text[i]))
            return 0;
    return 1;
}

void reader_check_game(const struct game *g, const char *text, size_t len, uint64_t *offset)
{
    /* White space between games may belong to no game; nothing else may. */
    if (g->offset > *offset && g->offset <= len && reader_blank_gap(text, *offset, g->offset))
        *offset = g->offset;
    if (g->offset != *offset)
        FAIL("game %llu starts at %llu, expected %llu", (unsigned long long)g->index,
             (unsigned long long)g->offset, (unsigned long long)*offset);
    if (g->offset + g->raw_size > len)
        FAIL("game %llu ends past the input", (unsigned long long)g->index);
    else if (g->flags & GAME_TRUNCATED) {
        if (g->raw || g->raw_len)
            FAIL("truncated game %llu has raw bytes", (unsigned long long)g->index);
    } else if (g->raw_len != g->raw_size || memcmp(g->raw, text + g->offset, g->raw_len)) {
        FAIL("game %llu: raw bytes differ from the input", (unsigned long long)g->index);
    }
    *offset = g->offset + g->raw_size;
    /* The reader gives every tag its id (games made elsewhere may leave it unset). */
    for (uint32_t i = 0; i < g->ntags; i++)
        if (g->tags[i].id != expected_tag_id(g->tags[i].name))
            FAIL("game %llu: tag %s has id %u", (unsigned long long)g->index, g->tags[i].name,
                 g->tags[i].id);
    reader_check_tree(g);
    check_cut(g);
}

void reader_check_tree(const struct game *g)
{
    if ((g->flags & GAME_BAD) != (g->nbad ? GAME_BAD : 0u))
        FAIL("game %llu: GAME_BAD does not match nbad", (unsigned long long)g->index);
    for (uint32_t i = 0; i < g->ntags; i++) {
        check_utf8("tag name", g->tags[i].name, g->tags[i].name_len);
        check_utf8("tag value", g->tags[i].value, g->tags[i].value_len);
        if (g->tags[i].value[g->tags[i].value_len] != '\0')
            FAIL("tag value not terminated");
    }
    if (g->nvars < 1 || g->vars[0].parent != UINT32_MAX || g->vars[0].depth != 0) {
        FAIL("bad main line");
        return;
    }
    for (uint32_t v = 0; v < g->nvars; v++) {
        const struct game_var *l = &g->vars[v];
        check_slice("line moves", l->first, l->count, g->nmoves);
        check_slice("line comments", l->comment_first, l->comment_count, g->ncomments);
        if (v && (l->parent >= g->nmoves || l->depth != g->vars[g->moves[l->parent].var].depth + 1))
            FAIL("variation %u: bad parent or depth", v);
    }
    for (uint32_t i = 0; i < g->nmoves; i++) {
        const struct game_move *m = &g->moves[i];
        check_utf8("move", m->text, m->len);
        if (!m->len)
            FAIL("empty move");
        if (m->var >= g->nvars || i < g->vars[m->var].first ||
            i >= g->vars[m->var].first + g->vars[m->var].count)
            FAIL("move %u not in its line", i);
        check_slice("nags", m->nag_first, m->nag_count, g->nnags);
        check_slice("comments", m->comment_first, m->comment_count, g->ncomments);
        check_slice("variations", m->var_first, m->var_count, g->nvars);
        for (uint32_t k = 0; k < m->var_count; k++)
            if (g->vars[m->var_first + k].parent != i)
                FAIL("variation of move %u names another parent", i);
    }
    for (uint32_t i = 0; i < g->ncomments; i++) {
        const struct game_comment *c = &g->comments[i];
        check_utf8("comment", c->text, c->len);
        check_utf8("comment plain text", c->plain, c->plain_len);
        check_slice("commands", c->cmd_first, c->cmd_count, g->ncmds);
    }
    check_slice("post comments", g->post_first, g->post_count, g->ncomments);
    for (uint32_t i = 0; i < g->ncmds; i++) {
        check_utf8("command name", g->cmds[i].name, g->cmds[i].name_len);
        check_utf8("command args", g->cmds[i].args, g->cmds[i].args_len);
    }
    for (uint32_t i = 0; i < g->nnags; i++)
        if (g->nags[i] > 255)
            FAIL("NAG %u out of range", g->nags[i]);
    if (g->result)
        check_utf8("result", g->result_text, g->result_len);
    for (uint32_t i = 0; i < g->nerrors; i++)
        check_utf8("message", g->errors[i].message, strlen(g->errors[i].message));
}

char *reader_dump_all(struct pgn_reader *r, const char *text, size_t len, int *rc_out,
                      uint64_t *end)
{
    struct game g;
    size_t cap = 4096 + len * 8, used = 0;
    char *out = malloc(cap), *one = malloc(cap);
    out[0] = '\0';
    uint64_t offset = 0;
    int rc;
    while ((rc = pgn_reader_next(r, &g)) > 0) {
        reader_check_game(&g, text, len, &offset);
        dump_game(&g, one, cap);
        size_t n = strlen(one);
        if (used + n + 2 < cap) {
            memcpy(out + used, one, n);
            used += n;
            out[used++] = '\n';
            out[used] = '\0';
        }
    }
    *rc_out = rc;
    if (end)
        *end = offset;
    pgn_reader_free(r);
    free(one);
    return out;
}

const char *reader_temp_file(const void *data, size_t n, const char *suffix)
{
    static char path[256];
    snprintf(path, sizeof path, "/tmp/pgnkit-test-%ld%s", (long)getpid(), suffix);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n) {
        FAIL("cannot write %s", path);
        if (f)
            fclose(f);
        return NULL;
    }
    fclose(f);
    return path;
}

char *reader_slurp(const char *relpath, size_t *len)
{
    FILE *f = test_open(relpath);
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap + 1);
    size_t k;
    while ((k = fread(s + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap)
            s = realloc(s, (cap *= 2) + 1);
    }
    fclose(f);
    s[n] = '\0';
    *len = n;
    return s;
}

void reader_check_fixture(const char *name)
{
    char path[256], *want_all, *text;
    size_t len, want_len;
    snprintf(path, sizeof path, "testdata/reader/%s.pgn", name);
    if (!(text = reader_slurp(path, &len)))
        return;
    snprintf(path, sizeof path, "testdata/reader/%s.expected", name);
    if (!(want_all = reader_slurp(path, &want_len))) {
        free(text);
        return;
    }
    struct pgn_reader *r;
    struct game g;
    static char got[1 << 16];
    if (pgn_reader_open_mem(&r, text, len, NULL)) {
        FAIL("cannot open %s", name);
        return;
    }
    char *want = want_all;
    uint64_t offset = 0;
    int rc, n = 0;
    while ((rc = pgn_reader_next(r, &g)) > 0) {
        n++;
        reader_check_game(&g, text, len, &offset);
        dump_game(&g, got, sizeof got);
        char *nl = strchr(want, '\n');
        size_t wl = nl ? (size_t)(nl - want) : strlen(want);
        if (strlen(got) != wl || memcmp(got, want, wl))
            FAIL("%s game %d:\n      got:  %s\n      want: %.*s", name, n, got, (int)wl, want);
        want += nl ? wl + 1 : wl;
    }
    if (rc < 0)
        FAIL("%s: reader error %d", name, rc);
    if (*want)
        FAIL("%s: fewer games than expected (%d)", name, n);
    if (offset != len && !reader_blank_gap(text, offset, len))
        FAIL("%s: the spans cover %llu of %zu bytes", name, (unsigned long long)offset, len);
    pgn_reader_free(r);
    free(want_all);
    free(text);
}

size_t reader_each_pgn(const char *const *dirs, size_t ndirs,
                       void (*fn)(const char *rel, void *ctx), void *ctx)
{
    size_t files = 0;
    for (size_t d = 0; d < ndirs; d++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", test_root, dirs[d]);
        DIR *dir = opendir(path);
        if (!dir)
            continue;
        struct dirent *e;
        while ((e = readdir(dir)) != NULL) {
            size_t n = strlen(e->d_name);
            if (n < 5 || strcmp(e->d_name + n - 4, ".pgn"))
                continue;
            char rel[4096];
            snprintf(rel, sizeof rel, "%s/%s", dirs[d], e->d_name);
            fn(rel, ctx);
            files++;
        }
        closedir(dir);
    }
    return files;
}

static int same_text(const char *a, const char *b, size_t n)
{
    return n == 0 || (a && b && !memcmp(a, b, n));
}

const char *game_diff(const struct game *a, const struct game *b)
{
    if (strcmp(a->file, b->file) || a->index != b->index || a->offset != b->offset ||
        a->raw_size != b->raw_size || a->raw_len != b->raw_len || a->line != b->line ||
        a->col != b->col || a->flags != b->flags)
        return "span or flags";
    if (a->ntags != b->ntags || a->nmoves != b->nmoves || a->nvars != b->nvars ||
        a->ncomments != b->ncomments || a->nnags != b->nnags || a->ncmds != b->ncmds ||
        a->post_first != b->post_first || a->post_count != b->post_count)
        return "counts";
    for (uint32_t i = 0; i < a->ntags; i++) {
        const struct game_tag *x = &a->tags[i], *y = &b->tags[i];
        if (x->line != y->line || x->col != y->col || x->off != y->off || x->id != y->id ||
            x->value_len != y->value_len || strcmp(x->name, y->name) ||
            strcmp(x->value, y->value))
            return "tags";
    }
    for (uint32_t i = 0; i < a->nmoves; i++) {
        struct game_move x = a->moves[i], y = b->moves[i];
        if (x.len != y.len || !same_text(x.text, y.text, x.len))
            return "move text";
        x.text = y.text = NULL;
        if (memcmp(&x, &y, sizeof x))
            return "moves";
    }
    if (a->nvars && memcmp(a->vars, b->vars, a->nvars * sizeof *a->vars))
        return "lines";
    if (a->nnags && memcmp(a->nags, b->nags, a->nnags * sizeof *a->nags))
        return "nags";
    for (uint32_t i = 0; i < a->ncomments; i++) {
        struct game_comment x = a->comments[i], y = b->comments[i];
        if (x.len != y.len || x.plain_len != y.plain_len || !same_text(x.text, y.text, x.len) ||
            !same_text(x.plain, y.plain, x.plain_len))
            return "comment text";
        x.text = y.text = x.plain = y.plain = NULL;
        if (memcmp(&x, &y, sizeof x))
            return "comments";
    }
    for (uint32_t i = 0; i < a->ncmds; i++) {
        const struct game_cmd *x = &a->cmds[i], *y = &b->cmds[i];
        if (x->name_len != y->name_len || x->args_len != y->args_len ||
            !same_text(x->name, y->name, x->name_len) || !same_text(x->args, y->args, x->args_len))
            return "commands";
    }
    if (a->result != b->result || a->result_len != b->result_len ||
        a->result_line != b->result_line || a->result_col != b->result_col ||
        a->result_off != b->result_off || !same_text(a->result_text, b->result_text, a->result_len))
        return "result";
    if (a->nerrors != b->nerrors || a->nbad != b->nbad)
        return "error counts";
    for (uint32_t i = 0; i < a->nerrors; i++) {
        const struct pgn_error *x = &a->errors[i], *y = &b->errors[i];
        if (strcmp(x->file, y->file) || x->line != y->line || x->col != y->col ||
            x->offset != y->offset || x->code != y->code || x->severity != y->severity ||
            strcmp(x->message, y->message))
            return "diagnostics";
    }
    return NULL;
}
