/* index_counts_build.c - the tree's counts of a source, made again from its walks, opening moves and position index. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/compiler.h"
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_counts.h"
#include "index/index_counts_served.h"
#include "index/index_db_internal.h"
#include "index/index_helper.h"
#include "index/index_late_games.h"
#include "index/index_paths.h"
#include "index/index_sketch.h"
#include "base/banned.h"

/*
 * The counts are made from what the database already holds of the source,
 * chunk by chunk, so that a build and an update (which rewrites a source's
 * last chunks) share one path and the counts always match the walks that
 * index_tree_source() reads. Memory stays bounded whatever the source:
 *
 *  1. a count-min sketch (index_sketch.h) of how many
 *     games reach each key: a key it puts under INDEX_COUNTS_MIN is surely
 *     rarer, and is left to the walks;
 *  2. the games' entries of the other keys are summed in a table of up
 *     to STAGE_SLOTS (key, move) slots (it starts at FIRST_SLOTS and
 *     doubles as it fills: a small source does not pay for clearing and
 *     scanning 30 MB), poured into a temporary SQLite table whenever it
 *     fills; SQLite then sums the pours by key and move with its own
 *     bounded sort, and the keys that really reach the minimum get their
 *     row.
 */
enum { FIRST_SLOTS = 1 << 12, STAGE_SLOTS = 1 << 18, INDEX_COUNT_INCOMPLETE = 2 };

/* Entries wait this many at most before their stage slot is read (stage_later()). */
enum { PENDING_MAX = 32 };

/* The most entries of one key a run sums (count_posting()). */
enum { RUN_MAX = 32 };

/* What count_posting() reads of a game of the chunk: a few fields of its
 * walk, so that the chunk's games stay in the cache (a decoded walk is over
 * 300 bytes, most of them keys this pass does not read). */
struct game_brief {
    uint32_t rplies, white_elo, black_elo, year;
    int result;
    int told; /* index_walk_told() */
};

struct stage_slot {
    uint64_t key;
    struct index_count c; /* games 0: empty slot */
};

struct counts_build;

/*
 * Pass 2 counts each chunk's postings in two halves by key (buckets 0-127
 * and 128-255), one a side, on two threads when the build has them
 * (index_helper.h). A side has its own stage table and runs; the keys of
 * the two never meet, so their rows are written one side after the other.
 */
struct counts_side {
    struct counts_build *b;
    unsigned half;               /* the buckets it counts: half << 7 to that + 127 */
    struct stage_slot *slots;
    size_t nslots, used;         /* nslots: a power of two, up to max_slots */
    size_t max_slots;            /* half of STAGE_SLOTS, or fewer in the tests */
    int poured;                  /* the stage table filled up at least once */
    int answer;                  /* the status of the room made when asked */
    int bad;                     /* 1: a posting out of its chunk; 2: the stage failed */
    /* The postings of a row come key after key: a key's run is summed
     * here first (its entries), so that the
     * sketch and the stage table, both too big for the cache, are touched
     * once per key and move, not once per game. */
    uint64_t run_key;
    int run_open, run_rare;
    struct index_count run[RUN_MAX];
    size_t nrun;
    /* The entries on their way to the stage table, oldest at pend_head,
     * whose slots were asked for when they came (stage_later()). */
    struct stage_slot pending[PENDING_MAX];
    size_t pend_head, npend;
};

struct counts_build {
    struct index_db *db;
    int64_t source;
    struct index_sketch sketch;
    struct counts_side side[2];
    struct index_helper helper;  /* takes side[1] */
    struct index_chunk_rows chunk_rows; /* the chunk's position rows */
    sqlite3_stmt *stage_put, *walk_st, *row_st, *rows_st;
    unsigned char *walks, *rowbuf;
    const unsigned char *rows[INDEX_OPENING_ROWS];
    struct index_walk *decoded;  /* the chunk's walks */
    struct game_brief *brief;    /* and what count_posting() reads of them */
    uint64_t chunk_first;        /* the number of the chunk's first game */
    uint64_t summary[9];         /* games valid invalid skipped results[5] of the games told */
    uint64_t *late;              /* 1 << INDEX_LATE_GROUP_BITS: bit 63 present, the highest counts */
    struct buf unsure;           /* varints: the numbers of the games only a replay tells */
    uint64_t last_unsure;
    struct index_late_games late_games; /* the games that go on past the walk (index_late_games.h) */
};

