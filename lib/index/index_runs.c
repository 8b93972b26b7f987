/* index_runs.c - which bytes of a plain source to read for some of its games: runs, in order. */
/* SPDX-License-Identifier: MIT */
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_runs.h"
#include "base/banned.h"

void index_runs_init(struct index_runs *it, struct index_db *db, const struct index_source *src,
                     index_wanted_fn *wanted, const void *ctx, uint64_t gap)
{
    *it = (struct index_runs){ .db = db, .src = src, .wanted = wanted, .ctx = ctx,
                               .gap = gap ? gap : 1 };
}

void index_runs_jump(struct index_runs *it, index_next_fn *next) { it->jump = next; }

/* The first wanted game from i on (from 0), or the source's game count. */
static uint64_t next_wanted(const struct index_runs *it, uint64_t i)
{
    uint64_t games = it->src->games;
    if (it->jump) {
        uint64_t j = i < games ? it->jump(it->ctx, i) : games;
        return j < games ? j : games;
    }
    while (i < games && !it->wanted(it->ctx, i))
        i++;
    return i;
}

/* Shortens the run of games first .. *last (from 1) to the games that end
 * within INDEX_RUN_WINDOW bytes of its start, the first game at least. */
static int bound_run(struct index_runs *it, uint64_t first, uint64_t *last)
{
    struct index_span a, m;
    int64_t id = it->src->id;
    int rc;
    if ((rc = index_db_game_span(it->db, id, first, &a)) != PGN_OK ||
        (rc = index_db_game_span(it->db, id, *last, &m)) != PGN_OK)
        return rc;
    if (m.offset + m.length - a.offset <= INDEX_RUN_WINDOW)
        return PGN_OK;
    uint64_t fits = first, over = *last; /* by bisection: fits ends inside, over does not */
    while (over - fits > 1) {
        uint64_t mid = fits + (over - fits) / 2;
        if ((rc = index_db_game_span(it->db, id, mid, &m)) != PGN_OK)
            return rc;
        if (m.offset + m.length - a.offset <= INDEX_RUN_WINDOW)
            fits = mid;
        else
            over = mid;
    }
    *last = fits;
    return PGN_OK;
}

/*
 * The run of games first .. last (from 1) widened to where a reader can
 * start (a game whose span is parsed alone, else the source's start) and
 * to where the next run can (after a game the skim proved ends there,
 * followed by such a game), into *run. With whole, a run that reaches the
 * last game reads on to the end of the indexed bytes, as a scan does.
 */
static int widen_run(struct index_runs *it, uint64_t first, uint64_t last, int whole,
                     struct index_run *run)
{
    const struct index_source *src = it->src;
    struct index_span a, b, next;
    int rc;
    while ((rc = index_db_game_span(it->db, src->id, first, &a)) == PGN_OK && !a.has_origin &&
           first > 1)
        first--;
    while (rc == PGN_OK && (rc = index_db_game_span(it->db, src->id, last, &b)) == PGN_OK &&
           last < src->games) {
        if (b.has_origin &&
            (rc = index_db_game_span(it->db, src->id, last + 1, &next)) == PGN_OK &&
            next.has_origin)
            break;
        last++;
    }
    if (rc != PGN_OK)
        return rc;
    run->first = first;
    run->last = last;
    run->start = first == 1 ? 0 : a.offset;
    run->end = whole && last == src->games ? src->indexed_bytes : b.offset + b.length;
    run->has_origin = first > 1;
    run->origin = a.origin;
    if (run->end > src->indexed_bytes || run->start > run->end)
        return index_db_damaged(it->db, "the spans of the games lie outside their source");
    return PGN_OK;
}

int index_runs_next(struct index_runs *it, struct index_run *run)
{
    const struct index_source *src = it->src;
    int whole = !it->wanted, rc;
    if (it->done)
        return 0;
    if (whole && src->games == 0) {
        /* No game, yet text (a comment, say): read as a scan reads it. */
        it->done = 1;
        *run = (struct index_run){ .first = 1, .last = 0, .end = src->indexed_bytes };
        return src->indexed_bytes > 0;
    }
    uint64_t i = whole ? it->next : next_wanted(it, it->next);
    if (i >= src->games) {
        it->done = 1;
        return 0;
    }
    uint64_t last = whole ? src->games - 1 : i; /* from 0 */
    for (uint64_t j = i + 1; !whole && (j = next_wanted(it, j)) < src->games &&
                             j <= last + it->gap; j++)
        last = j;
    uint64_t end = last + 1; /* from 1 */
    if ((rc = bound_run(it, i + 1, &end)) != PGN_OK ||
        (rc = widen_run(it, i + 1, end, whole, run)) != PGN_OK) {
        it->done = 1;
        return rc;
    }
    it->next = run->last; /* the game after the run's last (from 0) */
    return 1;
}
