/* stats_json.c - the statistics aggregate as one JSON object, exact so that it merges back. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "base/json_escape.h"
#include "stats/stats_json.h"
#include "base/banned.h"

/* The text being written and the first failure: after one, nothing more is written. */
struct json_out {
    struct buf *b;
    int rc;
};

static void put(struct json_out *o, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void put(struct json_out *o, const char *fmt, ...)
{
    /* Most pieces are a name and a number: try the room there is, then the room needed. */
    for (size_t want = 64; !o->rc;) {
        o->rc = buf_reserve(o->b, want);
        if (o->rc)
            return;
        size_t room = o->b->cap - o->b->len;
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->b->data + o->b->len, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            o->rc = PGN_EINVAL;
            return;
        }
        if ((size_t)n < room) {
            o->b->len += (size_t)n;
            return;
        }
        want = (size_t)n + 1;
    }
}

/* s[0..len) as a JSON string: quotes, and json_escape() inside. */
static void put_string(struct json_out *o, const char *s, size_t len)
{
    if (o->rc || (o->rc = buf_reserve(o->b, JSON_ESCAPE_MAX(len) + 2)))
        return;
    char *p = o->b->data + o->b->len;
    *p++ = '"';
    p += json_escape(p, s, len);
    *p++ = '"';
    o->b->len = (size_t)(p - o->b->data);
}

static void put_table(struct json_out *o, const struct stats_table *t)
{
    if (o->rc)
        return;
    struct stats_entry *v = stats_table_sorted(t, stats_by_key);
    if (!v) {
        o->rc = PGN_ENOMEM;
        return;
    }
    put(o, "{");
    for (size_t i = 0; i < hash_table_count(&t->h) && !o->rc; i++) {
        if (i)
            put(o, ",");
        put_string(o, v[i].key, strlen(v[i].key));
        if (t->kind->nf == 1) {
            put(o, ":%" PRId64, v[i].v[0]);
            continue;
        }
        put(o, ":{");
        for (int k = 0; k < t->kind->nf; k++)
            if (!t->kind->optional_from || k < t->kind->optional_from || v[i].v[k])
                put(o, "%s\"%s\":%" PRId64, k ? "," : "", t->kind->fields[k], v[i].v[k]);
        put(o, "}");
    }
    put(o, "}");
    free(v);
}

/* The summary's own members: ratings, lengths, terminations, years, variants, events. */
static void put_summary(struct json_out *o, const struct stats_agg *a)
{
    put(o, ",\"elo\":{\"sum\":%" PRId64 ",\"count\":%" PRId64 ",\"buckets\":{", a->elo_sum,
        a->elo_n);
    const char *sep = "";
    for (int i = 0; i < ELO_BUCKETS; i++)
        if (a->elo_hist[i]) {
            put(o, "%s\"%d\":%" PRId64, sep, i * 100, a->elo_hist[i]);
            sep = ",";
        }
    put(o, "}},\"plies\":{\"sum\":%" PRId64 ",\"histogram\":{", a->plies_sum);
    sep = "";
    for (size_t i = 0; i < a->plies_cap; i++)
        if (a->plies_hist[i]) {
            put(o, "%s\"%zu\":%" PRId64, sep, i, a->plies_hist[i]);
            sep = ",";
        }
    put(o, "}},\"terminations\":{");
    for (int i = 0; i < T_COUNT; i++)
        put(o, "%s\"%s\":%" PRId64, i ? "," : "", stats_term_names[i], a->term[i]);
    put(o, "},\"years\":");
    put_table(o, &a->years);
    put(o, ",\"variants\":");
    put_table(o, &a->variants);
    put(o, ",\"events\":");
    put_table(o, &a->events);
}

int stats_json_write(const struct stats_opts *s, const struct stats_agg *a, struct buf *out)
{
    struct json_out o = { out, PGN_OK };
    put(&o, "{\"pgnkit_stats\":1,\"report\":\"%s\"", stats_report_names[s->report]);
    if (s->report == R_TREE)
        put(&o, ",\"fen\":\"%s\",\"depth\":%d%s", s->root_fen, s->depth,
            s->by == TREE_BY_RATING ? ",\"by\":\"rating\""
            : s->by == TREE_BY_SPEED ? ",\"by\":\"speed\"" : "");
    put(&o, ",\"games\":%" PRId64 ",\"valid\":%" PRId64 ",\"invalid\":%" PRId64
            ",\"skipped\":%" PRId64 ",\"results\":{",
        a->games, a->valid, a->invalid, a->skipped);
    for (int i = 0; i < 5; i++)
        put(&o, "%s\"%s\":%" PRId64, i ? "," : "", stats_result_names[i], a->results[i]);
    put(&o, "}");
    if (s->report == R_SUMMARY) {
        put_summary(&o, a);
    } else if (s->report == R_CLOCK) {
        put(&o, ",\"%s\":", a->clock_bands.kind->name);
        put_table(&o, &a->clock_bands);
        put(&o, ",\"%s\":", a->clock_moves.kind->name);
        put_table(&o, &a->clock_moves);
    } else {
        const struct stats_table *t = s->report == R_OPENINGS ? &a->openings
                                      : s->report == R_PLAYERS ? &a->players : &a->moves;
        put(&o, ",\"%s\":", t->kind->name);
        put_table(&o, t);
        if (s->report == R_TREE && s->by) {
            put(&o, ",\"%s\":", a->moves_by.kind->name);
            put_table(&o, &a->moves_by);
        }
    }
    put(&o, "}\n");
    return o.rc;
}
