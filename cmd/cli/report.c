/* report.c - printing replay diagnostics the way validate does, for every command that replays games. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "cli/common.h"
#include "cli/progress.h"
#include "replay/diag.h"
#include "cli/report.h"
#include "cli/term.h"
#include "base/banned.h"

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

static int diag_color;

void report_set_color(int on) { diag_color = on; }

/* As gcc colours them: error red, warning magenta, note cyan. */
static const char *severity_color(int severity)
{
    return severity == SEV_ERROR ? TERM_RED : severity == SEV_WARNING ? TERM_MAGENTA : TERM_CYAN;
}

void report_diag_text(FILE *f, const struct game *g, const struct replay_diag *d,
                      const char *label, int verbose)
{
    if (f == stdout || f == stderr)
        progress_erase();
    const char *bold = diag_color ? TERM_BOLD : "", *reset = diag_color ? TERM_RESET : "";
    fprintf(f, "%s%s:", bold, g->file);
    if (d->line)
        fprintf(f, "%" PRIu64 ":", d->line);
    if (d->line && d->col) /* column 0: at the end of the input, no column */
        fprintf(f, "%u:", d->col);
    fprintf(f, "%s %s%s:%s %s", reset, diag_color ? severity_color(d->severity) : "",
            diag_severity_name(d->severity), reset, label);
    if (d->move != UINT32_MAX) {
        const struct game_move *m = &g->moves[d->move];
        fprintf(f, ", %s%u%s%.*s%s", bold, d->move_number, d->side == 0 ? ". " : "...",
                (int)m->len, m->text, reset);
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

void report_diag_json(FILE *f, const struct game *g, const struct replay_diag *d)
{
    if (f == stdout || f == stderr)
        progress_erase();
    fprintf(f, "{\"file\":");
    json_write_string(f, g->file, strlen(g->file));
    fprintf(f, ",\"line\":%" PRIu64 ",\"column\":%u,\"offset\":%" PRIu64 ",\"game\":%" PRIu64,
            d->line, d->col, d->offset, g->index);
    if (d->move != UINT32_MAX) {
        const struct game_move *m = &g->moves[d->move];
        fprintf(f, ",\"ply\":%u,\"move_number\":%u,\"move\":",
                2 * (d->move_number - 1) + d->side + 1, d->move_number);
        json_write_string(f, m->text, m->len);
    } else {
        fprintf(f, ",\"ply\":null,\"move_number\":null,\"move\":null");
    }
    fprintf(f, ",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
            diag_severity_name(d->severity), diag_name(d->code));
    json_write_string(f, d->msg, strlen(d->msg));
    fprintf(f, ",\"fen\":");
    if (d->fen[0])
        json_write_string(f, d->fen, strlen(d->fen));
    else
        fprintf(f, "null");
    fprintf(f, "}\n");
}
