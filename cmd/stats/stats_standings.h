/* stats_standings.h - `pgnkit stats --standings/--crosstable/--elo`: tournament tables in text, CSV, JSON and HTML. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_STANDINGS_H
#define CMD_STATS_STANDINGS_H

#include "stats/standings.h"
#include "stats/stats_report.h"
#include "stats/tiebreak.h"

/* How the crosstable is laid out. */
enum crosstable_layout { CT_NONE, CT_AUTO, CT_GRID, CT_ROUNDS };

/* What the tournament reports show. */
struct standings_show {
    int tiebreaks[TIEBREAK_MAX]; /* enum tiebreak, in order */
    int ntiebreaks;
    int crosstable;          /* enum crosstable_layout */
    const char *anchor_name; /* --elo: the player fixed at anchor_rating; NULL: the average */
    double anchor_rating;
};

/**
 * Prints the standings of every event of s (with its crosstable when
 * w->crosstable) to standard output in o->format.
 */
void stats_print_standings(const struct stats_show *o, const struct standings_show *w,
                           const struct standings *s);

/**
 * Prints the Elo ratings of the players of s (one pool: s->pool) to
 * standard output in o->format. Returns 0, or -1 after a message when the
 * anchor names no player.
 */
int stats_print_elo(const struct stats_show *o, const struct standings_show *w,
                    const struct standings *s);

#endif
