/* index_helper.c - a second thread for the build's last passes: half of each chunk's work, no SQLite. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "index/index_helper.h"
#include "base/banned.h"

static void *helper_main(void *p)
{
    struct index_helper *h = p;
    pthread_mutex_lock(&h->lock);
    for (;;) {
        while (!h->quit && !(h->busy && h->work))
            pthread_cond_wait(&h->wake, &h->lock);
        if (h->quit)
            break;
        index_helper_fn *work = h->work;
        void *arg = h->arg;
        h->work = NULL; /* taken: not run twice */
        pthread_mutex_unlock(&h->lock);
        work(arg);
        pthread_mutex_lock(&h->lock);
        h->busy = 0;
        pthread_cond_signal(&h->back);
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

void index_helper_start(struct index_helper *h, int threads)
{
    memset(h, 0, sizeof *h);
    if (threads < 2)
        return;
    if (pthread_mutex_init(&h->lock, NULL))
        return;
    if (pthread_cond_init(&h->wake, NULL)) {
        pthread_mutex_destroy(&h->lock);
        return;
    }
    if (pthread_cond_init(&h->back, NULL)) {
        pthread_cond_destroy(&h->wake);
        pthread_mutex_destroy(&h->lock);
        return;
    }
    if (pthread_create(&h->thread, NULL, helper_main, h)) {
        pthread_cond_destroy(&h->back);
        pthread_cond_destroy(&h->wake);
        pthread_mutex_destroy(&h->lock);
        return;
    }
    h->threaded = 1;
}

void index_helper_give(struct index_helper *h, index_helper_fn *work, void *arg,
                       index_helper_fn *answer, void *answer_arg)
{
    h->answer = answer;
    h->answer_arg = answer_arg;
    if (!h->threaded) {
        work(arg);
        return;
    }
    pthread_mutex_lock(&h->lock);
    h->work = work;
    h->arg = arg;
    h->busy = 1;
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->lock);
}

void index_helper_ask(struct index_helper *h)
{
    if (!h->threaded) {
        h->answer(h->answer_arg);
        return;
    }
    pthread_mutex_lock(&h->lock);
    h->asked = 1;
    pthread_cond_signal(&h->back);
    while (h->asked)
        pthread_cond_wait(&h->wake, &h->lock);
    pthread_mutex_unlock(&h->lock);
}

void index_helper_wait(struct index_helper *h)
{
    if (!h->threaded)
        return;
    pthread_mutex_lock(&h->lock);
    while (h->busy) {
        if (h->asked) {
            /* The helper is stopped until told: the answer may touch what it works on. */
            pthread_mutex_unlock(&h->lock);
            h->answer(h->answer_arg);
            pthread_mutex_lock(&h->lock);
            h->asked = 0;
            pthread_cond_signal(&h->wake);
            continue;
        }
        pthread_cond_wait(&h->back, &h->lock);
    }
    pthread_mutex_unlock(&h->lock);
}

void index_helper_stop(struct index_helper *h)
{
    if (!h->threaded)
        return;
    pthread_mutex_lock(&h->lock);
    h->quit = 1;
    pthread_cond_signal(&h->wake);
    pthread_mutex_unlock(&h->lock);
    pthread_join(h->thread, NULL);
    pthread_cond_destroy(&h->back);
    pthread_cond_destroy(&h->wake);
    pthread_mutex_destroy(&h->lock);
    h->threaded = 0;
}
