/* game_html.c - games as one self-contained HTML page: tags, moves with comments and variations, diagrams, graph. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "write/game_html.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "picture/board_svg.h"
#include "picture/chart_svg.h"
#include "picture/game_series.h"
#include "picture/svg_text.h"
#include "base/banned.h"

static const char css[] =
    "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:48em;padding:.8em;"
    "color:#111;background:#fff;line-height:1.5}\n"
    "h1{font-size:1.3em}h2{font-size:1.15em;margin-top:2em}\n"
    "table.tags{border-collapse:collapse;margin:.5em 0}\n"
    "table.tags th{text-align:left;padding:0 .8em 0 0;font-weight:normal;color:#555}\n"
    ".mv{font-weight:600}.num{color:#555}.nag{color:#a40}\n"
    ".comment{color:#246;font-style:italic}\n"
    ".var{color:#444}.var .mv{font-weight:normal}\n"
    "figure{margin:.6em 0}figure.diagram svg{width:100%;max-width:20em;height:auto;display:block}\n"
    "figure.graph svg{width:100%;height:auto;display:block}\n"
    ".result{font-weight:700}\n"
    "@media print{body{max-width:none;padding:0}article{break-before:page}"
    "article:first-of-type{break-before:auto}figure{break-inside:avoid}a{color:inherit}}\n";

/* What the walk keeps between its calls. */
struct html_walk {
    int need_number; /* the next move of this line is written with its number */
};

/* Text escaped for HTML, its failure kept in w->err. */
static void esc(struct go_game *w, const char *p, size_t n)
{
    struct svg s = { w->out, PGN_OK };
    if (w->err)
        return;
    svg_escape(&s, p, n);
    w->err = s.status;
}

static void escz(struct go_game *w, const char *p) { esc(w, p, strlen(p)); }

static void putf(struct go_game *w, const char *fmt, unsigned long a)
{
    char t[64];
    int n = snprintf(t, sizeof t, fmt, a);
    go_put(w, t, (size_t)n);
}

/* A picture written by a lib/picture function, its failure kept in w->err. */
static void picture_status(struct go_game *w, int rc)
{
    if (rc && !w->err)
        w->err = rc;
}

void game_html_begin(struct go_game *w)
{
    /* The page's language is the one its moves are written in (--lang). */
    int lang = w->o->opts.style.lang;
    go_puts(w, "<!DOCTYPE html>\n<html lang=\"");
    go_puts(w, lang > 0 && lang < notation_count() ? notation_get(lang)->name : "en");
    go_puts(w, "\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
               "<title>Games</title>\n<style>\n");
    go_puts(w, css);
    go_puts(w, "</style>\n</head>\n<body>\n");
    if (!w->err)
        picture_status(w, board_svg_defs(w->out));
    go_puts(w, "\n");
}

void game_html_end(struct go_game *w)
{
    go_puts(w, "</body>\n</html>\n");
}

/* A comment's own words: its plain text without the "[#]" diagram markers. */
static void comment_words(struct go_game *w, const struct game_comment *c)
{
    const char *p = c->plain, *end = c->plain + c->plain_len;
    go_puts(w, " <span class=\"comment\">");
    while (p < end) {
        const char *mark = NULL;
        for (const char *q = p; q + 3 <= end && !mark; q++)
            if (!memcmp(q, "[#]", 3))
                mark = q;
        esc(w, p, (size_t)((mark ? mark : end) - p));
        p = mark ? mark + 3 : end;
    }
    go_puts(w, "</span>");
}

/* 1 when the comment has words to show: more than "[#]" markers and spaces. */
static int has_words(const struct game_comment *c)
{
    for (uint32_t k = 0; k < c->plain_len; k++) {
        if (k + 3 <= c->plain_len && !memcmp(c->plain + k, "[#]", 3))
            k += 2;
        else if (c->plain[k] != ' ' && c->plain[k] != '\n' && c->plain[k] != '\t' &&
                 c->plain[k] != '\r')
            return 1;
    }
    return 0;
}

