/* driver.h - for each game of the inputs, on the pipeline's workers or here, written in input order. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_DRIVER_H
#define CMD_DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base/buf.h"
#include "cli/dbinput.h"
#include "pipeline/pipeline.h"

/*
 * Every command that reads games runs the same loop: each input of the
 * command line in turn ('-' or none at all: standard input), each game of
 * it either handled here (one job) or added to the pipeline, whose finished
 * batches come back in input order to be written; an input that cannot be
 * opened or read to its end is reported and counted, and the next is read.
 * The driver is that loop; the command keeps only what is its own:
 *
 *   struct driver d;
 *   driver_init(&d, &cmd);              // also buffers standard output
 *   d.game = one_game;                  // without workers
 *   d.batch = write_batch;              // with workers
 *   if (jobs > 1)
 *       driver_start_workers(&d, jobs, PIPELINE_CALLER_WORKS, work, workers, sizeof *workers);
 *   driver_run(&d, argc - optind, argv + optind);
 *   driver_release(&d);                 // stops the workers
 *   ... d.io_failed: an input failed ...
 *
 * Everything of one input is written before the next input is opened and
 * before its read error is reported, as it is with one job.
 */
struct driver;

/** A game the reading thread read from reader (NULL: not read by a PGN reader). */
typedef void driver_game_fn(void *cmd, struct pgn_reader *reader, struct game *g);
/** 1 to handle the game just read (here or on the workers), 0 to pass it over. */
typedef int driver_admit_fn(void *cmd, struct pgn_reader *reader, struct game *g);
/** A batch the workers finished, in input order, on the reading thread. */
typedef void driver_batch_fn(void *cmd, struct batch *b);
/** Reads one input itself (path NULL: standard input); 0, or -1 when it failed (reported). */
typedef int driver_input_fn(void *cmd, struct driver *d, const char *path);

struct driver {
    /* The command's part: driver_init() zeroes it, the command sets what it needs. */
    void *cmd;                       /* handed to every callback */
    unsigned reader_flags;           /* enum pgn_reader_flags for every input */
    unsigned worker_reader_flags;    /* added with workers (PGN_READER_LAZY, _SPLIT) */
    int located_errors;              /* read errors as FILE:LINE:COL: message (search) */
    driver_admit_fn *admit;          /* NULL: every game is handled */
    driver_game_fn *game;            /* a game, without workers */
    driver_batch_fn *batch;          /* a finished batch, with workers */
    driver_input_fn *input;          /* NULL: every input is PGN, read by driver_read() */
    struct dbinput_opts db;          /* what the databases among the inputs answer (a
                                      * search's plan, stats' tree); zeroed: every game */
    int read_past_closed_output;     /* reading goes on when standard output's reader
                                      * is gone (validate: its files, its status) */
    int progress;                    /* 1 (driver_init): the progress line on a terminal's
                                      * stderr (cmd/cli/progress.h); the command's -q clears it */
    int quiet_stdout;                /* 1: while reading, standard output gets nothing but
                                      * diagnostics printed by cmd/cli/report.c (which erases
                                      * the line first): the line is drawn with one thread
                                      * when standard output is the terminal too */

    /* The loop's state. */
    struct pipeline *p; /* NULL without workers */
    int stop;           /* set by the command: read no more games, open no more inputs */
    int io_failed;      /* an input could not be opened or read to its end */
    uint64_t bytes_done; /* bytes read of the inputs already finished */
    uint64_t raw_done;   /* the same as stored (compressed bytes), for the progress line */
    uint64_t games_read; /* games read of all inputs so far */
    dbinput_pass_fn *pass_over; /* while a database's span is read: before admit */
    const void *pass_ctx;
};

/**
 * Sets up d for the command whose state is cmd, gives standard output a
 * 64 KB buffer and catches SIGINT and SIGTERM (driver_catch_interrupt).
 */
void driver_init(struct driver *d, void *cmd);

/**
 * Starts the pipeline (flags: enum pipeline_flags) of jobs workers whose
 * contexts are the jobs elements, size bytes each, of the array workers
 * (the caller's, freed by it after driver_release); dies when the threads
 * cannot be started.
 */
