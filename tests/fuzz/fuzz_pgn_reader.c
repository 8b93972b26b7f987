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
 *     the read size.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read_and_replay(data, size);
    if (!fuzz_compressed(data, size))
        read_small(data, size);
    fuzz_done();
    return 0;
}
