/* dead_position.c - dead positions proved by a blockade: pawns frozen, every other unit shut away. */
/* SPDX-License-Identifier: MIT */
#include "chess/dead_position.h"
#include "base/banned.h"

/*
 * Why a position that passes these tests is dead. We prove more than "no
 * mate": no side can ever be in check again.
 *
 * 1. Pawns. Every pawn has a pawn (of either colour) on the square in front
 *    of it, no pawn attacks an enemy pawn, no en-passant capture is
 *    possible, and neither king is in check. Suppose no pawn has moved or
 *    been taken so far. Then no pawn can push (the square in front still
 *    holds a pawn, which has not moved either) and none can capture: the
 *    enemy pawns are where they were, not on its attack squares; an enemy
 *    king never moves onto an attacked square (and is not on one now); and
 *    an enemy piece never stands there, by 3.
 * 2. Kings. A king moves only onto squares no enemy pawn attacks, and
 *    castling too passes only such squares. With the pawns fixed, a king
 *    therefore stays in its region: the squares it reaches by king steps
 *    over squares that hold no pawn and that no enemy pawn attacks (other
 *    kings and pieces left out, which only makes the region larger). It
 *    takes a pawn only by stepping onto it from the region, which needs an
 *    enemy pawn beside the region that no other enemy pawn protects; there
 *    is none.
 * 3. Other pieces. A slide is a series of single steps over empty squares,
 *    a knight's move one jump, so a piece stays in the squares that its
 *    steps reach over squares without pawns (castling moves the rook over
 *    empty squares too). It attacks only squares of that region and pawns
 *    one step beyond it. The region holds no square an enemy pawn attacks
 *    (so no pawn can take the piece), no enemy pawn lies one step beyond it
 *    (so the piece never takes a pawn), and it shares no square with the
 *    enemy king's region (so it never attacks that king).
 * By induction over the moves no pawn ever moves or disappears, so the
 * regions hold for the whole game, and nothing ever gives check: pawns
 * cannot (kings do not step onto their attacks), kings never do, pieces
 * cannot reach the enemy king. With never a check there is never a mate.
 *
 * Not proved here (the answer is 0): positions where a pawn can still
 * move, a pawn or piece can be taken or sacrificed to open the position,
 * or a piece can give check even if it can never mate (a bishop checking
 * a king that always has a flight square).
 */

static bitboard pawn_attacks(bitboard pawns, int color)
{
    bitboard not_a = ~file_bb(0), not_h = ~file_bb(7);
    if (color == WHITE)
        return ((pawns << 7) & not_h) | ((pawns << 9) & not_a);
    return ((pawns >> 9) & not_h) | ((pawns >> 7) & not_a);
}

/* The squares one step of a piece of type reaches from sq: a knight's
 * jump, or one square along each line it moves on. */
static bitboard step_targets(int type, int sq)
{
    if (type == KNIGHT)
        return bb_empty_attacks[KNIGHT][sq];
    bitboard near = bb_empty_attacks[KING][sq];
    return type == KING || type == QUEEN ? near : near & bb_empty_attacks[type][sq];
}

/* The squares pieces of type on from reach by steps over passable squares;
 * *beyond receives the squares one step from them that are not passable. */
static bitboard region(int type, bitboard from, bitboard passable, bitboard *beyond)
{
    bitboard seen = from, todo = from, blocked = 0;
    while (todo) {
        bitboard next = step_targets(type, bb_pop(&todo));
        blocked |= next & ~passable;
        next &= passable & ~seen;
        seen |= next;
        todo |= next;
    }
    *beyond = blocked;
    return seen;
}

int pos_is_dead_by_blockade(const struct pos *p)
{
    bitboard pawns = p->by_type[PAWN];
    bitboard own_pawns[2] = { pawns & p->by_color[WHITE], pawns & p->by_color[BLACK] };
    if (!pawns)
        return 0;
    /* Cheap tests first: nearly every position has a pawn free to push. */
    if ((own_pawns[WHITE] & ~(pawns >> 8)) | (own_pawns[BLACK] & ~(pawns << 8)))
        return 0;
    bitboard attacks[2] = { pawn_attacks(own_pawns[WHITE], WHITE),
                            pawn_attacks(own_pawns[BLACK], BLACK) };
    if ((attacks[WHITE] & own_pawns[BLACK]) | (attacks[BLACK] & own_pawns[WHITE]))
        return 0;
    if (pos_ep_capture_possible(p))
        return 0;
    bitboard occ = pos_occupied(p);
    for (int c = 0; c < 2; c++)
        if (pos_attackers(p, p->king[c], occ, c ^ 1))
            return 0;

    bitboard king_region[2];
    for (int c = 0; c < 2; c++) {
        bitboard beyond;
        king_region[c] = region(KING, sq_bb(p->king[c]), ~pawns & ~attacks[c ^ 1], &beyond);
        if (beyond & own_pawns[c ^ 1] & ~attacks[c ^ 1])
            return 0; /* the king can take an unprotected pawn */
    }
    for (int c = 0; c < 2; c++) {
        for (int type = KNIGHT; type <= QUEEN; type++) {
            bitboard pieces = pos_pieces(p, c, type);
            if (!pieces)
                continue;
            bitboard beyond;
            bitboard reach = region(type, pieces, ~pawns, &beyond);
            if ((reach & (attacks[c ^ 1] | king_region[c ^ 1])) | (beyond & own_pawns[c ^ 1]))
                return 0;
        }
    }
    return 1;
}
