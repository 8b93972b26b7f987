/* index_late_games.c - the games whose main line goes on past the walk, listed per reach group (tree_late). */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "base/array.h"
#include "base/buf.h"
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_db_internal.h"
#include "index/index_late_games.h"
#include "base/banned.h"

/* The late games held in memory at most: 16 bytes each, as much again and
 * 8 MB of group starts to sort them, which a source of 250,000 games fits
 * (a bigger one is near the build's memory bound already). */
enum { LATE_HELD = 1 << 18 };

int index_late_games_start(struct index_late_games *l, struct index_db *db, int64_t source)
{
    *l = (struct index_late_games){ .db = db, .source = source };
    int rc = sqlite3_prepare_v2(db->h, "INSERT INTO temp.tree_late_stage VALUES(?1, ?2, ?3)", -1,
                                &l->stage_put, NULL);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(db, rc);
}

/* Forgets the games held in memory. */
static void drop_held(struct index_late_games *l)
{
    free(l->held);
    l->held = NULL;
    l->nheld = l->held_cap = 0;
}

void index_late_games_release(struct index_late_games *l)
{
    sqlite3_finalize(l->stage_put);
    l->stage_put = NULL;
    drop_held(l);
}

/* Puts one late game into the temporary table tree_late_stage. */
static int late_stage(struct index_late_games *l, uint64_t grp, uint64_t number, uint64_t counts)
{
    sqlite3_stmt *st = l->stage_put;
    sqlite3_bind_int64(st, 1, (sqlite3_int64)grp);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)number);
    sqlite3_bind_int64(st, 3, (sqlite3_int64)counts);
    int step = sqlite3_step(st);
    sqlite3_reset(st);
    return step == SQLITE_DONE ? PGN_OK : index_db_fail(l->db, step);
}

int index_late_games_add(struct index_late_games *l, uint64_t grp, uint64_t number,
                         uint64_t counts)
{
    size_t most = l->db->late_held_max ? l->db->late_held_max : LATE_HELD;
    if (!l->poured && l->nheld < most) {
        if (array_reserve((void **)&l->held, &l->held_cap, l->nheld + 1, sizeof *l->held,
                          4096))
            return PGN_ENOMEM;
        l->held[l->nheld].number = number;
        l->held[l->nheld++].grp_counts = grp << 40 | counts;
        return PGN_OK;
    }
    /* The first game that does not fit: those held go to the table first, in order. */
    for (size_t i = 0; !l->poured && i < l->nheld; i++) {
        int rc = late_stage(l, l->held[i].grp_counts >> 40, l->held[i].number,
                            l->held[i].grp_counts & 0xffffffffffull);
        if (rc)
            return rc;
    }
    l->poured = 1;
    drop_held(l);
    return late_stage(l, grp, number, counts);
}
/* The rows of tree_late being written: one reach group's list at a time, groups ascending. */
struct late_writer {
    struct index_late_games *l;
    sqlite3_stmt *put;
    int64_t grp;             /* the group of the list (-1: none yet) */
    uint64_t last;           /* the number of the list's last game */
    struct buf list;
};

/* Writes the list of the group being made, if any, and starts an empty one. */
static int late_put_list(struct late_writer *w)
{
    if (w->grp < 0)
        return PGN_OK;
    sqlite3_bind_int64(w->put, 1, w->l->source);
    sqlite3_bind_int64(w->put, 2, w->grp);
    sqlite3_bind_blob(w->put, 3, w->list.data, (int)w->list.len, SQLITE_STATIC);
    int done = sqlite3_step(w->put);
    sqlite3_reset(w->put);
    buf_reset(&w->list);
    w->last = 0;
    return done == SQLITE_DONE ? PGN_OK : index_db_fail(w->l->db, done);
}

/* Adds a late game to its group's list (groups ascending, numbers ascending in each):
 * the varint delta of its number and its material at ply 30 (5 bytes: reach bits 20-59). */
static int late_list_add(struct late_writer *w, int64_t grp, uint64_t number, uint64_t counts)
{
    int rc = grp != w->grp ? late_put_list(w) : PGN_OK;
    if (rc)
        return rc;
    w->grp = grp;
    if (buf_reserve(&w->list, 15))
        return PGN_ENOMEM;
    w->list.len = index_put_number((unsigned char *)w->list.data, w->list.len, &w->last, number);
    index_put_le((unsigned char *)w->list.data + w->list.len, counts, 5);
    w->list.len += 5;
    return PGN_OK;
}

/* The late games held in memory, grouped: a counting sort by group keeps each group's game order. */
static int late_from_memory(struct index_late_games *l, struct late_writer *w)
{
    size_t groups = (size_t)1 << INDEX_LATE_GROUP_BITS;
    uint32_t *start = calloc(groups + 1, sizeof *start);
    struct index_late_game *sorted = malloc((l->nheld ? l->nheld : 1) * sizeof *sorted);
    int rc = start && sorted ? PGN_OK : PGN_ENOMEM;
    for (size_t i = 0; rc == PGN_OK && i < l->nheld; i++)
        start[(l->held[i].grp_counts >> 40) + 1]++;
    for (size_t g = 0; rc == PGN_OK && g < groups; g++)
        start[g + 1] += start[g];
    for (size_t i = 0; rc == PGN_OK && i < l->nheld; i++)
        sorted[start[l->held[i].grp_counts >> 40]++] = l->held[i];
    for (size_t i = 0; rc == PGN_OK && i < l->nheld; i++)
        rc = late_list_add(w, (int64_t)(sorted[i].grp_counts >> 40), sorted[i].number,
                           sorted[i].grp_counts & 0xffffffffffull);
    free(start);
    free(sorted);
    return rc;
}

/* The late games poured into the temporary table, grouped by SQLite's sort. */
static int late_from_stage(struct index_late_games *l, struct late_writer *w)
{
    sqlite3_stmt *get = NULL;
    int rc = sqlite3_prepare_v2(l->db->h, "SELECT grp, number, counts FROM temp.tree_late_stage"
                                " ORDER BY grp, number", -1, &get, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(l->db, rc);
    int status = PGN_OK;
    while (status == PGN_OK && (rc = sqlite3_step(get)) == SQLITE_ROW)
        status = late_list_add(w, sqlite3_column_int64(get, 0),
                               (uint64_t)sqlite3_column_int64(get, 1),
                               (uint64_t)sqlite3_column_int64(get, 2));
    sqlite3_finalize(get);
    if (status != PGN_OK)
        return status;
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(l->db, rc);
}

int index_late_games_write(struct index_late_games *l)
{
    struct late_writer w = { .l = l, .grp = -1, .list = BUF_INIT((size_t)1 << 30) };
    int rc = sqlite3_prepare_v2(l->db->h, "INSERT INTO tree_late(source, grp, data)"
                                " VALUES(?1, ?2, ?3)", -1, &w.put, NULL);
    if (rc != SQLITE_OK)
        rc = index_db_fail(l->db, rc);
    else
        rc = l->poured ? late_from_stage(l, &w) : late_from_memory(l, &w);
    if (rc == PGN_OK)
        rc = late_put_list(&w);
    sqlite3_finalize(w.put);
    buf_release(&w.list);
    return rc;
}