/* Adds one key of a row, with its count of games, to the sketch. */
static void sketch_key(void *ctx, uint64_t key, unsigned games)
{
    struct counts_build *b = ctx;
    index_sketch_add(&b->sketch, key, games);
}

static void prefetch_key(void *ctx, uint64_t key)
{
    struct counts_build *b = ctx;
    index_sketch_prefetch(&b->sketch, key);
}

/* Adds a row's keys to the sketch from their counts of games
 * (index_positions.h), not posting by posting; 0 when the row is malformed. */
static int sketch_row(struct counts_build *b, const unsigned char *blob, size_t len)
{
    return index_postings_decode_keys(blob, len, sketch_key, b) == 0;
}

/* Pours the side's stage table into the temporary table and empties it (the calling thread only: SQLite). */
static int stage_pour(struct counts_side *b)
{
    int rc = PGN_OK;
    for (size_t i = 0; rc == PGN_OK && i < b->nslots; i++) {
        struct stage_slot *s = &b->slots[i];
        if (!s->c.games)
            continue;
        sqlite3_stmt *st = b->b->stage_put;
        sqlite3_bind_int64(st, 1, (sqlite3_int64)s->key);
        sqlite3_bind_int64(st, 2, s->c.kind_move);
        for (int f = 0; f < INDEX_COUNT_FIELDS; f++) {
            const uint64_t v[INDEX_COUNT_FIELDS] = { s->c.games, s->c.white, s->c.draws,
                                                     s->c.black, s->c.wsum, s->c.wn, s->c.bsum,
                                                     s->c.bn, s->c.msum, s->c.mn, s->c.year0,
                                                     s->c.year1, s->c.first };
            sqlite3_bind_int64(st, 3 + f, (sqlite3_int64)v[f]);
        }
        int step = sqlite3_step(st);
        sqlite3_reset(st);
        if (step != SQLITE_DONE)
            rc = index_db_fail(b->b->db, step);
    }
    memset(b->slots, 0, b->nslots * sizeof *b->slots);
    b->used = 0;
    return rc;
}

/* The stage slot where the search for key and move km starts. */
static size_t stage_home(const struct counts_side *b, uint64_t key, uint32_t km)
{
    return (size_t)((key ^ km * 0x9e3779b97f4a7c15ull) & (b->nslots - 1));
}

/* The slot of key and move km: its own, or the empty one where it goes. */
static struct stage_slot *stage_slot_of(const struct counts_side *b, uint64_t key, uint32_t km)
{
    size_t mask = b->nslots - 1, i = stage_home(b, key, km);
    for (;; i = (i + 1) & mask) {
        struct stage_slot *s = &b->slots[i];
        if (!s->c.games || (s->key == key && s->c.kind_move == km))
            return s;
    }
}

/* Doubles the stage table, its entries kept; a status. */
static int stage_grow(struct counts_side *b)
{
    struct stage_slot *old = b->slots;
    size_t n = b->nslots;
    if (!(b->slots = array_zeroed(2 * n, sizeof *b->slots))) { /* probed before written */
        b->slots = old;
        return PGN_ENOMEM;
    }
    b->nslots = 2 * n;
    for (size_t i = 0; i < n; i++)
        if (old[i].c.games)
            *stage_slot_of(b, old[i].key, old[i].c.kind_move) = old[i];
    free(old);
    return PGN_OK;
}

/* Makes room in the side's full table: doubled while under its most, else poured. */
static int stage_room(struct counts_side *b)
{
    if (b->nslots < b->max_slots)
        return stage_grow(b);
    b->poured = 1;
    return stage_pour(b);
}

/* The calling thread's answer to the helper's side asking for room. */
static void answer_room(void *arg)
{
    struct counts_side *b = arg;
    b->answer = stage_room(b);
}

