/* query_opts.h - the command-line options that select games (search, stats, ...): criteria, --where, duplicates. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_QUERY_OPTS_H
#define CMD_QUERY_OPTS_H

#include <getopt.h>
#include <stdint.h>
#include "query/dupset.h"
#include "base/buf.h"
#include "query/game_facts.h"
#include "query/search_query.h"

/*
 * A command that selects games puts QUERY_OPTIONS into its getopt_long
 * table, "i" into its short options, and QUERY_USAGE into its usage array,
 * and hands every option to query_opts_parse() before its own switch:
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
 * Criteria are collected first and built at the end, so -i applies to every
 * regex wherever it stands on the command line.
 */
enum {
    QOPT_WHITE = 0x2000, QOPT_BLACK, QOPT_PLAYER, QOPT_EVENT, QOPT_SITE, QOPT_ANNOTATOR, QOPT_TAG,
    QOPT_ELO_MIN, QOPT_ELO_MAX, QOPT_WHITE_ELO, QOPT_BLACK_ELO, QOPT_ELO_DIFF, QOPT_DATE_FROM,
    QOPT_DATE_TO, QOPT_ECO, QOPT_RESULT, QOPT_PLIES_MIN, QOPT_PLIES_MAX, QOPT_TIME_CONTROL,
    QOPT_MOVES, QOPT_POSITION, QOPT_MATERIAL, QOPT_MATERIAL_END, QOPT_CONTAINS_MOVE,
    QOPT_CHECKMATE, QOPT_STALEMATE, QOPT_DEAD_POSITION, QOPT_REPETITION, QOPT_FIFTY,
    QOPT_SEVENTYFIVE, QOPT_UNDERPROMOTION, QOPT_VARIANT, QOPT_HAS_COMMENTS, QOPT_HAS_VARIATIONS,
    QOPT_COMMENT, QOPT_WHERE, /* the criteria, in enum search_criterion order */
    QOPT_UNIQUE, QOPT_DUPLICATES, QOPT_MATCH_LIMIT, QOPT_INPUT_LANG,
};

#define QUERY_OPTIONS \
    { "white", required_argument, NULL, QOPT_WHITE }, \
    { "black", required_argument, NULL, QOPT_BLACK }, \
    { "player", required_argument, NULL, QOPT_PLAYER }, \
    { "event", required_argument, NULL, QOPT_EVENT }, \
    { "site", required_argument, NULL, QOPT_SITE }, \
    { "annotator", required_argument, NULL, QOPT_ANNOTATOR }, \
    { "tag", required_argument, NULL, QOPT_TAG }, \
    { "elo-min", required_argument, NULL, QOPT_ELO_MIN }, \
    { "elo-max", required_argument, NULL, QOPT_ELO_MAX }, \
    { "white-elo", required_argument, NULL, QOPT_WHITE_ELO }, \
    { "black-elo", required_argument, NULL, QOPT_BLACK_ELO }, \
    { "elo-diff", required_argument, NULL, QOPT_ELO_DIFF }, \
    { "date-from", required_argument, NULL, QOPT_DATE_FROM }, \
    { "date-to", required_argument, NULL, QOPT_DATE_TO }, \
    { "eco", required_argument, NULL, QOPT_ECO }, \
    { "result", required_argument, NULL, QOPT_RESULT }, \
    { "plies-min", required_argument, NULL, QOPT_PLIES_MIN }, \
    { "plies-max", required_argument, NULL, QOPT_PLIES_MAX }, \
    { "time-control", required_argument, NULL, QOPT_TIME_CONTROL }, \
    { "moves", required_argument, NULL, QOPT_MOVES }, \
    { "position", required_argument, NULL, QOPT_POSITION }, \
    { "material", required_argument, NULL, QOPT_MATERIAL }, \
    { "material-end", required_argument, NULL, QOPT_MATERIAL_END }, \
    { "contains-move", required_argument, NULL, QOPT_CONTAINS_MOVE }, \
    { "checkmate", no_argument, NULL, QOPT_CHECKMATE }, \
    { "stalemate", no_argument, NULL, QOPT_STALEMATE }, \
    { "dead-position", no_argument, NULL, QOPT_DEAD_POSITION }, \
    { "repetition", required_argument, NULL, QOPT_REPETITION }, \
    { "fifty", no_argument, NULL, QOPT_FIFTY }, \
    { "seventyfive", no_argument, NULL, QOPT_SEVENTYFIVE }, \
    { "underpromotion", no_argument, NULL, QOPT_UNDERPROMOTION }, \
    { "variant", required_argument, NULL, QOPT_VARIANT }, \
    { "has-comments", no_argument, NULL, QOPT_HAS_COMMENTS }, \
    { "has-variations", no_argument, NULL, QOPT_HAS_VARIATIONS }, \
    { "comment", required_argument, NULL, QOPT_COMMENT }, \
    { "where", required_argument, NULL, QOPT_WHERE }, \
    { "ignore-case", no_argument, NULL, 'i' }, \
    { "unique", no_argument, NULL, QOPT_UNIQUE }, \
    { "duplicates", no_argument, NULL, QOPT_DUPLICATES }, \
    { "match-limit", required_argument, NULL, QOPT_MATCH_LIMIT }, \
    { "input-lang", required_argument, NULL, QOPT_INPUT_LANG }

