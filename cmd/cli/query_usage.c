/* query_usage.c - how -h shows the search criteria: their order, sections, argument names and help. */
/* SPDX-License-Identifier: MIT */
#include "cli/query_usage.h"
#include "base/banned.h"

/* A criterion whose help is "" has a line of its own without help. */
static const struct criterion_usage rows[] = {
    { SQ_WHITE, "Tags (PCRE2 regular expressions, unanchored):", "RE", "(either colour)" },
    { SQ_BLACK, NULL, "RE", NULL },
    { SQ_PLAYER, NULL, "RE", NULL },
    { SQ_PLAYER_LIKE, NULL, "NAME", "a player spelled any way: Tahl, \"Nepomnjaschtschi, J.\"" },
    { SQ_EVENT, NULL, "RE", "" },
    { SQ_SITE, NULL, "RE", NULL },
    { SQ_ANNOTATOR, NULL, "RE", NULL },
    { SQ_TAG, NULL, "NAME=RE", NULL },
    { QUERY_USAGE_ICASE, NULL, NULL, "every regular expression ignores case" },
    { SQ_ELO_MIN, "Numbers (RANGE: N, N-M, N- or -M):", "N", "both ratings at least / at most N" },
    { SQ_ELO_MAX, NULL, "N", NULL },
    { SQ_WHITE_ELO, NULL, "RANGE", "" },
    { SQ_BLACK_ELO, NULL, "RANGE", NULL },
    { SQ_ELO_DIFF, NULL, "RANGE", NULL },
    { SQ_DATE_FROM, NULL, "DATE", "(2015, 2015.06 or 2015.06.16)" },
    { SQ_DATE_TO, NULL, "DATE", NULL },
    { SQ_ECO, NULL, "RANGE", "ECO codes: B90-B99, B90, B9, B" },
    { SQ_RESULT, NULL, "LIST", "1-0, 0-1, 1/2-1/2, * (comma-separated)" },
    { SQ_PLIES_MIN, NULL, "N", "" },
    { SQ_PLIES_MAX, NULL, "N", NULL },
    { SQ_TIME_CONTROL, NULL, "TC", "bullet, blitz, rapid, ..., BASE+INC, or seconds" },
    { SQ_MOVES, "Moves and positions (main line):", "TEXT",
      "starts with these moves (\"1. e4 c5 2. Nf3\", any notation)" },
    { SQ_POSITION, NULL, "FEN", "the position occurs (a board alone: any castling rights)" },
    { SQ_POSITION_PATTERN, NULL, "P",
      "a board fits: r?bqk*/pp*/*/*/*/*/*/R3K2R w; ? ! A a [Qq] [^Pp] *" },
    { SQ_POSITION_PATTERN_EITHER, NULL, "P", "the pattern for either colour" },
    { SQ_MATERIAL, NULL, "W:B", "material for 2 positions in a row (KRP:KR, KR+P2-:KL)" },
    { SQ_MATERIAL_EITHER, NULL, "W:B", "with either colour" },
    { SQ_MATERIAL_END, NULL, "W:B", "at the end" },
    { SQ_CONTAINS_MOVE, NULL, "M", "a move like Nf3, exd5, O-O, e8=N, or =N" },
    { SQ_MOVES_ANYWHERE, NULL, "M", "these moves in a row anywhere (\"Nf3 * Bb5\"; * any move)" },
    { SQ_MOVES_FILE, NULL, "F", "starts with any line of moves of file F" },
    { SQ_POSITIONS_FILE, NULL, "F", "reaches any position of F (FENs or lines of moves)" },
    { SQ_POLYGLOT_KEY, NULL, "HEX", "a position with this Polyglot key" },
    { SQ_REPERTOIRE, NULL, "F", "leaves the repertoire of PGN file F (its moves and variations)" },
    { SQ_CHECKMATE, "Game features:", NULL, "" },
    { SQ_STALEMATE, NULL, NULL, NULL },
    { SQ_DEAD_POSITION, NULL, NULL, NULL },
    { SQ_FIFTY, NULL, NULL, NULL },
    { SQ_SEVENTYFIVE, NULL, NULL, NULL },
    { SQ_REPETITION, NULL, "N", "a position occurs N times" },
    { SQ_UNDERPROMOTION, NULL, NULL, "" },
    { SQ_HAS_COMMENTS, NULL, NULL, NULL },
    { SQ_HAS_VARIATIONS, NULL, NULL, NULL },
    { SQ_VARIANT, NULL, "NAME", "any, standard, chess960, or a Variant tag value" },
    { SQ_COMMENT, NULL, "RE", "a comment matches" },
    { SQ_TIME_TROUBLE, NULL, "SECONDS", "a move left under SECONDS on the clock lost 30 win %" },
    { SQ_WHERE, NULL, "EXPR", "a condition in the expression language (pgnkit-search(1))" },
};
_Static_assert(sizeof rows / sizeof rows[0] == SQ_CRITERION_COUNT + 1,
               "a row per criterion, and -i's");

const struct criterion_usage *query_usage_rows(size_t *n)
{
    *n = sizeof rows / sizeof rows[0];
    return rows;
}
