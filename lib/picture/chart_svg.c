/* chart_svg.c - SVG charts: columns of counts, and a game's evaluation and clock graph. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "picture/chart_svg.h"
#include "picture/svg_text.h"
#include "picture/text_fit.h"
#include "base/banned.h"

/* A column chart's frame: the columns fill W x H above LABEL units of labels. */
enum { W = 600, H = 180, TOP = 16, LABEL = 22, LEFT = 8 };

int chart_columns_svg(struct buf *out, const struct chart_columns *c)
{
    struct svg s = { out, PGN_OK };
    int64_t most = 0;
    for (size_t i = 0; i < c->n; i++)
        most = c->values[i] > most ? c->values[i] : most;
    svg_printf(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                   "class=\"chart\" role=\"img\"><title>",
               W + 2 * LEFT, TOP + H + LABEL);
    svg_escape(&s, c->title, strlen(c->title));
    svg_puts(&s, "</title>");
    svg_printf(&s, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>", LEFT,
               TOP + H, LEFT + W, TOP + H);
    double step = c->n ? (double)W / (double)c->n : W;
    /* About a dozen labels fit under the columns: every k-th is written. */
    size_t every = c->n > 12 ? (c->n + 11) / 12 : 1;
    for (size_t i = 0; i < c->n; i++) {
        double h = most ? (double)H * (double)c->values[i] / (double)most : 0;
        double x = LEFT + step * (double)i;
        svg_printf(&s, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                       "fill=\"#4a7bb7\" data-value=\"%lld\"><title>",
                   x + step * 0.1, TOP + H - h, step * 0.8, h, (long long)c->values[i]);
        svg_escape(&s, c->labels[i], strlen(c->labels[i]));
        svg_printf(&s, ": %lld</title></rect>", (long long)c->values[i]);
        if (i % every == 0) {
            svg_printf(&s, "<text x=\"%.1f\" y=\"%d\" font-family=\"sans-serif\" "
                           "font-size=\"11\" text-anchor=\"middle\" fill=\"#333\">",
                       x + step / 2, TOP + H + 15);
            svg_escape(&s, c->labels[i], strlen(c->labels[i]));
            svg_puts(&s, "</text>");
        }
        if (c->n <= 12 && c->values[i])
            svg_printf(&s, "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" "
                           "font-size=\"11\" text-anchor=\"middle\" fill=\"#333\">%lld</text>",
                       x + step / 2, TOP + H - h - 3, (long long)c->values[i]);
    }
    svg_puts(&s, "</svg>\n");
    return s.status;
}

/*
 * The graph's frame, in units (pixels at its own size, which it has as a
 * file of its own):
 *
 *   title (one line or more, as text_fit breaks it)
 *   "pawns" above the left axis           "minutes" above the right axis
 *   +10 |  evaluation area, clock lines, the zero line  | 30
 *    0  |-------------------------------------------------| 15
 *   -10 |_________________________________________________| 0
 *        1    5    10    15    20  (move numbers)       move
 *   legend: [] evaluation  — White's clock  — Black's clock  o mate
 *
 * The evaluation is linear from -10 to +10 pawns; a mate, or more than ten
 * pawns, is drawn at the edge, a mate with a marker on it.
 */
enum { GW = 640, LEFT_AXIS = 40, RIGHT_AXIS = 44, PH = 180, CLIP = 1000, FONT = 11 };

struct frame {
    double top, left, width; /* the plot's top left corner and width; its height is PH */
    double dx;               /* per ply */
    int title_lines;
    double title_size;
};

static double eval_y(const struct frame *f, double cp)
{
    if (cp > CLIP)
        cp = CLIP;
    if (cp < -CLIP)
        cp = -CLIP;
    return f->top + PH / 2.0 - cp * (PH / 2.0) / CLIP;
}

static double ply_x(const struct frame *f, size_t ply) { return f->left + f->dx * (double)ply; }

