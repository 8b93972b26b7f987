/* report.c - printing replay diagnostics the way validate does, for every command that replays games. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
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
    return severity == PGN_SEV_ERROR ? TERM_RED : severity == PGN_SEV_WARNING ? TERM_MAGENTA : TERM_CYAN;
}

/*
 * Writes the text spell writes for what (through pgn_error_format or
 * pgn_location_format), however long: from a stack buffer, or from the heap
 * when a long file name does not fit there.
 */
static void put_spelt(FILE *f, int (*spell)(const void *what, char *buf, size_t size),
                      const void *what)
{
    char small[512];
    int n = spell(what, small, sizeof small);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        fputs(small, f);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    spell(what, big, (size_t)n + 1);
    fputs(big, f);
    free(big);
}

static int spell_error(const void *what, char *buf, size_t size)
{
    return pgn_error_format(what, buf, size);
}

static int spell_location(const void *what, char *buf, size_t size)
{
    const struct pgn_error *e = what;
    return pgn_location_format(e->file, e->line, e->col, buf, size);
}

void report_game_prefix(FILE *f, const struct game *g, uint64_t line, uint32_t col,
                        int severity)
{
    char label[256];
    report_game_label(g, label, sizeof label);
    struct pgn_error e = { .file = g->file, .message = label, .line = line, .col = col,
                           .severity = severity };
    put_spelt(f, spell_error, &e);
}

void report_diag_text(FILE *f, const struct game *g, const struct replay_diag *d,
                      const char *label, int verbose)
{
    if (f == stdout || f == stderr)
        progress_erase();
    const char *bold = diag_color ? TERM_BOLD : "", *reset = diag_color ? TERM_RESET : "";
    /* pgn_error_format's layout, with the location bold and the severity in colour. */
    struct pgn_error where = { .file = g->file, .line = d->line, .col = d->col };
    fputs(bold, f);
    put_spelt(f, spell_location, &where);
    fprintf(f, ":%s %s%s:%s %s", reset, diag_color ? severity_color(d->severity) : "",
            pgn_severity_name(d->severity), reset, label);
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
                replay_diag_ply(d), d->move_number);
        json_write_string(f, m->text, m->len);
    } else {
        fprintf(f, ",\"ply\":null,\"move_number\":null,\"move\":null");
    }
    fprintf(f, ",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
            pgn_severity_name(d->severity), diag_name(d->code));
    json_write_string(f, d->msg, strlen(d->msg));
    fprintf(f, ",\"fen\":");
    if (d->fen[0])
        json_write_string(f, d->fen, strlen(d->fen));
    else
        fprintf(f, "null");
    fprintf(f, "}\n");
}

void report_unprinted(FILE *diag, const struct game *g, const struct game_out *o)
{
    const struct go_note *notes;
    size_t n = game_out_notes(o, &notes);
    for (size_t k = 0; k < n; k++) {
        const struct game_move *m = &g->moves[notes[k].move];
        report_game_prefix(diag, g, m->line, m->col, PGN_SEV_NOTE);
        fprintf(diag, ", %.*s: NAG $%u has no %s symbol: left out\n", (int)m->len, m->text,
                notes[k].nag, notes[k].format);
    }
}
