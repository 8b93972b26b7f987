/* index_deciders.c - the deciders: what a database's records tell of each search criterion. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "index/index_deciders.h"
#include "index/index_material.h"
#include "notation/notation.h"
#include "query/filter.h"
#include "query/search_criterion.h"
#include "base/banned.h"

/* ---- The deciders: each reads what its criterion's matcher reads ---------- */

int index_decide_names(const struct plan_crit *pc, const struct index_record *r)
{
    for (int i = 0; i < 2 && pc->slot[i] >= 0; i++) {
        if (r->flags & (IR_DUP_WHITE << pc->slot[i]))
            return INDEX_MAYBE; /* the scan tries every value of the tag */
        uint32_t id = r->name[pc->slot[i]];
        int v = id && id < pc->nnames ? pc->names[id] : INDEX_NO;
        if (v != INDEX_NO)
            return v; /* a match, or a regex that gave up at its limit on this name */
    }
    return INDEX_NO;
}

static int yes_if(int cond) { return cond ? INDEX_YES : INDEX_NO; }

static int decide_elo_min(const struct plan_crit *pc, const struct index_record *r)
{
    int64_t lo = pc->c->lo;
    return yes_if(r->white_elo >= 0 && r->black_elo >= 0 && r->white_elo >= lo &&
                  r->black_elo >= lo);
}

static int decide_elo_max(const struct plan_crit *pc, const struct index_record *r)
{
    int64_t lo = pc->c->lo;
    return yes_if(r->white_elo >= 0 && r->black_elo >= 0 && r->white_elo <= lo &&
                  r->black_elo <= lo);
}

static int in(int64_t v, const struct criterion *c) { return v >= c->lo && v <= c->hi; }

static int decide_white_elo(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(r->white_elo >= 0 && in(r->white_elo, pc->c));
}

static int decide_black_elo(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(r->black_elo >= 0 && in(r->black_elo, pc->c));
}

static int decide_elo_diff(const struct plan_crit *pc, const struct index_record *r)
{
    int d = r->white_elo > r->black_elo ? r->white_elo - r->black_elo
                                        : r->black_elo - r->white_elo;
    return yes_if(r->white_elo >= 0 && r->black_elo >= 0 && in(d, pc->c));
}

static int decide_date_from(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(!(r->flags & IR_NO_DATE) && r->date.lo >= pc->c->date.lo);
}

static int decide_date_to(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(!(r->flags & IR_NO_DATE) && r->date.hi <= pc->c->date.hi);
}

static int decide_eco(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(r->eco >= 0 && in(r->eco, pc->c));
}

static int decide_result(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(r->result != PGN_RESULT_NONE && ((pc->c->results >> r->result) & 1));
}

/* The game starts with c's moves, from the standard start (see index_decider_of). */
int index_decide_moves(const struct plan_crit *pc, const struct index_record *r)
{
    const struct criterion *c = pc->c;
    if (!(r->opening & IO_STANDARD_START))
        return INDEX_NO;
    uint32_t walked = r->opening & IO_PLIES_MASK;
    uint32_t n = c->nmoves < INDEX_OPENING_PLIES ? c->nmoves : INDEX_OPENING_PLIES;
    /* Ply i + 1 of the game is in row i + 1, read only while the moves agree. */
    for (uint32_t i = 0; i < n && i < walked; i++) {
        const unsigned char *b = r->rows[i + 1] + 2 * (size_t)r->chunk_at;
        if ((unsigned)(b[0] | b[1] << 8) != c->moves[i])
            return INDEX_NO;
    }
    /* Fewer moves walked: the main line ends there or a move does not resolve. */
    if (walked < n)
        return INDEX_NO;
    return c->nmoves <= INDEX_OPENING_PLIES ? INDEX_YES : INDEX_MAYBE;
}

/* The criterion's feature field, through the feature bit that holds it. */
static int decide_feature(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if((r->features >> pc->slot[0]) & 1);
}

static int decide_repetition(const struct plan_crit *pc, const struct index_record *r)
{
    if (r->max_repetition == 255 && pc->c->lo > 255)
        return INDEX_MAYBE; /* saturated */
    return yes_if(r->max_repetition >= pc->c->lo);
}

static int decide_plies(const struct plan_crit *pc, const struct index_record *r)
{
    return yes_if(in(r->plies, pc->c));
}

