/* fuzz_json.c - the JSON game reader (pgnkit convert's input) on arbitrary bytes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "fuzz.h"
#include "pgn/json_reader.h"
#include "reader_util.h"
#include "replay/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * json_reader reads a file, so each input is written to a scratch file first.
 * Whatever the bytes: no crash, hang or leak; every game it makes has valid
 * UTF-8 strings and a consistent tree (reader_check_tree; only a move given
 * as "" may be empty, unlike the PGN reader's) and replays with
 * well-formed results; the PGN text of a {"valid": false, "raw": ...} object
 * reads and replays as any PGN input does; a bad object or bad input comes
 * with a message.
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
    struct json_reader *j;
    if (json_reader_open(&j, scratch) != PGN_OK) {
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
    while ((rc = json_reader_next(j, &g, &raw, &raw_len)) != JSON_READER_END) {
        if (rc == JSON_READER_BAD || rc == JSON_READER_FAIL) {
            if (!json_reader_message(j, NULL)[0])
                FAIL("json_reader_next returned %d without a message", rc);
            if (rc == JSON_READER_FAIL)
                break;
        } else if (rc == JSON_READER_GAME) {
            int empty = 0; /* {"san": ""} makes an empty move, which the replay refuses */
            for (uint32_t i = 0; i < g.nmoves; i++)
                empty |= !g.moves[i].len;
            if (!empty)
                reader_check_tree(&g);
            if (replay_game(&r, &g) != PGN_OK)
                FAIL("replay ran out of memory");
            else
                fuzz_check_replay(&g, &r);
        } else if (rc == JSON_READER_RAW) {
            fuzz_read_and_replay((const uint8_t *)raw, raw_len);
        } else {
            FAIL("json_reader_next returned %d", rc);
            break;
        }
    }
    replay_release(&r);
    json_reader_free(j);
    fuzz_done();
    return 0;
}