static void text_at(struct svg *s, double x, double y, const char *anchor, const char *cls,
                    const char *t)
{
    svg_printf(s, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">", x, y, anchor,
               cls);
    svg_escape(s, t, strlen(t));
    svg_puts(s, "</text>");
}

static void eval_area(struct svg *s, const struct chart_game *g, const struct frame *f)
{
    double last = 0, bottom = f->top + PH;
    /* White's part is the area under the curve: the more of the picture, the better for White. */
    svg_printf(s, "<path fill=\"#fff\" stroke=\"#666\" stroke-width=\".8\" class=\"eval\" "
                  "d=\"M%.1f %.1fL%.1f %.1f",
               f->left, bottom, f->left, eval_y(f, 0));
    for (size_t i = 0; i < g->plies; i++) {
        if (g->eval[i] != CHART_NONE)
            last = g->eval[i];
        svg_printf(s, "L%.1f %.1f", ply_x(f, i + 1), eval_y(f, last));
    }
    svg_printf(s, "L%.1f %.1fz\"/>", ply_x(f, g->plies), bottom);
}

static int is_mate(double cp)
{
    return cp != CHART_NONE && (cp >= CHART_MATE_CP || cp <= -CHART_MATE_CP);
}

/* A mate is drawn at the edge of its side, with a disc that names it. */
static void mate_marks(struct svg *s, const struct chart_game *g, const struct frame *f)
{
    for (size_t i = 0; i < g->plies; i++) {
        if (!is_mate(g->eval[i]))
            continue;
        int white = g->eval[i] > 0;
        svg_printf(s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"#c90\" "
                      "stroke-width=\"2\" class=\"mate\"><title>mate for %s</title></circle>",
                   ply_x(f, i + 1), eval_y(f, white ? CLIP : -CLIP), white ? "#fff" : "#000",
                   white ? "White" : "Black");
    }
}

/* The first of the steps a reader counts in that cuts most into at most n steps. */
static double nice_step(double most, int n)
{
    static const double steps[] = { 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1200, 3000 };
    size_t i = 0;
    while (i + 1 < sizeof steps / sizeof steps[0] && most / steps[i] > n)
        i++;
    return steps[i];
}

/* The clocks' scale: seconds up to two minutes, else minutes; ticks on the right axis. */
static void clock_axis(struct svg *s, const struct frame *f, double most, double *scale_most)
{
    int minutes = most > 120;
    double unit = minutes ? 60 : 1;
    double step = nice_step(most / unit, 4);
    double top = step * (double)(long)((most / unit + step - 1e-9) / step);
    if (top <= 0)
        top = step;
    *scale_most = top * unit;
    double x = f->left + f->width;
    svg_printf(s, "<g class=\"clock-axis\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                  "y2=\"%.1f\" stroke=\"#333\"/>",
               x, f->top, x, f->top + PH);
    for (double v = 0; v <= top + 1e-9; v += step) {
        double y = f->top + PH - v * PH / top;
        char label[32];
        snprintf(label, sizeof label, "%g", v);
        svg_printf(s, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" "
                      "class=\"tick\"/>",
                   x, y, x + 4, y);
        text_at(s, x + 6, y + 4, "start", "tick-label", label);
    }
    text_at(s, GW - 2, f->top - 6, "end", "unit", minutes ? "minutes" : "seconds");
    svg_puts(s, "</g>");
}

/* Each side's clock as a path on the scale from 0 to most; gaps where unknown. */
static void clock_lines(struct svg *s, const struct chart_game *g, const struct frame *f,
                        double most)
{
    for (int side = 0; side < 2; side++) {
        int open = 0;
        svg_printf(s, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
                      "class=\"clock-%s\" d=\"",
                   side ? "#e44" : "#39f", side ? "black" : "white");
        /* The mover of ply i+1 is White when i, counted from a White move, is even. */
        for (size_t i = g->first_black ? 1 - (size_t)side : (size_t)side; i < g->plies; i += 2) {
            if (g->clock[i] == CHART_NONE) {
                open = 0;
                continue;
            }
            svg_printf(s, "%c%.1f %.1f", open ? 'L' : 'M', ply_x(f, i + 1),
                       f->top + PH - g->clock[i] * PH / most);
            open = 1;
        }
        svg_puts(s, "\"/>");
    }
}

