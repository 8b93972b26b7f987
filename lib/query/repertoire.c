/* repertoire.c - an opening repertoire (a PGN with variations) as a tree of allowed moves, and where a game leaves it. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/buf.h"
#include "base/error.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "query/repertoire.h"
#include "base/banned.h"

/* One allowed move: the tree is the set of them, sorted by key then move. */
struct edge {
    uint64_t key; /* repetition key of the position the move is played in */
    move16 move;
};

struct repertoire {
    struct edge *edges;
    uint32_t n;
    size_t cap;
};

static int add_edge(struct repertoire *r, uint64_t key, move16 m)
{
    if (array_reserve((void **)&r->edges, &r->cap, r->n + 1, sizeof *r->edges, 256))
        return PGN_ENOMEM;
    r->edges[r->n++] = (struct edge){ key, m };
    return PGN_OK;
}

/* Adds the moves of line v of g (replayed into rp) and of its variations, from position p. */
static int add_line(struct repertoire *r, const struct game *g, const struct replay *rp,
                    const struct game_var *v, struct pos p)
{
    for (uint32_t i = 0; i < v->count; i++) {
        const struct game_move *gm = &g->moves[v->first + i];
        for (uint32_t k = 0; k < gm->var_count; k++) {
            int rc = add_line(r, g, rp, &g->vars[gm->var_first + k], p);
            if (rc)
                return rc;
        }
        move16 m = rp->moves[v->first + i];
        if (m == MOVE_NONE)
            return PGN_OK; /* a null move ends what the line prepares */
        int rc = add_edge(r, pos_repetition_key(&p), m);
        if (rc)
            return rc;
        pos_play(&p, m);
    }
    return PGN_OK;
}

static int by_edge(const void *a, const void *b)
{
    const struct edge *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->move > y->move) - (x->move < y->move);
}

/* The first error of rp as "FILE:LINE:COL: why". */
static void first_error(const struct replay *rp, const char *path, char *msg)
{
    for (size_t i = 0; i < rp->ndiags; i++) {
        const struct replay_diag *d = &rp->diags[i];
        if (d->severity == PGN_SEV_ERROR) {
            snprintf(msg, REPERTOIRE_MSG_MAX, "%s:%" PRIu64 ":%" PRIu32 ": %s", path, d->line,
                     d->col, d->msg);
            return;
        }
    }
    snprintf(msg, REPERTOIRE_MSG_MAX, "%s: cannot read its moves", path);
}

/* Reads every game of reader rd into r; PGN_OK, PGN_EINVAL with msg, or PGN_ENOMEM. */
static int read_games(struct repertoire *r, struct pgn_reader *rd, const char *path, int lang,
                      char *msg)
{
    struct replay rp;
    struct replay_opts ro = { .lang = lang, .flags = REPLAY_NO_TAGS | REPLAY_NO_WARN };
    struct game g;
    int rc;
    replay_init(&rp, &ro);
    while ((rc = pgn_reader_next(rd, &g)) > 0) {
        if ((rc = replay_game(&rp, &g)))
            break;
        if (rp.skipped) {
            snprintf(msg, REPERTOIRE_MSG_MAX, "%s:%" PRIu64 ": game %" PRIu64
                     " is a variant pgnkit does not replay", path, g.vars[0].line, g.index);
            rc = PGN_EINVAL;
            break;
        }
        if (rp.errors) {
            first_error(&rp, path, msg);
            rc = PGN_EINVAL;
            break;
        }
        if ((rc = add_line(r, &g, &rp, &g.vars[0], rp.start)))
            break;
    }
    if (rc < 0 && rc != PGN_EINVAL && rc != PGN_ENOMEM) {
        char where[REPERTOIRE_MSG_MAX];
        pgn_error_format(pgn_reader_error(rd), where, sizeof where);
        snprintf(msg, REPERTOIRE_MSG_MAX, "%s", where);
        rc = PGN_EINVAL;
    }
    replay_release(&rp);
    return rc;
}

