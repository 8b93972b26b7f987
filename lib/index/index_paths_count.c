/* index_paths_count.c - how many games start with a line of moves, from the path counts. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_bytes.h"
#include "index/index_db_internal.h"
#include "index/index_paths.h"
#include "base/banned.h"

/* The games of the line's row into *games; 1 when it has one, 0 when not, or a status. */
static int line_games(struct index_db *db, int64_t source, uint64_t key, uint64_t *games)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT games FROM path_counts WHERE source=?1 AND"
                                     " path=?2", source, -1, &st);
    if (rc)
        return rc;
    sqlite3_bind_int64(st, 2, (sqlite3_int64)key); /* the key's bits, signed as SQLite keeps them */
    rc = sqlite3_step(st);
    sqlite3_int64 n = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW && n < INDEX_PATHS_MIN)
        return index_db_damaged(db, "a row of the path counts is wrong");
    *games = (uint64_t)n;
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : index_db_fail(db, rc);
}

/* The source's unsure games (varint deltas) into out, each INDEX_MAYBE; a status. */
static int unsure_games(struct index_db *db, int64_t source, uint64_t games,
                        struct index_selection *out)
{
    sqlite3_stmt *st;
    int rc = index_db_prepare_source(db, "SELECT unsure FROM path_sources WHERE source=?1",
                                     source, -1, &st);
    if (rc)
        return rc;
    rc = sqlite3_step(st);
    const unsigned char *list = rc == SQLITE_ROW ? sqlite3_column_blob(st, 0) : NULL;
    size_t len = rc == SQLITE_ROW ? (size_t)sqlite3_column_bytes(st, 0) : 0, at = 0;
    int status = rc == SQLITE_ROW ? PGN_OK
                 : rc == SQLITE_DONE ? index_db_damaged(db, "a source has no path counts")
                                     : index_db_fail(db, rc);
    /* At most one game a byte: the list is sized once. */
    if (status == PGN_OK && (!(out->number = malloc((len + 1) * sizeof *out->number)) ||
                             !(out->verdict = malloc(len + 1))))
        status = PGN_ENOMEM;
    uint64_t number = 0;
    while (status == PGN_OK && at < len) {
        if (!index_get_number(list, len, &at, games, &number)) {
            status = index_db_damaged(db, "a list of unsure games is malformed");
            break;
        }
        out->number[out->n] = number;
        out->verdict[out->n++] = INDEX_MAYBE;
    }
    sqlite3_finalize(st);
    out->maybe = out->n;
    return status;
}

int index_paths_count_moves(struct index_db *db, int64_t source, uint64_t games,
                            const move16 *moves, size_t n, struct index_selection *out)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > INDEX_OPENING_PLIES)
        return 0;
    uint64_t key = INDEX_PATH_START;
    for (size_t i = 0; i < n; i++)
        key = index_path_next(key, moves[i]);
    uint64_t yes;
    int rc = line_games(db, source, key, &yes);
    if (rc == 1)
        rc = unsure_games(db, source, games, out);
    else
        return rc;
    if (rc != PGN_OK) {
        index_selection_release(out);
        return rc;
    }
    out->yes = yes;
    return 1;
}
