/* where_eval.c - the where expression language: evaluating a parsed expression, printing it, its regex limits. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "base/error.h"
#include "query/filter.h"
#include "query/where.h"
#include "query/where_tree.h"
#include "base/banned.h"

const char *const where_op_text[] = { "=", "!=", "<", "<=", ">", ">=", "~", "!~" };

/* ---- Evaluation ------------------------------------------------------------ */

/* Value number k of operand o: 1 and *v, 0 when none, < 0 on error. */
static int operand_value(const struct operand *o, struct game_facts *f, uint32_t k,
                         struct fact_value *v)
{
    switch (o->kind) {
    case O_FIELD:
        return game_facts_get(f, o->field, k, v);
    case O_TAG:
        return game_facts_tag(f, o->text, k, v);
    case O_STR:
        if (k)
            return 0;
        v->type = FT_STR;
        v->s = o->text;
        v->len = o->len;
        return 1;
    case O_NUM:
    case O_BOOL:
        if (k)
            return 0;
        v->type = o->kind == O_NUM ? FT_NUM : FT_BOOL;
        v->num = o->num;
        v->s = NULL;
        v->len = 0;
        return 1;
    }
    return 0;
}

static int order(int c, int op)
{
    switch (op) {
    case OP_EQ: return c == 0;
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    case OP_GE: return c >= 0;
    default: return 0;
    }
}

static int cmp_num(int64_t a, int64_t b) { return a < b ? -1 : a > b; }

static int cmp_dates(const struct date_range *a, const struct date_range *b, int op)
{
    switch (op) {
    case OP_EQ: return a->lo >= b->lo && a->hi <= b->hi;
    case OP_LT: return a->hi < b->lo;
    case OP_LE: return a->hi <= b->hi;
    case OP_GT: return a->lo > b->hi;
    case OP_GE: return a->lo >= b->lo;
    default: return 0;
    }
}

/*
 * The number value v of operand o holds: a number field's; a literal string
 * read as a number when parsed (beside a number field); the text of a tag
 * or text field as tagvalue_tag_number() reads it (o's reader, told when
 * parsed), so that a tag compares as the number every other command reads
 * in it. 1 and *n, or 0.
 */
static int as_number(const struct operand *o, const struct fact_value *v, int64_t *n)
{
    if (v->type == FT_NUM) {
        *n = v->num;
        return 1;
    }
    if (v->type != FT_STR)
        return 0;
    if (o->kind == O_STR) {
        *n = o->num;
        return o->num_ok;
    }
    if (o->kind != O_TAG && o->kind != O_FIELD)
        return 0;
    return !tagvalue_read_number(o->number_reader, v->s, v->len, n);
}

/* The left value's number, read once for all the right values it meets. */
struct number_memo {
    int state; /* 0: not read yet; 1: num holds it; 2: it has none */
    int64_t num;
};

static int memo_number(const struct operand *o, const struct fact_value *v,
                       struct number_memo *m, int64_t *n)
{
    if (!m->state)
        m->state = as_number(o, v, &m->num) ? 1 : 2;
    *n = m->num;
    return m->state == 1;
}

/*
 * The positive form of a comparison (= < <= > >=) of value a of operand ao
 * with value b of operand bo; am is a's number memo. Numbers compare as
 * numbers when one side is a number field or a number literal, and when
 * both sides come from the game and one holds a number (BlackElo >
 * WhiteElo): as bytes, "1000" would be below "847". A side that holds no
 * number is then unequal to the other and neither before nor after it.
 */
static int compare(const struct operand *ao, const struct operand *bo, const struct fact_value *a,
                   const struct fact_value *b, struct number_memo *am, int op)
{
    if (a->type == FT_BOOL || b->type == FT_BOOL)
        return a->type == b->type && op == OP_EQ && a->num == b->num;
    if (a->type == FT_DATE || b->type == FT_DATE) {
        struct date_range da, db;
        if (a->type == FT_DATE)
            da = a->date;
        else if (a->type != FT_STR || tagvalue_date(a->s, a->len, &da))
            return 0;
        if (b->type == FT_DATE)
            db = b->date;
        else if (bo->is_date)
            db = bo->date;
        else if (b->type != FT_STR || tagvalue_date(b->s, b->len, &db))
            return 0;
        return cmp_dates(&da, &db, op);
    }
    int64_t x = 0, y = 0;
    int ax = 0, by = 0;
    int numeric = a->type == FT_NUM || b->type == FT_NUM || (bo->kind == O_STR && bo->num_ok);
    if (numeric || (!is_literal(ao) && !is_literal(bo))) { /* text against a literal: no reading */
        ax = memo_number(ao, a, am, &x);
        by = as_number(bo, b, &y);
        numeric |= ax || by;
    }
    if (numeric)
        return ax && by && order(cmp_num(x, y), op);
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->s, b->s, n);
    if (!c)
        c = a->len < b->len ? -1 : a->len > b->len;
    return order(c, op);
}

