/* game_accuracy.c - lichess's accuracy: win percentages, one move's accuracy, a game's per side. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include "query/game_accuracy.h"
#include "pgn/judge.h"
#include "base/banned.h"

double game_accuracy_win_percent(int cp)
{
    /* judge_winning_chances() clamps to +-1000 and uses lichess's multiplier. */
    return 50.0 + 50.0 * judge_winning_chances(cp);
}

double game_accuracy_of_move(double win_before, double win_after)
{
    if (win_after >= win_before)
        return 100.0;
    double a = 103.1668100711649 * exp(-0.04354415386753951 * (win_before - win_after))
             - 3.166924740191411 + 1.0;
    return a < 0 ? 0 : a > 100 ? 100 : a;
}

void game_accuracy_start(struct game_accuracy *a, uint32_t moves, int first_side)
{
    memset(a, 0, sizeof *a);
    a->moves = moves;
    a->first_side = first_side;
    uint32_t w = moves / 10;
    a->window = w < 2 ? 2 : w > GAME_ACCURACY_MAX_WINDOW ? GAME_ACCURACY_MAX_WINDOW : (int)w;
    a->win[0] = game_accuracy_win_percent(GAME_ACCURACY_START_CP);
}

/* Population standard deviation of the win percentages first .. first + n - 1. */
static double window_deviation(const struct game_accuracy *a, uint32_t first, int n)
{
    double mean = 0, sum = 0;
    for (int k = 0; k < n; k++)
        mean += a->win[(first + (uint32_t)k) % GAME_ACCURACY_RING];
    mean /= n;
    for (int k = 0; k < n; k++) {
        double d = a->win[(first + (uint32_t)k) % GAME_ACCURACY_RING] - mean;
        sum += d * d;
    }
    return sqrt(sum / n);
}

static void count_move(struct game_accuracy *a, uint32_t move, double accuracy, double weight)
{
    int side = (int)((a->first_side + move) & 1);
    a->weighted[side] += accuracy * weight;
    a->weights[side] += weight;
    a->inverses[side] += 1.0 / (accuracy < 1 ? 1 : accuracy);
    a->count[side]++;
}

void game_accuracy_add(struct game_accuracy *a, int cp)
{
    if (a->seen >= a->moves)
        return;
    uint32_t i = a->seen++;
    double before = a->win[i % GAME_ACCURACY_RING];
    double after = game_accuracy_win_percent(cp);
    a->win[(i + 1) % GAME_ACCURACY_RING] = after;
    /* Only the loss counts: White's view turned around for Black. */
    int black = (int)((a->first_side + i) & 1);
    double accuracy = black ? game_accuracy_of_move(100 - before, 100 - after)
                            : game_accuracy_of_move(before, after);
    /*
     * Move i's window is the values i - window + 2 .. i + 1; the moves
     * before the first full window share it (lila pads the list of windows
     * with copies of the first), so they wait for it.
     */
    uint32_t lead = (uint32_t)a->window - 2;
    if (i < lead) {
        a->pending[i] = accuracy;
        return;
    }
    double weight = window_deviation(a, i - lead, a->window);
    weight = weight < 0.5 ? 0.5 : weight > 12 ? 12 : weight;
    if (i == lead)
        for (uint32_t k = 0; k < lead; k++)
            count_move(a, k, a->pending[k], weight);
    count_move(a, i, accuracy, weight);
}

int game_accuracy_result(const struct game_accuracy *a, int side, double *out)
{
    /*
     * The window is never longer than the moves, so once all of them are
     * added no move still waits; with fewer, the waiting ones are left out.
     */
    *out = 0;
    if (!a->count[side])
        return 0;
    double weighted = a->weighted[side] / a->weights[side];
    double harmonic = a->count[side] / a->inverses[side];
    *out = (weighted + harmonic) / 2;
    return 1;
}
