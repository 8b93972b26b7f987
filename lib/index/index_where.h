/* index_where.h - where expressions decided from a game's record: the fields the database knows without the game. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_WHERE_H
#define LIB_INDEX_WHERE_H

#include "index/index_db.h"
#include "index/index_records.h"
#include "query/where.h"

/*
 * A record knows these fields of the where language exactly as
 * game_facts_get gives them (index_record_of computed them so): white,
 * black, player, event, site and the tags White, Black, Event and Site
 * (their names read back from the name tables), date and year (not their
 * text: a regex on them needs the game), result, white_elo, black_elo (as
 * numbers), min_elo, max_elo, elo_diff, plies, moves, game, the main-line
 * features (checkmate .. underpromotion, threefold, fivefold) and, with the
 * game's material runs, material and the clock and evaluation fields
 * (white_min_clock .. black_accuracy, index_play.h). Any other field or tag is unknown, and
 * where_decide() leaves a game that needs one to the scan.
 *
 *   struct index_where *iw;
 *   index_where_new(&iw, db, criterion->where);   // a copy, its names loaded
 *   verdict = index_where_decide(iw, &record);      // r->material set if asked
 *   index_where_free(iw);
 */
struct index_where;

/**
 * Prepares deciding w (copied: its regexes run apart from the scan's) over
 * db, reading the name tables w needs. PGN_OK and *out, PGN_ENOMEM,
 * PGN_EIO (index_db_message() says why).
 */
int index_where_new(struct index_where **out, struct index_db *db, const struct where *w);

/** 1 when a decision reads the game's material runs or its clock and evaluation fields (r->material must be set). */
int index_where_needs_material(const struct index_where *iw);

/** The verdict (enum index_verdict of index_plan.h: no, yes, maybe) for the game of r. */
int index_where_decide(struct index_where *iw, const struct index_record *r);

/** Frees iw (NULL is allowed). */
void index_where_free(struct index_where *iw);

#endif
