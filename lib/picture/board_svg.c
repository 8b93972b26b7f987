/* board_svg.c - a chess position as an SVG diagram: board, pieces, coordinates, marks, caption. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include "picture/board_svg.h"
#include "picture/pieces_svg.h"
#include "picture/svg_text.h"
#include "picture/text_fit.h"
#include "base/banned.h"

/*
 * Layout in SVG units (a square is 45):
 *
 *   PAD | ranks (COORD) | board 360 | SIDE (the mover's disc) | PAD
 *   below the board: files (COORD), the caption (CAPTION), PAD
 */
enum { SQ = 45, BOARD = 8 * SQ, PAD = 4, COORD = 16, SIDE = 22 };

/* The caption as drawn: which text, at what size, in how many lines. */
struct caption_fit {
    const char *text;
    size_t len;
    double size;
    unsigned lines;
};

struct layout {
    int ox, oy;   /* the board's top left corner */
    int w, h;     /* the picture */
    bool flip;
    struct caption_fit cap;
};

static int col_of(const struct layout *l, int sq) { return l->flip ? 7 - sq % 8 : sq % 8; }
static int row_of(const struct layout *l, int sq) { return l->flip ? sq / 8 : 7 - sq / 8; }
static int x_of(const struct layout *l, int sq) { return l->ox + SQ * col_of(l, sq); }
static int y_of(const struct layout *l, int sq) { return l->oy + SQ * row_of(l, sq); }

/* The dark squares are those whose column and row (from the top left) add up to an odd
 * number, flipped or not: one path draws them all. */
static void squares(struct svg *s, const struct layout *l)
{
    svg_printf(s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ecd9b9\"/>", l->ox,
               l->oy, BOARD, BOARD);
    svg_printf(s, "<path fill=\"#ae8a68\" d=\"");
    for (int row = 0; row < 8; row++)
        for (int col = (row + 1) % 2; col < 8; col += 2)
            svg_printf(s, "M%d %dh45v45h-45z", l->ox + SQ * col, l->oy + SQ * row);
    svg_puts(s, "\"/>");
}

static void coordinates(struct svg *s, const struct layout *l)
{
    svg_puts(s, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#444\" "
                "text-anchor=\"middle\">");
    for (int i = 0; i < 8; i++) {
        int file = l->flip ? 7 - i : i, rank = l->flip ? i : 7 - i;
        svg_printf(s, "<text x=\"%d\" y=\"%d\">%c</text>", l->ox + SQ * i + SQ / 2,
                   l->oy + BOARD + 12, 'a' + file);
        svg_printf(s, "<text x=\"%d\" y=\"%d\">%c</text>", l->ox - COORD / 2,
                   l->oy + SQ * i + SQ / 2 + 4, '1' + rank);
    }
    svg_puts(s, "</g>");
}

/* The squares a move's tint covers: castling (king takes rook) tints the king's two squares. */
static void last_move(struct svg *s, const struct layout *l, move16 m)
{
    int from = move_from(m), to = move_to(m);
    if (move_flag(m) == MF_CASTLING)
        to = (from & ~7) + (to > from ? 6 : 2);
    svg_printf(s, "<g fill=\"#d7d34a\" fill-opacity=\".55\">"
                  "<rect x=\"%d\" y=\"%d\" width=\"45\" height=\"45\"/>"
                  "<rect x=\"%d\" y=\"%d\" width=\"45\" height=\"45\"/></g>",
               x_of(l, from), y_of(l, from), x_of(l, to), y_of(l, to));
}

static void square_marks(struct svg *s, const struct layout *l, const struct board_marks *m)
{
    for (unsigned i = 0; i < m->nsquares; i++) {
        const struct board_mark *k = &m->squares[i];
        svg_printf(s, "<circle cx=\"%d\" cy=\"%d\" r=\"20\" fill=\"none\" stroke=\"%s\" "
                      "stroke-width=\"3.5\" stroke-opacity=\".8\"/>",
                   x_of(l, k->from) + SQ / 2, y_of(l, k->from) + SQ / 2, board_mark_rgb(k->color));
    }
}

