/* stats_agg.c - the statistics aggregate: exact counts and sums per game, merged across threads and runs. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/ascii.h"
#include "annotate/eco.h"
#include "notation/movewrite.h"
#include "notation/san.h"
#include "pgn/tagvalue.h"
#include "query/play_totals.h"
#include "query/stats_tags.h"
#include "stats/stats_agg.h"
#include "stats/stats_clock.h"
#include "base/banned.h"

const char *const stats_report_names[R_COUNT] = { "summary", "openings", "tree", "players",
                                                   "clock" };

const char *const stats_term_names[T_COUNT] = {
    "checkmate", "resignation", "time forfeit", "stalemate", "repetition", "50-move rule",
    "75-move rule", "dead position", "agreed draw", "unfinished", "abandoned",
    "rules infraction", "adjudication",
};
const char *const stats_result_names[5] = { "none", "1-0", "0-1", "1/2-1/2", "*" };

int stats_opts_set(struct stats_opts *o, int report, const struct pos *root, int depth)
{
    if (report < 0 || report >= R_COUNT ||
        (report == R_TREE && (depth < 1 || depth > INDEX_TREE_DEPTH_MAX)))
        return PGN_EINVAL;
    memset(o, 0, sizeof *o);
    o->report = report;
    o->depth = report == R_TREE ? depth : 1;
    if (root)
        o->root = *root;
    else
        pos_set_start(&o->root);
    pos_to_fen(&o->root, FEN_NO_COUNTERS, o->root_fen);
    return PGN_OK;
}

int stats_opts_same(const struct stats_opts *a, const struct stats_opts *b)
{
    if (a->report != b->report)
        return 0;
    return a->report != R_TREE || (a->depth == b->depth && a->by == b->by &&
                                   !strcmp(a->root_fen, b->root_fen));
}


/* ---- String-keyed tables of exact integer fields ---- */

static const struct table_kind K_COUNT = { NULL, 1, { "games" }, { SUM }, 0 };
static const struct table_kind K_OPENING = {
    "openings", 6, { "games", "white", "draws", "black", "elo_sum", "elo_count" }, { SUM }, 0
};
static const struct table_kind K_PLAYER = {
    "players", 14,
    { "games", "wins", "draws", "losses", "opp_sum", "opp_count", "white", "black", "elo_sum",
      "elo_count", "accuracy_sum_x100", "accuracy_count", "clock_eval_games", "time_trouble" },
    { SUM }, PL_ACC_SUM
};
static const struct table_kind K_MOVE = {
    "moves", 10,
    { "games", "white", "draws", "black", "rating_sum", "rating_count", "opp_sum", "opp_count",
      "first_year", "last_year" },
    { SUM, SUM, SUM, SUM, SUM, SUM, SUM, SUM, MIN, MAX }, 0
};

enum { NODE_PATH_MAX = 20 * (MOVE_TEXT_MAX + 1) };

static const struct table_kind K_MOVE_BY = {
    "moves_by", 4, { "games", "white", "draws", "black" }, { SUM }, 0
};

static void stats_table_init(struct stats_table *t, const struct table_kind *k)
{
    t->kind = k;
    hash_table_init(&t->h, (size_t)k->nf * sizeof(int64_t));
}

static void stats_table_release(struct stats_table *t) { hash_table_release(&t->h); }

int64_t *stats_table_get(struct stats_table *t, const char *key, size_t len)
{
    void *v;
    if (hash_table_insert(&t->h, key, len, hash_table_hash(key, len), &v) < 0)
        return NULL;
    return v;
}

const int64_t *stats_tree_bucket_row(const struct stats_agg *a, const char *bucket,
                                     const char *path)
{
    char key[64 + NODE_PATH_MAX];
    int n = snprintf(key, sizeof key, "%s\t%s", bucket, path);
    if (n < 0 || (size_t)n >= sizeof key)
        return NULL;
    return hash_table_find(&a->moves_by.h, key, (size_t)n, hash_table_hash(key, (size_t)n));
}

int stats_count_add(int64_t *total, int64_t n)
{
    /* Counts are never negative, so only the top can be passed. */
    if (n < 0 || *total < 0 || *total > INT64_MAX - n)
        return PGN_ETOOBIG;
    *total += n;
    return PGN_OK;
}

