/* stats_json.h - the statistics aggregate as one JSON object, exact so that it merges back. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STATS_JSON_H
#define LIB_STATS_JSON_H

#include <stdint.h>
#include "base/buf.h"
#include "stats/stats_agg.h"

/*
 * The object holds every exact count of the aggregate (nothing derived), so
 * that stats_json_merge() (stats_json_merge.h) reads it back into exactly
 * the aggregate written:
 *
 *   {"pgnkit_stats":1,"report":"summary","games":8,...,"events":{"A":2}}\n
 *
 * Tables are written sorted by key, so the same aggregate always gives the
 * same bytes, whatever order its games were counted in.
 */

/*
 * The cap of a buffer the text is written into. The text is a few times
 * the size of the aggregate, which is in memory already, so the cap only
 * keeps sizes from overflowing; input that grows without bound is capped
 * where it is read (the reader's limits, stats_json_merge's plies keys).
 */
#define STATS_JSON_MAX (SIZE_MAX / 2)

/**
 * Appends a as one JSON object and a newline to out: o's report, for a
 * tree its root and depth. The one writer of the stats JSON. PGN_OK,
 * PGN_ENOMEM or PGN_ETOOBIG (out's cap), out then holding part of it.
 */
int stats_json_write(const struct stats_opts *o, const struct stats_agg *a, struct buf *out);

#endif
