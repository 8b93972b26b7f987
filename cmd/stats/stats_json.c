/* stats_json.c - the --format json partial aggregate of `pgnkit stats`, and --merge reading it back exactly. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "stats/stats_agg.h"
#include "stats/stats_json.h"
#include "stats/stats_table.h"
#include "pgn/pgn_reader.h"
#include "base/banned.h"

/* ---- JSON: the partial aggregate ---- */

static void json_table(FILE *f, const struct stats_table *t)
{
    struct stats_entry *v = stats_table_sorted(t, stats_by_key);
    putc('{', f);
    for (size_t i = 0; i < hash_table_count(&t->h); i++) {
        if (i)
            putc(',', f);
        json_write_string(f, v[i].key, strlen(v[i].key));
        if (t->kind->nf == 1) {
            fprintf(f, ":%" PRId64, v[i].v[0]);
            continue;
        }
        putc(':', f);
        putc('{', f);
        for (int k = 0; k < t->kind->nf; k++)
            fprintf(f, "%s\"%s\":%" PRId64, k ? "," : "", t->kind->fields[k], v[i].v[k]);
        putc('}', f);
    }
    putc('}', f);
    free(v);
}

void stats_print_json(const struct stats_opts *s, const struct stats_agg *a)
{
    FILE *f = stdout;
    fprintf(f, "{\"pgnkit_stats\":1,\"report\":\"%s\"", stats_report_names[s->report]);
    if (s->report == R_TREE)
        fprintf(f, ",\"fen\":\"%s\",\"depth\":%d", s->root_fen, s->depth);
    fprintf(f, ",\"games\":%" PRId64 ",\"valid\":%" PRId64 ",\"invalid\":%" PRId64
               ",\"skipped\":%" PRId64 ",\"results\":{",
            a->games, a->valid, a->invalid, a->skipped);
    for (int i = 0; i < 5; i++)
        fprintf(f, "%s\"%s\":%" PRId64, i ? "," : "", stats_result_names[i], a->results[i]);
    fprintf(f, "}");
    if (s->report == R_SUMMARY) {
        fprintf(f, ",\"elo\":{\"sum\":%" PRId64 ",\"count\":%" PRId64 ",\"buckets\":{", a->elo_sum,
                a->elo_n);
        int first = 1;
        for (int i = 0; i < ELO_BUCKETS; i++)
            if (a->elo_hist[i]) {
                fprintf(f, "%s\"%d\":%" PRId64, first ? "" : ",", i * 100, a->elo_hist[i]);
                first = 0;
            }
        fprintf(f, "}},\"plies\":{\"sum\":%" PRId64 ",\"histogram\":{", a->plies_sum);
        first = 1;
        for (size_t i = 0; i < a->plies_cap; i++)
            if (a->plies_hist[i]) {
                fprintf(f, "%s\"%zu\":%" PRId64, first ? "" : ",", i, a->plies_hist[i]);
                first = 0;
            }
        fprintf(f, "}},\"terminations\":{");
        for (int i = 0; i < T_COUNT; i++)
            fprintf(f, "%s\"%s\":%" PRId64, i ? "," : "", stats_term_names[i], a->term[i]);
        fprintf(f, "},\"years\":");
        json_table(f, &a->years);
        fprintf(f, ",\"variants\":");
        json_table(f, &a->variants);
        fprintf(f, ",\"events\":");
        json_table(f, &a->events);
    } else {
        const struct stats_table *t = s->report == R_OPENINGS ? &a->openings
                                : s->report == R_PLAYERS ? &a->players : &a->moves;
        fprintf(f, ",\"%s\":", t->kind->name);
        json_table(f, t);
    }
    fprintf(f, "}\n");
}

/* ---- --merge: reading the partial aggregates back ---- */

/*
 * The count v, member key of the file path: a whole number from 0 up, else
 * a message (the first of the file only) and *bad set.
 */
static int64_t jcount(json_t *v, const char *key, const char *path, int *bad)
{
    const char *why = !json_is_integer(v) ? "missing or not a whole number"
                      : json_integer_value(v) < 0 ? "is negative" : NULL;
    if (!why)
        return json_integer_value(v);
    if (!*bad)
        error("'%s': member '%s' %s", path, key, why);
    *bad = 1;
    return 0;
}

/* rc of stats_count_add() for member key: a message when the total would pass INT64_MAX. */
static void check_total(int rc, const char *key, const char *path, int *bad)
{
    if (rc && !*bad)
        error("'%s': member '%s': the total is over %" PRId64, path, key, INT64_MAX);
    *bad |= rc != 0;
}

/* Adds the count v to *total. */
static void add_count(int64_t *total, json_t *v, const char *key, const char *path, int *bad)
{
    check_total(stats_count_add(total, jcount(v, key, path, bad)), key, path, bad);
}

/* add_count() of member key of the object o. */
static void add_member(int64_t *total, json_t *o, const char *key, const char *path, int *bad)
{
    add_count(total, json_object_get(o, key), key, path, bad);
}