/*
 * The position is among the walked ones, or the walk proves it out of
 * reach, or the material runs do: no later ply has the target's material
 * with its side to move (when the walk is sure, its plies are all known).
 */
int index_decide_position(const struct plan_crit *pc, const struct index_record *r)
{
    if (pc->hits[r->chunk_at])
        return INDEX_YES;
    if (index_reach_rules_out(r->reach, &pc->target))
        return INDEX_NO;
    const struct index_material *m = r->material;
    if (!m)
        return INDEX_NEED;
    if (m->flags & IM_UNSURE)
        return INDEX_MAYBE;
    int64_t after = r->reach & (1ull << WALK_UNSURE) ? -1 : INDEX_WALK_PLIES;
    return index_material_reaches(m, &pc->target.mat, pc->target.side, after) ? INDEX_MAYBE
                                                                               : INDEX_NO;
}

/* 1 when m fits c's pattern, or (SQ_MATERIAL_EITHER) the pattern with the colours swapped. */
static int pattern_fits(const struct criterion *c, const struct material *m)
{
    return material_pattern_fits(&c->mpat[0], m) ||
           (c->either && material_pattern_fits(&c->mpat[1], m));
}

/* A run of the main line whose material fits lasts c->plies positions at least. */
int index_decide_material(const struct plan_crit *pc, const struct index_record *r)
{
    const struct index_material *m = r->material;
    if (!m)
        return INDEX_NEED;
    if (m->flags & IM_UNSURE)
        return INDEX_MAYBE;
    for (uint32_t i = 0; i < m->nruns; i++)
        if (index_material_run_length(m, i) >= pc->c->plies && pattern_fits(pc->c, &m->run[i].mat))
            return INDEX_YES;
    return INDEX_NO;
}

/* The last run's material fits (the pattern as written). */
int index_decide_material_end(const struct plan_crit *pc, const struct index_record *r)
{
    const struct index_material *m = r->material;
    if (!m)
        return INDEX_NEED;
    if (m->flags & IM_UNSURE)
        return INDEX_MAYBE;
    return yes_if(m->nruns && material_pattern_fits(&pc->c->mpat[0], &m->run[m->nruns - 1].mat));
}

/* The expression on the fields the record knows (index_where.h). */
int index_decide_where(const struct plan_crit *pc, const struct index_record *r)
{
    if (!r->material && index_where_needs_material(pc->where))
        return INDEX_NEED;
    return index_where_decide(pc->where, r);
}

/*
 * What the records decide, per criterion (the others are read from the
 * source): each row's decider reads the value its matcher in search_query.c
 * reads, worked out at build time by the same game_facts_get (index_record_of),
 * and index_differential.sh holds the two equal over the corpora and the
 * games made to trip them (junk ratings, partial dates, no ECO, results in
 * the tag and the movetext that disagree, repeated tags).
 *
 *   criterion                  decided from                        exact unless
 *   SQ_WHITE SQ_BLACK          the White / Black name's regex      the tag repeats,
 *   SQ_PLAYER SQ_EVENT         verdict (run once per name)         the regex gave up
 *   SQ_SITE SQ_TAG (White=..)                                      at its limit
 *   SQ_ELO_MIN SQ_ELO_MAX      F_WHITE_ELO, F_BLACK_ELO            -
 *   SQ_WHITE_ELO SQ_BLACK_ELO  the same                            -
 *   SQ_ELO_DIFF
 *   SQ_DATE_FROM SQ_DATE_TO    F_DATE's range                      -
 *   SQ_ECO                     tagvalue_eco of F_ECO               -
 *   SQ_RESULT                  F_RESULT (tag, else movetext)       -
 *   SQ_PLIES_MIN SQ_PLIES_MAX  F_PLIES                             -
 *   SQ_MOVES (from the         the first 30 main-line moves,       more than 30
 *   standard start)            resolved as the scan's mainline     moves given
 *                              (game_openings; NOTATION_AUTO)
 *   SQ_CHECKMATE SQ_STALEMATE  the feature of game_facts_get       -
 *   SQ_DEAD_POSITION SQ_FIFTY  (a walk of the whole main line
 *   SQ_SEVENTYFIVE             at build time)
 *   SQ_UNDERPROMOTION
 *   SQ_REPETITION N            game_features' max_repetition       N > 255
 *   SQ_POSITION FEN            the keys of the positions of plies  the game goes on
 *                              0-30 as the scan's mainline walks   past ply 30 with
 *                              them (game_positions), what never   the position's
 *                              comes back at ply 30 (game_walks,   material and side
 *                              index_walk.h), and the material     to move, and in
 *                              runs of the main line (below)       reach
 *   SQ_MATERIAL                the material runs of the main line  -
 *   SQ_MATERIAL_EITHER         as game_facts_features walks them
 *   SQ_MATERIAL_END            (game_materials, index_material.h)
 *   SQ_WHERE                   the fields the records hold         an operand it
 *                              (index_where.h), in the scan's      depends on is
 *                              order of operands                   another field or
 *                                                                  tag, a regex may
 *                                                                  give up first
 * A record marked IR_UNSURE (a fact the build could not work out) decides
 * nothing; IR_EMPTY (not a game) is never selected.
 *
 * Before any of that, a first criterion SQ_POSITION (at most MATERIAL_KEY_MEN
 * men), or SQ_MATERIAL* of one exact material, picks its candidates by the
 * material keys (index_material_keys.h, keys_of in index_plan.c): the games no key names are
 * turned down without their chunk's records, which are read only for a
 * chunk with candidates (a position's few are left to the scan at once).
 */
