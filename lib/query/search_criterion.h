/* search_criterion.h - inside search_query: one compiled criterion, and the matchers that walk the main line. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SEARCH_CRITERION_H
#define LIB_SEARCH_CRITERION_H

#include <stdint.h>
#include "chess/material.h"
#include "chess/position.h"
#include "notation/san.h"
#include "pgn/tagvalue.h"
#include "query/board_pattern.h"
#include "query/game_facts.h"
#include "query/material_pattern.h"
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
};

/* The matchers of search_mainline.c (see the table in search_query.c). */
match_fn sq_match_moves, sq_match_position, sq_match_material, sq_match_material_end,
    sq_match_contains_move, sq_match_repetition, sq_match_board_pattern;

#endif
