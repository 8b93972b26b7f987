/* replay_util.h - the unit tests' walk over the games of a file, each replayed and with its facts. */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_UNIT_REPLAY_UTIL_H
#define TESTS_UNIT_REPLAY_UTIL_H

#include "pgn/game.h"
#include "query/game_facts.h"
#include "replay/replay.h"

typedef void replayed_game_fn(const char *rel, struct game *g, struct replay *rp,
                              struct game_facts *f, void *ctx);

/**
 * Reads every game of the root-relative file rel, replays it with
 * replay_flags (enum replay_flags) and resets f on it (game_facts_reset(),
 * not seeded by the replay), then calls fn(rel, g, rp, f, ctx). A failure
 * of replay_game() itself (not an invalid game) fails the test and stops.
 * Returns how many games it handed to fn.
 */
unsigned long replay_each_game(const char *rel, unsigned replay_flags, replayed_game_fn *fn,
                               void *ctx);

#endif
