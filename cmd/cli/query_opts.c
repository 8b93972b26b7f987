/* query_opts.c - the command-line options that select games (search, stats, ...): criteria, --where, duplicates. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "query/dup_key.h"
#include "cli/query_opts.h"
#include "cli/query_usage.h"
#include "base/banned.h"

struct opt_group query_group;

/* The selection options that are not criteria, after the criteria in getopt's table. */
static const struct option selection_options[] = {
    { "ignore-case", no_argument, NULL, 'i' },
    { "unique", no_argument, &query_group.seen, QOPT_UNIQUE },
    { "duplicates", no_argument, &query_group.seen, QOPT_DUPLICATES },
    { "match-limit", required_argument, &query_group.seen, QOPT_MATCH_LIMIT },
    { "input-lang", required_argument, &query_group.seen, QOPT_INPUT_LANG },
    { "material-plies", required_argument, &query_group.seen, QOPT_MATERIAL_PLIES },
    { "check-file", required_argument, &query_group.seen, QOPT_CHECK_FILE },
    { "nested-comments", no_argument, &query_group.seen, QOPT_NESTED_COMMENTS },
};
enum { NSELECTION = sizeof selection_options / sizeof selection_options[0] };

/* Their usage: -i goes with the tag criteria (the regexes), the rest after the criteria. */
static const char icase_usage[] = "    -i, --ignore-case     every regular expression ignores case";
static const char *const selection_usage[] = {
    "Selection:",
    "        --unique          drop games whose start position and main line came before",
    "        --duplicates      keep only those repeats",
    "        --check-file FILE drop games whose main line is already in FILE",
    "        --input-lang LANG read moves in LANG (default: auto, decided per game)",
    "        --match-limit N   regex backtracking limit per match (100000)",
    "        --material-plies N  positions in a row --material must last (2)",
    "        --nested-comments read {a {b} c} as one comment (braces nest)",
    NULL,
};

const struct option *query_opts_options(const struct option *own)
{
    enum { CAP = SQ_CRITERION_COUNT + NSELECTION + 64 };
    static struct option table[CAP];
    size_t n = 0;
    for (int k = 0; k < SQ_CRITERION_COUNT; k++) {
        const struct search_criterion_info *c = search_criterion_info(k);
        table[n++] = (struct option){ c->name, c->takes_arg ? required_argument : no_argument,
                                      &query_group.seen, QOPT_CRITERION + k };
    }
    for (size_t i = 0; i < NSELECTION; i++)
        table[n++] = selection_options[i];
    for (; own->name; own++) {
        if (n == CAP - 1)
            die(EXIT_IO, "too many options");
        table[n++] = *own;
    }
    table[n] = (struct option){ NULL, 0, NULL, 0 };
    return table;
}

void query_opts_usage(FILE *f)
{
    for (int k = 0; k < SQ_CRITERION_COUNT; k++) {
        query_usage_print(f, k);
        if (k == SQ_TAG)
            fprintf(f, "%s\n", icase_usage);
    }
    for (int i = 0; selection_usage[i]; i++)
        fprintf(f, "%s\n", selection_usage[i]);
}

void query_opts_init(struct query_opts *o)
{
    memset(o, 0, sizeof *o);
    o->sq.lang = NOTATION_AUTO;
    buf_init(&o->key, (size_t)1 << 30);
}

void query_opts_release(struct query_opts *o)
{
    free(o->items);
    free(o->check_files);
    search_query_free(o->query);
    dupset_free(o->seen);
    dupset_free(o->known);
    buf_release(&o->key);
    memset(o, 0, sizeof *o);
}

int query_opts_id(int opt) { return opt_group_peek(&query_group, opt); }

int query_opts_parse(struct query_opts *o, int opt, char *arg)
{
    if (opt == 'i') {
        o->sq.flags |= SQ_ICASE;
        return 1;
    }
    int id = opt_group_take(&query_group, opt);
    return id ? query_opts_take(o, id, arg) : 0;
}

int query_opts_take(struct query_opts *o, int opt, char *arg)
{
    if (opt >= QOPT_CRITERION && opt < QOPT_CRITERION + SQ_CRITERION_COUNT) {
        if (o->n == o->cap) {
            o->cap = o->cap ? 2 * o->cap : 16;
            o->items = xrealloc(o->items, o->cap * sizeof *o->items);
        }
        int k = opt - QOPT_CRITERION;
        o->items[o->n++] = (struct query_item){ k, arg, search_criterion_info(k)->name };
        return 1;
    }
    switch (opt) {
    case QOPT_UNIQUE:
    case QOPT_DUPLICATES:
        if (o->dedupe && o->dedupe != (opt == QOPT_UNIQUE ? QO_UNIQUE : QO_DUPLICATES)) {
            error("--unique and --duplicates exclude each other");
            return -1;
        }
        o->dedupe = opt == QOPT_UNIQUE ? QO_UNIQUE : QO_DUPLICATES;
        return 1;
    case QOPT_MATCH_LIMIT: {
        long v;
        if (parse_long(arg, 1, 1000000000L, &v)) {
            error("--match-limit takes a number from 1 to 1000000000, not '%s'", arg);
            return -1;
        }
        o->sq.limit = (unsigned long)v;
        return 1;
    }
    case QOPT_MATERIAL_PLIES: {
        long v;
        if (parse_long(arg, 1, 100000L, &v)) {
            error("--material-plies takes a number from 1 to 100000, not '%s'", arg);
            return -1;
        }
        o->sq.material_plies = (unsigned)v;
        return 1;
    }
    case QOPT_NESTED_COMMENTS:
        o->nested_comments = 1;
        return 1;
    case QOPT_CHECK_FILE:
        o->check_files = xrealloc(o->check_files, (o->ncheck + 1) * sizeof *o->check_files);
        o->check_files[o->ncheck++] = arg;
        return 1;
    case QOPT_INPUT_LANG:
        o->sq.lang = notation_find(arg);
        if (o->sq.lang < NOTATION_AUTO) {
            error("unknown language '%s'", arg);
            return -1;
        }
        return 1;
    }
    return 0;
}

