/* py_pipeline.c - pgnkit.read(threads=N): one thread reads, N replay, the games come out in input order. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/*
 * The public interface has one reader per input and replays a game when
 * asked. So the reading thread copies each game's text, as read, into a
 * slot of a ring; a worker reads that copy again with a reader of its own
 * (pgnkit_reader_open_memory) and replays it, and the caller, holding the
 * GIL, turns the slots into Games in ring order: input order. What the copy
 * cannot say of its place (file, number, lines, offsets) travels in the
 * slot as a struct py_origin. A game that does not stand alone (as
 * py_game_stands_alone() decides: its text was not kept, it has no token to
 * count lines from, it starts inside a line, or the input broke off in it)
 * is handed over as the reader's own game: the reading thread waits until
 * it is taken.
 *
 * Slots go FREE -> READY (copied) -> WORKING -> DONE -> FREE, or FREE ->
 * INLINE -> FREE, or FREE -> END for the last. One mutex and one condition
 * guard the ring; only the caller frees a slot.
 */
enum slot_state { SLOT_FREE, SLOT_READY, SLOT_WORKING, SLOT_DONE, SLOT_INLINE, SLOT_END };

struct slot {
    int state;
    char *text;                /* the copy of the game's text */
    size_t len;
    char *file;                /* the input's name, for origin */
    struct py_origin origin;
    uint64_t line;             /* the game's first line in the input */
    struct pgnkit_reader *r;   /* the worker's reader of the copy, and its game */
    struct pgnkit_game *g;
    int rc;                    /* what reading the copy (DONE) or the input (END) returned */
    int keep;                  /* DONE: what the selection said of the game (0: drop it) */
    char *error;               /* END: the reader's message */
};

#define MAX_WORKERS 64

struct py_pipeline;

struct worker {
    struct py_pipeline *p;
    int who; /* its handles in the selection: 1 .. workers */
};

struct py_pipeline {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    struct slot *slots;
    uint64_t cap, head, tail, next_work;
    int stop;
    struct pgnkit_reader *in;
    struct py_select *select;
    struct worker worker_of[MAX_WORKERS];
    pthread_t reader, workers[MAX_WORKERS];
    int nworkers, reader_started;
};

static void slot_clear(struct slot *s)
{
    pgnkit_reader_free(s->r);
    free(s->text);
    free(s->file);
    free(s->error);
    *s = (struct slot){ .state = SLOT_FREE };
}

/* Publishes slot tail (filled outside the lock) as state; returns its index. */
static uint64_t publish(struct py_pipeline *p, int state)
{
    pthread_mutex_lock(&p->mu);
    uint64_t at = p->tail;
    p->slots[at % p->cap].state = state;
    p->tail++;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->mu);
    return at;
}

/*
 * Copies g into s for a worker; 0 when g must be handed over as it is
 * (py_game_stands_alone() decides, with *line_start).
 */
static int copy_game(struct slot *s, struct pgnkit_game *g, int *line_start)
{
    size_t len;
    const char *raw = pgnkit_game_raw(g, &len);
    uint64_t size, offset = pgnkit_game_offset(g, &size);
    s->line = pgnkit_game_line(g);
    if (!py_game_stands_alone(g, line_start))
        return 0;
    s->text = malloc(len ? len : 1);
    s->file = strdup(pgnkit_game_file(g));
    if (!s->text || !s->file) {
        free(s->text);
        free(s->file);
        s->text = s->file = NULL;
        return 0; /* out of memory: the caller takes the game as it is */
    }
    memcpy(s->text, raw, len);
    s->len = len;
    s->origin = (struct py_origin){ s->file, pgnkit_game_number(g), offset, size, 0 };
    return 1;
}

static void *read_input(void *arg)
{
    struct py_pipeline *p = arg;
    int line_start = 1;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        while (!p->stop && p->tail - p->head >= p->cap)
            pthread_cond_wait(&p->cond, &p->mu);
        int stop = p->stop;
        pthread_mutex_unlock(&p->mu);
        if (stop)
            return NULL;
        struct pgnkit_game *g;
        struct slot *s = &p->slots[p->tail % p->cap];
        int rc = pgnkit_reader_next(p->in, &g);
        if (rc != 1) {
            s->rc = rc;
            s->error = strdup(pgnkit_reader_error(p->in));
            publish(p, SLOT_END);
            return NULL;
        }
        if (copy_game(s, g, &line_start)) {
            publish(p, SLOT_READY);
            continue;
        }
        int keep = py_select_game(p->select, 0, g);
        if (keep == 0) {
            *s = (struct slot){ .state = SLOT_FREE }; /* dropped: the slot was never published */
            continue;
        }
        if (keep < 0) {
            s->rc = keep;
            s->error = strdup(pgnkit_status_name(keep));
            publish(p, SLOT_END);
            return NULL;
        }
        py_game_prepare(g);
        s->g = g;
        uint64_t at = publish(p, SLOT_INLINE);
        pthread_mutex_lock(&p->mu); /* g is the reader's until the caller has taken it */
        while (!p->stop && p->head <= at)
            pthread_cond_wait(&p->cond, &p->mu);
        pthread_mutex_unlock(&p->mu);
    }
}

