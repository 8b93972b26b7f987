/* follow.h - --follow: read a PGN file still being written, each game once when it is finished. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_FOLLOW_H
#define CMD_FOLLOW_H

#include "cli/cmdline.h"
#include "cli/driver.h"
#include "notation/notation.h"

/*
 * A live broadcast (a DGT board feed) appends to its PGN file as the moves
 * are played, corrects a game already written by rewriting the file, and
 * sometimes replaces the file by a new one. Following such a file is one
 * loop, the same for validate, convert and search:
 *
 *   struct follow_opts fo = FOLLOW_OPTS_INIT;
 *   ... OPT_GROUP(follow_options, &fo), ... in the command's table
 *   parse_options(...);
 *   if (follow_check(&fo, argc - optind, argv + optind)) return EXIT_USAGE;
 *   driver_init(&d, ...);
 *   follow_attach(&fo, &d);          // after driver_init, before driver_run
 *
 * The loop (follow_read) rereads the file whenever it changes and hands
 * the driver only the games that are finished (a game is finished when it
 * has its result, 1-0, 0-1 or 1/2-1/2, or no result token and another game
 * after it; '*' is a game still being played) and that it has not
 * handed over in that form before. A game is known by its tags (Event,
 * Round, Board, White, Black, and how many games before it in the file
 * have the same five): a game whose text changed is handed over once more, after a
 * note that says which move changed; one whose text is unchanged is not,
 * wherever it now stands in the file. A game still being played waits for
 * its result, or with --dgt (set by the command) for the kings-on-the-
 * centre signal, which finishes a '*' game too.
 *
 * With --moves-live, each new move of every game, finished or not, is
 * also told as a line on standard output as it appears, and a move taken
 * back as one (cli/follow_live.h).
 *
 * It stops at SIGINT or SIGTERM (the driver's interrupt), when the command
 * says stop, or after --until-idle SECONDS without a change of the file.
 */
struct follow_opts {
    int on;            /* --follow */
    double until_idle; /* --until-idle SECONDS; negative: until a signal */
    int moves_live;    /* --moves-live */
    int quiet;         /* the command's -q: no notes and no summary */
    int dgt;           /* the command's --dgt: the kings-on-the-centre signal finishes a game */
    int lang;          /* the command's --input-lang (a notation.h id or NOTATION_AUTO) */
    /* What the loop saw, for the command's summary. */
    unsigned long long games, corrected;
    unsigned incomplete; /* games without their result when the loop last read the file */
};

#define FOLLOW_OPTS_INIT { .until_idle = -1, .lang = NOTATION_AUTO }

/* The group's options: --follow, --until-idle SECONDS and --moves-live. */
extern const struct option_entry follow_options[];

/**
 * Checks the options against the n operands: --follow reads one file
 * (not standard input), --until-idle and --moves-live need --follow. 0, or -1 after
 * reporting.
 */
int follow_check(const struct follow_opts *o, int n, char *const *inputs);

/** With --follow, makes d's reading of its input the follow loop; else does nothing. */
void follow_attach(struct follow_opts *o, struct driver *d);

#endif
