/* driver.h - for each game of the inputs, on the pipeline's workers or here, written in input order. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_DRIVER_H
#define CMD_DRIVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base/arena.h"
#include "base/buf.h"
#include "cli/dbinput.h"
#include "pipeline/pipeline.h"

/*
 * Every command that reads games runs the same loop: each input of the
 * command line in turn ('-' or none at all: standard input), each game of
 * it worked on by a worker, and the games written back in input order; an
 * input that cannot be opened or read to its end is reported and counted,
 * and the next is read. The driver is that loop; the command writes its
 * work on one game once (struct driver_job) and keeps only what is its own:
 *
 *   struct driver d;
 *   driver_init(&d, &cmd, &job);        // also buffers standard output
 *   driver_start(&d, jobs, PIPELINE_CALLER_WORKS, workers, sizeof *workers);
 *   driver_run(&d, argc - optind, argv + optind);
 *   driver_release(&d);                 // stops the workers
 *   ... d.io_failed: an input failed ...
 *
 * With more than one job, the games travel in batches through the pipeline
 * to worker threads. With one job (and PIPELINE_CALLER_WORKS) the calling
 * thread is the worker: it works on each game as it is read and writes it
 * at once, with no batch, no copy and no second parse of the game: the
 * same job, the same output, at one thread's speed.
 *
 * Everything of one input is written before the next input is opened and
 * before its read error is reported, as it is with one job.
 */
struct driver;

/*
 * Where one game's parts end in its batch's text: the typed header of
 * every command's per-game record. The command embeds it as a member of
 * its record (any member) and names both with BATCH_LAYOUT(); the driver
 * hands the mark to the command's functions, which get their record back
 * with BATCH_RECORD(). Both check that the member is a struct batch_mark.
 */
struct batch_mark {
    size_t diag_end, text_end; /* ends of the game's messages and output in their parts */
};

/** A record's size and where its struct batch_mark lies in it. */
struct batch_layout {
    size_t size, mark;
};

/*
 * Compile-time 0, and a compile error (-Werror: pointers of distinct types
 * compared) when member of type is not a struct batch_mark.
 */
#define BATCH_MARK_CHECK_(type, member) \
    (0 * sizeof(&((type *)0)->member == (const struct batch_mark *)0))

/** The struct batch_layout of type, whose mark is member (an initialiser). */
#define BATCH_LAYOUT(type, member) \
    { sizeof(type), offsetof(type, member) + BATCH_MARK_CHECK_(type, member) }

/** The record of type type (maybe const) whose member member is the mark m. */
#define BATCH_RECORD(m, type, member) \
    ((type *)(void *)((const char *)(1 ? (m) : &((type *)0)->member) - offsetof(type, member)))

/** A game's messages and output, as its work left them. */
struct batch_part {
    const char *diag, *text;
    size_t diag_len, text_len;
    /* Where the game's span starts in its input when the reader proved it
     * can be parsed alone (pgn_reader.h, PARSING A SPAN ELSEWHERE): with
     * worker threads, the batch's; with one job, only with
     * DRIVER_SPAN_ORIGINS. NULL otherwise. */
    const struct pgn_span_origin *origin;
};

/**
 * A command's work on one game, on a worker (the calling thread with one
 * job): messages to diag, output appended to out, its result into the
 * record of m (zeroed; on entry m->diag_end is where the game's messages
 * start in diag, ftell(diag)). The game is complete unless the reading is
 * lazy; then reader completes it. More memory for the record comes from
 * arena, which lives until the game is written.
 */
typedef void batch_game_fn(void *worker, struct game *g, struct pgn_reader *reader,
                           struct arena *arena, FILE *diag, struct buf *out,
                           struct batch_mark *m);

/** 1 to work on the game just read, 0 to pass it over; on the reading thread. */
typedef int driver_select_fn(void *cmd, struct pgn_reader *reader, struct game *g);
/**
 * A game worked on, in input order, on the reading thread: its record (m)
 * and its parts. g is the game as read (with workers, maybe only its span:
 * see THE WRITER in pipeline.h).
 */
typedef void driver_write_fn(void *cmd, const struct game *g, const struct batch_mark *m,
                             const struct batch_part *part);
