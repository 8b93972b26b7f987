/* stats_repertoire.c - `pgnkit stats --repertoire FILE`: where the games left the repertoire, per exit. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include "cli/common.h"
#include "stats/stats_report.h"
#include "stats/stats_repertoire.h"
#include "base/banned.h"

/* Who left: us or them, or the mover's colour for a repertoire of both sides. */
static const char *who(const struct exit_row *r)
{
    if (r->kind == REP_EXIT_US)
        return "us";
    if (r->kind == REP_EXIT_THEM)
        return "them";
    return r->mover == WHITE ? "white" : "black";
}

/* The score as text: one decimal, or "-" without a decided game. */
static const char *score_text(const struct exit_row *r, char *out, size_t cap)
{
    double v = exit_row_score(r);
    if (v < 0)
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "%.1f", v);
    return out;
}

void stats_print_exits(const struct exit_tally *t, int format)
{
    size_t n;
    const struct exit_row **rows = exit_tally_rows(t, &n);
    if (!rows && hash_table_count(&t->rows))
        die(EXIT_IO, "out of memory");
    const char *scorer = t->side == REP_SIDE_BLACK ? "black" : "white";
    char score[16];
    if (format == FMT_JSON) {
        printf("{\"games\": %" PRIu64 ", \"score_of\": \"%s\", \"exits\": [", t->games, scorer);
        for (size_t i = 0; i < n; i++) {
            const struct exit_row *r = rows[i];
            printf("%s\n  {\"games\": %" PRIu32 ", \"by\": \"%s\", \"wins\": %" PRIu32
                   ", \"draws\": %" PRIu32 ", \"losses\": %" PRIu32 ", \"score\": %s"
                   ", \"exit\": \"%s\", \"path\": \"%s\"}",
                   i ? "," : "", r->games, who(r), r->wins, r->draws, r->losses,
                   exit_row_score(r) < 0 ? "null" : score_text(r, score, sizeof score), r->exit,
                   r->path ? r->path : "");
        }
        printf("%s]}\n", n ? "\n" : "");
    } else if (format == FMT_CSV || format == FMT_TSV) {
        char sep = format == FMT_CSV ? ',' : '\t';
        printf("games%cby%cscore%cexit%cpath\n", sep, sep, sep, sep);
        for (size_t i = 0; i < n; i++)
            printf("%" PRIu32 "%c%s%c%s%c%s%c%s\n", rows[i]->games, sep, who(rows[i]), sep,
                   score_text(rows[i], score, sizeof score), sep, rows[i]->exit, sep,
                   rows[i]->path ? rows[i]->path : "");
    } else {
        printf("repertoire exits: %" PRIu64 " games (score: %s's)\n", t->games, scorer);
        printf("  %6s  %-5s  %5s  %-10s  %s\n", "games", "by", "score", "exit", "after");
        for (size_t i = 0; i < n; i++)
            printf("  %6" PRIu32 "  %-5s  %5s  %-10s  %s\n", rows[i]->games, who(rows[i]),
                   score_text(rows[i], score, sizeof score), rows[i]->exit,
                   rows[i]->path && *rows[i]->path ? rows[i]->path : "(start)");
    }
    free(rows);
}