static void eval_axis(struct svg *s, const struct frame *f)
{
    static const struct { int pawns; const char *label; } ticks[] = {
        { 10, "+10" }, { 5, "+5" }, { 0, "0" }, { -5, "\xe2\x88\x92" "5" },
        { -10, "\xe2\x88\x92" "10" },
    };
    svg_printf(s, "<g class=\"eval-axis\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                  "stroke=\"#333\"/>",
               f->left, f->top, f->left, f->top + PH);
    for (size_t i = 0; i < sizeof ticks / sizeof ticks[0]; i++) {
        double y = eval_y(f, ticks[i].pawns * 100.0);
        svg_printf(s, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" "
                      "class=\"tick\"/>",
                   f->left - 4, y, f->left, y);
        text_at(s, f->left - 6, y + 4, "end", "tick-label", ticks[i].label);
    }
    text_at(s, 2, f->top - 6, "start", "unit", "pawns");
    svg_puts(s, "</g>");
}

/* Move numbers under the plot, at White's moves (or the first move), every step moves. */
static void move_axis(struct svg *s, const struct chart_game *g, const struct frame *f)
{
    uint32_t first = g->first_move ? g->first_move : 1;
    size_t moves = (g->plies + (g->first_black ? 1 : 0) + 1) / 2;
    int step = (int)nice_step((double)moves, 12);
    double bottom = f->top + PH;
    svg_printf(s, "<g class=\"move-axis\"><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                  "stroke=\"#333\"/>",
               f->left, bottom, f->left + f->width, bottom);
    for (size_t ply = 1; ply <= g->plies; ply++) {
        size_t from_white = ply - 1 + (g->first_black ? 1 : 0); /* plies since a White move */
        if (from_white % 2)
            continue;
        uint32_t move = first + (uint32_t)(from_white / 2);
        /* The first move is numbered too, unless a multiple of step is close after it. */
        int first_label = ply <= 2 && (uint32_t)step - move % (uint32_t)step > (uint32_t)step / 2;
        if (move % (uint32_t)step && !first_label)
            continue;
        char label[16];
        snprintf(label, sizeof label, "%u", move);
        double x = ply_x(f, ply);
        svg_printf(s, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\" "
                      "class=\"tick\"/>",
                   x, bottom, x, bottom + 4);
        text_at(s, x, bottom + 15, "middle", "tick-label", label);
    }
    text_at(s, GW - 2, bottom + 15, "end", "unit", "move");
    svg_puts(s, "</g>");
}

/* The legend under the move numbers: a swatch and a name for each thing drawn. */
static double legend(struct svg *s, double y, int evals, int clocks, int mates)
{
    static const struct { const char *name, *swatch; } items[] = {
        { "evaluation (White's advantage, pawns)",
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"#fff\" "
          "stroke=\"#333\"/>" },
        { "White's clock",
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"3\" fill=\"#39f\"/>" },
        { "Black's clock",
          "<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"3\" fill=\"#e44\"/>" },
        { "mate (at the edge)",
          "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#fff\" stroke=\"#c90\" "
          "stroke-width=\"2\"/>" },
    };
    int shown[4] = { evals, clocks, clocks, mates };
    double x = LEFT_AXIS;
    svg_puts(s, "<g class=\"legend\">");
    for (size_t i = 0; i < 4; i++) {
        if (!shown[i])
            continue;
        double w = 18 + text_width(items[i].name, strlen(items[i].name), FONT) + 16;
        if (x > LEFT_AXIS && x + w > GW - 2) { /* a new row */
            x = LEFT_AXIS;
            y += FONT * 1.5;
        }
        if (i == 3)
            svg_printf(s, items[i].swatch, x + 7, y - 4);
        else
            svg_printf(s, items[i].swatch, x, y - (i ? 5 : 9));
        text_at(s, x + 18, y, "start", "legend-label", items[i].name);
        x += w;
    }
    svg_puts(s, "</g>");
    return y;
}

