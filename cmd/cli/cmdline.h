/* cmdline.h - reading a command's options: git-style errors, hidden aliases, --color, completion. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_CMDLINE_H
#define CMD_CMDLINE_H

#include <getopt.h>
#include <stdio.h>

/*
 * Every command reads its options with cmd_getopt() instead of
 * getopt_long(), and returns usage_error(its_usage) on '?':
 *
 *   while ((opt = cmd_getopt(argc, argv, "qhj:", options)) != -1)
 *       switch (opt) { ... default: return usage_error(usage); }
 *
 * cmd_getopt() adds to the command's table what every command shares: the
 * hidden aliases (old spellings, in the table of cmdline.c, never in -h)
 * and --color, which it takes itself. That the options of every command go
 * through here is also what makes shell completion (pgnkit __complete) read
 * the real option tables: it cannot fall behind the commands.
 */

/* A subcommand, as cmd/main.c dispatches it. */
struct command_entry {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

/**
 * getopt_long() with pgnkit's messages. Returns the next option as
 * getopt_long() does; '?' after reporting, in one line, an unknown option
 * (with the most similar one, "did you mean"), a missing or unwanted value
 * or an ambiguous abbreviation. longopts ends with an all-zero entry; it is
 * read, not kept, except for the identity of the pointer.
 */
int cmd_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts);

/** Prints the hidden aliases, "CMD --ALIAS --OPTION" a line (pgnkit __aliases, for the tests). */
void cmdline_print_aliases(FILE *f);

/* The value cmd_getopt() gives --color in its table (and takes itself). */
enum { CMDLINE_COLOR = 0x7000 };

/**
 * Sets the colour mode from a --color value: auto, always or never
 * (term_set_color), and message_color for stderr. Returns 0, or -1 after
 * reporting a bad value.
 */
int cmdline_color(const char *arg);

/** The long name of the option that cmd_getopt() returns as val ("multipv"), for messages. */
const char *cmdline_option_name(int val);

#endif
