/* explorer_answer.h - what `pgnkit serve` answers to a request, from pgnkit databases, free of HTTP. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_EXPLORER_ANSWER_H
#define LIB_EXPLORER_ANSWER_H

#include <stddef.h>
#include "base/buf.h"
#include "explorer/explorer_request.h"
#include "pgnkit_db.h"

/*
 * The request -> answer logic of the explorer server: the HTTP library
 * (cmd/serve.c) hands the path and the decoded parameters and sends back
 * status, type and body. Only the fixed routes are answered; no path
 * names a file. Games are numbered over the databases in the order given,
 * as pgnkit_db_game_pgn() numbers them within one: the games of the second
 * database follow those of the first.
 *
 * Threads: one call at a time per set of handles dbs.
 */

struct explorer_reply {
    int status;       /* HTTP status: 200, 400, 404, 500 */
    const char *type; /* its Content-Type (static storage) */
    struct buf body;  /* the caller's, appended to */
};

/** Answers path + params[0..n) from dbs[0..ndb) into *reply (body appended). */
void explorer_answer(struct pgnkit_db *const *dbs, size_t ndb, const char *path,
                     const struct explorer_param *params, size_t n, struct explorer_reply *reply);

/** Sets reply to status with the JSON error {"error": why}. */
void explorer_reply_error(struct explorer_reply *reply, int status, const char *why);

/* The explorer page: one self-contained HTML file (script and style inline). */
extern const char explorer_page_html[];

#endif