int repertoire_read(struct repertoire **out, const char *path, int lang,
                    char msg[REPERTOIRE_MSG_MAX])
{
    *out = NULL;
    struct repertoire *r = calloc(1, sizeof *r);
    if (!r)
        return PGN_ENOMEM;
    struct pgn_reader *rd;
    errno = 0;
    int rc = pgn_reader_open(&rd, path, NULL);
    if (rc) {
        snprintf(msg, REPERTOIRE_MSG_MAX, "cannot open '%s': %s", path,
                 errno ? strerror(errno) : pgn_strerror(rc));
        repertoire_free(r);
        return rc == PGN_ENOMEM ? rc : PGN_EINVAL;
    }
    rc = read_games(r, rd, path, lang, msg);
    pgn_reader_free(rd);
    if (!rc && !r->n) {
        snprintf(msg, REPERTOIRE_MSG_MAX, "no moves in '%s'", path);
        rc = PGN_EINVAL;
    }
    if (rc) {
        repertoire_free(r);
        return rc;
    }
    /* Sorted and without repeats, so a position's moves are one run found by bisection. */
    qsort(r->edges, r->n, sizeof *r->edges, by_edge);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < r->n; i++)
        if (!kept || by_edge(&r->edges[kept - 1], &r->edges[i]))
            r->edges[kept++] = r->edges[i];
    r->n = kept;
    *out = r;
    return PGN_OK;
}

void repertoire_free(struct repertoire *r)
{
    if (!r)
        return;
    free(r->edges);
    free(r);
}

uint32_t repertoire_size(const struct repertoire *r) { return r->n; }

/* The first edge of key (r->n when none): the moves prepared there start at it. */
static uint32_t first_of(const struct repertoire *r, uint64_t key)
{
    uint32_t lo = 0, hi = r->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (r->edges[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->n && r->edges[lo].key == key ? lo : r->n;
}

int repertoire_first_exit(const struct repertoire *r, struct mainline *ml,
                          struct repertoire_exit *out)
{
    struct ml_iter it;
    mainline_first(ml, &it);
    for (;;) {
        uint64_t key = pos_repetition_key(&it.pos);
        uint32_t at = first_of(r, key);
        if (at == r->n)
            return 0; /* the book ends here (or never began) */
        struct pos before = it.pos;
        int rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc; /* the game ended in the book, or a move does not resolve */
        move16 m = ml->moves[it.ply - 1];
        if (m == MOVE_NONE)
            return 0;
        while (at < r->n && r->edges[at].key == key && r->edges[at].move != m)
            at++;
        if (at == r->n || r->edges[at].key != key) {
            out->ply = it.ply - 1;
            out->move = m;
            out->mover = before.side;
            out->before = before;
            return 1;
        }
    }
}

int repertoire_exit_kind(int side, const struct repertoire_exit *e)
{
    if (side == REP_SIDE_BOTH)
        return REP_EXIT_ANY;
    int ours = side == REP_SIDE_WHITE ? WHITE : BLACK;
    return e->mover == ours ? REP_EXIT_US : REP_EXIT_THEM;
}

size_t repertoire_exit_text(const struct repertoire_exit *e, char out[REPERTOIRE_EXIT_TEXT_MAX])
{
    char san[MOVE_TEXT_MAX];
    san_write(&e->before, e->move, san);
    int n = snprintf(out, REPERTOIRE_EXIT_TEXT_MAX, "%" PRIu32 "%s%s", e->before.fullmove,
                     e->mover == WHITE ? "." : "...", san);
    return n < 0 ? 0 : (size_t)n;
}

int repertoire_exit_path(struct mainline *ml, const struct repertoire_exit *e, struct buf *out)
{
    struct ml_iter it;
    mainline_first(ml, &it);
    while (it.ply < e->ply) {
        const struct pos before = it.pos;
        if (mainline_next(ml, &it) <= 0)
            break; /* cannot be: the exit's walk read these moves */
        char san[MOVE_TEXT_MAX], num[24];
        int n = 0;
        if (before.side == WHITE)
            n = snprintf(num, sizeof num, "%" PRIu32 ".", before.fullmove);
        else if (it.ply == 1)
            n = snprintf(num, sizeof num, "%" PRIu32 "...", before.fullmove);
        size_t len = san_write(&before, ml->moves[it.ply - 1], san);
        if ((out->len && buf_append(out, " ", 1)) || buf_append(out, num, (size_t)n) ||
            buf_append(out, san, len))
            return PGN_ENOMEM;
    }
    return PGN_OK;
}