/* "--where: message", the text, and a caret under the column. */
static void report(const struct query_item *it, const struct sq_error *err)
{
    error("--%s: %s", it->option, err->msg);
    if (err->col && search_criterion_info(it->criterion)->shows_column) {
        size_t len = strlen(it->arg), col = err->col <= len + 1 ? err->col : len + 1;
        fprintf(stderr, "    %s\n    %*s^\n", it->arg, (int)(col - 1), "");
    }
}

/* The criteria of o compiled into *q; -1 after reporting a bad one. */
static int build_query(const struct query_opts *o, struct search_query **q)
{
    if (search_query_new(q, &o->sq))
        die(EXIT_IO, "out of memory");
    for (size_t i = 0; i < o->n; i++) {
        struct sq_error err = { 0, "" };
        int rc = search_query_add(*q, o->items[i].criterion, o->items[i].arg, &err);
        if (rc == PGN_ENOMEM)
            die(EXIT_IO, "out of memory");
        if (rc) {
            report(&o->items[i], &err);
            return -1;
        }
    }
    return 0;
}

/* The duplicate keys of every game of the check files, into o->known; dies on I/O errors. */
static void read_check_files(struct query_opts *o)
{
    struct game_facts f;
    struct buf key;
    if (dupset_new(&o->known))
        die(EXIT_IO, "out of memory");
    game_facts_init(&f, o->sq.lang);
    buf_init(&key, (size_t)1 << 30);
    for (size_t i = 0; i < o->ncheck; i++) {
        struct pgn_reader *r;
        struct game g;
        struct pgn_reader_opts ro;
        pgn_reader_opts_init(&ro);
        if (o->nested_comments)
            ro.flags |= PGN_READER_NESTED_COMMENTS;
        int rc = pgn_reader_open(&r, o->check_files[i], &ro);
        if (rc)
            die(EXIT_IO, "%s: cannot read the check file: %s", o->check_files[i], pgn_strerror(rc));
        while ((rc = pgn_reader_next(r, &g)) > 0) {
            if (!dup_key_counts(&g))
                continue;
            game_facts_reset(&f, &g, r);
            buf_reset(&key);
            query_opts_dup_key(&f, &key);
            if (dupset_add(o->known, key.data, key.len) < 0)
                die(EXIT_IO, "out of memory");
        }
        if (rc < 0)
            die(EXIT_IO, "%s: cannot read the check file: %s", o->check_files[i], pgn_strerror(rc));
        pgn_reader_free(r);
    }
    buf_release(&key);
    game_facts_release(&f);
}

int query_opts_build(struct query_opts *o)
{
    if (build_query(o, &o->query))
        return -1;
    if (o->ncheck)
        read_check_files(o);
    if (o->dedupe && dupset_new(&o->seen))
        die(EXIT_IO, "out of memory");
    return 0;
}

struct search_query *query_opts_query_copy(const struct query_opts *o)
{
    struct search_query *q;
    if (build_query(o, &q))
        die(EXIT_IO, "the criteria do not build a second time");
    return q;
}

void query_opts_limit_warning(const char *pattern)
{
    warning("regular expression '%s' gave up at its match limit (see --match-limit); "
            "such matches count as no match", pattern);
}

static void limit_warnings(struct query_opts *o)
{
    const char *pattern;
    while ((pattern = search_query_new_limit_hit(o->query)) != NULL)
        query_opts_limit_warning(pattern);
}

int query_opts_select(struct query_opts *o, struct game_facts *f, int invert)
{
    int rc = search_query_match(o->query, f);
    if (rc < 0) {
        if (rc == PGN_ENOMEM)
            die(EXIT_IO, "out of memory");
        die(EXIT_IO, "%s: game %llu: %s", f->g->file, (unsigned long long)f->g->index,
            pgn_strerror(rc));
    }
    limit_warnings(o);
    if (invert)
        rc = !rc;
    if (!rc || !query_opts_needs_key(o))
        return rc;
    buf_reset(&o->key);
    query_opts_dup_key(f, &o->key);
    return query_opts_keep(o, o->key.data, o->key.len);
}

void query_opts_dup_key(struct game_facts *f, struct buf *key)
{
    int rc = game_facts_dup_key(f, key);
    if (rc)
        die(EXIT_IO, "%s: game %llu: %s", f->g->file, (unsigned long long)f->g->index,
            pgn_strerror(rc));
}

int query_opts_needs_key(const struct query_opts *o) { return o->dedupe || o->ncheck; }

int query_opts_keep(struct query_opts *o, const void *key, size_t len)
{
    if (o->known && dupset_has(o->known, key, len)) {
        o->dropped_known++;
        return 0;
    }
    if (!o->dedupe)
        return 1;
    int rc = dupset_add(o->seen, key, len);
    if (rc < 0)
        die(EXIT_IO, "out of memory");
    int keep = o->dedupe == QO_UNIQUE ? rc == 1 : rc == 0;
    if (!keep)
        o->dropped++;
    return keep;
}

unsigned query_opts_reader_flags(const struct query_opts *o)
{
    unsigned nested = o->nested_comments ? PGN_READER_NESTED_COMMENTS : 0;
    if (search_query_first_level(o->query) != FACTS_TAGS ||
        (query_opts_needs_key(o) && !search_query_count(o->query)))
        return nested;
    return nested | PGN_READER_LAZY;
}