static int stage_add(struct counts_side *b, uint64_t key, const struct index_count *c)
{
    struct stage_slot *s = stage_slot_of(b, key, c->kind_move);
    if (s->c.games) {
        index_count_merge(&s->c, c);
        return PGN_OK;
    }
    s->key = key;
    s->c = *c;
    /* Kept at most three quarters full: probes stay short. */
    if (++b->used < b->nslots / 4 * 3)
        return PGN_OK;
    /* Side 1 runs on the helper while it is threaded (pass 2), and its
     * table is then grown or poured by the calling thread, which alone
     * writes SQLite and allocates (a thread's own malloc arena would keep
     * what it frees). */
    if (!b->half || !b->b->helper.threaded)
        return stage_room(b);
    index_helper_ask(&b->b->helper);
    return b->answer;
}

/* Hands the oldest waiting entry to the stage table. */
static int stage_oldest(struct counts_side *b)
{
    const struct stage_slot *old = &b->pending[b->pend_head];
    b->pend_head = (b->pend_head + 1) % PENDING_MAX;
    b->npend--;
    return stage_add(b, old->key, &old->c);
}

/*
 * Hands an entry to the stage table a little later: its slot, most likely
 * a cache miss (the table is far bigger than the cache), is asked for now
 * and read when PENDING_MAX newer entries have come, so that the misses of
 * many keys overlap. The table's sums do not depend on the order entries
 * reach it.
 */
static int stage_later(struct counts_side *b, uint64_t key, const struct index_count *c)
{
    int rc = b->npend == PENDING_MAX ? stage_oldest(b) : PGN_OK;
    const struct stage_slot *home = &b->slots[stage_home(b, key, c->kind_move)];
    PREFETCH(home);
    PREFETCH((const char *)home + sizeof *home - 1);
    struct stage_slot *s = &b->pending[(b->pend_head + b->npend++) % PENDING_MAX];
    s->key = key;
    s->c = *c;
    return rc;
}

/* Hands every waiting entry to the stage table. */
static int stage_drain(struct counts_side *b)
{
    int rc = PGN_OK;
    while (rc == PGN_OK && b->npend)
        rc = stage_oldest(b);
    return rc;
}

/* The kind and move of the entry of game (in the chunk) at the key it first
 * reaches at ply, as index_tree.c's tell() reads it. */
static uint32_t move_of(const struct counts_build *b, const struct game_brief *g, unsigned game,
                        unsigned ply)
{
    if (g->rplies == 0xffff || (ply < g->rplies && ply + 1 > INDEX_OPENING_PLIES))
        return (uint32_t)INDEX_COUNT_INCOMPLETE << 16; /* its next move is not kept */
    if (ply == g->rplies)
        return (uint32_t)INDEX_COUNT_END << 16;
    const unsigned char *row = b->rows[1 + ply];
    return (uint32_t)row[2 * game] | (uint32_t)row[2 * game + 1] << 8;
}

/* Adds game number (its brief g) to the entry c, as index_count_merge()
 * would add the game's own entry: sums, first and last years, lowest game. */
static void count_game(struct index_count *c, const struct game_brief *g, uint64_t number)
{
    int white = g->result == PGN_RESULT_WHITE, draw = g->result == PGN_RESULT_DRAW,
        black = g->result == PGN_RESULT_BLACK;
    c->games++;
    c->white += (uint64_t)white;
    c->draws += (uint64_t)draw;
    c->black += (uint64_t)black;
    c->wsum += g->white_elo;
    c->wn += g->white_elo > 0;
    c->bsum += g->black_elo;
    c->bn += g->black_elo > 0;
    /* The explorer counts decided games only (explorer_tree.h): its mean
     * rating and its one game of a move are of those. */
    int decided = white || draw || black;
    if (decided && g->white_elo > 0 && g->black_elo > 0) {
        c->msum += (g->white_elo + g->black_elo) / 2;
        c->mn++;
    }
    if (g->year && (!c->year0 || g->year < c->year0))
        c->year0 = g->year;
    if (g->year > c->year1)
        c->year1 = g->year;
    if (decided && (!c->first || number < c->first))
        c->first = number;
}