/* Text of a value for regex matching. */
static const char *value_text(const struct fact_value *v, char buf[32], size_t *len)
{
    if (v->s) {
        *len = v->len;
        return v->s;
    }
    *len = (size_t)snprintf(buf, 32, "%lld", (long long)v->num);
    return buf;
}

static int eval_cmp(const struct node *n, struct game_facts *f)
{
    int positive = n->op == OP_NE ? OP_EQ : n->op == OP_NMATCH ? OP_MATCH : n->op;
    int found = 0;
    struct fact_value a, b;
    for (uint32_t i = 0; !found; i++) {
        int rc = operand_value(&n->a, f, i, &a);
        if (rc <= 0) {
            if (rc < 0)
                return rc;
            break;
        }
        if (positive == OP_MATCH) {
            char buf[32];
            size_t len;
            const char *s = value_text(&a, buf, &len);
            found = filter_match(n->re, s, len);
            continue;
        }
        struct number_memo am = { 0, 0 };
        for (uint32_t j = 0; !found; j++) {
            rc = operand_value(&n->b, f, j, &b);
            if (rc <= 0) {
                if (rc < 0)
                    return rc;
                break;
            }
            found = compare(&n->a, &n->b, &a, &b, &am, positive);
        }
    }
    return positive != n->op ? !found : found;
}

static int eval_truth(const struct node *n, struct game_facts *f)
{
    struct fact_value v;
    int rc = operand_value(&n->a, f, 0, &v);
    if (rc <= 0)
        return rc;
    if (v.type == FT_BOOL)
        return v.num != 0;
    if (v.type == FT_STR)
        return v.len > 0;
    return 1;
}

static int eval(const struct node *n, struct game_facts *f)
{
    switch (n->kind) {
    case N_OR:
    case N_AND: {
        int want = n->kind == N_OR;
        for (size_t i = 0; i < n->nkids; i++) {
            int rc = eval(n->kids[i], f);
            if (rc < 0)
                return rc;
            if (rc == want)
                return want;
        }
        return !want;
    }
    case N_NOT: {
        int rc = eval(n->kids[0], f);
        return rc < 0 ? rc : !rc;
    }
    case N_CMP:
        return eval_cmp(n, f);
    default:
        return eval_truth(n, f);
    }
}

int where_eval(const struct where *w, struct game_facts *f) { return eval(w->root, f); }

/* ---- Deciding from known fields (a database's records) -------------------------- */

struct decider {
    where_getter *get;
    void *ctx;
};

/* Value number k of o as the getter knows it (literals are always known). */
static int known_value(const struct decider *d, const struct operand *o, uint32_t k, int text,
                       struct fact_value *v)
{
    if (o->kind == O_FIELD || o->kind == O_TAG)
        return d->get(d->ctx, o->kind == O_FIELD ? o->field : -1, o->kind == O_TAG ? o->text : NULL,
                      k, text, v);
    return operand_value(o, NULL, k, v);
}

/* eval_cmp's loops, stopping at the first value not known. */
static int decide_cmp(const struct decider *d, struct node *n)
{
    int positive = n->op == OP_NE ? OP_EQ : n->op == OP_NMATCH ? OP_MATCH : n->op;
    int found = 0;
    struct fact_value a, b;
    for (uint32_t i = 0; !found; i++) {
        int rc = known_value(d, &n->a, i, positive == OP_MATCH, &a);
        if (rc == WHERE_UNKNOWN)
            return WHERE_MAYBE;
        if (rc <= 0)
            break;
        if (positive == OP_MATCH) {
            char buf[32];
            size_t len;
            const char *s = value_text(&a, buf, &len);
            uint64_t hits = filter_limit_hits(n->re);
            found = filter_match(n->re, s, len);
            if (filter_limit_hits(n->re) != hits)
                return WHERE_MAYBE;
            continue;
        }
        struct number_memo am = { 0, 0 };
        for (uint32_t j = 0; !found; j++) {
            rc = known_value(d, &n->b, j, 0, &b);
            if (rc == WHERE_UNKNOWN)
                return WHERE_MAYBE;
            if (rc <= 0)
                break;
            found = compare(&n->a, &n->b, &a, &b, &am, positive);
        }
    }
    return positive != n->op ? !found : found;
}