/* The title, broken into lines as captions are when it is wider than the graph. */
static void title_lines(struct svg *s, const char *t, const struct frame *f)
{
    size_t n = strlen(t), at = 0;
    svg_printf(s, "<text font-size=\"%g\" text-anchor=\"middle\" fill=\"#000\" class=\"title\">",
               f->title_size);
    for (int i = 0; i < f->title_lines; i++) {
        size_t start = at, len = text_line(t, n, start, GW - 8, f->title_size, &at);
        svg_printf(s, "<tspan x=\"%d\" y=\"%.1f\">", GW / 2, f->title_size * (1.3 + 1.25 * i));
        svg_escape(s, t + start, len);
        svg_puts(s, "</tspan>");
    }
    svg_puts(s, "</text>");
}

int chart_game_svg(struct buf *out, const struct chart_game *g, int document)
{
    struct svg s = { out, PGN_OK };
    struct frame f;
    double most = 0;
    int evals = 0, clocks = 0, mates = 0;
    for (size_t i = 0; i < g->plies; i++) {
        evals |= g->eval[i] != CHART_NONE;
        mates |= is_mate(g->eval[i]);
        clocks |= g->clock[i] != CHART_NONE;
        if (g->clock[i] != CHART_NONE && g->clock[i] > most)
            most = g->clock[i];
    }
    clocks &= most > 0; /* clocks all at zero have no scale: not drawn, not named */
    f.title_size = 14;
    f.title_lines = (int)text_lines(g->title, strlen(g->title), GW - 8, 14, 1);
    if (f.title_lines > 1) {
        f.title_size = 12;
        f.title_lines = (int)text_lines(g->title, strlen(g->title), GW - 8, 12, 1000000);
    }
    f.top = f.title_size * (1.3 + 1.25 * (f.title_lines - 1)) + 28;
    f.left = LEFT_AXIS;
    f.width = GW - LEFT_AXIS - RIGHT_AXIS;
    f.dx = g->plies ? f.width / (double)g->plies : f.width;
    /* The legend's rows are known once it is laid out: it goes into a buffer of its own. */
    struct buf legend_buf = BUF_INIT(1 << 16);
    struct svg ls = { &legend_buf, PGN_OK };
    double last_row = legend(&ls, f.top + PH + 36, evals, clocks, mates);
    int height = (int)(last_row + 10);
    if (document)
        svg_puts(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg_printf(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\"", GW, height);
    if (document)
        svg_printf(&s, " width=\"%d\" height=\"%d\"", GW, height);
    svg_puts(&s, " class=\"graph\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\" "
                 "fill=\"#222\"><title>");
    svg_escape(&s, g->title, strlen(g->title));
    svg_puts(&s, "</title>");
    svg_printf(&s, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>", GW, height);
    title_lines(&s, g->title, &f);
    svg_printf(&s, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"#333\" "
                   "class=\"plot\"/>",
               f.left, f.top, f.width, PH);
    if (evals) {
        eval_area(&s, g, &f);
        svg_printf(&s, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" "
                       "stroke-dasharray=\"4 3\" class=\"zero-line\"/>",
                   f.left, eval_y(&f, 0), f.left + f.width, eval_y(&f, 0));
        eval_axis(&s, &f);
    }
    if (clocks) {
        double scale;
        clock_axis(&s, &f, most, &scale);
        clock_lines(&s, g, &f, scale);
    }
    if (mates)
        mate_marks(&s, g, &f);
    move_axis(&s, g, &f);
    if (ls.status)
        s.status = ls.status;
    svg_raw(&s, legend_buf.data, legend_buf.len);
    buf_release(&legend_buf);
    svg_puts(&s, "</svg>\n");
    return s.status;
}
