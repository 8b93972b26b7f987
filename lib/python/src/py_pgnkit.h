/* py_pgnkit.h - what the files of the Python extension share: its types, errors and helpers. */
/* SPDX-License-Identifier: MIT */
#ifndef PY_PGNKIT_H
#define PY_PGNKIT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "pgnkit.h"
#include "pgnkit_db.h"

/*
 * The extension stands on the public interface alone (pgnkit.h and
 * pgnkit_db.h): it is the proof that a program can build on it.
 */

/* What a function returns on failure, with a Python exception set (CPython's convention). */
enum { PY_FAILED = -1 };

/* The exception classes, made by py_errors_init(). */
extern PyObject *py_error;      /* pgnkit.Error */
extern PyObject *py_read_error; /* pgnkit.ReadError: I/O, damaged input, not PGN */
extern PyObject *py_move_error; /* pgnkit.MoveError: a move refused */
extern PyObject *py_fen_error;  /* pgnkit.FenError: a position refused */

/** Makes the exception classes and adds them to module m. Returns 0, or PY_FAILED with an exception set. */
int py_errors_init(PyObject *m);

/**
 * Raises type with message and, as attributes, status (enum pgnkit_status)
 * and the exit code pgnkit's commands give for that status. The one place
 * that maps a status to an exception. Returns NULL, for `return py_raise(...)`.
 */
PyObject *py_raise(PyObject *type, int status, const char *message);

/** As py_raise(), choosing the class from status (MemoryError for PGNKIT_ENOMEM). */
PyObject *py_raise_status(int status, const char *message);

/** The exit code of pgnkit's commands for status: 3 for I/O and resources, 2 for arguments, 1 otherwise. */
int py_exit_code(int status);

/* Game, Position, Database and the reader: the types, made ready by the *_init functions below. */
extern PyTypeObject py_game_type;
extern PyTypeObject py_reader_type;
extern PyTypeObject py_position_type;
extern PyTypeObject py_database_type;
extern PyTypeObject *py_diagnostic_type; /* struct sequences */
extern PyTypeObject *py_variation_type;
extern PyTypeObject *py_source_type;

/** Readies the game types (game, diagnostic, variation, source) and adds them to m. */
int py_game_types_init(PyObject *m);

/*
 * Where a game read again from a copy of its text came from: what the
 * Game says of its place (file, number, line, offsets) is the original's.
 */
struct py_origin {
    const char *file;   /* the input's name */
    uint64_t number;    /* the game's number in it */
    uint64_t offset;    /* where the copy starts in the input */
    uint64_t size;      /* the length of the copy */
    int64_t line_delta; /* added to the copy's line numbers */
};

/**
 * A new Game holding everything of g the module gives (read while g is
 * valid, as every string of g belongs to its reader); origin, when not
 * NULL, says where g's text was copied from. Call with the GIL held, after
 * py_game_prepare() without it. Returns NULL with an exception set.
 */
PyObject *py_game_new(struct pgnkit_game *g, const struct py_origin *origin);

/** Does the slow, Python-free part of reading g (its replay), so that it can run without the GIL. */
void py_game_prepare(struct pgnkit_game *g);

/*
 * What a reader does with each game before Python sees it (py_select.c):
 * keep only the games a query matches (pgnkit.search), or count them into
 * stats and keep none (pgnkit.stats). One query and one stats handle per
 * thread: who is 0 for the calling (or reading) thread, 1..threads for the
 * workers of a pipeline.
 */
struct py_select;

/**
 * A query from the criteria in dict criteria (NULL: none): the long options
 * of pgnkit-search(1) with '_' for '-' (plies_min=80), True for an option
 * without argument, False or None for a criterion not given, anything else
 * as its str(). The one place where Python's criteria become a query, for
 * pgnkit.search, pgnkit.stats and Database. Returns NULL with an exception
 * set: pgnkit.Error for a criterion refused, its name with two dashes
 * before the library's reason, as the search command words it.
 */
struct pgnkit_query *py_query_new(PyObject *criteria, int icase);

/**
 * A selection for threads workers: criteria is None or a dict of
 * criteria as py_query_new() takes them, compiled once per thread (icase: PGNKIT_QUERY_ICASE); stats is None or
 * (report, root Position or None, depth). Returns NULL with an exception
 * set (pgnkit.Error with the command's message for a criterion refused).
 */
struct py_select *py_select_new(PyObject *criteria, int icase, PyObject *stats, int threads);

