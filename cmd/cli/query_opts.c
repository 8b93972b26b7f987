/* query_opts.c - the command-line options that select games (search, stats, ...): criteria, --where, duplicates. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "query/dup_key.h"
#include "query/repertoire.h"
#include "cli/query_opts.h"
#include "cli/query_usage.h"
#include "cli/names_file.h"
#include "base/banned.h"

/* The selection options' ids past the criteria's (enum in query_opts.h): -i. */
enum { QOPT_ICASE = QOPT_REPERTOIRE_EXIT + 1 };

static int query_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct query_opts *o = storage;
    /* What the inputs are selects no game. */
    o->given += entry->number != QOPT_FROM && entry->number != QOPT_NAMES;
    if (entry->number == QOPT_ICASE) {
        o->sq.flags |= SQ_ICASE;
        return 0;
    }
    return query_opts_take(o, (int)entry->number, arg) == 1 ? 0 : -1;
}

#define SELECTION_OPTION(name, arg, help, id) OPT_GROUP_OPTION(name, arg, help, query_option, id)

/* The selection options that are not criteria, after the criteria. */
static const struct option_entry selection_options[] = {
    OPT_HEADING("Selection:"),
    SELECTION_OPTION("unique", NULL, "drop games whose start position and main line came before",
                     QOPT_UNIQUE),
    SELECTION_OPTION("duplicates", NULL, "keep only those repeats", QOPT_DUPLICATES),
    SELECTION_OPTION("check-file", "FILE", "drop games whose main line is already in FILE",
                     QOPT_CHECK_FILE),
    SELECTION_OPTION("input-lang", "LANG", "read moves in LANG (default: auto, decided per game)",
                     QOPT_INPUT_LANG),
    SELECTION_OPTION("from", "FMT", FROM_HELP, QOPT_FROM),
    SELECTION_OPTION("match-limit", "N", "regex backtracking limit per match (100000)",
                     QOPT_MATCH_LIMIT),
    SELECTION_OPTION("material-plies", "N", "positions in a row --material must last (2)",
                     QOPT_MATERIAL_PLIES),
    SELECTION_OPTION("repertoire-side", "SIDE",
                     "whose is the repertoire: white, black or both (default)",
                     QOPT_REPERTOIRE_SIDE),
    SELECTION_OPTION("repertoire-exit", "WHO",
                     "which exits count: us (its side left it), them, any (default)",
                     QOPT_REPERTOIRE_EXIT),
    SELECTION_OPTION("nested-comments", NULL, "read {a {b} c} as one comment (braces nest)",
                     QOPT_NESTED_COMMENTS),
    SELECTION_OPTION("names", "FILE",
                     "a spelling file (SCID's): --white, --black, --player, --event, --site\n"
                     "match every spelling of a name it lists", QOPT_NAMES),
    OPT_END(),
};

const struct option_entry *query_opts_options(void)
{
    /* A heading and an entry per row, then the other selection options. */
    static struct option_entry table[2 * (SQ_CRITERION_COUNT + 1) + 1];
    static int built;
    if (built)
        return table;
    size_t nrows, n = 0;
    const struct criterion_usage *rows = query_usage_rows(&nrows);
    int seen[SQ_CRITERION_COUNT] = { 0 };
    for (size_t i = 0; i < nrows; i++) {
        const struct criterion_usage *r = &rows[i];
        if (r->section)
            table[n++] = (struct option_entry)OPT_HEADING(r->section);
        struct option_entry *e = &table[n++];
        if (r->criterion == QUERY_USAGE_ICASE) {
            *e = (struct option_entry)SELECTION_OPTION("ignore-case", NULL, r->help, QOPT_ICASE);
            e->short_name = 'i';
            continue;
        }
        seen[r->criterion]++;
        const struct search_criterion_info *c = search_criterion_info(r->criterion);
        *e = (struct option_entry)SELECTION_OPTION(c->name, c->takes_arg ? r->arg_name : NULL,
                                                   r->help, QOPT_CRITERION + r->criterion);
        e->flags = r->help ? 0 : OPTION_SAME_LINE;
    }
    for (int k = 0; k < SQ_CRITERION_COUNT; k++)
        assert(seen[k] == 1); /* query_usage.c: a row per criterion */
    table[n] = (struct option_entry)OPT_GROUP(selection_options, NULL);
    built = 1;
    return table;
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
    spelling_free(o->names);
    dupset_free(o->seen);
    dupset_free(o->known);
    buf_release(&o->key);
    memset(o, 0, sizeof *o);
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
    case QOPT_NAMES:
        o->names_path = arg;
        return 1;
    case QOPT_CHECK_FILE:
        o->check_files = xrealloc(o->check_files, (o->ncheck + 1) * sizeof *o->check_files);
        o->check_files[o->ncheck++] = arg;
        return 1;
    case QOPT_REPERTOIRE_SIDE:
    case QOPT_REPERTOIRE_EXIT: {
        static const char *const sides[] = { "both", "white", "black", NULL };
        static const char *const exits[] = { "any", "us", "them", NULL };
        const char *const *names = opt == QOPT_REPERTOIRE_SIDE ? sides : exits;
        int k = 0;
        while (names[k] && strcmp(names[k], arg))
            k++;
        if (!names[k]) {
            error("--repertoire-%s takes %s, %s or %s, not '%s'",
                  opt == QOPT_REPERTOIRE_SIDE ? "side" : "exit", names[0], names[1], names[2],
                  arg);
            return -1;
        }
        *(opt == QOPT_REPERTOIRE_SIDE ? &o->sq.repertoire_side : &o->sq.repertoire_exit) = k;
        return 1;
    }
    case QOPT_INPUT_LANG: return input_lang_parse(arg, &o->sq.lang) ? -1 : 1;
    case QOPT_FROM: return input_from_parse(arg, &o->from) ? -1 : 1;
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
    if (o->names_path && !o->names) {
        int status;
        if (!(o->names = names_file_read(o->names_path, &status))) {
            if (status == EXIT_IO)
                exit(EXIT_IO); /* said by names_file_read() */
            return -1;
        }
        o->sq.names = o->names;
    }
    if (o->sq.repertoire_exit != REP_EXIT_ANY && o->sq.repertoire_side == REP_SIDE_BOTH) {
        error("--repertoire-exit us and them need --repertoire-side white or black");
        return -1;
    }
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
