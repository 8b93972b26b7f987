/* test_book.c - the Polyglot book format and counting (lib/book), against values worked out by hand. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "book/book_build.h"
#include "book/polyglot_entry.h"
#include "chess/movegen.h"
#include "notation/uci.h"

static move16 uci(const struct pos *p, const char *s)
{
    return uci_parse(p, s, (int)strlen(s));
}

void test_book__entry_bytes(void)
{
    /* Every field big-endian, in the order key, move, weight, learn. */
    const struct polyglot_entry e = { 0x463b96181691fc9cull, 0x031c, 0x0102, 0x0a0b0c0d };
    const uint8_t want[16] = { 0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c,
                               0x03, 0x1c, 0x01, 0x02, 0x0a, 0x0b, 0x0c, 0x0d };
    uint8_t out[16];
    polyglot_entry_put(out, &e);
    CHECK(!memcmp(out, want, 16));
    struct polyglot_entry back;
    polyglot_entry_get(want, &back);
    CHECK(back.key == e.key && back.move == e.move && back.weight == e.weight &&
          back.learn == e.learn);
}

void test_book__move_spelling(void)
{
    struct pos p;
    pos_set_start(&p);
    /* e2 = 12, e4 = 28: 28 | 12 << 6. */
    CHECK_EQ_INT(polyglot_move_of(uci(&p, "e2e4")), 796);
    CHECK_EQ_INT(polyglot_move_in(&p, 796), uci(&p, "e2e4"));
    CHECK_EQ_INT(polyglot_move_in(&p, 12 << 6 | 36), MOVE_NONE); /* e2e5 */
    CHECK(!pos_from_fen(&p, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", NULL));
    /* O-O is king takes rook: e1 = 4, h1 = 7; O-O-O e1a1. */
    CHECK_EQ_INT(polyglot_move_of(uci(&p, "e1g1")), 7 | 4 << 6);
    CHECK_EQ_INT(polyglot_move_of(uci(&p, "e1c1")), 0 | 4 << 6);
    CHECK_EQ_INT(polyglot_move_in(&p, 7 | 4 << 6), uci(&p, "e1g1"));
    /* b7 = 49, a8 = 56, queen 4, knight 1. */
    CHECK_EQ_INT(polyglot_move_of(uci(&p, "b7a8q")), 56 | 49 << 6 | 4 << 12);
    CHECK_EQ_INT(polyglot_move_of(uci(&p, "b7b8n")), 57 | 49 << 6 | 1 << 12);
    /* Every legal move reads back as itself. */
    struct movelist list;
    movegen_legal(&p, &list);
    for (int i = 0; i < list.n; i++)
        CHECK_EQ_INT(polyglot_move_in(&p, polyglot_move_of(list.moves[i])), list.moves[i]);
    /* En passant: the pawn's step to the passed square, e5 = 36, d6 = 43. */
    CHECK(!pos_from_fen(&p, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", NULL));
    CHECK_EQ_INT(polyglot_move_of(uci(&p, "e5d6")), 43 | 36 << 6);
}

/* Entry i of the book in out as key, move, weight. */
static void entry_at(const struct buf *out, size_t i, struct polyglot_entry *e)
{
    polyglot_entry_get((const uint8_t *)out->data + 16 * i, e);
}

/*
 * Key 9, White to move: move 1 (win, draw), move 2 (draw), move 3 (loss),
 * move 4 (draw, draw: weight 2, as move 1's 3 is not; met after move 2);
 * key 5, a smaller key, Black to move: move 7 (win).
 */
static void add_sample(struct book_builder *b)
{
    static const int moves[7][4] = { { 9, 1, 0, 2 }, { 9, 2, 0, 1 }, { 9, 3, 0, 0 }, { 9, 4, 0, 1 },
                                     { 9, 1, 0, 1 }, { 9, 4, 0, 1 }, { 5, 7, 1, 2 } };
    for (int i = 0; i < 7; i++)
        CHECK_EQ_INT(book_add(b, (uint64_t)moves[i][0], (uint16_t)moves[i][1], moves[i][2],
                              moves[i][3]), PGN_OK);
}

void test_book__counting(void)
{
    struct book_opts o = { .min_games = 1 };
    struct book_builder *b = book_builder_new(&o);
    CHECK(b != NULL);
    add_sample(b);
    CHECK_EQ_INT(book_builder_entries(b), 5);
    struct buf out = BUF_INIT(1 << 20);
    CHECK_EQ_INT(book_write(b, &out), PGN_OK);
    CHECK_EQ_INT(out.len, 4 * 16); /* move 3 scored 0 */
    struct polyglot_entry e;
    const uint16_t want[4][3] = { { 5, 7, 2 }, { 9, 1, 3 }, { 9, 4, 2 }, { 9, 2, 1 } };
    for (size_t i = 0; i < 4 && out.len == 64; i++) {
        entry_at(&out, i, &e);
        CHECK_EQ_INT(e.key, want[i][0]);
        CHECK_EQ_INT(e.move, want[i][1]);
        CHECK_EQ_INT(e.weight, want[i][2]);
        CHECK_EQ_INT(e.learn, 0);
    }
    size_t count, first = polyglot_book_find((const uint8_t *)out.data, 4, 9, &count);
    CHECK_EQ_INT(first, 1);
    CHECK_EQ_INT(count, 3);
    polyglot_book_find((const uint8_t *)out.data, 4, 6, &count);
    CHECK_EQ_INT(count, 0);
    buf_release(&out);
    book_builder_free(b);

    /* --min-percent 30: move 2 was played in 1 of 6 games at key 9 (17 %). */
    o.min_percent = 30;
    o.only_white = 1;
    b = book_builder_new(&o);
    add_sample(b);
    CHECK_EQ_INT(book_write(b, &out), PGN_OK);
    CHECK_EQ_INT(out.len, 2 * 16); /* moves 1 and 4; Black's move 7 is left out */
    buf_release(&out);
    book_builder_free(b);
    CHECK_EQ_INT(polyglot_book_check(32), PGN_OK);
    CHECK_EQ_INT(polyglot_book_check(0), PGN_OK);
    CHECK_EQ_INT(polyglot_book_check(33), PGN_EFORMAT);
}
