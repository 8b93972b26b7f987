/* index_walk.c - what the database keeps of a game's first positions: their keys, where they lead, its stats facts. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "index/index_bytes.h"
#include "index/index_walk.h"
#include "query/stats_tags.h"
#include "replay/mainline.h"
#include "base/banned.h"

enum { HOME_SHIFT = 4, COUNT_SHIFT = 20 };

/* The reach of p: what of it never comes back (see index_walk.h). 0 bits 60-61. */
static uint64_t reach_of(const struct pos *p, int *too_many)
{
    uint64_t r = p->castling & 15u;
    r |= ((pos_pieces(p, WHITE, PAWN) >> 8) & 0xff) << HOME_SHIFT;
    r |= ((pos_pieces(p, BLACK, PAWN) >> 48) & 0xff) << (HOME_SHIFT + 8);
    int shift = COUNT_SHIFT;
    for (int c = 0; c < 2; c++)
        for (int t = PAWN; t <= QUEEN; t++, shift += 4) {
            int n = bb_count(pos_pieces(p, c, t));
            if (n > 15)
                *too_many = 1;
            r |= (uint64_t)(n > 15 ? 15 : n) << shift;
        }
    return r;
}

/*
 * The keys a walk has met, as one bit each of 256 (chosen by the key's top
 * byte): a key whose bit is clear is new, and needs no look through the
 * keys kept. Most positions of an opening are new, so most adds skip it.
 */
struct walk_seen {
    uint64_t bits[4];
};

/* Adds key at ply unless the walk has met it already (the first ply counts). */
static void add_key(struct index_walk *w, struct walk_seen *seen, uint64_t key, uint32_t ply)
{
    unsigned bit = (unsigned)(key >> 56);
    uint64_t *word = &seen->bits[bit >> 6], mask = 1ull << (bit & 63);
    if (*word & mask)
        for (uint32_t i = 0; i < w->n; i++)
            if (w->key[i] == key)
                return;
    *word |= mask;
    w->key[w->n] = key;
    w->ply[w->n++] = (uint8_t)ply;
}

/* The walk: the positions sq_match_position() looks at, up to INDEX_WALK_PLIES. */
static void walk_positions(struct game_facts *f, struct index_walk *w)
{
    struct mainline *ml = game_facts_mainline(f);
    if (!ml) {
        w->reach = 1ull << WALK_UNSURE;
        return;
    }
    if (ml->status != ML_OK) {
        w->reach = 1ull << WALK_ENDED; /* no positions: the scan matches none */
        return;
    }
    struct ml_iter it;
    mainline_first(ml, &it);
    struct walk_seen seen = { { 0 } };
    int rc = 1;
    for (;;) {
        add_key(w, &seen, pos_repetition_key(&it.pos), it.ply);
        if (it.ply == INDEX_WALK_PLIES || (rc = mainline_next(ml, &it)) <= 0)
            break;
    }
    int too_many = 0;
    w->reach = reach_of(&it.pos, &too_many);
    if (rc == 0)
        w->reach |= 1ull << WALK_ENDED;
    if (rc < 0 || too_many)
        w->reach |= 1ull << WALK_UNSURE;
}

/* 1 when the replay's main-line positions are the walk's as far as both go
 * and the walk went as far as the replay or the index does: the tree (which
 * reads the replay) can then be counted from the walk. */
static int replay_is_walk(struct game_facts *f, const struct replay *r)
{
    struct mainline *ml = game_facts_mainline(f);
    if (!ml || (!r->plies && !r->complete))
        return 0;
    return mainline_agrees(ml, r, r->plies < INDEX_WALK_PLIES ? r->plies : INDEX_WALK_PLIES);
}

/*
 * The walk taken from the replay instead of played again: when the replay
 * went through the whole main line without an error and its moves are the
 * main line's (replay_is_walk), its keys are the walk's positions, and the
 * position the reach is of is its last one or, past INDEX_WALK_PLIES, the
 * one it kept there (replay_opts.keep_ply). 0 when it cannot be (then the
 * walk plays).
 */
static int walk_from_replay(struct game_facts *f, const struct replay *r,
                            struct index_walk *w)
{
    if (!r || r->errors || !r->complete || !r->keys ||
        (r->plies > INDEX_WALK_PLIES && r->opts.keep_ply != INDEX_WALK_PLIES) ||
        !replay_is_walk(f, r) || r->plies != game_facts_mainline(f)->nmoves)
        return 0;
    uint32_t n = r->plies < INDEX_WALK_PLIES ? r->plies : INDEX_WALK_PLIES;
    struct walk_seen seen = { { 0 } };
    for (uint32_t i = 0; i <= n; i++)
        add_key(w, &seen, r->keys[i], i);
    int too_many = 0;
    w->reach = reach_of(r->plies > INDEX_WALK_PLIES ? &r->kept : &r->final, &too_many);
    if (r->plies < INDEX_WALK_PLIES) /* the main line ended inside the walk */
        w->reach |= 1ull << WALK_ENDED;
    if (too_many)
        w->reach |= 1ull << WALK_UNSURE;
    return 1;
}

