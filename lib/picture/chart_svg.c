/* chart_svg.c - SVG charts: columns of counts, and a game's evaluation and clock graph. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "picture/chart_svg.h"
#include "picture/svg_text.h"
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

/* The graph's frame: plies across GW, the evaluation +-1000 over GH around the middle. */
enum { GW = 600, GH = 160, CLIP = 1000 };

static double eval_y(double cp)
{
    if (cp > CLIP)
        cp = CLIP;
    if (cp < -CLIP)
        cp = -CLIP;
    return GH / 2.0 - cp * (GH / 2.0) / CLIP;
}

static void eval_area(struct svg *s, const struct chart_game *g, double dx)
{
    double last = 0;
    /* White's part is the area under the curve: the more of the picture, the better for White. */
    svg_printf(s, "<path fill=\"#fff\" stroke=\"#666\" stroke-width=\".8\" class=\"eval\" "
                  "d=\"M0 %dL0 %.1f",
               GH, GH / 2.0);
    for (size_t i = 0; i < g->plies; i++) {
        if (g->eval[i] != CHART_NONE)
            last = g->eval[i];
        svg_printf(s, "L%.1f %.1f", dx * (double)(i + 1), eval_y(last));
    }
    svg_printf(s, "L%.1f %dz\"/>", dx * (double)g->plies, GH);
}

/* Each side's clock as a polyline on a scale from 0 to the longest time; gaps where unknown. */
static void clock_lines(struct svg *s, const struct chart_game *g, double dx)
{
    double most = 0;
    for (size_t i = 0; i < g->plies; i++)
        if (g->clock[i] != CHART_NONE && g->clock[i] > most)
            most = g->clock[i];
    if (most <= 0)
        return;
    for (int side = 0; side < 2; side++) {
        int open = 0;
        svg_printf(s, "<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" "
                      "class=\"clock-%s\" d=\"",
                   side ? "#c33" : "#36c", side ? "black" : "white");
        for (size_t i = (size_t)side; i < g->plies; i += 2) {
            if (g->clock[i] == CHART_NONE) {
                open = 0;
                continue;
            }
            svg_printf(s, "%c%.1f %.1f", open ? 'L' : 'M', dx * (double)(i + 1),
                       GH - g->clock[i] * GH / most);
            open = 1;
        }
        svg_puts(s, "\"/>");
    }
}

int chart_game_svg(struct buf *out, const struct chart_game *g, int document)
{
    struct svg s = { out, PGN_OK };
    double dx = g->plies ? (double)GW / (double)g->plies : GW;
    if (document)
        svg_puts(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg_printf(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                   "class=\"graph\" role=\"img\"><title>",
               GW, GH);
    svg_escape(&s, g->title, strlen(g->title));
    svg_puts(&s, "</title>");
    svg_printf(&s, "<rect width=\"%d\" height=\"%d\" fill=\"#333\"/>", GW, GH);
    eval_area(&s, g, dx);
    svg_printf(&s, "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\" "
                   "stroke-dasharray=\"4 3\"/>",
               GH / 2, GW, GH / 2);
    clock_lines(&s, g, dx);
    svg_puts(&s, "</svg>\n");
    return s.status;
}
