/* test_san_line.c - a line of English SAN rewritten in another language, expected texts by hand. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "chess/position.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "notation/san_line.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static struct pos start(void)
{
    struct pos p;
    enum fen_problem why;
    CHECK_EQ_INT(pos_from_fen(&p, START, &why), 0);
    return p;
}

void test_san_line__german(void)
{
    struct pos p = start();
    const struct write_style de = { MOVE_FMT_SAN, NOTATION_DE, 0 };
    char out[128];
    CHECK_EQ_INT(san_line_restyle(&p, "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qd6", &de, out,
                                  sizeof out), PGN_OK);
    CHECK_EQ_STR(out, "e4 e5 Sf3 Sc6 Lb5 a6 Lxc6 dxc6 O-O Dd6");
}

void test_san_line__russian_and_empty(void)
{
    struct pos p = start();
    const struct write_style ru = { MOVE_FMT_SAN, notation_find("ru"), 0 };
    char out[128];
    CHECK_EQ_INT(san_line_restyle(&p, "Nf3 d5 Rg1", &ru, out, sizeof out), PGN_OK);
    CHECK_EQ_STR(out, "Кf3 d5 Лg1");
    CHECK_EQ_INT(san_line_restyle(&p, "", &ru, out, sizeof out), PGN_OK);
    CHECK_EQ_STR(out, "");
}

/* A move that does not read, or too little room: the line as it was, cut to fit. */
void test_san_line__keeps_the_line_on_failure(void)
{
    struct pos p = start();
    const struct write_style de = { MOVE_FMT_SAN, NOTATION_DE, 0 };
    char out[128], small[8];
    CHECK_EQ_INT(san_line_restyle(&p, "e4 Nf6 Ke3", &de, out, sizeof out), PGN_EILLEGAL);
    CHECK_EQ_STR(out, "e4 Nf6 Ke3");
    CHECK_EQ_INT(san_line_restyle(&p, "e4 e5 Nf3 Nc6", &de, small, sizeof small), PGN_ETOOBIG);
    CHECK_EQ_STR(small, "e4 e5 N");
}
