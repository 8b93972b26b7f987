/* search_query.h - a set of game criteria (tags, numbers, moves, positions, features, expressions), matched in one pass. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SEARCH_QUERY_H
#define LIB_SEARCH_QUERY_H

#include <stddef.h>
#include <stdint.h>
#include "query/game_facts.h"
#include "pgn/spelling.h"

/*
 * A query is built once from criteria (each one a kind and its argument as
 * text, as a command line gives them) and then asked about game after game:
 *
 *   struct search_query *q;
 *   search_query_new(&q, &opts);
 *   search_query_add(q, SQ_PLAYER, "Carlsen", &err);   // every criterion must hold
 *   search_query_add(q, SQ_ECO, "B90-B99", &err);
 *   for each game g:
 *       game_facts_reset(&facts, &g, reader);
 *       if (search_query_match(q, &facts) > 0) ...
 *
 * Criteria run cheapest first: tag criteria before movetext counts before
 * main-line positions, so a game that fails on its tags is never parsed or
 * replayed (the reader may hand it over lazily, see pgn_reader.h). Every
 * regex is compiled once (PCRE2, JIT) and bounded (see filter.h).
 *
 * Argument syntax, per criterion (what search_query_add parses):
 *
 *   SQ_WHITE SQ_BLACK SQ_PLAYER SQ_EVENT SQ_SITE SQ_ANNOTATOR  REGEX on the tag
 *       (SQ_PLAYER: White or Black)
 *   SQ_PLAYER_LIKE  a name, matched fuzzily on White or Black (name_like.h)
 *   SQ_TAG          NAME=REGEX: a tag NAME whose value matches
 *   SQ_ELO_MIN SQ_ELO_MAX          N: both ratings at least / at most N
 *   SQ_WHITE_ELO SQ_BLACK_ELO SQ_ELO_DIFF  RANGE "N", "N-M", "N-", "-M"
 *       (SQ_ELO_DIFF: the difference of the two ratings, either way)
 *   SQ_DATE_FROM SQ_DATE_TO        partial date "2015", "2015.06", "2015.06.16":
 *       the game's date is surely on or after the first day / on or before
 *       the last day it stands for (unknown parts widen the game's date)
 *   SQ_ECO          ECO range "B90-B99", "B90", "B9", "B", "A-C"
 *   SQ_RESULT       results, comma-separated: 1-0, 0-1, 1/2-1/2, *
 *   SQ_PLIES_MIN SQ_PLIES_MAX      N: main-line plies
 *   SQ_TIME_CONTROL a speed (ultrabullet, bullet, blitz, rapid, classical),
 *       "BASE+INC" exactly, or a RANGE of estimated seconds (base + 40 * inc)
 *   SQ_MOVES        movetext "1. e4 c5 2. Nf3": the game starts with these
 *       moves from the same start position (read like a game: any notation
 *       and language, a [FEN] tag pair allowed)
 *   SQ_POSITION     FEN: the position occurs in the main line (start included);
 *       a board alone (with or without the side to move) is a SQ_POSITION_PATTERN
 *   SQ_POSITION_PATTERN  a board pattern (board_pattern.h) fits a position
 *   SQ_POSITION_PATTERN_EITHER  the pattern, or its colours swapped, fits
 *   SQ_MATERIAL     a pattern "KRP:KR", "KR+P2-:KR", "KL2:KR" (material_pattern.h)
 *       that the material fits for material_plies positions in a row (2 by
 *       default; the last position of the game counts as lasting) in the main line
 *   SQ_MATERIAL_EITHER  the same with the colours as written or swapped
 *   SQ_MATERIAL_END the pattern, at the end of the main line
 *   SQ_CONTAINS_MOVE a move of the main line fits the pattern: SAN with the
 *       parts given ("Nf3", "exd5", "e8=N", "O-O", "Rxe1"; an x requires a
 *       capture) or "=N" for any promotion to that piece
 *   SQ_MOVES_ANYWHERE  moves "Nf3 * Bb5" (SAN patterns as SQ_CONTAINS_MOVE, '*' for
 *       any move; move numbers skipped) played one after the other anywhere
 *   SQ_MOVES_FILE   a file of lines of moves (from the standard start; '%'
 *       comments): the game starts with any of them
 *   SQ_POSITIONS_FILE  a file of FENs or lines of moves: any of the positions
 *       (the position after a line) occurs
 *   SQ_POLYGLOT_KEY 16 hex digits: a position with this Polyglot key occurs
 *   SQ_REPERTOIRE   a PGN file read as a repertoire (repertoire.h): the main
 *       line leaves it, by the side repertoire_exit asks (of the repertoire's
 *       side repertoire_side; both sides and any exit by default)
 *   SQ_CHECKMATE SQ_STALEMATE SQ_DEAD_POSITION  the main line ends so
 *   SQ_REPETITION   N: a position occurs N times (3, 5, ...)
 *   SQ_FIFTY SQ_SEVENTYFIVE        the halfmove clock reaches 100 / 150
 *   SQ_UNDERPROMOTION              a promotion to a knight, bishop or rook
 *   SQ_VARIANT      "any" (not standard chess), "standard", "chess960", or a
 *       Variant tag value (letters and digits compared, case ignored)
 *   SQ_HAS_COMMENTS SQ_HAS_VARIATIONS   comments with text / variations
 *   SQ_COMMENT      REGEX on the text of any comment
 *   SQ_TIME_TROUBLE N: a move left the mover's clock ([%clk]) under N
 *       seconds and lost at least PLAY_TROUBLE_DROP win percentage points
 *       (from the [%eval] before and after it; play_totals.h)
 *   SQ_WHERE        an expression (where.h)
 * Criteria without an argument ignore it (pass NULL).
 */

