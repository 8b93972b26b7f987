/* test_pipeline.c - batches come back in input order, complete, whoever works on them. */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdlib.h>
#include "test.h"
#include "pipeline/pipeline.h"

enum { GAMES = 1500 };

/* What one batch's work found, kept in its arena. */
struct batch_seen {
    pthread_t thread;
    size_t n;
    uint64_t index[]; /* of each game (1-based), as the work function parsed it */
};

static void note_batch(void *ctx, struct batch *b)
{
    (void)ctx;
    struct batch_seen *s = arena_alloc(&b->arena, sizeof *s + b->n * sizeof s->index[0]);
    if (!s) {
        b->status = PGN_ENOMEM;
        return;
    }
    s->thread = pthread_self();
    s->n = b->n;
    for (size_t i = 0; i < b->n; i++) {
        const struct game *g = pipeline_game(b, i, NULL);
        /* Its move count too (see make_input): a span parsed on a worker
         * is checked against its own text. */
        s->index[i] = g ? g->index : UINT64_MAX;
        if (g && g->nmoves != 1 + (g->index - 1) % 7)
            s->index[i] = UINT64_MAX - 1;
    }
    b->result = s;
}

/* GAMES games; game i has 1 + i % 7 moves, so each span differs from its neighbours. */
static char *make_input(size_t *len)
{
    static const char *const moves[] = { "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4" };
    size_t cap = (size_t)GAMES * 128, n = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
    for (int i = 0; i < GAMES; i++) {
        n += (size_t)snprintf(s + n, cap - n, "[Event \"game %d\"]\n\n", i);
        for (int m = 0; m <= i % 7; m++) {
            if (m % 2 == 0)
                n += (size_t)snprintf(s + n, cap - n, "%d. ", m / 2 + 1);
            n += (size_t)snprintf(s + n, cap - n, "%s ", moves[m]);
        }
        n += (size_t)snprintf(s + n, cap - n, "*\n\n");
    }
    *len = n;
    return s;
}

/* Feeds the input through a pipeline of `workers` (flags as given) and checks
 * that every game comes back once, in order, parsed; returns how many
 * batches the calling thread worked on, and *batches how many there were. */
static size_t run(int workers, unsigned flags, unsigned reader_flags, size_t *batches)
{
    size_t len, seen = 0, by_caller = 0;
    *batches = 0;
    char *text = make_input(&len);
    struct pgn_reader *r;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    opts.flags |= reader_flags;
    void *ctxs[4] = { NULL, NULL, NULL, NULL };
    struct pipeline *p;
    if (!text || pgn_reader_open_mem(&r, text, len, &opts) != PGN_OK) {
        FAIL("cannot set up the input");
        free(text);
        return 0;
    }
    CHECK(pipeline_new(&p, workers, flags, note_batch, ctxs) == PGN_OK);
    struct game g;
    struct batch *b;
    int more = 1;
    while (more) {
        more = pgn_reader_next(r, &g) > 0;
        if (more)
            CHECK(pipeline_add(p, r, &g) == PGN_OK);
        else
            pipeline_flush(p);
        while ((b = pipeline_next(p, !more || pipeline_full(p))) != NULL) {
            const struct batch_seen *s = b->result;
            CHECK(b->status == PGN_OK && s && s->n == b->n);
            for (size_t i = 0; s && i < s->n; i++, seen++)
                CHECK_EQ_INT(s->index[i], seen + 1);
            by_caller += s && pthread_equal(s->thread, pthread_self());
            ++*batches;
            pipeline_recycle(p, b);
        }
    }
    CHECK_EQ_INT(seen, GAMES);
    pipeline_free(p);
    pgn_reader_free(r);
    free(text);
    return by_caller;
}

void test_pipeline__workers_keep_order(void)
{
    size_t batches;
    CHECK_EQ_INT(run(3, 0, 0, &batches), 0);
    CHECK_EQ_INT(run(3, 0, PGN_READER_LAZY | PGN_READER_SPLIT, &batches), 0);
    CHECK(batches > 3); /* else the test shows little */
}

/* With one worker that is the caller, no thread is started: the caller
 * works on every batch while it waits for it, and nothing hangs. */
void test_pipeline__caller_works_alone(void)
{
    size_t batches;
    CHECK_EQ_INT(run(1, PIPELINE_CALLER_WORKS, 0, &batches), batches);
    CHECK_EQ_INT(run(1, PIPELINE_CALLER_WORKS, PGN_READER_LAZY | PGN_READER_SPLIT, &batches), batches);
}

void test_pipeline__caller_works_with_threads(void)
{
    size_t batches;
    run(2, PIPELINE_CALLER_WORKS, PGN_READER_LAZY | PGN_READER_SPLIT, &batches);
    run(4, PIPELINE_CALLER_WORKS, 0, &batches);
}

/* Takes back every batch in flight, checking that its games come in order. */
static void take_all(struct pipeline *p, size_t *seen)
{
    struct batch *b;
    while ((b = pipeline_next(p, 1)) != NULL) {
        const struct batch_seen *s = b->result;
        for (size_t i = 0; s && i < s->n; i++, ++*seen)
            CHECK_EQ_INT(s->index[i], *seen + 1);
        pipeline_recycle(p, b);
    }
}

/* Games added before pipeline_full() says stop, with batches of 8 games
 * and depth batches in flight at most (0: the default); every game then
 * comes back in order. */
static size_t games_before_full(size_t depth)
{
    size_t len, added = 0, seen = 0;
    char *text = make_input(&len);
    struct pgn_reader *r;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    void *ctxs[2] = { NULL, NULL };
    struct pipeline *p;
    if (!text || pgn_reader_open_mem(&r, text, len, &opts) != PGN_OK) {
        FAIL("cannot set up the input");
        free(text);
        return 0;
    }
    CHECK(pipeline_new(&p, 2, 0, note_batch, ctxs) == PGN_OK);
    pipeline_set_batch_games(p, 8);
    if (depth)
        CHECK(pipeline_set_depth(p, depth) == PGN_OK);
    struct game g;
    while (!pipeline_full(p) && pgn_reader_next(r, &g) > 0) {
        CHECK(pipeline_add(p, r, &g) == PGN_OK);
        added++;
    }
    do
        take_all(p, &seen);
    while (pgn_reader_next(r, &g) > 0 && pipeline_add(p, r, &g) == PGN_OK);
    pipeline_flush(p);
    take_all(p, &seen);
    CHECK_EQ_INT(seen, GAMES);
    pipeline_free(p);
    pgn_reader_free(r);
    free(text);
    return added;
}

/* Two workers: 6 batches in flight by default, as many as asked for with
 * pipeline_set_depth() (never fewer than the default). */
void test_pipeline__depth_bounds_batches_in_flight(void)
{
    CHECK_EQ_INT(games_before_full(0), 6 * 8);
    CHECK_EQ_INT(games_before_full(40), 40 * 8);
    CHECK_EQ_INT(games_before_full(3), 6 * 8);
}
