/* query_opts.h - the command-line options that select games (search, stats, ...): criteria, --where, duplicates. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_QUERY_OPTS_H
#define CMD_QUERY_OPTS_H

#include <stdint.h>
#include <stdio.h>
#include "query/dupset.h"
#include "base/buf.h"
#include "cli/cmdline.h"
#include "query/game_facts.h"
#include "query/search_query.h"

/*
 * A command that selects games includes the selection options' group in
 * its option table (cmdline.h), with its storage, and builds the query
 * after parse_options():
 *
 *   struct query_opts qo;
 *   query_opts_init(&qo);
 *   ... OPT_GROUP(query_opts_options(), &qo), ... in the command's table
 *   parse_options(...);
 *   if (query_opts_build(&qo)) return EXIT_USAGE;     // qo.query is ready
 *   per game: game_facts_reset(&facts, &g, reader);
 *             selected = query_opts_select(&qo, &facts, invert);
 *
 * The criteria and their option names come from the one table of
 * lib/query/search_query.c, how -h shows them from query_usage.c; the
 * option of criterion k has id QOPT_CRITERION + k. Criteria are collected
 * first and built at the end, so -i applies to every regex wherever it
 * stands on the command line. A command that reads a criterion's option
 * its own way (stats --moves) puts its own entry of that name before the
 * group: the first entry of a name wins.
 */
enum {
    QOPT_CRITERION = 1, /* + enum search_criterion */
    QOPT_UNIQUE = QOPT_CRITERION + SQ_CRITERION_COUNT, QOPT_DUPLICATES, QOPT_MATCH_LIMIT,
    QOPT_INPUT_LANG, QOPT_FROM, QOPT_MATERIAL_PLIES, QOPT_CHECK_FILE, QOPT_NESTED_COMMENTS,
    QOPT_NAMES, QOPT_REPERTOIRE_SIDE, QOPT_REPERTOIRE_EXIT,
};

/**
 * The selection options' group: the criteria in sections, -i, and
 * "Selection:" --unique, --duplicates and the rest; storage a struct
 * query_opts. Built on the first call, static after.
 */
const struct option_entry *query_opts_options(void);

enum { QO_ALL = 0, QO_UNIQUE, QO_DUPLICATES };

struct query_opts {
    struct query_item {
        int criterion;
        const char *arg;
        const char *option; /* "--white", for messages */
    } *items;
    size_t n, cap;
    struct search_query_opts sq;
    int dedupe;                 /* QO_ALL, QO_UNIQUE, QO_DUPLICATES */
    struct search_query *query; /* after query_opts_build */
    struct dupset *seen;        /* with --unique/--duplicates */
    struct buf key;
    uint64_t dropped;           /* games the duplicate filter left out */
    const char **check_files;   /* --check-file: games already there are left out */
    size_t ncheck;
    struct dupset *known;       /* their duplicate keys, after query_opts_build */
    uint64_t dropped_known;     /* games left out as found in a check file */
    int nested_comments;        /* --nested-comments: braces nest in every input's comments */
    int from;                   /* --from: struct driver's from (input_from_parse) */
    const char *names_path;     /* --names FILE: a spelling file (names_file.h) */
    struct spelling *names;     /* read by query_opts_build(); o->sq.names */
    unsigned given;             /* options of the group given on the command line */
};

/** Sets the defaults: no criteria, auto language. */
void query_opts_init(struct query_opts *o);

/**
 * Takes the selection option of id QOPT_* with arg (kept by pointer:
 * argv strings live long enough), as if given. Returns 1, or -1 after
 * reporting a bad value.
 */
int query_opts_take(struct query_opts *o, int id, char *arg);

/**
 * Reads --names (a spelling file's mistakes are reported; a file that
 * cannot be read ends the run with EXIT_IO) and builds o->query; reports a
 * bad argument (with a caret under --where errors) and returns -1.
 */
int query_opts_build(struct query_opts *o);

/**
 * 1 when the game of f is selected: it meets the criteria (or, with invert,
 * does not) and passes --unique/--duplicates; 0 when not. Dies on running
 * out of memory. Reports regex limit hits once per pattern.
 */
int query_opts_select(struct query_opts *o, struct game_facts *f, int invert);

/**
 * For selecting on several threads: another compiled query of the criteria
 * of o (after query_opts_build), for another thread; the caller frees it
 * with search_query_free(). Match a game with search_query_match(), and
 * apply --unique/--duplicates in input order on one thread: the duplicate
 * key (query_opts_dup_key) of each game that matched goes to
 * query_opts_keep().
 */
struct search_query *query_opts_query_copy(const struct query_opts *o);

/** The warning about a regex that gave up at its match limit (once per regex). */
void query_opts_limit_warning(const char *pattern);

/** Appends the duplicate key of the game of f to key; dies on running out of memory. */
void query_opts_dup_key(struct game_facts *f, struct buf *key);

/**
 * --check-file, then --unique/--duplicates, for a game that met the
 * criteria, from its duplicate key: 1 to keep it, 0 when left out (counted
 * in o->dropped_known or o->dropped).
 */
int query_opts_keep(struct query_opts *o, const void *key, size_t len);

/** 1 when a selected game's duplicate key is needed: --unique, --duplicates or --check-file. */
int query_opts_needs_key(const struct query_opts *o);

/**
 * Reader flags (enum pgn_reader_flags) for the inputs to select from (after
 * query_opts_build): PGN_READER_LAZY when the cheapest criterion reads tags
 * only, so games it turns down need not be parsed past their tags; 0 when
 * every game needs its moves anyway (no criterion but --unique or
 * --duplicates, or a first criterion on the moves); with
 * PGN_READER_NESTED_COMMENTS after --nested-comments.
 */
unsigned query_opts_reader_flags(const struct query_opts *o);

/** Frees what o holds. */
void query_opts_release(struct query_opts *o);

#endif
