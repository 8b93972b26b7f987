/* board_text.c - a chess position as a text board for terminals: figurines or letters, colour optional. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "notation/notation.h"
#include "picture/board_text.h"
#include "picture/svg_text.h"
#include "base/banned.h"

/* Squares on 256-colour terminals (light, dark); pieces in bright white and black. */
#define LIGHT_BG "\033[48;5;180m"
#define DARK_BG "\033[48;5;137m"
#define WHITE_FG "\033[97m"
#define BLACK_FG "\033[30m"
#define RESET "\033[0m"

static void square(struct svg *s, int pc, bool dark, bool color, bool utf8)
{
    static const char letter[] = "PNBRQK";
    if (color)
        svg_puts(s, dark ? DARK_BG : LIGHT_BG);
    if (pc == NO_PIECE) {
        svg_puts(s, color ? "  " : utf8 ? "·" : ".");
        return;
    }
    int c = piece_color(pc), t = piece_type(pc);
    if (color) {
        /* The solid figurines for both sides: the foreground colour tells them apart. */
        svg_puts(s, c == WHITE ? WHITE_FG : BLACK_FG);
        if (utf8)
            svg_puts(s, notation_figurine(BLACK, t));
        else
            svg_printf(s, "%c", letter[t]);
        svg_puts(s, " ");
    } else if (utf8) {
        svg_puts(s, notation_figurine(c, t));
    } else {
        svg_printf(s, "%c", c == WHITE ? letter[t] : letter[t] - 'A' + 'a');
    }
}

int board_text(struct buf *out, const struct pos *p, const char *indent, bool flip, bool color,
               bool utf8)
{
    struct svg s = { out, PGN_OK };
    for (int row = 0; row < 8; row++) {
        int rank = flip ? row : 7 - row;
        svg_printf(&s, "%s%d ", indent, rank + 1);
        for (int col = 0; col < 8; col++) {
            int file = flip ? 7 - col : col, sq = rank * 8 + file;
            if (col && !color)
                svg_puts(&s, " ");
            square(&s, p->board[sq], (rank + file) % 2 == 0, color, utf8);
        }
        if (color)
            svg_puts(&s, RESET);
        svg_puts(&s, "\n");
    }
    svg_printf(&s, "%s  ", indent);
    for (int col = 0; col < 8; col++)
        svg_printf(&s, color ? "%c " : col ? " %c" : "%c", 'a' + (flip ? 7 - col : col));
    svg_printf(&s, "%s%s to move\n", color ? "  " : "   ", p->side == WHITE ? "White" : "Black");
    return s.status;
}
