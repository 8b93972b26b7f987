/* index_plan.c - which games of a database can meet a search: decided from its records, or to be read. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_deciders.h"
#include "index/index_material_keys.h"
#include "index/index_material.h"
#include "index/index_paths.h"
#include "index/index_paths_position.h"
#include "index/index_pick.h"
#include "index/index_pick_where.h"
#include "index/index_plan.h"
#include "index/index_where.h"
#include "query/filter.h"
#include "notation/notation.h"
#include "query/search_criterion.h"
#include "base/banned.h"

struct index_plan {
    struct index_db *db;
    struct plan_crit *crit;
    size_t n;
    int useful;
    int rows;      /* opening rows the deciders read (0: none) */
    int records;   /* a decider reads the records (else row 0 has their flags) */
    int walks;     /* a decider reads the walks and the position index */
    sqlite3_stmt *openings, *walk_rows, *position_rows, *material_rows;
    sqlite3_stmt *record_rows, *key_counts, *key_rows; /* a selection's (index_plan_select) */
    unsigned char *rowbuf; /* the rows of the chunk being decided (a step frees SQLite's) */
    unsigned char *walkbuf; /* its walks */
    /* Its material runs, read when a decider first asks (INDEX_NEED): the
     * games up to mat_games are decoded, mat_at is the next one's byte. */
    struct buf matbuf;
    int mat_loaded;
    uint32_t mat_games;
    size_t mat_at;
    struct index_material mat;
    /* A query whose first criterion is a position or a material: its
     * candidates, from the material keys (index_material_keys.h), when its material
     * has a key (one material; SQ_MATERIAL_EITHER two). */
    uint64_t key[2];       /* key[0] MATERIAL_KEY_NONE: every game is decided from its records */
    unsigned side_bit;     /* MK_WHITE, MK_BLACK, or both: the sides to move that count */
    unsigned char *sides;  /* the chunk's games: the sides its keys give them */
    sqlite3_stmt *material_key_rows, *record_row;
    struct index_plan_counts counts;
};

/* ---- Building ---------------------------------------------------------------- */

struct name_matcher {
    struct plan_crit *pc;
    struct filter *re;
};

/* The verdict of the criterion's regex on one name. */
static int match_name(void *ctx, uint32_t id, const char *s, size_t len)
{
    struct name_matcher *nm = ctx;
    struct plan_crit *pc = nm->pc;
    /* A name the spelling file lists: any of its spellings. */
    int v = pc->c->canonical ? (sq_same_name(pc->c, s, len) ? INDEX_YES : INDEX_NO)
                             : index_regex_verdict(nm->re, s, len);
    return index_verdicts_set(&pc->names, &pc->nnames, id, v);
}

/* Runs the criterion's regex (a fresh copy) on every name of its dictionary. */
static int match_names(struct index_plan *p, struct plan_crit *pc,
                       const struct search_query_opts *opts)
{
    int kind = pc->slot[0] <= IR_BLACK ? NAMES_PLAYERS : pc->slot[0] == IR_EVENT ? NAMES_EVENTS
                                                                               : NAMES_SITES;
    struct name_matcher nm = { pc, NULL };
    if (!pc->c->canonical) {
        const char *pattern = filter_pattern(pc->c->re);
        int rc = filter_new(&nm.re, pattern, strlen(pattern),
                            opts->flags & SQ_ICASE ? FILTER_ICASE : 0, opts->limit, NULL);
        if (rc)
            return rc;
    }
    int rc = index_names_each(p->db, kind, match_name, &nm);
    filter_free(nm.re);
    return rc;
}

/* The one material pattern p fits (its counts all exact) into *m; 0 when it fits more or none. */
static int only_material(const struct material_pattern *p, struct material *m)
{
    memset(m, 0, sizeof *m);
    for (int c = 0; c < 2; c++) {
        for (int t = PAWN; t <= QUEEN; t++) {
            if (p->lo[c][t] != p->hi[c][t])
                return 0;
            m->count[c][t] = p->lo[c][t];
        }
        m->count[c][KING] = 1;
    }
    return material_pattern_fits(p, m);
}

