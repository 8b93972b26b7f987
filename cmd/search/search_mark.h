/* search_mark.h - search's --match-tag and --mark-matches: the selected games as read, marked where they matched. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_SEARCH_MARK_H
#define CMD_SEARCH_MARK_H

#include "base/buf.h"
#include "query/game_facts.h"
#include "query/search_query.h"

/*
 * pgn-extract's --addmatchtag and --markmatches TEXT. A game search selects
 * is printed as read, plus:
 *   --match-tag        [MaterialMatch "White"] when a --material criterion
 *                      matched as written, "Black" when with the colours
 *                      swapped (--material-either); [RepertoireExit "12...Nd7"]
 *                      when --repertoire matched: the move that left it
 *   --mark-matches T   {T} after the main-line move where each criterion on
 *                      positions and moves matched (search_query_marks();
 *                      the start position: before the first move); T "FEN"
 *                      writes the FEN of that position instead
 * A game with nothing to mark is printed byte for byte.
 */
struct search_mark {
    const char *text; /* --mark-matches, or NULL */
    int tag;          /* --match-tag */
};

/** 1 when some mark is asked for. */
int search_mark_active(const struct search_mark *m);

/** Takes TEXT of --mark-matches: 0, or -1 after reporting a bad one. */
int search_mark_text(struct search_mark *m, const char *text);

/**
 * Appends game g as read to out, marked as m asks: f holds g, which q
 * accepted. 0, or 1 when g has no raw text to print (over the game size
 * limit; nothing appended). Dies on running out of memory.
 */
int search_mark_game(const struct search_mark *m, struct search_query *q, struct game_facts *f,
                     const struct game *g, struct buf *out);

#endif
