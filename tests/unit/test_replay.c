/* test_replay.c - replay_game() on small games: automatic draws, per-game state. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "diag.h"
#include "pgn_reader.h"
#include "replay.h"

/* What a test looks at after replaying the first game of a text. */
struct outcome {
    int end;
    uint32_t plies;
    int complete;
    int past_fivefold; /* index of the move a past-fivefold diagnostic is about, or -1 */
    int errors, warnings;
};

static const char roster[] = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.15\"]\n"
                             "[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n";

/* Replays the game whose tags after the roster and movetext are given. */
static struct outcome replay_text(struct replay *r, const char *tags, const char *movetext)
{
    struct outcome o = { -1, 0, 0, -1, 0, 0 };
    char text[2048];
    snprintf(text, sizeof text, "%s%s\n%s\n", roster, tags, movetext);
    struct pgn_reader *reader;
    struct game g;
    if (pgn_reader_open_mem(&reader, text, strlen(text), NULL) != PGN_OK) {
        FAIL("cannot open a memory reader");
        return o;
    }
    if (pgn_reader_next(reader, &g) > 0 && replay_game(r, &g) == PGN_OK) {
        o.end = r->end;
        o.plies = r->plies;
        o.complete = r->complete;
        o.errors = r->errors;
        o.warnings = r->warnings;
        for (size_t i = 0; i < r->ndiags; i++)
            if (r->diags[i].code == D_PAST_FIVEFOLD)
                o.past_fivefold = (int)r->diags[i].move;
    } else {
        FAIL("no game replayed");
    }
    pgn_reader_free(reader);
    return o;
}

/* Knights out and back: the start position again every four plies. */
static const char shuffle[] = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 "
                              "6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

void test_replay__fivefold_after_sixteen_plies(void)
{
    struct replay r;
    char moves[256];
    replay_init(&r, NULL);
    snprintf(moves, sizeof moves, "%s 9. e4 *", shuffle);
    struct outcome o = replay_text(&r, "[Result \"*\"]\n", moves);
    CHECK_EQ_INT(o.plies, 17);
    CHECK_EQ_INT(o.complete, 1);
    CHECK_EQ_INT(o.end, END_FIVEFOLD);
    CHECK_EQ_INT(o.past_fivefold, 16); /* 9. e4, after the fifth occurrence */
    replay_release(&r);
}

void test_replay__fourfold_is_no_draw(void)
{
    struct replay r;
    char moves[256];
    replay_init(&r, NULL);
    /* One ply short of the fifth occurrence. */
    snprintf(moves, sizeof moves, "%.*s *", (int)(sizeof shuffle - 1 - 4), shuffle);
    struct outcome o = replay_text(&r, "[Result \"*\"]\n", moves);
    CHECK_EQ_INT(o.plies, 15);
    CHECK_EQ_INT(o.end, END_NONE);
    CHECK_EQ_INT(o.past_fivefold, -1);
    replay_release(&r);
}

/* Each side goes round a triangle of three moves: a repetition every six plies. */
void test_replay__fivefold_every_six_plies(void)
{
    static const char *const cycle[6] = { "Ra2", "Kd8", "Ra3", "Kd7", "Ra1", "Ke8" };
    struct replay r;
    char moves[1024];
    size_t n = 0;
    replay_init(&r, NULL);
    for (int ply = 0; ply < 24; ply++) {
        if (ply % 2 == 0)
            n += (size_t)snprintf(moves + n, sizeof moves - n, "%d. ", ply / 2 + 1);
        n += (size_t)snprintf(moves + n, sizeof moves - n, "%s ", cycle[ply % 6]);
    }
    snprintf(moves + n, sizeof moves - n, "13. Rb1 *");
    struct outcome o = replay_text(&r, "[Result \"*\"]\n[SetUp \"1\"]\n"
                                   "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n", moves);
    CHECK_EQ_INT(o.plies, 25);
    CHECK_EQ_INT(o.errors, 0);
    CHECK_EQ_INT(o.end, END_FIVEFOLD);
    CHECK_EQ_INT(o.past_fivefold, 24);
    replay_release(&r);
}

/* Both sides passing: the same position two plies apart. */
void test_replay__fivefold_of_null_moves(void)
{
    struct replay r;
    replay_init(&r, NULL);
    struct outcome o = replay_text(&r, "[Result \"*\"]\n",
                                   "1. -- -- 2. -- -- 3. -- -- 4. -- -- 5. e4 *");
    CHECK_EQ_INT(o.plies, 9);
    CHECK_EQ_INT(o.end, END_FIVEFOLD);
    CHECK_EQ_INT(o.past_fivefold, 8);
    /* Null moves first, then knights: the passes still count as plies. */
    o = replay_text(&r, "[Result \"*\"]\n",
                    "1. -- -- 2. Nf3 Nf6 3. Ng1 Ng8 4. -- -- 5. -- -- 6. e4 *");
    CHECK_EQ_INT(o.plies, 11);
    CHECK_EQ_INT(o.end, END_FIVEFOLD);
    CHECK_EQ_INT(o.past_fivefold, 10);
    replay_release(&r);
}