/** A game handled whole on the calling thread (see struct driver_job, one). */
typedef void driver_one_fn(void *cmd, struct pgn_reader *reader, struct game *g);
/** Reads one input itself (path NULL: standard input); 0, or -1 when it failed (reported). */
typedef int driver_input_fn(void *cmd, struct driver *d, const char *path);
/** Writes to standard output what the command holds back in its own buffer. */
typedef void driver_flush_fn(void *cmd);

/** What a command does with the games: told to the driver once, the same for every -j. */
struct driver_job {
    driver_select_fn *select; /* NULL: every game is worked on */
    batch_game_fn *work;
    driver_write_fn *write;   /* NULL: the work leaves nothing to write */
    struct batch_layout record; /* the command's per-game record: BATCH_LAYOUT() */
    driver_input_fn *input;   /* NULL: every input is PGN, read by driver_read() */
    /* With one job, each game handled here instead of work + write: only
     * where the measured cost of the record says so (search, on tags). */
    driver_one_fn *one;
    /* NULL: the command holds no output back from standard output's buffer. */
    driver_flush_fn *flush;
};

/* struct driver's from: PGN, no detection. */
#define DRIVER_FROM_PGN (-1)

enum driver_flags {
    /* Read errors as FILE:LINE:COL: message (search). */
    DRIVER_LOCATED_ERRORS = 1 << 0,
    /* Reading goes on when standard output's reader is gone (validate:
     * its files, its status). */
    DRIVER_READ_PAST_CLOSED_OUTPUT = 1 << 1,
    /* No progress line on a terminal's stderr (the command's -q). */
    DRIVER_NO_PROGRESS = 1 << 2,
    /* While reading, standard output gets nothing but diagnostics printed
     * by cmd/cli/report.c (which erases the line first): the line is drawn
     * with one thread when standard output is the terminal too. */
    DRIVER_QUIET_STDOUT = 1 << 3,
    /* With one job, each lazy game's span origin is worked out before its
     * work completes it, for the writer (struct batch_part; index). */
    DRIVER_SPAN_ORIGINS = 1 << 4,
};

/* The calling thread's worker, with one job (driver.c). */
struct driver_here;
/* A worker thread's context wrapped for the pipeline (driver.c). */
struct driver_worker;

struct driver {
    /* The command's part: driver_init() sets cmd and job, the command the rest. */
    void *cmd;                       /* handed to every callback */
    struct driver_job job;
    unsigned reader_flags;           /* enum pgn_reader_flags for every input */
    unsigned worker_reader_flags;    /* added with worker threads (PGN_READER_LAZY, _SPLIT) */
    unsigned flags;                  /* enum driver_flags */
    struct dbinput_opts db;          /* what the databases among the inputs answer (a
                                      * search's plan, stats' tree); zeroed: every game */
    struct dbinputs dbs;             /* the inputs, databases opened once (driver_run) */

    /* The loop's state. */
    struct pipeline *p; /* NULL without worker threads */
    struct driver_here *here;      /* with one job: the calling thread's worker */
    struct driver_worker *workers; /* with worker threads, nworkers of them */
    long nworkers;
    int stop;           /* set by the command: read no more games, open no more inputs */
    int io_failed;      /* an input could not be opened or read to its end */
    uint64_t bytes_done; /* bytes read of the inputs already finished */
    uint64_t raw_done;   /* the same as stored (compressed bytes), for the progress line */
    uint64_t games_read; /* games read of all inputs so far */
    /* What the inputs are (set by the command's --from): an enum
     * record_source of lib/pgn/record_reader.h, games as data turned into
     * PGN text record by record; RECORD_AUTO (zero): each input file is
     * PGN unless its first record makes the source certain (standard input
     * is PGN unless told); DRIVER_FROM_PGN: PGN, nothing looked at. */
    int from;
    uint64_t records_bad;   /* records that were no game, reported (every input so far) */
    dbinput_pass_fn *pass_over; /* while a database's span is read: before select */
    const void *pass_ctx;
    /* Reads each input in place of job.input and driver_read() when set:
     * --follow (cli/follow.h), for every command that takes it. */
    driver_input_fn *reader;
    void *reader_ctx;
};

/**
 * Sets up d for the command whose state is cmd and whose work is job (copied),
 * gives standard output a 64 KB buffer and catches SIGINT and SIGTERM
 * (driver_catch_interrupt).
 */
void driver_init(struct driver *d, void *cmd, const struct driver_job *job);

