/* output_opts.h - the command-line options that choose how games are written (convert, search, ...). */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_OUTPUT_OPTS_H
#define CMD_OUTPUT_OPTS_H

#include "cli/cmdline.h"
#include "write/game_out.h"
#include "replay/replay.h"

/*
 * A command that writes games includes the output options' group in its
 * option table (cmdline.h), with its storage, and checks them after
 * parse_options():
 *
 *   struct output_opts oo;
 *   output_opts_init(&oo);
 *   ... OPT_GROUP(output_options, &oo), ... in the command's table
 *   parse_options(...);
 *   if (output_opts_check(&oo)) return EXIT_USAGE;
 *   game_out_init(&out, &oo.go);
 */
/* The group's options (OPT_GROUP(output_options, &an_output_opts)): headings "Output:" and "Clean-up:". */
extern const struct option_entry output_options[];

/* The ids of the group's options (struct option_entry.number): bits of output_opts.given. */
enum {
    OUTOPT_FORMAT = 1, OUTOPT_NOTATION, OUTOPT_LANG, OUTOPT_BOOK, OUTOPT_CAPTURED,
    OUTOPT_WIDTH, OUTOPT_FEN, OUTOPT_PLY, OUTOPT_COLUMNS, OUTOPT_STRIP, OUTOPT_STR,
    OUTOPT_FIX_RESULTS, OUTOPT_PLIES, OUTOPT_FEN_STYLE, OUTOPT_NO_MOVE_NUMBERS,
    OUTOPT_NO_RESULTS, OUTOPT_NO_CHECKS, OUTOPT_COMMENT_LINES, OUTOPT_TAG_ORDER,
    OUTOPT_TAG_ORDER_ONLY, OUTOPT_DROP_TAG, OUTOPT_TOTAL_PLY_COUNT, OUTOPT_DROP_PLY,
    OUTOPT_DROP_BEFORE, OUTOPT_QUIESCENT, OUTOPT_SPLIT_VARIATIONS, OUTOPT_PER,
    OUTOPT_SKIP_OPENING, OUTOPT_MIN_PLY, OUTOPT_RANDOM, OUTOPT_SEED, OUTOPT_DIAGRAM_PLY,
    OUTOPT_END_
};

/* The help of --fen-style, which annotate takes too (fen_style_parse() reads it). */
#define FEN_STYLE_HELP \
    "FEN written: xfen (default), shredder (castling as rook\n" \
    "files), pgn (en-passant square after every double step)"
enum { OUTOPT_TAGS_MAX = 256 };

struct output_opts {
    struct game_out_opts go;
    uint64_t given; /* bit OUTOPT_* per option seen */
    const char *tag_order[OUTOPT_TAGS_MAX]; /* --tag-order: names in a file read whole */
    const char *drop_tags[OUTOPT_TAGS_MAX]; /* --drop-tag: names in the arguments */
};

/** Sets the defaults (PGN export format, English SAN). */
void output_opts_init(struct output_opts *o);

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
