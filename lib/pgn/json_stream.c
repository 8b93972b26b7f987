/* json_stream.c - JSON values read one at a time from a file, with libjansson. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/json_stream.h"
#include "pgn/io.h"
#include "pgn/json_fast.h"
#include "base/banned.h"

enum { READ_MIN = 256 * 1024 }; /* bytes read at a time, at least */

struct json_stream {
    const char *name;
    struct pgn_input *in;
    char *data;    /* data[pos..len) not parsed yet */
    size_t len, pos, cap;
    int eof;
    uint64_t line; /* line of data[pos] */
    json_t *value; /* the value last returned */
    int in_array;  /* inside a top-level array */
    int resync;    /* bad JSON ends the line it starts on, not the input */
    int status;    /* of the problem: enum pgn_status, PGN_OK if none */
    char message[512];
};

int json_stream_open(struct json_stream **out, const char *path)
{
    struct json_stream *s = calloc(1, sizeof *s);
    *out = NULL;
    if (!s)
        return PGN_ENOMEM;
    int rc = pgn_input_open(&s->in, path, 0);
    if (rc != PGN_OK) {
        free(s);
        return rc; /* errno is pgn_input_open's */
    }
    s->name = path && strcmp(path, "-") ? path : "<stdin>";
    s->line = 1;
    *out = s;
    return PGN_OK;
}

const char *json_stream_message(const struct json_stream *s, int *status)
{
    if (status)
        *status = s->status;
    return s->message;
}

void json_stream_resync_lines(struct json_stream *s) { s->resync = 1; }

const char *json_stream_name(const struct json_stream *s) { return s->name; }

void json_stream_free(struct json_stream *s)
{
    if (!s)
        return;
    json_decref(s->value);
    pgn_input_free(s->in);
    free(s->data);
    free(s);
}

/* Records the problem; returns JSON_STREAM_FAIL. */
static int problem(struct json_stream *s, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->message, sizeof s->message, fmt, ap);
    va_end(ap);
    s->status = status;
    return JSON_STREAM_FAIL;
}

/* Reads at least as much again as is buffered; 0, or JSON_STREAM_FAIL with the problem recorded. */
static int fill(struct json_stream *s)
{
    if (s->pos > 0) {
        memmove(s->data, s->data + s->pos, s->len - s->pos);
        s->len -= s->pos;
        s->pos = 0;
    }
    size_t want = s->len > READ_MIN ? s->len : READ_MIN;
    if (s->cap - s->len < want) {
        char *data = realloc(s->data, s->len + want);
        if (!data)
            return problem(s, PGN_ENOMEM, "out of memory reading '%s'", s->name);
        s->data = data;
        s->cap = s->len + want;
    }
    size_t got = 0;
    while (got < want && !s->eof) {
        ptrdiff_t n = pgn_input_read(s->in, s->data + s->len + got, want - got);
        if (n < 0)
            return problem(s, (int)n, "cannot read '%s': %s", s->name, pgn_input_error(s->in));
        if (n == 0)
            s->eof = 1;
        got += (size_t)n;
    }
    s->len += got;
    return 0;
}

static void advance(struct json_stream *s, size_t n)
{
    const char *p = s->data + s->pos, *end = p + n;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        s->line++;
        p++;
    }
    s->pos += n;
}

/*
 * Passes over the rest of the line data[pos] is on (reading more as
 * needed): the bad value of an ndjson line. Returns JSON_STREAM_BAD, or
 * JSON_STREAM_FAIL when the input cannot be read.
 */
static int skip_line(struct json_stream *s, uint64_t *line)
{
    *line = s->line;
    for (;;) {
        const char *nl = memchr(s->data + s->pos, '\n', s->len - s->pos);
        if (nl) {
            advance(s, (size_t)(nl - (s->data + s->pos)) + 1);
            return JSON_STREAM_BAD;
        }
        s->pos = s->len;
        if (s->eof)
            return JSON_STREAM_BAD;
        int status = s->status;
        char message[sizeof s->message];
        memcpy(message, s->message, sizeof message);
        if (fill(s))
            return JSON_STREAM_FAIL;
        s->status = status;
        memcpy(s->message, message, sizeof message);
    }
}

/*
 * Passes over white space and the brackets and commas of a top-level
 * array, reading more as needed: 1 at the start of a value, 0 at the
 * end, or JSON_STREAM_FAIL.
 */
static int to_value(struct json_stream *s)
{
    for (;;) {
        while (s->pos < s->len && strchr(" \t\r\n", s->data[s->pos]))
            advance(s, 1);
        if (s->pos == s->len) {
            if (s->eof)
                return 0;
            if (fill(s))
                return JSON_STREAM_FAIL;
            continue;
        }
        char c = s->data[s->pos];
        if ((c == '[' && !s->in_array) || (s->in_array && (c == ',' || c == ']'))) {
            s->in_array = c != ']';
            advance(s, 1);
            continue;
        }
        return 1;
    }
}

/* The object at data[pos] to the end of its line, when it is there whole: 1 with *text, *len. */
static int object_line(struct json_stream *s, const char **text, size_t *len)
{
    const char *at = s->data + s->pos;
    size_t avail = s->len - s->pos;
    const char *nl = *at == '{' ? memchr(at, '\n', avail) : NULL;
    if (*at != '{' || !(nl || s->eof))
        return 0;
    *text = at;
    *len = nl ? (size_t)(nl - at) : avail;
    return 1;
}

int json_stream_peek_line(struct json_stream *s, const char **text, size_t *len)
{
    json_decref(s->value);
    s->value = NULL;
    return to_value(s) == 1 && object_line(s, text, len);
}

void json_stream_skip(struct json_stream *s, size_t used, uint64_t *line)
{
    *line = s->line;
    advance(s, used);
}

int json_stream_next(struct json_stream *s, json_t **value, uint64_t *line)
{
    json_decref(s->value);
    s->value = NULL;
    for (;;) {
        int rc = to_value(s);
        if (rc <= 0)
            return rc;
        /* A record of ndjson, one line, is read by the fast parser where it can. */
        const char *at;
        size_t avail = s->len - s->pos, n, used;
        json_t *fast = object_line(s, &at, &n) ? json_fast_object(at, n, &used) : NULL;
        if (fast) {
            s->value = fast;
            *value = fast;
            json_stream_skip(s, used, line);
            return 1;
        }
        json_error_t e;
        json_t *v = json_loadb(s->data + s->pos, avail, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY,
                               &e);
        if (!v) {
            /* An error near the end of what is buffered may be a value cut in two. */
            if (!s->eof && (size_t)e.position + 8 >= avail) {
                if (fill(s))
                    return JSON_STREAM_FAIL;
                continue;
            }
            problem(s, PGN_ESYNTAX, "%s:%" PRIu64 ":%d: bad JSON: %s", s->name,
                    s->line + (uint64_t)e.line - 1, e.column, e.text);
            if (!s->resync)
                return JSON_STREAM_FAIL;
            return skip_line(s, line);
        }
        s->value = v;
        *value = v;
        json_stream_skip(s, (size_t)e.position, line);
        return 1;
    }
}
