/* test_driver.c - the driver's one job: the same games, records and parts in input order for every -j. */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/driver.h"
#include "test.h"

/*
 * A job written once, run by the driver with one job (the calling thread
 * is the worker) and with threads. Its record keeps the mark in the
 * middle: nothing may assume the mark comes first. The expected text is
 * built from the numbers the test writes into the games, not by the driver.
 */
enum { NGAMES = 600 }; /* more than two batches of 256 */

struct seen {
    uint64_t index;
    struct batch_mark mark;
    int on_caller; /* worked on the thread that called the driver */
};

struct run {
    pthread_t caller;
    struct buf written;
    int write_off_caller; /* a write on another thread than the caller's */
};

static int select_game(void *cmd, struct pgn_reader *reader, struct game *g)
{
    (void)cmd, (void)reader;
    return g->index % 7 != 0; /* every seventh game passed over */
}

static void work(void *worker, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    const struct run *r = worker;
    struct seen *s = BATCH_RECORD(m, struct seen, mark);
    const char *white = game_tag_value(g, "White");
    (void)reader, (void)arena;
    s->index = g->index;
    s->on_caller = pthread_equal(pthread_self(), r->caller) != 0;
    fprintf(diag, "message %llu;", (unsigned long long)g->index);
    if (white && buf_append(out, white, strlen(white)))
        abort();
}

static void write_game(void *cmd, const struct game *g, const struct batch_mark *m,
                       const struct batch_part *part)
{
    struct run *r = cmd;
    const struct seen *s = BATCH_RECORD(m, const struct seen, mark);
    char head[64];
    int n = snprintf(head, sizeof head, "%llu/%llu/%d:", (unsigned long long)g->index,
                     (unsigned long long)s->index, s->on_caller);
    r->write_off_caller |= !pthread_equal(pthread_self(), r->caller);
    if (buf_append(&r->written, head, (size_t)n) ||
        buf_append(&r->written, part->diag, part->diag_len) ||
        buf_append(&r->written, part->text, part->text_len) || buf_append(&r->written, "\n", 1))
        abort();
}

/* The games "W1" ... "W600" as PGN, and what a job that sees all of them in
 * order writes: caller is what on_caller must say (-1: either). */
static void make_input(struct buf *pgn, struct buf *want, int caller)
{
    char line[128];
    buf_init(pgn, (size_t)1 << 24);
    buf_init(want, (size_t)1 << 24);
    for (int i = 1; i <= NGAMES; i++) {
        int n = snprintf(line, sizeof line, "[White \"W%d\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n", i);
        CHECK(buf_append(pgn, line, (size_t)n) == 0);
        if (i % 7 == 0 || caller < 0)
            continue;
        n = snprintf(line, sizeof line, "%d/%d/%d:message %d;W%d\n", i, i, caller, i, i);
        CHECK(buf_append(want, line, (size_t)n) == 0);
    }
}

static const struct driver_job test_job = {
    .select = select_game, .work = work, .write = write_game,
    .record = BATCH_LAYOUT(struct seen, mark),
};

/* Runs the job over pgn with jobs workers; what it wrote into r->written. */
static void run_job(struct run *r, const struct buf *pgn, long jobs)
{
    struct driver d;
    struct run workers[4];
    memset(r, 0, sizeof *r);
    r->caller = pthread_self();
    buf_init(&r->written, (size_t)1 << 24);
    for (long i = 0; i < jobs; i++)
        workers[i] = *r;
    fflush(stdout); /* driver_init() gives standard output its buffer */
    driver_init(&d, r, &test_job);
    d.flags = DRIVER_NO_PROGRESS;
    driver_start(&d, jobs, PIPELINE_CALLER_WORKS, workers, sizeof *workers);
    CHECK(driver_read_mem(&d, pgn->data, pgn->len, "mem.pgn") == 0);
    driver_release(&d);
    CHECK(!d.io_failed);
}

void test_driver__one_job_is_the_calling_thread(void)
{
    struct buf pgn, want;
    struct run r;
    make_input(&pgn, &want, 1);
    run_job(&r, &pgn, 1);
    CHECK(!r.write_off_caller);
    CHECK_EQ_INT((long long)r.written.len, (long long)want.len);
    CHECK(r.written.len == want.len && memcmp(r.written.data, want.data, want.len) == 0);
    buf_release(&r.written);
    buf_release(&pgn);
    buf_release(&want);
}

void test_driver__threads_write_the_same_in_input_order(void)
{
    struct buf pgn, want;
    struct run r;
    make_input(&pgn, &want, 1);
    run_job(&r, &pgn, 3);
    CHECK(!r.write_off_caller); /* written on the calling thread, whoever worked */
    /* Each line as the one job writes it, but for which thread worked. */
    size_t at = 0, lines = 0;
    const char *w = want.data, *got = r.written.data;
    while (at < want.len && at < r.written.len) {
        const char *end = memchr(w + at, '\n', want.len - at);
        CHECK(end != NULL);
        size_t len = (size_t)(end - (w + at)) + 1;
        const char *flag = memchr(w + at, ':', len) - 1; /* the on_caller digit */
        size_t head = (size_t)(flag - (w + at));
        CHECK(at + len <= r.written.len);
        CHECK(memcmp(got + at, w + at, head) == 0);
        CHECK(got[at + head] == '0' || got[at + head] == '1');
        CHECK(memcmp(got + at + head + 1, w + at + head + 1, len - head - 1) == 0);
        at += len;
        lines++;
    }
    CHECK_EQ_INT((long long)r.written.len, (long long)want.len);
    CHECK_EQ_INT((long long)lines, (long long)(NGAMES - NGAMES / 7));
    buf_release(&r.written);
    buf_release(&pgn);
    buf_release(&want);
}

/* A job of search's kind at -j 1: each selected game handled whole (one). */
struct whole {
    pthread_t caller;
    long long count, index_sum;
    int off_caller;
};

static void one_whole(void *cmd, struct pgn_reader *reader, struct game *g)
{
    struct whole *w = cmd;
    (void)reader;
    w->count++;
    w->index_sum += (long long)g->index;
    w->off_caller |= !pthread_equal(pthread_self(), w->caller);
}

static const struct driver_job whole_job = {
    .select = select_game, .work = work, .write = write_game,
    /* A record no memory holds: with one, one job never needs one. */
    .record = { (size_t)1 << 60, 0 },
    .one = one_whole,
};

void test_driver__one_job_handles_games_whole_without_a_record(void)
{
    struct buf pgn, want;
    struct whole w = { .caller = pthread_self() };
    struct driver d;
    make_input(&pgn, &want, 1);
    fflush(stdout);
    driver_init(&d, &w, &whole_job);
    d.flags = DRIVER_NO_PROGRESS;
    /* Before, this allocated the record (and died: out of memory). */
    driver_start(&d, 1, PIPELINE_CALLER_WORKS, &w, sizeof w);
    CHECK(driver_read_mem(&d, pgn.data, pgn.len, "mem.pgn") == 0);
    driver_release(&d);
    CHECK(!d.io_failed);
    CHECK(!w.off_caller);
    /* Games 1..600 but the 85 multiples of 7: 515 games, indexes summing
     * to 600 * 601 / 2 - 7 * (85 * 86 / 2) = 180300 - 25585. */
    CHECK_EQ_INT(w.count, 515);
    CHECK_EQ_INT(w.index_sum, 154715);
    buf_release(&pgn);
    buf_release(&want);
}
