/* game_copy.h - a self-contained copy of a parsed game, for handing games to other threads. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_COPY_H
#define LIB_GAME_COPY_H

#include "base/arena.h"
#include "pgn/game.h"

/**
 * Copies src and everything it points to (raw bytes, tags, moves, comments,
 * commands, NAGs, diagnostics, file name) into arena a, and sets *dst to
 * the copy. The copy does not depend on the reader any more: it stays valid
 * until a is reset, from any thread. Strings that point into the raw bytes
 * are re-pointed into the copied raw bytes rather than copied again.
 * Returns PGN_OK, or a->err (PGN_ENOMEM / PGN_ETOOBIG) with *dst unusable.
 */
int game_copy(struct game *dst, const struct game *src, struct arena *a);

#endif
