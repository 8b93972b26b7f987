/* fuzz_json.c - the JSON game reader (pgnkit convert's input) on arbitrary bytes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "fuzz.h"
#include "json_in.h"
#include "reader_util.h"
#include "replay/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * json_in reads a file, so each input is written to a scratch file first.
 * Whatever the bytes: no crash, hang or leak; every game it makes has valid
 * UTF-8 strings and a consistent tree (reader_check_tree; only a move given
 * as "" may be empty, unlike the PGN reader's) and replays with
 * well-formed results; the PGN text of a {"valid": false, "raw": ...} object
 * reads and replays as any PGN input does. Its error messages go to stderr.
 */

static char scratch[64];

static void remove_scratch(void) { unlink(scratch); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!scratch[0]) {
        snprintf(scratch, sizeof scratch, "/tmp/pgnkit-fuzz-json-%ld", (long)getpid());
        atexit(remove_scratch);
    }
    FILE *f = fopen(scratch, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
        FAIL("cannot write %s", scratch);
        fuzz_done();
        return 0;
    }
    struct json_in *j = json_in_open(scratch);
    if (!j) {
        FAIL("cannot open %s", scratch);
        fuzz_done();
        return 0;
    }
    struct replay r;
    struct game g;
    const char *raw;
    size_t raw_len;
    int rc;
    replay_init(&r, NULL);
    while ((rc = json_in_next(j, &g, &raw, &raw_len)) != JSON_IN_END && rc != JSON_IN_FAIL) {
        if (rc == JSON_IN_GAME) {
            int empty = 0; /* {"san": ""} makes an empty move, which the replay refuses */
            for (uint32_t i = 0; i < g.nmoves; i++)
                empty |= !g.moves[i].len;
            if (!empty)
                reader_check_tree(&g);
            if (replay_game(&r, &g) != PGN_OK)
                FAIL("replay ran out of memory");
            else
                fuzz_check_replay(&g, &r);
        } else if (rc == JSON_IN_RAW) {
            fuzz_read_and_replay((const uint8_t *)raw, raw_len);
        } else if (rc != JSON_IN_BAD) {
            FAIL("json_in_next returned %d", rc);
            break;
        }
    }
    replay_release(&r);
    json_in_free(j);
    fuzz_done();
    return 0;
}