/*
 * The material keys of the plan's first criterion, when it has them: a
 * position's material (with its side to move), or the one material of a
 * SQ_MATERIAL or SQ_MATERIAL_END pattern whose counts are exact (and for
 * SQ_MATERIAL_EITHER, the one of its colours swapped; either side to move).
 * A game that never has them fails the criterion, and so the query.
 */
static void keys_of(struct index_plan *p)
{
    p->key[0] = p->key[1] = MATERIAL_KEY_NONE;
    if (!p->n)
        return;
    const struct plan_crit *pc = &p->crit[0];
    struct material m[2];
    if (pc->decide == index_decide_position) {
        p->key[0] = p->key[1] = material_key_of(&pc->target.mat);
        p->side_bit = pc->target.side == WHITE ? MK_WHITE : MK_BLACK;
    } else if ((pc->decide == index_decide_material || pc->decide == index_decide_material_end) &&
               only_material(&pc->c->mpat[0], &m[0]) &&
               (!pc->c->either || only_material(&pc->c->mpat[1], &m[1]))) {
        p->key[0] = p->key[1] = material_key_of(&m[0]);
        if (pc->c->either)
            p->key[1] = material_key_of(&m[1]);
        p->side_bit = MK_WHITE | MK_BLACK;
    }
    if (p->key[1] == MATERIAL_KEY_NONE)
        p->key[0] = MATERIAL_KEY_NONE;
}

int index_plan_new(struct index_plan **out, struct index_db *db, const struct search_query *q,
                   const struct search_query_opts *opts)
{
    struct index_plan *p = calloc(1, sizeof *p);
    *out = p;
    if (!p)
        return PGN_ENOMEM;
    p->db = db;
    buf_init(&p->matbuf, (size_t)INDEX_CHUNK_GAMES * INDEX_MATERIAL_MAX);
    size_t n;
    const struct criterion *crit = sq_criteria(q, &n);
    if (n && !(p->crit = calloc(n, sizeof *p->crit)))
        return PGN_ENOMEM;
    p->n = n;
    for (size_t i = 0; i < n; i++) {
        struct plan_crit *pc = &p->crit[i];
        pc->c = &crit[i];
        pc->decide = index_decider_of(pc->c, opts, pc->slot);
        if (pc->decide == index_decide_moves) {
            int rows = 1 + (int)(pc->c->nmoves < INDEX_OPENING_PLIES ? pc->c->nmoves
                                                                     : INDEX_OPENING_PLIES);
            p->rows = rows > p->rows ? rows : p->rows;
        }
        if (pc->decide == index_decide_position) {
            index_target_of(&pc->c->target, &pc->target);
            if (!(pc->hits = malloc(INDEX_CHUNK_GAMES)))
                return PGN_ENOMEM;
            p->walks = 1;
        }
        if (pc->decide == index_decide_names) {
            int rc = match_names(p, pc, opts);
            if (rc)
                return rc;
        }
        if (pc->decide == index_decide_where) {
            int rc = index_where_new(&pc->where, db, pc->c->where);
            if (rc || (rc = index_pick_where(db, pc->c->where, &pc->wkeys)))
                return rc;
        }
        /* Only criteria before the first undecided one can spare a read. */
        if (!pc->decide)
            break;
        p->useful = 1;
        p->records |= pc->decide != index_decide_moves && pc->decide != index_decide_position &&
                      pc->decide != index_decide_material && pc->decide != index_decide_material_end;
    }
    if (!p->records && !p->rows)
        p->rows = 1;
    keys_of(p);
    /* A position, a material or a line of moves reads blobs of many chunks
     * once each: through SQLite's page cache (bounded, index_db_open)
     * rather than a map of the file, whose pages would stay in the
     * process's memory as it grows. */
    if (p->walks || p->key[0] != MATERIAL_KEY_NONE || p->rows > 1) {
        int rc = sqlite3_exec(db->h, "PRAGMA mmap_size=0", NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            return index_db_fail(db, rc);
    }
    return PGN_OK;
}

int index_plan_useful(const struct index_plan *p) { return p->useful; }

void index_plan_free(struct index_plan *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++) {
        free(p->crit[i].names);
        free(p->crit[i].hits);
        index_where_free(p->crit[i].where);
        index_where_keys_release(&p->crit[i].wkeys);
    }
    sqlite3_finalize(p->openings);
    sqlite3_finalize(p->walk_rows);
    sqlite3_finalize(p->position_rows);
    sqlite3_finalize(p->material_rows);
    sqlite3_finalize(p->material_key_rows);
    sqlite3_finalize(p->record_row);
    free(p->sides);
    sqlite3_finalize(p->record_rows);
    sqlite3_finalize(p->key_counts);
    sqlite3_finalize(p->key_rows);
    buf_release(&p->matbuf);
    free(p->rowbuf);
    free(p->walkbuf);
    free(p->crit);
    free(p);
}