void driver_start_workers(struct driver *d, long jobs, unsigned flags, pipeline_work *work,
                          void *workers, size_t size);

/**
 * Reads the n inputs (standard input when n is 0), until d->stop. With
 * d->progress, stderr a terminal, and workers, standard output not a
 * terminal or d->quiet_stdout (one thread cannot tell when the command
 * writes a game there), the progress line is drawn meanwhile and erased
 * before this returns.
 */
void driver_run(struct driver *d, int n, char *const *inputs);

/** Reads the PGN games of path (NULL: standard input); 0, or -1 when it failed (reported). */
int driver_read(struct driver *d, const char *path);

/** Reads the PGN games of data[0..len), named name in messages; 0 or -1 as driver_read(). */
int driver_read_mem(struct driver *d, const void *data, size_t len, const char *name);

/**
 * Reads the games of data[0..len), the rest of input name from the span
 * start *o on (NULL: its start; see pgn_reader_set_origin): numbers, lines
 * and offsets as in that input. 0 or -1 as driver_read().
 */
int driver_read_span(struct driver *d, const void *data, size_t len, const char *name,
                     const struct pgn_span_origin *o);

/** Stops the workers; the command then frees their contexts. */
void driver_release(struct driver *d);

/**
 * From now on Ctrl-C (SIGINT) and SIGTERM stop the reading: the games in
 * flight are finished and written, nothing more is read, and no read error
 * is reported for the input cut short. driver_init() calls it.
 */
void driver_catch_interrupt(void);

/** 1 after SIGINT or SIGTERM (see driver_catch_interrupt); safe on any thread. */
int driver_interrupted(void);

/** The exit status of a run cut short: 130 after SIGINT, 143 after SIGTERM; else 0. */
int driver_interrupt_status(void);

/** After a signal, says on stderr that the run was interrupted (the command's summary first). */
void driver_report_interrupt(void);

/**
 * How every command that reads games ends, after its summary: says that the
 * run was interrupted (driver_report_interrupt) unless quiet (-q: only the
 * status tells), then returns its exit status: EXIT_IO when io_failed (a
 * file could not be read or written), else 130 or 143 when a signal cut
 * the run short, else status (the command's own: EXIT_OK, EXIT_NEGATIVE).
 */
int driver_exit_status(int quiet, int io_failed, int status);

/*
 * A command's work on the games of a batch, on a worker thread. Each game
 * writes its messages (diagnostics, list lines) to a memory stream and its
 * output to a buffer; b->text then holds every message, then every output,
 * and the per-game records (b->result) say where each game's parts end.
 */
struct batch_mark {
    size_t diag_end, text_end; /* ends of the game's messages and output in their parts */
};

/**
 * One game of b (game i, read again from its span by reader if it was read
 * lazily): messages to diag, output appended to out, result into rec, the
 * command's record, which begins with a struct batch_mark.
 */
typedef void batch_game_fn(void *worker, struct batch *b, struct game *g,
                           struct pgn_reader *reader, FILE *diag, struct buf *out, void *rec);

/**
 * Runs fn on every game of b with records of rec_size bytes (zeroed, from
 * b's arena) and out (emptied first) as the output buffer; leaves b->text
 * and b->result as said above. Out of memory: b->status is PGN_ENOMEM.
 */
void batch_run(struct batch *b, void *worker, size_t rec_size, struct buf *out, batch_game_fn *fn);

/** Walks the games of a batch made by batch_run(), in order, on the writing side. */
struct batch_cursor {
    const struct batch *b;
    size_t rec_size, next, diag_len, dstart, tstart;
};
/** A game's messages and output in its batch's text. */
struct batch_part {
    const char *diag, *text;
    size_t diag_len, text_len;
};
/** Starts on b, whose records are rec_size bytes; dies if b's work ran out of memory. */
void batch_cursor_init(struct batch_cursor *c, const struct batch *b, size_t rec_size);
/** The next game's record (NULL after the last), and its parts into *part. */
const void *batch_cursor_next(struct batch_cursor *c, struct batch_part *part);

#endif
