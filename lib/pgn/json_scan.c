/* json_scan.c - one JSON object read as events, on the plain texts where jansson surely reads it the same. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/json_scan.h"
#include "base/banned.h"

/*
 * Strict JSON only: whatever jansson might read otherwise (or refuse with
 * its own words) makes the scan give up, and jansson reads the text. That
 * is: a \u escape, a control byte in a string, an integer beyond 64 bits, a
 * real out of range, a number longer than NUMBER_MAX, nesting deeper than
 * SCAN_DEPTH_MAX, and of course anything that is not JSON.
 */
enum { SCAN_DEPTH_MAX = 64, NUMBER_MAX = 63, STRING_MAX = 4096 };

struct scanner {
    const char *p, *end;
    const yajl_callbacks *cb;
    void *ctx;
    char text[STRING_MAX]; /* a string with escapes, decoded */
};

static void spaces(struct scanner *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        s->p++;
}

/* The string at p (its opening quote): 1 with its bytes in *out, *n; 0 to give up. */
static int string(struct scanner *s, const char **out, size_t *n)
{
    const char *q = ++s->p;
    while (q < s->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20)
        q++;
    if (q < s->end && *q == '"') { /* no escape: the bytes as they are */
        *out = s->p;
        *n = (size_t)(q - s->p);
        s->p = q + 1;
        return 1;
    }
    size_t len = (size_t)(q - s->p);
    if (len >= STRING_MAX)
        return 0;
    memcpy(s->text, s->p, len);
    for (; q < s->end && *q != '"'; q++) {
        unsigned char c = (unsigned char)*q;
        if (c < 0x20 || len + 1 >= STRING_MAX)
            return 0;
        if (c == '\\') {
            if (++q == s->end)
                return 0;
            const char *esc = strchr("\"\\/bfnrt", *q), *to = "\"\\/\b\f\n\r\t";
            if (!esc || !*q)
                return 0; /* \u and the rest are jansson's */
            c = (unsigned char)to[esc - "\"\\/bfnrt"];
        }
        s->text[len++] = (char)c;
    }
    if (q == s->end)
        return 0;
    *out = s->text;
    *n = len;
    s->p = q + 1;
    return 1;
}

static int digits(const char **q, const char *end)
{
    const char *from = *q;
    while (*q < end && **q >= '0' && **q <= '9')
        (*q)++;
    return *q > from;
}

/* A number: its event, or 0 to give up. */
static int number(struct scanner *s)
{
    const char *q = s->p, *start = q;
    if (q < s->end && *q == '-')
        q++;
    if (q == s->end || *q < '0' || *q > '9')
        return 0;
    if (*q == '0')
        q++;
    else
        digits(&q, s->end);
    int real = 0;
    if (q < s->end && *q == '.') {
        q++;
        if (!digits(&q, s->end))
            return 0;
        real = 1;
    }
    if (q < s->end && (*q == 'e' || *q == 'E')) {
        q++;
        if (q < s->end && (*q == '+' || *q == '-'))
            q++;
        if (!digits(&q, s->end))
            return 0;
        real = 1;
    }
    size_t n = (size_t)(q - start);
    s->p = q;
    if (!real) {
        uint64_t v = 0, limit = *start == '-' ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
        for (const char *d = start + (*start == '-'); d < q; d++) {
            if (v > (limit - (uint64_t)(*d - '0')) / 10)
                return 0; /* beyond 64 bits: jansson says so in its words */
            v = v * 10 + (uint64_t)(*d - '0');
        }
        long long i = *start == '-' ? (long long)(0 - v) : (long long)v;
        return s->cb->yajl_integer(s->ctx, i);
    }
    char text[NUMBER_MAX + 1];
    if (n > NUMBER_MAX)
        return 0;
    memcpy(text, start, n);
    text[n] = 0;
    errno = 0;
    double d = strtod(text, NULL);
    if (errno == ERANGE || !isfinite(d))
        return 0;
    return s->cb->yajl_double(s->ctx, d);
}

static int word(struct scanner *s, const char *w, size_t n)
{
    if ((size_t)(s->end - s->p) < n || memcmp(s->p, w, n))
        return 0;
    s->p += n;
    return 1;
}

/* One value (not a container's end): its events; 0 to give up. */
static int scalar(struct scanner *s)
{
    const char *str;
    size_t n;
    switch (*s->p) {
    case '"':
        return string(s, &str, &n) && s->cb->yajl_string(s->ctx, (const unsigned char *)str, n);
    case 't': return word(s, "true", 4) && s->cb->yajl_boolean(s->ctx, 1);
    case 'f': return word(s, "false", 5) && s->cb->yajl_boolean(s->ctx, 0);
    case 'n': return word(s, "null", 4) && s->cb->yajl_null(s->ctx);
    default: return number(s);
    }
}

int json_scan_object(const char *p, size_t n, const yajl_callbacks *cb, void *ctx, size_t *used)
{
    struct scanner sc = { p, p + n, cb, ctx, { 0 } }, *s = &sc;
    char open[SCAN_DEPTH_MAX]; /* '{' or '[' of each container open */
    int depth = 0;
    if (!n || *p != '{')
        return 0;
    /* Each turn: at a value (or the end of its container, when it may be empty). */
    for (;;) {
        spaces(s);
        if (s->p == s->end)
            return 0;
        char c = *s->p;
        if (c == '{' || c == '[') {
            if (depth == SCAN_DEPTH_MAX)
                return 0;
            if (!(c == '{' ? cb->yajl_start_map(ctx) : cb->yajl_start_array(ctx)))
                return 0;
            open[depth++] = c;
            s->p++;
            spaces(s);
            if (s->p < s->end && *s->p == (c == '{' ? '}' : ']'))
                goto close; /* empty */
        } else if (depth == 0 || !scalar(s)) {
            return 0;
        } else {
            goto next;
        }
        if (open[depth - 1] == '[')
            continue;
    key:
        /* In an object: "key" : then its value. */
        if (s->p == s->end || *s->p != '"') {
            return 0;
        } else {
            const char *k;
            size_t kn;
            if (!string(s, &k, &kn) || !cb->yajl_map_key(ctx, (const unsigned char *)k, kn))
                return 0;
            spaces(s);
            if (s->p == s->end || *s->p != ':')
                return 0;
            s->p++;
            continue;
        }
    next:
        /* After a value: a comma, or the end of its container. */
        spaces(s);
        if (s->p == s->end)
            return 0;
        if (*s->p == ',') {
            s->p++;
            spaces(s);
            if (open[depth - 1] == '{')
                goto key;
            continue;
        }
        if (*s->p != (open[depth - 1] == '{' ? '}' : ']'))
            return 0;
    close:
        if (!(open[depth - 1] == '{' ? cb->yajl_end_map(ctx) : cb->yajl_end_array(ctx)))
            return 0;
        s->p++;
        if (--depth == 0) {
            *used = (size_t)(s->p - p);
            return 1;
        }
        goto next;
    }
}
