/* index_pick_where.c - the keys of a where expression: the conjuncts that turn a game down alone. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "index/index_db_internal.h"
#include "index/index_pick_where.h"
#include "index/index_plan.h"
#include "query/filter.h"
#include "query/where_tree.h"
#include "base/banned.h"

/* The record slots of a name field (as index_where.c reads them): 1, or 0 for another field. */
static int name_slots(int field, int slot[2])
{
    slot[0] = slot[1] = -1;
    switch (field) {
    case F_WHITE: slot[0] = IR_WHITE; return 1;
    case F_BLACK: slot[0] = IR_BLACK; return 1;
    case F_PLAYER: slot[0] = IR_WHITE, slot[1] = IR_BLACK; return 1;
    case F_EVENT: slot[0] = IR_EVENT; return 1;
    case F_SITE: slot[0] = IR_SITE; return 1;
    default: return 0;
    }
}

/* The verdict of one comparison on every name of a table, by id. */
struct name_verdicts {
    const struct node *n;
    struct filter *re; /* a copy of n's regex, or NULL: n compares with a string */
    unsigned char *v;
    uint32_t cap;
};

static int verdict_of_name(void *ctx, uint32_t id, const char *s, size_t len)
{
    struct name_verdicts *nv = ctx;
    int v = nv->re ? index_regex_verdict(nv->re, s, len)
            : len == nv->n->b.len && !memcmp(s, nv->n->b.text, len) ? INDEX_YES : INDEX_NO;
    return index_verdicts_set(&nv->v, &nv->cap, id, v);
}

/* The ranges of a name field compared with n (a regex, or = a string that is no number). */
static int name_keys(struct index_db *db, const struct where *w, const struct node *n,
                     const int slot[2], struct index_key_set *s)
{
    int by_regex = n->op == OP_MATCH && n->re;
    if (!by_regex && !(n->op == OP_EQ && n->b.kind == O_STR && !n->b.num_ok))
        return 0;
    int kind = slot[0] <= IR_BLACK ? NAMES_PLAYERS : slot[0] == IR_EVENT ? NAMES_EVENTS
                                                                       : NAMES_SITES;
    struct name_verdicts nv = { n, NULL, NULL, 0 };
    int rc = PGN_OK;
    if (by_regex) {
        const char *pattern = filter_pattern(n->re);
        rc = filter_new(&nv.re, pattern, strlen(pattern), w->filter_flags, w->limit, NULL);
    }
    if (rc == PGN_OK)
        rc = index_names_each(db, kind, verdict_of_name, &nv);
    if (rc == PGN_OK)
        rc = index_pick_ranges(s, NULL, nv.v, nv.cap, slot, NULL, PICK_ALL);
    filter_free(nv.re);
    free(nv.v);
    return rc;
}

/* The ranges of a number field compared with a number: 1, or 0 when the keys do not hold it. */
static int number_keys(const struct node *n, struct index_key_set *s)
{
    int field = n->a.field == F_PLIES ? IK_PLIES : n->a.field == F_WHITE_ELO ? IK_WHITE_ELO
                : n->a.field == F_BLACK_ELO ? IK_BLACK_ELO : n->a.field == F_YEAR ? IK_DATE : -1;
    int64_t v = n->b.num, lo = 0, hi = INT64_MAX;
    if (field < 0 || n->b.kind != O_NUM || v < 0 || v > 1000000000)
        return 0;
    switch (n->op) {
    case OP_EQ: lo = hi = v; break;
    case OP_GT: lo = v + 1; break;
    case OP_GE: lo = v; break;
    case OP_LT: hi = v - 1; break;
    case OP_LE: hi = v; break;
    default: return 0;
    }
    if (field == IK_DATE) { /* a year: every date of the years, YYYYMMDD */
        lo *= 10000;
        hi = hi == INT64_MAX ? hi : hi * 10000 + 9999;
    }
    if (lo > hi)
        return 1; /* no game */
    int rc = index_key_set_add(s, field, lo, hi, 0);
    return rc ? rc : 1;
}

/*
 * The range of a game feature's field said true (alone, = true or != false):
 * 1, or 0 when n is no such conjunct.
 */
static int feature_keys(const struct node *n, struct index_key_set *s)
{
    int said_true = n->kind == N_TRUTH ||
                    (n->kind == N_CMP && n->b.kind == O_BOOL &&
                     ((n->op == OP_EQ && n->b.num) || (n->op == OP_NE && !n->b.num)));
    if (!said_true || n->a.kind != O_FIELD)
        return 0;
    for (int i = 0; i < IF_COUNT; i++)
        if (index_feature_field(i) == n->a.field) {
            int rc = index_key_set_add(s, IK_FEATURE, i, i, 0);
            return rc ? rc : 1;
        }
    return 0;
}

/* The ranges of one conjunct into *s: 1, 0 when the keys do not hold it, or an error. */
static int conjunct_keys(struct index_db *db, const struct where *w, const struct node *n,
                         struct index_key_set *s)
{
    int slot[2];
    int rc = feature_keys(n, s);
    if (rc != 0 || n->kind != N_CMP || n->a.kind != O_FIELD)
        return rc;
    if (name_slots(n->a.field, slot))
        return name_keys(db, w, n, slot, s);
    if (n->a.field == F_RESULT) {
        if (n->op != OP_EQ || n->b.kind != O_STR || n->b.num_ok)
            return 0;
        int r = pgn_result_of(n->b.text);
        rc = r == PGN_RESULT_NONE ? PGN_OK : index_key_set_add(s, IK_RESULT, r, r, 0);
        return rc ? rc : 1;
    }
    return number_keys(n, s);
}

int index_pick_where(struct index_db *db, const struct where *w, struct index_where_keys *out)
{
    memset(out, 0, sizeof *out);
    struct node *root = w->root;
    size_t nkids = root->kind == N_AND ? root->nkids : 1;
    struct node *const *kids = root->kind == N_AND ? root->kids : &root;
    if (!(out->set = calloc(nkids, sizeof *out->set)))
        return PGN_ENOMEM;
    for (size_t i = 0; i < nkids; i++) {
        int rc = conjunct_keys(db, w, kids[i], &out->set[out->n]);
        if (rc < 0) {
            index_where_keys_release(out);
            return rc;
        }
        if (rc == 1)
            out->n++;
        else
            index_key_set_release(&out->set[out->n]);
        if (where_node_has_regex(kids[i]))
            break; /* a regex may leave a game to the scan: the rest cannot turn it down */
    }
    return PGN_OK;
}

void index_where_keys_release(struct index_where_keys *k)
{
    for (size_t i = 0; k->set && i < k->n; i++)
        index_key_set_release(&k->set[i]);
    free(k->set);
    memset(k, 0, sizeof *k);
}