/* ---- Deciding ------------------------------------------------------------------ */

/* The verdict of r, or INDEX_NEED when a decider needs its material runs first. */
static int verdict_of(const struct index_plan *p, const struct index_record *r)
{
    if (r->flags & IR_EMPTY)
        return INDEX_NO;
    if (r->flags & IR_UNSURE)
        return INDEX_MAYBE;
    for (size_t i = 0; i < p->n; i++) {
        const struct plan_crit *pc = &p->crit[i];
        int v = pc->decide ? pc->decide(pc, r) : INDEX_MAYBE;
        if (v != INDEX_YES)
            return v;
    }
    return INDEX_YES;
}

/* The walks of a chunk and, per SQ_POSITION, which of its games walk through the position. */
static int load_walks(struct index_plan *p, int64_t source, uint64_t chunk, uint32_t n)
{
    if (!p->walkbuf && !(p->walkbuf = malloc((size_t)INDEX_CHUNK_GAMES * INDEX_WALK_SIZE)))
        return PGN_ENOMEM;
    int rc = index_chunk_walks(p->db, &p->walk_rows, source, chunk, n, p->walkbuf);
    for (size_t i = 0; rc == PGN_OK && i < p->n; i++)
        if (p->crit[i].hits)
            rc = index_chunk_hits(p->db, &p->position_rows, source, chunk,
                                  p->crit[i].target.key, n, p->crit[i].hits);
    return rc;
}

/* The material runs of game i of the chunk into p->mat (the chunk's blob read on first use). */
static int material_of_game(struct index_plan *p, int64_t source, uint64_t chunk, uint32_t n,
                            uint32_t i)
{
    if (!p->mat_loaded) {
        int rc = index_chunk_materials(p->db, &p->material_rows, source, chunk, n, &p->matbuf);
        if (rc)
            return rc;
        p->mat_loaded = 1;
        p->mat_games = 0;
        p->mat_at = 0;
    }
    const unsigned char *data = (const unsigned char *)p->matbuf.data;
    while (p->mat_games <= i) {
        size_t used = index_material_decode(data + p->mat_at, p->matbuf.len - p->mat_at, &p->mat);
        if (!used)
            return index_db_damaged(p->db, "a blob of material runs does not hold its games");
        p->mat_at += used;
        p->mat_games++;
    }
    return PGN_OK;
}

/* Reads what the deciders read of a chunk of n games beside its records: its opening rows into rows, its walks. */
static int load_chunk(struct index_plan *p, int64_t source, uint64_t chunk, uint32_t n,
                      const unsigned char *rows[INDEX_OPENING_ROWS])
{
    int rc = PGN_OK;
    if (p->rows && !p->rowbuf &&
        !(p->rowbuf = malloc((size_t)INDEX_OPENING_ROWS * INDEX_CHUNK_GAMES * 2)))
        return PGN_ENOMEM;
    if (p->rows)
        rc = index_chunk_openings(p->db, &p->openings, source, chunk, n, p->rows, p->rowbuf, rows);
    if (rc == PGN_OK && p->walks)
        rc = load_walks(p, source, chunk, n);
    p->mat_loaded = 0;
    return rc;
}

