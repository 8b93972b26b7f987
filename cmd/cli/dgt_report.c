/* dgt_report.c - --dgt: a DGT board's result signal and taken-back moves, noted and taken out. */
/* SPDX-License-Identifier: MIT */
#include "cli/common.h"
#include "cli/dgt_report.h"
#include "cli/report.h"
#include "replay/dgt.h"
#include "base/banned.h"

static void say_signal(FILE *diag, const struct game *g, const struct dgt_facts *f)
{
    const struct game_var *v = &g->vars[0];
    const struct game_move *first = &g->moves[v->first + v->count - f->signal_plies];
    report_game_prefix(diag, g, first->line, first->col, PGN_SEV_NOTE);
    fprintf(diag, ": %.*s", (int)first->len, first->text);
    if (f->signal_plies == 2)
        fprintf(diag, " %.*s", (int)first[1].len, first[1].text);
    fprintf(diag, ": the kings on the centre squares (white %c%c, black %c%c) signal %s: "
            "not moves of the game; its result is %s\n", 'a' + (f->king_sq[0] & 7),
            '1' + (f->king_sq[0] >> 3), 'a' + (f->king_sq[1] & 7), '1' + (f->king_sq[1] >> 3),
            pgn_result_str(f->result), pgn_result_str(f->result));
}

static void say_takebacks(FILE *diag, const struct game *g)
{
    for (uint32_t i = 1; i < g->nvars; i++) {
        const struct game_var *v = &g->vars[i];
        report_game_prefix(diag, g, v->line, v->col, PGN_SEV_NOTE);
        if (v->count)
            fprintf(diag, ": %u move%s taken back (from '%.*s' on): not moves of the game\n",
                    v->count, plural_s(v->count), (int)g->moves[v->first].len,
                    g->moves[v->first].text);
        else
            fputs(": an empty variation: left out\n", diag);
    }
}

const struct game *dgt_game(const struct game *g, int lang, struct arena *arena, FILE *diag,
                            int quiet, struct game *clean)
{
    struct mainline ml;
    struct dgt_facts f;
    mainline_init(&ml, lang);
    int rc = dgt_read(&ml, g, &f);
    mainline_release(&ml);
    if (rc != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (!f.signal_plies && !f.takebacks)
        return g;
    if (!quiet) {
        say_takebacks(diag, g);
        if (f.signal_plies)
            say_signal(diag, g, &f);
    }
    if (dgt_clean(g, &f, arena, clean) != PGN_OK)
        die(EXIT_IO, "out of memory");
    return clean;
}
