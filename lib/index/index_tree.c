/* index_tree.c - the explorer tree at a position, counted from the database where it can be. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_db_internal.h"
#include "index/index_plan.h"
#include "index/index_tree.h"
#include "query/stats_tags.h"
#include "base/banned.h"

struct tree_chunk {
    unsigned char *walks, *hits, *rowbuf;
    const unsigned char *rows[INDEX_OPENING_ROWS];
    sqlite3_stmt *walk_st, *hit_st, *row_st;
};

static unsigned move_at(const struct tree_chunk *tc, uint32_t game, uint32_t ply)
{
    const unsigned char *row = tc->rows[1 + ply];
    return (unsigned)row[2 * game] | (unsigned)row[2 * game + 1] << 8;
}

/*
 * What stats_count_game() would count of game i of the chunk, from the
 * database; 0 when only its replay can tell. The tree reads the replay's
 * positions (r->keys up to r->plies) and moves; IW_TREE says the walk's are
 * the same as far as the index goes.
 */
static int tell(const struct tree_chunk *tc, uint32_t i, const struct index_target *t, int depth,
                struct index_tree_game *tg)
{
    struct index_walk w;
    index_walk_decode(tc->walks + (size_t)i * INDEX_WALK_SIZE, &w);
    memset(tg, 0, sizeof *tg);
    tg->empty = (w.flags & IW_EMPTY) != 0;
    tg->invalid = (w.flags & IW_INVALID) != 0;
    tg->skipped = (w.flags & IW_SKIPPED) != 0;
    tg->result = w.result;
    tg->white_elo = (int)w.white_elo;
    tg->black_elo = (int)w.black_elo;
    tg->year = (int)w.year;
    tg->speed = (int)w.speed;
    if (w.month_first && w.month_first != WALK_MONTH_UNSURE) {
        tg->month_first = (int)(w.year * 100 + w.month_first);
        tg->month_last = (int)(w.year * 100 + w.month_last);
    }
    if (tg->empty || tg->skipped)
        return 1; /* no tree */
    if (w.month_first == WALK_MONTH_UNSURE)
        return 0;
    if (!(w.flags & IW_TREE))
        return 0;
    uint32_t ply1 = tc->hits[i];
    if (!ply1) /* the replay's positions all walked, or the rest out of reach */
        return w.rplies <= INDEX_WALK_PLIES || index_reach_rules_out(w.reach, t);
    uint32_t at = ply1 - 1;
    if (at > w.rplies)
        return 1; /* first met past the replayed moves: the replay never reaches it */
    uint32_t n = w.rplies - at < (uint32_t)depth ? w.rplies - at : (uint32_t)depth;
    if (w.rplies == 0xffff || at + n > INDEX_OPENING_PLIES)
        return 0; /* moves past the opening rows */
    tg->reached = 1;
    tg->nmoves = n;
    for (uint32_t k = 0; k < n; k++)
        tg->moves[k] = (move16)move_at(tc, i, at + k);
    return 1;
}

static int tree_chunk(struct index_db *db, struct tree_chunk *tc, int64_t source,
                      uint64_t chunk, uint32_t n, const struct index_target *t, int depth,
                      index_tree_fn *count, void *ctx, unsigned char *verdict)
{
    int rc = index_chunk_walks(db, &tc->walk_st, source, chunk, n, tc->walks);
    if (rc == PGN_OK)
        rc = index_chunk_hits(db, &tc->hit_st, source, chunk, t->key, n, tc->hits);
    if (rc == PGN_OK)
        rc = index_chunk_openings(db, &tc->row_st, source, chunk, n, INDEX_OPENING_ROWS,
                                  tc->rowbuf, tc->rows);
    for (uint32_t i = 0; rc == PGN_OK && i < n; i++) {
        struct index_tree_game tg;
        if (tell(tc, i, t, depth, &tg)) {
            tg.index = chunk * INDEX_CHUNK_GAMES + i + 1;
            count(ctx, &tg);
            verdict[i] = INDEX_NO;
        } else {
            verdict[i] = INDEX_MAYBE;
        }
    }
    return rc;
}