/* Where a chunk being decided is: its records (NULL when no decider reads them) and rows. */
struct chunk_at {
    int64_t source;
    uint64_t chunk;
    uint32_t n;
    const unsigned char *data;
    const unsigned char *rows[INDEX_OPENING_ROWS];
    struct index_record r; /* zeroed once per chunk: without records, only the fields set below change */
};

/* The verdict of game i of the chunk loaded into *v (games in ascending order). */
static int decide_game(struct index_plan *p, struct chunk_at *c, uint32_t i, int *v)
{
    struct index_record *r = &c->r;
    if (c->data)
        index_record_decode(c->data + (size_t)i * INDEX_RECORD_SIZE, r);
    r->rows = p->rows ? c->rows : NULL;
    r->chunk_at = i;
    r->number = c->chunk * INDEX_CHUNK_GAMES + i + 1;
    r->material = NULL;
    if (p->walks) {
        struct index_walk w;
        index_walk_decode(p->walkbuf + (size_t)i * INDEX_WALK_SIZE, &w);
        r->reach = w.reach;
    }
    if (p->rows)
        r->opening = (unsigned)c->rows[0][2 * i] | (unsigned)c->rows[0][2 * i + 1] << 8;
    if (!c->data) /* the deciders read no record: its flags are in row 0 */
        r->flags = (r->opening & IO_EMPTY ? IR_EMPTY : 0) | (r->opening & IO_UNSURE ? IR_UNSURE : 0);
    *v = verdict_of(p, r);
    if (*v == INDEX_NEED) {
        int rc = material_of_game(p, c->source, c->chunk, c->n, i);
        if (rc)
            return rc;
        r->material = &p->mat;
        *v = verdict_of(p, r);
    }
    return PGN_OK;
}

/* Decides the games of one chunk (its blobs checked first). */
static int decide_chunk(struct index_plan *p, sqlite3_stmt *st, int64_t source,
                        uint64_t expect_chunk, uint64_t games, uint64_t *done,
                        unsigned char *verdict)
{
    sqlite3_int64 chunk = sqlite3_column_int64(st, 0), n = sqlite3_column_int64(st, 1);
    uint64_t sum = (uint64_t)sqlite3_column_int64(st, 2);
    const unsigned char *data = p->records ? sqlite3_column_blob(st, 3) : NULL;
    size_t len = (size_t)sqlite3_column_bytes(st, 3);
    uint64_t left = games - *done;
    if (chunk < 0 || (uint64_t)chunk != expect_chunk || n < 1 ||
        (uint64_t)n != (left < INDEX_CHUNK_GAMES ? left : INDEX_CHUNK_GAMES))
        return index_db_damaged(p->db, "the blobs of game records do not cover the games");
    if (p->records &&
        (!data || len != (size_t)n * INDEX_RECORD_SIZE || index_records_checksum(data, len) != sum))
        return index_db_damaged(p->db, "a blob of game records fails its checksum");
    p->db->record_reads += p->records;
    static const struct chunk_at zero;
    struct chunk_at c = zero;
    c.source = source;
    c.chunk = (uint64_t)chunk;
    c.n = (uint32_t)n;
    c.data = data;
    int rc = load_chunk(p, source, c.chunk, c.n, c.rows);
    for (uint32_t i = 0; rc == PGN_OK && i < c.n; i++) {
        if (p->sides && !(p->sides[i] & p->side_bit)) {
            verdict[(*done)++] = INDEX_NO; /* the material keys rule it out */
            continue;
        }
        p->counts.decided++;
        int v;
        if ((rc = decide_game(p, &c, i, &v)) == PGN_OK)
            verdict[(*done)++] = (unsigned char)v;
    }
    return rc;
}

