/* stats_report.h - the text, CSV and TSV reports of `pgnkit stats`: summary, openings, players, explorer tree. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_REPORT_H
#define CMD_STATS_REPORT_H

#include "stats_agg.h"

/**
 * Prints the report o->report of a to standard output in o->format (text,
 * csv or tsv; not json): text with bar charts when tty.
 */
void stats_print_report(const struct stats_opts *o, const struct stats_agg *a, int tty);

#endif