int stats_entry_combine(const struct table_kind *k, int64_t *dst, const int64_t *src)
{
    for (int f = 0; f < k->nf; f++) {
        if (k->op[f] == SUM) {
            int rc = stats_count_add(&dst[f], src[f]);
            if (rc)
                return rc;
        } else if (src[f] && (!dst[f] || (k->op[f] == MIN ? src[f] < dst[f] : src[f] > dst[f])))
            dst[f] = src[f];
    }
    return PGN_OK;
}

static int stats_table_merge(struct stats_table *dst, const struct stats_table *src)
{
    struct hash_item it;
    for (size_t i = 0; hash_table_next(&src->h, &i, &it);) {
        int64_t *v = stats_table_get(dst, it.key, it.len);
        int rc = v ? stats_entry_combine(dst->kind, v, it.value) : PGN_ENOMEM;
        if (rc)
            return rc;
    }
    return PGN_OK;
}

/* The entries, sorted by field 0 descending, then key. */
int stats_by_games(const void *a, const void *b)
{
    const struct stats_entry *x = a, *y = b;
    if (x->v[0] != y->v[0])
        return x->v[0] > y->v[0] ? -1 : 1;
    return strcmp(x->key, y->key);
}

int stats_by_key(const void *a, const void *b)
{
    const struct stats_entry *x = a, *y = b;
    return strcmp(x->key, y->key);
}

struct stats_entry *stats_table_sorted(const struct stats_table *t,
                                       int (*cmp)(const void *, const void *))
{
    struct stats_entry *v = malloc((hash_table_count(&t->h) + 1) * sizeof *v);
    if (!v)
        return NULL;
    struct hash_item it;
    size_t n = 0;
    for (size_t i = 0; hash_table_next(&t->h, &i, &it);)
        v[n++] = (struct stats_entry){ it.key, it.value };
    qsort(v, n, sizeof *v, cmp);
    return v;
}

/* ---- The aggregate: exact sums only, so that shards merge exactly ---- */

void stats_agg_init(struct stats_agg *a)
{
    memset(a, 0, sizeof *a);
    stats_table_init(&a->years, &K_COUNT);
    stats_table_init(&a->variants, &K_COUNT);
    stats_table_init(&a->events, &K_COUNT);
    stats_table_init(&a->openings, &K_OPENING);
    stats_table_init(&a->players, &K_PLAYER);
    stats_table_init(&a->moves, &K_MOVE);
    stats_table_init(&a->moves_by, &K_MOVE_BY);
    stats_table_init(&a->clock_moves, &stats_clock_moves_kind);
    stats_table_init(&a->clock_bands, &stats_clock_bands_kind);
    hash_table_init(&a->nodes, sizeof(int64_t *));
}

void stats_agg_release(struct stats_agg *a)
{
    free(a->plies_hist);
    stats_table_release(&a->years);
    stats_table_release(&a->variants);
    stats_table_release(&a->events);
    stats_table_release(&a->openings);
    stats_table_release(&a->players);
    stats_table_release(&a->moves);
    stats_table_release(&a->moves_by);
    stats_table_release(&a->clock_moves);
    stats_table_release(&a->clock_bands);
    hash_table_release(&a->nodes);
    free(a->first_nodes);
}

int stats_agg_plies_add(struct stats_agg *a, size_t plies, int64_t count)
{
    if (plies >= a->plies_cap) {
        size_t cap = a->plies_cap ? a->plies_cap : 256;
        while (cap <= plies)
            cap *= 2;
        int64_t *hist = realloc(a->plies_hist, cap * sizeof *hist);
        if (!hist)
            return PGN_ENOMEM;
        memset(hist + a->plies_cap, 0, (cap - a->plies_cap) * sizeof *hist);
        a->plies_hist = hist;
        a->plies_cap = cap;
    }
    return stats_count_add(&a->plies_hist[plies], count);
}

/* Counts one game of plies main-line plies into the length histogram and sum. */
static int count_plies(struct stats_agg *a, size_t plies)
{
    a->plies_sum += (int64_t)plies;
    return stats_agg_plies_add(a, plies, 1);
}

/* Adds the n counts src into dst, stopping at the first that fails. */
static int add_counts(int64_t *dst, const int64_t *src, size_t n)
{
    int rc = PGN_OK;
    for (size_t i = 0; i < n && !rc; i++)
        rc = stats_count_add(&dst[i], src[i]);
    return rc;
}

