/* dbinput.h - a pgnkit database given as an input: its sources' games, as the scan reads them. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_DBINPUT_H
#define CMD_DBINPUT_H

#include <stddef.h>
#include <stdint.h>
#include "index/index_tree.h"
#include "pgn/pgn_reader.h"
#include "query/search_query.h"

/*
 * dbinput sits below the driver (driver.h): the driver hands a database
 * input to dbinput_read() with what the command asked of databases (struct
 * dbinput_opts, a field of the driver) and the way back to its own reading
 * of PGN bytes (struct dbinput_reader). dbinput never calls the driver by
 * name and keeps no state of its own between calls: the databases a run
 * opened are the driver's (struct dbinputs, opened once by dbinputs_open()).
 */

/*
 * A search's plan over the databases it reads (see index_plan.h): the
 * database picks the games that can meet the query and only those are
 * read from their sources, matched there by the command as in a scan.
 * With count_only, the games the database alone proves selected are not
 * read at all: they are added to counted, which the command adds to its
 * own count of the games it read and selected.
 */
struct dbinput_plan {
    const struct search_query *query;
    const struct search_query_opts *opts; /* what query was built with */
    int count_only;
    uint64_t counted;
};

/*
 * stats --tree over a database: the games the database tells (index_tree.h)
 * are handed to count() and only the others are read from their sources,
 * each exactly once (no neighbours read along, as a search's runs do).
 */
struct dbinput_tree {
    const struct pos *root;
    int depth;
    index_tree_fn *count;
    void *ctx;
    /* When not NULL, a source whose counts table tells the tree
     * (index_tree_counted()) hands it here at once, not game by game. */
    index_tree_counts_fn *counted;
};

/** What a command asks of the databases among its inputs; all NULL: read every game. */
struct dbinput_opts {
    struct dbinput_plan *plan; /* a search's plan (NULL: every game of the sources) */
    struct dbinput_tree *tree; /* stats --tree counted from the records (NULL: none) */
};

/** 1 to pass over a game read along that the plan or tree has counted already. */
typedef int dbinput_pass_fn(const void *ctx, const struct game *g);

/** How dbinput has the games of a source read: the driver's reading, seen from below. */
struct dbinput_reader {
    void *ctx;               /* handed to each function */
    unsigned reader_flags;   /* enum pgn_reader_flags the games are read with */
    /**
     * Reads the PGN file open on fd (a source not stored plainly, opened
     * and checked once), named name; the reading owns fd. 0, or -1 (reported).
     */
    int (*read_fd)(void *ctx, int fd, const char *name);
    /**
     * Reads data[0..len), the rest of source name from the span start *o on
     * (NULL: its start), passing over the games pass_over says (NULL: none);
     * 0, or -1 (reported).
     */
    int (*read_span)(void *ctx, const void *data, size_t len, const char *name,
                     const struct pgn_span_origin *o, dbinput_pass_fn *pass_over,
                     const void *pass_ctx);
    /** 1 when no more games are wanted (the command stopped, a signal came). */
    int (*stopped)(void *ctx);
};

/** 1 when path is a regular file that starts with the SQLite magic (a database). */
int dbinput_is_database(const char *path);

struct dbinput_source;

/* One input of a run, and when it is a database, what was opened of it. */
struct dbinput_db {
    char *path;            /* the input as given */
    int is_database;       /* a pgnkit database (dbinput_is_database) */
    int done;              /* handed out by dbinputs_get() */
    struct index_db *db;   /* NULL when it could not be read (open_error says why) */
    char *open_error;
    struct index_source *srcs; /* its sources, nsrc of them, each checked once */
    size_t nsrc;
    struct dbinput_source *checked;
};

/* The inputs of a run, the databases among them opened once: a field of the driver. */
struct dbinputs {
    struct dbinput_db **in;
    size_t n;
};

/**
 * Before anything is read or written: opens every database among the n
 * inputs, once, and checks each of its sources, once, against what was
 * indexed (source_check() decides). A source changed since it was indexed
 * ends the run here with one message and exit status 3, so that no answer
 * over stale records is printed; a database that cannot be read, or a
 * source that is missing, is reported when it is read, in its turn. The
 * database stays open, and its sources' files too (up to a bound), until
 * it is read: what is read is what was checked.
 */
void dbinputs_open(struct dbinputs *set, int n, char *const *inputs);

/**
 * The next input of set named path when it is a database (NULL when it is
 * not, or path is NULL): one dbinputs_open() opened, or, for a path the run
 * did not start with, one opened and checked now. Each call hands out
 * another entry, as each input is read once.
 */
struct dbinput_db *dbinputs_get(struct dbinputs *set, const char *path);

/** Closes and frees everything of set (also what was not read). */
void dbinputs_release(struct dbinputs *set);

/**
 * Reads the games of the database input in through via, as the driver reads a
 * PGN file, steered by o: the games of its sources, in the order they were indexed, each
 * source's indexed part read from the source itself (so the games and
 * their bytes are the source's), or with a plan only the games it picks.
 * A source changed while it is read ends the run (a message, exit status
 * 3); a missing one is reported and makes the input
 * fail unless the plan counts all its games without it; one that grew is
 * read as far as it was indexed, with a warning. A source is read a run of
 * games at a time, as index_runs.h cuts them (INDEX_RUN_WINDOW bytes at most). A
 * database whose records are damaged is reported and fails. Closes what in
 * holds open. 0, or -1 when it failed (reported).
 */
int dbinput_read(struct dbinput_db *in, const struct dbinput_opts *o,
                 const struct dbinput_reader *via);

/**
 * How many files the n inputs stand for, a database counting as its sources
 * (what a command that names the file of each game when there are several
 * asks); an unreadable database counts as one.
 */
int dbinput_count_inputs(int n, char *const *inputs);

#endif
