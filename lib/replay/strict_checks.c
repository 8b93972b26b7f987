/* strict_checks.c - REPLAY_STRICT: the order of the tag pairs and the move numbers of export format. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "base/utf8.h"
#include "pgn/export_format.h"
#include "replay/replay_internal.h"
#include "replay/strict.h"
#include "base/banned.h"

struct strict_finding *strict_note(struct strict_findings *f, int code, uint64_t line,
                                   uint32_t col, uint32_t off, const char *fmt, ...)
{
    struct strict_finding *x = &f->at[code - STRICT_FIRST];
    if (x->count++)
        return NULL;
    x->line = line;
    x->col = col;
    x->off = off;
    x->move = UINT32_MAX;
    x->move_number = 0;
    x->side = WHITE;
    va_list ap;
    va_start(ap, fmt);
    if (vsnprintf(x->msg, sizeof x->msg, fmt, ap) >= (int)sizeof x->msg)
        x->msg[utf8_valid_prefix(x->msg, sizeof x->msg - 1)] = '\0';
    va_end(ap);
    return x;
}

/* ---- Tag pairs (8.1.1) ------------------------------------------------- */

/* Export format (see pgn/export_format.h): the Seven Tag Roster first and
 * in its order, then the other tags in ASCII order of their names. */
static void check_tag_order(struct strict_findings *f, const struct game *g)
{
    int last_roster = -1;
    const char *last_other = NULL;
    for (uint32_t i = 0; i < g->ntags; i++) {
        const struct game_tag *t = &g->tags[i];
        int k = pgn_roster_index(t->name, t->name_len);
        if (k >= 0 && last_other)
            strict_note(f, D_TAG_ORDER, t->line, t->col, t->off,
                        "tag %s after %s: export format puts the Seven Tag Roster first",
                        t->name, last_other);
        else if (k >= 0 && k < last_roster)
            strict_note(f, D_TAG_ORDER, t->line, t->col, t->off,
                        "tag %s after %s: the Seven Tag Roster goes Event, Site, Date, Round, "
                        "White, Black, Result", t->name, pgn_roster[last_roster]);
        else if (k < 0 && last_other && pgn_export_tag_cmp(last_other, t->name) > 0)
            strict_note(f, D_TAG_SORT, t->line, t->col, t->off,
                        "tag %s after %s: export format sorts the tags after the Seven Tag "
                        "Roster by name", t->name, last_other);
        if (k >= 0 && k > last_roster)
            last_roster = k;
        if (k < 0)
            last_other = t->name;
    }
}

/* ---- Move numbers (8.2.2.2) -------------------------------------------- */

struct number_walk {
    struct strict_findings *f;
    const struct game *g;
};

static const char *const side_name[2] = { "White", "Black" };

/* Records the move a finding is about, for its label. */
static void about(struct strict_finding *x, uint32_t i, uint32_t number, int side)
{
    if (!x)
        return;
    x->move = i;
    x->move_number = number;
    x->side = side;
}

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r';
}

/*
 * The form of the move number written before move i (number: its full-move
 * number, side: who moves): "12. " before White's move, "12... " before
 * Black's, digits and periods together and a space before the move.
 */
static void check_number_form(struct number_walk *w, uint32_t i, uint32_t number, int side)
{
    const struct game_move *m = &w->g->moves[i];
    const unsigned char *raw = (const unsigned char *)w->g->raw;
    const char *dots = side == WHITE ? "." : "...";
    const char *problem = NULL;
    size_t j = m->off;
    if (m->flags & GAME_MOVE_GLUED_NUMBER) {
        problem = "no space after the move number";
    } else {
        while (j > 0 && is_blank(raw[j - 1]))
            j--;
        size_t periods = 0;
        while (j > 0 && raw[j - 1] == '.')
            j--, periods++;
        if (periods == 0)
            problem = "no period after the move number";
        else if (j == 0 || raw[j - 1] < '0' || raw[j - 1] > '9')
            problem = "a space inside the move number";
        else if (periods != strlen(dots))
            problem = side == WHITE ? "White's move number takes one period"
                                    : "Black's move number takes three periods";
    }
    if (problem)
        about(strict_note(w->f, D_MOVE_NUMBER_FORM, m->line, m->col, m->off,
                          "%s: export format writes '%u%s %.*s'", problem, m->number, dots,
                          (int)m->len, m->text),
              i, number, side);
}

