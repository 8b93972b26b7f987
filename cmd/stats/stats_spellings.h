/* stats_spellings.h - `pgnkit stats --spellings`: the spellings of names seen, to write a spelling file. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_SPELLINGS_H
#define CMD_STATS_SPELLINGS_H

#include "stats/spelling_tally.h"

/**
 * Prints the rows of t (spelling_tally_rows()) to standard output in
 * format (enum stats_format but HTML): kind, the file's name (with a
 * spelling file: empty when the file does not list the value), spelling
 * and the number of tags; JSON as an array of objects.
 */
void stats_print_spellings(const struct spelling_tally *t, int format, int tty);

#endif
