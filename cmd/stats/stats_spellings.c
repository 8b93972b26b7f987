/* stats_spellings.c - `pgnkit stats --spellings`: the spellings of names seen, to write a spelling file. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "stats/stats_report.h"
#include "stats/stats_spellings.h"
#include "stats/stats_table.h"
#include "base/banned.h"

static const char *const kind_names[] = { [SPELLING_PLAYER] = "player",
                                          [SPELLING_EVENT] = "event",
                                          [SPELLING_SITE] = "site" };

static void print_json(const struct spelling_row *r, size_t n, int with_names)
{
    fputs("[", stdout);
    for (size_t i = 0; i < n; i++) {
        printf("%s\n  {\"kind\": \"%s\", ", i ? "," : "", kind_names[r[i].kind]);
        if (with_names) {
            fputs("\"name\": ", stdout);
            if (r[i].name)
                json_write_string(stdout, r[i].name, strlen(r[i].name));
            else
                fputs("null", stdout);
            fputs(", ", stdout);
        }
        fputs("\"spelling\": ", stdout);
        json_write_string(stdout, r[i].spelling, strlen(r[i].spelling));
        printf(", \"count\": %" PRIu64 "}", r[i].count);
    }
    fputs(n ? "\n]\n" : "]\n", stdout);
}

void stats_print_spellings(const struct spelling_tally *t, int format, int tty)
{
    struct spelling_row *rows;
    size_t n;
    if (spelling_tally_rows(t, &rows, &n))
        die(EXIT_IO, "out of memory");
    int with_names = t->names != NULL;
    if (format == FMT_JSON) {
        print_json(rows, n, with_names);
    } else {
        static const char *const head_names[] = { "kind", "name", "spelling", "count" };
        static const char *const head[] = { "kind", "spelling", "count" };
        struct out_table tab = { with_names ? 4 : 3, with_names ? head_names : head,
                                 with_names ? "  tn" : " tn", NULL, NULL, 0, 0 };
        for (size_t i = 0; i < n; i++) {
            char count[24];
            ot_fmt(count, sizeof count, "%" PRIu64, rows[i].count);
            if (with_names)
                ot_row(&tab, -1, kind_names[rows[i].kind], rows[i].name ? rows[i].name : "",
                       rows[i].spelling, count);
            else
                ot_row(&tab, -1, kind_names[rows[i].kind], rows[i].spelling, count);
        }
        ot_print(&tab, format, tty);
    }
    free(rows);
}
