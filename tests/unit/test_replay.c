/* test_replay.c - replay_game() on small games: automatic draws, per-game state. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "replay/diag.h"
#include "replay/mainline.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"

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

/* Replays a game with no Result tag problem and checks how its main line ends:
 * plies played, the end, the move a past-fivefold diagnostic is about (-1). */
static void expect_end(const char *tags, const char *movetext, uint32_t plies, int end,
                       int past_fivefold)
{
    struct replay r;
    char all[256];
    replay_init(&r, NULL);
    snprintf(all, sizeof all, "[Result \"*\"]\n%s", tags);
    struct outcome o = replay_text(&r, all, movetext);
    CHECK_EQ_INT(o.errors, 0);
    CHECK_EQ_INT(o.complete, 1);
    CHECK_EQ_INT(o.plies, plies);
    CHECK_EQ_INT(o.end, end);
    CHECK_EQ_INT(o.past_fivefold, past_fivefold);
    replay_release(&r);
}

/* Knights out and back: the start position again every four plies. */
static const char shuffle[] = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 "
                              "6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";

void test_replay__fivefold_after_sixteen_plies(void)
{
    char moves[256];
    snprintf(moves, sizeof moves, "%s 9. e4 *", shuffle);
    expect_end("", moves, 17, END_FIVEFOLD, 16); /* 9. e4, after the fifth occurrence */
}

void test_replay__fourfold_is_no_draw(void)
{
    char moves[256];
    /* One ply short of the fifth occurrence. */
    snprintf(moves, sizeof moves, "%.*s *", (int)(sizeof shuffle - 1 - 4), shuffle);
    expect_end("", moves, 15, END_NONE, -1);
}

/* Each side goes round a triangle of three moves: a repetition every six plies. */
void test_replay__fivefold_every_six_plies(void)
{
    static const char *const cycle[6] = { "Ra2", "Kd8", "Ra3", "Kd7", "Ra1", "Ke8" };
    char moves[1024];
    size_t n = 0;
    for (int ply = 0; ply < 24; ply++) {
        if (ply % 2 == 0)
            n += (size_t)snprintf(moves + n, sizeof moves - n, "%d. ", ply / 2 + 1);
        n += (size_t)snprintf(moves + n, sizeof moves - n, "%s ", cycle[ply % 6]);
    }
    snprintf(moves + n, sizeof moves - n, "13. Rb1 *");
    expect_end("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n", moves, 25,
               END_FIVEFOLD, 24);
}

/* Both sides passing: the same position two plies apart. */
void test_replay__fivefold_of_null_moves(void)
{
    expect_end("", "1. -- -- 2. -- -- 3. -- -- 4. -- -- 5. e4 *", 9, END_FIVEFOLD, 8);
    /* Null moves first, then knights: the passes still count as plies. */
    expect_end("", "1. -- -- 2. Nf3 Nf6 3. Ng1 Ng8 4. -- -- 5. -- -- 6. e4 *", 11,
               END_FIVEFOLD, 10);
}

/* The walk in English skips the letters of moves read the plain way: a
 * piece letter of English or the O of castling, which must then be a piece
 * letter of no language, or language detection would count it. */
void test_replay__castling_letter_is_no_piece_letter(void)
{
    CHECK_EQ_INT(notation_capitals(NOTATION_AUTO) >> ('O' - 'A') & 1, 0);
}

/* A game in German that reads in English up to its first knight move (S):
 * the English walk stops there and the game is walked again in German. */
