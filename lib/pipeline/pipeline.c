/* pipeline.c - batches of spans and copied games, worker threads, in-order hand-back. */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/array.h"
#include "pgn/game_copy.h"
#include "pipeline/pipeline.h"
#include "base/banned.h"

/* A batch is cut at this many games or bytes, whichever comes first: big
 * enough that locking is rare, small enough to keep memory low. */
enum { BATCH_GAMES = 256, BATCH_BYTES = 128 << 10 };
/* Bytes of games and finished output in flight before pipeline_full() says
 * stop (see MEMORY). */
#define INFLIGHT_BYTES ((size_t)8 << 20)
/* Bigger spans are parsed here, not on a worker: a worker's reader grows
 * to the biggest span it parses and keeps that memory. */
#define SPAN_MAX ((size_t)256 << 10)
/* A complete game that would take more memory than this in a copy is lent. */
#define COPY_MAX ((size_t)1 << 20)
/* The reader's own limits bound a single game, this bounds a batch. */
#define BATCH_ARENA_CAP ((size_t)1 << 31)
/* A recycled batch whose arena grew past this gives the memory back. */
#define ARENA_KEEP ((size_t)4 << 20)

struct pipeline {
    pthread_mutex_t mu;
    pthread_cond_t work_ready, batch_done;
    pthread_t *threads;
    int nthreads;
    pipeline_work *work;
    /* With PIPELINE_CALLER_WORKS: the caller's context and span reader. */
    void *caller_ctx;
    struct pgn_reader *caller_reader;
    void **ctxs;
    unsigned flags;

    /* Batches in flight have sequence numbers emit_seq .. next_seq - 1 and sit
     * in ring[seq % ring_cap]; workers start them in order from start_seq. */
    struct batch **ring;
    size_t ring_cap, max_inflight;
    size_t batch_games;      /* a batch is cut at this many games */
    uint64_t next_seq, start_seq, emit_seq;
    int stop;
    int synced;              /* mu and the conditions are initialised */
    size_t inflight_bytes;   /* of the batches in flight (reading thread only) */
    size_t done_text;        /* output of the batches done and not taken back (under mu) */
    int lent;                /* a batch in flight holds a lent game */

    struct batch *filling;   /* being filled by the reading thread */
    struct batch **spare;    /* recycled batches */
    size_t nspare;
};

int pipeline_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

/* A reader for the spans one worker parses (NULL if out of memory:
 * pipeline_game() then fails). Default limits, as the reading thread's, and
 * its way of reading comments. */
static struct pgn_reader *span_reader(const struct pipeline *p)
{
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    if (p->flags & PIPELINE_LAZY)
        opts.flags |= PGN_READER_LAZY;
    if (p->flags & PIPELINE_NESTED_COMMENTS)
        opts.flags |= PGN_READER_NESTED_COMMENTS;
    if (pgn_reader_open_mem(&reader, "", 0, &opts) != PGN_OK)
        reader = NULL;
    return reader;
}

/* Works on the oldest batch no worker has started; called and returns with
 * p->mu held. */
static void work_next(struct pipeline *p, void *ctx, struct pgn_reader *reader)
{
    struct batch *b = p->ring[p->start_seq % p->ring_cap];
    p->start_seq++;
    pthread_mutex_unlock(&p->mu);
    b->reader = reader;
    p->work(ctx, b);
    b->reader = NULL;
    pthread_mutex_lock(&p->mu);
    b->done = 1;
    p->done_text += b->text_len;
    pthread_cond_broadcast(&p->batch_done);
}

static void *worker_main(void *arg)
{
    struct pipeline *p = ((void **)arg)[0];
    void *ctx = ((void **)arg)[1];
    free(arg);
    struct pgn_reader *reader = span_reader(p);
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (p->start_seq == p->next_seq && !p->stop)
            pthread_cond_wait(&p->work_ready, &p->mu);
        if (p->stop)
            break;
        work_next(p, ctx, reader);
    }
    pthread_mutex_unlock(&p->mu);
    pgn_reader_free(reader);
    return NULL;
}