#define QUERY_USAGE \
    "Tags (PCRE2 regular expressions, unanchored):", \
    "        --white RE  --black RE  --player RE (either colour)", \
    "        --event RE  --site RE  --annotator RE  --tag NAME=RE", \
    "    -i, --ignore-case     every regular expression ignores case", \
    "Numbers (RANGE: N, N-M, N- or -M):", \
    "        --elo-min N  --elo-max N      both ratings at least / at most N", \
    "        --white-elo RANGE  --black-elo RANGE  --elo-diff RANGE", \
    "        --date-from DATE  --date-to DATE  (2015, 2015.06 or 2015.06.16)", \
    "        --eco RANGE       ECO codes: B90-B99, B90, B9, B", \
    "        --result LIST     1-0, 0-1, 1/2-1/2, * (comma-separated)", \
    "        --plies-min N  --plies-max N", \
    "        --time-control TC bullet, blitz, rapid, ..., BASE+INC, or seconds", \
    "Moves and positions (main line):", \
    "        --moves TEXT      starts with these moves (\"1. e4 c5 2. Nf3\", any notation)", \
    "        --position FEN    the position occurs", \
    "        --material W:B    material at some point (KRP:KR); --material-end W:B", \
    "        --contains-move M a move like Nf3, exd5, O-O, e8=N, or =N", \
    "Game features:", \
    "        --checkmate  --stalemate  --dead-position  --fifty  --seventyfive", \
    "        --repetition N    a position occurs N times", \
    "        --underpromotion  --has-comments  --has-variations", \
    "        --variant NAME    any, standard, chess960, or a Variant tag value", \
    "        --comment RE      a comment matches", \
    "        --where EXPR      a condition in the expression language (pgnkit-search(1))", \
    "Selection:", \
    "        --unique          drop games whose start position and main line came before", \
    "        --duplicates      keep only those repeats", \
    "        --input-lang LANG read moves in LANG (default: auto, decided per game)", \
    "        --match-limit N   regex backtracking limit per match (100000)"

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
};

/** Sets the defaults: no criteria, auto language. */
void query_opts_init(struct query_opts *o);

/**
 * Takes option opt with argument arg (kept by pointer: argv strings live
 * long enough). Returns 1 when it is a selection option, 0 when not, -1
 * after reporting a bad value.
 */
int query_opts_parse(struct query_opts *o, int opt, char *arg);

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
 * --unique/--duplicates for a game that met the criteria, from its
 * duplicate key: 1 to keep it, 0 when left out (counted in o->dropped).
 */
int query_opts_keep(struct query_opts *o, const void *key, size_t len);

/**
 * Reader flags (enum pgn_reader_flags) for the inputs to select from (after
 * query_opts_build): PGN_READER_LAZY when the cheapest criterion reads tags
 * only, so games it turns down need not be parsed past their tags; 0 when
 * every game needs its moves anyway (no criterion but --unique or
 * --duplicates, or a first criterion on the moves).
 */
unsigned query_opts_reader_flags(const struct query_opts *o);

/** Frees what o holds. */
void query_opts_release(struct query_opts *o);

#endif
