/* index_helper.h - a second thread for the build's last passes: half of each chunk's work, no SQLite. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_HELPER_H
#define LIB_INDEX_HELPER_H

#include <pthread.h>

/*
 * The passes that end a build (the tree's counts, the lists the explorer
 * serves) read every chunk of the source once more, and most of their time
 * goes to the postings of the chunk's rows. The rows of a chunk are split
 * by key (index_bucket(): buckets 0-127 and 128-255), so two threads can
 * each take one half, each with its own tables, and touch nothing the
 * other writes. The calling thread reads SQLite and takes the low half;
 * the helper takes the high half and never calls SQLite: when its work
 * needs something only the calling thread may do (pouring a full table
 * into SQLite, say), it asks, and waits until the calling thread, done
 * with its own half, has answered.
 *
 *   index_helper_start(&h, threads);
 *   for each chunk:
 *       index_helper_give(&h, work, &high_half, answer, &high_half);
 *       work(&low_half);
 *       index_helper_wait(&h);
 *   index_helper_stop(&h);
 *
 * With one thread (threads < 2, or when the thread cannot be made) there is
 * no helper: index_helper_give() runs the work at once on the caller, and
 * an ask calls the answer directly. The results are the same either way.
 */
typedef void index_helper_fn(void *arg);

struct index_helper {
    int threaded; /* 0: the work runs on the caller */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake; /* to the helper: work given, an ask answered, or stop */
    pthread_cond_t back; /* to the caller: work done, or a question */
    index_helper_fn *work, *answer;
    void *arg, *answer_arg;
    int busy;  /* work given and not yet done */
    int asked; /* the helper waits for the answer */
    int quit;
};

/** Starts h: a thread when threads >= 2. Always usable afterwards (no thread: the caller works). */
void index_helper_start(struct index_helper *h, int threads);

/**
 * Gives work(arg) to the helper (or runs it now, with no thread). While it
 * runs, index_helper_ask() from inside it has answer(answer_arg) run on the
 * calling thread.
 */
void index_helper_give(struct index_helper *h, index_helper_fn *work, void *arg,
                       index_helper_fn *answer, void *answer_arg);

/** Called from inside the given work: waits until the answer has run. */
void index_helper_ask(struct index_helper *h);

/** Waits until the given work is done, running the answer to each ask meanwhile. */
void index_helper_wait(struct index_helper *h);

/** Ends the thread (h unusable until started again). */
void index_helper_stop(struct index_helper *h);

#endif