void test_replay__language_after_english_walk(void)
{
    struct replay r;
    replay_init(&r, NULL);
    struct outcome o = replay_text(&r, "[Result \"*\"]\n",
                                   "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. O-O Sf6 *");
    CHECK_EQ_INT(o.errors, 0);
    CHECK_EQ_INT(o.plies, 8);
    CHECK_EQ_INT(r.lang, NOTATION_DE);
    o = replay_text(&r, "[Result \"*\"]\n", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *");
    CHECK_EQ_INT(o.errors, 0);
    CHECK_EQ_INT(r.lang, NOTATION_EN);
    replay_release(&r);
}

/* Moves off the plain path: the general reading, null moves, and where
 * the main line stops when one of them does not replay. */
void test_replay__moves_read_out_of_line(void)
{
    struct replay r;
    replay_init(&r, NULL);
    /* Long algebraic: read the general way, legal, not standard SAN. */
    struct outcome o = replay_text(&r, "[Result \"*\"]\n", "1. e2-e4 e5 2. Ng1-f3 Nb8-c6 *");
    CHECK_EQ_INT(o.errors, 0);
    CHECK_EQ_INT(o.warnings, 1);
    CHECK_EQ_INT(o.plies, 4);
    CHECK_EQ_INT(o.complete, 1);
    CHECK(r.moves[3] != MOVE_NONE);
    /* A move that does not resolve stops the line; later moves stay unplayed. */
    o = replay_text(&r, "[Result \"*\"]\n", "1. e4 e5 2. Ke3 Nc6 *");
    CHECK_EQ_INT(o.errors, 1);
    CHECK_EQ_INT(o.plies, 2);
    CHECK_EQ_INT(o.complete, 0);
    CHECK(r.moves[2] == MOVE_NONE && r.moves[3] == MOVE_NONE);
    CHECK(pos_same(&r.final, &r.start));
    /* A null move in check is illegal; one out of check is a warning. */
    o = replay_text(&r, "[Result \"*\"]\n", "1. e4 f5 2. Qh5+ -- 3. Qe8# *");
    CHECK_EQ_INT(o.errors, 1);
    CHECK_EQ_INT(o.plies, 3);
    CHECK_EQ_INT(o.complete, 0);
    o = replay_text(&r, "[Result \"*\"]\n", "1. e4 -- 2. d4 *");
    CHECK_EQ_INT(o.errors, 0);
    CHECK_EQ_INT(o.warnings, 1);
    CHECK_EQ_INT(o.plies, 3);
    CHECK_EQ_INT(o.complete, 1);
    replay_release(&r);
}

/* The diagnostics of a game, code and move, in the order replay_game() gives them. */
static void expect_diags(const char *movetext, size_t n, const int *codes, const uint32_t *moves)
{
    struct replay r;
    replay_init(&r, NULL);
    replay_text(&r, "[Result \"*\"]\n", movetext);
    CHECK_EQ_INT(r.ndiags, n);
    for (size_t i = 0; i < n && i < r.ndiags; i++) {
        CHECK_EQ_INT(r.diags[i].code, codes[i]);
        CHECK_EQ_INT(r.diags[i].move, moves[i]);
    }
    replay_release(&r);
}

/* A check marked '+' waits for the next move to show it is no mate: with
 * a reply, nothing to report; with none or one that does not replay, the
 * missing '#' is reported, before the move after the mate. */
void test_replay__plus_on_a_mate(void)
{
    const uint32_t none = UINT32_MAX; /* a diagnostic about the game's end */
    expect_diags("1. e4 f5 2. Qh5+ g6 *", 0, NULL, NULL);
    expect_diags("1. f3 e5 2. g4 Qh4+ *", 2, (const int[]){ D_CHECK_MARK, D_UNFINISHED_TERMINAL },
                 (const uint32_t[]){ 3, none });
    expect_diags("1. f3 e5 2. g4 Qh4+ 3. a3 *", 2,
                 (const int[]){ D_CHECK_MARK, D_MOVE_AFTER_END }, (const uint32_t[]){ 3, 4 });
    expect_diags("1. f3 e5 2. g4 Qh4+ 3. -- *", 2,
                 (const int[]){ D_CHECK_MARK, D_ILLEGAL_MOVE }, (const uint32_t[]){ 3, 4 });
    /* Variations (their moves come after the main line's): a mate in one,
     * and a main line going on after the variation's mate. */
    expect_diags("1. f3 e5 2. g3 (2. g4 Qh4+ 3. a3) 2... d5 *", 2,
                 (const int[]){ D_CHECK_MARK, D_MOVE_AFTER_END }, (const uint32_t[]){ 5, 6 });
    expect_diags("1. f3 e5 2. g4 Qh4+ (2... Qf6 3. a3) *", 2,
                 (const int[]){ D_CHECK_MARK, D_UNFINISHED_TERMINAL },
                 (const uint32_t[]){ 3, none });
}
