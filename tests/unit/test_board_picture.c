/* test_board_picture.c - board marks from comment commands, captions, the SVG and text boards. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "test.h"
#include "notation/notation.h"
#include "picture/board_marks.h"
#include "picture/board_svg.h"
#include "picture/board_text.h"
#include "picture/text_fit.h"

void test_board_picture__marks_from_csl_and_cal(void)
{
    struct board_marks m;
    memset(&m, 0, sizeof m);
    const char *csl = "Gd4, Re5,Xa1,Gz9";
    CHECK_EQ_INT(board_marks_add(&m, "csl", 3, csl, strlen(csl)), 2);
    CHECK_EQ_INT(m.squares[0].from, 27);
    CHECK_EQ_INT(m.squares[1].color, 'R');
    const char *cal = "Ge2e4,Rd1h5,Bd1";
    CHECK_EQ_INT(board_marks_add(&m, "cal", 3, cal, strlen(cal)), 2);
    CHECK_EQ_INT(m.arrows[0].from, 12);
    CHECK_EQ_INT(m.arrows[0].to, 28);
    CHECK_EQ_INT(board_marks_add(&m, "clk", 3, "0:01:00", 7), 0);
}

void test_board_picture__caption_in_each_language(void)
{
    char out[64];
    board_caption_after(NOTATION_EN, 23, BLACK, "Nf6", out, sizeof out);
    CHECK_EQ_STR(out, "after 23...Nf6");
    board_caption_after(NOTATION_DE, 23, BLACK, "Sf6", out, sizeof out);
    CHECK_EQ_STR(out, "nach 23...Sf6");
    board_caption_after(notation_find("hu"), 5, WHITE, "He4", out, sizeof out);
    CHECK_EQ_STR(out, "5.He4 után");
}

void test_board_picture__svg_has_every_piece_once_defined(void)
{
    struct pos p;
    struct buf b = BUF_INIT(1 << 20);
    pos_set_start(&p);
    struct board_view v = { &p, false, true, MOVE_NONE, NULL, "A & B", 0, NULL };
    CHECK_EQ_INT(board_svg(&b, &v, BOARD_SVG_DOCUMENT | BOARD_SVG_DEFS), 0);
    CHECK(buf_append(&b, "", 1) == 0);
    size_t uses = 0;
    for (const char *s = b.data; (s = strstr(s, "<use ")) != NULL; s++)
        uses++;
    CHECK_EQ_INT(uses, 32);
    CHECK(strstr(b.data, "A &amp; B") != NULL);
    CHECK(strstr(strstr(b.data, "<symbol id=\"pk-K\"") + 1, "<symbol id=\"pk-K\"") == NULL);
    buf_release(&b);
}

void test_board_picture__text_board_ascii_and_flipped(void)
{
    struct pos p;
    struct buf b = BUF_INIT(1 << 16);
    pos_set_start(&p);
    CHECK_EQ_INT(board_text(&b, &p, "", true, false, false), 0);
    CHECK(buf_append(&b, "", 1) == 0);
    CHECK(!strncmp(b.data, "1 R N B K Q B N R\n", 18));
    CHECK(strstr(b.data, "  h g f e d c b a   White to move\n") != NULL);
    buf_release(&b);
}

/* Names as a book's caption shortens them, counted by hand. */
void test_board_picture__short_names_are_initials(void)
{
    static const char *const cases[][2] = {
        { "Carlsen, Magnus", "Carlsen, M." },
        { "Nepomniachtchi, Ian Alexandrovich", "Nepomniachtchi, I. A." },
        { "Vachier-Lagrave, Maxime", "Vachier-Lagrave, M." },
        { "Magnus Carlsen", "M. Carlsen" },
        { "Jean-Pierre Dupont", "J.-P. Dupont" },
        { "Грищук, Александр", "Грищук, А." },
        { "Anna", "Anna" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct buf b = BUF_INIT(1 << 10);
        CHECK_EQ_INT(caption_short_name(&b, cases[i][0]), 0);
        CHECK(buf_append(&b, "", 1) == 0);
        CHECK_EQ_STR(b.data, cases[i][1]);
        buf_release(&b);
    }
}

/* Lines break at blanks; a word too long for a line is broken, and no
 * character but blanks is lost: the lines put together are the text. */
void test_board_picture__text_lines_never_cut(void)
{
    /* "ab cd" at size 10: 'a' 6.2, 'b' 6.5, the blank 3.2, 'c' 5.7, 'd' 6.5: 28.1 in all */
    const char *t = "ab cd";
    size_t next, len = text_line(t, 5, 0, 29, 10, &next);
    CHECK_EQ_INT(len, 5);
    CHECK_EQ_INT(next, 5);
    len = text_line(t, 5, 0, 28, 10, &next); /* "ab" (12.7) fits, "ab cd" does not */
    CHECK_EQ_INT(len, 2);
    CHECK_EQ_INT(next, 3);
    CHECK_EQ_INT(text_lines(t, 5, 28, 10, 9), 2);
    const char *w = "WWWWWWWWWW"; /* 10.3 each at size 10: 3 to a line of 35 */
    CHECK_EQ_INT(text_lines(w, 10, 35, 10, 9), 4);
    char joined[16] = "";
    size_t at = 0, n = 0;
    while (at < 10) {
        size_t start = at;
        len = text_line(w, 10, start, 35, 10, &at);
        CHECK(len >= 1 && len <= 3);
        memcpy(joined + n, w + start, len);
        n += len;
    }
    joined[n] = 0;
    CHECK_EQ_STR(joined, w);
    /* The estimate is never below DejaVu Sans's own widths: "Wm" is 0.99 + 0.97 em there. */
    CHECK(text_width("Wm", 2, 100) >= 196);
}
