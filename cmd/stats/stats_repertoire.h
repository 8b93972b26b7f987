/* stats_repertoire.h - `pgnkit stats --repertoire FILE`: where the games left the repertoire, per exit. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_REPERTOIRE_H
#define CMD_STATS_REPERTOIRE_H

#include "stats/exit_tally.h"

/**
 * Prints the exits of t to standard output in format (enum stats_format
 * but HTML and lichess), most games first: games, who left (us or them;
 * white or black for a repertoire of both sides), the repertoire side's
 * score, the exit move ("12...Nd7") and the moves before it.
 */
void stats_print_exits(const struct exit_tally *t, int format);

#endif