decide_fn *index_decider_of(const struct criterion *c, const struct search_query_opts *opts,
                            int slot[2])
{
    slot[0] = slot[1] = -1;
    switch (c->kind) {
    case SQ_MOVES: {
        /* The build resolves the moves in the language each game's own
         * moves tell (NOTATION_AUTO), as the scan does without a language given. */
        struct pos start;
        pos_set_start(&start);
        return opts->lang == NOTATION_AUTO && c->key == pos_repetition_key(&start) &&
                       pos_same(&c->target, &start) ? index_decide_moves : NULL;
    }
    case SQ_WHITE: case SQ_BLACK: case SQ_EVENT: case SQ_SITE: case SQ_TAG: {
        static const char *const tags[IR_NAMES] = { "White", "Black", "Event", "Site" };
        for (int i = 0; i < IR_NAMES; i++)
            if (c->tag_name && !strcmp(c->tag_name, tags[i]))
                slot[0] = i;
        return slot[0] >= 0 ? index_decide_names : NULL;
    }
    case SQ_PLAYER: slot[0] = IR_WHITE, slot[1] = IR_BLACK; return index_decide_names;
    case SQ_ELO_MIN: return decide_elo_min;
    case SQ_ELO_MAX: return decide_elo_max;
    case SQ_WHITE_ELO: return decide_white_elo;
    case SQ_BLACK_ELO: return decide_black_elo;
    case SQ_ELO_DIFF: return decide_elo_diff;
    case SQ_DATE_FROM: return decide_date_from;
    case SQ_DATE_TO: return decide_date_to;
    case SQ_ECO: return decide_eco;
    case SQ_RESULT: return decide_result;
    case SQ_PLIES_MIN: case SQ_PLIES_MAX: return decide_plies;
    case SQ_CHECKMATE: case SQ_STALEMATE: case SQ_DEAD_POSITION: case SQ_FIFTY:
    case SQ_SEVENTYFIVE: case SQ_UNDERPROMOTION:
        for (int i = 0; i < IF_COUNT; i++)
            if (index_feature_field(i) == c->field)
                slot[0] = i;
        return slot[0] >= 0 && opts->lang == NOTATION_AUTO ? decide_feature : NULL;
    case SQ_REPETITION: return opts->lang == NOTATION_AUTO ? decide_repetition : NULL;
    case SQ_POSITION:
        /* A board alone, or with its side to move, is matched as a board
         * pattern (any castling rights, any en passant): the keys of the
         * walks, which hash those too, cannot tell it. */
        return opts->lang == NOTATION_AUTO && c->match == sq_match_position ? index_decide_position
                                                                            : NULL;
    case SQ_MATERIAL: case SQ_MATERIAL_EITHER:
        return opts->lang == NOTATION_AUTO ? index_decide_material : NULL;
    case SQ_MATERIAL_END: return opts->lang == NOTATION_AUTO ? index_decide_material_end : NULL;
    case SQ_WHERE: return opts->lang == NOTATION_AUTO ? index_decide_where : NULL;
    default: return NULL;
    }
}

