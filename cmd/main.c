/* main.c - pgnkit entry point: global options and subcommand dispatch. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "cmd.h"
#include "common.h"
#include "init/lib_init.h"
#include "base/banned.h"

#ifndef PGNKIT_VERSION
#define PGNKIT_VERSION "0.0-dev"
#endif

struct command {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

static const struct command commands[] = {
    { "validate", cmd_validate, "replay every game and report each problem like a compiler" },
    { "convert", cmd_convert, "rewrite games in another notation, language or format (JSON, EPD, CSV)" },
    { "annotate", cmd_annotate, "add opening tags, facts, move judgments and engine evaluations" },
    { "search", cmd_search, "select games by tags, ratings, dates, moves, positions, features (like grep)" },
    { "stats", cmd_stats, "count results, ratings, lengths; opening, explorer-tree and player reports" },
    { "index", cmd_index, "build a database beside the PGN files, read as an input for instant answers" },
    { "perft", cmd_perft, "count the leaf nodes of the legal move tree (move generator check)" },
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static const char *const main_usage[] = {
    "pgnkit [--version] [--help] COMMAND [ARGS...]",
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

static const struct command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    const char *best = NULL;
    int best_d = 99;
    for (int i = 0; i < NCOMMANDS; i++) {
        int d = edit_distance(name, commands[i].name);
        if (d < best_d)
            best_d = d, best = commands[i].name;
    }
    error("'%s' is not a pgnkit command", name);
    if (best && best_d <= 3)
        fprintf(stderr, "\nThe most similar command is\n\t%s\n", best);
    else
        fprintf(stderr, "\nSee 'pgnkit --help' for the list of commands.\n");
    return EXIT_USAGE;
}

static int run(const struct command *c, int argc, char **argv)
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
    if (argc < 2) {
        print_help(stderr);
        return EXIT_USAGE;
    }
    const char *arg = argv[1];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
        print_help(stdout);
        return EXIT_OK;
    }
    if (!strcmp(arg, "--version")) {
        printf("pgnkit %s\n", PGNKIT_VERSION);
        return EXIT_OK;
    }
    if (!strcmp(arg, "help")) {
        if (argc < 3) {
            print_help(stdout);
            return EXIT_OK;
        }
        const struct command *c = find_command(argv[2]);
        if (!c)
            return unknown_command(argv[2]);
        static char dash_h[] = "-h";
        char *help_argv[] = { argv[2], dash_h, NULL };
        return run(c, 2, help_argv);
    }
    if (arg[0] == '-') {
        error("unknown option '%s'", arg);
        print_help(stderr);
        return EXIT_USAGE;
    }
    const struct command *c = find_command(arg);
    if (!c)
        return unknown_command(arg);
    return run(c, argc - 1, argv + 1);
}
