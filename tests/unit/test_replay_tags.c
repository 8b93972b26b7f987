/* test_replay_tags.c - replay_index_tags(): by the reader's tag ids, or by names when unset. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "pgn_reader.h"
#include "replay_internal.h"

/*
 * The known tags of a game as the reader gives it (ids set) and of the same
 * tags with their ids unset (as tags made elsewhere have them, JSON input
 * say): the same tag of each known name, the first one.
 */
void test_replay_tags__ids_and_names(void)
{
    static const char text[] =
        "[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"r\"]\n[White \"w\"]\n"
        "[Black \"b\"]\n[Result \"*\"]\n[FEN \"f\"]\n[SetUp \"1\"]\n[Variant \"v\"]\n"
        "[Termination \"t\"]\n[WhiteElo \"1\"]\n[BlackElo \"2\"]\n[ECO \"A00\"]\n"
        "[Event \"again\"]\n[Whiteelo \"x\"]\n[Eventt \"x\"]\n[LongerThanSixteenBytes \"x\"]\n"
        "[Variantx \"x\"]\n[Fen \"x\"]\n\n1. e4 *\n";
    struct pgn_reader *r;
    struct game g;
    if (pgn_reader_open_mem(&r, text, sizeof text - 1, NULL) != PGN_OK ||
        pgn_reader_next(r, &g) != 1) {
        FAIL("cannot read the game");
        return;
    }
    struct game_tag copy[32];
    CHECK(g.ntags <= 32);
    for (uint32_t i = 0; i < g.ntags && i < 32; i++) {
        copy[i] = g.tags[i];
        copy[i].id = GAME_TAG_UNSET;
    }
    struct game h = g;
    h.tags = copy;
    struct known_tags by_id, by_name;
    replay_index_tags(&g, &by_id);
    replay_index_tags(&h, &by_name);
    for (int k = 0; k < KT_COUNT; k++) {
        CHECK(by_id.tag[k] != NULL);
        CHECK(by_id.tag[k] && (uint32_t)(by_id.tag[k] - g.tags) == (uint32_t)k);
        CHECK(by_name.tag[k] && (uint32_t)(by_name.tag[k] - copy) == (uint32_t)k);
    }
    pgn_reader_free(r);
}
