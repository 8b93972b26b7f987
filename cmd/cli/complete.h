/* complete.h - shell completion from the binary's own tables: commands, options, their values. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_COMPLETE_H
#define CMD_COMPLETE_H

#include <getopt.h>
#include <stddef.h>

struct command_entry;

/**
 * `pgnkit __complete WORDS...`: words are the command line up to the cursor
 * (words[0] "pgnkit", the last one the word being completed, maybe empty).
 * Prints the candidates, one a line, and returns 0; returns 1 (nothing
 * printed) when the word is a file name. For a command's options it runs
 * the command, whose parse_options() call completes and exits.
 */
int cmdline_complete(int nwords, char **words, const struct command_entry *commands, int ncommands);

/** 1 while `pgnkit __complete` runs a command to read its options (parse_options asks). */
int complete_active(void);

/**
 * Completes the word of cmdline_complete() from the option table of command
 * cmd (its first nvisible entries are the ones to offer; the rest, hidden
 * aliases, are only understood). Prints the candidates; returns the exit
 * status: 0, or 1 when the word is a file name.
 */
int complete_options(const char *cmd, const struct option *table, size_t ntable, size_t nvisible,
                     const char *shortopts);

#endif
