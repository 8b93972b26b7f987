/* stats_json_merge.h - reading a statistics JSON object back and adding it, exactly, to an aggregate. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STATS_JSON_MERGE_H
#define LIB_STATS_JSON_MERGE_H

#include <stddef.h>
#include "stats/stats_agg.h"

/* What the messages of stats_json_merge() call things, as its caller knows them. */
struct stats_json_names {
    const char *input;  /* the text: a file name, "<memory>" */
    const char *writer; /* what writes such texts: "'NAME' is not a 'WRITER' output" */
    const char *target; /* what the text is merged into: "... holds a tree report, TARGET a summary report" */
};

/**
 * Adds the aggregate in the JSON text[0..len) (what stats_json_write()
 * wrote) to a: the one reader of the stats JSON. When first, the text's
 * report (for a tree also its root and depth) sets o; else they must be
 * o's. Returns PGN_OK, or:
 *   PGN_EFORMAT  the text is not JSON, not a stats object, or holds a
 *                count that is none (negative, not a whole number, a plies
 *                key past the reader's limit on moves);
 *   PGN_EINVAL   another report, root or depth than o's;
 *   PGN_ETOOBIG  a total would pass INT64_MAX;
 *   PGN_ENOMEM.
 * On failure the first reason, in the words of names ("'INPUT': member
 * 'games' is negative"), is written into why[0..why_cap) (NUL-terminated,
 * cut to fit); a may then hold part of the text's counts.
 */
int stats_json_merge(struct stats_opts *o, struct stats_agg *a, const char *text, size_t len,
                     const struct stats_json_names *names, int first, char *why,
                     size_t why_cap);

#endif
