/* pipeline.h - games processed on worker threads, results taken back in input order. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PIPELINE_H
#define LIB_PIPELINE_H

#include <stddef.h>
#include <stdint.h>
#include "arena.h"
#include "game.h"

/*
 * The reading thread parses games with the reader and adds them to the
 * pipeline, which copies them into batches (game_copy). Full batches go to a
 * queue; worker threads take them, run the command's work function on each
 * batch, and mark it done. The reading thread takes finished batches back
 * strictly in input order, writes their results, and recycles them. So the
 * output is the same for every number of workers, and memory stays bounded
 * by the batches in flight (at most 2 per worker plus 2).
 *
 *   pipeline_new(&p, jobs, work, ctx);
 *   while (pgn_reader_next(r, &g) > 0) {
 *       pipeline_add(p, &g);
 *       while ((b = pipeline_next(p, pipeline_full(p))) != NULL)
 *           emit(b), pipeline_recycle(p, b);
 *   }
 *   pipeline_flush(p);
 *   while ((b = pipeline_next(p, 1)) != NULL)
 *       emit(b), pipeline_recycle(p, b);
 *   pipeline_free(p);
 *
 * The work function runs on a worker thread with that worker's context; it
 * may allocate from b->arena (one worker owns a batch at a time) and leave
 * its results in b->result / b->text.
 */
struct batch {
    struct game *games; /* the copies, in input order */
    size_t n, cap;
    size_t bytes;       /* raw bytes of the games, for sizing */
    struct arena arena; /* the copies and the work function's results */
    void *result;       /* the work function's per-batch results */
    char *text;         /* text output of the work function (malloc'd, or NULL) */
    size_t text_len;
    uint64_t seq;       /* position in input order */
    int done;
    int status;         /* PGN_OK, or the first copy/work failure */
};

/** Work on one batch, on a worker thread; ctx is that worker's context. */
typedef void pipeline_work(void *ctx, struct batch *b);

struct pipeline;

/**
 * Starts workers threads; worker i gets ctxs[i] (the caller owns the
 * contexts and frees them after pipeline_free). Returns PGN_OK or
 * PGN_ENOMEM (*out = NULL).
 */
int pipeline_new(struct pipeline **out, int workers, pipeline_work *work, void *const *ctxs);

/**
 * Cuts batches at n games (1..256, default 256) instead: for slow work per
 * game (an engine), so that few games still spread over every worker.
 */
void pipeline_set_batch_games(struct pipeline *p, size_t n);

/**
 * Copies g (complete, not GAME_LAZY) into the current batch; a full batch
 * is queued for the workers. Returns PGN_OK, PGN_ENOMEM, or PGN_EINVAL when
 * called while pipeline_full() (take a batch back first).
 */
int pipeline_add(struct pipeline *p, const struct game *g);

/** 1 when as many batches are in flight as allowed: take one back before adding more. */
int pipeline_full(const struct pipeline *p);

/**
 * The next batch in input order if it is done, else NULL; with wait, blocks
 * until it is done (NULL when no batch is in flight at all).
 */
struct batch *pipeline_next(struct pipeline *p, int wait);

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
