/* index_counts_served.c - the games the explorer lists at a counted position: written at build time, read per request. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_counts_served.h"
#include "index/index_db_internal.h"
#include "index/index_helper.h"
#include "base/banned.h"

/*
 * Each listed game is ranked by one 64-bit value, higher first, so that
 * both lists are kept by the same code:
 *
 *   top:     rating << 40 | (2^40 - 1 - number)   better rated, then earlier
 *   recent:  year << 40 | number                  later year, then later game
 *
 * Game numbers must then stay under 2^40 (a trillion games in one source).
 */
enum { NUMBER_BITS = 40, BATCH_KEYS = 1 << 18, BUCKETS = 256 };
#define NUMBER_MASK ((1ull << NUMBER_BITS) - 1)

struct served_slot {
    uint64_t key;
    uint8_t n[2];                      /* games kept in each list */
    uint64_t rank[2][INDEX_SERVED_MAX]; /* highest first */
};

/* What a posting of a game of the chunk needs, worked out once per game. */
struct served_game {
    uint64_t rank[2]; /* its ranks in the top and the recent lists */
    uint32_t rplies;  /* the last ply whose postings count it */
    int counted;      /* 0: no posting of it counts */
};

struct served_build;

/*
 * The batch's keys come from tree_counts in SQLite's (signed) order, so the
 * keys of one bucket (one top byte) lie side by side in it, ascending; and
 * a row of the position index is one bucket's keys, ascending too. A row's
 * postings are then matched to the batch by walking both lists together
 * (a merge), not by looking each posting up in a hash table: the batch's
 * keys are read in order from a compact array, once per row.
 *
 * A chunk's rows are swept in two halves by bucket (0-127 and 128-255),
 * one a side, on two threads when the build has them (index_helper.h):
 * a key's lists are only ever touched by the side of its bucket.
 */
struct served_side {
    struct served_build *b;
    unsigned half; /* the buckets it sweeps: half << 7 to that + 127 */
    /* The merge's state: the key last offered, its slot (NULL: not in the
     * batch), and the next key of the batch to compare. */
    uint64_t run_key;
    struct served_slot *run_slot;
    size_t next, end;
    int run_open, bad;
};

struct served_build {
    struct index_db *db;
    int64_t source;
    struct served_slot *slots; /* the batch's keys, in SQLite's order */
    uint64_t *keys;            /* the same keys alone, for the merge */
    uint32_t from[BUCKETS], to[BUCKETS]; /* bucket b's keys: keys[from[b] .. to[b]) */
    uint64_t want[BUCKETS / 64]; /* a bit for each bucket that holds keys of the batch */
    struct index_walk walk;    /* one game's walk record, decoded */
    struct served_game *games; /* the chunk's */
    uint64_t chunk_first;      /* number of the chunk's first game */
    struct served_side side[2];
    struct index_helper helper; /* sweeps side[1] */
    struct index_chunk_rows rows; /* the chunk's rows of the batch's buckets */
};

/* Puts rank into the list (highest first, at most INDEX_SERVED_MAX) if it belongs there. */
static void keep(uint64_t *list, uint8_t *n, uint64_t rank)
{
    size_t at = *n;
    while (at > 0 && rank > list[at - 1])
        at--;
    if (at >= INDEX_SERVED_MAX)
        return;
    size_t last = *n < INDEX_SERVED_MAX ? *n : INDEX_SERVED_MAX - 1;
    memmove(list + at + 1, list + at, (last - at) * sizeof *list);
    list[at] = rank;
    if (*n < INDEX_SERVED_MAX)
        (*n)++;
}

/* The slot of key in the batch, or NULL, moving the merge on: keys come
 * ascending within a bucket; one that does not starts the search again. */
static struct served_slot *slot_of(struct served_side *side, uint64_t key)
{
    const struct served_build *b = side->b;
    if (!side->run_open || index_bucket(key) != index_bucket(side->run_key) ||
        key < side->run_key) {
        side->next = b->from[index_bucket(key)];
        side->end = b->to[index_bucket(key)];
    }
    side->run_open = 1;
    side->run_key = key;
    while (side->next < side->end && b->keys[side->next] < key)
        side->next++;
    return side->next < side->end && b->keys[side->next] == key ? &b->slots[side->next] : NULL;
}

/* A posting: game (in the chunk) first reaches key at ply; offered to the key's lists. */
static void offer(void *ctx, uint64_t key, unsigned game, unsigned ply)
{
    struct served_side *side = ctx;
    if (game >= INDEX_CHUNK_GAMES) {
        side->bad = 1;
        return;
    }
    if (!side->run_open || key != side->run_key)
        side->run_slot = slot_of(side, key);
    struct served_slot *s = side->run_slot;
    const struct served_game *g = &side->b->games[game];
    if (s && g->counted && ply <= g->rplies) {
        keep(s->rank[0], &s->n[0], g->rank[0]);
        keep(s->rank[1], &s->n[1], g->rank[1]);
    }
}

/* Game i of the chunk, from its walk record: the games the counts of a key
 * hold (index_counts_build.c's count_posting()) with a decided result. */
