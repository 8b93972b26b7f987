/* bitboard.c - attack tables and classical ray-scan slider attacks. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include "chess/bitboard.h"
#include "base/banned.h"

bitboard bb_pawn_attacks[2][64];
bitboard bb_empty_attacks[PIECE_TYPE_NB][64];
/* Rows of the tables above: one 512-byte row per colour for pawns, shared
 * rows for the pieces, rather than a table of its own that the cache would
 * have to hold too. The king's row is the empty pawn row of bb_empty_attacks. */
const bitboard *const bb_checks[2][PIECE_TYPE_NB] = {
    { bb_pawn_attacks[WHITE], bb_empty_attacks[KNIGHT], bb_empty_attacks[BISHOP],
      bb_empty_attacks[ROOK], bb_empty_attacks[QUEEN], bb_empty_attacks[PAWN] },
    { bb_pawn_attacks[BLACK], bb_empty_attacks[KNIGHT], bb_empty_attacks[BISHOP],
      bb_empty_attacks[ROOK], bb_empty_attacks[QUEEN], bb_empty_attacks[PAWN] },
};
bitboard bb_lines[BB_LINE_NB];
uint8_t bb_line_index[64][64];
bitboard bb_between_sets[BB_BETWEEN_NB];
uint16_t bb_between_index[64][64];

/*
 * Rays in 8 directions. Directions 0-3 increase the square index (N, E, NE, NW),
 * 4-7 decrease it (S, W, SW, SE): the first blocker on an increasing ray is its
 * lowest set bit, on a decreasing ray its highest.
 */
enum { DIR_N, DIR_E, DIR_NE, DIR_NW, DIR_S, DIR_W, DIR_SW, DIR_SE, DIR_NB };
static const int dir_df[DIR_NB] = { 0, 1, 1, -1, 0, -1, -1, 1 };
static const int dir_dr[DIR_NB] = { 1, 0, 1, 1, -1, 0, -1, -1 };
static bitboard rays[DIR_NB][64];
/* The leapers' rows of bb_empty_attacks, filled first: bb_piece_attacks()
 * fills the rest from them. */
static bitboard *const knight_attacks = bb_empty_attacks[KNIGHT];
static bitboard *const king_attacks = bb_empty_attacks[KING];

static bitboard ray_attack(int dir, int sq, bitboard occ)
{
    bitboard a = rays[dir][sq];
    bitboard blockers = a & occ;
    if (blockers) {
        int b = dir < DIR_S ? bb_lsb(blockers) : bb_msb(blockers);
        a ^= rays[dir][b];
    }
    return a;
}

bitboard bb_bishop_attacks(int sq, bitboard occ)
{
    return ray_attack(DIR_NE, sq, occ) | ray_attack(DIR_NW, sq, occ)
         | ray_attack(DIR_SW, sq, occ) | ray_attack(DIR_SE, sq, occ);
}

bitboard bb_rook_attacks(int sq, bitboard occ)
{
    return ray_attack(DIR_N, sq, occ) | ray_attack(DIR_E, sq, occ)
         | ray_attack(DIR_S, sq, occ) | ray_attack(DIR_W, sq, occ);
}

bitboard bb_piece_attacks(int type, int sq, bitboard occ)
{
    switch (type) {
    case KNIGHT: return knight_attacks[sq];
    case BISHOP: return bb_bishop_attacks(sq, occ);
    case ROOK: return bb_rook_attacks(sq, occ);
    case QUEEN: return bb_bishop_attacks(sq, occ) | bb_rook_attacks(sq, occ);
    case KING: return king_attacks[sq];
    default: return 0;
    }
}

static bitboard step_bb(int sq, int df, int dr)
{
    int f = sq_file(sq) + df, r = sq_rank(sq) + dr;
    return (f >= 0 && f < 8 && r >= 0 && r < 8) ? sq_bb(make_sq(f, r)) : 0;
}

/* The index of line in bb_lines[1 .. *n), added at *n if new. */
static int find_line(int *n, bitboard line)
{
    int i = 1;
    while (i < *n && bb_lines[i] != line)
        i++;
    if (i == *n)
        bb_lines[(*n)++] = line;
    return i;
}

void bb_init(void)
{
    static const int kn[8][2] = { {1,2},{2,1},{2,-1},{1,-2},{-1,-2},{-2,-1},{-2,1},{-1,2} };
    for (int sq = 0; sq < 64; sq++) {
        for (int i = 0; i < 8; i++) {
            knight_attacks[sq] |= step_bb(sq, kn[i][0], kn[i][1]);
            king_attacks[sq] |= step_bb(sq, dir_df[i], dir_dr[i]);
        }
        bb_pawn_attacks[WHITE][sq] = step_bb(sq, -1, 1) | step_bb(sq, 1, 1);
        bb_pawn_attacks[BLACK][sq] = step_bb(sq, -1, -1) | step_bb(sq, 1, -1);
        for (int d = 0; d < DIR_NB; d++) {
            int f = sq_file(sq), r = sq_rank(sq);
            for (;;) {
                f += dir_df[d];
                r += dir_dr[d];
                if (f < 0 || f > 7 || r < 0 || r > 7)
                    break;
                rays[d][sq] |= sq_bb(make_sq(f, r));
            }
        }
    }
    /* Each pair once, from its lower square up. */
    int lines = 1, betweens = 1;
    for (int a = 0; a < 64; a++) {
        for (int d = 0; d < DIR_S; d++) {
            if (!rays[d][a])
                continue;
            int line = find_line(&lines, rays[d][a] | rays[d + 4][a] | sq_bb(a));
            for (bitboard ray = rays[d][a]; ray;) {
                int b = bb_pop(&ray);
                bitboard between = rays[d][a] & rays[d + 4][b];
                int id = between ? betweens++ : 0;
                bb_between_sets[id] = between;
                bb_line_index[a][b] = bb_line_index[b][a] = (uint8_t)line;
                bb_between_index[a][b] = bb_between_index[b][a] = (uint16_t)id;
            }
        }
    }
    assert(lines == BB_LINE_NB && betweens == BB_BETWEEN_NB);
    for (int sq = 0; sq < 64; sq++)
        for (int type = BISHOP; type <= QUEEN; type++)
            bb_empty_attacks[type][sq] = bb_piece_attacks(type, sq, 0);
}
