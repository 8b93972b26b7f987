/* query_opts.h - the command-line options that select games (search, stats, ...): criteria, --where, duplicates. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_QUERY_OPTS_H
#define CMD_QUERY_OPTS_H

#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include "query/dupset.h"
#include "base/buf.h"
#include "cli/cmdline.h"
#include "query/game_facts.h"
#include "query/search_query.h"

/*
 * A command that selects games builds its getopt_long table with
 * query_opts_options(), puts "i" into its short options and
 * query_opts_usage among the parts of its help (struct usage_part), and
 * hands every option to query_opts_parse() before
 * its own switch:
 *
 *   switch (query_opts_parse(&qo, opt, optarg)) {
 *   case 1: continue;             // a selection option, taken
 *   case -1: return EXIT_USAGE;   // a bad value, already reported
 *   }
 *   ... the command's own options ...
 *   if (query_opts_build(&qo)) return EXIT_USAGE;     // qo.query is ready
 *   per game: game_facts_reset(&facts, &g, reader);
 *             selected = query_opts_select(&qo, &facts, invert);
 *
 * The criteria, their option names and their usage lines come from the one
 * table of lib/query/search_query.c; the option of criterion k is id
 * QOPT_CRITERION + k of the selection group (query_group, cmdline.h). Criteria are collected first and built at the end, so
 * -i applies to every regex wherever it stands on the command line.
 */
/* The selection options' group (cmdline.h); -i is a short option of the command's. */
extern struct opt_group query_group;

enum {
    QOPT_CRITERION = 1, /* + enum search_criterion */
    QOPT_UNIQUE = QOPT_CRITERION + SQ_CRITERION_COUNT, QOPT_DUPLICATES, QOPT_MATCH_LIMIT,
    QOPT_INPUT_LANG, QOPT_MATERIAL_PLIES, QOPT_CHECK_FILE, QOPT_NESTED_COMMENTS,
};

/**
 * The getopt_long table of a command that selects games: the criteria and
 * the other selection options, then own (up to its all-zero entry). Static
 * storage, rebuilt by each call.
 */
const struct option *query_opts_options(const struct option *own);

/** Prints the usage lines of the selection options (a group's part of a command's help). */
void query_opts_usage(FILE *f);

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
};

/** Sets the defaults: no criteria, auto language. */
void query_opts_init(struct query_opts *o);

/**
 * Takes option opt (as cmd_getopt() returned it) with argument arg (kept by
 * pointer: argv strings live long enough). Returns 1 when it is a selection
 * option, 0 when not, -1 after reporting a bad value.
 */
int query_opts_parse(struct query_opts *o, int opt, char *arg);

/** Takes the selection option of id QOPT_* with arg, as if given; as query_opts_parse(). */
int query_opts_take(struct query_opts *o, int id, char *arg);

/** The QOPT_* id of the selection option opt (as cmd_getopt() returned it) stands for, or 0. */
int query_opts_id(int opt);

/** Builds o->query; reports a bad argument (with a caret under --where errors) and returns -1. */
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