/* The criteria, in the order of the table in search_query.c (see there). */
enum search_criterion {
    SQ_WHITE, SQ_BLACK, SQ_PLAYER, SQ_PLAYER_LIKE, SQ_EVENT, SQ_SITE, SQ_ANNOTATOR, SQ_TAG,
    SQ_ELO_MIN, SQ_ELO_MAX, SQ_WHITE_ELO, SQ_BLACK_ELO, SQ_ELO_DIFF,
    SQ_DATE_FROM, SQ_DATE_TO, SQ_ECO, SQ_RESULT, SQ_PLIES_MIN, SQ_PLIES_MAX, SQ_TIME_CONTROL,
    SQ_MOVES, SQ_POSITION, SQ_POSITION_PATTERN, SQ_POSITION_PATTERN_EITHER, SQ_MATERIAL, SQ_MATERIAL_EITHER, SQ_MATERIAL_END, SQ_CONTAINS_MOVE,
    SQ_MOVES_ANYWHERE, SQ_MOVES_FILE, SQ_POSITIONS_FILE, SQ_POLYGLOT_KEY, SQ_REPERTOIRE,
    SQ_CHECKMATE, SQ_STALEMATE, SQ_DEAD_POSITION, SQ_REPETITION, SQ_FIFTY, SQ_SEVENTYFIVE,
    SQ_UNDERPROMOTION, SQ_VARIANT, SQ_HAS_COMMENTS, SQ_HAS_VARIATIONS, SQ_COMMENT,
    SQ_TIME_TROUBLE, SQ_WHERE,
    SQ_CRITERION_COUNT
};

/*
 * What a caller needs to know of a criterion to offer it, from the one table
 * of criteria that also builds and matches them: its name, whether it takes
 * an argument, and whether a refused argument's column means something.
 * (pgnkit's command line makes an option of each name and keeps the usage
 * text itself, in cmd/cli/query_usage.c.)
 */
struct search_criterion_info {
    const char *name;  /* the criterion's name: "white", "elo-min" */
    int takes_arg;     /* 1: it takes an argument (the syntax above), 0: none */
    int shows_column;  /* 1: a refused argument is worth showing with a caret at its column */
};

/** The row of criterion (enum search_criterion; static storage), or NULL for another number. */
const struct search_criterion_info *search_criterion_info(int criterion);

enum search_query_flags {
    SQ_ICASE = 1 << 0, /* every regex is case-insensitive */
};

