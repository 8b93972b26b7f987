/* index_paths_position.c - how many games reach a position, from the tree's counts rather than from every game's walk. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_paths_position.h"
#include "index/index_tree.h"
#include "base/banned.h"

/* The games of the root's entries: each game is in one entry, the move it
 * played from the root the first time (or the end of its main line). */
static int sum_reached(void *ctx, const struct index_tree_counts *c)
{
    uint64_t *reached = ctx;
    for (size_t i = 0; i < c->n; i++)
        *reached += c->e[i].games;
    return PGN_OK;
}

int index_paths_count_position(struct index_db *db, int64_t source, uint64_t games,
                               const struct pos *target, struct index_selection *out)
{
    memset(out, 0, sizeof *out);
    unsigned char *verdict = malloc(games ? games : 1);
    if (!verdict)
        return PGN_ENOMEM;
    uint64_t reached = 0;
    int told = index_tree_counted(db, source, games, target, 1, sum_reached, &reached, verdict);
    size_t maybe = 0;
    for (const unsigned char *v = verdict, *end = verdict + (told > 0 ? games : 0);
         (v = memchr(v, INDEX_MAYBE, (size_t)(end - v))) != NULL; v++)
        maybe++;
    int rc = told;
    if (told > 0) {
        out->number = malloc((maybe ? maybe : 1) * sizeof *out->number);
        out->verdict = malloc(maybe ? maybe : 1);
        rc = out->number && out->verdict ? 1 : PGN_ENOMEM;
    }
    for (uint64_t i = 0; rc > 0 && out->n < maybe; i++) {
        if (verdict[i] != INDEX_MAYBE)
            continue;
        out->number[out->n] = i + 1;
        out->verdict[out->n++] = INDEX_MAYBE;
    }
    out->yes = reached;
    out->maybe = maybe;
    free(verdict);
    if (rc <= 0)
        index_selection_release(out);
    return rc;
}
