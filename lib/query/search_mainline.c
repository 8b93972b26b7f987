/* search_mainline.c - the search criteria on main-line positions and moves: SQ_MOVES, SQ_POSITION, SQ_MATERIAL, ... */
/* SPDX-License-Identifier: MIT */
#include "query/search_criterion.h"
#include "base/banned.h"

struct mainline *sq_walk_start(struct game_facts *f, struct ml_iter *it, int *rc)
{
    struct mainline *ml = game_facts_mainline(f);
    *rc = ml ? 0 : f->status;
    if (!ml || ml->status != ML_OK)
        return NULL;
    mainline_first(ml, it);
    return ml;
}

/*
 * Material changes only by captures and promotions: 1 when the counts of p
 * moved since the last call. Both reset the halfmove clock, so a position
 * with a running clock is passed over without counting.
 */
static int counts_changed(const struct pos *p, int *pieces, int *pawns)
{
    if (p->halfmove != 0 && *pieces >= 0)
        return 0;
    int np = bb_count(pos_occupied(p)), nw = bb_count(p->by_type[PAWN]);
    if (np == *pieces && nw == *pawns)
        return 0;
    *pieces = np;
    *pawns = nw;
    return 1;
}

int sq_match_moves(struct game_facts *f, const struct criterion *c)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    if (ml->nmoves < c->nmoves || pos_repetition_key(&ml->start) != c->key ||
        !pos_same(&ml->start, &c->target))
        return 0;
    for (uint32_t i = 0; i < c->nmoves; i++) {
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
        if (ml->moves[i] != c->moves[i])
            return 0;
    }
    f->hit_ply = c->nmoves;
    return 1;
}

int sq_match_position(struct game_facts *f, const struct criterion *c)
{
    int rc, pieces = -1, pawns = -1;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    for (;;) {
        const struct pos *p = &it.pos;
        if (pos_repetition_key(p) == c->key && pos_same(p, &c->target)) {
            f->hit_ply = it.ply;
            return 1;
        }
        /*
         * Give up once the target is out of reach: castling rights and pawns
         * on their start rank never come back, and pieces only disappear (a
         * promotion trades a pawn for one).
         */
        if ((c->target.castling & ~p->castling) ||
            (c->home_pawns[WHITE] & ~pos_pieces(p, WHITE, PAWN)) ||
            (c->home_pawns[BLACK] & ~pos_pieces(p, BLACK, PAWN)))
            return 0;
        if (counts_changed(p, &pieces, &pawns)) {
            struct material m;
            material_of(p, &m);
            if (material_unreachable(&m, &c->mat))
                return 0;
        }
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
    }
}

/* 1 when m fits c's pattern, 2 when only with the colours swapped (SQ_MATERIAL_EITHER), else 0. */
static int material_fits(const struct criterion *c, const struct material *m)
{
    if (material_pattern_fits(&c->mpat[0], m))
        return 1;
    return c->either && material_pattern_fits(&c->mpat[1], m) ? 2 : 0;
}

static int material_lost(const struct criterion *c, const struct material *m)
{
    return material_pattern_unreachable(&c->mpat[0], m) &&
           (!c->either || material_pattern_unreachable(&c->mpat[1], m));
}

/*
 * The material fits at c->plies positions in a row: from the position where
 * it first fits (run) up to the next capture or promotion, or to the end of
 * the main line. A capture answered at once by a recapture lasts one
 * position, which the default of 2 leaves out.
 */
int sq_match_material(struct game_facts *f, const struct criterion *c)
{
    int rc, pieces = -1, pawns = -1, fit = 0;
    int64_t run = -1; /* ply of the first position of the fitting material, or -1 */
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    for (;;) {
        if (counts_changed(&it.pos, &pieces, &pawns)) {
            if (run >= 0 && it.ply - run >= c->plies)
                break;
            struct material m;
            material_of(&it.pos, &m);
            fit = material_fits(c, &m);
            run = fit ? (int64_t)it.ply : -1;
            if (run < 0 && material_lost(c, &m))
                return 0;
        }
        rc = mainline_next(ml, &it);
        if (rc < 0)
            return rc;
        if (rc == 0 && !(run >= 0 && it.ply + 1 - run >= c->plies))
            return 0;
        if (rc == 0)
            break;
    }
    /* Marked where the material came about: the capture or promotion that made it. */
    f->hit_ply = run;
    f->hit_swapped = fit == 2;
    return 1;
}

