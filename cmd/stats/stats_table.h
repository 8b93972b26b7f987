/* stats_table.h - the tables of `pgnkit stats` reports: aligned text with bar charts, or CSV/TSV. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_TABLE_H
#define CMD_STATS_TABLE_H

#include <stddef.h>
#include "base/compiler.h"

/*
 * A table is filled row by row (ot_row copies the cells) and printed once
 * (ot_print frees the rows; the table can then be filled again):
 *
 *   struct out_table t = { 2, head, "tn", NULL, NULL, 0, 0 };
 *   ot_row(&t, 0.5, "e4", "120");
 *   ot_print(&t, FMT_TEXT, isatty(1));
 */
enum { OT_COLS_MAX = 64 };

struct out_table {
    int ncols;               /* at most OT_COLS_MAX */
    const char *const *head; /* ncols column names; NULL: no header line (text) */
    const char *numeric;     /* per column: 'n' right-aligned, else left */
    char **cells;            /* rows * ncols, the table's copies */
    double *bar;             /* per row: 0..1, or < 0 for none */
    size_t rows, cap;
};

/** Adds a row of t->ncols cells (const char *, copied) with a bar of length bar (0..1, < 0: none).
 */
void ot_row(struct out_table *t, double bar, ...);

/** Adds a row of t->ncols cells from cells[] (copied), as ot_row(). */
void ot_row_cells(struct out_table *t, double bar, const char *const *cells);

/**
 * Prints t to standard output (format: enum stats_format): aligned columns,
 * with a bar chart when tty; or CSV/TSV with a header line. Frees the rows.
 */
void ot_print(struct out_table *t, int format, int tty);

/** printf into buf[0..cap); returns buf. */
char *ot_fmt(char *buf, size_t cap, const char *f, ...) PRINTF_LIKE(3, 4);

#endif