/* Reads the copy in s again, asks the selection of worker who, and replays it if kept. */
static void replay_copy(struct slot *s, struct py_select *select, int who)
{
    s->rc = pgnkit_reader_open_memory(&s->r, s->text, s->len);
    if (s->rc == PGNKIT_OK)
        s->rc = pgnkit_reader_next(s->r, &s->g);
    if (s->rc != 1)
        return;
    s->keep = py_select_game(select, who, s->g);
    if (s->keep < 0)
        s->rc = s->keep;
    if (s->keep <= 0)
        return;
    py_game_prepare(s->g);
    /* The copy's lines count from its first: the game's first token tells by how much. */
    s->origin.line_delta = (int64_t)s->line - (int64_t)pgnkit_game_line(s->g);
}

static void *work(void *arg)
{
    struct worker *me = arg;
    struct py_pipeline *p = me->p;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && p->next_work >= p->tail)
            pthread_cond_wait(&p->cond, &p->mu);
        if (p->stop)
            break;
        struct slot *s = &p->slots[p->next_work++ % p->cap];
        if (s->state != SLOT_READY)
            continue;
        s->state = SLOT_WORKING;
        pthread_mutex_unlock(&p->mu);
        replay_copy(s, p->select, me->who);
        pthread_mutex_lock(&p->mu);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&p->cond);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

void py_pipeline_stop(struct py_pipeline *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->mu);
    if (p->reader_started)
        pthread_join(p->reader, NULL);
    for (int i = 0; i < p->nworkers; i++)
        pthread_join(p->workers[i], NULL);
    for (uint64_t i = 0; p->slots && i < p->cap; i++)
        slot_clear(&p->slots[i]); /* an INLINE slot's game is the reader's: it holds no copy */
    free(p->slots);
    pthread_cond_destroy(&p->cond);
    pthread_mutex_destroy(&p->mu);
    free(p);
}

struct py_pipeline *py_pipeline_start(struct pgnkit_reader *in, int threads,
                                      struct py_select *select)
{
    struct py_pipeline *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->in = in;
    p->select = select;
    p->cap = 8 * (uint64_t)threads;
    p->slots = calloc(p->cap, sizeof *p->slots);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cond, NULL);
    if (!p->slots)
        goto fail;
    for (int i = 0; i < threads && i < MAX_WORKERS; i++) {
        p->worker_of[i] = (struct worker){ p, i + 1 };
        if (pthread_create(&p->workers[i], NULL, work, &p->worker_of[i]) != 0)
            break;
        p->nworkers++;
    }
    if (!p->nworkers || pthread_create(&p->reader, NULL, read_input, p) != 0)
        goto fail;
    p->reader_started = 1;
    return p;
fail:
    py_pipeline_stop(p);
    return NULL;
}

int py_pipeline_next(struct py_pipeline *p, PyObject **game, const char **error)
{
    struct slot *s;
    *game = NULL;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&p->mu);
    for (;;) {
        s = &p->slots[p->head % p->cap];
        if (p->head < p->tail && s->state == SLOT_DONE && s->rc == 1 && !s->keep) {
            slot_clear(s); /* a game the selection dropped: no Game to make */
            p->head++;
            pthread_cond_broadcast(&p->cond);
            continue;
        }
        if (p->head < p->tail &&
            (s->state == SLOT_DONE || s->state == SLOT_INLINE || s->state == SLOT_END))
            break;
        pthread_cond_wait(&p->cond, &p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    Py_END_ALLOW_THREADS
    if (s->state == SLOT_END) { /* stays: later calls say the same */
        *error = s->error ? s->error : "";
        return s->rc;
    }
    int rc = 1;
    if (s->state == SLOT_INLINE)
        *game = py_game_new(s->g, NULL);
    else if (s->rc == 1)
        *game = py_game_new(s->g, &s->origin);
    else
        rc = s->rc ? s->rc : PGNKIT_EIO; /* the copy read nothing: it cannot, as it held a game */
    *error = pgnkit_status_name(rc);
    pthread_mutex_lock(&p->mu);
    slot_clear(s);
    p->head++;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->mu);
    return rc;
}