int pipeline_new(struct pipeline **out, int workers, unsigned flags, pipeline_work *work,
                 void *const *ctxs)
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
    p->flags = flags;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work_ready, NULL);
    pthread_cond_init(&p->batch_done, NULL);
    p->synced = 1;
    /* The caller works too: on 2 cores, 2 threads that never sleep while
     * there is work beat 3 that preempt each other and lose their caches. */
    int threads = workers;
    if (flags & PIPELINE_CALLER_WORKS) {
        threads--;
        p->caller_ctx = p->ctxs[threads];
        if (!(p->caller_reader = span_reader(p))) {
            pipeline_free(p);
            return PGN_ENOMEM;
        }
    }
    for (int i = 0; i < threads; i++) {
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
    if (p->nthreads == 0 && !p->caller_reader) {
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
    free(b->origins);
    free(b->text);
    free(b);
}

static void submit(struct pipeline *p)
{
    struct batch *b = p->filling;
    p->filling = NULL;
    pthread_mutex_lock(&p->mu);
    p->inflight_bytes += b->bytes;
    p->lent |= b->lent;
    b->seq = p->next_seq++;
    p->ring[b->seq % p->ring_cap] = b;
    pthread_cond_signal(&p->work_ready);
    pthread_mutex_unlock(&p->mu);
}

void pipeline_set_batch_games(struct pipeline *p, size_t n)
{
    p->batch_games = n < 1 ? 1 : n < BATCH_GAMES ? n : BATCH_GAMES;
}

int pipeline_set_depth(struct pipeline *p, size_t n)
{
    if (n <= p->max_inflight)
        return PGN_OK;
    /* Nothing is in flight yet: the ring's slots are all empty. */
    struct batch **ring = calloc(n + 1, sizeof *ring);
    struct batch **spare = calloc(n + 2, sizeof *spare);
    if (!ring || !spare) {
        free(ring);
        free(spare);
        return PGN_ENOMEM;
    }
    memcpy(spare, p->spare, p->nspare * sizeof *spare);
    free(p->ring);
    free(p->spare);
    p->ring = ring;
    p->spare = spare;
    p->max_inflight = n;
    p->ring_cap = n + 1;
    return PGN_OK;
}

/* A free slot at the end of the filling batch (its origin cleared), or NULL. */
static struct game *slot(struct pipeline *p)
{
    if (!p->filling && !(p->filling = take_spare(p)))
        return NULL;
    struct batch *b = p->filling;
    if (array_reserve((void **)&b->games, &b->cap, b->n + 1, sizeof *b->games, 64) ||
        array_reserve((void **)&b->origins, &b->origins_cap, b->n + 1, sizeof *b->origins, 64))
        return NULL;
    b->origins[b->n].index = 0;
    return &b->games[b->n];
}

/* The game as a span: raw bytes, the fields THE WRITER promises, and its origin. */
static int add_span(struct pipeline *p, const struct game *g, const struct pgn_span_origin *o)
{
    struct game *d = slot(p);
    if (!d)
        return PGN_ENOMEM;
    struct batch *b = p->filling;
    game_clear(d);
    /* One copy of the file name per batch and input. */
    if (!b->file || strcmp(g->file, b->file)) {
        b->file = arena_memdup(&b->arena, g->file, strlen(g->file));
        if (!b->file)
            return b->arena.err ? b->arena.err : PGN_ENOMEM;
    }
    /* With room for the worker's reader to parse it in place. */
    char *raw = arena_alloc(&b->arena, g->raw_len + PGN_SPAN_PAD);
    if (!raw)
        return b->arena.err ? b->arena.err : PGN_ENOMEM;
    memcpy(raw, g->raw, g->raw_len);
    d->file = b->file;
    d->index = g->index;
    d->offset = g->offset;
    d->raw_size = g->raw_size;
    d->raw = raw;
    d->raw_len = g->raw_len;
    d->flags = g->flags & (GAME_LAZY | GAME_BOM);
    b->origins[b->n] = *o;
    b->bytes += g->raw_len + sizeof *d;
    return PGN_OK;
}

/* About the memory game_copy() takes for g. */
static size_t copy_size(const struct game *g)
{
    size_t n = g->raw_len * ((g->flags & GAME_CP1252) ? 4 : 1);
    n += g->ntags * (sizeof *g->tags + 32) + g->nmoves * sizeof *g->moves;
    n += g->nvars * sizeof *g->vars + g->ncomments * sizeof *g->comments;
    n += g->nnags * sizeof *g->nags + g->ncmds * sizeof *g->cmds;
    return n + g->nerrors * (sizeof *g->errors + 64);
}

/* g in a batch of its own, not copied: see HOW A GAME TRAVELS. */
static int lend(struct pipeline *p, const struct game *g)
{
    if (p->filling && p->filling->n)
        submit(p);
    struct game *d = slot(p);
    if (!d)
        return PGN_ENOMEM;
    *d = *g;
    p->filling->n = 1;
    p->filling->lent = 1;
    p->filling->bytes = copy_size(g);
    submit(p);
    return PGN_OK;
}

int pipeline_add(struct pipeline *p, struct pgn_reader *r, struct game *g)
{
    struct pgn_span_origin o;
    int rc;
    if (p->next_seq - p->emit_seq >= p->max_inflight || p->lent)
        return PGN_EINVAL; /* the ring has no room: the caller must drain */
    if (g->flags & GAME_LAZY) {
        if (g->raw_len <= SPAN_MAX && pgn_reader_span_origin(r, g, &o) == PGN_OK)
            rc = add_span(p, g, &o);
        else if ((rc = pgn_reader_complete(r, g)) == PGN_OK)
            return pipeline_add(p, r, g);
    } else if (copy_size(g) > COPY_MAX) {
        return lend(p, g);
    } else {
        struct game *d = slot(p);
        if (!d)
            return PGN_ENOMEM;
        struct batch *b = p->filling;
        size_t used = b->arena.used;
        rc = game_copy(d, g, &b->arena);
        b->bytes += b->arena.used - used + sizeof *d;
    }
    if (rc != PGN_OK)
        return rc;
    struct batch *b = p->filling;
    b->n++;
    if (b->n >= p->batch_games || b->bytes >= BATCH_BYTES)
        submit(p);
    return PGN_OK;
}

struct game *pipeline_game(struct batch *b, size_t i, struct pgn_reader **reader)
{
    struct game *g = &b->games[i];
    if (reader)
        *reader = NULL;
    if (!b->origins || !b->origins[i].index)
        return g;
    if (!b->reader) {
        b->status = PGN_ENOMEM;
        return NULL;
    }
    /* The batch's own copy, with room after it (add_span()); the writer
     * reads only raw[0..raw_len). */
    int rc = pgn_reader_parse_span(b->reader, (unsigned char *)g->raw, g->raw_len, g->file,
                                   &b->origins[i]);
    if (rc == PGN_OK) {
        rc = pgn_reader_next(b->reader, &b->parsed);
        /* The reading thread's reader proved that the span is one game. */
        rc = rc < 0 ? rc : rc == 0 || b->parsed.raw_len != g->raw_len ? PGN_EINVAL : PGN_OK;
    }
    if (rc != PGN_OK) {
        if (b->status == PGN_OK)
            b->status = rc;
        return NULL;
    }
    if (reader && (b->parsed.flags & GAME_LAZY))
        *reader = b->reader;
    return &b->parsed;
}

int pipeline_full(struct pipeline *p)
{
    /* Only the reading thread changes these... */
    if (p->next_seq - p->emit_seq >= p->max_inflight || p->lent)
        return 1;
    /* ...but the workers add their output: text many times the size of its
     * games (FEN after every move) counts too. */
    pthread_mutex_lock(&p->mu);
    size_t bytes = p->inflight_bytes + p->done_text;
    pthread_mutex_unlock(&p->mu);
    return bytes >= INFLIGHT_BYTES;
}

struct batch *pipeline_next(struct pipeline *p, int wait)
{
    struct batch *b = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->emit_seq != p->next_seq) {
        struct batch *head = p->ring[p->emit_seq % p->ring_cap];
        while (!head->done && wait) {
            if (p->caller_reader && p->start_seq != p->next_seq)
                work_next(p, p->caller_ctx, p->caller_reader);
            else
                pthread_cond_wait(&p->batch_done, &p->mu);
        }
        if (head->done) {
            p->emit_seq++;
            p->inflight_bytes -= head->bytes;
            p->done_text -= head->text_len;
            if (head->lent)
                p->lent = 0;
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
    if (b->arena.used > ARENA_KEEP)
        arena_release(&b->arena);
    else
        arena_reset(&b->arena);
    b->n = 0;
    b->bytes = 0;
    b->result = NULL;
    b->done = 0;
    b->status = PGN_OK;
    b->lent = 0;
    b->file = NULL;
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
    }
    if (p->synced) {
        pthread_mutex_destroy(&p->mu);
        pthread_cond_destroy(&p->work_ready);
        pthread_cond_destroy(&p->batch_done);
    }
    for (uint64_t s = p->emit_seq; p->ring && s < p->next_seq; s++)
        batch_free(p->ring[s % p->ring_cap]);
    for (size_t i = 0; i < p->nspare; i++)
        batch_free(p->spare[i]);
    batch_free(p->filling);
    pgn_reader_free(p->caller_reader);
    free(p->ring);
    free(p->spare);
    free(p->threads);
    free(p->ctxs);
    free(p);
}