struct search_query_opts {
    unsigned flags;      /* enum search_query_flags */
    unsigned long limit; /* regex match limit (0 = FILTER_DEFAULT_LIMIT) */
    int lang;            /* how SQ_MOVES and move patterns read: notation.h id or NOTATION_AUTO */
    unsigned material_plies; /* positions in a row SQ_MATERIAL must last (0: 2) */
    /* A spelling file (the caller's, kept until the query is freed), or NULL: an
     * argument of SQ_WHITE, SQ_BLACK, SQ_PLAYER, SQ_EVENT or SQ_SITE that the
     * file lists matches, instead of as a regex, every spelling of its name. */
    const struct spelling *names;
    int repertoire_side; /* SQ_REPERTOIRE: enum repertoire_side */
    int repertoire_exit; /* SQ_REPERTOIRE: enum repertoire_exit_kind that counts */
};

enum { SQ_MSG_MAX = 240 };

/* Why an argument was refused. col: 1-based column in the argument (0 when none). */
struct sq_error {
    size_t col;
    char msg[SQ_MSG_MAX];
};

struct search_query;

/** A query with no criteria (it matches every game): PGN_OK and *out, or PGN_ENOMEM. */
int search_query_new(struct search_query **out, const struct search_query_opts *opts);

/**
 * Adds criterion (enum search_criterion) with argument arg (NUL-terminated;
 * see the syntax above). Returns PGN_OK, PGN_EINVAL with *err filled (a bad
 * argument), or PGN_ENOMEM.
 */
int search_query_add(struct search_query *q, int criterion, const char *arg, struct sq_error *err);

/**
 * 1 when the current game of f meets every criterion, 0 when not, or a
 * negative status (PGN_ENOMEM, or a lazy game that could not be completed).
 */
int search_query_match(struct search_query *q, struct game_facts *f);

/* Where a criterion met a game: a position of its main line. */
struct sq_mark {
    uint32_t ply;  /* the position after this many main-line moves (0: the start) */
    int swapped;   /* the pattern fitted with its colours swapped (SQ_*_EITHER) */
    int criterion; /* enum search_criterion */
};

/**
 * For the game of f, which search_query_match() accepted (f not reset
 * since): runs the criteria again and puts into marks (room for
 * search_query_count(q)) where each criterion on main-line positions and
 * moves met it, in the order they ran: SQ_POSITION, SQ_POSITIONS_FILE and
 * SQ_POLYGLOT_KEY at the position, SQ_REPERTOIRE at the position before
 * the move that left the repertoire, the patterns at the first fitting one,
 * SQ_MATERIAL at the move that brought the material, SQ_MATERIAL_END at the
 * end, SQ_MOVES and SQ_MOVES_FILE at the end of the line, SQ_CONTAINS_MOVE
 * after the move, SQ_MOVES_ANYWHERE after the last move of the sequence.
 * Returns the number of marks, or a negative status (PGN_EINVAL when the
 * game does not meet the criteria).
 */
int search_query_marks(struct search_query *q, struct game_facts *f, struct sq_mark *marks);

struct repertoire_exit;

/**
 * For the game of f, which search_query_match() accepted: where it left the
 * repertoire of q's SQ_REPERTOIRE criterion, into *out. 1, 0 when q has no
 * such criterion, or a negative status.
 */
int search_query_repertoire_exit(struct search_query *q, struct game_facts *f,
                                 struct repertoire_exit *out);

/**
 * The facts level (enum facts_level) at which the query can first turn a
 * game down: FACTS_TAGS when its cheapest criterion reads only tags (or it
 * has none); FACTS_MOVETEXT or more when every game must be parsed anyway.
 */
int search_query_first_level(const struct search_query *q);

/**
 * The facts level (enum facts_level) that the costliest criterion of q
 * needs: FACTS_TAGS when every criterion reads only tags (or there is none).
 */
int search_query_last_level(const struct search_query *q);

/** Number of criteria. */
size_t search_query_count(const struct search_query *q);

/**
 * A regex of q that gave up at its match limit and was not reported yet:
 * its pattern (then marked reported), or NULL.
 */
const char *search_query_new_limit_hit(struct search_query *q);

/** Frees q (NULL is allowed). */
void search_query_free(struct search_query *q);

#endif