int sq_match_material_end(struct game_facts *f, const struct criterion *c)
{
    const struct game_features *ft = game_facts_features(f);
    if (!ft)
        return f->status;
    if (f->ml.status != ML_OK || !material_pattern_fits(&c->mpat[0], &ft->final_material))
        return 0;
    f->hit_ply = ft->plies;
    return 1;
}

int sq_some_position(struct game_facts *f, const struct criterion *c, position_test *fits)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    do {
        int fit = fits(c, &it.pos);
        if (fit) {
            f->hit_ply = it.ply;
            f->hit_swapped = fit == 2;
            return 1;
        }
    } while ((rc = mainline_next(ml, &it)) > 0);
    return rc;
}

/* A board pattern fits p: 1, or 2 when only with the colours swapped (SQ_POSITION_PATTERN_EITHER). */
static int board_fits(const struct criterion *c, const struct pos *p)
{
    if (board_pattern_fits(&c->bpat[0], p))
        return 1;
    return c->either && board_pattern_fits(&c->bpat[1], p) ? 2 : 0;
}

int sq_match_board_pattern(struct game_facts *f, const struct criterion *c)
{
    return sq_some_position(f, c, board_fits);
}

int sq_move_fits(const struct san_parts *sp, int promo_only, const struct pos *p, move16 m)
{
    if (m == MOVE_NONE)
        return 0;
    int castle = move_flag(m) == MF_CASTLING;
    if (promo_only)
        return move_flag(m) == MF_PROMOTION && (sp->promo & (1u << move_promo(m)));
    if (sp->kind != SAN_MOVE)
        return castle && (move_to(m) > move_from(m)) == (sp->kind == SAN_CASTLE_SHORT);
    if (castle)
        return 0;
    int from = move_from(m), to = move_to(m), type = piece_type(p->board[from]);
    if (sp->pieces) {
        if (!(sp->pieces & (1u << type)))
            return 0;
    } else if (type != PAWN && !(sp->from_file >= 0 && sp->from_rank >= 0)) {
        return 0;
    }
    if ((sp->to_file >= 0 && sq_file(to) != sp->to_file) ||
        (sp->to_rank >= 0 && sq_rank(to) != sp->to_rank) ||
        (sp->from_file >= 0 && sq_file(from) != sp->from_file) ||
        (sp->from_rank >= 0 && sq_rank(from) != sp->from_rank))
        return 0;
    if (sp->promo && (move_flag(m) != MF_PROMOTION || !(sp->promo & (1u << move_promo(m)))))
        return 0;
    int captured = pos_captured(p, m);
    if ((sp->flags & SAN_CAPTURE) && captured == NO_PIECE)
        return 0;
    if (sp->captured && (captured == NO_PIECE || !(sp->captured & (1u << piece_type(captured)))))
        return 0;
    return 1;
}

int sq_match_contains_move(struct game_facts *f, const struct criterion *c)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    for (;;) {
        struct pos before = it.pos;
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
        if (sq_move_fits(&c->pattern, c->promo_only, &before, ml->moves[it.ply - 1])) {
            f->hit_ply = it.ply;
            return 1;
        }
    }
}

int sq_match_repetition(struct game_facts *f, const struct criterion *c)
{
    const struct game_features *ft = game_facts_features(f);
    if (!ft)
        return f->status;
    return ft->max_repetition >= c->lo;
}

int search_query_marks(struct search_query *q, struct game_facts *f, struct sq_mark *marks)
{
    size_t n;
    int nmarks = 0;
    const struct criterion *crit = sq_criteria(q, &n);
    for (size_t i = 0; i < n; i++) {
        f->hit_ply = -1;
        f->hit_swapped = 0;
        int rc = crit[i].match(f, &crit[i]);
        if (rc <= 0)
            return rc < 0 ? rc : PGN_EINVAL; /* not a game the query accepted */
        if (f->hit_ply >= 0)
            marks[nmarks++] = (struct sq_mark){ (uint32_t)f->hit_ply, f->hit_swapped, crit[i].kind };
    }
    return nmarks;
}
