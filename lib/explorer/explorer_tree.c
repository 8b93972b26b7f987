/* explorer_tree.c - the next moves of a position as the lichess opening explorer counts them. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/error.h"
#include "explorer/explorer_tree.h"
#include "query/stats_tags.h"
#include "base/banned.h"

void explorer_tree_init(struct explorer_tree *t, int for_white, int top_want, int recent_want)
{
    memset(t, 0, sizeof *t);
    t->for_white = for_white;
    t->top_want = top_want < 0 ? 0 : top_want > EXPLORER_GAMES_MAX ? EXPLORER_GAMES_MAX : top_want;
    t->recent_want = recent_want < 0 ? 0
                     : recent_want > EXPLORER_GAMES_MAX ? EXPLORER_GAMES_MAX : recent_want;
}

void explorer_tree_release(struct explorer_tree *t)
{
    free(t->moves);
    t->moves = NULL;
    t->n = t->cap = 0;
}

int explorer_game_rating(int white_elo, int black_elo)
{
    return white_elo > 0 && black_elo > 0 ? (white_elo + black_elo) / 2 : 0;
}

uint64_t explorer_move_games(const struct explorer_move *m)
{
    return m->white + m->draws + m->black;
}

static void copy_text(char *dst, size_t cap, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= cap)
        n = cap - 1;
    /* Cut at a character's start, not inside a UTF-8 sequence. */
    while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
        n--;
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

void explorer_game_set_tags(struct explorer_game *e, const struct game *g)
{
    copy_text(e->white, sizeof e->white, game_tag_value(g, "White"));
    copy_text(e->black, sizeof e->black, game_tag_value(g, "Black"));
    /* The month the explorer's since and until compare (stats_months()):
     * "2019.03.??" has one; "2019.??.??" spans twelve, so none is shown. */
    int first, last;
    e->month[0] = '\0';
    if (stats_months(g, &first, &last) && first == last)
        snprintf(e->month, sizeof e->month, "%04u-%02u", (unsigned)first / 100 % 10000,
                 (unsigned)first % 100 % 13);
}

/* Better rated first, then the earlier game. */
static int better_rated(const struct explorer_game *a, const struct explorer_game *b)
{
    int ra = explorer_game_rating(a->white_elo, a->black_elo),
        rb = explorer_game_rating(b->white_elo, b->black_elo);
    return ra != rb ? ra > rb : a->number < b->number;
}

/* Later year first, then the later game (inputs are mostly in date order). */
static int more_recent(const struct explorer_game *a, const struct explorer_game *b)
{
    return a->year != b->year ? a->year > b->year : a->number > b->number;
}

/* Puts e into the list (kept in order, at most want long) if it belongs there. */
static void keep(struct explorer_game *list, size_t *n, int want, const struct explorer_game *e,
                 int (*before)(const struct explorer_game *, const struct explorer_game *))
{
    size_t at = *n;
    while (at > 0 && before(e, &list[at - 1]))
        at--;
    if (at >= (size_t)want)
        return;
    size_t last = *n < (size_t)want ? *n : (size_t)want - 1;
    memmove(list + at + 1, list + at, (last - at) * sizeof *list);
    list[at] = *e;
    if (*n < (size_t)want)
        (*n)++;
}

static struct explorer_move *move_of(struct explorer_tree *t, uint16_t move)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->moves[i].move == move)
            return &t->moves[i];
    void *moves = t->moves;
    if (array_reserve(&moves, &t->cap, t->n + 1, sizeof *t->moves, 16))
        return NULL;
    t->moves = moves;
    struct explorer_move *m = &t->moves[t->n++];
    memset(m, 0, sizeof *m);
    m->move = move;
    return m;
}

static void count_result(uint64_t *w, uint64_t *d, uint64_t *b, int result)
{
    *w += result == PGN_RESULT_WHITE;
    *d += result == PGN_RESULT_DRAW;
    *b += result == PGN_RESULT_BLACK;
}

/* 1 when the tree counts the game tg: it reaches the root with a decided result. */
static int counted(const struct index_tree_game *tg)
{
    int r = tg->result;
    return !tg->empty && tg->reached &&
           (r == PGN_RESULT_WHITE || r == PGN_RESULT_DRAW || r == PGN_RESULT_BLACK);
}

/* The game tg, number, as a list shows it; g (NULL: not at hand) gives its names. */
static void game_of(const struct index_tree_game *tg, uint64_t number, const struct game *g,
                    struct explorer_game *e)
{
    memset(e, 0, sizeof *e);
    e->number = number;
    e->move = tg->nmoves ? tg->moves[0] : 0;
    e->result = tg->result;
    e->white_elo = tg->white_elo;
    e->black_elo = tg->black_elo;
    e->year = tg->year;
    if (g)
        explorer_game_set_tags(e, g);
}

