/* json_fast.c - one line's JSON object read with libyajl into a jansson value, where both libraries surely agree. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>
#include <yajl/yajl_parse.h>
#include "pgn/json_fast.h"
#include "base/banned.h"

enum { FAST_DEPTH = 64, FAST_KEY_MAX = 255 };

/* The containers open, and the key each object waits to give a value. */
struct build {
    json_t *root;
    int depth;
    json_t *open[FAST_DEPTH];
    size_t key_len[FAST_DEPTH];
    char key[FAST_DEPTH][FAST_KEY_MAX + 1];
};

/* Puts v (a new reference) where it belongs; 0 (yajl stops) on failure. */
static int add(struct build *b, json_t *v)
{
    if (!v)
        return 0;
    if (!b->depth) {
        b->root = v; /* the object itself; yajl stops after it */
        return 1;
    }
    json_t *top = b->open[b->depth - 1];
    int d = b->depth - 1;
    /* The last of two equal keys wins, as in jansson's own parser. */
    return json_is_object(top) ? json_object_setn_new_nocheck(top, b->key[d], b->key_len[d], v) == 0
                               : json_array_append_new(top, v) == 0;
}

/* Opens container c (a new reference, which its parent, or root, takes). */
static int open_container(struct build *b, json_t *c)
{
    if (!c || b->depth == FAST_DEPTH) {
        json_decref(c);
        return 0;
    }
    if (!add(b, c))
        return 0; /* the *_new setters free c when they fail */
    b->open[b->depth++] = c; /* borrowed: its parent holds it */
    return 1;
}

static int on_null(void *ctx) { return add(ctx, json_null()); }
static int on_boolean(void *ctx, int v) { return add(ctx, json_boolean(v)); }
static int on_integer(void *ctx, long long v) { return add(ctx, json_integer(v)); }
static int on_double(void *ctx, double v) { return add(ctx, json_real(v)); }

static int on_string(void *ctx, const unsigned char *s, size_t n)
{
    return add(ctx, json_stringn_nocheck((const char *)s, n)); /* ASCII: checked before */
}

static int on_start_map(void *ctx) { return open_container(ctx, json_object()); }
static int on_start_array(void *ctx) { return open_container(ctx, json_array()); }

static int on_key(void *ctx, const unsigned char *k, size_t n)
{
    struct build *b = ctx;
    if (n > FAST_KEY_MAX)
        return 0;
    memcpy(b->key[b->depth - 1], k, n);
    b->key_len[b->depth - 1] = n;
    return 1;
}

static int on_end(void *ctx)
{
    struct build *b = ctx;
    b->depth--;
    return 1;
}

static const yajl_callbacks callbacks = {
    on_null, on_boolean, on_integer, on_double, NULL, on_string,
    on_start_map, on_key, on_end, on_start_array, on_end,
};

/* 1 when byte c may stand in a text left to the fast reader. */
static int plain_byte(const char *p, size_t i, size_t n)
{
    unsigned char c = (unsigned char)p[i];
    return c < 0x80 && (c >= 0x20 || c == '\t' || c == '\r' || c == '\n') &&
           !(c == '\\' && i + 1 < n && p[i + 1] == 'u');
}

/* 1 when p[0..n) is printable ASCII, tabs and line ends, without a \u escape. */
static int plain_text(const char *p, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    size_t i = 0;
    /* Eight bytes at a time: none of them has its high bit set or lies below
     * 0x20, nor is a backslash (those are looked at one by one). */
    for (; i + 8 <= n; i += 8) {
        uint64_t w, back;
        memcpy(&w, p + i, 8);
        back = w ^ (ones * '\\');
        if (!((w | ((w - ones * 0x20) & ~w) | ((back - ones) & ~back)) & highs))
            continue;
        for (size_t k = i; k < i + 8; k++)
            if (!plain_byte(p, k, n))
                return 0;
    }
    for (; i < n; i++)
        if (!plain_byte(p, i, n))
            return 0;
    return 1;
}

int json_fast_scan(const char *p, size_t n, const yajl_callbacks *cb, void *ctx, size_t *used)
{
    if (!n || p[0] != '{' || !plain_text(p, n))
        return 0;
    yajl_handle h = yajl_alloc(cb, NULL, ctx);
    int whole = 0;
    if (h && yajl_config(h, yajl_allow_trailing_garbage, 1) &&
        yajl_parse(h, (const unsigned char *)p, n) == yajl_status_ok) {
        *used = yajl_get_bytes_consumed(h);
        /* Whole: the object closed (complete_parse also fails on a value cut short). */
        whole = yajl_complete_parse(h) == yajl_status_ok;
    }
    if (h)
        yajl_free(h);
    return whole;
}

json_t *json_fast_object(const char *p, size_t n, size_t *used)
{
    struct build build, *b = &build;
    b->root = NULL;
    b->depth = 0;
    json_t *v = NULL;
    if (json_fast_scan(p, n, &callbacks, b, used) && !b->depth && b->root) {
        v = b->root;
        b->root = NULL;
    }
    json_decref(b->root); /* what was built of an object given up */
    return v;
}
