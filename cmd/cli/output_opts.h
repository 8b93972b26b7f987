/* output_opts.h - the command-line options that choose how games are written (convert, search, ...). */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_OUTPUT_OPTS_H
#define CMD_OUTPUT_OPTS_H

#include <getopt.h>
#include "cli/cmdline.h"
#include "write/game_out.h"
#include "replay/replay.h"

/*
 * A command that writes games puts OUTPUT_OPTIONS into its getopt_long table
 * and OUTPUT_USAGE into its usage array, and hands every option it gets to
 * output_opts_parse() before its own switch:
 *
 *   switch (output_opts_parse(&oo, opt, optarg)) {
 *   case 1: continue;             // an output option, taken
 *   case -1: return EXIT_USAGE;   // a bad value, already reported
 *   }
 *   ... the command's own options ...
 *   if (output_opts_check(&oo)) return EXIT_USAGE;
 *   game_out_init(&out, &oo.go);
 */
/* The output options' group (cmdline.h): its entries' flag, their ids below. */
extern struct opt_group output_group;
#define OUTPUT_SLOT (&output_group.seen)

enum {
    OUTOPT_FORMAT = 1, OUTOPT_NOTATION, OUTOPT_LANG, OUTOPT_BOOK, OUTOPT_CAPTURED,
    OUTOPT_WIDTH, OUTOPT_FEN, OUTOPT_PLY, OUTOPT_COLUMNS, OUTOPT_STRIP, OUTOPT_STR,
    OUTOPT_FIX_RESULTS, OUTOPT_PLIES, OUTOPT_FEN_STYLE, OUTOPT_NO_MOVE_NUMBERS,
    OUTOPT_NO_RESULTS, OUTOPT_NO_CHECKS, OUTOPT_COMMENT_LINES, OUTOPT_TAG_ORDER,
    OUTOPT_TAG_ORDER_ONLY, OUTOPT_DROP_TAG, OUTOPT_TOTAL_PLY_COUNT, OUTOPT_DROP_PLY,
    OUTOPT_DROP_BEFORE, OUTOPT_QUIESCENT, OUTOPT_SPLIT_VARIATIONS, OUTOPT_END_
};

/* The FEN style option, shared with the commands (annotate) that write FEN
 * without the other output options: fen_style_parse() reads its value. */
#define FEN_STYLE_OPTION { "fen-style", required_argument, OUTPUT_SLOT, OUTOPT_FEN_STYLE }
#define FEN_STYLE_USAGE \
    "        --fen-style LIST  FEN written: xfen (default), shredder (castling as rook", \
    "                          files), pgn (en-passant square after every double step)"

#define OUTPUT_OPTIONS \
    { "format", required_argument, OUTPUT_SLOT, OUTOPT_FORMAT }, \
    { "notation", required_argument, OUTPUT_SLOT, OUTOPT_NOTATION }, \
    { "lang", required_argument, OUTPUT_SLOT, OUTOPT_LANG }, \
    { "book", no_argument, OUTPUT_SLOT, OUTOPT_BOOK }, \
    { "captured", no_argument, OUTPUT_SLOT, OUTOPT_CAPTURED }, \
    { "width", required_argument, OUTPUT_SLOT, OUTOPT_WIDTH }, \
    { "fen", no_argument, OUTPUT_SLOT, OUTOPT_FEN }, \
    { "ply", required_argument, OUTPUT_SLOT, OUTOPT_PLY }, \
    { "columns", required_argument, OUTPUT_SLOT, OUTOPT_COLUMNS }, \
    { "strip", required_argument, OUTPUT_SLOT, OUTOPT_STRIP }, \
    { "seven-tag-roster", no_argument, OUTPUT_SLOT, OUTOPT_STR }, \
    { "fix-results", no_argument, OUTPUT_SLOT, OUTOPT_FIX_RESULTS }, \
    { "plies", required_argument, OUTPUT_SLOT, OUTOPT_PLIES }, \
    { "no-move-numbers", no_argument, OUTPUT_SLOT, OUTOPT_NO_MOVE_NUMBERS }, \
    { "no-results", no_argument, OUTPUT_SLOT, OUTOPT_NO_RESULTS }, \
    { "no-checks", no_argument, OUTPUT_SLOT, OUTOPT_NO_CHECKS }, \
    { "comment-lines", no_argument, OUTPUT_SLOT, OUTOPT_COMMENT_LINES }, \
    { "tag-order", required_argument, OUTPUT_SLOT, OUTOPT_TAG_ORDER }, \
    { "tag-order-only", no_argument, OUTPUT_SLOT, OUTOPT_TAG_ORDER_ONLY }, \
    { "drop-tag", required_argument, OUTPUT_SLOT, OUTOPT_DROP_TAG }, \
    { "total-ply-count", no_argument, OUTPUT_SLOT, OUTOPT_TOTAL_PLY_COUNT }, \
    { "drop-ply", required_argument, OUTPUT_SLOT, OUTOPT_DROP_PLY }, \
    { "drop-before", required_argument, OUTPUT_SLOT, OUTOPT_DROP_BEFORE }, \
    { "quiescent", required_argument, OUTPUT_SLOT, OUTOPT_QUIESCENT }, \
    { "split-variations", optional_argument, OUTPUT_SLOT, OUTOPT_SPLIT_VARIATIONS }, \
    FEN_STYLE_OPTION

