/* explorer_answer.c - what `pgnkit serve` answers to a request, from pgnkit databases, free of HTTP. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotate/eco.h"
#include "api/api_internal.h"
#include "base/array.h"
#include "base/json_escape.h"
#include "explorer/explorer_answer.h"
#include "explorer/explorer_json.h"
#include "explorer/explorer_tree.h"
#include "base/banned.h"

static const char json_type[] = "application/json";

void explorer_reply_error(struct explorer_reply *reply, int status, const char *why)
{
    char esc[JSON_ESCAPE_MAX(512)];
    size_t n = strlen(why);
    if (n > 512)
        n = 512;
    reply->status = status;
    reply->type = json_type;
    buf_reset(&reply->body);
    if (buf_append(&reply->body, "{\"error\":\"", 10) == PGN_OK &&
        buf_append(&reply->body, esc, json_escape(esc, why, n)) == PGN_OK)
        buf_append(&reply->body, "\"}\n", 3);
}

/* The games of /player: a bit per game number of the databases. */
struct player_set {
    unsigned char *bits;
    uint64_t base; /* games of the databases before the one being found */
};

static int found_player(void *ctx, uint64_t number)
{
    struct player_set *ps = ctx;
    uint64_t k = ps->base + number - 1;
    ps->bits[k / 8] |= (unsigned char)(1u << (k % 8));
    return 0;
}

/* The games where rq's player has rq's colour, into ps: PGNKIT_OK or a status. */
static int find_player(struct pgnkit_db *const *dbs, size_t ndb, uint64_t total,
                       const struct explorer_request *rq, struct player_set *ps, char *why,
                       size_t cap)
{
    if (strstr(rq->player, "\\E")) {
        snprintf(why, cap, "player: a name without '\\E'");
        return PGNKIT_EINVAL;
    }
    /* The whole name, as written in the tag: a regular expression quoted. */
    char re[EXPLORER_NAME_MAX + 8];
    snprintf(re, sizeof re, "^\\Q%s\\E$", rq->player);
    struct pgnkit_query *q = NULL;
    int rc = pgnkit_query_new(&q, 0);
    if (rc == PGNKIT_OK)
        rc = pgnkit_query_add(q, rq->player_white ? "white" : "black", re, why, cap);
    ps->bits = rc == PGNKIT_OK ? calloc(total / 8 + 1, 1) : NULL;
    if (rc == PGNKIT_OK && !ps->bits)
        rc = PGNKIT_ENOMEM;
    ps->base = 0;
    for (size_t i = 0; rc == PGNKIT_OK && i < ndb; i++) {
        uint64_t n;
        rc = pgnkit_db_find(dbs[i], q, found_player, ps);
        if (rc != PGNKIT_OK)
            snprintf(why, cap, "%s", pgnkit_db_error(dbs[i]));
        pgnkit_db_game_count(dbs[i], &n);
        ps->base += n;
    }
    pgnkit_query_free(q);
    return rc;
}

struct walk {
    const struct explorer_request *rq;
    struct explorer_tree *t;
    const struct player_set *player; /* NULL: every player */
    uint64_t base;                   /* games of the databases before this one */
    /* The games of this database the counts name (listed, or a move's only
     * one), to be read: numbers in the database. */
    uint64_t *named;
    size_t nnamed, named_cap;
};

static int name_later(struct walk *w, uint64_t number)
{
    return array_push_u64(&w->named, &w->nnamed, &w->named_cap, number) ? PGNKIT_ENOMEM
                                                                         : PGNKIT_OK;
}

/* A source's counts at the root: its games counted at once; the games that
 * the answer may list are named, to be read after. */
static int add_counts(void *ctx, const struct index_tree_counts *c, uint64_t before)
{
    struct walk *w = ctx;
    int rc = PGNKIT_OK;
    for (size_t i = 0; rc == PGNKIT_OK && i < c->n; i++) {
        const struct index_count *e = &c->e[i];
        uint64_t first = e->first ? w->base + before + e->first : 0;
        if (explorer_tree_add_count(w->t, e, first) != PGN_OK)
            rc = PGNKIT_ENOMEM;
        else if (e->white + e->draws + e->black == 1)
            rc = name_later(w, before + e->first);
    }
    /* Only the lists asked for: /masters has no recent games. */
    unsigned lists = (w->t->top_want ? INDEX_SERVED_TOP : 0) |
                     (w->t->recent_want ? INDEX_SERVED_RECENT : 0);
    for (size_t i = 0; rc == PGNKIT_OK && i < c->nlisted; i++)
        if (c->listed[i].lists & lists)
            rc = name_later(w, before + c->listed[i].number);
    return rc;
}