/**
 * 1 to give g to Python, 0 to drop it, or a negative status. Needs no GIL.
 * An entry that is no game (PGNKIT_GAME_EMPTY) is dropped for every reader,
 * as the commands drop it; s NULL keeps every game.
 */
int py_select_game(struct py_select *s, int who, struct pgnkit_game *g);

/** The JSON text of the stats of every thread merged, as a str; NULL with an exception set. */
PyObject *py_select_stats_json(const struct py_select *s);

/** Frees s (NULL is allowed). */
void py_select_free(struct py_select *s);

/**
 * 1 when g's text, read again on its own, gives the same game at the same
 * columns: the reader kept its text, it has a first token to count lines
 * from, it starts a line (*line_start says whether the previous game's text
 * ended one, and is updated for the next) and the input did not break off
 * in it. The one place that decides where an input may be cut: the copies
 * of the pipeline and the shards of pgnkit.dask (py_cut.c).
 */
int py_game_stands_alone(struct pgnkit_game *g, int *line_start);

/** _cut(path, size, pieces): where to cut a plain PGN file into pieces read apart (py_cut.c). */
PyObject *py_cut(PyObject *self, PyObject *args);

/* The threads of pgnkit.read(threads=N) (py_pipeline.c). */
struct py_pipeline;

/**
 * Starts a thread that reads in and threads workers that replay, ahead of
 * the caller; select (NULL: keep all) decides which games reach the caller,
 * worker i using its handles i + 1 and the reading thread handles 0. in and
 * select stay the caller's, to free after py_pipeline_stop().
 * Returns NULL when memory or threads ran out.
 */
struct py_pipeline *py_pipeline_start(struct pgnkit_reader *in, int threads,
                                      struct py_select *select);

/**
 * The next game, in input order, with the GIL held (it is released while
 * waiting). Returns 1 and *game (NULL with a Python exception set when it
 * could not be made), 0 at the end, or the negative status that ended the
 * input with the reader's message in *error (owned by p).
 */
int py_pipeline_next(struct py_pipeline *p, PyObject **game, const char **error);

/** Stops and joins the threads and frees p (NULL is allowed). */
void py_pipeline_stop(struct py_pipeline *p);

/** UTF-8 text s[0..n) as a str; invalid bytes (there should be none) are replaced. */
PyObject *py_text(const char *s, size_t n);

/* What py_language() returns for a name that is no language (below PGNKIT_LANG_AUTO). */
enum { PY_NO_LANGUAGE = -3 };

/** The language id named by name ("en", "de", "auto" when auto is allowed). Returns PY_NO_LANGUAGE with ValueError set. */
int py_language(const char *name, int auto_ok);

/** The move format named by name ("san", "lan", "uci"). Returns PY_FAILED with ValueError set. */
int py_move_format(const char *name);

/**
 * A writer of games in format, named as pgnkit-convert(1) names it
 * ("pgn", "ndjson", "rows", ...), per "game" or "ply" (convert's per, for
 * rows and csv), moves in language lang ("en", "de"). The one place where
 * Python's format and language names become a writer, for Game.write and
 * pgnkit.convert. Returns NULL with ValueError set for a name that is none.
 */
struct pgnkit_writer *py_writer_new(const char *format, const char *per, const char *lang);

/* What py_write_game() did with a game. */
enum py_written { PY_NOTHING = 0, PY_WRITTEN = 1, PY_LEFT_OUT = 2 };

/**
 * Writes g with w, as convert writes it: PY_WRITTEN and the text in *text
 * (a new str); *text NULL and PY_LEFT_OUT for a game with errors, which
 * convert leaves out, or PY_NOTHING for comments alone (no game); or
 * PY_FAILED with an exception set.
 */
int py_write_game(struct pgnkit_writer *w, struct pgnkit_game *g, PyObject **text);

/** Reading a movetext column: pgnkit.parse_movetext(). */
PyObject *py_parse_movetext(PyObject *self, PyObject *args, PyObject *kw);

/** The position a pgnkit.Position holds (o must be one). */
const struct pgnkit_position *py_position_of(PyObject *o);

/** Adds STATS_REPORTS, the reports of pgnkit_stats_new() by name ("summary": 0, ...), to m. */
int py_stats_reports_init(PyObject *m);

/** _stats_merge(texts, report, root, depth): what pgnkit.stats_merge calls (py_stats.c). */
PyObject *py_stats_merge(PyObject *self, PyObject *args);

/** Readies type and adds it to m as name. Returns 0, or PY_FAILED with an exception set. */
int py_add_type(PyObject *m, PyTypeObject *type, const char *name);

#endif