int stats_agg_merge(struct stats_agg *d, const struct stats_agg *s)
{
    const int64_t head_s[] = { s->games, s->valid, s->invalid, s->skipped, s->elo_sum,
                               s->elo_n, s->plies_sum };
    int64_t *head_d[] = { &d->games, &d->valid, &d->invalid, &d->skipped, &d->elo_sum,
                          &d->elo_n, &d->plies_sum };
    int rc = PGN_OK;
    for (size_t i = 0; i < sizeof head_s / sizeof head_s[0] && !rc; i++)
        rc = stats_count_add(head_d[i], head_s[i]);
    if (!rc)
        rc = add_counts(d->results, s->results, 5);
    if (!rc)
        rc = add_counts(d->elo_hist, s->elo_hist, ELO_BUCKETS);
    if (!rc)
        rc = add_counts(d->term, s->term, T_COUNT);
    for (size_t i = 0; i < s->plies_cap && !rc; i++)
        if (s->plies_hist[i])
            rc = stats_agg_plies_add(d, i, s->plies_hist[i]);
    const struct stats_table *from[] = { &s->years, &s->variants, &s->events, &s->openings,
                                         &s->players, &s->moves, &s->clock_moves,
                                         &s->clock_bands, &s->moves_by };
    struct stats_table *into[] = { &d->years, &d->variants, &d->events, &d->openings,
                                   &d->players, &d->moves, &d->clock_moves, &d->clock_bands,
                                   &d->moves_by };
    for (size_t i = 0; i < sizeof from / sizeof from[0] && !rc; i++)
        rc = stats_table_merge(into[i], from[i]);
    return rc;
}

/* ---- Counting one game ---- */

static int count_key(struct stats_table *t, const char *v)
{
    int64_t *e = stats_table_get(t, v, strlen(v));
    if (!e)
        return PGN_ENOMEM;
    e[0]++;
    return PGN_OK;
}

static int termination(const struct game *g, const struct replay *r, int res)
{
    switch (r->end) {
    case END_CHECKMATE: return T_CHECKMATE;
    case END_STALEMATE: return T_STALEMATE;
    case END_DEAD: return T_DEAD;
    case END_FIVEFOLD: return T_REPETITION;
    case END_SEVENTYFIVE: return T_SEVENTYFIVE;
    }
    /* The Termination tag says what the moves cannot: a game left, a player
     * disqualified or a result decided by an arbiter is not a resignation. */
    int kind = tagvalue_termination(game_tag_value(g, "Termination"));
    if (kind == TERMINATION_ABANDONED)
        return T_ABANDONED;
    if (kind == TERMINATION_RULES)
        return T_RULES;
    if (kind == TERMINATION_UNTERMINATED ||
        (res != PGN_RESULT_WHITE && res != PGN_RESULT_BLACK && res != PGN_RESULT_DRAW))
        return T_UNFINISHED;
    if (kind == TERMINATION_TIME)
        return T_TIME;
    if (kind == TERMINATION_ADJUDICATION)
        return T_ADJUDICATION;
    if (res != PGN_RESULT_DRAW)
        return T_RESIGNATION;
    if (!r->skipped && r->plies && r->keys) {
        /* A claimable draw: the final position occurred three times, or 50 moves passed. */
        int count = 1;
        for (uint32_t j = 0; j < r->plies; j++)
            count += r->keys[j] == r->keys[r->plies];
        if (count >= 3)
            return T_REPETITION;
        if (r->final.halfmove >= 100)
            return T_FIFTY;
    }
    return T_AGREED;
}

void stats_count_side_result(int64_t *v, int wins, int side, int res)
{
    int won = side ? PGN_RESULT_BLACK : PGN_RESULT_WHITE;
    int lost = side ? PGN_RESULT_WHITE : PGN_RESULT_BLACK;
    if (res == won)
        v[wins]++;
    else if (res == PGN_RESULT_DRAW)
        v[wins + 1]++;
    else if (res == lost)
        v[wins + 2]++;
}

/* A rating r (0: none) into fields v[sum] (their sum) and v[sum + 1] (their count). */
static void add_rating(int64_t *v, int sum, int r)
{
    if (r) {
        v[sum] += r;
        v[sum + 1]++;
    }
}

