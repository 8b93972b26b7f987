/* where.c - the where expression language: lexer, recursive-descent parser and its checks. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/ascii.h"
#include "base/compiler.h"
#include "base/error.h"
#include "query/filter.h"
#include "base/utf8.h"
#include "query/where.h"
#include "query/where_tree.h"
#include "base/banned.h"

static void node_free(struct node *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->nkids; i++)
        node_free(n->kids[i]);
    free(n->kids);
    free(n->a.text);
    free(n->b.text);
    filter_free(n->re);
    free(n);
}

void where_free(struct where *w)
{
    if (!w)
        return;
    node_free(w->root);
    free(w->text);
    free(w);
}

/* ---- Lexer -------------------------------------------------------------------- */

enum tok_kind {
    T_END, T_LPAREN, T_RPAREN, T_AND, T_OR, T_NOT, T_OP, T_NAME, T_STR, T_NUM, T_TRUE, T_FALSE,
    T_BAD
};

struct parser {
    const char *src;
    size_t pos;
    /* current token */
    int tok;
    size_t tstart, tlen;
    int op;
    unsigned filter_flags;
    unsigned long limit;
    struct where_error *err;
    int failed; /* PGN_ESYNTAX or PGN_ENOMEM once an error is recorded */
};

PRINTF_LIKE(3, 4)
static void error_at(struct parser *p, size_t at, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = PGN_ESYNTAX;
    if (!p->err)
        return;
    p->err->col = at + 1;
    /* The message quotes parts of the expression, which may be any bytes:
     * keep the valid UTF-8 prefix and read the rest as CP1252, so that the
     * message is always valid UTF-8 (and never ends inside a character). */
    char raw[sizeof p->err->msg];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    size_t n = len < 0 ? 0 : (size_t)len < sizeof raw ? (size_t)len : sizeof raw - 1;
    size_t valid = utf8_valid_prefix(raw, n);
    if (len >= (int)sizeof raw && n - valid < 4)
        n = valid; /* the size limit cut a character in two */
    size_t room = (sizeof p->err->msg - 1 - valid) / CP1252_UTF8_MAX;
    memcpy(p->err->msg, raw, valid);
    n = valid + utf8_from_cp1252(p->err->msg + valid, raw + valid, n - valid < room ? n - valid : room);
    p->err->msg[n] = '\0';
}

static void out_of_memory(struct parser *p)
{
    if (!p->failed) {
        p->failed = PGN_ENOMEM;
        if (p->err) {
            p->err->col = 0;
            snprintf(p->err->msg, sizeof p->err->msg, "out of memory");
        }
    }
}