/* Hands the key run's entries to the stage table. */
static int run_flush(struct counts_side *b)
{
    int rc = PGN_OK;
    for (size_t i = 0; rc == PGN_OK && i < b->nrun; i++)
        rc = stage_later(b, b->run_key, &b->run[i]);
    b->nrun = 0;
    return rc;
}

static void count_posting(void *ctx, uint64_t key, unsigned game, unsigned ply)
{
    struct counts_side *b = ctx;
    if (b->bad || game >= INDEX_CHUNK_GAMES) {
        b->bad = b->bad ? b->bad : 1;
        return;
    }
    if (!b->run_open || key != b->run_key) {
        if (run_flush(b) != PGN_OK)
            b->bad = 2;
        b->run_key = key;
        b->run_open = 1;
        b->run_rare = index_sketch_rare(&b->b->sketch, key, INDEX_COUNTS_MIN);
    }
    const struct game_brief *g = &b->b->brief[game];
    if (b->run_rare || !g->told || ply > g->rplies)
        return;
    uint32_t km = move_of(b->b, g, game, ply);
    struct index_count *c = NULL;
    for (size_t i = 0; !c && i < b->nrun; i++)
        if (b->run[i].kind_move == km)
            c = &b->run[i];
    if (!c) {
        if (b->nrun == RUN_MAX && run_flush(b) != PGN_OK)
            b->bad = 2;
        c = &b->run[b->nrun++];
        memset(c, 0, sizeof *c);
        c->kind_move = km;
    }
    count_game(c, g, b->b->chunk_first + game);
}

/* The counts the tree makes of every game, and the games that may reach a key past the walk. */
static int count_games(struct counts_build *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const struct index_walk *w = &b->decoded[i];
        if (w->flags & IW_EMPTY)
            continue;
        if (!(w->flags & IW_SKIPPED) && !(w->flags & IW_TREE)) {
            uint64_t number = b->chunk_first + i;
            if (buf_reserve(&b->unsure, 10))
                return PGN_ENOMEM;
            b->unsure.len = index_put_number((unsigned char *)b->unsure.data, b->unsure.len,
                                             &b->last_unsure, number);
            continue;
        }
        b->summary[0]++;
        b->summary[w->flags & IW_INVALID ? 2 : w->flags & IW_SKIPPED ? 3 : 1]++;
        b->summary[4 + (w->result >= 0 && w->result <= 4 ? w->result : 0)]++;
        if (!index_walk_told(w) || w->rplies <= INDEX_WALK_PLIES || (w->reach >> WALK_ENDED & 1))
            continue;
        size_t g = (size_t)(w->reach & 0xfffff) | (size_t)(w->reach >> WALK_UNSURE & 1) << 20;
        uint64_t have = b->late[g], max = 0;
        for (int k = 0; k < 10; k++) {
            int shift = 20 + 4 * k;
            uint64_t x = w->reach >> shift & 15, y = have >> shift & 15;
            max |= (x > y ? x : y) << shift;
        }
        b->late[g] = 1ull << 63 | max;
        int rc = index_late_games_add(&b->late_games, g, b->chunk_first + i,
                                      w->reach >> 20 & 0xffffffffffull);
        if (rc)
            return rc;
    }
    return PGN_OK;
}

/* Pass 1: the keys of the position rows of chunk into the sketch. */
static int sketch_chunk(struct counts_build *b, uint64_t chunk)
{
    int rc = index_chunk_rows_read(b->db, &b->rows_st, b->source, chunk, NULL, &b->chunk_rows);
    for (size_t i = 0; rc == PGN_OK && i < b->chunk_rows.n; i++) {
        size_t len;
        const unsigned char *data = index_chunk_row(&b->chunk_rows, i, &len);
        /* The sketch's cells of the row's keys, asked for at once: their
         * cache misses overlap (the row's keys are a few hundred, whose
         * cells the cache holds) instead of stalling key after key. */
        if (index_postings_keys(data, len, prefetch_key, b) || !sketch_row(b, data, len))
            rc = index_db_damaged(b->db, "a row of the position index is malformed");
    }
    return rc;
}

