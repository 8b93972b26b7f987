/* fuzz_pgn_reader.c - the streaming reader and the replay on arbitrary bytes. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Invariants, whatever the input:
 *   - no crash, no hang, no leak (the sanitizers and libFuzzer's timeouts);
 *   - the games' raw spans partition the input and match its bytes, every
 *     string of the parsed form is valid UTF-8 and the tree is consistent
 *     (reader_check_game, shared with the unit tests);
 *   - every game is accounted for: valid or invalid, and a game the reader
 *     marked bad is invalid after the replay;
 *   - the replay's diagnostics are well-formed and its final position consistent
 *     (fuzz_read_and_replay, replay_checks.c, shared with fuzz_json);
 *   - under small limits (the oversize paths), the result does not depend on
 *     the read size;
 *   - the reader's fast paths give what its general paths give: the same
 *     games as a reader in PGN_READER_REFERENCE mode, by default limits and
 *     small ones;
 *   - a lazy reader (PGN_READER_LAZY, also with PGN_READER_SPLIT as the
 *     reading thread of validate -j N has it) gives the same games once completed,
 *     and the same spans when the games are left lazy; a lazy game's span
 *     parsed again in place on another reader (pgn_reader_parse_span, as
 *     the pipeline's workers do) gives the completed game too, and leaves
 *     the span as it was.
 */

/* Small limits, two read sizes: the same games, diagnostics and spans. */
static void read_small(const uint8_t *data, size_t size)
{
    struct pgn_reader_opts o;
    struct pgn_reader *r1, *r2;
    int rc1, rc2;
    pgn_reader_opts_init(&o);
    o.limits.max_game = 256;
    o.limits.max_comment = 24;
    o.limits.max_tag_value = 16;
    o.limits.max_token = 12;
    o.limits.max_tags = 4;
    o.limits.max_moves = 24;
    o.limits.max_comments = 6;
    o.limits.max_nags = 4;
    o.limits.max_cmds = 3;
    o.limits.max_depth = 3;
    o.limits.max_errors = 5;
    o.limits.max_arena = 4096;
    o.read_size = 1 + size % 61;
    if (pgn_reader_open_mem(&r1, data, size, &o) != PGN_OK) {
        FAIL("cannot open a memory reader");
        return;
    }
    char *a = reader_dump_all(r1, (const char *)data, size, &rc1, NULL);
    o.read_size = 4096;
    if (pgn_reader_open_mem(&r2, data, size, &o) != PGN_OK) {
        FAIL("cannot open a memory reader");
        free(a);
        return;
    }
    char *b = reader_dump_all(r2, (const char *)data, size, &rc2, NULL);
    if (rc1 != rc2 || strcmp(a, b))
        FAIL("the read size changes the result:\n%s\n%s", a, b);
    free(b);
    o.flags = PGN_READER_REFERENCE;
    if (pgn_reader_open_mem(&r2, data, size, &o) != PGN_OK) {
        FAIL("cannot open a memory reader");
        free(a);
        return;
    }
    b = reader_dump_all(r2, (const char *)data, size, &rc2, NULL);
    if (rc1 != rc2 || strcmp(a, b))
        FAIL("the reference mode changes the result:\n%s\n%s", a, b);
    free(a);
    free(b);
}

enum { LAZY_SPANS = 0, LAZY_COMPLETE = 1, LAZY_REPARSE = 2 };

/* A lazy game g of r parsed again from its span on reader w, into *out; 0 if it can't be.
 * The span is parsed in place, from a copy in *copy (kept while *out is used). */
static int reparse(struct pgn_reader *r, struct pgn_reader *w, const struct game *g,
                   struct game *out, unsigned char **copy)
{
    struct pgn_span_origin o;
    if (pgn_reader_span_origin(r, g, &o) != PGN_OK)
        return 0;
    unsigned char *c = realloc(*copy, g->raw_len + PGN_SPAN_PAD);
    if (!c)
        return 0;
    *copy = c;
    memcpy(c, g->raw, g->raw_len);
    if (pgn_reader_parse_span(w, c, g->raw_len, g->file, &o) != PGN_OK ||
        pgn_reader_next(w, out) != 1 || out->raw_len != g->raw_len ||
        (out->flags & GAME_LAZY)) {
        FAIL("game %llu: its span does not parse again", (unsigned long long)g->index);
        return 0;
    }
    if (memcmp(c, g->raw, g->raw_len))
        FAIL("game %llu: parsing its span in place changed it", (unsigned long long)g->index);
    return 1;
}

/* Dumps of every game of a lazy reader: completed (LAZY_COMPLETE, or parsed from the
 * span by another reader when it can be: LAZY_REPARSE), else the span only. */
