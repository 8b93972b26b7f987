/* tag_edit.h - the tag changes convert makes to every game: set, rename, one spelling per name. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_WRITE_TAG_EDIT_H
#define LIB_WRITE_TAG_EDIT_H

#include <stddef.h>
#include <stdint.h>
#include "base/arena.h"
#include "pgn/game.h"
#include "pgn/spelling.h"
#include "write/game_out.h"

/*
 * The one place that decides what a game's tags become before it is
 * written, whatever the format: convert hands the result to its writer as
 * a struct go_extra (game_out.h), so PGN, JSON and CSV columns agree. The
 * edits are made in this order, each on what the one before left:
 *
 *   1. renames   OLD=NEW: every OLD tag goes; NEW gets the first OLD's value
 *   2. names     White, Black, Event, Site and Round get the one form the
 *                spelling file gives their value (spelling.h)
 *   3. normalise dates (Date, EventDate, UTCDate), rounds, the Result tag
 *                (tag_normalise.h)
 *   4. sets      NAME=VALUE: the first NAME tag gets VALUE, else it is added
 *
 * so a set always wins, and a renamed tag is cleaned under its new name.
 * Only the changes of steps 2 and 3 are reported (struct tag_change): the
 * user asked for 1 and 4 by name.
 */

/* A NAME=VALUE or OLD=NEW argument, split (the strings are the caller's). */
struct tag_pair {
    const char *name;
    const char *value;
};

enum tag_normalise_flags {
    TAG_NORMALISE_DATES = 1 << 0,
    TAG_NORMALISE_ROUNDS = 1 << 1,
    TAG_NORMALISE_RESULTS = 1 << 2,
};

struct tag_edits {
    const struct tag_pair *renames; /* OLD=NEW, in the order given */
    size_t nrenames;
    const struct spelling *names;   /* NULL: none */
    unsigned normalise;             /* enum tag_normalise_flags */
    const struct tag_pair *sets;    /* NAME=VALUE, in the order given */
    size_t nsets;
};

/* A value that steps 2 or 3 changed, for a note. */
struct tag_change {
    const char *tag;         /* its name */
    const char *from, *to;   /* its value before and after */
    const char *why;         /* "names", "dates", "rounds" or "results" */
    uint64_t line;           /* where the tag is in the input (0: not known) */
    uint32_t col;
};

/* What the edits make of one game: hand extra to the writer (game_out.h). */
struct tag_edit_result {
    struct go_extra extra;
    struct go_extra_tag *tags;   /* extra.tags, which the arena holds */
    struct tag_change *changes;
    size_t nchanges;
};

/** 1 when e changes anything at all. */
int tag_edits_any(const struct tag_edits *e);

/**
 * Works out e's changes to game g into *out; every array and string is
 * allocated from a (the per-game arena), or is g's or e's. Returns PGN_OK,
 * or the arena's error (PGN_ENOMEM, PGN_ETOOBIG).
 */
int tag_edits_apply(const struct tag_edits *e, const struct game *g, struct arena *a,
                    struct tag_edit_result *out);

#endif
