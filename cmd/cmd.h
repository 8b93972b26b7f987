/* cmd.h - the subcommands of pgnkit. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_CMD_H
#define CMD_CMD_H

/*
 * Adding a subcommand NAME:
 *  1. write cmd/NAME.c exporting int cmd_NAME(int argc, char **argv), with its
 *     usage array (synopsis and description) near the top and its table of
 *     options (struct option_entry, cli/cmdline.h: their help is printed
 *     from it) read by parse_options() (a command that needs several files
 *     gets a folder, cmd/NAME/, as stats and search have);
 *  2. declare it below and add a row to the table in cmd/main.c;
 *  3. write man/pgnkit-NAME.1 (its SYNOPSIS must match `pgnkit NAME -h`);
 *  4. add golden tests under tests/cli/NAME/.
 * The Makefile picks up every .c file in cmd/ and its folders by itself.
 * The pieces every command shares (messages, the driver that reads the
 * inputs, option groups, output files, progress, the terminal) are in
 * cmd/cli/; a file names a header from cmd/ ("cli/driver.h").
 *
 * Each command returns its exit status (see enum exit_code in cli/common.h).
 */
int cmd_perft(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_search(int argc, char **argv);
int cmd_diagram(int argc, char **argv);
int cmd_index(int argc, char **argv);
int cmd_book(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
