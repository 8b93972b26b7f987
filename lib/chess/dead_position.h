/* dead_position.h - dead positions proved by a blockade: pawns frozen, every other unit shut away. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_DEAD_POSITION_H
#define LIB_DEAD_POSITION_H

#include "chess/position.h"

/**
 * 1 if p is proved dead (FIDE 5.2.2: no series of legal moves ends in
 * checkmate) by its pawns: every pawn is blocked by a pawn and can never
 * capture or be captured, and each king and piece is shut in a part of the
 * board from which it can never attack the enemy king, so no check, and
 * therefore no mate, can ever happen. The argument is in dead_position.c.
 * 0 when that is not proved, which is the answer for almost every position
 * and for every position with a legal way to a mate: 1 is never wrong.
 * Positions with no pawn are left to pos_is_dead()'s material rule (0).
 */
int pos_is_dead_by_blockade(const struct pos *p);

#endif