/* Whether the text before move i (not the first of its line) is more than
 * a move number: a comment or a variation after the move before. */
static int after_commentary(const struct game *g, uint32_t i)
{
    const struct game_move *prev = &g->moves[i - 1];
    return prev->comment_count > 0 || prev->var_count > 0;
}

static void walk_numbers(struct number_walk *w, uint32_t var, int side, uint32_t number)
{
    const struct game *g = w->g;
    const struct game_var *v = &g->vars[var];
    for (uint32_t i = v->first; i < v->first + v->count; i++) {
        const struct game_move *m = &g->moves[i];
        for (uint32_t k = 0; k < m->var_count; k++)
            walk_numbers(w, m->var_first + k, side, number);
        int wanted = side == WHITE || i == v->first || after_commentary(g, i);
        if (!m->number && wanted)
            about(strict_note(w->f, D_MISSING_MOVE_NUMBER, m->line, m->col, m->off,
                              "%s's move %.*s has no move number: export format writes "
                              "'%u%s %.*s'", side_name[side], (int)m->len, m->text, number,
                              side == WHITE ? "." : "...", (int)m->len, m->text),
                  i, number, side);
        else if (m->number && !wanted)
            about(strict_note(w->f, D_EXTRA_MOVE_NUMBER, m->line, m->col, m->off,
                              "move number before Black's move %.*s: export format numbers "
                              "Black's moves only after a comment or a variation",
                              (int)m->len, m->text),
                  i, number, side);
        else if (m->number && g->raw)
            check_number_form(w, i, number, side);
        if (side == BLACK)
            number++;
        side ^= 1;
    }
}

/* ---- Suffix annotations glued to moves (8.2.3.8) ----------------------- */

/* Glyphs other than ! and ? glued to a move ("Nf3±"): the text scan finds
 * ! and ? wherever they stand. */
static void check_glued_glyphs(struct strict_findings *f, const struct game *g)
{
    for (uint32_t i = 0; i < g->nmoves; i++) {
        const struct game_move *m = &g->moves[i];
        if (!(m->flags & GAME_MOVE_GLUED_NAG) || !m->nag_count || !g->raw ||
            (m->flags & GAME_MOVE_REJOINED))
            continue;
        char c = g->raw[m->off + m->len];
        if (c == '!' || c == '?')
            continue;
        strict_note(f, D_SUFFIX_ANNOTATION, m->line, m->col + m->len, m->off + m->len,
                    "annotation glyph after %.*s: export format writes the NAG $%u",
                    (int)m->len, m->text, g->nags[m->nag_first]);
    }
}

/* ---- Into the replay's diagnostics ---------------------------------------- */

static void report_findings(struct replay *r, const struct game *g,
                            const struct strict_findings *f)
{
    for (int k = 0; k < STRICT_COUNT; k++) {
        const struct strict_finding *x = &f->at[k];
        struct replay_diag *d;
        if (!x->count)
            continue;
        if (x->count == 1)
            d = replay_add(r, STRICT_FIRST + k, x->line, x->col, g->offset + x->off, "%s",
                           x->msg);
        else
            d = replay_add(r, STRICT_FIRST + k, x->line, x->col, g->offset + x->off,
                           "%s (%u more in this game)", x->msg, x->count - 1);
        if (!d)
            continue;
        d->move = x->move;
        d->move_number = x->move_number;
        d->side = x->side;
    }
}

void replay_strict_checks(struct replay *r, const struct game *g, int replayed)
{
    struct strict_findings f;
    for (int k = 0; k < STRICT_COUNT; k++)
        f.at[k].count = 0;
    check_tag_order(&f, g);
    if (replayed && g->nvars) {
        struct number_walk w = { &f, g };
        walk_numbers(&w, 0, r->start.side, r->start.fullmove);
    }
    check_glued_glyphs(&f, g);
    strict_check_text(&f, g);
    report_findings(r, g, &f);
}
