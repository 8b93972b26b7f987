/* judge.h - move judgments from evaluations: lichess's win-chance formula, thresholds and mate cases. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_JUDGE_H
#define LIB_JUDGE_H

#include <stddef.h>
#include "pgn/eval_command.h"

/*
 * An evaluation from White's point of view, as in lichess's [%eval] command:
 * centipawns, or a forced mate in |mate| moves (mate > 0: White mates,
 * mate < 0: Black mates). A mate of 0 means cp is valid.
 *
 *   [%eval 0.34]  -> { cp = 34,  mate = 0 }
 *   [%eval #-3]   -> { cp = 0,   mate = -3 }
 */
struct judge_eval {
    int cp;
    int mate;
};

/*
 * The largest |cp| and |mate| an [%eval] holds: judge_parse_eval() reads
 * nothing beyond them, so an evaluation outside them, once written, would not
 * be read back (uci_engine refuses engine scores outside them).
 */
enum { JUDGE_CP_LIMIT = EVAL_CP_LIMIT, JUDGE_MATE_LIMIT = EVAL_MATE_LIMIT };

enum judgment {
    JUDGE_NONE = 0,
    JUDGE_INACCURACY, /* NAG 6, ?! */
    JUDGE_MISTAKE,    /* NAG 2, ?  */
    JUDGE_BLUNDER,    /* NAG 4, ?? */
};

/* How centipawn evaluations are judged (the mate cases are the same in both). */
enum judge_model {
    JUDGE_MODEL_WINNING_CHANCES = 0, /* lichess since 2021: drop in winning chances .3/.2/.1 */
    JUDGE_MODEL_CP = 1,              /* lichess until 2021: centipawn drop 300/100/50, evals
                                        capped at +-1000 (the judgments of older exports) */
};

enum judge_reason {
    JUDGE_BY_CP = 0,        /* the win-chance drop */
    JUDGE_MATE_CREATED,     /* "Checkmate is now unavoidable" */
    JUDGE_MATE_LOST,        /* "Lost forced checkmate sequence" */
};

/**
 * Parses the arguments of a [%eval] command as eval_command_read() does
 * (the one reader of evaluations), into the annotator's struct. Returns 0
 * and fills *e, or PGN_ESYNTAX when the text is not an evaluation.
 */
int judge_parse_eval(const char *s, size_t n, struct judge_eval *e);

/**
 * Writes e in lichess's [%eval] format into out (at least 16 bytes):
 * pawns with 2 decimals ("0.34", "-1.20") or "#3" / "#-3". Returns the length.
 */
int judge_format_eval(const struct judge_eval *e, char *out, size_t cap);

/** lichess's winning chances of cp for the side it favours: 2/(1+exp(-0.00368208*cp))-1, cp clamped to +-1000. */
double judge_winning_chances(int cp);

/**
 * Judges a move from the evaluations before and after it (both White's
 * point of view); mover_black is 1 when Black made the move. As lichess
 * does: a drop of the mover's winning chances of at least .3 is a blunder,
 * .2 a mistake, .1 an inaccuracy (both centipawn evaluations); a mate for the
 * opponent appearing is a blunder (mistake when the mover was already below
 * -7, inaccuracy below -9.99); a mate for the mover disappearing is a blunder
 * (mistake when still above 7, inaccuracy above 9.99). *reason (may be
 * NULL) receives an enum judge_reason. Returns an enum judgment.
 */
int judge_move(const struct judge_eval *before, const struct judge_eval *after, int mover_black,
               int *reason);

/** judge_move() with the centipawn rule of model (enum judge_model). */
int judge_move_model(const struct judge_eval *before, const struct judge_eval *after,
                     int mover_black, int model, int *reason);

/** NAG of a judgment: 6, 2, 4 (0 for JUDGE_NONE). */
int judge_nag(int judgment);

/** "Inaccuracy", "Mistake", "Blunder" (NULL for JUDGE_NONE). */
const char *judge_name(int judgment);

/**
 * lichess's comment for a judged move into out (NUL-terminated, truncated to
 * cap): "(0.66 → 1.47) Inaccuracy. Qxd5 was best." with the mate texts
 * "Checkmate is now unavoidable" / "Lost forced checkmate sequence" instead
 * of the judgment name for the mate cases, "Mate in N" in the evaluation
 * prefix, and no " X was best." when best is NULL or empty. Returns the
 * length it wanted (as snprintf).
 */
int judge_comment(const struct judge_eval *before, const struct judge_eval *after, int judgment,
                  int reason, const char *best, char *out, size_t cap);

/**
 * The move a judgment comment names as the best one: the word before the
 * closing " was best." of text[0..n) (trailing spaces allowed), as
 * judge_comment() writes it and lichess's exports and API do ("Blunder.
 * g6 was best."). Stores the word's start in *at and returns its length,
 * or 0 when the comment does not end so. The word is not checked to be a
 * move: the caller reads it against the position.
 */
size_t judge_comment_best(const char *text, size_t n, const char **at);

/**
 * Centipawn loss of the mover for the average (ACPL), as lichess counts it:
 * both evaluations as centipawns (judge_eval_cp: capped at +-1000, a mate is
 * +-1000), the loss from the mover's point of view, at least 0 and at most 1000.
 */
int judge_cp_loss(const struct judge_eval *before, const struct judge_eval *after, int mover_black);

/** e as centipawns from White's point of view, capped at +-1000 (a mate counts as +-1000). */
int judge_eval_cp(const struct judge_eval *e);

#endif
