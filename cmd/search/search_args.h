/* search_args.h - search's options and criteria from files: --args-file, --files-from, --tags-file. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_SEARCH_ARGS_H
#define CMD_SEARCH_ARGS_H

#include "cli/cmdline.h"

/**
 * Expands the files named in *argv before the options are read: each
 * "--args-file FILE" (or --args-file=FILE) becomes the arguments of FILE's
 * lines (nested files too), each "--files-from FILE" ('-': standard input)
 * becomes nothing, and its file names go after a "--" at the end, so that
 * a name that starts with '-' is still a file. options is the command's
 * table, for checking the lines. Returns 0 with *argc and *argv replaced
 * (kept to the end of the run), or the exit status after reporting
 * (EXIT_USAGE with FILE:LINE for a bad line, EXIT_IO for an unreadable file).
 */
int search_expand_args(int *argc, char ***argv, const struct option_entry *options);

/**
 * The --where expression of the tag-criteria file path (pgn-extract's -t
 * format: lines NAME "VALUE" or NAME OP "VALUE"), malloc'd. NULL after
 * reporting FILE:LINE for a bad line; dies with EXIT_IO when path cannot
 * be read.
 */
char *search_tags_file(const char *path);

#endif
