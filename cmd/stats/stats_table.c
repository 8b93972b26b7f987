/* stats_table.c - the tables of `pgnkit stats` reports: aligned text with bar charts, or CSV/TSV. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "stats/stats_report.h"
#include "stats/stats_table.h"
#include "cli/term.h"
#include "base/banned.h"

/* Room for one more row in t. */
static void ot_grow(struct out_table *t)
{
    if (t->rows == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 32;
        t->cells = xrealloc(t->cells, t->cap * (size_t)t->ncols * sizeof *t->cells);
        t->bar = xrealloc(t->bar, t->cap * sizeof *t->bar);
    }
}

void ot_row(struct out_table *t, double bar, ...)
{
    va_list ap;
    ot_grow(t);
    va_start(ap, bar);
    for (int c = 0; c < t->ncols; c++)
        t->cells[t->rows * (size_t)t->ncols + (size_t)c] = xstrdup(va_arg(ap, const char *));
    va_end(ap);
    t->bar[t->rows++] = bar;
}

void ot_row_cells(struct out_table *t, double bar, const char *const *cells)
{
    ot_grow(t);
    for (int c = 0; c < t->ncols; c++)
        t->cells[t->rows * (size_t)t->ncols + (size_t)c] = xstrdup(cells[c]);
    t->bar[t->rows++] = bar;
}

/* Display width of UTF-8 text: code points (no wide-character tables). */
static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void csv_cell(const char *s, int sep)
{
    if (sep == '\t') {
        for (; *s; s++)
            putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
        return;
    }
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

void ot_print(struct out_table *t, int format, int tty)
{
    if (format == FMT_CSV || format == FMT_TSV) {
        int sep = format == FMT_CSV ? ',' : '\t';
        for (int c = 0; c < t->ncols; c++) {
            if (c)
                putchar(sep);
            csv_cell(t->head[c], sep);
        }
        putchar('\n');
        for (size_t r = 0; r < t->rows; r++) {
            for (int c = 0; c < t->ncols; c++) {
                if (c)
                    putchar(sep);
                csv_cell(t->cells[r * (size_t)t->ncols + (size_t)c], sep);
            }
            putchar('\n');
        }
    } else {
        size_t w[OT_COLS_MAX];
        for (int c = 0; c < t->ncols; c++) {
            w[c] = t->head ? width(t->head[c]) : 0;
            for (size_t r = 0; r < t->rows; r++) {
                size_t x = width(t->cells[r * (size_t)t->ncols + (size_t)c]);
                if (x > w[c])
                    w[c] = x;
            }
        }
        char line[4096];
        for (size_t r = t->head ? 0 : 1; r <= t->rows; r++) {
            size_t len = 0;
            for (int c = 0; c < t->ncols; c++) {
                const char *s = r ? t->cells[(r - 1) * (size_t)t->ncols + (size_t)c] : t->head[c];
                size_t pad = w[c] - width(s), sl = strlen(s);
                if (len + sl + pad + 2 >= sizeof line - 200)
                    break;
                if (c) {
                    memcpy(line + len, "  ", 2);
                    len += 2;
                }
                if (t->numeric[c] == 'n') {
                    memset(line + len, ' ', pad);
                    len += pad;
                }
                memcpy(line + len, s, sl);
                len += sl;
                if (t->numeric[c] != 'n') {
                    memset(line + len, ' ', pad);
                    len += pad;
                }
            }
            if (tty && r && t->bar[r - 1] >= 0) {
                /* Eighths of a cell: U+2588 full block down to U+258F one eighth;
                 * outside a UTF-8 locale, '#' per whole cell. */
                static const char *const part[] = { "", "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
                int utf8 = term_utf8();
                int eighths = (int)(t->bar[r - 1] * 20 * 8 + 0.5);
                if (!utf8)
                    eighths = (eighths + 4) / 8 * 8;
                len += (size_t)snprintf(line + len, sizeof line - len, "  ");
                for (int i = 0; i < eighths / 8; i++)
                    len += (size_t)snprintf(line + len, sizeof line - len, utf8 ? "█" : "#");
                len += (size_t)snprintf(line + len, sizeof line - len, "%s", part[eighths % 8]);
            }
            while (len && line[len - 1] == ' ')
                len--;
            fwrite(line, 1, len, stdout);
            putchar('\n');
        }
    }
    for (size_t i = 0; i < t->rows * (size_t)t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    free(t->bar);
    t->cells = NULL;
    t->bar = NULL;
    t->rows = t->cap = 0;
}

char *ot_fmt(char *buf, size_t cap, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, cap, f, ap);
    va_end(ap);
    return buf;
}
