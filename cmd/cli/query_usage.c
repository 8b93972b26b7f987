/* query_usage.c - the usage lines of the search criteria, as the command line offers them. */
/* SPDX-License-Identifier: MIT */
#include "cli/query_usage.h"
#include "base/banned.h"

/*
 * A criterion's usage line is printed at its place in enum search_criterion
 * order and may name criteria that come later (--black with --white); a
 * section heading goes before it. Criteria without a row are named by an
 * earlier line. The option names are the criteria's names
 * (search_criterion_info()) with "--" in front.
 */
struct criterion_usage {
    const char *section; /* a heading printed before the line, or NULL */
    const char *line;    /* the usage line, or NULL */
};

static const struct criterion_usage rows[SQ_CRITERION_COUNT] = {
    [SQ_WHITE] = { "Tags (PCRE2 regular expressions, unanchored):",
        "        --white RE  --black RE  --player RE (either colour)" },
    [SQ_PLAYER_LIKE] = { NULL,
        "        --player-like NAME  a player spelled any way: Tahl, \"Nepomnjaschtschi, J.\"" },
    [SQ_EVENT] = { NULL,
        "        --event RE  --site RE  --annotator RE  --tag NAME=RE" },
    [SQ_ELO_MIN] = { "Numbers (RANGE: N, N-M, N- or -M):",
        "        --elo-min N  --elo-max N      both ratings at least / at most N" },
    [SQ_WHITE_ELO] = { NULL,
        "        --white-elo RANGE  --black-elo RANGE  --elo-diff RANGE" },
    [SQ_DATE_FROM] = { NULL,
        "        --date-from DATE  --date-to DATE  (2015, 2015.06 or 2015.06.16)" },
    [SQ_ECO] = { NULL,
        "        --eco RANGE       ECO codes: B90-B99, B90, B9, B" },
    [SQ_RESULT] = { NULL,
        "        --result LIST     1-0, 0-1, 1/2-1/2, * (comma-separated)" },
    [SQ_PLIES_MIN] = { NULL,
        "        --plies-min N  --plies-max N" },
    [SQ_TIME_CONTROL] = { NULL,
        "        --time-control TC bullet, blitz, rapid, ..., BASE+INC, or seconds" },
    [SQ_MOVES] = { "Moves and positions (main line):",
        "        --moves TEXT      starts with these moves (\"1. e4 c5 2. Nf3\", any notation)" },
    [SQ_POSITION] = { NULL,
        "        --position FEN    the position occurs (a board alone: any castling rights)" },
    [SQ_POSITION_PATTERN] = { NULL,
        "        --position-pattern P  a board fits: r?bqk*/pp*/*/*/*/*/*/R3K2R w; ? ! A a [Qq] "
        "[^Pp] *" },
    [SQ_POSITION_PATTERN_EITHER] = { NULL,
        "        --position-pattern-either P  the pattern for either colour" },
    [SQ_MATERIAL] = { NULL,
        "        --material W:B    material for 2 positions in a row (KRP:KR, KR+P2-:KL)" },
    [SQ_MATERIAL_EITHER] = { NULL,
        "        --material-either W:B  with either colour;  --material-end W:B  at the end" },
    [SQ_CONTAINS_MOVE] = { NULL,
        "        --contains-move M a move like Nf3, exd5, O-O, e8=N, or =N" },
    [SQ_MOVES_ANYWHERE] = { NULL,
        "        --moves-anywhere M  these moves in a row anywhere (\"Nf3 * Bb5\"; * any move)" },
    [SQ_MOVES_FILE] = { NULL,
        "        --moves-file F  starts with any line of moves of file F" },
    [SQ_POSITIONS_FILE] = { NULL,
        "        --positions-file F  reaches any position of F (FENs or lines of moves)" },
    [SQ_POLYGLOT_KEY] = { NULL,
        "        --polyglot-key HEX  a position with this Polyglot key" },
    [SQ_CHECKMATE] = { "Game features:",
        "        --checkmate  --stalemate  --dead-position  --fifty  --seventyfive" },
    [SQ_REPETITION] = { NULL,
        "        --repetition N    a position occurs N times" },
    [SQ_UNDERPROMOTION] = { NULL,
        "        --underpromotion  --has-comments  --has-variations" },
    [SQ_VARIANT] = { NULL,
        "        --variant NAME    any, standard, chess960, or a Variant tag value" },
    [SQ_COMMENT] = { NULL,
        "        --comment RE      a comment matches" },
    [SQ_WHERE] = { NULL,
        "        --where EXPR      a condition in the expression language (pgnkit-search(1))" },
};

void query_usage_print(FILE *f, int criterion)
{
    if (criterion < 0 || criterion >= SQ_CRITERION_COUNT)
        return;
    if (rows[criterion].section)
        fprintf(f, "%s\n", rows[criterion].section);
    if (rows[criterion].line)
        fprintf(f, "%s\n", rows[criterion].line);
}