/* Adds one side's game to the player table; score from that side's view, t its clocks and evaluations. */
static int count_player(struct stats_agg *a, const char *name, int white, int own, int opp,
                        int res, const struct play_totals *t)
{
    int64_t *e = stats_table_get(&a->players, name, strlen(name));
    if (!e)
        return PGN_ENOMEM;
    e[PL_GAMES]++;
    e[white ? PL_WHITE : PL_BLACK]++;
    stats_count_side_result(e, PL_WINS, !white, res);
    add_rating(e, PL_OPP_SUM, opp);
    add_rating(e, PL_ELO_SUM, own);
    int side = !white;
    if (t->has_accuracy[side]) {
        e[PL_ACC_SUM] += (int64_t)(t->accuracy[side] * 100 + 0.5);
        e[PL_ACC_N]++;
    }
    if (t->trouble_known[side]) {
        e[PL_CLOCKED]++;
        e[PL_TROUBLE] += play_side_in_trouble(t, side, PLAY_TROUBLE_SECONDS);
    }
    return PGN_OK;
}

static void count_result(int64_t *v, int res)
{
    v[0]++;
    if (res == PGN_RESULT_WHITE)
        v[1]++;
    else if (res == PGN_RESULT_DRAW)
        v[2]++;
    else if (res == PGN_RESULT_BLACK)
        v[3]++;
}

/* A main-line move of the replay: a null move ("--") is MOVE_NONE. */
static void play(struct pos *p, move16 m)
{
    if (m == MOVE_NONE)
        pos_play_null(p);
    else
        pos_play(p, m);
}

/* The SAN path of the first k moves of mv from root into path (NODE_PATH_MAX); its length. */
static size_t node_path(const struct pos *root, const move16 *mv, uint32_t k, char *path)
{
    size_t len = 0;
    struct pos p = *root;
    for (uint32_t j = 0; j < k; j++) {
        char san[MOVE_TEXT_MAX] = "--";
        size_t w = mv[j] == MOVE_NONE ? 2 : san_write(&p, mv[j], san);
        if (len)
            path[len++] = ' ';
        memcpy(path + len, san, w);
        len += w;
        play(&p, mv[j]);
    }
    return len;
}

/* The row of the first k moves of mv from root in bucket's part of a->moves_by; NULL when
 * memory runs out. Keyed "BUCKET\tPATH": the paths are written per game, as few games
 * ask for a tree by buckets that the speed of one path would matter. */
static int64_t *bucket_node(struct stats_agg *a, const char *bucket, const struct pos *root,
                            const move16 *mv, uint32_t k)
{
    char key[64 + NODE_PATH_MAX];
    size_t n = strlen(bucket);
    memcpy(key, bucket, n);
    key[n++] = '\t';
    n += node_path(root, mv, k, key + n);
    return stats_table_get(&a->moves_by, key, n);
}

/* The tree node (its fields in a->moves) of the first k moves of mv from
 * root, keyed by its SAN path, which is written only the first time; NULL
 * when memory runs out. */
static int64_t *tree_node(struct stats_agg *a, const struct pos *root, const move16 *mv,
                          uint32_t k)
{
    if (k == 0 && a->root_node)
        return a->root_node;
    /* One move deep (all of a tree of depth 1): a slot per move16, no hashing. */
    if (k == 1 && !a->first_nodes) {
        a->first_nodes = calloc((size_t)1 << 16, sizeof *a->first_nodes);
        if (!a->first_nodes)
            return NULL;
    }
    if (k == 1 && a->first_nodes[mv[0]])
        return a->first_nodes[mv[0]];
    int64_t **node;
    if (hash_table_insert(&a->nodes, mv, k * sizeof *mv, hash_table_hash(mv, k * sizeof *mv),
                          (void **)&node) < 0)
        return NULL;
    if (*node)
        return *node;
    char path[NODE_PATH_MAX];
    size_t len = node_path(root, mv, k, path);
    *node = stats_table_get(&a->moves, path, len);
    if (!*node)
        return NULL;
    if (k == 0)
        a->root_node = *node;
    else if (k == 1)
        a->first_nodes[mv[0]] = *node;
    return *node;
}

/* The game's nodes: the root p (the same for every game: its moves key the
 * nodes) and each of the n moves mv after it. */