int index_tree_source(struct index_db *db, int64_t source, uint64_t games,
                      const struct pos *root, int depth, index_tree_fn *count, void *ctx,
                      unsigned char *verdict)
{
    struct index_target t;
    index_target_of(root, &t);
    struct tree_chunk tc;
    memset(&tc, 0, sizeof tc);
    tc.walks = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_WALK_SIZE);
    tc.hits = malloc(INDEX_CHUNK_GAMES);
    tc.rowbuf = malloc((size_t)INDEX_OPENING_ROWS * INDEX_CHUNK_GAMES * 2);
    int rc = tc.walks && tc.hits && tc.rowbuf ? PGN_OK : PGN_ENOMEM;
    /* Every walk is read: many go through the page cache (the server's
     * filtered trees peaked at 721 MB at 10.5M games through the map). */
    if (rc == PGN_OK)
        rc = index_db_unmap_past(db, games * INDEX_WALK_SIZE);
    for (uint64_t done = 0, chunk = 0; rc == PGN_OK && done < games; chunk++) {
        uint64_t left = games - done;
        uint32_t n = left < INDEX_CHUNK_GAMES ? (uint32_t)left : INDEX_CHUNK_GAMES;
        rc = tree_chunk(db, &tc, source, chunk, n, &t, depth, count, ctx, verdict + done);
        done += n;
    }
    sqlite3_finalize(tc.walk_st);
    sqlite3_finalize(tc.hit_st);
    sqlite3_finalize(tc.row_st);
    free(tc.walks);
    free(tc.hits);
    free(tc.rowbuf);
    return rc;
}

void index_tree_of_replay(const struct game *g, const struct replay *r, const struct pos *root,
                          int depth, struct index_tree_game *tg)
{
    memset(tg, 0, sizeof *tg);
    tg->index = g->index;
    if (g->flags & GAME_EMPTY) {
        tg->empty = 1;
        return;
    }
    tg->invalid = r->errors > 0;
    tg->skipped = r->skipped;
    tg->result = stats_result(g);
    tg->white_elo = stats_rating(g, "WhiteElo");
    tg->black_elo = stats_rating(g, "BlackElo");
    tg->year = stats_year(g);
    tg->speed = stats_speed(g);
    if (!stats_months(g, &tg->month_first, &tg->month_last))
        tg->month_first = tg->month_last = 0;
    /* The main line's keys are the game's only when its start was set up:
     * a move was played or the (empty) line completed. */
    if (r->skipped || !g->nvars || !(r->plies || r->complete))
        return;
    const move16 *mv = r->moves + g->vars[0].first;
    uint64_t key = pos_repetition_key(root);
    for (uint32_t at = 0; at <= r->plies; at++) {
        if (r->keys[at] != key)
            continue;
        uint32_t left = r->plies - at, want = depth < 0 ? 0 : (uint32_t)depth;
        if (want > INDEX_TREE_DEPTH_MAX)
            want = INDEX_TREE_DEPTH_MAX;
        tg->reached = 1;
        tg->nmoves = left < want ? left : want;
        memcpy(tg->moves, mv + at, tg->nmoves * sizeof *mv);
        return;
    }
}

/*
 * The games that go on past the walk are kept by reach group (castling
 * rights and home pawns at ply 30, tree_late) with their material. Those
 * whose reach does not rule the root out, and whose walk does not meet it
 * (then the counts have them), may still reach it: they are read, as
 * index_tree_source() reads them. Past LATE_READ_MAX of them the walks path
 * is as quick: 1 says so.
 */
enum { LATE_READ_MAX = 20000 };

/* Game numbers, ascending once made. */
struct numbers {
    uint64_t *v;
    size_t n, cap;
};

static int numbers_add(struct numbers *l, uint64_t number)
{
    return array_push_u64(&l->v, &l->n, &l->cap, number);
}

static int numbers_have(const struct numbers *l, uint64_t number)
{
    return l->n && bsearch(&number, l->v, l->n, sizeof *l->v, array_cmp_u64) != NULL;
}

/* Adds to late the games of group g's list that t's reach test leaves and
 * that are not unsure (read anyway); a status. */
static int mark_group(struct index_db *db, int64_t source, uint64_t g, uint64_t games,
                      const struct index_target *t, const struct numbers *unsure,
                      struct numbers *late)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT data FROM tree_late WHERE source=?1 AND grp=?2",
                                     source, (int64_t)g, &st);
    if (rc)
        return rc;
    rc = sqlite3_step(st);
    const unsigned char *list = rc == SQLITE_ROW ? sqlite3_column_blob(st, 0) : NULL;
    size_t len = rc == SQLITE_ROW ? (size_t)sqlite3_column_bytes(st, 0) : 0, at = 0;
    int ok = rc == SQLITE_ROW, added = PGN_OK;
    uint64_t number = 0;
    while (ok && added == PGN_OK && at < len) {
        ok = index_get_number(list, len, &at, games, &number) && at + 5 <= len;
        if (!ok)
            break;
        uint64_t reach = (g & 0xfffff) | index_get_le(list + at, 5) << 20 |
                         (g >> 20) << WALK_UNSURE;
        at += 5;
        if (!index_reach_rules_out(reach, t) && !numbers_have(unsure, number))
            added = numbers_add(late, number);
    }
    sqlite3_finalize(st);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE)
        return index_db_fail(db, rc);
    if (added)
        return added;
    return ok ? PGN_OK : index_db_damaged(db, "a list of late games is malformed");
}

