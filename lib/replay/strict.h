/* strict.h - the export-format checks of REPLAY_STRICT (PGN standard, sections 4 and 8). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STRICT_H
#define LIB_STRICT_H

#include <stdint.h>
#include "base/compiler.h"
#include "replay/diag.h"
#include "replay/replay.h"

/*
 * The checks of how a game is written that only REPLAY_STRICT makes: the order
 * and form of the tag pairs, move numbers, suffix annotations, line
 * lengths, tabs and spacing. They read the parsed game and rescan its raw
 * text, so a replay without REPLAY_STRICT pays nothing for them.
 *
 * Each check reports its first finding in a game, with how many more it
 * made: a file written by one program repeats the same deviation on every
 * move or line, and one line per game says it.
 */

enum { STRICT_FIRST = D_TAG_ORDER, STRICT_COUNT = D_SPACING - D_TAG_ORDER + 1 };

/* The first finding of one check in a game, and the count of all. */
struct strict_finding {
    uint32_t count;
    uint64_t line;
    uint32_t col;
    uint32_t off;         /* from game->offset */
    uint32_t move;        /* index in game->moves, or UINT32_MAX */
    uint32_t move_number;
    int side;
    char msg[REPLAY_MSG_MAX - 48]; /* room for " (N more in this game)" */
};

struct strict_findings {
    struct strict_finding at[STRICT_COUNT]; /* at[code - STRICT_FIRST] */
};

/**
 * Counts a finding of code (a strict check's) at line, col and off (from
 * game->offset); the first one's message is formatted from fmt. Returns
 * that first finding, for the caller to add a move to, or NULL for the
 * later ones.
 */
struct strict_finding *strict_note(struct strict_findings *f, int code, uint64_t line,
                                   uint32_t col, uint32_t off, const char *fmt, ...)
    PRINTF_LIKE(6, 7);

/** The checks of the raw text of g: line lengths, tabs, spacing, tag pair form, glyphs. */
void strict_check_text(struct strict_findings *f, const struct game *g);

/**
 * Runs every strict check on g, replayed into r from r->start (replayed: 0
 * when the start position could not be set, and the move numbers are then
 * not checked), and adds the findings to r's diagnostics.
 */
void replay_strict_checks(struct replay *r, const struct game *g, int replayed);

#endif