static int count_nodes(struct stats_agg *a, const struct pos *p, const move16 *mv,
                       uint32_t n, int res, int welo, int belo, int year, const char *bucket)
{
    for (uint32_t k = 0; k <= n; k++) {
        int64_t *v = tree_node(a, p, mv, k);
        if (!v)
            return PGN_ENOMEM;
        count_result(v, res);
        if (bucket) {
            int64_t *b = bucket_node(a, bucket, p, mv, k);
            if (!b)
                return PGN_ENOMEM;
            count_result(b, res); /* MB_* are MV_*'s first four */
        }
        /* The mover of the node's last move: the side to move before it
         * (a null move passes the turn too, so sides alternate). */
        int side_now = k & 1 ? !p->side : p->side;
        int mover_white = k ? side_now != WHITE : p->side == WHITE;
        int own = mover_white ? welo : belo, opp = mover_white ? belo : welo;
        add_rating(v, MV_RSUM, own);
        add_rating(v, MV_OSUM, opp);
        if (year) {
            if (!v[MV_Y0] || year < v[MV_Y0])
                v[MV_Y0] = year;
            if (year > v[MV_Y1])
                v[MV_Y1] = year;
        }
    }
    return PGN_OK;
}

/* The explorer: the first time the main line reaches the root position, the
 * next depth moves, read from the replay as the database reads it. */
static int count_tree(const struct stats_opts *s, struct stats_agg *a, const struct game *g,
                      const struct replay *r)
{
    struct index_tree_game tg;
    index_tree_of_replay(g, r, &s->root, s->depth, &tg);
    if (!tg.reached)
        return PGN_OK;
    const char *bucket = s->by == TREE_BY_RATING  ? tree_bucket_rating(tg.white_elo, tg.black_elo)
                         : s->by == TREE_BY_SPEED ? tree_bucket_speed(g)
                                                  : NULL;
    return count_nodes(a, &s->root, tg.moves, tg.nmoves, tg.result, tg.white_elo, tg.black_elo,
                       tg.year, bucket);
}

/* The counts every report makes of a game (not an empty one). */
static void count_status(struct stats_agg *a, int invalid, int skipped, int res)
{
    a->games++;
    if (invalid)
        a->invalid++;
    else if (skipped)
        a->skipped++;
    else
        a->valid++;
    a->results[res >= 0 && res <= 4 ? res : 0]++;
}

int stats_count_indexed(const struct stats_opts *s, struct stats_agg *a,
                        const struct index_tree_game *tg)
{
    if (tg->empty)
        return PGN_OK;
    count_status(a, tg->invalid, tg->skipped, tg->result);
    if (!tg->reached)
        return PGN_OK;
    /* The database keeps the speed stats_speed() read (tree_bucket_speed()'s too). */
    const char *bucket = s->by == TREE_BY_RATING ? tree_bucket_rating(tg->white_elo, tg->black_elo)
                         : s->by == TREE_BY_SPEED ? tree_speed_names[tg->speed]
                                                  : NULL;
    return count_nodes(a, &s->root, tg->moves, tg->nmoves, tg->result, tg->white_elo,
                       tg->black_elo, tg->year, bucket);
}

/* Adds an entry of the counts table to a tree node v (MV_*); own_white: the root's mover is White. */
static void add_count_entry(int64_t *v, const struct index_count *e, int own_white)
{
    v[MV_GAMES] += (int64_t)e->games;
    v[MV_WHITE] += (int64_t)e->white;
    v[MV_DRAWS] += (int64_t)e->draws;
    v[MV_BLACK] += (int64_t)e->black;
    v[own_white ? MV_RSUM : MV_OSUM] += (int64_t)e->wsum;
    v[own_white ? MV_RN : MV_ON] += (int64_t)e->wn;
    v[own_white ? MV_OSUM : MV_RSUM] += (int64_t)e->bsum;
    v[own_white ? MV_ON : MV_RN] += (int64_t)e->bn;
    if (e->year0 && (!v[MV_Y0] || (int64_t)e->year0 < v[MV_Y0]))
        v[MV_Y0] = (int64_t)e->year0;
    if ((int64_t)e->year1 > v[MV_Y1])
        v[MV_Y1] = (int64_t)e->year1;
}

