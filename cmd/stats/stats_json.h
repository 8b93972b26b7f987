/* stats_json.h - the --format json partial aggregate of `pgnkit stats`, and --merge reading it back exactly. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_JSON_H
#define CMD_STATS_JSON_H

#include "stats/stats_agg.h"

/** Prints a as one JSON object to standard output: o's report, for a tree its root and depth. */
void stats_print_json(const struct stats_opts *o, const struct stats_agg *a);

/**
 * Adds the aggregate of the JSON file path (a stats_print_json() output)
 * to a. The first file sets o's report (and tree root and depth); later
 * files must have the same. Returns 0, or -1 after an error message.
 */
int stats_merge_file(struct stats_opts *o, struct stats_agg *a, const char *path, int first);

#endif
