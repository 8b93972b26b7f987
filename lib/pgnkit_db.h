/* pgnkit_db.h - the public C interface to a pgnkit database: open, find, count, read back, tree. */
/* SPDX-License-Identifier: MIT */
#ifndef PGNKIT_DB_H
#define PGNKIT_DB_H

/*
 * A database is the file `pgnkit index` builds beside PGN files: where each
 * game's bytes are in its source file and the facts queries ask about. The
 * PGN files stay the source of truth: a game is read back from them, and a
 * source changed since it was indexed is refused (PGNKIT_EIO, "... changed
 * since it was indexed") rather than answered from stale records. Only
 * this header names SQLite's work; pgnkit.h stays free of it, and its
 * conventions (status values, ownership, threads) hold here too.
 *
 * Games are numbered from 1 over the whole database, source after source in
 * the order they were indexed, as `pgnkit search DB` and `pgnkit convert
 * DB` give them.
 *
 * Threads: a handle may be used by one thread at a time; open one handle
 * per thread to read a database from several at once.
 */

#include <stddef.h>
#include <stdint.h>
#include <pgnkit.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pgnkit_db;

/**
 * Opens the database at path read-only (it is never written). Returns
 * PGNKIT_OK and *out (free it with pgnkit_db_free), PGNKIT_EIO when it
 * cannot be opened, PGNKIT_EFORMAT when path is not a pgnkit database (or
 * one of a later schema), PGNKIT_ENOMEM; *out = NULL then.
 */
PGNKIT_API int pgnkit_db_open(struct pgnkit_db **out, const char *path);

/** Frees db and everything it returned (NULL is allowed). */
PGNKIT_API void pgnkit_db_free(struct pgnkit_db *db);

/**
 * What the last failing function on db found, lowercase with the subject
 * quoted ("'games.pgn' changed since it was indexed"); "" when none. Owned
 * by db, valid until its next call.
 */
PGNKIT_API const char *pgnkit_db_error(const struct pgnkit_db *db);

/** Number of games in the database (of every source), into *n. PGNKIT_OK or PGNKIT_EIO. */
PGNKIT_API int pgnkit_db_game_count(struct pgnkit_db *db, uint64_t *n);

/**
 * Counts into *n the games of the database that q matches, exactly as
 * pgnkit_query_match() on each game read from the sources (and a count of
 * `pgnkit search` with the same criteria over DB) would: the database decides
 * what its records can, the other games are read from their sources and
 * matched. q is only used during the call. PGNKIT_OK; PGNKIT_EIO (a source
 * missing, changed or unreadable; pgnkit_db_error() says which);
 * PGNKIT_EFORMAT when the database is damaged; PGNKIT_ENOMEM.
 */
PGNKIT_API int pgnkit_db_count(struct pgnkit_db *db, struct pgnkit_query *q, uint64_t *n);

/**
 * Tells found the number (as pgnkit_db_game_pgn() takes it) of each game
 * of the database that q matches, in input order, one call per game:
 * exactly the games `pgnkit search` with the same criteria over DB writes,
 * and those pgnkit_db_count() counts. The database decides what its records
 * can; the other games are read from their sources (each source opened and
 * checked once, its undecided games read in runs by one reader) and
 * matched as pgnkit_query_match() matches them. found returns 0 to go on,
 * anything else to stop (pgnkit_db_find then returns PGNKIT_OK); inside
 * it, only pgnkit_db_game_pgn(), pgnkit_db_game_count() and
 * pgnkit_db_error() may be called on db. q and ctx are the caller's and
 * only used during the call. PGNKIT_OK; PGNKIT_EIO (a source missing,
 * changed or unreadable: pgnkit_db_error() says which; the games of the
 * sources before it were told already); PGNKIT_EFORMAT when the database is
 * damaged; PGNKIT_ENOMEM. Threads: as every function on db.
 *
 *   static int print(void *ctx, uint64_t number)
 *   {
 *       const char *text;
 *       size_t len;
 *       if (pgnkit_db_game_pgn(ctx, number, &text, &len) != PGNKIT_OK)
 *           return 1;
 *       fwrite(text, 1, len, stdout);
 *       return 0;
 *   }
 *   ...
 *   pgnkit_db_find(db, q, print, db);
 */
PGNKIT_API int pgnkit_db_find(struct pgnkit_db *db, struct pgnkit_query *q,
                              int (*found)(void *ctx, uint64_t number), void *ctx);

/**
 * Game number (1 .. pgnkit_db_game_count()) as its PGN text, byte for byte
 * as it stands in its source (decompressed for a compressed source), into
 * *text and *len (not NUL-terminated). The text belongs to db and stays
 * valid until the next call on db. PGNKIT_OK; PGNKIT_EINVAL when there is
 * no such game; PGNKIT_EIO, PGNKIT_EFORMAT, PGNKIT_ENOMEM as above.
 */
PGNKIT_API int pgnkit_db_game_pgn(struct pgnkit_db *db, uint64_t number, const char **text,
                                  size_t *len);

/*
 * One next move of the opening tree: the games whose main line reaches the
 * root and goes on with move, counted by their result as the tree report
 * of `pgnkit stats` counts them (a game without a decided result is in
 * games only).
 */
struct pgnkit_tree_move {
    pgnkit_move move; /* a move of the root position (pgnkit_position_write_move) */
    uint64_t games;
    uint64_t white_wins, draws, black_wins;
};

/*
 * The games the tree looked at: every game of the database, how many of
 * them reach the root (the first time their main line does), and what they
 * scored there.
 */
struct pgnkit_tree_total {
    uint64_t games;   /* every game of the database (empty texts left out) */
    uint64_t reached; /* games whose main line reaches the root */
    uint64_t white_wins, draws, black_wins; /* of the games that reach it */
};

/**
 * The opening tree at root, as the tree report of `pgnkit stats` gives it
 * for that position: the moves played there, the first time each game's
 * main line reaches it, most played first (ties in the order of the moves'
 * pgnkit_move values), into *moves and *n; *total (NULL:
 * not wanted) gets the totals. Games pgnkit does not replay (variants) do
 * not reach it. *moves belongs to db and stays valid until the next call
 * on db. PGNKIT_OK, or PGNKIT_EIO, PGNKIT_EFORMAT, PGNKIT_ENOMEM as above.
 */
PGNKIT_API int pgnkit_db_tree(struct pgnkit_db *db, const struct pgnkit_position *root,
                              const struct pgnkit_tree_move **moves, size_t *n,
                              struct pgnkit_tree_total *total);

#ifdef __cplusplus
}
#endif

#endif