void index_walk_of(struct game_facts *f, const struct game *g, const struct replay *r,
                   struct index_walk *w)
{
    memset(w, 0, sizeof *w);
    w->result = stats_result(g);
    w->white_elo = (uint32_t)stats_rating(g, "WhiteElo");
    w->black_elo = (uint32_t)stats_rating(g, "BlackElo");
    w->year = (uint32_t)stats_year(g);
    w->speed = (uint32_t)stats_speed(g);
    int first, last;
    if (stats_months(g, &first, &last)) {
        int same_year = first / 100 == (int)w->year;
        w->month_first = same_year ? (uint32_t)(first % 100) : WALK_MONTH_UNSURE;
        w->month_last = same_year ? (uint32_t)(last % 100) : WALK_MONTH_UNSURE;
    }
    if (g->flags & GAME_EMPTY)
        w->flags |= IW_EMPTY;
    /* Taken from the replay, the walk is the replay's: the tree test below is passed already. */
    int same = walk_from_replay(f, r, w);
    if (!same)
        walk_positions(f, w);
    if (!r)
        return;
    if (r->errors)
        w->flags |= IW_INVALID;
    else if (r->skipped)
        w->flags |= IW_SKIPPED;
    w->rplies = r->plies;
    if (g->nvars && (same || replay_is_walk(f, r)))
        w->flags |= IW_TREE;
}

void index_walk_encode(const struct index_walk *w, unsigned char *out)
{
    memset(out, 0, INDEX_WALK_SIZE);
    index_put_le(out, w->reach, 8);
    out[8] = (unsigned char)w->flags;
    out[9] = (unsigned char)w->result;
    index_put_le(out + 10, w->rplies > 0xffff ? 0xffff : w->rplies, 2);
    index_put_le(out + 12, w->white_elo, 4);
    index_put_le(out + 16, w->black_elo, 4);
    index_put_le(out + 20, w->year, 2);
    index_put_le(out + 22, w->speed | w->month_first << 3 | w->month_last << 7, 2);
}

void index_walk_decode(const unsigned char *in, struct index_walk *w)
{
    w->n = 0;
    w->reach = index_get_le(in, 8);
    w->flags = in[8];
    w->result = in[9];
    w->rplies = (uint32_t)index_get_le(in + 10, 2);
    w->white_elo = (uint32_t)index_get_le(in + 12, 4);
    w->black_elo = (uint32_t)index_get_le(in + 16, 4);
    w->year = (uint32_t)index_get_le(in + 20, 2);
    uint32_t when = (uint32_t)index_get_le(in + 22, 2);
    w->speed = when & 7;
    w->month_first = when >> 3 & 15;
    w->month_last = when >> 7 & 15;
    /* Values no build writes (a damaged blob that passed its checksum) are
     * never believed: no speed, and months only the replay tells. */
    if (w->speed > STATS_SPEED_UNKNOWN)
        w->speed = STATS_SPEED_UNKNOWN;
    if (w->month_first && (w->month_first > w->month_last || w->month_last > 12))
        w->month_first = w->month_last = WALK_MONTH_UNSURE;
}

void index_target_of(const struct pos *p, struct index_target *t)
{
    int too_many = 0;
    uint64_t r = reach_of(p, &too_many);
    t->key = pos_repetition_key(p);
    t->castling = (uint8_t)(r & 15);
    t->home[WHITE] = (uint8_t)(r >> HOME_SHIFT);
    t->home[BLACK] = (uint8_t)(r >> (HOME_SHIFT + 8));
    material_of(p, &t->mat);
    t->side = p->side;
}

int index_reach_rules_out(uint64_t reach, const struct index_target *t)
{
    if (reach & (1ull << WALK_UNSURE))
        return 0;
    if (reach & (1ull << WALK_ENDED))
        return 1;
    uint8_t castling = (uint8_t)(reach & 15);
    uint8_t home[2] = { (uint8_t)(reach >> HOME_SHIFT), (uint8_t)(reach >> (HOME_SHIFT + 8)) };
    if ((t->castling & ~castling) || (t->home[WHITE] & ~home[WHITE]) ||
        (t->home[BLACK] & ~home[BLACK]))
        return 1;
    struct material cur;
    memset(&cur, 0, sizeof cur);
    int shift = COUNT_SHIFT;
    for (int c = 0; c < 2; c++) {
        for (int k = PAWN; k <= QUEEN; k++, shift += 4)
            cur.count[c][k] = (uint8_t)((reach >> shift) & 15);
        cur.count[c][KING] = 1;
    }
    return material_unreachable(&cur, &t->mat);
}