static void game_of(struct served_build *b, const unsigned char *record, uint32_t i)
{
    struct index_walk *w = &b->walk;
    struct served_game *g = &b->games[i];
    index_walk_decode(record, w);
    g->counted = index_walk_decided(w->result) && index_walk_told(w);
    g->rplies = w->rplies;
    uint64_t number = b->chunk_first + i;
    uint64_t rating = w->white_elo > 0 && w->black_elo > 0 ? (w->white_elo + w->black_elo) / 2
                                                           : 0;
    g->rank[0] = rating << NUMBER_BITS | (NUMBER_MASK - number);
    g->rank[1] = (uint64_t)w->year << NUMBER_BITS | number;
}

/* One side's half of the chunk's rows: their postings offered. */
static void sweep_half(void *arg)
{
    struct served_side *side = arg;
    const struct index_chunk_rows *rows = &side->b->rows;
    for (size_t i = 0; i < rows->n && !side->bad; i++) {
        if (rows->row[i].bucket >> 7 != side->half)
            continue;
        side->run_open = 0;
        size_t len;
        const unsigned char *data = index_chunk_row(rows, i, &len);
        if (index_postings_decode(data, len, 0, offer, side))
            side->bad = 1;
    }
}

/* The postings of one chunk of the source, of the buckets that hold keys
 * of the batch, offered, half on the helper; a status. */
static int sweep_chunk(struct served_build *b, sqlite3_stmt **st, uint64_t chunk)
{
    int rc = index_chunk_rows_read(b->db, st, b->source, chunk, b->want, &b->rows);
    if (rc)
        return rc;
    index_helper_give(&b->helper, sweep_half, &b->side[1], NULL, NULL);
    sweep_half(&b->side[0]);
    index_helper_wait(&b->helper);
    if (b->side[0].bad || b->side[1].bad)
        return index_db_damaged(b->db, "a row of the position index is malformed");
    return PGN_OK;
}

/* One pass over every chunk of the source for the batch's keys; a status. */
static int sweep(struct served_build *b)
{
    sqlite3_stmt *chunks = NULL, *pos = NULL, *walk_st = NULL;
    unsigned char *walks = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_WALK_SIZE);
    int rc = walks ? index_db_prepare_source(b->db, "SELECT chunk, games FROM game_walks"
                                             " WHERE source=?1 ORDER BY chunk", b->source, -1,
                                             &chunks)
                   : PGN_ENOMEM;
    while (rc == PGN_OK && (rc = sqlite3_step(chunks)) == SQLITE_ROW) {
        uint64_t chunk = (uint64_t)sqlite3_column_int64(chunks, 0);
        uint32_t n = (uint32_t)sqlite3_column_int64(chunks, 1);
        if (n > INDEX_CHUNK_GAMES) {
            rc = index_db_damaged(b->db, "a blob of game walks has too many games");
            break;
        }
        b->chunk_first = chunk * INDEX_CHUNK_GAMES + 1;
        if (b->chunk_first + n > NUMBER_MASK) {
            rc = PGN_ETOOBIG;
            break;
        }
        rc = index_chunk_walks(b->db, &walk_st, b->source, chunk, n, walks);
        for (uint32_t i = 0; rc == PGN_OK && i < n; i++)
            game_of(b, walks + (size_t)i * INDEX_WALK_SIZE, i);
        /* A posting of a game past the chunk's last (damage) counts nowhere. */
        memset(b->games + n, 0, (INDEX_CHUNK_GAMES - n) * sizeof *b->games);
        if (rc == PGN_OK)
            rc = sweep_chunk(b, &pos, chunk);
    }
    if (rc == SQLITE_DONE)
        rc = PGN_OK;
    else if (rc > 0)
        rc = index_db_fail(b->db, rc);
    sqlite3_finalize(chunks);
    sqlite3_finalize(pos);
    sqlite3_finalize(walk_st);
    free(walks);
    return rc;
}

/* The slot's two lists as one ascending list of numbers with their lists, into out; how many. */
static size_t listed_of(const struct served_slot *s, struct index_served_game *out)
{
    size_t n = 0;
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < s->n[l]; i++) {
            uint64_t number = l ? s->rank[1][i] & NUMBER_MASK
                                : NUMBER_MASK - (s->rank[0][i] & NUMBER_MASK);
            size_t at = 0;
            while (at < n && out[at].number < number)
                at++;
            if (at < n && out[at].number == number) {
                out[at].lists |= 1u << l;
                continue;
            }
            memmove(out + at + 1, out + at, (n - at) * sizeof *out);
            out[at].number = number;
            out[at].lists = 1u << l;
            n++;
        }
    return n;
}

