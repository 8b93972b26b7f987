/* judge.c - move judgments from evaluations: lichess's win-chance formula, thresholds and mate cases. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/judge.h"
#include "pgn/eval_command.h"
#include "base/error.h"
#include "base/ascii.h"
#include "base/banned.h"

enum { CP_CEILING = 1000 };

static int clamp_cp(int cp)
{
    return cp > CP_CEILING ? CP_CEILING : cp < -CP_CEILING ? -CP_CEILING : cp;
}

int judge_parse_eval(const char *s, size_t n, struct judge_eval *e)
{
    struct pgn_eval v;
    int rc = eval_command_read(s, n, &v);
    if (!rc) {
        e->cp = v.cp;
        e->mate = v.mate;
    }
    return rc;
}

int judge_format_eval(const struct judge_eval *e, char *out, size_t cap)
{
    if (e->mate)
        return snprintf(out, cap, "#%d", e->mate);
    int cp = e->cp, neg = cp < 0;
    if (neg)
        cp = -cp;
    return snprintf(out, cap, "%s%d.%02d", neg ? "-" : "", cp / 100, cp % 100);
}

double judge_winning_chances(int cp)
{
    return 2.0 / (1.0 + exp(-0.00368208 * clamp_cp(cp))) - 1.0;
}

int judge_eval_cp(const struct judge_eval *e)
{
    if (e->mate)
        return e->mate > 0 ? CP_CEILING : -CP_CEILING;
    return clamp_cp(e->cp);
}

int judge_move(const struct judge_eval *before, const struct judge_eval *after, int mover_black,
               int *reason)
{
    return judge_move_model(before, after, mover_black, JUDGE_MODEL_WINNING_CHANCES, reason);
}

int judge_move_model(const struct judge_eval *before, const struct judge_eval *after,
                     int mover_black, int model, int *reason)
{
    int sign = mover_black ? -1 : 1;
    int dummy;
    if (!reason)
        reason = &dummy;
    *reason = JUDGE_BY_CP;
    if (!before->mate && !after->mate && model == JUDGE_MODEL_CP) {
        int loss = (clamp_cp(before->cp) - clamp_cp(after->cp)) * sign;
        return loss >= 300 ? JUDGE_BLUNDER : loss >= 100 ? JUDGE_MISTAKE
             : loss >= 50  ? JUDGE_INACCURACY : JUDGE_NONE;
    }
    if (!before->mate && !after->mate) {
        /* Advice.scala CpAdvice: the mover's drop in winning chances. */
        double delta = (judge_winning_chances(after->cp) - judge_winning_chances(before->cp)) * sign;
        delta = -delta;
        /* Round to 1e-9 so that a drop of exactly .3 is a blunder whatever the float noise. */
        delta = floor(delta * 1e9 + 0.5) / 1e9;
        if (delta >= 0.3)
            return JUDGE_BLUNDER;
        if (delta >= 0.2)
            return JUDGE_MISTAKE;
        if (delta >= 0.1)
            return JUDGE_INACCURACY;
        return JUDGE_NONE;
    }
    /* MateAdvice: everything from the mover's point of view; a missing cp counts 0. */
    int prev_mate = before->mate * sign, next_mate = after->mate * sign;
    int prev_cp = before->mate ? 0 : before->cp * sign;
    int next_cp = after->mate ? 0 : after->cp * sign;
    if (!prev_mate && next_mate < 0) {
        *reason = JUDGE_MATE_CREATED;
        return prev_cp < -999 ? JUDGE_INACCURACY : prev_cp < -700 ? JUDGE_MISTAKE : JUDGE_BLUNDER;
    }
    if (prev_mate > 0 && next_mate <= 0) {
        *reason = JUDGE_MATE_LOST;
        return next_cp > 999 ? JUDGE_INACCURACY : next_cp > 700 ? JUDGE_MISTAKE : JUDGE_BLUNDER;
    }
    return JUDGE_NONE;
}

int judge_nag(int judgment)
{
    static const int nags[] = { 0, 6, 2, 4 };
    return judgment >= 0 && judgment <= JUDGE_BLUNDER ? nags[judgment] : 0;
}

const char *judge_name(int judgment)
{
    static const char *const names[] = { NULL, "Inaccuracy", "Mistake", "Blunder" };
    return judgment > 0 && judgment <= JUDGE_BLUNDER ? names[judgment] : NULL;
}

/* lichess's Info.evalComment: pawns with 2 decimals, or "Mate in N". */
static void eval_text(const struct judge_eval *e, char *out, size_t cap)
{
    if (e->mate)
        snprintf(out, cap, "Mate in %d", abs(e->mate));
    else
        judge_format_eval(e, out, cap);
}

int judge_comment(const struct judge_eval *before, const struct judge_eval *after, int judgment,
                  int reason, const char *best, char *out, size_t cap)
{
    char a[24], b[24];
    const char *what = reason == JUDGE_MATE_CREATED ? "Checkmate is now unavoidable"
                       : reason == JUDGE_MATE_LOST  ? "Lost forced checkmate sequence"
                                                    : judge_name(judgment);
    if (!what)
        what = "";
    eval_text(before, a, sizeof a);
    eval_text(after, b, sizeof b);
    int have_best = best && *best;
    return snprintf(out, cap, "(%s \xe2\x86\x92 %s) %s.%s%s%s", a, b, what, have_best ? " " : "",
                    have_best ? best : "", have_best ? " was best." : "");
}

size_t judge_comment_best(const char *text, size_t n, const char **at)
{
    static const char tail[] = " was best.";
    size_t t = sizeof tail - 1;
    while (n && ascii_is_space(text[n - 1]))
        n--;
    if (n <= t || memcmp(text + n - t, tail, t))
        return 0;
    size_t end = n - t, start = end;
    while (start && !ascii_is_space(text[start - 1]))
        start--;
    *at = text + start;
    return end - start;
}

int judge_cp_loss(const struct judge_eval *before, const struct judge_eval *after, int mover_black)
{
    int sign = mover_black ? -1 : 1;
    int loss = (judge_eval_cp(before) - judge_eval_cp(after)) * sign;
    return loss < 0 ? 0 : loss > CP_CEILING ? CP_CEILING : loss;
}
