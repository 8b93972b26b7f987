/* spelling_tally.h - how often each spelling of a player, event and site occurs, grouped by name. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STATS_SPELLING_TALLY_H
#define LIB_STATS_SPELLING_TALLY_H

#include <stddef.h>
#include <stdint.h>
#include "base/hash_table.h"
#include "pgn/game.h"
#include "pgn/spelling.h"

/*
 * What a maintainer needs to write a spelling file (spelling.h): every
 * value of the White and Black tags (players), Event and Site, with the
 * number of tags that hold it; with a spelling file, the name it gives
 * each value, so that the rows of one name come together and the values
 * it does not list yet stand out.
 */
struct spelling_tally {
    struct hash_table counts;     /* kind byte + value -> uint64_t tags */
    const struct spelling *names; /* the caller's, or NULL */
};

struct spelling_row {
    int kind;             /* SPELLING_PLAYER, SPELLING_EVENT or SPELLING_SITE */
    const char *name;     /* the file's name for it; NULL: not listed (or no file) */
    const char *spelling; /* the value as the tags hold it */
    uint64_t count;       /* tags that hold it */
};

/** An empty tally; names (kept by pointer, may be NULL) gives the names. */
void spelling_tally_init(struct spelling_tally *t, const struct spelling *names);

/** Counts the White, Black, Event and Site tags of g: PGN_OK or PGN_ENOMEM. */
int spelling_tally_game(struct spelling_tally *t, const struct game *g);

/**
 * The rows, in a new array the caller frees (*rows NULL when none): by
 * kind (players, events, sites), then by name (a value not listed counts
 * as its own name), then most tags first, then by value. Strings are t's
 * and t->names'. PGN_OK or PGN_ENOMEM.
 */
int spelling_tally_rows(const struct spelling_tally *t, struct spelling_row **rows, size_t *n);

/** Frees what t holds. */
void spelling_tally_release(struct spelling_tally *t);

#endif