static void jtable(struct stats_table *t, json_t *o, const char *path, int *bad)
{
    const char *key;
    json_t *v;
    if (!json_is_object(o)) {
        if (!*bad)
            error("'%s': member '%s' missing or not an object", path,
                  t->kind->name ? t->kind->name : "table");
        *bad = 1;
        return;
    }
    json_object_foreach(o, key, v) {
        int64_t x[NV] = { 0 };
        if (t->kind->nf == 1)
            x[0] = jcount(v, key, path, bad);
        else
            for (int k = 0; k < t->kind->nf; k++)
                x[k] = jcount(json_object_get(v, t->kind->fields[k]), t->kind->fields[k], path, bad);
        check_total(stats_entry_combine(t->kind, stats_table_get(t, key, strlen(key)), x), key,
                    path, bad);
    }
}

/*
 * The most main-line plies a game can have: the reader's limit on moves
 * (a game with more is not read). A histogram key above it cannot come from
 * a stats run, and taking it would make the merge allocate room for every
 * count up to it (a key of 99999999 took about 1 GB).
 */
static unsigned long max_game_plies(void)
{
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    return o.limits.max_moves;
}

/* Adds the count v of histogram key to a's plies histogram. */
static void add_plies(struct stats_agg *a, const char *key, json_t *v, const char *path, int *bad)
{
    char *end = NULL;
    unsigned long max = max_game_plies();
    unsigned long p = key[0] >= '0' && key[0] <= '9' ? strtoul(key, &end, 10) : max + 1;
    if (p > max || *end) {
        if (!*bad)
            error("'%s': plies histogram key '%s' is not a number of plies from 0 to %lu", path,
                  key, max);
        *bad = 1;
        return;
    }
    check_total(stats_agg_plies_add(a, (size_t)p, jcount(v, key, path, bad)), key, path, bad);
}

/* Adds the aggregate in file path to a; returns 0, or -1 after a message. */
int stats_merge_file(struct stats_opts *s, struct stats_agg *a, const char *path, int first)
{
    json_error_t je;
    json_t *o = json_load_file(path, 0, &je);
    int bad = 0;
    if (!o) {
        error("%s:%d:%d: %s", path, je.line, je.column, je.text);
        return -1;
    }
    const char *rep = json_string_value(json_object_get(o, "report"));
    int report = -1;
    for (int i = 0; rep && i < 4; i++)
        if (!strcmp(rep, stats_report_names[i]))
            report = i;
    if (!json_is_object(o) || json_integer_value(json_object_get(o, "pgnkit_stats")) != 1 ||
        report < 0) {
        error("'%s' is not a 'pgnkit stats --format json' output", path);
        json_decref(o);
        return -1;
    }
    if (first) {
        s->report = report;
    } else if (report != s->report) {
        error("'%s' holds a %s report, the first file a %s report", path,
              stats_report_names[report], stats_report_names[s->report]);
        json_decref(o);
        return -1;
    }
    if (report == R_TREE) {
        const char *fen = json_string_value(json_object_get(o, "fen"));
        int depth = (int)json_integer_value(json_object_get(o, "depth"));
        if (!fen || pos_from_fen(&s->root, fen, NULL) != PGN_OK) {
            error("'%s': tree without a valid 'fen'", path);
            json_decref(o);
            return -1;
        }
        if (first) {
            ot_fmt(s->root_fen, sizeof s->root_fen, "%s", fen);
            s->depth = depth;
        } else if (strcmp(fen, s->root_fen) || depth != s->depth) {
            error("'%s': tree of another position or depth than the first file", path);
            json_decref(o);
            return -1;
        }
    }
    add_member(&a->games, o, "games", path, &bad);
    add_member(&a->valid, o, "valid", path, &bad);
    add_member(&a->invalid, o, "invalid", path, &bad);
    add_member(&a->skipped, o, "skipped", path, &bad);
    json_t *res = json_object_get(o, "results");
    for (int i = 0; i < 5; i++)
        add_member(&a->results[i], res, stats_result_names[i], path, &bad);
    if (report == R_SUMMARY) {
        json_t *elo = json_object_get(o, "elo"), *pl = json_object_get(o, "plies");
        const char *key;
        json_t *v;
        add_member(&a->elo_sum, elo, "sum", path, &bad);
        add_member(&a->elo_n, elo, "count", path, &bad);
        json_object_foreach(json_object_get(elo, "buckets"), key, v) {
            long b = strtol(key, NULL, 10) / 100;
            if (b >= 0 && b < ELO_BUCKETS)
                add_count(&a->elo_hist[b], v, key, path, &bad);
        }
        json_object_foreach(json_object_get(pl, "histogram"), key, v)
            add_plies(a, key, v, path, &bad);
        add_member(&a->plies_sum, pl, "sum", path, &bad);
        json_t *term = json_object_get(o, "terminations");
        for (int i = 0; i < T_COUNT; i++)
            if (i < T_ABANDONED || json_object_get(term, stats_term_names[i]))
                add_member(&a->term[i], term, stats_term_names[i], path, &bad);
        jtable(&a->years, json_object_get(o, "years"), path, &bad);
        jtable(&a->variants, json_object_get(o, "variants"), path, &bad);
        jtable(&a->events, json_object_get(o, "events"), path, &bad);
    } else {
        struct stats_table *t = report == R_OPENINGS ? &a->openings
                          : report == R_PLAYERS ? &a->players : &a->moves;
        jtable(t, json_object_get(o, t->kind->name), path, &bad);
    }
    json_decref(o);
    return bad ? -1 : 0;
}

