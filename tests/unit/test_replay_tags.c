/* test_replay_tags.c - replay_index_tags(): by the reader's tag ids, or by names when unset. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "replay/diag.h"
#include "replay/replay.h"
#include "replay/replay_internal.h"

/*
 * The one game of text as the reader gives it (g, ids set) and as a maker
 * of games other than the reader would (h: the same tags in copy, ids
 * unset, as JSON input has them). 0 (a failure recorded) when unread.
 */
static int read_twice(const char *text, size_t len, struct pgn_reader **r, struct game *g,
                      struct game *h, struct game_tag copy[32])
{
    if (pgn_reader_open_mem(r, text, len, NULL) != PGN_OK || pgn_reader_next(*r, g) != 1) {
        FAIL("cannot read the game");
        return 0;
    }
    CHECK(g->ntags <= 32);
    for (uint32_t i = 0; i < g->ntags && i < 32; i++) {
        copy[i] = g->tags[i];
        copy[i].id = GAME_TAG_UNSET;
    }
    *h = *g;
    h->tags = copy;
    return 1;
}

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
    struct game g, h;
    struct game_tag copy[32];
    if (!read_twice(text, sizeof text - 1, &r, &g, &h, copy))
        return;
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

/* The duplicate tags replay_check_tags() reports in g, their lines in order, at most 8. */
static int duplicate_lines(const struct game *g, uint64_t lines[8])
{
    struct replay r;
    struct known_tags k;
    int n = 0;
    replay_init(&r, NULL);
    replay_index_tags(g, &k);
    replay_check_tags(&r, g, &k);
    for (size_t i = 0; i < r.ndiags; i++)
        if (r.diags[i].code == D_DUPLICATE_TAG && n < 8)
            lines[n++] = r.diags[i].line;
    replay_release(&r);
    return n;
}

/*
 * Repeated names, common ones (with a reader id) and others, among names
 * that share a length and first and last bytes with them: each repeat is
 * reported, nothing else, with the ids set and unset alike.
 */
void test_replay_tags__duplicates(void)
{
    static const char text[] =
        "[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"r\"]\n[White \"w\"]\n"
        "[Black \"b\"]\n[Result \"*\"]\n[Whitx \"x\"]\n[White \"again\"]\n[MyTag \"1\"]\n"
        "[MyTbg \"2\"]\n[MyTag \"3\"]\n[Annotator \"a\"]\n[Annotator \"a\"]\n"
        "[ECO \"A00\"]\n[EXO \"x\"]\n\n1. e4 *\n";
    static const uint64_t expect[] = { 9, 12, 14 };
    struct pgn_reader *r;
    struct game g, h;
    struct game_tag copy[32];
    if (!read_twice(text, sizeof text - 1, &r, &g, &h, copy))
        return;
    uint64_t by_id[8], by_name[8];
    int n_id = duplicate_lines(&g, by_id), n_name = duplicate_lines(&h, by_name);
    CHECK(n_id == 3 && n_name == 3);
    for (int i = 0; i < 3 && i < n_id && i < n_name; i++) {
        CHECK(by_id[i] == expect[i]);
        CHECK(by_name[i] == expect[i]);
    }
    pgn_reader_free(r);
}

/*
 * Bad values of tags that share one offset (made without positions, as
 * JSON input makes them): their diagnostics come in the order of the tags,
 * whichever names they have, as sorting by offset keeps them.
 */
void test_replay_tags__value_order(void)
{
    static const char text[] =
        "[Event \"e\"]\n[Site \"s\"]\n[BlackElo \"x\"]\n[Round \"r\"]\n[White \"w\"]\n"
        "[Black \"b\"]\n[Result \"*\"]\n[Date \"d\"]\n[WhiteElo \"9999\"]\n\n1. e4 *\n";
    static const int expect[] = { D_BAD_ELO, D_BAD_ROUND, D_BAD_DATE, D_BAD_ELO };
    struct pgn_reader *r;
    struct game g, h;
    struct game_tag copy[32];
    if (!read_twice(text, sizeof text - 1, &r, &g, &h, copy))
        return;
    for (uint32_t i = 0; i < h.ntags; i++)
        copy[i].off = 0;
    struct replay rp;
    struct known_tags k;
    replay_init(&rp, NULL);
    replay_index_tags(&h, &k);
    replay_check_tags(&rp, &h, &k);
    CHECK(rp.ndiags == 4);
    for (size_t i = 0; i < rp.ndiags && i < 4; i++) {
        CHECK(rp.diags[i].code == expect[i]);
        CHECK(rp.diags[i].line == (i == 0 ? 3u : i == 1 ? 4u : i == 2 ? 8u : 9u));
    }
    CHECK(rp.warnings == 4);
    replay_release(&rp);
    pgn_reader_free(r);
}