/* An arrow from centre to centre: a shaft that stops under the head, and the head. */
static void arrow(struct svg *s, const struct layout *l, const struct board_mark *k)
{
    double x0 = x_of(l, k->from) + SQ / 2.0, y0 = y_of(l, k->from) + SQ / 2.0;
    double x1 = x_of(l, k->to) + SQ / 2.0, y1 = y_of(l, k->to) + SQ / 2.0;
    double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
    if (len < 1)
        return;
    double ux = dx / len, uy = dy / len, head = 16, half = 10;
    double bx = x1 - ux * head, by = y1 - uy * head; /* the base of the head */
    svg_printf(s, "<g fill=\"%s\" stroke=\"%s\" opacity=\".8\">", board_mark_rgb(k->color),
               board_mark_rgb(k->color));
    svg_printf(s, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke-width=\"7\"/>",
               x0, y0, bx + ux, by + uy);
    svg_printf(s, "<path stroke=\"none\" d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fz\"/></g>", x1, y1,
               bx - uy * half, by + ux * half, bx + uy * half, by - ux * half);
}

static void pieces(struct svg *s, const struct layout *l, const struct pos *p)
{
    static const char letter[] = "PNBRQK"; /* by piece type, PAWN..KING */
    for (int sq = 0; sq < 64; sq++) {
        int pc = p->board[sq];
        if (pc == NO_PIECE)
            continue;
        int white = piece_color(pc) == WHITE;
        svg_printf(s, "<use xlink:href=\"#pk-%c\" x=\"%d\" y=\"%d\" width=\"45\" height=\"45\" "
                      "fill=\"%s\" color=\"%s\"/>",
                   letter[piece_type(pc)], x_of(l, sq), y_of(l, sq), white ? "#fff" : "#000",
                   white ? "#000" : "#fff");
    }
}

/* The disc beside the board on the side of the player to move. */
static void side_to_move(struct svg *s, const struct layout *l, int side)
{
    int bottom = (side == WHITE) != l->flip;
    svg_printf(s, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\" stroke=\"#000\" "
                  "stroke-width=\"1.5\"><title>%s to move</title></circle>",
               l->ox + BOARD + SIDE / 2, bottom ? l->oy + BOARD - 12 : l->oy + 12,
               side == WHITE ? "#fff" : "#000", side == WHITE ? "White" : "Black");
}

/*
 * The caption's first way that fits the width, from the most to the least
 * like the text as written: one line, two lines, a smaller font, the given
 * names as initials, then as many lines as it takes at the smallest size,
 * where a word too long for a line is broken.
 */
static struct caption_fit fit_caption(const struct board_view *v, double width)
{
    static const struct {
        bool short_names;
        double size;
        unsigned lines; /* at most; 0: any number */
    } ways[] = {
        { false, 15, 1 }, { false, 15, 2 }, { false, 13, 2 },
        { true, 13, 2 },  { true, 11, 3 },  { true, 11, 0 },
    };
    struct caption_fit f = { NULL, 0, 0, 0 };
    for (size_t i = 0; i < sizeof ways / sizeof ways[0]; i++) {
        const char *t = ways[i].short_names && v->short_caption && *v->short_caption
                            ? v->short_caption : v->caption;
        size_t n = strlen(t);
        unsigned max = ways[i].lines ? ways[i].lines : (unsigned)-2;
        unsigned lines = text_lines(t, n, width, ways[i].size, max);
        /* A word is broken only as the last way, when no size keeps it whole. */
        if (lines <= max && (!ways[i].lines || text_words_fit(t, n, width, ways[i].size))) {
            f = (struct caption_fit){ t, n, ways[i].size, lines };
            break;
        }
    }
    return f;
}

/* A caption's line height, and how far its first baseline is below the board's coordinates. */
static double line_height(double size) { return size * 1.25; }
static double first_baseline(double size) { return size * 1.2; }