static int word_is(const char *s, size_t n, const char *kw)
{
    if (strlen(kw) != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((s[i] | 0x20) != kw[i])
            return 0;
    return 1;
}

static void next(struct parser *p)
{
    const char *s = p->src;
    size_t i = p->pos;
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
        i++;
    p->tstart = i;
    char c = s[i];
    int tok = T_BAD;
    size_t n = 1;
    if (!c) {
        tok = T_END;
        n = 0;
    } else if (c == '(') {
        tok = T_LPAREN;
    } else if (c == ')') {
        tok = T_RPAREN;
    } else if (c == '&' && s[i + 1] == '&') {
        tok = T_AND, n = 2;
    } else if (c == '|' && s[i + 1] == '|') {
        tok = T_OR, n = 2;
    } else if (c == '=') {
        tok = T_OP, p->op = OP_EQ, n = s[i + 1] == '=' ? 2 : 1;
    } else if (c == '!') {
        if (s[i + 1] == '=')
            tok = T_OP, p->op = OP_NE, n = 2;
        else if (s[i + 1] == '~')
            tok = T_OP, p->op = OP_NMATCH, n = 2;
        else
            tok = T_NOT;
    } else if (c == '<') {
        tok = T_OP, p->op = s[i + 1] == '=' ? OP_LE : OP_LT, n = s[i + 1] == '=' ? 2 : 1;
    } else if (c == '>') {
        tok = T_OP, p->op = s[i + 1] == '=' ? OP_GE : OP_GT, n = s[i + 1] == '=' ? 2 : 1;
    } else if (c == '~') {
        tok = T_OP, p->op = OP_MATCH;
    } else if (c == '"' || c == '\'') {
        size_t k = i + 1;
        while (s[k] && s[k] != c) {
            if (s[k] == '\\' && s[k + 1])
                k++;
            k++;
        }
        if (!s[k]) {
            p->tok = T_BAD;
            p->tlen = k - i;
            error_at(p, i, "unterminated string");
            p->pos = k;
            return;
        }
        tok = T_STR, n = k + 1 - i;
    } else if (ascii_is_digit(c) || (c == '-' && ascii_is_digit(s[i + 1]))) {
        size_t k = i + 1;
        while (ascii_is_digit(s[k]))
            k++;
        if (ascii_is_letter(s[k]) || s[k] == '_' || s[k] == '.') {
            /* "2015.06" without quotes: tell the user what to write */
            while (ascii_is_alnum(s[k]) || s[k] == '_' || s[k] == '.')
                k++;
            p->tok = T_BAD;
            p->tlen = k - i;
            error_at(p, i, "'%.*s' is not a number: write text and dates in quotes", (int)(k - i),
                     s + i);
            p->pos = k;
            return;
        }
        tok = T_NUM, n = k - i;
    } else if (ascii_is_letter(c) || c == '_') {
        size_t k = i + 1;
        while (ascii_is_alnum(s[k]) || s[k] == '_')
            k++;
        n = k - i;
        tok = word_is(s + i, n, "and") ? T_AND : word_is(s + i, n, "or") ? T_OR
            : word_is(s + i, n, "not") ? T_NOT : word_is(s + i, n, "true") ? T_TRUE
            : word_is(s + i, n, "false") ? T_FALSE : T_NAME;
    }
    p->tok = tok;
    p->tlen = n;
    p->pos = i + n;
    if (tok == T_BAD) {
        /* quote a whole UTF-8 character, not its first byte */
        size_t k = (unsigned char)c < 0xC0 ? 1 : (unsigned char)c < 0xE0 ? 2
                 : (unsigned char)c < 0xF0 ? 3 : 4;
        if (strnlen(s + i, k) < k || !utf8_valid(s + i, k))
            k = 1;
        error_at(p, i, "unexpected character '%.*s'", (int)k, s + i);
    }
}

/* ---- Parser ------------------------------------------------------------------ */

static struct node *new_node(struct parser *p, int kind)
{
    struct node *n = calloc(1, sizeof *n);
    if (!n)
        out_of_memory(p);
    else
        n->kind = kind;
    return n;
}

static int add_kid(struct parser *p, struct node *n, struct node *kid)
{
    struct node **k = realloc(n->kids, (n->nkids + 1) * sizeof *k);
    if (!k) {
        out_of_memory(p);
        node_free(kid);
        return p->failed;
    }
    n->kids = k;
    n->kids[n->nkids++] = kid;
    return 0;
}

static struct node *parse_or(struct parser *p);

/* Decodes the string token into o (escapes \" \' \\ taken literally otherwise). */
static int string_operand(struct parser *p, struct operand *o)
{
    const char *s = p->src + p->tstart + 1;
    size_t n = p->tlen - 2;
    char *t = malloc(n + 1);
    if (!t) {
        out_of_memory(p);
        return p->failed;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\'' || s[i + 1] == '\\'))
            i++;
        t[k++] = s[i];
    }
    t[k] = '\0';
    o->kind = O_STR;
    o->text = t;
    o->len = k;
    return 0;
}

/* Edits (insert, delete, replace, swap two neighbours) from a to b, capped at 9. */
static int name_distance(const char *a, size_t la, const char *b, size_t lb)
{
    enum { MAX = 32 };
    if (la >= MAX || lb >= MAX)
        return 9;
    int d[MAX][MAX];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
                && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    }
    return d[la][lb] < 9 ? d[la][lb] : 9;
}

/* The field a mistyped name most likely meant: one with it as a word of its
 * name (elo: white_elo), else the nearest within two edits; NULL if none. */
static const char *field_suggestion(const char *s, size_t n)
{
    for (int id = 0; id < F_FIELD_COUNT; id++) {
        const char *f = facts_field_name(id);
        for (const char *w = f; (w = strstr(w, "_")) != NULL; w++)
            if (!strncmp(w + 1, s, n) && (w[1 + n] == '_' || !w[1 + n]))
                return f;
        if (!strncmp(f, s, n) && f[n] == '_')
            return f;
    }
    const char *best = NULL;
    int best_d = 3;
    for (int id = 0; id < F_FIELD_COUNT; id++) {
        const char *f = facts_field_name(id);
        int d = name_distance(s, n, f, strlen(f));
        if (d < best_d)
            best = f, best_d = d;
    }
    return best;
}

