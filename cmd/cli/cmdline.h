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

/*
 * An option group that several commands share (the output, split and
 * selection options, and --color): every entry of the group's table names
 * the group's slot as its flag, so getopt_long() stores the entry's id
 * there and returns 0. Ids are the group's own (from 1): those of different
 * groups may be equal, the slot tells them apart, and a command combines
 * its table with any groups without value ranges. Each group's parse
 * function takes its options with opt_group_take():
 *
 *   int id = opt_group_take(&output_group, opt);   // 0: not an output option
 */
struct opt_group {
    int seen; /* the id of the group's option cmd_getopt() just returned; 0: none */
};

/** The id of g's option that cmd_getopt() just returned (as 0), taken; else 0. */
int opt_group_take(struct opt_group *g, int opt);

/** As opt_group_take(), but the option stays to be taken. */
int opt_group_peek(const struct opt_group *g, int opt);

/**
 * Sets the colour mode from a --color value: auto, always or never
 * (term_set_color), and message_color for stderr. Returns 0, or -1 after
 * reporting a bad value.
 */
int cmdline_color(const char *arg);

/** The long name of the option that cmd_getopt() returns as val ("multipv"), for messages. */
const char *cmdline_option_name(int val);

#endif
