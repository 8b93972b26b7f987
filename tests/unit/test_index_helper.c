/* test_index_helper.c - the build's second thread: work given, asks answered on the caller, the same with one thread. */
/* SPDX-License-Identifier: MIT */
#include <pthread.h>
#include "test.h"
#include "index/index_helper.h"

struct job {
    struct index_helper *h;
    pthread_t caller;
    int asks;            /* how many times the work asks */
    int answered;        /* answers run */
    int answered_inside; /* of them, on the caller's thread */
    int seen;            /* the answers the work saw come back, in order */
    long sum;            /* the work's own result */
};

static void answer(void *arg)
{
    struct job *j = arg;
    j->answered++;
    j->answered_inside += pthread_equal(pthread_self(), j->caller) != 0;
}

static void work(void *arg)
{
    struct job *j = arg;
    for (int i = 0; i < j->asks; i++) {
        index_helper_ask(j->h);
        j->seen += j->answered == i + 1; /* the answer has run before the ask returns */
    }
    for (long i = 1; i <= 100000; i++)
        j->sum += i;
}

static void run(int threads)
{
    struct index_helper h;
    index_helper_start(&h, threads);
    CHECK_EQ_INT(h.threaded, threads >= 2);
    for (int round = 0; round < 20; round++) {
        struct job j = { .h = &h, .caller = pthread_self(), .asks = round % 4 };
        index_helper_give(&h, work, &j, answer, &j);
        long mine = 0; /* the caller's half meanwhile */
        for (long i = 1; i <= 1000; i++)
            mine += i;
        index_helper_wait(&h);
        CHECK_EQ_INT(mine, 500500);
        CHECK_EQ_INT(j.sum, 5000050000L);
        CHECK_EQ_INT(j.answered, j.asks);
        CHECK_EQ_INT(j.answered_inside, j.asks);
        CHECK_EQ_INT(j.seen, j.asks);
    }
    index_helper_stop(&h);
}

void test_index_helper__two_threads(void)
{
    run(2);
}

void test_index_helper__one_thread(void)
{
    run(1);
}
