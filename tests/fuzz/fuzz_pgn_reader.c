/* fuzz_pgn_reader.c - the streaming reader and the replay on arbitrary bytes. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "pgn_reader.h"
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
 *   - a lazy reader (PGN_READER_LAZY) gives the same games once completed,
 *     and the same spans when the games are left lazy.
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
    free(a);
    free(b);
}

/* Dumps of every game of a lazy reader: completed if complete, else the span only. */
static char *read_lazy(const uint8_t *data, size_t size, int complete)
{
    struct pgn_reader_opts o;
    struct pgn_reader *r;
    struct game g;
    pgn_reader_opts_init(&o);
    o.flags = PGN_READER_LAZY;
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
        if (pgn_reader_complete(r, &g) != PGN_OK || (g.flags & GAME_LAZY)) {
            FAIL("game %llu does not complete", (unsigned long long)g.index);
            break;
        }
        reader_check_game(&g, (const char *)data, size, &off);
        dump_game(&g, one, cap);
        used += (size_t)snprintf(out + used, cap - used, "%s\n", one);
        if (used >= cap)
            used = cap - 1;
    }
    if (!complete && off != size && off)
        FAIL("lazy spans end at %llu of %zu bytes", (unsigned long long)off, size);
    pgn_reader_free(r);
    free(one);
    return out;
}

static void compare_lazy(const uint8_t *data, size_t size)
{
    struct pgn_reader *r;
    int rc;
    if (pgn_reader_open_mem(&r, data, size, NULL) != PGN_OK) {
        FAIL("cannot open a memory reader");
        return;
    }
    char *eager = reader_dump_all(r, (const char *)data, size, &rc, NULL);
    char *lazy = read_lazy(data, size, 1);
    if (lazy && strcmp(eager, lazy))
        FAIL("completed lazy games differ:\n%s\n%s", eager, lazy);
    free(eager);
    free(lazy);
    free(read_lazy(data, size, 0));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read_and_replay(data, size);
    if (!fuzz_compressed(data, size)) {
        read_small(data, size);
        compare_lazy(data, size);
    }
    fuzz_done();
    return 0;
}