/* Sorts the named games and drops the repeats (a move's one game is often
 * listed too): each must be offered once. */
static void name_once(struct walk *w)
{
    if (!w->nnamed)
        return;
    qsort(w->named, w->nnamed, sizeof *w->named, array_cmp_u64);
    size_t n = 1;
    for (size_t i = 1; i < w->nnamed; i++)
        if (w->named[i] != w->named[n - 1])
            w->named[n++] = w->named[i];
    w->nnamed = n;
}

/* A game the counts named, read: offered to the lists and as its move's one game. */
static int offer_game(void *ctx, const struct index_tree_game *tg, uint64_t number,
                      const struct game *g)
{
    struct walk *w = ctx;
    explorer_tree_offer(w->t, tg, w->base + number, g);
    return PGNKIT_OK;
}

static int add_game(void *ctx, const struct index_tree_game *tg, uint64_t number,
                    const struct game *g)
{
    struct walk *w = ctx;
    uint64_t k = w->base + number - 1;
    if (w->player && !(w->player->bits[k / 8] & (1u << (k % 8))))
        return PGNKIT_OK;
    if (!explorer_request_admits(w->rq, tg))
        return PGNKIT_OK;
    return explorer_tree_add(w->t, tg, w->base + number, g) == PGN_OK ? PGNKIT_OK
                                                                      : PGNKIT_ENOMEM;
}

/* The database and its own number of game number (over all of them); NULL when none. */
static struct pgnkit_db *db_of(struct pgnkit_db *const *dbs, size_t ndb, uint64_t *number)
{
    for (size_t i = 0; i < ndb; i++) {
        uint64_t n;
        pgnkit_db_game_count(dbs[i], &n);
        if (*number <= n)
            return dbs[i];
        *number -= n;
    }
    return NULL;
}

/* Names and month of a listed game the records told (they keep no names). */
static void name_game(struct pgnkit_db *const *dbs, size_t ndb, struct explorer_game *e)
{
    if (e->white[0] || e->black[0])
        return;
    uint64_t k = e->number;
    struct pgnkit_db *db = db_of(dbs, ndb, &k);
    const char *text;
    size_t len;
    struct pgnkit_reader *r = NULL;
    struct pgnkit_game *g;
    if (db && pgnkit_db_game_pgn(db, k, &text, &len) == PGNKIT_OK &&
        pgnkit_reader_open_memory(&r, text, len) == PGNKIT_OK &&
        pgnkit_reader_next(r, &g) > 0)
        explorer_game_set_tags(e, &g->g);
    pgnkit_reader_free(r);
}

