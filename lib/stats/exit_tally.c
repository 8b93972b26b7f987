/* exit_tally.c - where games left an opening repertoire: a count, side and score per exit. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/buf.h"
#include "base/error.h"
#include "pgn/game.h"
#include "stats/exit_tally.h"
#include "base/banned.h"

void exit_tally_init(struct exit_tally *t, int side)
{
    memset(t, 0, sizeof *t);
    hash_table_init(&t->rows, sizeof(struct exit_row));
    t->side = side;
}

void exit_tally_release(struct exit_tally *t)
{
    size_t cursor = 0;
    struct hash_item it;
    while (hash_table_next(&t->rows, &cursor, &it))
        free(((struct exit_row *)it.value)->path);
    hash_table_release(&t->rows);
}

int exit_tally_add(struct exit_tally *t, struct mainline *ml, const struct repertoire_exit *e,
                   int result)
{
    unsigned char key[10];
    uint64_t pk = pos_repetition_key(&e->before);
    memcpy(key, &pk, 8);
    memcpy(key + 8, &e->move, 2);
    void *value;
    int added = hash_table_insert(&t->rows, key, sizeof key,
                                  pk ^ ((uint64_t)e->move * 0x9e3779b97f4a7c15u), &value);
    if (added < 0)
        return added;
    struct exit_row *r = value;
    if (added) {
        struct buf path;
        buf_init(&path, (size_t)1 << 20);
        if (repertoire_exit_path(ml, e, &path) || buf_append(&path, "", 1) ||
            !(r->path = strdup(path.data))) {
            buf_release(&path);
            r->path = NULL;
            return PGN_ENOMEM; /* the row stays, counted from the next game on */
        }
        buf_release(&path);
        r->mover = e->mover;
        r->kind = repertoire_exit_kind(t->side, e);
        repertoire_exit_text(e, r->exit);
    }
    r->games++;
    t->games++;
    int scorer = t->side == REP_SIDE_BLACK ? BLACK : WHITE;
    if (result == PGN_RESULT_DRAW)
        r->draws++;
    else if (result == PGN_RESULT_WHITE || result == PGN_RESULT_BLACK)
        *((result == PGN_RESULT_WHITE) == (scorer == WHITE) ? &r->wins : &r->losses) += 1;
    return PGN_OK;
}

static int by_count(const void *a, const void *b)
{
    const struct exit_row *x = *(const struct exit_row *const *)a;
    const struct exit_row *y = *(const struct exit_row *const *)b;
    if (x->games != y->games)
        return x->games > y->games ? -1 : 1;
    int c = strcmp(x->path ? x->path : "", y->path ? y->path : "");
    return c ? c : strcmp(x->exit, y->exit);
}

const struct exit_row **exit_tally_rows(const struct exit_tally *t, size_t *n)
{
    *n = 0;
    size_t count = hash_table_count(&t->rows), cursor = 0;
    if (!count)
        return NULL;
    const struct exit_row **rows = malloc(count * sizeof *rows);
    if (!rows)
        return NULL;
    struct hash_item it;
    while (*n < count && hash_table_next(&t->rows, &cursor, &it))
        rows[(*n)++] = it.value;
    qsort(rows, *n, sizeof *rows, by_count);
    return rows;
}

double exit_row_score(const struct exit_row *r)
{
    uint32_t decided = r->wins + r->draws + r->losses;
    return decided ? 100.0 * (r->wins + 0.5 * r->draws) / decided : -1;
}