/*
 * The candidates of chunk chunk (those p->sides names for the sides that
 * count): a position's few are left to the scan (INDEX_MAYBE) at once,
 * reading nothing more; more, or a material's, are decided from the chunk's
 * records, as without keys, when reading those costs less than reading the
 * games (or, for a material, decides without them).
 */
static int decide_candidates(struct index_plan *p, int64_t source, uint64_t chunk,
                             uint64_t games, unsigned char *verdict)
{
    uint64_t done = chunk * INDEX_CHUNK_GAMES, left = games - done;
    uint32_t n = (uint32_t)(left < INDEX_CHUNK_GAMES ? left : INDEX_CHUNK_GAMES), count = 0;
    for (uint32_t i = 0; i < n; i++)
        count += (p->sides[i] & p->side_bit) != 0;
    p->counts.candidates += count;
    if (!count)
        return PGN_OK;
    /* A material criterion is decided from the runs alone, with no source
     * to read: only a position's few candidates are left to the scan. */
    if (count <= MATERIAL_KEY_DIRECT && p->crit[0].decide == index_decide_position) {
        for (uint32_t i = 0; i < n; i++)
            if (p->sides[i] & p->side_bit)
                verdict[done + i] = INDEX_MAYBE;
        return PGN_OK;
    }
    p->counts.chunks++;
    int rc;
    if (!p->record_row &&
        (rc = sqlite3_prepare_v2(p->db->h, p->records ? "SELECT chunk, games, checksum, data FROM"
                                 " game_records WHERE source=?1 AND chunk=?2"
                                 : "SELECT chunk, games, checksum, NULL FROM game_records"
                                 " WHERE source=?1 AND chunk=?2", -1, &p->record_row, NULL)))
        return index_db_fail(p->db, rc);
    sqlite3_stmt *st = p->record_row;
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, source);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)chunk);
    rc = sqlite3_step(st);
    int status = rc == SQLITE_ROW ? decide_chunk(p, st, source, chunk, games, &done, verdict)
                 : rc == SQLITE_DONE ? index_db_damaged(p->db, "game records are missing")
                                     : index_db_fail(p->db, rc);
    sqlite3_reset(st);
    return status;
}

/* The verdicts of a source's games through the material keys of p->key: a
 * chunk whose keys name none of its games is ruled out without a read. */
static int plan_source_keyed(struct index_plan *p, int64_t source, uint64_t games,
                             unsigned char *verdict)
{
    memset(verdict, INDEX_NO, games);
    if (!p->sides && !(p->sides = malloc(INDEX_CHUNK_GAMES)))
        return PGN_ENOMEM;
    int status = PGN_OK;
    for (uint64_t chunk = 0; status == PGN_OK && chunk * INDEX_CHUNK_GAMES < games; chunk++) {
        uint64_t left = games - chunk * INDEX_CHUNK_GAMES;
        uint32_t n = (uint32_t)(left < INDEX_CHUNK_GAMES ? left : INDEX_CHUNK_GAMES);
        status = index_chunk_key_sides(p->db, &p->material_key_rows, source, chunk, p->key, n, p->sides);
        if (status == PGN_OK)
            status = decide_candidates(p, source, chunk, games, verdict);
    }
    return status;
}

void index_plan_counts(const struct index_plan *p, struct index_plan_counts *out)
{
    *out = p->counts;
}