/* Writes the batch's rows into tree_served; a status. */
static int write_batch(struct served_build *b, size_t n)
{
    sqlite3_stmt *put;
    int rc = sqlite3_prepare_v2(b->db->h, "INSERT INTO tree_served(source, key, data)"
                                " VALUES(?1, ?2, ?3)", -1, &put, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(b->db, rc);
    for (size_t i = 0; rc == SQLITE_OK && i < n; i++) {
        struct index_served_game g[2 * INDEX_SERVED_MAX];
        unsigned char blob[10 + 2 * INDEX_SERVED_MAX * 10];
        size_t k = listed_of(&b->slots[i], g), len = index_put_varint(blob, 0, k);
        for (size_t j = 0; j < k; j++)
            len = index_put_varint(blob, len,
                                   (g[j].number - (j ? g[j - 1].number : 0)) << 2 | g[j].lists);
        sqlite3_bind_int64(put, 1, b->source);
        sqlite3_bind_int64(put, 2, (sqlite3_int64)b->slots[i].key);
        sqlite3_bind_blob(put, 3, blob, (int)len, SQLITE_STATIC);
        int step = sqlite3_step(put);
        sqlite3_reset(put);
        rc = step == SQLITE_DONE ? SQLITE_OK : step;
    }
    sqlite3_finalize(put);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(b->db, rc);
}

/* Reads the keys of the batch (the source's rows of tree_counts from the
 * key after *after, at most BATCH_KEYS) into b; *n says how many. */
static int load_batch(struct served_build *b, int64_t *after, int first, size_t *n)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(b->db, "SELECT key FROM tree_counts WHERE source=?1"
                                     " AND (?2 OR key>?3) ORDER BY key LIMIT ?4", b->source, -1,
                                     &st);
    if (rc)
        return rc;
    sqlite3_bind_int(st, 2, first);
    sqlite3_bind_int64(st, 3, *after);
    sqlite3_bind_int(st, 4, BATCH_KEYS);
    uint32_t in[BUCKETS] = { 0 };
    *n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        *after = sqlite3_column_int64(st, 0);
        struct served_slot *s = &b->slots[*n];
        memset(s, 0, sizeof *s);
        s->key = b->keys[(*n)++] = (uint64_t)*after;
        in[index_bucket(s->key)]++;
    }
    sqlite3_finalize(st);
    /* Where each bucket's keys start (SQLite's order keeps them together,
     * the negative keys' buckets, 128 to 255, first), and the buckets the
     * sweep reads. */
    memset(b->want, 0, sizeof b->want);
    for (unsigned k = 0, at = 0; k < BUCKETS; k++) {
        unsigned bucket = (k + BUCKETS / 2) % BUCKETS;
        b->from[bucket] = at;
        b->to[bucket] = at += in[bucket];
        if (in[bucket])
            b->want[bucket / 64] |= 1ull << (bucket % 64);
    }
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(b->db, rc);
}

int index_served_build(struct index_db *db, int64_t source)
{
    struct served_build b;
    memset(&b, 0, sizeof b);
    b.db = db;
    b.source = source;
    b.slots = malloc((size_t)BATCH_KEYS * sizeof *b.slots);
    b.keys = malloc((size_t)BATCH_KEYS * sizeof *b.keys);
    b.games = malloc((size_t)INDEX_CHUNK_GAMES * sizeof *b.games);
    int rc = b.slots && b.keys && b.games ? PGN_OK : PGN_ENOMEM;
    for (unsigned i = 0; i < 2; i++)
        b.side[i] = (struct served_side){ .b = &b, .half = i };
    buf_init(&b.rows.data, (size_t)1 << 30);
    index_helper_start(&b.helper, db->threads);
    int64_t after = 0;
    size_t n = BATCH_KEYS;
    /* A batch shorter than BATCH_KEYS is the last. */
    for (int first = 1; rc == PGN_OK && n == BATCH_KEYS; first = 0) {
        rc = load_batch(&b, &after, first, &n);
        if (rc == PGN_OK && n)
            rc = sweep(&b);
        if (rc == PGN_OK && n)
            rc = write_batch(&b, n);
    }
    index_helper_stop(&b.helper);
    buf_release(&b.rows.data);
    free(b.slots);
    free(b.keys);
    free(b.games);
    return rc;
}

int index_served_decode(const unsigned char *blob, size_t len, struct index_served_game *out,
                        size_t *n)
{
    size_t at = 0, in[2] = { 0, 0 };
    uint64_t count, number = 0;
    *n = 0;
    if (!index_get_varint(blob, len, &at, &count) || count > 2 * INDEX_SERVED_MAX)
        return PGN_EFORMAT;
    for (size_t i = 0; i < count; i++) {
        uint64_t v;
        if (!index_get_varint(blob, len, &at, &v) || v >> 2 == 0 || !(v & 3) ||
            v >> 2 > NUMBER_MASK - number)
            return PGN_EFORMAT;
        number += v >> 2;
        out[i].number = number;
        out[i].lists = (unsigned)(v & 3);
        in[0] += (v & INDEX_SERVED_TOP) != 0;
        in[1] += (v & INDEX_SERVED_RECENT) != 0;
    }
    if (at != len || in[0] > INDEX_SERVED_MAX || in[1] > INDEX_SERVED_MAX)
        return PGN_EFORMAT;
    *n = (size_t)count;
    return PGN_OK;
}
