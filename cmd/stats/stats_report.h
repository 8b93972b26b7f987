/* stats_report.h - the text, CSV and TSV reports of `pgnkit stats`: summary, openings, players, explorer tree. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_REPORT_H
#define CMD_STATS_REPORT_H

#include <stddef.h>
#include "stats/stats_agg.h"

/**
 * Prints the report o->report of a to standard output in o->format (text,
 * csv or tsv; not json): text with bar charts when tty.
 */
void stats_print_report(const struct stats_opts *o, const struct stats_agg *a, int tty);

/** A node of the tree below its parent, depth 1 for the moves from the position. */
typedef void stats_tree_fn(void *ctx, const struct stats_entry *node,
                           const struct stats_entry *parent, size_t depth);

/**
 * Calls fn on every node of the explorer tree of a, children after their
 * parent, each level by games (the order of the text report). Returns 1
 * with the position's own node in *root, or 0 when no game reached it.
 */
int stats_tree_walk(const struct stats_agg *a, stats_tree_fn *fn, void *ctx,
                    struct stats_entry *root);

/** Prints the report of o and a as one self-contained HTML page (stats_html.c). */
void stats_print_html(const struct stats_opts *o, const struct stats_agg *a);

#endif