static void caption_text(struct svg *s, const struct layout *l, int top)
{
    const struct caption_fit *f = &l->cap;
    size_t at = 0, len;
    if (f->lines == 1) { /* x and y on the text itself, as before captions could wrap */
        svg_printf(s, "<text x=\"%d\" y=\"%g\" font-family=\"serif\" font-size=\"%g\" "
                      "text-anchor=\"middle\" fill=\"#000\">",
                   l->w / 2, top + first_baseline(f->size), f->size);
        svg_escape(s, f->text, f->len);
        svg_puts(s, "</text>");
        return;
    }
    svg_printf(s, "<text font-family=\"serif\" font-size=\"%g\" text-anchor=\"middle\" "
                  "fill=\"#000\" class=\"caption\">",
               f->size);
    for (unsigned i = 0; i < f->lines; i++) {
        size_t start = at;
        len = text_line(f->text, f->len, start, l->w - 2 * PAD, f->size, &at);
        svg_printf(s, "<tspan x=\"%d\" y=\"%.1f\">", l->w / 2,
                   top + first_baseline(f->size) + i * line_height(f->size));
        svg_escape(s, f->text + start, len);
        svg_puts(s, "</tspan>");
    }
    svg_puts(s, "</text>");
}

int board_svg(struct buf *out, const struct board_view *v, unsigned flags)
{
    struct svg s = { out, PGN_OK };
    struct layout l = { 0 };
    bool caption = v->caption && *v->caption;
    l.flip = v->flip;
    l.ox = PAD + (v->coordinates ? COORD : 0);
    l.oy = PAD;
    l.w = l.ox + BOARD + SIDE + PAD;
    l.h = l.oy + BOARD + (v->coordinates ? COORD : 0) + PAD;
    if (caption) {
        /* 26 units for one line at 15: the baseline 18 below, room for descenders */
        l.cap = fit_caption(v, l.w - 2 * PAD);
        l.h += (int)ceil(l.cap.lines * line_height(l.cap.size) + 7.25);
    }
    if (flags & BOARD_SVG_DOCUMENT)
        svg_puts(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg_printf(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                   "xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 %d %d\"",
               l.w, l.h);
    if (v->width > 0)
        svg_printf(&s, " width=\"%d\" height=\"%d\"", v->width,
                   (int)((long)v->width * l.h / l.w));
    svg_puts(&s, " class=\"board\" role=\"img\">");
    if (caption) {
        svg_puts(&s, "<title>");
        svg_escape(&s, v->caption, strlen(v->caption));
        svg_puts(&s, "</title>");
    }
    if (flags & BOARD_SVG_DEFS) {
        svg_puts(&s, "<defs>");
        svg_puts(&s, pieces_svg_symbols);
        svg_puts(&s, "</defs>");
    }
    svg_printf(&s, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>", l.w, l.h);
    squares(&s, &l);
    if (v->last != MOVE_NONE)
        last_move(&s, &l, v->last);
    if (v->marks)
        square_marks(&s, &l, v->marks);
    pieces(&s, &l, v->pos);
    for (unsigned i = 0; v->marks && i < v->marks->narrows; i++)
        arrow(&s, &l, &v->marks->arrows[i]);
    svg_printf(&s, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                   "stroke=\"#333\"/>",
               l.ox, l.oy, BOARD, BOARD);
    if (v->coordinates)
        coordinates(&s, &l);
    side_to_move(&s, &l, v->pos->side);
    if (caption)
        caption_text(&s, &l, l.oy + BOARD + (v->coordinates ? COORD : 0));
    svg_puts(&s, "</svg>\n");
    return s.status;
}

int board_svg_defs(struct buf *out)
{
    struct svg s = { out, PGN_OK };
    svg_puts(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\" "
                 "style=\"position:absolute\" aria-hidden=\"true\"><defs>");
    svg_puts(&s, pieces_svg_symbols);
    svg_puts(&s, "</defs></svg>\n");
    return s.status;
}
