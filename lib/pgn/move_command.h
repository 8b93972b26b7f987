/* move_command.h - the [%name ...] command that the comments after a move hold. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_MOVE_COMMAND_H
#define LIB_MOVE_COMMAND_H

#include <stdint.h>
#include "pgn/game.h"

/**
 * The first command named name ("clk", "emt", "eval") in the comments after
 * move g->moves[move], in their order, or NULL when none holds one. The
 * result points into g (its args are trimmed, not NUL-terminated). Reads g
 * only; safe on any thread.
 */
const struct game_cmd *move_command_find(const struct game *g, uint32_t move, const char *name);

#endif