int explorer_tree_add(struct explorer_tree *t, const struct index_tree_game *tg, uint64_t number,
                      const struct game *g)
{
    if (!counted(tg))
        return PGN_OK;
    int r = tg->result;
    count_result(&t->white, &t->draws, &t->black, r);
    struct explorer_game e;
    game_of(tg, number, g, &e);
    keep(t->top, &t->ntop, t->top_want, &e, better_rated);
    keep(t->recent, &t->nrecent, t->recent_want, &e, more_recent);
    if (!tg->nmoves)
        return PGN_OK;
    struct explorer_move *m = move_of(t, tg->moves[0]);
    if (!m)
        return PGN_ENOMEM;
    if (explorer_move_games(m) == 0) {
        m->first = number;
        m->one = e;
    }
    count_result(&m->white, &m->draws, &m->black, r);
    int mean = explorer_game_rating(tg->white_elo, tg->black_elo);
    if (mean) {
        m->rating_sum += (uint64_t)mean;
        m->rating_n++;
    }
    int opp = t->for_white ? tg->black_elo : tg->white_elo;
    if (opp > 0) {
        m->opp_sum += (uint64_t)opp;
        m->opp_n++;
    }
    return PGN_OK;
}

int explorer_tree_add_count(struct explorer_tree *t, const struct index_count *c, uint64_t first)
{
    t->white += c->white;
    t->draws += c->draws;
    t->black += c->black;
    if (c->kind_move >> 16 != INDEX_COUNT_MOVE || !(c->white + c->draws + c->black))
        return PGN_OK;
    struct explorer_move *m = move_of(t, (uint16_t)(c->kind_move & 0xffff));
    if (!m)
        return PGN_ENOMEM;
    if (explorer_move_games(m) == 0) {
        m->first = first;
        memset(&m->one, 0, sizeof m->one); /* number 0: for explorer_tree_offer() to fill */
    }
    m->white += c->white;
    m->draws += c->draws;
    m->black += c->black;
    m->rating_sum += c->msum;
    m->rating_n += c->mn;
    return PGN_OK;
}

void explorer_tree_offer(struct explorer_tree *t, const struct index_tree_game *tg,
                         uint64_t number, const struct game *g)
{
    if (!counted(tg))
        return;
    struct explorer_game e;
    game_of(tg, number, g, &e);
    keep(t->top, &t->ntop, t->top_want, &e, better_rated);
    keep(t->recent, &t->nrecent, t->recent_want, &e, more_recent);
    for (size_t i = 0; i < t->n && tg->nmoves; i++)
        if (t->moves[i].move == e.move && t->moves[i].first == number && !t->moves[i].one.number)
            t->moves[i].one = e;
}

int explorer_tree_merge(struct explorer_tree *d, const struct explorer_tree *s)
{
    d->white += s->white;
    d->draws += s->draws;
    d->black += s->black;
    for (size_t i = 0; i < s->ntop; i++)
        keep(d->top, &d->ntop, d->top_want, &s->top[i], better_rated);
    for (size_t i = 0; i < s->nrecent; i++)
        keep(d->recent, &d->nrecent, d->recent_want, &s->recent[i], more_recent);
    for (size_t i = 0; i < s->n; i++) {
        const struct explorer_move *x = &s->moves[i];
        struct explorer_move *m = move_of(d, x->move);
        if (!m)
            return PGN_ENOMEM;
        /* The one game is the first in input order of either. */
        if (explorer_move_games(m) == 0 || x->first < m->first) {
            m->first = x->first;
            m->one = x->one;
        }
        m->white += x->white;
        m->draws += x->draws;
        m->black += x->black;
        m->rating_sum += x->rating_sum;
        m->rating_n += x->rating_n;
        m->opp_sum += x->opp_sum;
        m->opp_n += x->opp_n;
    }
    return PGN_OK;
}

static int by_games(const void *a, const void *b)
{
    const struct explorer_move *x = a, *y = b;
    uint64_t gx = explorer_move_games(x), gy = explorer_move_games(y);
    if (gx != gy)
        return gx < gy ? 1 : -1;
    return (x->move > y->move) - (x->move < y->move);
}

void explorer_tree_sort(struct explorer_tree *t)
{
    if (t->n)
        qsort(t->moves, t->n, sizeof *t->moves, by_games);
}