/* A game the summary counted, to be read instead: the reading counts it. */
static void unsummarise(struct index_tree_counts *c, const unsigned char *walk)
{
    struct index_walk w;
    index_walk_decode(walk, &w);
    c->games--;
    if (w.flags & IW_INVALID)
        c->invalid--;
    else
        c->valid--; /* a late game is told, so not skipped */
    c->results[w.result >= 0 && w.result <= 4 ? w.result : 0]--;
}

/* Of the late games (ascending), those whose walk meets the root are in the
 * counts; the others go to maybe, to be read, and leave the summary c. */
static int read_late(struct index_db *db, int64_t source, uint64_t games,
                     const struct numbers *late, const struct index_target *t,
                     struct numbers *maybe, struct index_tree_counts *c)
{
    unsigned char *hits = malloc(INDEX_CHUNK_GAMES);
    unsigned char *walks = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_WALK_SIZE);
    sqlite3_stmt *st = NULL, *walk_st = NULL;
    int rc = hits && walks ? PGN_OK : PGN_ENOMEM;
    for (size_t i = 0; rc == PGN_OK && i < late->n;) {
        uint64_t chunk = (late->v[i] - 1) / INDEX_CHUNK_GAMES, first = chunk * INDEX_CHUNK_GAMES;
        uint32_t k = games - first < INDEX_CHUNK_GAMES ? (uint32_t)(games - first)
                                                        : INDEX_CHUNK_GAMES;
        rc = index_chunk_hits(db, &st, source, chunk, t->key, k, hits);
        if (rc == PGN_OK)
            rc = index_chunk_walks(db, &walk_st, source, chunk, k, walks);
        for (; rc == PGN_OK && i < late->n && (late->v[i] - 1) / INDEX_CHUNK_GAMES == chunk; i++) {
            uint32_t at = (uint32_t)(late->v[i] - 1 - first);
            if (hits[at])
                continue;
            unsummarise(c, walks + (size_t)at * INDEX_WALK_SIZE);
            rc = numbers_add(maybe, late->v[i]);
        }
    }
    sqlite3_finalize(st);
    sqlite3_finalize(walk_st);
    free(hits);
    free(walks);
    return rc;
}

/* The games of the late groups t's reach test leaves, into maybe when their
 * walk does not meet the root; 1 when they are too many to read (the walks
 * path is then as quick), else a status. */
static int mark_late(struct index_db *db, int64_t source, uint64_t games,
                     const unsigned char *blob, size_t len, const struct index_target *t,
                     const struct numbers *unsure, struct numbers *maybe,
                     struct index_tree_counts *c)
{
    struct numbers late = { NULL, 0, 0 };
    int rc = PGN_OK;
    for (size_t at = 0; rc == PGN_OK && late.n <= LATE_READ_MAX && at + 8 <= len; at += 8) {
        uint64_t reach = index_get_le(blob + at, 8);
        if (!index_reach_rules_out(reach, t))
            rc = mark_group(db, source, (reach & 0xfffff) | (reach >> WALK_UNSURE & 1) << 20,
                            games, t, unsure, &late);
    }
    if (rc == PGN_OK && late.n > LATE_READ_MAX)
        rc = 1;
    if (rc == PGN_OK && late.n) {
        /* A game is in one group: the groups' lists only need merging. */
        qsort(late.v, late.n, sizeof *late.v, array_cmp_u64);
        rc = read_late(db, source, games, &late, t, maybe, c);
    }
    free(late.v);
    return rc;
}

/* The games in the varints unsure[0..len) (deltas of game numbers) into l; 0 or damage. */
static int read_unsure(const unsigned char *unsure, size_t len, uint64_t games,
                       struct numbers *l)
{
    uint64_t number = 0;
    size_t at = 0;
    while (at < len) {
        if (!index_get_number(unsure, len, &at, games, &number))
            return PGN_EFORMAT;
        if (numbers_add(l, number))
            return PGN_ENOMEM;
    }
    return PGN_OK;
}

/* Reads the source's summary into *c; PGN_OK or PGN_EFORMAT. */
static int read_summary(const unsigned char *s, size_t len, struct index_tree_counts *c)
{
    uint64_t *f[9] = { &c->games, &c->valid, &c->invalid, &c->skipped, &c->results[0],
                       &c->results[1], &c->results[2], &c->results[3], &c->results[4] };
    size_t at = 0;
    for (int i = 0; i < 9; i++)
        if (!index_get_varint(s, len, &at, f[i]))
            return PGN_EFORMAT;
    return at == len ? PGN_OK : PGN_EFORMAT;
}

