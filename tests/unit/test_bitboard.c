/* test_bitboard.c - the packed line and between tables and the check rows against geometry. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "chess/bitboard.h"

/* Walks from a towards b one step at a time when they share a rank, file or
 * diagonal: *between gets the squares passed, *line the whole edge-to-edge
 * line. Returns 0 (sets untouched) when they share none. */
static int walk(int a, int b, bitboard *between, bitboard *line)
{
    int df = sq_file(b) - sq_file(a), dr = sq_rank(b) - sq_rank(a);
    if (a == b || (df && dr && df != dr && df != -dr))
        return 0;
    int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    *between = 0;
    for (int f = sq_file(a) + sf, r = sq_rank(a) + sr; make_sq(f, r) != b; f += sf, r += sr)
        *between |= sq_bb(make_sq(f, r));
    *line = sq_bb(a);
    for (int dir = -1; dir <= 1; dir += 2)
        for (int f = sq_file(a) + dir * sf, r = sq_rank(a) + dir * sr;
             f >= 0 && f < 8 && r >= 0 && r < 8; f += dir * sf, r += dir * sr)
            *line |= sq_bb(make_sq(f, r));
    return 1;
}

void test_bitboard__line_and_between_match_geometry(void)
{
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++) {
            bitboard between = 0, line = 0;
            walk(a, b, &between, &line);
            if (bb_between(a, b) != between || bb_line(a, b) != line) {
                FAIL("squares %d and %d: between %llx line %llx, expected %llx %llx", a, b,
                     (unsigned long long)bb_between(a, b), (unsigned long long)bb_line(a, b),
                     (unsigned long long)between, (unsigned long long)line);
                return;
            }
        }
    }
}

void test_bitboard__check_rows(void)
{
    for (int sq = 0; sq < 64; sq++) {
        for (int c = WHITE; c <= BLACK; c++) {
            CHECK(bb_checks[c][PAWN][sq] == bb_pawn_attacks[c][sq]);
            CHECK(bb_checks[c][KING][sq] == 0);
            for (int type = KNIGHT; type <= QUEEN; type++)
                CHECK(bb_checks[c][type][sq] == bb_piece_attacks(type, sq, 0));
        }
        CHECK(bb_empty_attacks[KNIGHT][sq] == bb_piece_attacks(KNIGHT, sq, 0));
        CHECK(bb_empty_attacks[KING][sq] == bb_piece_attacks(KING, sq, 0));
        CHECK(bb_count(bb_empty_attacks[KING][sq]) >= 3);
        CHECK(bb_count(bb_empty_attacks[KNIGHT][sq]) >= 2);
    }
}
