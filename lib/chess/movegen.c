/* movegen.c - fully legal generation with check and pin masks. */
/* SPDX-License-Identifier: MIT */
#include "chess/movegen.h"
#include "base/banned.h"

/* Legality of each generated move is settled by masks rather than by playing
 * it: while in check non-king moves must land on the check mask (capture the
 * checker or block), and a pinned piece may only move along the line through
 * its king. Only king moves and en passant need an attack test. */
struct gen_ctx {
    const struct pos *p;
    int us, them, ksq;
    bitboard occ, ours, theirs, target, pinned;
    move16 *out;
    int n;
};

static inline void add(struct gen_ctx *g, int from, int to, int flag)
{
    g->out[g->n++] = move_make(from, to, flag);
}

static bitboard pinned_pieces(const struct pos *p, int us, int ksq)
{
    int them = us ^ 1;
    bitboard occ = pos_occupied(p), pinned = 0;
    bitboard snipers = (bb_rook_attacks(ksq, p->by_color[them])
                        & (pos_pieces(p, them, ROOK) | pos_pieces(p, them, QUEEN)))
                     | (bb_bishop_attacks(ksq, p->by_color[them])
                        & (pos_pieces(p, them, BISHOP) | pos_pieces(p, them, QUEEN)));
    while (snipers) {
        int s = bb_pop(&snipers);
        bitboard between = bb_between(ksq, s) & occ;
        if (between && !bb_more_than_one(between))
            pinned |= between & p->by_color[us];
    }
    return pinned;
}

static inline bitboard allowed(const struct gen_ctx *g, int from)
{
    return (g->pinned & sq_bb(from)) ? bb_line(g->ksq, from) : ~0ULL;
}

static void add_promotions(struct gen_ctx *g, int from, int to)
{
    for (int t = QUEEN; t >= KNIGHT; t--)
        g->out[g->n++] = move_make_promo(from, to, t);
}

static void gen_pawns(struct gen_ctx *g)
{
    const struct pos *p = g->p;
    int up = g->us == WHITE ? 8 : -8;
    bitboard last_rank = rank_bb(g->us == WHITE ? 7 : 0);
    bitboard start_rank = rank_bb(g->us == WHITE ? 1 : 6);
    bitboard pawns = pos_pieces(p, g->us, PAWN);
    while (pawns) {
        int from = bb_pop(&pawns);
        bitboard ok = allowed(g, from) & g->target;
        bitboard dests = bb_pawn_attacks[g->us][from] & g->theirs;
        int one = from + up;
        if (!(g->occ & sq_bb(one))) {
            dests |= sq_bb(one);
            if ((sq_bb(from) & start_rank) && !(g->occ & sq_bb(one + up)))
                dests |= sq_bb(one + up);
        }
        dests &= ok;
        while (dests) {
            int to = bb_pop(&dests);
            if (sq_bb(to) & last_rank)
                add_promotions(g, from, to);
            else
                add(g, from, to, MF_NORMAL);
        }
    }
    if (p->ep != SQ_NONE) {
        bitboard capturers = bb_pawn_attacks[g->them][p->ep] & pos_pieces(p, g->us, PAWN);
        while (capturers) {
            move16 m = move_make(bb_pop(&capturers), p->ep, MF_EN_PASSANT);
            if (pos_is_legal(p, m))
                g->out[g->n++] = m;
        }
    }
}

static void gen_pieces(struct gen_ctx *g)
{
    const struct pos *p = g->p;
    for (int type = KNIGHT; type <= QUEEN; type++) {
        bitboard pieces = pos_pieces(p, g->us, type);
        if (type == KNIGHT)
            pieces &= ~g->pinned; /* a pinned knight can never move */
        while (pieces) {
            int from = bb_pop(&pieces);
            bitboard dests = bb_piece_attacks(type, from, g->occ) & ~g->ours & g->target
                           & allowed(g, from);
            while (dests)
                add(g, from, bb_pop(&dests), MF_NORMAL);
        }
    }
}

static void gen_king(struct gen_ctx *g)
{
    bitboard dests = bb_empty_attacks[KING][g->ksq] & ~g->ours;
    bitboard occ = g->occ ^ sq_bb(g->ksq);
    while (dests) {
        int to = bb_pop(&dests);
        if (!pos_attackers(g->p, to, occ, g->them))
            add(g, g->ksq, to, MF_NORMAL);
    }
}

/* movegen_castling(), told whether the side to move may be in check (0 when
 * the caller knows it is not, to spare that attack test). */
