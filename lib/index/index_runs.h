/* index_runs.h - which bytes of a plain source to read for some of its games: runs, in order. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_RUNS_H
#define LIB_INDEX_RUNS_H

#include <stdint.h>
#include "index/index_db.h"

/*
 * A database answers what its records can; the other games are read from
 * their plain source. Reading them one by one costs a span lookup, a read
 * and a reader each; reading the whole source reads games nobody wants.
 * The runs are the middle way, and this is the one place that cuts them,
 * for every reader of a database (the CLI's dbinput.c, the library's
 * api_db.c): consecutive wanted games, with at most gap unwanted games
 * between two of them, make one run, read as one stretch of bytes and
 * parsed by one reader from the run's first game on.
 *
 * A run starts at a game whose span can be parsed alone (pgn_reader.h,
 * PARSING A SPAN ELSEWHERE) and ends after a game the next run can start
 * after, so games before its first wanted one and after its last may be read
 * along (the caller passes them over); no game is read by two runs. A run
 * is at most INDEX_RUN_WINDOW bytes unless one game is longer: the memory a
 * read takes does not grow with the source.
 *
 *   struct index_runs it;
 *   index_runs_init(&it, db, &src, wanted, ctx, INDEX_RUN_GAP);
 *   while ((rc = index_runs_next(&it, &run)) > 0)
 *       ... read bytes [run.start, run.end) and parse them from run.origin ...
 */
enum {
    INDEX_RUN_WINDOW = 4 << 20,
    /* Games far apart are read as separate runs; closer ones in one run,
     * the games between read along (cheaper than a new read and reader). */
    INDEX_RUN_GAP = 8,
};

/** 1 when game i (from 0) of the source must be read. */
typedef int index_wanted_fn(const void *ctx, uint64_t i);

/** The first game from i on (from 0) that must be read, or the source's game count when none. */
typedef uint64_t index_next_fn(const void *ctx, uint64_t i);

/** One run: its games and bytes. */
struct index_run {
    uint64_t first, last;           /* games first .. last (from 1) are in it */
    uint64_t start, end;            /* its bytes [start, end) of the source */
    int has_origin;                 /* 0: start is the source's start (origin unused) */
    struct pgn_span_origin origin;  /* where start is: the reader's pgn_reader_set_origin() */
};

/** Where a walk over a source's runs is; set by index_runs_init(). */
struct index_runs {
    struct index_db *db;
    const struct index_source *src;
    index_wanted_fn *wanted;        /* NULL: every game, to the end of the indexed bytes */
    index_next_fn *jump;            /* NULL: wanted() is asked of every game in turn */
    const void *ctx;
    uint64_t gap;
    uint64_t next;                  /* the next game to look at (from 0) */
    int done;
};

/**
 * Starts a walk over the runs of src (a plain source of db) that hold the
 * games wanted() says (wanted NULL: one run of every game, up to the end of
 * the indexed bytes, even when the source holds no game but text), gap
 * unwanted games at most read along between two wanted ones. src and ctx
 * are the caller's and must stay until the walk ends.
 */
void index_runs_init(struct index_runs *it, struct index_db *db, const struct index_source *src,
                     index_wanted_fn *wanted, const void *ctx, uint64_t gap);

/**
 * Lets the walk go from a wanted game straight to the next with next (its
 * ctx is the walk's), instead of asking wanted() of each game between: a
 * few games of a big source cost their number, not the source's.
 */
void index_runs_jump(struct index_runs *it, index_next_fn *next);

/**
 * The next run into *run, in the order of the source: 1, 0 after the last,
 * or PGN_EFORMAT when the spans of the records are wrong (the database is
 * damaged; index_db_message() says how), PGN_EIO.
 */
int index_runs_next(struct index_runs *it, struct index_run *run);

#endif
