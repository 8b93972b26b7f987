/* play_totals.c - a game's clocks and evaluations summed up per side, for the where fields. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include "query/play_totals.h"
#include "pgn/judge.h"
#include "pgn/ply_facts.h"
#include "base/banned.h"

double play_win_percent(int cp)
{
    return 50.0 + 50.0 * judge_winning_chances(cp);
}

double play_move_accuracy(double win_before, double win_after)
{
    if (win_after >= win_before)
        return 100.0;
    double a = 103.1668 * exp(-0.04354 * (win_before - win_after)) - 3.1669;
    return a < 0 ? 0 : a > 100 ? 100 : a;
}

/* 1 when a $4, $2 or $6 stands after any main-line move: the game was judged already. */
static int has_judgment_nags(const struct game *g, const struct game_var *line)
{
    for (uint32_t i = 0; i < line->count; i++) {
        const struct game_move *m = &g->moves[line->first + i];
        for (uint32_t k = 0; k < m->nag_count; k++) {
            uint16_t nag = g->nags[m->nag_first + k];
            if (nag == 2 || nag == 4 || nag == 6)
                return 1;
        }
    }
    return 0;
}

static void count_judgment(struct play_totals *t, int side, int judgment)
{
    t->blunders[side] += judgment == JUDGE_BLUNDER;
    t->mistakes[side] += judgment == JUDGE_MISTAKE;
    t->inaccuracies[side] += judgment == JUDGE_INACCURACY;
}

/* The judgment the move's own NAGs give (the first of $4, $2, $6), or JUDGE_NONE. */
static int nag_judgment(const struct game *g, const struct game_move *m)
{
    for (uint32_t k = 0; k < m->nag_count; k++) {
        switch (g->nags[m->nag_first + k]) {
        case 4: return JUDGE_BLUNDER;
        case 2: return JUDGE_MISTAKE;
        case 6: return JUDGE_INACCURACY;
        }
    }
    return JUDGE_NONE;
}

int play_totals_any(const struct play_totals *t)
{
    return t->has_base || t->has_min_clock[0] || t->has_min_clock[1] || t->has_used[0] ||
           t->has_used[1] || t->has_final_eval || t->has_swing || t->has_judgments ||
           t->has_accuracy[0] || t->has_accuracy[1];
}

void play_totals_compute(const struct game *g, int first_side, struct play_totals *t)
{
    memset(t, 0, sizeof *t);
    if (!g->nvars)
        return;
    const struct game_var *line = &g->vars[0];
    struct ply_clocks clocks;
    ply_clocks_init(&clocks, game_tag_value(g, "TimeControl"));
    t->has_base = clocks.has_base;
    t->base_ms = clocks.base_ms;
    t->increment_ms = clocks.increment_ms;

    /* The moves say their clocks and evaluations in commands and their
     * judgments in NAGs: a game with neither (most games over the board)
     * has nothing to walk. */
    if (!g->ncmds && !g->nnags)
        return;
    int by_nags = has_judgment_nags(g, line);
    t->has_judgments = by_nags;
    double accuracy_sum[2] = { 0, 0 };
    int accuracy_moves[2] = { 0, 0 };
    int has_before = 0;
    struct judge_eval before = { 0, 0 };
    for (uint32_t i = 0; i < line->count; i++) {
        int side = (int)((first_side + i) & 1);
        const struct game_move *m = &g->moves[line->first + i];
        struct ply_facts f;
        ply_facts_read(&clocks, g, line->first + i, side, &f);
        if (f.has_clock && (!t->has_min_clock[side] || f.clock_ms < t->min_clock_ms[side])) {
            t->has_min_clock[side] = 1;
            t->min_clock_ms[side] = f.clock_ms;
        }
        if (f.has_spent) {
            t->has_used[side] = 1;
            t->used_ms[side] += f.spent_ms;
        }
        if (by_nags)
            count_judgment(t, side, nag_judgment(g, m));
        if (!f.has_eval) {
            has_before = 0; /* the next move has no evaluation before it */
            continue;
        }
        struct judge_eval after = { f.eval.cp, f.eval.mate };
        int cp_after = judge_eval_cp(&after);
        if (has_before) {
            int cp_before = judge_eval_cp(&before);
            int swing = cp_after > cp_before ? cp_after - cp_before : cp_before - cp_after;
            if (!t->has_swing || swing > t->max_swing_cp)
                t->max_swing_cp = swing;
            t->has_swing = 1;
            if (!by_nags) {
                count_judgment(t, side, judge_move(&before, &after, side, NULL));
                t->has_judgments = 1;
            }
            /* Win percentages from the mover's point of view. */
            int sign = side ? -1 : 1;
            double win_before = play_win_percent(sign * cp_before);
            double win_after = play_win_percent(sign * cp_after);
            accuracy_sum[side] += play_move_accuracy(win_before, win_after);
            accuracy_moves[side]++;
            if (win_before - win_after >= PLAY_TROUBLE_DROP && f.has_clock &&
                (!t->has_trouble || f.clock_ms < t->trouble_clock_ms)) {
                t->has_trouble = 1;
                t->trouble_clock_ms = f.clock_ms;
                t->trouble_ply = i + 1;
            }
        }
        t->has_final_eval = 1;
        t->final_eval_cp = cp_after;
        before = after;
        has_before = 1;
    }
    for (int s = 0; s < 2; s++) {
        t->has_accuracy[s] = accuracy_moves[s] > 0;
        t->accuracy[s] = accuracy_moves[s] ? accuracy_sum[s] / accuracy_moves[s] : 0;
    }
}