static void answer_tree(struct pgnkit_db *const *dbs, size_t ndb,
                        const struct explorer_request *rq, struct explorer_reply *reply)
{
    char why[256] = "";
    uint64_t total = 0;
    for (size_t i = 0; i < ndb; i++) {
        uint64_t n;
        pgnkit_db_game_count(dbs[i], &n);
        total += n;
    }
    struct player_set ps = { NULL, 0 };
    int rc = rq->route == ROUTE_PLAYER ? find_player(dbs, ndb, total, rq, &ps, why, sizeof why)
                                       : PGNKIT_OK;
    if (rc == PGNKIT_EINVAL) {
        free(ps.bits);
        explorer_reply_error(reply, 400, why);
        return;
    }
    struct explorer_tree t;
    /* /player gives the player's performance; the others the mover's. */
    int for_white = rq->route == ROUTE_PLAYER ? rq->player_white : rq->root.side == WHITE;
    explorer_tree_init(&t, for_white, rq->top_games, rq->recent_games);
    struct walk w = { rq, &t, rq->route == ROUTE_PLAYER ? &ps : NULL, 0, NULL, 0, 0 };
    /* Without a filter that leaves games out, each source's counts at the
     * root tell the answer (but for the few games they cannot tell) in time
     * that follows the answer, not the database. */
    int by_counts = explorer_request_takes_all(rq);
    for (size_t i = 0; rc == PGNKIT_OK && i < ndb; i++) {
        uint64_t n;
        w.nnamed = 0;
        rc = by_counts ? api_db_tree_counted(dbs[i], &rq->root, add_game, add_counts, &w)
                       : api_db_tree_walk(dbs[i], &rq->root, 1, add_game, &w);
        name_once(&w);
        if (rc == PGNKIT_OK && w.nnamed)
            rc = api_db_tree_games(dbs[i], &rq->root, w.named, w.nnamed, offer_game, &w);
        if (rc != PGNKIT_OK && !why[0])
            snprintf(why, sizeof why, "%s", pgnkit_db_error(dbs[i]));
        pgnkit_db_game_count(dbs[i], &n);
        w.base += n;
    }
    free(ps.bits);
    free(w.named);
    if (rc == PGNKIT_OK) {
        explorer_tree_sort(&t);
        for (size_t i = 0; i < t.ntop; i++)
            name_game(dbs, ndb, &t.top[i]);
        for (size_t i = 0; i < t.nrecent; i++)
            name_game(dbs, ndb, &t.recent[i]);
        for (size_t i = 0; i < t.n && i < (size_t)rq->moves; i++)
            if (explorer_move_games(&t.moves[i]) == 1)
                name_game(dbs, ndb, &t.moves[i].one);
        rc = explorer_json_write(&t, &rq->root, (size_t)rq->moves,
                                 rq->route == ROUTE_PLAYER ? EXPLORER_JSON_PERFORMANCE : 0,
                                 &reply->body) == PGN_OK ? PGNKIT_OK : PGNKIT_ENOMEM;
        if (rc != PGNKIT_OK)
            snprintf(why, sizeof why, "out of memory");
    }
    explorer_tree_release(&t);
    if (rc != PGNKIT_OK)
        explorer_reply_error(reply, 500, why[0] ? why : "cannot read the database");
    else {
        reply->status = 200;
        reply->type = json_type;
    }
}

static void answer_game(struct pgnkit_db *const *dbs, size_t ndb, uint64_t number,
                        struct explorer_reply *reply)
{
    uint64_t k = number;
    struct pgnkit_db *db = db_of(dbs, ndb, &k);
    char why[256];
    if (!db) {
        snprintf(why, sizeof why, "no game %llu", (unsigned long long)number);
        explorer_reply_error(reply, 404, why);
        return;
    }
    const char *text;
    size_t len;
    if (pgnkit_db_game_pgn(db, k, &text, &len) != PGNKIT_OK) {
        snprintf(why, sizeof why, "%s", pgnkit_db_error(db));
        explorer_reply_error(reply, 500, why);
        return;
    }
    if (buf_append(&reply->body, text, len) != PGN_OK) {
        explorer_reply_error(reply, 500, "out of memory");
        return;
    }
    reply->status = 200;
    /* Plain text: a browser shows it (the page links each game here). */
    reply->type = "text/plain; charset=utf-8";
}

void explorer_answer(struct pgnkit_db *const *dbs, size_t ndb, const char *path,
                     const struct explorer_param *params, size_t n, struct explorer_reply *reply)
{
    struct explorer_request rq;
    char why[256];
    int status = explorer_request_parse(&rq, path, params, n, why, sizeof why);
    if (status != 200) {
        explorer_reply_error(reply, status, why);
        return;
    }
    if (eco_init() != PGN_OK) {
        explorer_reply_error(reply, 500, "out of memory");
        return;
    }
    switch (rq.route) {
    case ROUTE_PAGE:
        if (buf_append(&reply->body, explorer_page_html, strlen(explorer_page_html)) != PGN_OK) {
            explorer_reply_error(reply, 500, "out of memory");
            return;
        }
        reply->status = 200;
        reply->type = "text/html; charset=utf-8";
        return;
    case ROUTE_GAME:
        answer_game(dbs, ndb, rq.game, reply);
        return;
    default:
        answer_tree(dbs, ndb, &rq, reply);
    }
}
