/* record_pgn.c - the pieces every converter of games as data writes PGN text with. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "pgn/record_pgn.h"
#include "base/banned.h"

int record_bad(struct record_pgn *rp, const char *field, const char *fmt, ...)
{
    int n = snprintf(rp->why, sizeof rp->why, "field '%s': ", field);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < sizeof rp->why)
        vsnprintf(rp->why + n, sizeof rp->why - (size_t)n, fmt, ap);
    va_end(ap);
    return RECORD_FAILED;
}

int record_not_object(struct record_pgn *rp, json_t *record)
{
    if (json_is_object(record))
        return 0;
    snprintf(rp->why, sizeof rp->why, "not a JSON object");
    return RECORD_FAILED;
}

char *record_space(struct record_pgn *rp, size_t n)
{
    int status;
    char *out = buf_push(&rp->text, n, &status);
    if (!out)
        snprintf(rp->why, sizeof rp->why, "the game is too big (or out of memory)");
    return out;
}

int record_put(struct record_pgn *rp, const char *s, size_t len)
{
    if (!len)
        return 0;
    char *out = record_space(rp, len);
    if (!out)
        return RECORD_FAILED;
    memcpy(out, s, len);
    return 0;
}

int record_put_pgn(struct record_pgn *rp, const char *pgn, size_t len)
{
    size_t start = rp->text.len;
    if (record_put(rp, pgn, len))
        return RECORD_FAILED;
    /*
     * Line breaks become spaces, but for the one that ends a ";" comment:
     * that comment runs to the end of its line, and a space there would
     * make the moves after it part of it.
     */
    int in_brace = 0, in_line = 0;
    for (size_t i = start; i < rp->text.len; i++) {
        char *c = &rp->text.data[i];
        if (*c == '\n' || *c == '\r') {
            int ends_line = in_line && (*c == '\n' || i + 1 == rp->text.len ||
                                        rp->text.data[i + 1] != '\n');
            *c = ends_line ? '\n' : ' ';
            in_line &= !ends_line;
        } else if (in_brace) {
            in_brace = *c != '}';
        } else if (!in_line) {
            in_brace = *c == '{';
            in_line = *c == ';';
        }
    }
    return in_line && record_put(rp, "\n", 1) ? RECORD_FAILED : 0;
}

int record_within(struct record_pgn *rp, const char *within)
{
    static const char head[] = "field '";
    char rest[sizeof rp->why];
    size_t n = strlen(within), len = strlen(rp->why);
    if (strncmp(rp->why, head, sizeof head - 1) || len + n + 1 >= sizeof rp->why)
        return RECORD_FAILED;
    memcpy(rest, rp->why + sizeof head - 1, len - (sizeof head - 1) + 1);
    memcpy(rp->why + sizeof head - 1, within, n);
    rp->why[sizeof head - 1 + n] = '.';
    memcpy(rp->why + sizeof head + n, rest, strlen(rest) + 1);
    return RECORD_FAILED;
}

int record_puts(struct record_pgn *rp, const char *s) { return record_put(rp, s, strlen(s)); }

/*
 * [name "value"], with " and \ escaped and control bytes made spaces, in
 * one room made for the worst case (every byte escaped) and then trimmed:
 * a record writes some twenty tags, and an append per piece cost more
 * than the rest of the tags' text.
 */
int record_tag(struct record_pgn *rp, const char *name, const char *value, size_t len)
{
    size_t start = rp->text.len, nn = strlen(name);
    char *out = record_space(rp, sizeof " [" + nn + sizeof " \"" + 2 * len + sizeof "\"]");
    if (!out)
        return RECORD_FAILED;
    if (start)
        *out++ = ' ';
    *out++ = '[';
    memcpy(out, name, nn);
    out += nn;
    *out++ = ' ';
    *out++ = '"';
    for (size_t i = 0; i < len; i++) {
        char c = value[i];
        if (c == '"' || c == '\\')
            *out++ = '\\';
        *out++ = (unsigned char)c < 0x20 ? ' ' : c;
    }
    *out++ = '"';
    *out++ = ']';
    rp->text.len = (size_t)(out - rp->text.data);
    return 0;
}

int record_tag_str(struct record_pgn *rp, const char *name, const char *value)
{
    return record_tag(rp, name, value, strlen(value));
}

json_t *record_get(json_t *obj, const char *path)
{
    char key[64];
    for (;;) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        if (n >= sizeof key || !json_is_object(obj))
            return NULL;
        memcpy(key, path, n);
        key[n] = 0;
        obj = json_object_get(obj, key);
        if (!dot)
            return obj;
        path = dot + 1;
    }
}

void record_value_of(json_t *v, struct record_value *out)
{
    memset(out, 0, sizeof *out);
    if (!v)
        return;
    switch (json_typeof(v)) {
    case JSON_OBJECT: out->type = RECORD_OBJECT; break;
    case JSON_ARRAY: out->type = RECORD_ARRAY; break;
    case JSON_STRING:
        out->type = RECORD_STRING;
        out->s = json_string_value(v);
        out->len = json_string_length(v);
        break;
    case JSON_INTEGER:
        out->type = RECORD_INTEGER;
        out->i = (int64_t)json_integer_value(v);
        break;
    case JSON_REAL:
        out->type = RECORD_REAL;
        out->d = json_real_value(v);
        break;
    case JSON_TRUE: out->type = RECORD_TRUE; break;
    case JSON_FALSE: out->type = RECORD_FALSE; break;
    case JSON_NULL: out->type = RECORD_NULL; break;
    }
}

int record_value_string(struct record_pgn *rp, const struct record_value *v, const char *field,
                        const char **s, size_t *len)
{
    if (v->type == RECORD_MISSING || v->type == RECORD_NULL)
        return 0;
    if (v->type != RECORD_STRING)
        return record_bad(rp, field, "must be a string");
    *s = v->s;
    *len = v->len;
    return 1;
}

int record_value_int(struct record_pgn *rp, const struct record_value *v, const char *field,
                     int64_t min, int64_t max, int64_t *out)
{
    if (v->type == RECORD_MISSING || v->type == RECORD_NULL)
        return 0;
    if (v->type == RECORD_INTEGER)
        *out = v->i;
    else if (v->type == RECORD_REAL && floor(v->d) == v->d && fabs(v->d) < 9e15)
        *out = (int64_t)v->d;
    else
        return record_bad(rp, field, "must be a whole number");
    if (*out < min || *out > max)
        return record_bad(rp, field, "%lld is out of range", (long long)*out);
    return 1;
}

int record_string(struct record_pgn *rp, json_t *obj, const char *path, const char **s,
                  size_t *len)
{
    struct record_value v;
    record_value_of(record_get(obj, path), &v);
    return record_value_string(rp, &v, path, s, len);
}

int record_int(struct record_pgn *rp, json_t *obj, const char *path, int64_t min, int64_t max,
               int64_t *v)
{
    struct record_value value;
    record_value_of(record_get(obj, path), &value);
    return record_value_int(rp, &value, path, min, max, v);
}

int record_is_result(const char *r, size_t len)
{
    static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (len == strlen(results[i]) && !memcmp(r, results[i], len))
            return 1;
    return 0;
}