/* Pass 2, one side: the postings of its half of the chunk's rows counted. */
static void count_half(void *arg)
{
    struct counts_side *side = arg;
    const struct index_chunk_rows *rows = &side->b->chunk_rows;
    for (size_t i = 0; i < rows->n && !side->bad; i++) {
        if (rows->row[i].bucket >> 7 != side->half)
            continue;
        size_t len;
        const unsigned char *data = index_chunk_row(rows, i, &len);
        if (index_postings_keys(data, len, prefetch_key, side->b) ||
            index_postings_decode(data, len, 0, count_posting, side))
            side->bad = side->bad ? side->bad : 1;
    }
    /* The last run of the chunk (a run never crosses chunks: games are numbered in each). */
    if (!side->bad && run_flush(side) != PGN_OK)
        side->bad = 2;
    side->run_open = 0;
}

/* Pass 2: the postings of chunk's position rows counted, half on the helper. */
static int count_chunk(struct counts_build *b, uint64_t chunk)
{
    int rc = index_chunk_rows_read(b->db, &b->rows_st, b->source, chunk, NULL, &b->chunk_rows);
    if (rc)
        return rc;
    index_helper_give(&b->helper, count_half, &b->side[1], answer_room, &b->side[1]);
    count_half(&b->side[0]);
    index_helper_wait(&b->helper);
    for (int i = 0; i < 2; i++) {
        if (b->side[i].bad == 2)
            return PGN_EIO;
        if (b->side[i].bad)
            return index_db_damaged(b->db, "a row of the position index is malformed");
    }
    return PGN_OK;
}

/* Calls each chunk of the source in turn: pass 1 fills the sketch, pass 2 counts. */
static int each_chunk(struct counts_build *b, int pass)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(b->db, "SELECT chunk, games FROM game_walks WHERE source=?1"
                                     " ORDER BY chunk", b->source, -1, &st);
    while (rc == PGN_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint64_t chunk = (uint64_t)sqlite3_column_int64(st, 0);
        uint32_t n = (uint32_t)sqlite3_column_int64(st, 1);
        rc = PGN_OK;
        if (n > INDEX_CHUNK_GAMES)
            rc = index_db_damaged(b->db, "a blob of game walks has too many games");
        else if (pass == 1)
            rc = sketch_chunk(b, chunk);
        else {
            b->chunk_first = chunk * INDEX_CHUNK_GAMES + 1;
            rc = index_chunk_walks(b->db, &b->walk_st, b->source, chunk, n, b->walks);
            if (rc == PGN_OK)
                rc = index_chunk_openings(b->db, &b->row_st, b->source, chunk, n,
                                          INDEX_OPENING_ROWS, b->rowbuf, b->rows);
            for (uint32_t i = 0; rc == PGN_OK && i < n; i++) {
                const struct index_walk *w = &b->decoded[i];
                index_walk_decode(b->walks + (size_t)i * INDEX_WALK_SIZE, &b->decoded[i]);
                b->brief[i] = (struct game_brief){ w->rplies, w->white_elo, w->black_elo,
                                                   w->year, w->result, index_walk_told(w) };
            }
            if (rc == PGN_OK)
                rc = count_games(b, n);
            if (rc == PGN_OK)
                rc = count_chunk(b, chunk);
        }
    }
    if (rc == SQLITE_DONE)
        rc = PGN_OK;
    else if (rc > 0)
        rc = index_db_fail(b->db, rc);
    sqlite3_finalize(st);
    return rc;
}

/* Writes the row of key from its summed entries e[0..n) when it has them all and enough games. */
static int put_row(struct counts_build *b, sqlite3_stmt *put, uint64_t key,
                   const struct index_count *e, size_t n)
{
    uint64_t games = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i].kind_move >> 16 == INDEX_COUNT_INCOMPLETE)
            return PGN_OK; /* a game's next move is past the opening moves: the walks tell */
        games += e[i].games;
    }
    if (games < INDEX_COUNTS_MIN)
        return PGN_OK;
    unsigned char *blob;
    size_t len;
    int rc = index_counts_encode(e, n, &blob, &len);
    if (rc)
        return rc;
    sqlite3_bind_int64(put, 1, b->source);
    sqlite3_bind_int64(put, 2, (sqlite3_int64)key);
    sqlite3_bind_blob(put, 3, blob, (int)len, SQLITE_STATIC);
    int step = sqlite3_step(put);
    sqlite3_reset(put);
    free(blob);
    return step == SQLITE_DONE ? PGN_OK : index_db_fail(b->db, step);
}