/* 1 when the comment asks for a diagram: "[#]" in its text. */
static int asks_diagram(const struct game_comment *c)
{
    for (uint32_t k = 0; k + 3 <= c->plain_len; k++)
        if (!memcmp(c->plain + k, "[#]", 3))
            return 1;
    return 0;
}

/*
 * The comments [first, first+count) kept, or with m those of move m at slot
 * (go_comment_slot); returns 1 when one of them asks for a diagram.
 */
static int comments(struct go_game *w, uint32_t first, uint32_t count, const struct game_move *m,
                    uint32_t slot)
{
    int diagram = 0;
    const struct game_comment *c;
    const char *s;
    size_t n;
    for (uint32_t k = first; (c = go_comment_next(w, &k, first + count, m, slot, &s, &n)); k++) {
        diagram |= asks_diagram(c);
        if (has_words(c)) {
            comment_words(w, c);
            ((struct html_walk *)w->ctx)->need_number = 1;
        }
    }
    return diagram;
}

/* A board of p; last is the move that led to it (MOVE_NONE: none), from before. */
static void diagram(struct go_game *w, const struct pos *p, move16 last, const struct pos *before)
{
    char caption[96] = "";
    if (last != MOVE_NONE && before) {
        char san[MOVE_TEXT_MAX];
        move_write(before, last, &w->o->opts.style, san, sizeof san);
        board_caption_after(w->o->opts.style.lang, before->fullmove, before->side, san, caption,
                            sizeof caption);
    }
    struct board_view v = { p, false, true, last, NULL, caption, 0, NULL };
    go_puts(w, "<figure class=\"diagram\">");
    if (!w->err)
        picture_status(w, board_svg(w->out, &v, 0));
    go_puts(w, "</figure>");
}

/* 1 when ply (0: the start) of the main line is one of opts.diagrams. */
static int chosen_ply(const struct go_game *w, uint32_t ply, int final)
{
    const struct game_out_opts *o = &w->o->opts;
    for (size_t k = 0; k < o->ndiagrams; k++) {
        const struct go_ply_range *r = &o->diagrams[k];
        if ((ply >= r->first && ply <= r->last) || (final && r->last == GO_PLY_FINAL))
            return 1;
    }
    return 0;
}

static void line_begin(struct go_game *w, uint32_t var, uint32_t depth, const struct pos *p)
{
    const struct game_var *v = &w->g->vars[var];
    ((struct html_walk *)w->ctx)->need_number = 1;
    if (depth)
        putf(w, " <span class=\"var\" data-depth=\"%lu\">(", depth);
    int asked = 0;
    if (depth || go_lead_comments(w))
        asked = comments(w, v->comment_first, v->comment_count, NULL, 0);
    if (asked || (!depth && w->first == 0 && chosen_ply(w, 0, w->limit == 0)))
        diagram(w, p, MOVE_NONE, NULL);
}

static void line_end(struct go_game *w, uint32_t var, uint32_t depth)
{
    if (!depth)
        return;
    go_puts(w, ")</span>");
    const struct game_move *m = &w->g->moves[w->g->vars[var].parent];
    comments(w, m->comment_first, m->comment_count, m, var - m->var_first + 1);
    ((struct html_walk *)w->ctx)->need_number = 1;
}

/* The glyph of NAGs 1..6, "$N" for the others. */
static void nag(struct go_game *w, unsigned n)
{
    static const char *const glyphs[] = { "", "!", "?", "!!", "??", "!?", "?!" };
    go_puts(w, "<span class=\"nag\">");
    if (n >= 1 && n <= 6)
        go_puts(w, glyphs[n]);
    else
        putf(w, "$%lu", n);
    go_puts(w, "</span>");
}

