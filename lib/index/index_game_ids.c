/* index_game_ids.c - from a game's (source, number) to its row of game_rows, through runs of ids. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_game_ids.h"
#include "base/banned.h"

int index_game_run_id(const struct index_game_run *run, uint64_t number, int64_t *id)
{
    if (!run->games || number < run->number || number - run->number >= run->games)
        return 0;
    *id = run->id + (int64_t)(number - run->number);
    return 1;
}

/* Prepares sql into *st once (the handle keeps it): PGN_OK or PGN_EIO. */
static int prepared(struct index_db *db, sqlite3_stmt **st, const char *sql)
{
    int rc = *st ? SQLITE_OK : sqlite3_prepare_v2(db->h, sql, -1, st, NULL);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(db, rc);
}

int index_game_ids_flush(struct index_db *db)
{
    struct index_game_run *run = &db->ids.open;
    if (!run->games)
        return PGN_OK;
    int rc = prepared(db, &db->ids.put, "INSERT INTO game_ids(source, number, id, games)"
                                        " VALUES(?1, ?2, ?3, ?4)");
    if (rc)
        return rc;
    sqlite3_stmt *st = db->ids.put;
    sqlite3_bind_int64(st, 1, run->source);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)run->number);
    sqlite3_bind_int64(st, 3, run->id);
    sqlite3_bind_int64(st, 4, (sqlite3_int64)run->games);
    rc = sqlite3_step(st);
    sqlite3_reset(st);
    run->games = 0;
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
}

int index_game_ids_note(struct index_db *db, int64_t source, uint64_t number, int64_t id)
{
    struct index_game_run *run = &db->ids.open;
    if (run->games && run->source == source && number == run->number + run->games &&
        id == run->id + (int64_t)run->games) {
        run->games++;
        return PGN_OK;
    }
    int rc = index_game_ids_flush(db);
    *run = (struct index_game_run){ .source = source, .number = number, .id = id, .games = 1 };
    return rc;
}

/* Steps st (source and maybe a number bound) for one run into *run: 1, 0 (none) or a status. */
static int read_run(struct index_db *db, sqlite3_stmt *st, int64_t source,
                    struct index_game_run *run)
{
    int rc = sqlite3_step(st);
    if (rc == SQLITE_ROW)
        *run = (struct index_game_run){ .source = source,
                                        .number = (uint64_t)sqlite3_column_int64(st, 0),
                                        .id = sqlite3_column_int64(st, 1),
                                        .games = (uint64_t)sqlite3_column_int64(st, 2) };
    sqlite3_reset(st);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : index_db_fail(db, rc);
}

int index_game_ids_find(struct index_db *db, int64_t source, uint64_t number, int64_t *id)
{
    struct index_game_run *found = &db->ids.found;
    if (found->source == source && index_game_run_id(found, number, id))
        return 1;
    /* Games stored through this handle are looked up once their run is in the table. */
    int rc = index_game_ids_flush(db);
    if (rc == PGN_OK)
        rc = prepared(db, &db->ids.find, "SELECT number, id, games FROM game_ids WHERE"
                                         " source=?1 AND number<=?2 ORDER BY number DESC"
                                         " LIMIT 1");
    if (rc)
        return rc;
    sqlite3_bind_int64(db->ids.find, 1, source);
    sqlite3_bind_int64(db->ids.find, 2, (sqlite3_int64)number);
    rc = read_run(db, db->ids.find, source, found);
    return rc == 1 ? index_game_run_id(found, number, id) : rc;
}

int index_game_ids_last(struct index_db *db, int64_t source, uint64_t *number, int64_t *id)
{
    struct index_game_run run = { 0 };
    int rc = index_game_ids_flush(db);
    if (rc == PGN_OK)
        rc = prepared(db, &db->ids.last, "SELECT number, id, games FROM game_ids WHERE"
                                         " source=?1 ORDER BY number DESC LIMIT 1");
    if (rc)
        return rc;
    sqlite3_bind_int64(db->ids.last, 1, source);
    if ((rc = read_run(db, db->ids.last, source, &run)) != 1 || !run.games)
        return rc < 0 ? rc : 0;
    *number = run.number + run.games - 1;
    *id = run.id + (int64_t)run.games - 1;
    return 1;
}

/* Runs sql with ?1..?3 = lo, hi, source to its end: PGN_OK or PGN_EIO. */
static int delete_ids(struct index_db *db, const char *sql, int64_t lo, int64_t hi,
                      int64_t source)
{
    sqlite3_stmt *st;
    int rc = sqlite3_prepare_v2(db->h, sql, -1, &st, NULL);
    if (rc != SQLITE_OK)
        return index_db_fail(db, rc);
    sqlite3_bind_int64(st, 1, lo);
    sqlite3_bind_int64(st, 2, hi);
    sqlite3_bind_int64(st, 3, source);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? PGN_OK : index_db_fail(db, rc);
}

int index_game_ids_drop(struct index_db *db, int64_t source, uint64_t first)
{
    int rc = index_game_ids_flush(db);
    db->ids.found.games = 0;
    sqlite3_stmt *st;
    if (rc || (rc = index_db_prepare_source(db, "SELECT number, id, games FROM game_ids WHERE"
                                            " source=?1 AND number + games > ?2", source,
                                            (int64_t)first, &st)))
        return rc;
    /* Every run that holds a game from first on: its ids from there to its end go. */
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        uint64_t number = (uint64_t)sqlite3_column_int64(st, 0);
        int64_t lo = sqlite3_column_int64(st, 1), hi = lo + sqlite3_column_int64(st, 2) - 1;
        lo += (int64_t)(first > number ? first - number : 0);
        if ((rc = delete_ids(db, "DELETE FROM tags WHERE game BETWEEN ?1 AND ?2", lo, hi,
                             source)) ||
            (rc = delete_ids(db, "DELETE FROM game_rows WHERE id BETWEEN ?1 AND ?2 AND"
                                 " source=?3", lo, hi, source)))
            break;
    }
    rc = rc == SQLITE_DONE ? PGN_OK : rc < 0 ? rc : index_db_fail(db, rc);
    sqlite3_finalize(st);
    if (rc)
        return rc;
    char sql[256];
    snprintf(sql, sizeof sql, "DELETE FROM game_ids WHERE source=%lld AND number>=%llu;"
             " UPDATE game_ids SET games=%llu-number WHERE source=%lld AND number<%llu AND"
             " number+games>%llu;", (long long)source, (unsigned long long)first,
             (unsigned long long)first, (long long)source, (unsigned long long)first,
             (unsigned long long)first);
    return index_db_exec(db, sql);
}

void index_game_ids_release(struct index_game_ids *ids)
{
    sqlite3_finalize(ids->put);
    sqlite3_finalize(ids->find);
    sqlite3_finalize(ids->last);
}