/* The rows being written: the summed entries of one key at a time, in key order. */
struct row_writer {
    struct counts_build *b;
    sqlite3_stmt *put;
    uint64_t key;
    size_t n;
    struct index_count e[512]; /* more moves from one position cannot be (218 are legal) */
};

static int row_begin(struct row_writer *w, struct counts_build *b)
{
    w->b = b;
    w->n = 0;
    int rc = sqlite3_prepare_v2(b->db->h, "INSERT INTO tree_counts(source, key, data)"
                                " VALUES(?1, ?2, ?3)", -1, &w->put, NULL);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(b->db, rc);
}

/* Adds the summed entry c of key (keys ascending, each key's moves ascending). */
static int row_add(struct row_writer *w, uint64_t key, const struct index_count *c)
{
    if (w->n && key != w->key) {
        int rc = put_row(w->b, w->put, w->key, w->e, w->n);
        if (rc)
            return rc;
        w->n = 0;
    }
    if (w->n == sizeof w->e / sizeof *w->e)
        return index_db_damaged(w->b->db, "a position has too many moves");
    w->key = key;
    w->e[w->n++] = *c;
    return PGN_OK;
}

static int row_end(struct row_writer *w, int rc)
{
    if (rc == PGN_OK && w->n)
        rc = put_row(w->b, w->put, w->key, w->e, w->n);
    sqlite3_finalize(w->put);
    return rc;
}

/* Sums the pours by key and move and writes the rows. */
static int write_poured(struct counts_build *b, struct row_writer *w)
{
    sqlite3_stmt *sum = NULL;
    int rc = sqlite3_prepare_v2(b->db->h, "SELECT key, km, SUM(games), SUM(white), SUM(draws),"
                                " SUM(black), SUM(wsum), SUM(wn), SUM(bsum), SUM(bn), SUM(msum),"
                                " SUM(mn), IFNULL(MIN(NULLIF(y0, 0)), 0), MAX(y1),"
                                " IFNULL(MIN(NULLIF(first, 0)), 0)"
                                " FROM temp.tree_stage GROUP BY key, km ORDER BY key, km", -1,
                                &sum, NULL);
    int status = PGN_OK;
    while (rc == SQLITE_OK && status == PGN_OK && (rc = sqlite3_step(sum)) == SQLITE_ROW) {
        rc = SQLITE_OK;
        struct index_count c;
        c.kind_move = (uint32_t)sqlite3_column_int64(sum, 1);
        uint64_t *f[INDEX_COUNT_FIELDS] = { &c.games, &c.white, &c.draws, &c.black, &c.wsum,
                                            &c.wn, &c.bsum, &c.bn, &c.msum, &c.mn,
                                            &c.year0, &c.year1, &c.first };
        for (int i = 0; i < INDEX_COUNT_FIELDS; i++)
            *f[i] = (uint64_t)sqlite3_column_int64(sum, 2 + i);
        status = row_add(w, (uint64_t)sqlite3_column_int64(sum, 0), &c);
    }
    sqlite3_finalize(sum);
    if (status != PGN_OK)
        return status;
    return rc == SQLITE_DONE || rc == SQLITE_OK ? PGN_OK : index_db_fail(b->db, rc);
}

static int by_key_move(const void *x, const void *y)
{
    const struct stage_slot *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->c.kind_move > b->c.kind_move) - (a->c.kind_move < b->c.kind_move);
}

/* Frees the sides' stage tables. */
static void free_sides(struct counts_build *b)
{
    for (int i = 0; i < 2; i++) {
        free(b->side[i].slots);
        b->side[i].slots = NULL;
    }
}

