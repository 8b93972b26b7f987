/* play_totals.c - a game's clocks and evaluations summed up per side, for the where fields. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "query/play_totals.h"
#include "query/game_accuracy.h"
#include "pgn/judge.h"
#include "pgn/ply_facts.h"
#include "base/banned.h"

/*
 * The main-line moves, from the first, that have an evaluation after them:
 * lichess's accuracy reads that run (a game it analysed has an evaluation
 * after every move but the mating one).
 */
static uint32_t evaluated_run(const struct game *g, const struct game_var *line, int first_side)
{
    struct ply_clocks clocks;
    ply_clocks_init(&clocks, NULL);
    uint32_t n = 0;
    for (; n < line->count; n++) {
        struct ply_facts f;
        ply_facts_read(&clocks, g, line->first + n, (int)((first_side + n) & 1), &f);
        if (!f.has_eval)
            break;
    }
    return n;
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
    uint32_t evaluated = evaluated_run(g, line, first_side);
    struct game_accuracy accuracy;
    game_accuracy_start(&accuracy, evaluated, first_side);
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
        if (i < evaluated)
            game_accuracy_add(&accuracy, cp_after);
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
            double win_before = game_accuracy_win_percent(sign * cp_before);
            double win_after = game_accuracy_win_percent(sign * cp_after);
            t->trouble_known[side] |= f.has_clock;
            int costly = win_before - win_after >= PLAY_TROUBLE_DROP && f.has_clock;
            if (costly && (!t->has_trouble || f.clock_ms < t->trouble_clock_ms)) {
                t->has_trouble = 1;
                t->trouble_clock_ms = f.clock_ms;
                t->trouble_ply = i + 1;
            }
            if (costly && (!t->has_side_trouble[side] ||
                           f.clock_ms < t->side_trouble_clock_ms[side])) {
                t->has_side_trouble[side] = 1;
                t->side_trouble_clock_ms[side] = f.clock_ms;
            }
        }
        t->has_final_eval = 1;
        t->final_eval_cp = cp_after;
        before = after;
        has_before = 1;
    }
    for (int s = 0; s < 2; s++)
        t->has_accuracy[s] = game_accuracy_result(&accuracy, s, &t->accuracy[s]);
}

int play_side_in_trouble(const struct play_totals *t, int side, int64_t seconds)
{
    /* ms < seconds * 1000 without overflow: whole seconds compared. */
    return t->has_side_trouble[side] && t->side_trouble_clock_ms[side] / 1000 < seconds;
}

int play_in_trouble(const struct play_totals *t, int64_t seconds)
{
    return t->has_trouble && t->trouble_clock_ms / 1000 < seconds;
}
