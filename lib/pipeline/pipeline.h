/* pipeline.h - games parsed and processed on worker threads, results taken back in input order. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PIPELINE_H
#define LIB_PIPELINE_H

#include <stddef.h>
#include <stdint.h>
#include "base/arena.h"
#include "pgn/game.h"
#include "pgn/pgn_reader.h"

/*
 * The reading thread reads games (preferably with PGN_READER_LAZY: then it
 * only splits the input) and adds them to the pipeline, which collects them
 * into batches. Full batches go to a queue; worker threads take them, run
 * the command's work function on each batch, and mark it done. The reading
 * thread takes finished batches back strictly in input order, writes their
 * results, and recycles them. So the output is the same for every number of
 * workers.
 *
 *   pipeline_new(&p, jobs, 0, work, ctxs);
 *   while (pgn_reader_next(r, &g) > 0) {
 *       pipeline_add(p, r, &g);
 *       while ((b = pipeline_next(p, pipeline_full(p))) != NULL)
 *           emit(b), pipeline_recycle(p, b);
 *   }
 *   pipeline_flush(p);
 *   while ((b = pipeline_next(p, 1)) != NULL)
 *       emit(b), pipeline_recycle(p, b);
 *   pipeline_free(p);
 *
 * HOW A GAME TRAVELS. A lazily read game (GAME_LAZY) travels as its raw
 * span and where the span starts; the worker parses it where the batch
 * holds it, with a reader of its own (pgn_reader_parse_span), so parsing
 * runs in parallel and gives what the reading thread's reader would have
 * given. A complete game is copied (game_copy). A game too big to copy
 * cheaply (over a megabyte in memory) is lent instead: its batch holds the
 * reader's own game, and pipeline_full() stays 1 until that batch is taken
 * back, so the caller's usual draining waits for it before the reader moves
 * on.
 *
 * MEMORY. Batches are cut at 256 games or 128 KB, and pipeline_full() is 1
 * once 2 batches per worker plus 2 are in flight (or as many as
 * pipeline_set_depth() asks), or they hold 8 MB of games and finished
 * output (b->text): memory stays bounded whatever the input and the number
 * of workers.
 *
 * THE WORK FUNCTION runs on a worker thread with that worker's context. It
 * takes game i of its batch with pipeline_game() (complete, unless the
 * pipeline is PIPELINE_LAZY), may allocate from b->arena (one worker owns a
 * batch at a time) and leaves its results in b->result / b->text.
 *
 * THE WRITER (the reading thread, after pipeline_next) sees in b->games[i]
 * the copy of a complete game, or, for a game that travelled as a span,
 * only its span (raw, raw_len, raw_size, offset), file, index and flags
 * GAME_LAZY and GAME_BOM: what passing it through byte for byte takes.
 * Everything else the work function must leave in its results.
 */
struct batch {
    struct game *games; /* in input order; see THE WRITER */
    size_t n, cap;
    size_t bytes;       /* memory the games take, for the limits */
    struct arena arena; /* the copies and the work function's results */
    void *result;       /* the work function's per-batch results */
    char *text;         /* text output of the work function (malloc'd, or NULL) */
    size_t text_len;
    uint64_t seq;       /* position in input order */
    int done;
    int status;         /* PGN_OK, or the first copy/parse/work failure */

    /* The pipeline's own. */
    struct pgn_span_origin *origins; /* origins[i].index: 0 unless game i is a span */
    size_t origins_cap;
    struct pgn_reader *reader;       /* the worker's reader, while it works on b */
    struct game parsed;              /* the span last parsed for pipeline_game() */
    const char *file;                /* the last file name copied */
    int lent;                        /* games[0] is the reader's own game */
};

/** Work on one batch, on a worker thread; ctx is that worker's context. */
typedef void pipeline_work(void *ctx, struct batch *b);

enum pipeline_flags {
    /* Workers read spans with PGN_READER_LAZY: pipeline_game() may return a
     * GAME_LAZY game with the reader that completes it (tag searches). */
    PIPELINE_LAZY = 1 << 0,
    /* The calling thread is one of the workers: pipeline_new starts one
     * thread fewer, and pipeline_next(p, 1) works on a queued batch itself
     * (with the last context) rather than wait. For work that is quick per
     * batch: the caller reads nothing while it works. */
    PIPELINE_CALLER_WORKS = 1 << 1,
    /* Workers read spans with PGN_READER_NESTED_COMMENTS, as the reading
     * thread cut them: the same text must read the same on both sides. */
    PIPELINE_NESTED_COMMENTS = 1 << 2,
};

struct pipeline;

/**
 * Starts workers threads (flags: enum pipeline_flags; one fewer with
 * PIPELINE_CALLER_WORKS); worker i gets ctxs[i] (the caller owns the
 * workers contexts and frees them after pipeline_free). Returns PGN_OK or
 * PGN_ENOMEM (*out = NULL).
 */
int pipeline_new(struct pipeline **out, int workers, unsigned flags, pipeline_work *work,
                 void *const *ctxs);

/**
 * Cuts batches at n games (1..256, default 256) instead: for slow work per
 * game (an engine), so that few games still spread over every worker.
 */
void pipeline_set_batch_games(struct pipeline *p, size_t n);

/**
 * Lets up to n batches (at least the default) be in flight instead: for a
 * writer that stops now and then for long (the database build, at each
 * chunk of its games), so that the workers fill the queue meanwhile instead
 * of waiting for room. Call it before the first pipeline_add(). Returns
 * PGN_OK or PGN_ENOMEM (the depth unchanged).
 */
int pipeline_set_depth(struct pipeline *p, size_t n);

/**
 * Adds g, the game reader r returned last (lazy or not; r made with the
 * default limits), to the current batch, as HOW A GAME TRAVELS says; may
 * complete g through r. A full batch is queued for the workers. Returns
 * PGN_OK, PGN_ENOMEM, or PGN_EINVAL when as many batches as allowed are in
 * flight, or a game is lent (take a batch back first).
 */
int pipeline_add(struct pipeline *p, struct pgn_reader *r, struct game *g);

/**
 * 1 when no game may be added, nor the reader moved on, before a batch is
 * taken back: as many batches or bytes in flight as allowed, or a game lent.
 */
int pipeline_full(struct pipeline *p);

/**
 * The next batch in input order if it is done, else NULL; with wait, blocks
 * until it is done (NULL when no batch is in flight at all), working on
 * queued batches meanwhile with PIPELINE_CALLER_WORKS.
 */
struct batch *pipeline_next(struct pipeline *p, int wait);

/**
 * For the work function: game i of b, complete, valid until the next call
 * on b. With PIPELINE_LAZY it may be GAME_LAZY, and then *reader (if reader
 * is not NULL) is the reader that completes it, else NULL. Returns NULL
 * when the game cannot be parsed (b->status says why: PGN_ENOMEM).
 */
struct game *pipeline_game(struct batch *b, size_t i, struct pgn_reader **reader);

/** Gives a batch taken with pipeline_next back for reuse (frees b->text). */
void pipeline_recycle(struct pipeline *p, struct batch *b);

/**
 * Queues the partly filled batch, so that pipeline_next(p, 1) returns every
 * game added so far. Adding may go on afterwards (e.g. with the next file).
 */
void pipeline_flush(struct pipeline *p);

/** Stops and joins the workers and frees every batch (NULL allowed). */
void pipeline_free(struct pipeline *p);

/** Number of online processors, at least 1: the default number of workers. */
int pipeline_cpus(void);

#endif