/* Writes the rows: from the stage tables alone when neither had to pour
 * (most sources: sorted here, the low side's keys before the high side's),
 * else from the pours summed by SQLite. */
static int write_rows(struct counts_build *b)
{
    struct row_writer *w = malloc(sizeof *w);
    if (!w)
        return PGN_ENOMEM;
    int rc = row_begin(w, b);
    if (rc == PGN_OK && (b->side[0].poured || b->side[1].poured)) {
        for (int i = 0; rc == PGN_OK && i < 2; i++)
            rc = stage_pour(&b->side[i]);
        /* Every entry is in SQLite now: the sketch and the stage tables give
         * their memory (45 MB) to its sort (at 1.75M games the build's peak). */
        index_sketch_free(&b->sketch);
        free_sides(b);
        if (rc == PGN_OK)
            rc = write_poured(b, w);
    } else {
        for (int i = 0; rc == PGN_OK && i < 2; i++) {
            struct counts_side *side = &b->side[i];
            size_t n = 0;
            for (size_t k = 0; k < side->nslots; k++)
                if (side->slots[k].c.games)
                    side->slots[n++] = side->slots[k];
            qsort(side->slots, n, sizeof *side->slots, by_key_move);
            for (size_t k = 0; rc == PGN_OK && k < n; k++)
                rc = row_add(w, side->slots[k].key, &side->slots[k].c);
        }
    }
    rc = row_end(w, rc);
    free(w);
    return rc;
}

/* The source's own row: what the tree counts of every game, the reach groups, the unsure games. */
static int put_source(struct counts_build *b)
{
    unsigned char summary[9 * 10];
    size_t slen = 0;
    for (int i = 0; i < 9; i++)
        slen = index_put_varint(summary, slen, b->summary[i]);
    struct buf late = BUF_INIT(((size_t)8) << INDEX_LATE_GROUP_BITS);
    int rc = PGN_OK;
    for (size_t g = 0; rc == PGN_OK && g < (size_t)1 << INDEX_LATE_GROUP_BITS; g++) {
        if (!(b->late[g] >> 63))
            continue;
        uint64_t reach = (g & 0xfffff) | (b->late[g] & ~(1ull << 63)) |
                         (uint64_t)(g >> 20) << WALK_UNSURE;
        unsigned char e[8];
        index_put_le(e, reach, 8);
        rc = buf_append(&late, e, 8) ? PGN_ENOMEM : PGN_OK;
    }
    sqlite3_stmt *put = NULL;
    int step = rc ? SQLITE_OK
                  : sqlite3_prepare_v2(b->db->h, "INSERT INTO tree_sources(source, summary,"
                                       " late, unsure) VALUES(?1, ?2, ?3, ?4)", -1, &put, NULL);
    if (rc == PGN_OK && step == SQLITE_OK) {
        sqlite3_bind_int64(put, 1, b->source);
        sqlite3_bind_blob(put, 2, summary, (int)slen, SQLITE_STATIC);
        sqlite3_bind_blob(put, 3, late.data ? late.data : "", (int)late.len, SQLITE_STATIC);
        sqlite3_bind_blob(put, 4, b->unsure.data ? b->unsure.data : "", (int)b->unsure.len,
                          SQLITE_STATIC);
        step = sqlite3_step(put);
    }
    if (rc == PGN_OK && step != SQLITE_DONE)
        rc = index_db_fail(b->db, step);
    sqlite3_finalize(put);
    buf_release(&late);
    return rc;
}

