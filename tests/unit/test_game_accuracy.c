/* test_game_accuracy.c - lichess's game accuracy against figures worked out apart from the C code. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "test.h"
#include "query/game_accuracy.h"

/*
 * The expected figures come from tests/scripts/accuracy_oracle.py, a
 * list-at-a-time Python reading of lila's AccuracyPercent.gameAccuracy
 * (windows padded with copies of the first, population deviation, harmonic
 * mean of accuracies of at least 1), not from this C code.
 */
static void check_game(const int *cps, uint32_t n, int first_side, int has_white, double white,
                       int has_black, double black)
{
    struct game_accuracy a;
    game_accuracy_start(&a, n, first_side);
    for (uint32_t i = 0; i < n; i++)
        game_accuracy_add(&a, cps[i]);
    double got;
    CHECK_EQ_INT(game_accuracy_result(&a, 0, &got), has_white);
    if (has_white && fabs(got - white) > 1e-9)
        FAIL("white %.12f, expected %.12f", got, white);
    CHECK_EQ_INT(game_accuracy_result(&a, 1, &got), has_black);
    if (has_black && fabs(got - black) > 1e-9)
        FAIL("black %.12f, expected %.12f", got, black);
}

void test_game_accuracy__move(void)
{
    /* 103.1668100711649 * exp(-0.04354415386753951 * 10) - 3.166924740191411 + 1 */
    CHECK(fabs(game_accuracy_of_move(60, 50) - 64.5798284537) < 1e-6);
    CHECK(game_accuracy_of_move(50, 60) == 100);
    CHECK(game_accuracy_of_move(100, 0) == 0);
    /* A loss of 0 gives 101 by the formula: capped. */
    CHECK(game_accuracy_of_move(50, 50) == 100);
    CHECK(fabs(game_accuracy_win_percent(15) - 51.3805) < 1e-4);
    CHECK(game_accuracy_win_percent(5000) == game_accuracy_win_percent(1000));
}

void test_game_accuracy__short_game(void)
{
    /* testdata/search/clock-evals.pgn's first game; the mate counts 1000. */
    static const int cps[] = { 20, 30, -50, -45, -40, 500, 490, 1000 };
    check_game(cps, 8, 0, 1, 85.89533155787554, 1, 36.965665792821355);
}

void test_game_accuracy__window_of_three(void)
{
    static const int cps[] = { 30, 25, 40, -10, 60, 55, 120, 90, 150, 300, 280, 250, 240, 100,
                               90, 80, -200, -180, -170, -400, 50, 60, 70, 900, 880, 1200, 1100,
                               1500, 600, 650, 640, 2000, 1900, 1800, 1700 };
    check_game(cps, 35, 0, 1, 86.66569878998878, 1, 76.04205336049549);
    /* Black moved first (a FEN start): the same list, the sides swapped. */
    check_game(cps, 35, 1, 1, 89.61201434213774, 1, 80.26601885172042);
}

void test_game_accuracy__window_of_eight(void)
{
    int cps[85];
    for (int k = 0; k < 85; k++)
        cps[k] = ((k * 37) % 23 - 11) * ((k % 7) + 1) * 9;
    check_game(cps, 85, 0, 1, 49.91581930289995, 1, 48.84003826272087);
}

void test_game_accuracy__one_move(void)
{
    static const int cps[] = { -80 };
    check_game(cps, 1, 0, 1, 68.49240686049178, 0, 0);
    check_game(cps, 1, 1, 0, 0, 1, 100.0);
    check_game(cps, 0, 0, 0, 0, 0, 0);
}