/* Reads an operand at the current token; returns 0, or the status recorded in
 * p->failed (by error_at() or out_of_memory()). */
static int parse_operand(struct parser *p, struct operand *o, size_t *col)
{
    memset(o, 0, sizeof *o);
    *col = p->tstart;
    switch (p->tok) {
    case T_NAME: {
        const char *s = p->src + p->tstart;
        int id = facts_field_find(s, p->tlen);
        if (id != FACTS_NO_FIELD) {
            const char *tag = facts_field_tag(id);
            o->kind = O_FIELD;
            o->field = id;
            o->number_reader = tagvalue_number_reader(tag ? tag : "");
        } else if (*s >= 'a' && *s <= 'z') {
            /* Tag names start with a capital letter (PGN's own and nearly all
             * others): a lowercase name is a field, and an unknown one a typo
             * that would otherwise select nothing without a word. */
            const char *hint = field_suggestion(s, p->tlen);
            error_at(p, p->tstart,
                     "unknown field '%.*s'%s%s%s; tag names start with a capital letter",
                     (int)p->tlen, s, hint ? " (did you mean " : "", hint ? hint : "",
                     hint ? "?)" : "");
            return p->failed;
        } else {
            o->kind = O_TAG;
            o->text = malloc(p->tlen + 1);
            if (!o->text) {
                out_of_memory(p);
                return p->failed;
            }
            memcpy(o->text, s, p->tlen);
            o->text[p->tlen] = '\0';
            o->len = p->tlen;
            o->number_reader = tagvalue_number_reader(o->text);
        }
        break;
    }
    case T_STR:
        if (string_operand(p, o))
            return p->failed;
        break;
    case T_NUM: {
        int64_t v = 0;
        const char *s = p->src + p->tstart;
        int neg = *s == '-';
        for (size_t i = neg; i < p->tlen; i++) {
            if (v > (INT64_MAX - 9) / 10) {
                error_at(p, p->tstart, "number too large");
                return p->failed;
            }
            v = v * 10 + (s[i] - '0');
        }
        o->kind = O_NUM;
        o->num = neg ? -v : v;
        break;
    }
    case T_TRUE:
    case T_FALSE:
        o->kind = O_BOOL;
        o->num = p->tok == T_TRUE;
        break;
    case T_END:
        error_at(p, p->tstart, "expected a condition at the end of the expression");
        return p->failed;
    default:
        error_at(p, p->tstart, "expected a field, a tag name or a value, not '%.*s'",
                 (int)p->tlen, p->src + p->tstart);
        return p->failed;
    }
    next(p);
    return p->failed;
}

static int operand_type(const struct operand *o)
{
    switch (o->kind) {
    case O_FIELD:
        return facts_field_type(o->field);
    case O_NUM:
        return FT_NUM;
    case O_BOOL:
        return FT_BOOL;
    default:
        return FT_STR;
    }
}

static int flip(int op)
{
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_LE: return OP_GE;
    case OP_GT: return OP_LT;
    case OP_GE: return OP_LE;
    default: return op;
    }
}

static int operand_level(const struct operand *o)
{
    return o->kind == O_FIELD ? facts_field_level(o->field) : FACTS_TAGS;
}