static void move(struct go_game *w, const struct go_step *s)
{
    struct html_walk *hw = w->ctx;
    const struct game_move *m = &w->g->moves[s->i];
    char text[MOVE_TEXT_MAX];
    go_puts(w, " ");
    if (s->before->side == WHITE || hw->need_number) {
        go_puts(w, "<span class=\"num\">");
        putf(w, s->before->side == WHITE ? "%lu." : "%lu...", s->before->fullmove);
        go_puts(w, "</span>");
    }
    hw->need_number = 0;
    putf(w, "<span class=\"mv\" data-ply=\"%lu\"", s->ply);
    putf(w, " data-depth=\"%lu\">", s->depth);
    if (s->move == MOVE_NONE)
        go_puts(w, "--");
    else
        esc(w, text, go_move_text(w, s, text));
    go_puts(w, "</span>");
    if (!(w->o->opts.strip & GO_STRIP_NAGS))
        for (uint32_t k = 0; k < m->nag_count; k++)
            nag(w, w->g->nags[m->nag_first + k]);
    int asked = comments(w, m->comment_first, m->comment_count, m, 0);
    if (asked || (!s->depth && chosen_ply(w, s->ply, s->ply == w->limit)))
        diagram(w, s->after, s->move, s->before);
}

/* The names of the players, "?" for one not known. */
static void heading(struct go_game *w)
{
    const char *white = go_tag_value(w, "White"), *black = go_tag_value(w, "Black");
    putf(w, "<article class=\"game\" id=\"game-%lu\">\n<h2>", (unsigned long)w->g->index);
    escz(w, white ? white : "?");
    go_puts(w, " \xe2\x80\x93 "); /* an en dash */
    escz(w, black ? black : "?");
    go_puts(w, ", ");
    escz(w, go_result_text(w->o, w->result));
    go_puts(w, "</h2>\n");
}

static void tags(struct go_game *w)
{
    if (!w->ntags)
        return;
    go_puts(w, "<table class=\"tags\">\n");
    for (size_t i = 0; i < w->ntags; i++) {
        go_puts(w, "<tr><th>");
        esc(w, w->tags[i].name, w->tags[i].name_len);
        go_puts(w, "</th><td>");
        esc(w, w->tags[i].value, w->tags[i].value_len);
        go_puts(w, "</td></tr>\n");
    }
    go_puts(w, "</table>\n");
}

/* The evaluation and clock graph of the main line, when it has one. */
static void graph(struct go_game *w)
{
    size_t n = w->g->nvars ? w->g->vars[0].count : 0;
    if (!n)
        return;
    double *eval = malloc(n * sizeof *eval), *clock = malloc(n * sizeof *clock);
    if (!eval || !clock) {
        if (!w->err)
            w->err = PGN_ENOMEM;
    } else if (game_series(w->g, eval, clock)) {
        const char *white = go_tag_value(w, "White"), *black = go_tag_value(w, "Black");
        char title[256];
        snprintf(title, sizeof title, "%s - %s", white ? white : "?", black ? black : "?");
        /* The moves' numbers go on from the start position's (a game from a FEN). */
        struct chart_game cg = { title, n, eval, clock, w->r ? w->r->start.fullmove : 1,
                                 w->r && w->r->start.side == BLACK };
        go_puts(w, "<figure class=\"graph\">");
        if (!w->err)
            picture_status(w, chart_game_svg(w->out, &cg, 0));
        go_puts(w, "</figure>\n");
    }
    free(eval);
    free(clock);
}

void game_html_write(struct go_game *w)
{
    static const struct go_visit visit = { line_begin, move, NULL, line_end };
    struct html_walk hw = { 1 };
    w->ctx = &hw;
    heading(w);
    tags(w);
    graph(w);
    go_puts(w, "<div class=\"moves\">");
    go_walk(w, &visit);
    const struct game *g = w->g;
    comments(w, g->post_first, g->post_count, NULL, 0);
    go_puts(w, " <span class=\"result\">");
    escz(w, go_result_text(w->o, w->result));
    go_puts(w, "</span></div>\n</article>\n");
    w->ctx = NULL;
}