static char *read_lazy(const uint8_t *data, size_t size, int complete, unsigned flags)
{
    struct pgn_reader_opts o;
    struct pgn_reader *r, *w = NULL;
    struct game g, parsed;
    unsigned char *copy = NULL;
    pgn_reader_opts_init(&o);
    o.flags = flags;
    if (pgn_reader_open_mem(&r, data, size, &o) != PGN_OK) {
        FAIL("cannot open a memory reader");
        return NULL;
    }
    size_t cap = 4096 + size * 8, used = 0;
    char *out = malloc(cap), *one = malloc(cap);
    uint64_t off = 0;
    out[0] = '\0';
    while (pgn_reader_next(r, &g) > 0) {
        if (!complete) {
            if (g.offset != off || (g.raw && memcmp(g.raw, data + off, g.raw_len)))
                FAIL("lazy game %llu: span does not follow the last", (unsigned long long)g.index);
            off = g.offset + g.raw_size;
            continue;
        }
        const struct game *c = &g;
        struct pgn_reader_opts wo;
        pgn_reader_opts_init(&wo);
        wo.flags = flags & PGN_READER_NESTED_COMMENTS; /* the workers read as the splitter does */
        if (complete == LAZY_REPARSE && !w && pgn_reader_open_mem(&w, "", 0, &wo) != PGN_OK) {
            FAIL("cannot open a memory reader");
            break;
        }
        if ((g.flags & GAME_LAZY) && complete == LAZY_REPARSE &&
            reparse(r, w, &g, &parsed, &copy)) {
            /* Field by field against the completed game, then dumped like the others. */
            const char *d = pgn_reader_complete(r, &g) == PGN_OK ? game_diff(&g, &parsed) : "";
            if (d)
                FAIL("game %llu parsed from its span: %s differ", (unsigned long long)g.index,
                     d);
            c = &parsed;
        } else if (pgn_reader_complete(r, &g) != PGN_OK || (g.flags & GAME_LAZY)) {
            FAIL("game %llu does not complete", (unsigned long long)g.index);
            break;
        }
        reader_check_game(c, (const char *)data, size, &off);
        dump_game(c, one, cap);
        used += (size_t)snprintf(out + used, cap - used, "%s\n", one);
        if (used >= cap)
            used = cap - 1;
    }
    if (!complete && off != size && off)
        FAIL("lazy spans end at %llu of %zu bytes", (unsigned long long)off, size);
    pgn_reader_free(r);
    pgn_reader_free(w);
    free(copy);
    free(one);
    return out;
}

/* flags: PGN_READER_LAZY, and PGN_READER_SPLIT as validate -j N's reading thread has it, each
 * also with PGN_READER_NESTED_COMMENTS (which the plain and reference readers then share). */
static void compare_lazy(const uint8_t *data, size_t size, unsigned flags)
{
    struct pgn_reader *r;
    struct pgn_reader_opts base;
    int rc;
    pgn_reader_opts_init(&base);
    base.flags = flags & PGN_READER_NESTED_COMMENTS;
    if (pgn_reader_open_mem(&r, data, size, &base) != PGN_OK) {
        FAIL("cannot open a memory reader");
        return;
    }
    char *eager = reader_dump_all(r, (const char *)data, size, &rc, NULL);
    if (!(flags & PGN_READER_SPLIT)) {
        struct pgn_reader_opts o = base;
        o.flags |= PGN_READER_REFERENCE;
        int rc_ref;
        if (pgn_reader_open_mem(&r, data, size, &o) != PGN_OK) {
            FAIL("cannot open a memory reader");
        } else {
            char *ref = reader_dump_all(r, (const char *)data, size, &rc_ref, NULL);
            if (rc != rc_ref || strcmp(eager, ref))
                FAIL("the reference mode changes the result:\n%s\n%s", eager, ref);
            free(ref);
        }
    }
    char *lazy = read_lazy(data, size, LAZY_COMPLETE, flags);
    if (lazy && strcmp(eager, lazy))
        FAIL("completed lazy games (flags %u) differ:\n%s\n%s", flags, eager, lazy);
    free(lazy);
    lazy = read_lazy(data, size, LAZY_REPARSE, flags);
    if (lazy && strcmp(eager, lazy))
        FAIL("lazy games (flags %u) parsed again from their spans differ:\n%s\n%s", flags,
             eager, lazy);
    free(eager);
    free(lazy);
    free(read_lazy(data, size, LAZY_SPANS, flags));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read_and_replay(data, size);
    if (!fuzz_compressed(data, size)) {
        read_small(data, size);
        compare_lazy(data, size, PGN_READER_LAZY);
        compare_lazy(data, size, PGN_READER_LAZY | PGN_READER_SPLIT);
        /* The nested way only where a brace could nest: "{" twice. */
        const uint8_t *brace = memchr(data, '{', size);
        if (brace && memchr(brace + 1, '{', size - (size_t)(brace + 1 - data))) {
            compare_lazy(data, size, PGN_READER_LAZY | PGN_READER_NESTED_COMMENTS);
            compare_lazy(data, size, PGN_READER_LAZY | PGN_READER_SPLIT | PGN_READER_NESTED_COMMENTS);
        }
    }
    fuzz_done();
    return 0;
}
