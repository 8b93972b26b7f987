/* record_reader.c - records of games as data, one after another, each turned into PGN text. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/record_reader.h"
#include "pgn/json_stream.h"
#include "pgn/lichess_fields.h"
#include "pgn/record_pgn.h"
#include "base/banned.h"

#define GAME_MAX ((size_t)64 << 20) /* the PGN text of one game, at most */

static const struct {
    const char *name;
    record_pgn_fn *to_pgn;
} sources[] = {
    [RECORD_AUTO] = { "auto", NULL },
    [RECORD_LICHESS] = { "lichess", lichess_record_pgn },
    [RECORD_CHESSCOM] = { "chesscom", chesscom_record_pgn },
    [RECORD_ROWS] = { "rows", rows_record_pgn },
};
enum { NSOURCES = sizeof sources / sizeof sources[0] };

struct record_reader {
    struct json_stream *values;
    int source;
    json_t *value;     /* the value read, owned by values */
    uint64_t line;     /* ...and its line */
    int pending;       /* 1: value was read by detect and not handed out yet */
    json_t *games;     /* a chess.com {"games": [...]} being walked (a reference) */
    size_t next_game;
    uint64_t index;    /* records so far */
    struct record_pgn rp;
    struct lichess_fields fields; /* a lichess record read without a tree */
    int status;
    char message[512];
};

int record_source_named(const char *name)
{
    for (int s = RECORD_LICHESS; s < NSOURCES; s++)
        if (!strcmp(name, sources[s].name))
            return s;
    return RECORD_UNKNOWN;
}

const char *record_source_name(int s)
{
    return s >= 0 && s < NSOURCES ? sources[s].name : "?";
}

int record_reader_open(struct record_reader **out, const char *path, int source)
{
    *out = NULL;
    if (source < 0 || source >= NSOURCES)
        return PGN_EINVAL;
    struct record_reader *r = calloc(1, sizeof *r);
    if (!r)
        return PGN_ENOMEM;
    int rc = json_stream_open(&r->values, path);
    if (rc != PGN_OK) {
        free(r);
        return rc;
    }
    r->source = source;
    json_stream_resync_lines(r->values);
    buf_init(&r->rp.text, GAME_MAX);
    lichess_fields_init(&r->fields);
    *out = r;
    return PGN_OK;
}

void record_reader_free(struct record_reader *r)
{
    if (!r)
        return;
    json_decref(r->games);
    json_stream_free(r->values);
    buf_release(&r->rp.text);
    lichess_fields_release(&r->fields);
    free(r);
}

const char *record_reader_message(const struct record_reader *r, int *status)
{
    if (status)
        *status = r->status;
    return r->message;
}

static int has(json_t *obj, const char *key, int (*is)(const json_t *))
{
    return is(json_object_get(obj, key));
}
static int is_string(const json_t *v) { return json_is_string(v); }
static int is_object(const json_t *v) { return json_is_object(v); }
static int is_array(const json_t *v) { return json_is_array(v); }

/* The source a record's fields make certain, or RECORD_AUTO. */
static int source_of(json_t *v)
{
    if (!json_is_object(v))
        return RECORD_AUTO;
    if (has(v, "games", is_array))
        return RECORD_CHESSCOM;
    if (has(v, "movetext", is_string))
        return RECORD_ROWS;
    if (has(v, "id", is_string) && has(v, "players", is_object))
        return RECORD_LICHESS;
    if (has(v, "pgn", is_string) &&
        (has(v, "white", is_object) || has(v, "url", is_string) || has(v, "time_class", is_string)))
        return RECORD_CHESSCOM;
    return RECORD_AUTO;
}

int record_reader_detect(struct record_reader *r)
{
    if (r->source != RECORD_AUTO || r->pending)
        return r->source;
    if (json_stream_next(r->values, &r->value, &r->line) != 1)
        return 0; /* not JSON (PGN, most likely), or empty: not records */
    /* The first value decides: bad JSON later is a bad record, not PGN. */
    r->pending = 1;
    r->source = source_of(r->value);
    return r->source;
}

static int fail(struct record_reader *r)
{
    const char *why = json_stream_message(r->values, &r->status);
    snprintf(r->message, sizeof r->message, "%s", why);
    return RECORD_FAIL;
}

/* The next record's JSON value: 1, 0 at the end, RECORD_BAD (bad JSON, passed over), or RECORD_FAIL. */
static int next_value(struct record_reader *r, json_t **v)
{
    for (;;) {
        if (r->games) {
            if (r->next_game < json_array_size(r->games)) {
                *v = json_array_get(r->games, r->next_game++);
                return 1;
            }
            json_decref(r->games);
            r->games = NULL;
        }
        if (r->pending) {
            r->pending = 0;
        } else {
            int rc = json_stream_next(r->values, &r->value, &r->line);
            if (rc == JSON_STREAM_BAD)
                return RECORD_BAD;
            if (rc <= 0)
                return rc < 0 ? fail(r) : 0;
        }
        json_t *games = json_object_get(r->value, "games");
        /* chess.com's monthly archive: its games are the records. */
        if (r->source == RECORD_CHESSCOM && json_is_array(games) &&
            !json_object_get(r->value, "pgn")) {
            r->games = json_incref(games);
            r->next_game = 0;
            continue;
        }
        *v = r->value;
        return 1;
    }
}

/*
 * A lichess record read from its text without a tree (lichess_fields.h),
 * where the fast reader can: 1 with its PGN built into r->rp (or its
 * problem in r->rp.why: rc), 0 when it is jansson's to read.
 */
static int lichess_without_tree(struct record_reader *r, int *rc)
{
    const char *text;
    size_t n, used;
    if (r->source != RECORD_LICHESS || r->pending ||
        !json_stream_peek_line(r->values, &text, &n) ||
        !lichess_fields_scan(&r->fields, text, n, &used))
        return 0;
    json_stream_skip(r->values, used, &r->line);
    *rc = lichess_fields_pgn(&r->fields, &r->rp);
    return 1;
}

int record_reader_next(struct record_reader *r, struct record *rec)
{
    json_t *v;
    r->status = PGN_OK;
    r->message[0] = 0;
    if (r->source == RECORD_AUTO && !record_reader_detect(r))
        return RECORD_END; /* the caller should have asked record_reader_detect() */
    buf_reset(&r->rp.text);
    r->rp.why[0] = 0;
    int converted;
    if (!lichess_without_tree(r, &converted)) {
        int rc = next_value(r, &v);
        if (rc == RECORD_BAD) {
            /* Its message has its line and column; the record's number goes with it. */
            r->index++;
            rec->line = r->line;
            rec->index = r->index;
            const char *why = json_stream_message(r->values, &r->status);
            const char *after = strstr(why, ": bad JSON");
            snprintf(r->message, sizeof r->message, "%.*s: record %" PRIu64 "%s",
                     after ? (int)(after - why) : 0, why, r->index, after ? after : why);
            return RECORD_BAD;
        }
        if (rc <= 0)
            return rc;
        converted = sources[r->source].to_pgn(v, &r->rp);
    }
    r->index++;
    rec->line = r->line;
    rec->index = r->index;
    if (converted == 0 && r->rp.text.len) {
        rec->pgn = r->rp.text.data;
        rec->len = r->rp.text.len;
        return RECORD_GAME;
    }
    r->status = PGN_ESYNTAX;
    snprintf(r->message, sizeof r->message, "%s:%" PRIu64 ": record %" PRIu64 ": %s",
             json_stream_name(r->values), r->line, r->index,
             r->rp.why[0] ? r->rp.why : "no game in it");
    return RECORD_BAD;
}
