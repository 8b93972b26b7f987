/* stats_json_merge.c - reading a statistics JSON object back and adding it, exactly, to an aggregate. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "pgn/pgn_reader.h"
#include "stats/stats_json_merge.h"
#include "base/banned.h"

/*
 * One text being read: every problem is counted, the first one is told. The
 * reading goes on past a bad count, which is taken as 0, so that the
 * members after it are checked too.
 */
struct merge {
    struct stats_agg *a;
    const char *name; /* the input, for messages */
    const struct stats_json_names *names;
    char *why;
    size_t why_cap;
    int rc; /* the first failure, PGN_OK if none */
};

static void fail(struct merge *m, int rc, const char *fmt, ...) PRINTF_LIKE(3, 4);

static void fail(struct merge *m, int rc, const char *fmt, ...)
{
    if (m->rc)
        return;
    m->rc = rc;
    if (m->why && m->why_cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(m->why, m->why_cap, fmt, ap);
        va_end(ap);
    }
}

/* The count v, member key: a whole number from 0 up, else 0 and a failure. */
static int64_t jcount(struct merge *m, json_t *v, const char *key)
{
    const char *why = !json_is_integer(v) ? "missing or not a whole number"
                      : json_integer_value(v) < 0 ? "is negative" : NULL;
    if (!why)
        return json_integer_value(v);
    fail(m, PGN_EFORMAT, "'%s': member '%s' %s", m->name, key, why);
    return 0;
}

/* rc of adding to the total of member key: a failure when it is not PGN_OK. */
static void check_total(struct merge *m, int rc, const char *key)
{
    if (rc == PGN_ETOOBIG)
        fail(m, rc, "'%s': member '%s': the total is over %" PRId64, m->name, key, INT64_MAX);
    else if (rc)
        fail(m, rc, "'%s': %s", m->name, pgn_strerror(rc));
}

/* Adds the count v to *total. */
static void add_count(struct merge *m, int64_t *total, json_t *v, const char *key)
{
    check_total(m, stats_count_add(total, jcount(m, v, key)), key);
}

/* add_count() of member key of the object o. */
static void add_member(struct merge *m, int64_t *total, json_t *o, const char *key)
{
    add_count(m, total, json_object_get(o, key), key);
}

/* Adds the table t from member member of the text, o. */
static void jtable(struct merge *m, struct stats_table *t, json_t *o, const char *member)
{
    const char *key;
    json_t *v;
    if (!json_is_object(o)) {
        fail(m, PGN_EFORMAT, "'%s': member '%s' missing or not an object", m->name, member);
        return;
    }
    json_object_foreach(o, key, v) {
        int64_t x[NV] = { 0 };
        if (t->kind->nf == 1)
            x[0] = jcount(m, v, key);
        else
            for (int k = 0; k < t->kind->nf; k++) {
                json_t *f = json_object_get(v, t->kind->fields[k]);
                if (f || !t->kind->optional_from || k < t->kind->optional_from)
                    x[k] = jcount(m, f, t->kind->fields[k]);
            }
        int64_t *e = stats_table_get(t, key, strlen(key));
        check_total(m, e ? stats_entry_combine(t->kind, e, x) : PGN_ENOMEM, key);
    }
}

/*
 * The most main-line plies a game can have: the reader's limit on moves
 * (a game with more is not read). A histogram key above it cannot come from
 * counted games, and taking it would make the merge allocate room for every
 * count up to it (a key of 99999999 took about 1 GB).
 */
static unsigned long max_game_plies(void)
{
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    return o.limits.max_moves;
}

/* Adds the count v of histogram key to the plies histogram. */
static void add_plies(struct merge *m, const char *key, json_t *v)
{
    char *end = NULL;
    unsigned long max = max_game_plies();
    unsigned long p = key[0] >= '0' && key[0] <= '9' ? strtoul(key, &end, 10) : max + 1;
    if (p > max || *end) {
        fail(m, PGN_EFORMAT,
             "'%s': plies histogram key '%s' is not a number of plies from 0 to %lu", m->name,
             key, max);
        return;
    }
    check_total(m, stats_agg_plies_add(m->a, (size_t)p, jcount(m, v, key)), key);
}

/* The summary's own members. */
static void merge_summary(struct merge *m, json_t *o)
{
    struct stats_agg *a = m->a;
    json_t *elo = json_object_get(o, "elo"), *pl = json_object_get(o, "plies");
    const char *key;
    json_t *v;
    add_member(m, &a->elo_sum, elo, "sum");
    add_member(m, &a->elo_n, elo, "count");
    json_object_foreach(json_object_get(elo, "buckets"), key, v) {
        long b = strtol(key, NULL, 10) / 100;
        if (b >= 0 && b < ELO_BUCKETS)
            add_count(m, &a->elo_hist[b], v, key);
    }
    json_object_foreach(json_object_get(pl, "histogram"), key, v)
        add_plies(m, key, v);
    add_member(m, &a->plies_sum, pl, "sum");
    json_t *term = json_object_get(o, "terminations");
    for (int i = 0; i < T_COUNT; i++)
        if (i < T_ABANDONED || json_object_get(term, stats_term_names[i]))
            add_member(m, &a->term[i], term, stats_term_names[i]);
    jtable(m, &a->years, json_object_get(o, "years"), "years");
    jtable(m, &a->variants, json_object_get(o, "variants"), "variants");
    jtable(m, &a->events, json_object_get(o, "events"), "events");
}

