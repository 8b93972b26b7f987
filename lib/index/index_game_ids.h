/* index_game_ids.h - from a game's (source, number) to its row of game_rows, through runs of ids. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_GAME_IDS_H
#define LIB_INDEX_GAME_IDS_H

#include <sqlite3.h>
#include <stdint.h>

struct index_db;

/*
 * game_rows gives ids in insert order, and the games of a source are
 * stored in number order, so a source's games are a few runs in which the
 * number and the id both go up by one: one run for a fresh build, one more
 * for each update that appended games after another source's. The table
 * game_ids keeps one row per run:
 *
 *   game_ids(source, number, id, games)   numbers number .. number + games - 1
 *                                          are ids id .. id + games - 1
 *
 * so finding a game's row is a read of the run at or before its number and
 * a read of game_rows by id. An index on game_rows(source, number) did the
 * same for 13 bytes a game (140 MB at 10.5M games) and a sort at the end of
 * every build.
 */
struct index_game_run {
    int64_t source;
    uint64_t number; /* the first game's number in its source */
    int64_t id;      /* the first game's id in game_rows */
    uint64_t games;  /* 0: no run */
};

/* What a database handle keeps of the runs (inside struct index_db). */
struct index_game_ids {
    struct index_game_run open;  /* the run being stored, not yet in game_ids */
    struct index_game_run found; /* the run of the last lookup (a search looks up neighbours) */
    sqlite3_stmt *put, *find, *last;
};

/** The id of game number in run into *id: 1 when the run holds it, else 0. */
int index_game_run_id(const struct index_game_run *run, uint64_t number, int64_t *id);

/**
 * Notes that game number of source was stored as row id: it extends the
 * open run, or closes it (written to game_ids) and opens another.
 * PGN_OK or PGN_EIO.
 */
int index_game_ids_note(struct index_db *db, int64_t source, uint64_t number, int64_t id);

/** Writes the open run to game_ids, if any: PGN_OK or PGN_EIO. */
int index_game_ids_flush(struct index_db *db);

/**
 * The id of game number of source into *id: 1 when found, 0 when the
 * source has no such game, or a negative status (PGN_EIO).
 */
int index_game_ids_find(struct index_db *db, int64_t source, uint64_t number, int64_t *id);

/**
 * The number and id of the last game of source into *number and *id: 1
 * when found, 0 when the source has no game, or a negative status.
 */
int index_game_ids_last(struct index_db *db, int64_t source, uint64_t *number, int64_t *id);

/**
 * Deletes the games of source from number first on from game_rows and
 * tags, and their runs from game_ids. PGN_OK or PGN_EIO.
 */
int index_game_ids_drop(struct index_db *db, int64_t source, uint64_t first);

/** Finalizes ids' statements (the handle's connection stays open). */
void index_game_ids_release(struct index_game_ids *ids);

#endif