static inline move16 castling(const struct pos *p, int kingside, int maybe_check,
                              const char **why)
{
    int us = p->side;
    int index = 2 * us + (kingside ? 0 : 1);
    int ksq = p->king[us], rsq = p->castle_rook[index];
    int rank = sq_rank(ksq);
    if (!(p->castling & (1 << index))) {
        *why = "castling right lost";
        return MOVE_NONE;
    }
    int kto = make_sq(kingside ? 6 : 2, rank), rto = make_sq(kingside ? 5 : 3, rank);
    bitboard occ = pos_occupied(p) ^ sq_bb(ksq) ^ sq_bb(rsq);
    bitboard path = bb_between(ksq, kto) | bb_between(rsq, rto) | sq_bb(kto) | sq_bb(rto);
    if (path & occ) {
        *why = "castling path blocked";
        return MOVE_NONE;
    }
    if (maybe_check && pos_attackers(p, ksq, pos_occupied(p), us ^ 1)) {
        *why = "castling out of check";
        return MOVE_NONE;
    }
    bitboard king_path = bb_between(ksq, kto) | sq_bb(kto);
    while (king_path) {
        int sq = bb_pop(&king_path);
        if (pos_attackers(p, sq, occ, us ^ 1)) {
            *why = sq == kto ? "king would be in check after castling"
                             : "castling through check";
            return MOVE_NONE;
        }
    }
    return move_make(ksq, rsq, MF_CASTLING);
}

move16 movegen_castling(const struct pos *p, int kingside, const char **why)
{
    const char *reason_dummy;
    return castling(p, kingside, 1, why ? why : &reason_dummy);
}

move16 movegen_castling_unchecked(const struct pos *p, int kingside)
{
    const char *why;
    return castling(p, kingside, 0, &why);
}

static void setup(struct gen_ctx *g, const struct pos *p, move16 *out)
{
    g->p = p;
    g->us = p->side;
    g->them = p->side ^ 1;
    g->ksq = p->king[p->side];
    g->occ = pos_occupied(p);
    g->ours = p->by_color[g->us];
    g->theirs = p->by_color[g->them];
    g->out = out;
    g->n = 0;
}

/* Generates into g the moves other than the king's, unless in double check. */
static void generate_others(struct gen_ctx *g, const struct pos *p, bitboard checkers)
{
    if (bb_more_than_one(checkers))
        return;
    g->pinned = pinned_pieces(p, g->us, g->ksq);
    g->target = checkers ? bb_between(g->ksq, bb_lsb(checkers)) | checkers : ~0ULL;
    gen_pawns(g);
    gen_pieces(g);
    if (!checkers && (p->castling & (3 << (2 * g->us)))) {
        for (int kingside = 1; kingside >= 0; kingside--) {
            move16 m = movegen_castling_unchecked(p, kingside);
            if (m)
                g->out[g->n++] = m;
        }
    }
}

/* Generates into g: king moves first, then the rest. */
static void generate(struct gen_ctx *g, const struct pos *p)
{
    bitboard checkers = pos_attackers(p, g->ksq, g->occ, g->them);
    gen_king(g);
    generate_others(g, p, checkers);
}

int movegen_legal(const struct pos *p, struct movelist *list)
{
    struct gen_ctx g;
    setup(&g, p, list->moves);
    generate(&g, p);
    list->n = g.n;
    return g.n;
}

int movegen_has_legal(const struct pos *p)
{
    /* A king move is the usual answer, found after one or two squares. */
    int us = p->side, ksq = p->king[us];
    bitboard occ = pos_occupied(p) ^ sq_bb(ksq);
    bitboard dests = bb_empty_attacks[KING][ksq] & ~p->by_color[us];
    while (dests)
        if (!pos_attackers(p, bb_pop(&dests), occ, us ^ 1))
            return 1;
    /* No king move: the others, without testing the king's squares again. */
    struct movelist list;
    struct gen_ctx g;
    setup(&g, p, list.moves);
    generate_others(&g, p, pos_checkers(p));
    return g.n > 0;
}

int movegen_state(const struct pos *p)
{
    if (movegen_has_legal(p))
        return STATE_ONGOING;
    return pos_in_check(p) ? STATE_CHECKMATE : STATE_STALEMATE;
}

uint64_t movegen_perft(const struct pos *p, int depth)
{
    struct movelist list;
    int n = movegen_legal(p, &list);
    if (depth <= 1)
        return depth == 1 ? (uint64_t)n : 1;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        struct pos next = *p;
        pos_play(&next, list.moves[i]);
        nodes += movegen_perft(&next, depth - 1);
    }
    return nodes;
}