int index_plan_source(struct index_plan *p, int64_t source, uint64_t games,
                      unsigned char *verdict)
{
    if (p->key[0] != MATERIAL_KEY_NONE)
        return plan_source_keyed(p, source, games, verdict);
    /* Every chunk is read once: many records go through the page cache
     * (peak memory the size of the records mapped: 342 MB at 10.5M games). */
    int rc = index_db_unmap_past(p->db, games * INDEX_RECORD_SIZE);
    if (rc != PGN_OK)
        return rc;
    sqlite3_stmt *st;
    /* A blob column not asked for is not read (its pages neither). */
    rc = sqlite3_prepare_v2(p->db->h, p->records ? "SELECT chunk, games, checksum, data FROM"
                                " game_records WHERE source=?1 ORDER BY chunk"
                                : "SELECT chunk, games, checksum, NULL FROM game_records"
                                " WHERE source=?1 ORDER BY chunk", -1, &st, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(p->db, rc);
    sqlite3_bind_int64(st, 1, source);
    uint64_t done = 0, chunk = 0;
    int status = PGN_OK;
    while (status == PGN_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (done >= games)
            status = index_db_damaged(p->db, "more game records than games");
        else {
            p->counts.chunks++;
            status = decide_chunk(p, st, source, chunk++, games, &done, verdict);
        }
    }
    sqlite3_finalize(st);
    if (status == PGN_OK && rc != SQLITE_DONE)
        status = index_db_fail(p->db, rc);
    if (status == PGN_OK && done != games)
        status = index_db_damaged(p->db, "game records are missing");
    return status;
}

/* ---- Selecting through the keys ------------------------------------------------ */

/* The most candidates a selection holds (8 bytes each), whatever the share. */
enum { SELECT_MAX = 1 << 23 };

/*
 * The plan's criteria with deciders, as index_pick_choose() reads them,
 * into a new array *out of *n (NULL: out of memory): a where expression
 * is one entry per conjunct its keys hold, in their order.
 */
static struct index_pick_crit *pick_criteria(const struct index_plan *p, size_t *n)
{
    size_t cap = 1;
    for (size_t i = 0; i < p->n; i++)
        cap += 1 + p->crit[i].wkeys.n;
    struct index_pick_crit *c = calloc(cap, sizeof *c);
    *n = 0;
    for (size_t i = 0; c && i < p->n && p->crit[i].decide; i++) {
        const struct plan_crit *pc = &p->crit[i];
        int names = pc->decide == index_decide_names;
        struct index_pick_crit one = { pc->c, names ? pc->names : NULL, names ? pc->nnames : 0,
                                       names ? pc->slot : NULL, NULL, 0 };
        if (!pc->wkeys.n)
            c[(*n)++] = one;
        for (size_t k = 0; k < pc->wkeys.n; k++) {
            one.fixed = &pc->wkeys.set[k];
            one.blocks = k + 1 == pc->wkeys.n;
            c[(*n)++] = one;
        }
    }
    return c;
}

/* Keeps game (from 0) with verdict v in out, unless it is turned down. */
static void keep(struct index_selection *out, uint64_t game, int v)
{
    if (v == INDEX_NO)
        return;
    out->number[out->n] = game + 1;
    out->verdict[out->n++] = (unsigned char)v;
    out->yes += v == INDEX_YES;
    out->maybe += v == INDEX_MAYBE;
}

/*
 * Decides the picked games of one chunk (picks from *k on; index_keys.h:
 * game << 1 | unsure), keeping those not turned down at out->n. The sure
 * ones are yes; the chunk's blobs are read only when one is not.
 */
static int select_chunk(struct index_plan *p, int64_t source, uint64_t games,
                        struct index_picks *picks, size_t *k, struct index_selection *out)
{
    uint64_t chunk = (picks->game[*k] >> 1) / INDEX_CHUNK_GAMES, first = chunk * INDEX_CHUNK_GAMES;
    if (first >= games)
        return index_db_damaged(p->db, "the game keys name a game the source has not");
    size_t end = *k;
    int unsure = 0;
    for (; end < picks->n && (picks->game[end] >> 1) / INDEX_CHUNK_GAMES == chunk; end++)
        unsure |= (int)(picks->game[end] & 1);
    static const struct chunk_at zero;
    struct chunk_at c = zero;
    c.source = source;
    c.chunk = chunk;
    c.n = (uint32_t)(games - first < INDEX_CHUNK_GAMES ? games - first : INDEX_CHUNK_GAMES);
    int rc = PGN_OK;
    if (unsure && p->records)
        rc = index_chunk_records(p->db, &p->record_rows, source, chunk, c.n, &c.data);
    if (unsure && rc == PGN_OK)
        rc = load_chunk(p, source, chunk, c.n, c.rows);
    for (; rc == PGN_OK && *k < end; ++*k) {
        uint64_t game = picks->game[*k] >> 1;
        int v = INDEX_YES;
        if (game - first >= c.n)
            rc = index_db_damaged(p->db, "the game keys name a game the source has not");
        else if (!(picks->game[*k] & 1) ||
                 (rc = decide_game(p, &c, (uint32_t)(game - first), &v)) == PGN_OK)
            keep(out, game, v);
    }
    sqlite3_reset(p->record_rows);
    return rc;
}

int index_plan_select(struct index_plan *p, int64_t source, uint64_t games, int count_only,
                      struct index_selection *out)
{
    memset(out, 0, sizeof *out);
    /* Counting the games that reach a position, and nothing else: the
     * tree's counts hold the number, when the position has their row. */
    if (count_only && p->n == 1 && p->crit[0].decide == index_decide_position) {
        int rc = index_paths_count_position(p->db, source, games, &p->crit[0].c->target, out);
        if (rc)
            return rc;
    }
    /* Or that start with a line of moves: the path counts hold it. */
    if (count_only && p->n == 1 && p->crit[0].decide == index_decide_moves) {
        int rc = index_paths_count_moves(p->db, source, games, p->crit[0].c->moves,
                                         p->crit[0].c->nmoves, out);
        if (rc)
            return rc;
    }
    uint64_t limit = games / INDEX_SELECT_SHARE, count, sure = 0;
    limit = limit < SELECT_MAX ? limit : SELECT_MAX;
    struct index_key_set best = { 0 }, rest = { 0 };
    size_t ncrit;
    struct index_pick_crit *crit = pick_criteria(p, &ncrit);
    if (!crit)
        return PGN_ENOMEM;
    int rc = index_pick_choose(p->db, &p->key_counts, source, crit, ncrit, p->n, &best, &count);
    free(crit);
    /* Counting only: the games of the sure parts are counted from their
     * rows' lengths, and only the others are listed and decided. */
    if (rc > 0 && count_only && index_pick_sure_on_one_field(&best)) {
        rc = index_pick_unsure_parts(&best, &rest);
        int src = SQLITE_OK;
        if (rc == PGN_OK &&
            ((src = index_keys_count(p->db->h, &p->key_counts, source, best.r, best.n, 1,
                                     UINT64_MAX, &sure)) != SQLITE_OK ||
             (src = index_keys_count(p->db->h, &p->key_counts, source, rest.r, rest.n, 0,
                                     limit, &count)) != SQLITE_OK))
            rc = index_db_fail(p->db, src);
        rc = rc == PGN_OK ? 1 : rc;
        index_key_set_release(&best);
        best = rest;
    }
    if (rc <= 0 || count > limit) {
        index_key_set_release(&best);
        return rc < 0 ? rc : 0;
    }
    struct index_picks picks = { 0 };
    rc = index_keys_collect(p->db->h, &p->key_rows, source, best.r, best.n, &picks);
    index_key_set_release(&best);
    rc = rc == SQLITE_OK ? PGN_OK : rc == SQLITE_CORRUPT
                                        ? index_db_damaged(p->db, "a list of game keys is wrong")
                                        : index_db_fail(p->db, rc);
    /* The games kept are written over the picks (out->number is picks.game),
     * at out->n, never ahead of the pick being read. */
    out->number = picks.game;
    if (rc == PGN_OK && !(out->verdict = malloc(picks.n + 1)))
        rc = PGN_ENOMEM;
    for (size_t k = 0; rc == PGN_OK && k < picks.n;)
        rc = select_chunk(p, source, games, &picks, &k, out);
    out->yes += sure;
    if (rc != PGN_OK)
        index_selection_release(out);
    return rc == PGN_OK ? 1 : rc;
}

void index_selection_release(struct index_selection *s)
{
    free(s->number);
    free(s->verdict);
    memset(s, 0, sizeof *s);
}
