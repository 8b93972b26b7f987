/* report.c - printing replay diagnostics the way validate does, for every command that replays games. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include "common.h"
#include "diag.h"
#include "report.h"
#include "banned.h"

void report_game_label(const struct game *g, char *out, size_t cap)
{
    const char *white = game_tag_value(g, "White");
    const char *black = game_tag_value(g, "Black");
    const char *date = game_tag_value(g, "Date");
    if (!white && !black) {
        snprintf(out, cap, "game %" PRIu64, g->index);
        return;
    }
    snprintf(out, cap, "game %" PRIu64 " (%s - %s%s%s)", g->index, white ? white : "?",
             black ? black : "?", date ? " " : "", date ? date : "");
}

void report_diag_text(FILE *f, const struct game *g, const struct replay_diag *d,
                      const char *label, int verbose)
{
    fprintf(f, "%s:", g->file);
    if (d->line)
        fprintf(f, "%" PRIu64 ":%u:", d->line, d->col);
    fprintf(f, " %s: %s", diag_severity_name(d->severity), label);
    if (d->move != UINT32_MAX) {
        const struct game_move *m = &g->moves[d->move];
        fprintf(f, ", %u%s%.*s", d->move_number, d->side == 0 ? ". " : "...", (int)m->len,
                m->text);
    }
    fprintf(f, ": %s\n", d->msg);
    if (verbose && d->fen[0])
        fprintf(f, "    position: %s\n", d->fen);
}

size_t report_diags(FILE *f, const struct game *g, const struct replay *r, int min_severity,
                    int verbose)
{
    char label[256];
    size_t n = 0;
    for (size_t i = 0; i < r->ndiags; i++) {
        const struct replay_diag *d = &r->diags[i];
        if (d->severity < min_severity)
            continue;
        if (!n++)
            report_game_label(g, label, sizeof label);
        report_diag_text(f, g, d, label, verbose);
    }
    return n;
}

int report_reader_close(struct pgn_reader *r, int rc)
{
    if (rc < 0) {
        char msg[512];
        pgn_error_format(pgn_reader_error(r), msg, sizeof msg);
        error("%s", msg);
    }
    pgn_reader_free(r);
    return rc < 0 ? -1 : 0;
}