/**
 * Sets up the jobs workers whose contexts are the jobs elements, size bytes
 * each, of the array workers (the caller's, freed by it after
 * driver_release). One job with PIPELINE_CALLER_WORKS: the calling thread
 * is the worker, game by game; else the pipeline (flags: enum
 * pipeline_flags) of jobs workers. Dies when the threads cannot be started.
 */
void driver_start(struct driver *d, long jobs, unsigned flags, void *workers, size_t size);

/**
 * A game the command read itself (reader NULL when no PGN reader read it),
 * handed to the job as driver_read() hands the games it reads.
 */
void driver_take(struct driver *d, struct pgn_reader *reader, struct game *g);

/**
 * Reads the n inputs (standard input when n is 0), until d->stop. Without
 * DRIVER_NO_PROGRESS, stderr a terminal, and worker threads, standard
 * output not a terminal or DRIVER_QUIET_STDOUT (one thread cannot tell when the command
 * writes a game there), the progress line is drawn meanwhile and erased
 * before this returns.
 */
void driver_run(struct driver *d, int n, char *const *inputs);

/** Reads the PGN games of path (NULL: standard input); 0, or -1 when it failed (reported). */
int driver_read(struct driver *d, const char *path);

/**
 * Reads the PGN games of the file open on fd, named name in messages (the
 * reading owns fd and closes it); 0 or -1 as driver_read().
 */
int driver_read_fd(struct driver *d, int fd, const char *name);

/** Reads the PGN games of data[0..len), named name in messages; 0 or -1 as driver_read(). */
int driver_read_mem(struct driver *d, const void *data, size_t len, const char *name);

/**
 * Reads the games of data[0..len), the rest of input name from the span
 * start *o on (NULL: its start; see pgn_reader_set_origin): numbers, lines
 * and offsets as in that input. 0 or -1 as driver_read().
 */
int driver_read_span(struct driver *d, const void *data, size_t len, const char *name,
                     const struct pgn_span_origin *o);

/**
 * The reading waits for more input (--follow): everything of the games
 * read so far is written out now, the command's buffer (job.flush) and
 * standard output's, rather than when the run ends.
 */
void driver_pause(struct driver *d);

/** Writes every game in flight, stops the workers; the command then frees their contexts. */
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
 * 1 when a run's result is not the answer for all of its input: io_failed
 * (a file could not be read to its end or written) or a signal cut it
 * short, which driver_exit_status() turns into an exit status other than
 * 0 or 1. A figure that sums up the whole input (search -c) is printed
 * only when this is 0: a total of part of the input is a wrong answer.
 */
int driver_run_failed(int io_failed);

/**
 * How every command that reads games ends, after its summary: says that the
 * run was interrupted (driver_report_interrupt) unless quiet (-q: only the
 * status tells), then returns its exit status: EXIT_IO when io_failed (a
 * file could not be read or written), else 130 or 143 when a signal cut
 * the run short, else status (the command's own: EXIT_OK, EXIT_NEGATIVE).
 */
int driver_exit_status(int quiet, int io_failed, int status);

/*
 * The batches of a pipeline of the driver's kind (index.c has its own):
 * each game writes its messages (diagnostics, list lines) to a memory
 * stream and its output to a buffer; b->text then holds every message, then
 * every output, and the per-game records (b->result) say where each game's
 * parts end.
 */

/**
 * Runs fn on every game of b with records laid out as rec (zeroed, from
 * b's arena) and out (emptied first) as the output buffer; leaves b->text
 * and b->result as said above. Out of memory: b->status is PGN_ENOMEM.
 */
void batch_run(struct batch *b, void *worker, const struct batch_layout *rec, struct buf *out,
               batch_game_fn *fn);

/** Walks the games of a batch made by batch_run(), in order, on the writing side. */
struct batch_cursor {
    const struct batch *b;
    struct batch_layout rec;
    size_t next, diag_len, dstart, tstart;
};
/** Starts on b, whose records are laid out as rec; dies if b's work ran out of memory. */
void batch_cursor_init(struct batch_cursor *c, const struct batch *b,
                       const struct batch_layout *rec);
/** The next game's mark (NULL after the last), and its parts into *part. */
const struct batch_mark *batch_cursor_next(struct batch_cursor *c, struct batch_part *part);

#endif
