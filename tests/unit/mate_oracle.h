/* mate_oracle.h - brute force over every placement: can given material ever checkmate? */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_UNIT_MATE_ORACLE_H
#define TESTS_UNIT_MATE_ORACLE_H

#include <stdint.h>
#include "chess/position.h"

/*
 * The oracle answers, by trying every placement of the pieces, the question
 * pos_can_mate() answers by rule: can a side with this material ever
 * checkmate? It is the reference the rule is tested against, so it uses no
 * chess knowledge beyond the move generator's: a position counts as a mate
 * when movegen_state() says so.
 *
 * Material is written as one letter per piece, the king being implied:
 * N knight, D bishop on a dark square, L bishop on a light square, R rook,
 * Q queen, P pawn. "" is a bare king. The mating side plays White, the
 * mated side Black (pawns move accordingly; by symmetry the colours do not
 * matter).
 */

/**
 * 1 if some legal position with White's king and the pieces of mater, and
 * Black's king and the pieces of mated, Black to move, is checkmate; 0 if
 * none is; -1 if a spec has a letter not listed above or more than 4 pieces.
 * "Legal": White's king not in check, the kings apart, no pawn on the first
 * or last rank, and a check by two pieces only as a move can give it (one
 * uncovering the other, a slider). On 1 the mate
 * found is written to witness (FEN, when witness is not NULL). *tested (when
 * not NULL) counts the positions the move generator was asked about.
 */
int oracle_mate_exists(const char *mater, const char *mated, char witness[FEN_MAX],
                       uint64_t *tested);

/**
 * 1 if the material can lead to a mate in some game: oracle_mate_exists() on
 * the material itself or on any material a game can turn it into (pieces of
 * either side but the kings captured, pawns promoted to N, D, L, R or Q).
 * Answers of the exact search are remembered between calls. Returns -1 as
 * oracle_mate_exists(); the witness is that of the class that mates.
 */
int oracle_can_mate(const char *mater, const char *mated, char witness[FEN_MAX]);

/**
 * Sets *p to a position with that material (White's king on a1, Black's on
 * h8, the pieces on the first free squares of their kind from either end):
 * where they stand is arbitrary, so it serves only functions that look at
 * the material. Returns 0, or -1 on a bad spec.
 */
int oracle_material_position(struct pos *p, const char *white, const char *black);

#endif