static int decide_truth(const struct decider *d, const struct node *n)
{
    struct fact_value v;
    int rc = known_value(d, &n->a, 0, 0, &v);
    if (rc == WHERE_UNKNOWN)
        return WHERE_MAYBE;
    if (rc <= 0)
        return WHERE_NO;
    if (v.type == FT_BOOL)
        return v.num != 0;
    if (v.type == FT_STR)
        return v.len > 0;
    return WHERE_YES;
}

int where_node_has_regex(const struct node *n)
{
    if (n->re)
        return 1;
    for (size_t i = 0; i < n->nkids; i++)
        if (where_node_has_regex(n->kids[i]))
            return 1;
    return 0;
}

static int decide(const struct decider *d, struct node *n)
{
    switch (n->kind) {
    case N_OR:
    case N_AND: {
        /* The first operand that settles it does, as in eval(); an unknown
         * one before it is harmless unless the scan may run a regex there. */
        int want = n->kind == N_OR, unknown = 0, unsafe = 0;
        for (size_t i = 0; i < n->nkids; i++) {
            int v = decide(d, n->kids[i]);
            if (v == want)
                return unsafe ? WHERE_MAYBE : want;
            if (v == WHERE_MAYBE) {
                unknown = 1;
                unsafe |= where_node_has_regex(n->kids[i]);
            }
        }
        return unknown ? WHERE_MAYBE : !want;
    }
    case N_NOT: {
        int v = decide(d, n->kids[0]);
        return v == WHERE_MAYBE ? v : !v;
    }
    case N_CMP:
        return decide_cmp(d, n);
    default:
        return decide_truth(d, n);
    }
}

int where_decide(struct where *w, where_getter *get, void *ctx)
{
    struct decider d = { get, ctx };
    return decide(&d, w->root);
}

/* ---- Formatting and limits ----------------------------------------------------- */

struct out {
    char *s;
    size_t cap, len;
};

PRINTF_LIKE(2, 3)
static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->len < o->cap ? o->s + o->len : NULL, o->len < o->cap ? o->cap - o->len : 0,
                      fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

static void format_operand(struct out *o, const struct operand *x)
{
    switch (x->kind) {
    case O_FIELD: put(o, "%s", facts_field_name(x->field)); break;
    case O_TAG: put(o, "%s", x->text); break;
    case O_STR:
        put(o, "\"");
        for (size_t i = 0; i < x->len; i++)
            put(o, x->text[i] == '"' || x->text[i] == '\\' ? "\\%c" : "%c", x->text[i]);
        put(o, "\"");
        break;
    case O_NUM: put(o, "%lld", (long long)x->num); break;
    case O_BOOL: put(o, "%s", x->num ? "true" : "false"); break;
    }
}

static void format_node(struct out *o, const struct node *n)
{
    switch (n->kind) {
    case N_OR:
    case N_AND:
        put(o, "(");
        for (size_t i = 0; i < n->nkids; i++) {
            if (i)
                put(o, n->kind == N_OR ? " or " : " and ");
            format_node(o, n->kids[i]);
        }
        put(o, ")");
        break;
    case N_NOT:
        put(o, "not ");
        format_node(o, n->kids[0]);
        break;
    case N_CMP:
        format_operand(o, &n->a);
        put(o, " %s ", where_op_text[n->op]);
        format_operand(o, &n->b);
        break;
    default:
        format_operand(o, &n->a);
    }
}

size_t where_format(const struct where *w, char *out, size_t cap)
{
    struct out o = { out, cap, 0 };
    if (cap)
        out[0] = '\0';
    format_node(&o, w->root);
    return o.len;
}

static const char *new_hit(struct node *n)
{
    if (n->re && !n->reported && filter_limit_hits(n->re)) {
        n->reported = 1;
        return filter_pattern(n->re);
    }
    for (size_t i = 0; i < n->nkids; i++) {
        const char *s = new_hit(n->kids[i]);
        if (s)
            return s;
    }
    return NULL;
}

const char *where_new_limit_hit(struct where *w) { return new_hit(w->root); }
