/* stats_report.h - the text, CSV and TSV reports of `pgnkit stats`: summary, openings, players, explorer tree. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_REPORT_H
#define CMD_STATS_REPORT_H

#include <stddef.h>
#include <stdbool.h>
#include "stats/stats_agg.h"
#include "notation/movewrite.h"

enum stats_format { FMT_TEXT, FMT_CSV, FMT_TSV, FMT_JSON, FMT_HTML, FMT_LICHESS };

/* What the report is of (the library's options) and how this command shows it. */
struct stats_show {
    struct stats_opts o; /* what was counted: read by the workers too */
    int format;          /* enum stats_format */
    long top;            /* rows of the long tables in text (0: the default) */
    int lang;            /* the language of the tree's moves (notation.h; 0: English) */
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

/* Room for the moves of any tree node in any language (stats_tree_moves). */
enum { STATS_TREE_MOVES_MAX = INDEX_TREE_DEPTH_MAX * MOVE_TEXT_MAX };

/**
 * The moves of the tree node key (English SAN from the tree's root, as the
 * aggregate keeps them) in the language o->lang, into out (cap bytes): the
 * one place every output of the tree takes its move text from. Returns out.
 */
const char *stats_tree_moves(const struct stats_show *o, const char *key, char *out, size_t cap);

/**
 * Performance by the 400-rule over games with a result: the average rating
 * of the opponents (opp_sum / opp_n) plus 400 * (wins - losses) / games,
 * not below 0, rounded, into *perf. Returns 0, or -1 when no opponent is
 * rated or no game has a result (the figure is unknown, not 0). The one
 * rule of every report and format.
 */
int stats_performance(int64_t opp_sum, int64_t opp_n, int64_t wins, int64_t draws,
                      int64_t losses, long *perf);

/** The rounded average sum / n into *avg: 0, or -1 when n is 0 (unknown). */
int stats_average(int64_t sum, int64_t n, long *avg);

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