/* Type checks of a op b, with literals turned into what they are compared with. */
static int check_compare(struct parser *p, struct node *n, size_t col_a, size_t col_b)
{
    struct operand *a = &n->a, *b = &n->b;
    if (is_literal(a) && is_literal(b)) {
        error_at(p, col_a, "compares two values: one side must be a field or a tag");
        return p->failed;
    }
    if (is_literal(a) && n->op != OP_MATCH && n->op != OP_NMATCH) {
        struct operand t = *a;
        *a = *b;
        *b = t;
        size_t c = col_a;
        col_a = col_b;
        col_b = c;
        n->op = flip(n->op);
    }
    int ta = operand_type(a), tb = operand_type(b);
    if (n->op == OP_MATCH || n->op == OP_NMATCH) {
        if (b->kind != O_STR) {
            error_at(p, col_b, "'%s' takes a regular expression in quotes on its right",
                     where_op_text[n->op]);
            return p->failed;
        }
        if (is_literal(a)) {
            error_at(p, col_a, "the left side of '%s' must be a field or a tag", where_op_text[n->op]);
            return p->failed;
        }
        if (ta == FT_BOOL) {
            error_at(p, col_a, "'%s' is a yes/no field: use it alone or with = true/false",
                     facts_field_name(a->field));
            return p->failed;
        }
        struct filter_error fe;
        int rc = filter_new(&n->re, b->text, b->len, p->filter_flags, p->limit, &fe);
        if (rc == PGN_ENOMEM) {
            out_of_memory(p);
            return p->failed;
        }
        if (rc) {
            /* col_b is the opening quote; point into the pattern (exact when it has no escapes) */
            error_at(p, col_b + 1 + fe.offset, "bad regular expression: %s", fe.msg);
            return p->failed;
        }
        return 0;
    }
    if (ta == FT_BOOL || tb == FT_BOOL) {
        if (ta != tb || (n->op != OP_EQ && n->op != OP_NE)) {
            size_t col = ta == FT_BOOL ? col_a : col_b;
            const struct operand *o = ta == FT_BOOL ? a : b;
            if (o->kind == O_BOOL)
                error_at(p, col, "true and false compare only with yes/no fields, with = or !=");
            else
                error_at(p, col, "'%s' is a yes/no field: use it alone or with = true/false",
                         facts_field_name(o->field));
            return p->failed;
        }
        return 0;
    }
    /* A literal takes the type of the field it meets. */
    if (is_literal(b) && ta == FT_DATE) {
        if (b->kind == O_NUM) {
            if (b->num < 0 || b->num > 9999) { /* before the product, which would overflow */
                error_at(p, col_b, "%lld is not a year", (long long)b->num);
                return p->failed;
            }
            b->is_date = 1;
            b->date.lo = (int32_t)b->num * 10000 + 101;
            b->date.hi = (int32_t)b->num * 10000 + 1231;
        } else if (tagvalue_date(b->text, b->len, &b->date)) {
            error_at(p, col_b, "'%s' is not a date (YYYY, YYYY.MM or YYYY.MM.DD)", b->text);
            return p->failed;
        } else {
            b->is_date = 1;
        }
    } else if (b->kind == O_STR && ta == FT_NUM) {
        if (tagvalue_number(b->text, b->len, &b->num)) {
            error_at(p, col_b, "'%s' is not a number: '%s' is a number field", b->text,
                     facts_field_name(a->field));
            return p->failed;
        }
        b->num_ok = 1;
    }
    return 0;
}

static struct node *parse_primary(struct parser *p)
{
    if (p->tok == T_LPAREN) {
        size_t open = p->tstart;
        next(p);
        struct node *n = parse_or(p);
        if (!n)
            return NULL;
        if (p->tok != T_RPAREN) {
            if (p->tok == T_END)
                error_at(p, open, "'(' is never closed");
            else
                error_at(p, p->tstart, "expected ')' or an operator, not '%.*s'", (int)p->tlen,
                         p->src + p->tstart);
            node_free(n);
            return NULL;
        }
        next(p);
        return n;
    }
    struct node *n = new_node(p, N_TRUTH);
    if (!n)
        return NULL;
    size_t col_a, col_b = 0;
    if (parse_operand(p, &n->a, &col_a)) {
        node_free(n);
        return NULL;
    }
    if (p->tok == T_OP) {
        n->kind = N_CMP;
        n->op = p->op;
        size_t op_col = p->tstart;
        next(p);
        if (!p->failed && p->tok == T_END)
            error_at(p, op_col, "'%s' needs a value on its right", where_op_text[n->op]);
        if (p->failed || parse_operand(p, &n->b, &col_b) || check_compare(p, n, col_a, col_b)) {
            node_free(n);
            return NULL;
        }
        int la = operand_level(&n->a), lb = operand_level(&n->b);
        n->level = la > lb ? la : lb;
    } else {
        if (is_literal(&n->a)) {
            error_at(p, col_a, "a value alone is no condition: compare it with a field");
            node_free(n);
            return NULL;
        }
        n->level = operand_level(&n->a);
    }
    n->min_level = n->level;
    return n;
}

static struct node *parse_unary(struct parser *p)
{
    if (p->tok == T_NOT) {
        next(p);
        struct node *kid = parse_unary(p);
        if (!kid)
            return NULL;
        struct node *n = new_node(p, N_NOT);
        if (!n || add_kid(p, n, kid)) {
            if (n)
                node_free(n);
            else
                node_free(kid);
            return NULL;
        }
        n->level = kid->level;
        n->min_level = kid->min_level;
        return n;
    }
    return parse_primary(p);
}

