/* book_build.h - counting the moves of games into a Polyglot opening book, as make-book weighs them. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_BOOK_BUILD_H
#define LIB_BOOK_BUILD_H

#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"

/*
 * A book is counted the way Polyglot's make-book counts it, so that the same
 * games give the same bytes:
 *
 *   - every move played in a position (its key and move) is one entry, with
 *     the games that played it (n) and their points for the side that moved
 *     (sum): 2 for a win, 1 for a draw or an unknown result, 0 for a loss;
 *   - when an entry's n reaches 16384, every entry of its position has n
 *     and sum halved (rounded up), which keeps them in 16 bits;
 *   - an entry is written when n >= min_games, sum > 0, sum / n / 2 >=
 *     min_score / 100, its side to move is not left out (only_white,
 *     only_black) and, pgnkit's own filter, its games are at least
 *     min_percent % of those of all the moves counted in its position;
 *   - its weight is sum (1 with uniform); entries are sorted by key, then
 *     by weight, highest first, then in the order they were first met,
 *     which is where make-book's stable sort leaves them.
 *
 *   struct book_builder *b = book_builder_new(&opts);
 *   book_add(b, key, polyglot_move_of(m), side, points);   // per move played
 *   book_write(b, &out);                                  // the file's bytes
 *   book_builder_free(b);
 */

/* make-book's own counting limit: an entry's n reaching it halves its position's. */
enum { BOOK_COUNT_MAX = 16384 };

struct book_opts {
    uint32_t min_games;  /* make-book -min-game (default 3) */
    double min_score;    /* make-book -min-score, a percentage (default 0) */
    double min_percent;  /* the move's share of its position's games, a percentage (0: all) */
    int only_white;      /* write only White's moves */
    int only_black;      /* write only Black's moves */
    int uniform;         /* every weight 1 */
};

struct book_builder;

/** A builder for opts (copied), or NULL when memory ran out. Free with book_builder_free(). */
struct book_builder *book_builder_new(const struct book_opts *opts);

/** Frees b; NULL is allowed. */
void book_builder_free(struct book_builder *b);

/**
 * Counts the move book_move (polyglot_move_of()) played in the position of
 * key with side (0 White, 1 Black) to move, by a side that scored points
 * (2 win, 1 draw, 0 loss) in its game. PGN_OK, PGN_ENOMEM, or PGN_ETOOBIG
 * past 2^32 - 2 entries.
 */
int book_add(struct book_builder *b, uint64_t key, uint16_t book_move, int side, int points);

/** Entries counted so far (before the filters). */
size_t book_builder_entries(const struct book_builder *b);

/**
 * Appends the book's bytes (the entries the options keep, sorted) to out;
 * b is unchanged. PGN_OK, or PGN_ENOMEM or PGN_ETOOBIG (out's cap).
 */
int book_write(const struct book_builder *b, struct buf *out);

#endif
