/* pipeline.c - batches of copied games, worker threads, in-order hand-back. */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "game_copy.h"
#include "pipeline.h"
#include "banned.h"

/* A batch is cut at this many games or raw bytes, whichever comes first:
 * big enough that locking is rare, small enough to keep memory low. */
enum { BATCH_GAMES = 256, BATCH_BYTES = 1 << 20 };
/* Copies of games may take several times their raw size; the reader's own
 * limits bound a single game, this bounds a batch. */
#define BATCH_ARENA_CAP ((size_t)1 << 31)

struct pipeline {
    pthread_mutex_t mu;
    pthread_cond_t work_ready, batch_done;
    pthread_t *threads;
    int nthreads;
    pipeline_work *work;
    void **ctxs;

    /* Batches in flight have sequence numbers emit_seq .. next_seq - 1 and sit
     * in ring[seq % ring_cap]; workers start them in order from start_seq. */
    struct batch **ring;
    size_t ring_cap, max_inflight;
    size_t batch_games;      /* a batch is cut at this many games */
    uint64_t next_seq, start_seq, emit_seq;
    int stop;

    struct batch *filling;   /* being filled by the reading thread */
    struct batch **spare;    /* recycled batches */
    size_t nspare;
};

int pipeline_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

static void *worker_main(void *arg)
{
    struct pipeline *p = ((void **)arg)[0];
    void *ctx = ((void **)arg)[1];
    free(arg);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->start_seq == p->next_seq && !p->stop)
            pthread_cond_wait(&p->work_ready, &p->mu);
        if (p->stop)
            break;
        struct batch *b = p->ring[p->start_seq % p->ring_cap];
        p->start_seq++;
        pthread_mutex_unlock(&p->mu);
        p->work(ctx, b);
        pthread_mutex_lock(&p->mu);
        b->done = 1;
        pthread_cond_broadcast(&p->batch_done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

int pipeline_new(struct pipeline **out, int workers, pipeline_work *work, void *const *ctxs)
{
    *out = NULL;
    if (workers < 1)
        workers = 1;
    struct pipeline *p = calloc(1, sizeof *p);
    if (!p)
        return PGN_ENOMEM;
    p->max_inflight = 2 * (size_t)workers + 2;
    p->batch_games = BATCH_GAMES;
    p->ring_cap = p->max_inflight + 1;
    p->ring = calloc(p->ring_cap, sizeof *p->ring);
    p->spare = calloc(p->ring_cap + 1, sizeof *p->spare);
    p->threads = calloc((size_t)workers, sizeof *p->threads);
    p->ctxs = calloc((size_t)workers, sizeof *p->ctxs);
    if (!p->ring || !p->spare || !p->threads || !p->ctxs) {
        pipeline_free(p);
        return PGN_ENOMEM;
    }
    memcpy(p->ctxs, ctxs, (size_t)workers * sizeof *p->ctxs);
    p->work = work;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work_ready, NULL);
    pthread_cond_init(&p->batch_done, NULL);
    for (int i = 0; i < workers; i++) {
        void **arg = malloc(2 * sizeof *arg);
        if (!arg)
            break;
        arg[0] = p;
        arg[1] = p->ctxs[i];
        if (pthread_create(&p->threads[i], NULL, worker_main, arg) != 0) {
            free(arg);
            break;
        }
        p->nthreads++;
    }
    if (p->nthreads == 0) {
        pipeline_free(p);
        return PGN_ENOMEM;
    }
    *out = p;
    return PGN_OK;
}

static struct batch *take_spare(struct pipeline *p)
{
    if (p->nspare)
        return p->spare[--p->nspare];
    struct batch *b = calloc(1, sizeof *b);
    if (b)
        arena_init(&b->arena, BATCH_ARENA_CAP);
    return b;
}

static void batch_free(struct batch *b)
{
    if (!b)
        return;
    arena_release(&b->arena);
    free(b->games);
    free(b->text);
    free(b);
}

static void submit(struct pipeline *p)
{
    struct batch *b = p->filling;
    p->filling = NULL;
    pthread_mutex_lock(&p->mu);
    b->seq = p->next_seq++;
    p->ring[b->seq % p->ring_cap] = b;
    pthread_cond_signal(&p->work_ready);
    pthread_mutex_unlock(&p->mu);
}

void pipeline_set_batch_games(struct pipeline *p, size_t n)
{
    p->batch_games = n < 1 ? 1 : n < BATCH_GAMES ? n : BATCH_GAMES;
}

int pipeline_add(struct pipeline *p, const struct game *g)
{
    if (pipeline_full(p))
        return PGN_EINVAL; /* the ring has no room: the caller must drain */
    if (!p->filling && !(p->filling = take_spare(p)))
        return PGN_ENOMEM;
    struct batch *b = p->filling;
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 64;
        struct game *games = realloc(b->games, cap * sizeof *games);
        if (!games)
            return PGN_ENOMEM;
        b->games = games;
        b->cap = cap;
    }
    int rc = game_copy(&b->games[b->n], g, &b->arena);
    if (rc != PGN_OK)
        return rc;
    b->n++;
    b->bytes += g->raw_len;
    if (b->n >= p->batch_games || b->bytes >= BATCH_BYTES)
        submit(p);
    return PGN_OK;
}

int pipeline_full(const struct pipeline *p)
{
    /* Only the reading thread changes next_seq and emit_seq. */
    return p->next_seq - p->emit_seq >= p->max_inflight;
}

struct batch *pipeline_next(struct pipeline *p, int wait)
{
    struct batch *b = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->emit_seq != p->next_seq) {
        struct batch *head = p->ring[p->emit_seq % p->ring_cap];
        while (!head->done && wait)
            pthread_cond_wait(&p->batch_done, &p->mu);
        if (head->done) {
            p->emit_seq++;
            b = head;
        }
    }
    pthread_mutex_unlock(&p->mu);
    return b;
}

void pipeline_recycle(struct pipeline *p, struct batch *b)
{
    free(b->text);
    b->text = NULL;
    b->text_len = 0;
    arena_reset(&b->arena);
    b->n = 0;
    b->bytes = 0;
    b->result = NULL;
    b->done = 0;
    b->status = PGN_OK;
    p->spare[p->nspare++] = b;
}

void pipeline_flush(struct pipeline *p)
{
    if (p->filling && p->filling->n)
        submit(p);
}

void pipeline_free(struct pipeline *p)
{
    if (!p)
        return;
    if (p->nthreads) {
        pthread_mutex_lock(&p->mu);
        p->stop = 1;
        pthread_cond_broadcast(&p->work_ready);
        pthread_mutex_unlock(&p->mu);
        for (int i = 0; i < p->nthreads; i++)
            pthread_join(p->threads[i], NULL);
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->work_ready);
        pthread_cond_destroy(&p->batch_done);
    }
    for (uint64_t s = p->emit_seq; p->ring && s < p->next_seq; s++)
        batch_free(p->ring[s % p->ring_cap]);
    for (size_t i = 0; i < p->nspare; i++)
        batch_free(p->spare[i]);
    batch_free(p->filling);
    free(p->ring);
    free(p->spare);
    free(p->threads);
    free(p->ctxs);
    free(p);
}