/* Sorts the operands by cost (stable): cheap facts first. */
static void order_kids(struct node *n)
{
    for (size_t i = 1; i < n->nkids; i++) {
        struct node *x = n->kids[i];
        size_t j = i;
        while (j > 0 && n->kids[j - 1]->level > x->level) {
            n->kids[j] = n->kids[j - 1];
            j--;
        }
        n->kids[j] = x;
    }
    n->level = n->min_level = n->kids[0]->level;
    for (size_t i = 0; i < n->nkids; i++)
        if (n->kids[i]->level > n->level)
            n->level = n->kids[i]->level;
    n->min_level = n->kids[0]->min_level;
}

static struct node *parse_list(struct parser *p, int kind)
{
    int tok = kind == N_OR ? T_OR : T_AND;
    struct node *first = kind == N_OR ? parse_list(p, N_AND) : parse_unary(p);
    if (!first || p->tok != tok)
        return first;
    struct node *n = new_node(p, kind);
    if (!n || add_kid(p, n, first)) {
        if (n)
            node_free(n);
        else
            node_free(first);
        return NULL;
    }
    while (p->tok == tok) {
        next(p);
        struct node *kid = kind == N_OR ? parse_list(p, N_AND) : parse_unary(p);
        if (!kid || add_kid(p, n, kid)) {
            node_free(n);
            return NULL;
        }
    }
    order_kids(n);
    return n;
}

static struct node *parse_or(struct parser *p) { return parse_list(p, N_OR); }

int where_parse(struct where **out, const char *expr, unsigned filter_flags, unsigned long limit,
                struct where_error *err)
{
    struct parser p;
    memset(&p, 0, sizeof p);
    p.src = expr;
    p.filter_flags = filter_flags;
    p.limit = limit;
    p.err = err;
    *out = NULL;
    next(&p);
    if (p.tok == T_END && !p.failed)
        error_at(&p, p.tstart, "empty expression");
    struct node *root = p.failed ? NULL : parse_or(&p);
    if (root && p.tok != T_END) {
        if (p.tok == T_RPAREN)
            error_at(&p, p.tstart, "')' without a matching '('");
        else if (p.tok == T_NAME || p.tok == T_STR || p.tok == T_NUM || p.tok == T_LPAREN ||
                 p.tok == T_NOT || p.tok == T_TRUE || p.tok == T_FALSE)
            error_at(&p, p.tstart, "expected 'and', 'or' or an operator before '%.*s'",
                     (int)p.tlen, p.src + p.tstart);
        else
            error_at(&p, p.tstart, "unexpected '%.*s'", (int)p.tlen, p.src + p.tstart);
    }
    if (p.failed) {
        node_free(root);
        return p.failed;
    }
    struct where *w = malloc(sizeof *w);
    char *text = strdup(expr);
    if (!w || !text) {
        free(w);
        free(text);
        node_free(root);
        return PGN_ENOMEM;
    }
    w->root = root;
    w->text = text;
    w->filter_flags = filter_flags;
    w->limit = limit;
    *out = w;
    return PGN_OK;
}

int where_clone(struct where **out, const struct where *w)
{
    struct where_error err;
    int rc = where_parse(out, w->text, w->filter_flags, w->limit, &err);
    return rc == PGN_ESYNTAX ? PGN_EINVAL : rc; /* it parsed once: only memory can fail */
}

static int operand_reads(const struct operand *o, int field, const char *tag)
{
    return (o->kind == O_FIELD && o->field == field) ||
           (o->kind == O_TAG && tag && !strcmp(o->text, tag));
}

static int node_reads(const struct node *n, int field, const char *tag)
{
    if ((n->kind == N_CMP || n->kind == N_TRUTH) &&
        (operand_reads(&n->a, field, tag) || (n->kind == N_CMP && operand_reads(&n->b, field, tag))))
        return 1;
    for (size_t i = 0; i < n->nkids; i++)
        if (node_reads(n->kids[i], field, tag))
            return 1;
    return 0;
}

int where_reads(const struct where *w, int field, const char *tag)
{
    return node_reads(w->root, field, tag);
}

int where_level(const struct where *w) { return w->root->level; }

int where_min_level(const struct where *w) { return w->root->min_level; }