/* The report of o, checked against s (set from it when first): PGN_OK or a failure. */
static int take_report(struct merge *m, struct stats_opts *s, json_t *o, int first)
{
    const char *rep = json_string_value(json_object_get(o, "report"));
    int report = -1;
    for (int i = 0; rep && i < R_COUNT; i++)
        if (!strcmp(rep, stats_report_names[i]))
            report = i;
    if (!json_is_object(o) || json_integer_value(json_object_get(o, "pgnkit_stats")) != 1 ||
        report < 0) {
        fail(m, PGN_EFORMAT, "'%s' is not a '%s' output", m->name, m->names->writer);
        return m->rc;
    }
    if (first) {
        s->report = report;
    } else if (report != s->report) {
        fail(m, PGN_EINVAL, "'%s' holds a %s report, %s a %s report", m->name,
             stats_report_names[report], m->names->target, stats_report_names[s->report]);
        return m->rc;
    }
    if (report == R_TREE) {
        const char *fen = json_string_value(json_object_get(o, "fen"));
        int depth = (int)json_integer_value(json_object_get(o, "depth"));
        struct pos root;
        if (!fen || pos_from_fen(&root, fen, NULL) != PGN_OK) {
            fail(m, PGN_EFORMAT, "'%s': tree without a valid 'fen'", m->name);
            return m->rc;
        }
        if (first) {
            s->root = root;
            snprintf(s->root_fen, sizeof s->root_fen, "%s", fen);
            s->depth = depth;
        } else if (strcmp(fen, s->root_fen) || depth != s->depth) {
            fail(m, PGN_EINVAL, "'%s': tree of another position or depth than %s", m->name,
                 m->names->target);
            return m->rc;
        }
        /* "by" is written only for a tree by buckets: a file without it has none. */
        const char *by_text = json_string_value(json_object_get(o, "by"));
        int by = !by_text ? TREE_BY_NONE : !strcmp(by_text, "rating") ? TREE_BY_RATING
                 : !strcmp(by_text, "speed") ? TREE_BY_SPEED : -1;
        if (by < 0) {
            fail(m, PGN_EFORMAT, "'%s': tree by '%s', neither rating nor speed", m->name, by_text);
            return m->rc;
        }
        if (first) {
            s->by = by;
        } else if (by != s->by) {
            fail(m, PGN_EINVAL, "'%s': tree by other buckets than %s", m->name, m->names->target);
            return m->rc;
        }
    }
    return PGN_OK;
}

int stats_json_merge(struct stats_opts *s, struct stats_agg *a, const char *text, size_t len,
                     const struct stats_json_names *names, int first, char *why,
                     size_t why_cap)
{
    const char *name = names->input;
    struct merge m = { a, name, names, why, why_cap, PGN_OK };
    if (why && why_cap)
        why[0] = '\0';
    json_error_t je;
    json_t *o = json_loadb(text, len, 0, &je);
    if (!o) {
        fail(&m, PGN_EFORMAT, "%s:%d:%d: %s", name, je.line, je.column, je.text);
        return m.rc;
    }
    if (take_report(&m, s, o, first)) {
        json_decref(o);
        return m.rc;
    }
    add_member(&m, &a->games, o, "games");
    add_member(&m, &a->valid, o, "valid");
    add_member(&m, &a->invalid, o, "invalid");
    add_member(&m, &a->skipped, o, "skipped");
    json_t *res = json_object_get(o, "results");
    for (int i = 0; i < 5; i++)
        add_member(&m, &a->results[i], res, stats_result_names[i]);
    if (s->report == R_SUMMARY) {
        merge_summary(&m, o);
    } else if (s->report == R_CLOCK) {
        struct stats_table *t[] = { &a->clock_bands, &a->clock_moves };
        for (int i = 0; i < 2; i++)
            jtable(&m, t[i], json_object_get(o, t[i]->kind->name), t[i]->kind->name);
    } else {
        struct stats_table *t = s->report == R_OPENINGS ? &a->openings
                                : s->report == R_PLAYERS ? &a->players : &a->moves;
        jtable(&m, t, json_object_get(o, t->kind->name), t->kind->name);
        if (s->report == R_TREE && s->by)
            jtable(&m, &a->moves_by, json_object_get(o, a->moves_by.kind->name),
                   a->moves_by.kind->name);
    }
    json_decref(o);
    return m.rc;
}