/* The root's row of source into *e and *n (NULL, 0 when it has none), with
 * its listed games (tree_served, which every row has) into listed; a status. */
static int read_row(struct index_db *db, int64_t source, uint64_t key, struct index_count **e,
                    size_t *n, struct index_served_game *listed, size_t *nlisted)
{
    sqlite3_stmt *st;
    *e = NULL;
    *n = 0;
    int rc = index_db_prepare_source(db, "SELECT c.data, s.data FROM tree_counts c LEFT JOIN"
                                     " tree_served s ON s.source=c.source AND s.key=c.key"
                                     " WHERE c.source=?1 AND c.key=?2", source, -1, &st);
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 2, (sqlite3_int64)key); /* the key's bits, signed as SQLite keeps them */
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        const unsigned char *served = sqlite3_column_blob(st, 1);
        rc = served ? index_served_decode(served, (size_t)sqlite3_column_bytes(st, 1), listed,
                                          nlisted)
                    : PGN_EFORMAT;
        if (rc == PGN_OK)
            rc = index_counts_decode(sqlite3_column_blob(st, 0),
                                     (size_t)sqlite3_column_bytes(st, 0), e, n);
    } else {
        rc = rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
    }
    sqlite3_finalize(st);
    return rc == PGN_EFORMAT ? index_db_damaged(db, "a row of the tree's counts is malformed") : rc;
}

int index_tree_counted_sparse(struct index_db *db, int64_t source, uint64_t games,
                              const struct pos *root, int depth, index_tree_counts_fn *counted,
                              void *ctx, uint64_t **maybe, size_t *nmaybe)
{
    *maybe = NULL;
    *nmaybe = 0;
    if (depth != 1)
        return 0;
    struct index_target t;
    index_target_of(root, &t);
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT summary, late, unsure FROM tree_sources WHERE"
                                     " source=?1", source, -1, &st);
    if (rc)
        return rc;
    int told = 0;
    struct index_tree_counts c;
    memset(&c, 0, sizeof c);
    struct index_count *e = NULL;
    struct index_served_game listed[2 * INDEX_SERVED_MAX];
    struct numbers unsure = { NULL, 0, 0 }, late = { NULL, 0, 0 };
    rc = sqlite3_step(st);
    if (rc == SQLITE_ROW) {
        rc = read_summary(sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0), &c)
                 ? index_db_damaged(db, "a source's tree summary is malformed")
                 : read_row(db, source, t.key, &e, &c.n, listed, &c.nlisted);
        if (rc == PGN_OK && e)
            rc = read_unsure(sqlite3_column_blob(st, 2), (size_t)sqlite3_column_bytes(st, 2),
                             games, &unsure);
        if (rc == PGN_EFORMAT)
            rc = index_db_damaged(db, "a source's unsure games are malformed");
        int more = rc == PGN_OK && e ? mark_late(db, source, games, sqlite3_column_blob(st, 1),
                                                 (size_t)sqlite3_column_bytes(st, 1), &t,
                                                 &unsure, &late, &c)
                                     : PGN_OK;
        if (more < 0)
            rc = more;
        c.e = e;
        c.listed = listed;
        told = rc == PGN_OK && e && more == 0;
    } else {
        rc = rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
    }
    sqlite3_finalize(st);
    if (told)
        rc = counted(ctx, &c);
    /* The games to read: the unsure and the late ones, merged in order. */
    if (rc == PGN_OK && told && (*maybe = malloc((unsure.n + late.n + 1) * sizeof **maybe)))
        for (size_t i = 0, j = 0; i < unsure.n || j < late.n;)
            (*maybe)[(*nmaybe)++] = j == late.n || (i < unsure.n && unsure.v[i] < late.v[j])
                                        ? unsure.v[i++] : late.v[j++];
    else if (rc == PGN_OK && told)
        rc = PGN_ENOMEM;
    free(unsure.v);
    free(late.v);
    free(e);
    return rc ? rc : told;
}

int index_tree_counted(struct index_db *db, int64_t source, uint64_t games,
                       const struct pos *root, int depth, index_tree_counts_fn *counted,
                       void *ctx, unsigned char *verdict)
{
    uint64_t *maybe;
    size_t n;
    int told = index_tree_counted_sparse(db, source, games, root, depth, counted, ctx, &maybe, &n);
    if (told == 1) {
        memset(verdict, INDEX_NO, games);
        for (size_t i = 0; i < n; i++)
            verdict[maybe[i] - 1] = INDEX_MAYBE;
    }
    free(maybe);
    return told;
}