#define OUTPUT_USAGE \
    "Output:", \
    "        --format FMT      pgn (default), json, ndjson, epd, fen, uci or csv", \
    "        --notation NOT    san (default), lan (Ng1-f3), uci (g1f3) or figurine;", \
    "                          pgn-extract's lalg, halg, elalg, xlalg, xolalg", \
    "        --lang LANG       piece letters: en (default), de, fr, es, it, pt, nl, sv,", \
    "                          fi, pl, cs, hu, ro, ru", \
    "        --book            book style: 0-0, e8D, e.p., results 1:0 ½:½ 0:1", \
    "        --captured        long notation names the captured piece: Sf3xTe5", \
    "        --width N         PGN lines of at most N characters (79; 0: no limit)", \
    "        --fen             json, ndjson: the FEN after every move", \
    "        --ply LIST        epd, fen: plies to write: all (default), start, final,", \
    "                          N, N-M, N- (comma-separated)", \
    "        --columns LIST    csv: tag names and game, file, plies, result, end,", \
    "                          start_fen, final_fen, moves, uci", \
    FEN_STYLE_USAGE, \
    "Clean-up:", \
    "        --strip LIST      leave out comments, variations, nags, clocks, evals,", \
    "                          arrows, commands, tags (comma-separated)", \
    "        --seven-tag-roster  keep only the Seven Tag Roster (and FEN, SetUp, Variant)", \
    "        --fix-results     result from how the game ended (mate, stalemate, draw by rule)", \
    "        --plies N         keep the first N plies of the main line", \
    "        --quiescent N     with --plies: go on until N plies without capture,", \
    "                          check or promotion", \
    "        --drop-ply N      leave out the first N plies (-N: keep the last N); the", \
    "                          game starts from a FEN", \
    "        --drop-before TEXT  leave out the plies up to the comment holding TEXT", \
    "        --split-variations[=DEPTH]  every variation also a game of its own", \
    "        --no-move-numbers, --no-results, --no-checks (+ and #): leave them out", \
    "        --comment-lines   PGN: every comment on lines of its own", \
    "        --tag-order FILE  the tags FILE names (white-space separated) first, in", \
    "                          its order; --tag-order-only: only those", \
    "        --drop-tag LIST   leave out these tags (comma-separated; FEN, SetUp stay)", \
    "        --total-ply-count  a TotalPlyCount tag: the plies written, variations too"

enum { OUTOPT_TAGS_MAX = 256 };

struct output_opts {
    struct game_out_opts go;
    unsigned given; /* bit OUTOPT_* per option seen */
    const char *tag_order[OUTOPT_TAGS_MAX]; /* --tag-order: names in a file read whole */
    const char *drop_tags[OUTOPT_TAGS_MAX]; /* --drop-tag: names in the arguments */
};

/** Sets the defaults (PGN export format, English SAN). */
void output_opts_init(struct output_opts *o);

/**
 * Takes option opt with argument arg (modified in place for lists, which
 * then point into it). Returns 1 when opt is an output option, 0 when it is
 * not, -1 after reporting a bad value.
 */
int output_opts_parse(struct output_opts *o, int opt, char *arg);

/**
 * Reads a --fen-style value, a comma-separated list of xfen, shredder and
 * pgn (modified in place), into *flags: pos_to_fen() flags (FEN_SHREDDER,
 * FEN_EP_ALWAYS). Returns 0, or -1 after reporting a bad word.
 */
int fen_style_parse(char *arg, int *flags);

/** Checks the options against each other; 0, or -1 after reporting. */
int output_opts_check(const struct output_opts *o);

/**
 * Errors of a replayed game that make it unfit to write in another form.
 * With fix_results, a result that the end of the game (mate, stalemate, dead
 * position, fivefold repetition, 75-move rule) contradicts, or a Result tag
 * that differs from the result token, is no obstacle: the writer fixes it
 * (replay_fixed_result()).
 */
int output_fatal_errors(const struct replay *r, int fix_results);

#endif
