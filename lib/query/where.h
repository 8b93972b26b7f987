/* where.h - the where expression language: boolean conditions on tags and computed fields of a game. */
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
 * threefold, fivefold, fifty, seventyfive, underpromotion, material,
 * white_min_clock, black_min_clock, time_control_base, time_control_increment,
 * white_time_used, black_time_used, eval_final, max_eval_swing,
 * white_/black_ blunders, mistakes, inaccuracies, accuracy, valid),
 * else the name of a tag (case-sensitive: WhiteTitle, PlyCount).
 *
 * MEANING.
 *   - A bare operand is a condition: a yes/no field is its value, any other
 *     field or tag is true when the game has it (a tag: non-empty).
 *   - Comparisons: numbers as numbers (a tag holding a number compares as
 *     one, read by tagvalue_tag_number(): WhiteElo as the rating every
 *     command reads; a tag that does not is unequal to every number; two
 *     values from the game compare as numbers when one holds a number,
 *     so "BlackElo > WhiteElo" is 1000 > 847), text as bytes,
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

/*
 * DECIDING WITHOUT THE GAME. A database knows some fields of a game without
 * reading it (its records: names, ratings, dates, features...). Given them,
 * where_decide() answers as where_eval() would, or says it cannot:
 *
 *   WHERE_NO, WHERE_YES  every operand the scan reads on the way to its
 *                        answer is known, and every regex it runs on the way
 *                        ran here, on w's own copy, within its limit
 *   WHERE_MAYBE          only reading the game tells, or a regex the scan
 *                        would run may give up at its limit (the scan reports
 *                        that, so it must see the game)
 *
 * The and/or operands are tried in where_eval's order, so WHERE_NO never
 * skips a regex the scan would have run. The getter gives value number k
 * of a field (tag NULL) or of a tag (field -1) as game_facts_get or
 * game_facts_tag would: 1 and *v, 0 when there is no (further) value, or
 * WHERE_UNKNOWN. With text set the caller matches a regex on the value:
 * the getter must then know its text (v->s as the scan has it, or NULL for
 * a computed number, whose text is its digits) or say WHERE_UNKNOWN.
 */
enum where_verdict { WHERE_NO = 0, WHERE_YES = 1, WHERE_MAYBE = 2 };
enum { WHERE_UNKNOWN = -1 };

typedef int where_getter(void *ctx, int field, const char *tag, uint32_t k, int text,
                         struct fact_value *v);

/**
 * The verdict of w (enum where_verdict) from what get(ctx, ...) knows. w
 * must be a copy of the scan's expression (where_clone): its regexes run
 * here, and the scan's limit counts must not see those runs.
 */
int where_decide(struct where *w, where_getter *get, void *ctx);

/** A new copy of w (its own regexes, same flags and limit): PGN_OK and *out, or PGN_ENOMEM. */
int where_clone(struct where **out, const struct where *w);

/** 1 when w reads field (enum field_id; -1: none) or the tag named tag (NULL: none) anywhere. */
int where_reads(const struct where *w, int field, const char *tag);

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