int index_counts_rebuild(struct index_db *db, int64_t source)
{
    struct counts_build b;
    memset(&b, 0, sizeof b);
    b.db = db;
    b.source = source;
    buf_init(&b.unsure, (size_t)1 << 30); /* 10 bytes a game at most */
    char sql[256];
    snprintf(sql, sizeof sql, "DELETE FROM tree_counts WHERE source=%lld;"
             " DELETE FROM tree_sources WHERE source=%lld; DELETE FROM tree_late WHERE source=%lld;"
             " DELETE FROM tree_served WHERE source=%lld;",
             (long long)source, (long long)source, (long long)source, (long long)source);
    int rc = index_db_exec(db, sql);
    if (rc == PGN_OK)
        rc = index_db_exec(db, "CREATE TEMP TABLE IF NOT EXISTS tree_stage(key, km, games, white, draws,"
                      " black, wsum, wn, bsum, bn, msum, mn, y0, y1, first);"
                      " DELETE FROM temp.tree_stage;"
                      " CREATE TEMP TABLE IF NOT EXISTS tree_late_stage(grp, number, counts);"
                      " DELETE FROM temp.tree_late_stage;");
    uint64_t games = 0;
    if (rc == PGN_OK)
        rc = index_db_chunked_games(db, source, &games);
    if (rc == PGN_OK) {
        index_sketch_init(&b.sketch, games * (INDEX_WALK_PLIES + 1)); /* its keys at most */
        for (unsigned i = 0; i < 2; i++) {
            struct counts_side *side = &b.side[i];
            side->b = &b;
            side->half = i;
            side->max_slots = (db->stage_slots ? db->stage_slots : STAGE_SLOTS) / 2;
            side->nslots = index_stage_first_slots(side->max_slots, FIRST_SLOTS);
            side->slots = array_zeroed(side->nslots, sizeof *side->slots); /* probed before written */
            rc = side->slots ? rc : PGN_ENOMEM;
        }
        buf_init(&b.chunk_rows.data, (size_t)1 << 30);
        b.walks = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_WALK_SIZE);
        b.rowbuf = malloc((size_t)INDEX_OPENING_ROWS * INDEX_CHUNK_GAMES * 2);
        b.decoded = malloc((size_t)INDEX_CHUNK_GAMES * sizeof *b.decoded);
        b.brief = malloc((size_t)INDEX_CHUNK_GAMES * sizeof *b.brief);
        b.late = calloc((size_t)1 << INDEX_LATE_GROUP_BITS, sizeof *b.late);
        if (!b.sketch.cells || !b.walks || !b.rowbuf || !b.decoded || !b.brief ||
            !b.late)
            rc = PGN_ENOMEM;
    }
    if (rc == PGN_OK) {
        int prc = sqlite3_prepare_v2(db->h, "INSERT INTO temp.tree_stage VALUES(?1, ?2, ?3, ?4,"
                                     " ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)", -1,
                                     &b.stage_put, NULL);
        rc = prc == SQLITE_OK ? index_late_games_start(&b.late_games, db, source)
                              : index_db_fail(db, prc);
    }
    if (rc == PGN_OK)
        rc = each_chunk(&b, 1);
    if (rc == PGN_OK) {
        index_helper_start(&b.helper, db->threads);
        rc = each_chunk(&b, 2);
        index_helper_stop(&b.helper);
    }
    for (int i = 0; rc == PGN_OK && i < 2; i++)
        rc = stage_drain(&b.side[i]);
    buf_release(&b.chunk_rows.data);
    if (rc == PGN_OK)
        rc = write_rows(&b);
    /* Not needed any more: their memory goes to sorting the late games. */
    index_sketch_free(&b.sketch);
    free_sides(&b);
    if (rc == PGN_OK)
        rc = put_source(&b);
    if (rc == PGN_OK)
        rc = index_late_games_write(&b.late_games);
    if (rc == PGN_OK)
        rc = index_db_exec(db, "DELETE FROM temp.tree_stage; DELETE FROM temp.tree_late_stage;");
    sqlite3_finalize(b.stage_put);
    sqlite3_finalize(b.walk_st);
    sqlite3_finalize(b.row_st);
    sqlite3_finalize(b.rows_st);
    index_sketch_free(&b.sketch);
    free_sides(&b);
    buf_release(&b.chunk_rows.data);
    free(b.walks);
    free(b.rowbuf);
    free(b.decoded);
    free(b.brief);
    free(b.late);
    index_late_games_release(&b.late_games);
    buf_release(&b.unsure);
    /* The lines' counts beside, then the games the explorer lists at each row
     * just written (after the buffers above are freed: they have their own). */
    if (rc == PGN_OK)
        rc = index_paths_rebuild(db, source);
    return rc == PGN_OK ? index_served_build(db, source) : rc;
}
