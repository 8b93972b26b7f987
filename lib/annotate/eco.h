/* eco.h - opening classification (ECO code and name) by position, from the embedded CC0 table. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ECO_H
#define LIB_ECO_H

#include <stddef.h>
#include <stdint.h>
#include "chess/position.h"

/*
 * The table is lichess's chess-openings list (CC0): ECO code, name and the
 * moves of each opening, embedded into the binary at build time. eco_init()
 * replays each line and indexes its final position by FIDE repetition
 * identity, so a game is classified by the positions it
 * reaches, whatever the move order (transpositions recognised). When several
 * lines reach the same position the first in the table wins.
 */
struct eco_entry {
    char eco[4];      /* "B90" */
    const char *name; /* "Sicilian Defense: Najdorf Variation" (static storage) */
    uint16_t plies;   /* length of the table line */
};

/**
 * Builds the table (about 6 ms, so only what classifies calls it), after
 * lib_init(): the first call builds it, later calls from any thread return
 * the first one's status (waiting until it is built). Every other function
 * here needs it. Returns PGN_OK or PGN_ENOMEM.
 */
int eco_init(void);

/** Number of positions indexed (a line that fails to replay is not indexed). */
size_t eco_count(void);

/** Table lines that did not replay (0 for a sound table). */
size_t eco_bad_lines(void);

/** The opening whose position is p, or NULL. */
const struct eco_entry *eco_lookup(const struct pos *p);

/**
 * Deepest classification along a line: plays moves[0..n) from start and
 * returns the entry of the last position found in the table (NULL if none);
 * *ply (may be NULL) receives the ply after which it was reached. Stops
 * early once the line is longer than any table line plus a margin for
 * transpositions, since nothing deeper can match.
 */
const struct eco_entry *eco_classify(const struct pos *start, const move16 *moves, size_t n,
                                     size_t *ply);

/**
 * The same classification from the positions' repetition keys
 * (pos_repetition_key) instead of the moves: keys[0..n] are the keys of the
 * start position and of the positions after each of n plies, as a replay
 * already has them (struct replay's keys), so nothing is played again.
 */
const struct eco_entry *eco_classify_keys(const uint64_t *keys, size_t n, size_t *ply);

/**
 * Splits an entry's name into opening and variation at the first ": " (the
 * variation part may be empty): the Opening and Variation tags.
 */
void eco_split_name(const struct eco_entry *e, char *opening, size_t opening_cap,
                    char *variation, size_t variation_cap);

#endif
