/* stats_report.h - the text, CSV and TSV reports of `pgnkit stats`: summary, openings, players, explorer tree. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_REPORT_H
#define CMD_STATS_REPORT_H

#include <stddef.h>
#include <stdbool.h>
#include "stats/stats_agg.h"

enum stats_format { FMT_TEXT, FMT_CSV, FMT_TSV, FMT_JSON, FMT_HTML, FMT_LICHESS };

/* What the report is of (the library's options) and how this command shows it. */
struct stats_show {
    struct stats_opts o; /* what was counted: read by the workers too */
    int format;          /* enum stats_format */
    long top;            /* rows of the long tables in text (0: the default) */
    bool bar_color, bar_utf8; /* the text tree's W/D/B bars: in colour, in block characters */
};

/** stats_table_sorted(), dying when memory runs out. */
struct stats_entry *stats_sorted(const struct stats_table *t,
                                 int (*cmp)(const void *, const void *));

/**
 * Prints the report o->o.report of a to standard output in o->format (text,
 * csv or tsv; not json): text with bar charts when tty.
 */
void stats_print_report(const struct stats_show *o, const struct stats_agg *a, int tty);

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
void stats_print_html(const struct stats_show *o, const struct stats_agg *a);

#endif