int stats_count_counts(const struct stats_opts *s, struct stats_agg *a,
                       const struct index_tree_counts *c)
{
    a->games += (int64_t)c->games;
    a->valid += (int64_t)c->valid;
    a->invalid += (int64_t)c->invalid;
    a->skipped += (int64_t)c->skipped;
    for (int i = 0; i < 5; i++)
        a->results[i] += (int64_t)c->results[i];
    for (size_t i = 0; i < c->n; i++) {
        const struct index_count *e = &c->e[i];
        move16 mv = (move16)(e->kind_move & 0xffff);
        int64_t *root = tree_node(a, &s->root, &mv, 0);
        if (!root)
            return PGN_ENOMEM;
        add_count_entry(root, e, s->root.side == WHITE);
        if (e->kind_move >> 16 != INDEX_COUNT_MOVE)
            continue;
        int64_t *node = tree_node(a, &s->root, &mv, 1);
        if (!node)
            return PGN_ENOMEM;
        add_count_entry(node, e, s->root.side == WHITE);
    }
    return PGN_OK;
}

/* The summary's counts of a game: ratings, length, termination, year, variant, event. */
static int count_summary(struct stats_agg *a, const struct game *g, const struct replay *r,
                         int res, int welo, int belo, int year)
{
    for (int i = 0; i < 2; i++) {
        int e = i ? belo : welo;
        if (e) {
            a->elo_sum += e;
            a->elo_n++;
            a->elo_hist[e / 100 < ELO_BUCKETS ? e / 100 : ELO_BUCKETS - 1]++;
        }
    }
    a->term[termination(g, r, res)]++;
    char y[16] = "?";
    if (year)
        snprintf(y, sizeof y, "%d", year);
    const char *variant = game_tag_value(g, "Variant"), *event = game_tag_value(g, "Event");
    int rc = count_plies(a, g->nvars ? g->vars[0].count : 0);
    if (!rc)
        rc = count_key(&a->years, y);
    if (!rc)
        rc = count_key(&a->variants, variant && *variant ? variant : "Standard");
    if (!rc)
        rc = count_key(&a->events, event && *event ? event : "?");
    return rc;
}

int stats_count_game(const struct stats_opts *s, struct stats_agg *a, struct replay *r,
                     const struct game *g)
{
    if (g->flags & GAME_EMPTY)
        return PGN_OK;
    int rc = replay_game(r, g);
    return rc ? rc : stats_count_replayed(s, a, r, g);
}

int stats_count_replayed(const struct stats_opts *s, struct stats_agg *a,
                         const struct replay *r, const struct game *g)
{
    if (g->flags & GAME_EMPTY)
        return PGN_OK;
    int res = stats_result(g);
    count_status(a, r->errors > 0, r->skipped, res);
    int welo = stats_rating(g, "WhiteElo"), belo = stats_rating(g, "BlackElo");
    int year = stats_year(g);
    /* The main line's positions are known when its start was set up: a move
     * was played or the (empty) line completed; else r->keys and r->start
     * may be left from an earlier game (bad FEN). */
    const move16 *mv = g->nvars && (r->plies || r->complete) ? r->moves + g->vars[0].first : NULL;
    if (s->report == R_SUMMARY)
        return count_summary(a, g, r, res, welo, belo, year);
    if (s->report == R_OPENINGS) {
        const struct eco_entry *e = NULL;
        char key[512];
        if (!r->skipped && mv)
            e = eco_classify(&r->start, mv, r->plies, NULL);
        if (e)
            snprintf(key, sizeof key, "%s\t%s", e->eco, e->name);
        else
            snprintf(key, sizeof key, "?\tunclassified");
        int64_t *v = stats_table_get(&a->openings, key, strlen(key));
        if (!v)
            return PGN_ENOMEM;
        count_result(v, res);
        for (int i = 0; i < 2; i++) {
            int el = i ? belo : welo;
            add_rating(v, 4, el);
        }
        return PGN_OK;
    }
    if (s->report == R_PLAYERS) {
        const char *w = game_tag_value(g, "White"), *b = game_tag_value(g, "Black");
        struct play_totals t;
        play_totals_compute(g, mv && r->start.side == BLACK, &t);
        int rc = count_player(a, w && *w ? w : "?", 1, welo, belo, res, &t);
        return rc ? rc : count_player(a, b && *b ? b : "?", 0, belo, welo, res, &t);
    }
    if (s->report == R_TREE && !r->skipped && mv)
        return count_tree(s, a, g, r);
    if (s->report == R_CLOCK)
        return stats_count_clock(a, g, mv && r->start.side == BLACK,
                                 mv && r->start.fullmove > 0 ? (uint32_t)r->start.fullmove : 1, res);
    return PGN_OK;
}
