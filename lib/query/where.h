/* where.h - the --where expression language: boolean conditions on tags and computed fields of a game. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_WHERE_H
#define LIB_WHERE_H

#include <stddef.h>
#include <stdint.h>
#include "query/game_facts.h"

/*
 * GRAMMAR (keywords are case-insensitive; blanks between tokens are free):
 *
 *   expr     = and { ("or" | "||") and }
 *   and      = unary { ("and" | "&&") unary }
 *   unary    = ("not" | "!") unary | primary
 *   primary  = "(" expr ")" | operand [ op operand ]
 *   op       = "=" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "~" | "!~"
 *   operand  = NAME | STRING | NUMBER | "true" | "false"
 *   NAME     = letter { letter | digit | "_" }
 *   STRING   = '"' { character | '\"' | '\\' } '"'  (or between ' quotes)
 *   NUMBER   = [ "-" ] digit { digit }
 *
 * A NAME is a field (game_facts.h: white, black, player, event, site, date,
 * year, round, result, eco, opening, annotator, white_elo, black_elo,
 * min_elo, max_elo, elo_diff, time_control, speed, time_estimate, variant,
 * termination, game, plies, moves, comments, variations, comment,
 * has_comments, has_variations, checkmate, stalemate, dead_position,
 * threefold, fivefold, fifty, seventyfive, underpromotion, material, valid),
 * else the name of a tag (case-sensitive: WhiteTitle, PlyCount).
 *
 * MEANING.
 *   - A bare operand is a condition: a yes/no field is its value, any other
 *     field or tag is true when the game has it (a tag: non-empty).
 *   - Comparisons: numbers as numbers (a tag holding a number compares as
 *     one; a tag that does not is unequal to every number), text as bytes,
 *     yes/no fields only with = and != against true, false or another one.
 *   - date compares as the range of days its known parts allow, against a
 *     partial date "2015", "2015.06", "2015.06.16" (or a year number):
 *     date >= D when it is surely not before D's first day, date <= D when
 *     surely not after D's last, date = D when surely inside D; < and >
 *     when surely before or after all of D.
 *   - a ~ "REGEX": PCRE2, unanchored, case-insensitive with FILTER_ICASE;
 *     numbers match as their text.
 *   - A field with several values (player: White and Black; comment: every
 *     comment) compares true when one of them does. A missing field has no
 *     value: every comparison is false, except != and !~, which are always
 *     the negation of = and ~ ("player != X" is "no player is X").
 *
 * ERRORS are values: a message and the 1-based column (byte) in the text.
 */

struct where;

enum { WHERE_MSG_MAX = 200 };

struct where_error {
    size_t col; /* 1-based byte column of the offending token; 0 when none */
    char msg[WHERE_MSG_MAX];
};

/**
 * Parses and checks expr (NUL-terminated); regexes get filter_flags (enum
 * filter_flags) and the match limit (0 = default). Returns PGN_OK and *out,
 * PGN_ESYNTAX with *err set, or PGN_ENOMEM.
 */
int where_parse(struct where **out, const char *expr, unsigned filter_flags, unsigned long limit,
                struct where_error *err);

/**
 * 1 when the current game of f satisfies w, 0 when not, or a negative
 * status when a level of facts could not be reached. The cheapest operands
 * of every and/or are tried first, so game facts are computed only when
 * the answer depends on them.
 */
int where_eval(const struct where *w, struct game_facts *f);

/** The most expensive level (enum facts_level) w may need. */
int where_level(const struct where *w);

/** The cheapest level some answer of w needs (its first step). */
int where_min_level(const struct where *w);

/** Writes w fully parenthesised (for tests and messages) into out; returns the length. */
size_t where_format(const struct where *w, char *out, size_t cap);

/**
 * Regex limits: the pattern of one of w's regexes that gave up at its limit
 * and was not reported yet (it is then marked reported), or NULL.
 */
const char *where_new_limit_hit(struct where *w);

/** Frees w (NULL is allowed). */
void where_free(struct where *w);

#endif
