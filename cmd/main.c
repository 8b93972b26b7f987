/* main.c - pgnkit entry point: global options and subcommand dispatch. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/complete.h"
#include "cli/term.h"
#include "cli/common.h"
#include "init/lib_init.h"
#include "base/banned.h"

#ifndef PGNKIT_VERSION
#define PGNKIT_VERSION "0.0-dev"
#endif

static const struct command_entry commands[] = {
    { "validate", cmd_validate, "replay every game and report each problem like a compiler" },
    { "convert", cmd_convert, "rewrite games in another notation, language or format (JSON, EPD, CSV)" },
    { "annotate", cmd_annotate, "add opening tags, facts, move judgments and engine evaluations" },
    { "diagram", cmd_diagram, "draw positions as SVG board diagrams, from a FEN or from games" },
    { "search", cmd_search, "select games by tags, ratings, dates, moves, positions, features (like grep)" },
    { "stats", cmd_stats, "count results, ratings, lengths; openings, explorer tree, players, standings, Elo" },
    { "index", cmd_index, "build a database beside the PGN files, read as an input for instant answers" },
    { "book", cmd_book, "write a Polyglot opening book from games, or list a book's moves" },
    { "serve", cmd_serve, "answer the lichess opening explorer's API from databases, with an explorer page" },
    { "perft", cmd_perft, "count the leaf nodes of the legal move tree (move generator check)" },
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static const char *const main_usage[] = {
    "pgnkit [--version] [--help] [--color WHEN] COMMAND [ARGS...]",
    "",
    "A toolkit for PGN chess databases. Commands:",
    NULL,
};

static void print_help(FILE *f)
{
    print_usage(f, main_usage);
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "   %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'pgnkit help COMMAND' or 'pgnkit COMMAND -h' describes one command.\n");
}

static const struct command_entry *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    int best_d;
    const char *best = nearest_name(name, &commands[0].name, NCOMMANDS, sizeof commands[0], &best_d);
    error("'%s' is not a pgnkit command", name);
    if (best && best_d <= 3)
        fprintf(stderr, "\nThe most similar command is\n\t%s\n", best);
    else
        fprintf(stderr, "\nSee 'pgnkit --help' for the list of commands.\n");
    return EXIT_USAGE;
}

static int run(const struct command_entry *c, int argc, char **argv)
{
    static char name[64];
    snprintf(name, sizeof name, "pgnkit %s", c->name);
    progname = name;
    argv[0] = name; /* getopt's own messages then name the subcommand too */
    return c->fn(argc, argv);
}

int main(int argc, char **argv)
{
    lib_init();
    output_init();
    message_color = term_color(stderr);
    /* Global options before the command: --color WHEN (or --color=WHEN). */
    while (argc >= 2 && !strncmp(argv[1], "--color", 7) &&
           (argv[1][7] == '=' || (!argv[1][7] && argc >= 3))) {
        int two = !argv[1][7];
        if (cmdline_color(two ? argv[2] : argv[1] + 8))
            return usage_error(main_usage);
        argv[1 + two] = argv[0];
        argv += 1 + two;
        argc -= 1 + two;
    }
    if (argc < 2) {
        print_help(stderr);
        return EXIT_USAGE;
    }
    const char *arg = argv[1];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h") || !strcmp(arg, "help")) {
        if (argc < 3) {
            print_help(stdout);
            return EXIT_OK;
        }
        const struct command_entry *c = find_command(argv[2]);
        if (!c)
            return unknown_command(argv[2]);
        static char dash_h[] = "-h";
        char *help_argv[] = { argv[2], dash_h, NULL };
        return run(c, 2, help_argv);
    }
    if (!strcmp(arg, "--version")) {
        printf("pgnkit %s\n", PGNKIT_VERSION);
        return EXIT_OK;
    }
    if (!strcmp(arg, "__complete")) /* hidden: what the shell completion scripts run */
        return cmdline_complete(argc - 2, argv + 2, commands, NCOMMANDS);
    if (!strcmp(arg, "__aliases")) { /* hidden: what tests/scripts/option_aliases.sh checks */
        cmdline_print_aliases(stdout);
        return EXIT_OK;
    }
    if (arg[0] == '-') {
        error("unknown option '%s'", arg);
        return usage_error(main_usage);
    }
    const struct command_entry *c = find_command(arg);
    if (!c)
        return unknown_command(arg);
    return run(c, argc - 1, argv + 1);
}
