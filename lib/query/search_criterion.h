/* search_criterion.h - inside search_query: one compiled criterion, and the matchers that walk the main line. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SEARCH_CRITERION_H
#define LIB_SEARCH_CRITERION_H

#include <stdint.h>
#include "base/compiler.h"
#include "chess/material.h"
#include "chess/position.h"
#include "notation/san.h"
#include "pgn/tagvalue.h"
#include "query/board_pattern.h"
#include "query/game_facts.h"
#include "query/material_pattern.h"
#include "query/name_like.h"
#include "query/repertoire.h"
#include "query/search_query.h"

/*
 * Internal to lib/query: search_query.c builds criteria from the table of
 * kinds there (one row per enum search_criterion); search_mainline.c holds
 * the matchers of the criteria on main-line positions and moves.
 */
struct criterion;
struct search_query;

/* Reads a criterion's argument into c; PGN_OK, PGN_EINVAL with *err, or PGN_ENOMEM. */
typedef int build_fn(struct search_query *q, struct criterion *c, const char *arg,
                     struct sq_error *err);
/* 1 when the game of f meets c, 0 when not, < 0 on an error. */
typedef int match_fn(struct game_facts *f, const struct criterion *c);

struct criterion {
    int kind;        /* enum search_criterion */
    int level;       /* enum facts_level it needs */
    match_fn *match; /* the kind's (a copy: one load less per game) */
    struct filter *re;
    struct name_like *name; /* SQ_PLAYER_LIKE */
    /* A name criterion whose argument the spelling file lists: every spelling
     * of canonical (a name_kind, enum spelling_kind) matches, and re is NULL */
    const char *canonical;
    int name_kind;
    const struct spelling *names;
    int reported; /* the regex's limit hit was reported */
    char *tag;    /* SQ_TAG: the name; SQ_VARIANT: the squeezed name */
    int64_t lo, hi;
    struct date_range date;
    unsigned results; /* SQ_RESULT: bit per enum pgn_result */
    int tc_exact;     /* SQ_TIME_CONTROL: BASE+INC given (lo, hi) */
    const char *tag_name; /* the tag a regex criterion reads */
    int field;            /* the field a range or feature criterion reads */
    /* positions */
    struct pos target;
    uint64_t key;
    struct material mat;
    struct material_pattern mpat[2]; /* SQ_MATERIAL*: as written, and colours swapped */
    int either;                      /* SQ_MATERIAL_EITHER: mpat[1] counts too */
    uint32_t plies;                  /* SQ_MATERIAL*: positions in a row the material must last */
    bitboard home_pawns[2]; /* target's pawns on their start rank: they can never come back */
    struct board_pattern bpat[2]; /* SQ_POSITION_PATTERN*: as written, colours swapped */
    move16 *moves;          /* SQ_MOVES */
    uint32_t nmoves;
    struct san_parts pattern; /* SQ_CONTAINS_MOVE */
    int promo_only;
    struct where *where;
    /* lists (search_lists.c) */
    struct san_parts *patterns; /* SQ_MOVES_ANYWHERE: one per move, kind 0xff for '*' */
    uint32_t npatterns;
    struct pos *targets;        /* SQ_POSITIONS_FILE: sorted by repetition key */
    uint64_t *ends;             /* SQ_MOVES_FILE: end of each line in moves[] */
    uint32_t ntargets;          /* targets, or lines of SQ_MOVES_FILE */
    struct repertoire *book;    /* SQ_REPERTOIRE */
    int book_side, book_exit;   /* SQ_REPERTOIRE: the query's repertoire_side and _exit */
};

/** Fills err (col, printf-like message) and returns PGN_EINVAL. */
PRINTF_LIKE(3, 4)
int sq_refuse(struct sq_error *err, size_t col, const char *fmt, ...);

/**
 * Reads the movetext arg like a game (q's language): its main line into
 * c->moves, c->nmoves, its start into c->target and c->key when c is not
 * NULL; the position after it into *final when final is not NULL. PGN_OK,
 * PGN_EINVAL with *err, or PGN_ENOMEM.
 */
int sq_read_moves(struct search_query *q, const char *arg, struct criterion *c,
                  struct pos *final, struct sq_error *err);

/*
 * The main line of f's game set to its start in *it, or NULL with *rc = 0
 * when it cannot be walked (a variant, a bad FEN) or < 0 on an error.
 */
struct mainline *sq_walk_start(struct game_facts *f, struct ml_iter *it, int *rc);

/* 1 when position p meets criterion c. */
typedef int position_test(const struct criterion *c, const struct pos *p);

/** 1 when some position of the main line of f (the start included) fits; 0, or < 0 on an error. */
int sq_some_position(struct game_facts *f, const struct criterion *c, position_test *fits);

/** The criteria of q in the order they run (cheapest first): *n of them (a database's planner reads them). */
const struct criterion *sq_criteria(const struct search_query *q, size_t *n);

/**
 * For a name criterion with a canonical name (a spelling file listed its
 * argument): 1 when s[0..len) is a spelling of that name. The scan and the
 * database's plan both ask here, so they agree on every name.
 */
int sq_same_name(const struct criterion *c, const char *s, size_t len);

/** The language move patterns are read in: the query's lang, English for NOTATION_AUTO. */
int sq_pattern_lang(const struct search_query *q);

/** The options q was made with. */
const struct search_query_opts *sq_opts(const struct search_query *q);

/** The builders and matchers of search_lists.c and search_repertoire.c. */
build_fn sq_build_polyglot_key, sq_build_positions_file, sq_build_moves_file,
    sq_build_moves_anywhere, sq_build_repertoire;

/* The matchers of search_mainline.c (see the table in search_query.c). */
match_fn sq_match_moves, sq_match_position, sq_match_material, sq_match_material_end,
    sq_match_contains_move, sq_match_repetition, sq_match_board_pattern,
    sq_match_polyglot_key, sq_match_positions_file, sq_match_moves_file, sq_match_moves_anywhere, sq_match_repertoire;

/* 1 when move m, played in p, fits pattern sp (promo_only: sp names only a promotion piece). */
int sq_move_fits(const struct san_parts *sp, int promo_only, const struct pos *p, move16 m);

#endif
