/* cmdline.h - a command's options as one table: parsing, -h, hidden aliases, --color, completion. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_CMDLINE_H
#define CMD_CMDLINE_H

#include <stddef.h>
#include <stdio.h>
#include <unistd.h> /* optind: the first operand after parse_options() */

/*
 * Every command declares its options once, in a table of struct
 * option_entry (after git's parse-options): each entry has its names, the
 * name of its argument, its help line, what kind of option it is and where
 * its value goes. A group of options several commands share (the output,
 * split and selection options) is a table of its own that the command's
 * table includes with OPT_GROUP, naming the group's storage; groups nest
 * and combine without any numbering. One function reads argv with the
 * whole table:
 *
 *   struct output_opts oo;
 *   const struct option_entry options[] = {
 *       OPT_GROUP(output_options, &oo),
 *       OPT_HEADING("Input:"),
 *       OPT_BOOL(0, "keep-invalid", &c.keep_invalid, "pass invalid games through"),
 *       OPT_JOBS(&c.jobs, "convert games on N threads (default: the number of CPUs)"),
 *       OPT_HELP(),
 *       OPT_END(),
 *   };
 *   int rc = parse_options(argc, argv, options, convert_usage);
 *   if (rc != OPTIONS_PARSED)
 *       return rc;            // -h printed the help (0), or a bad command line (2)
 *   ... argv + optind are the operands ...
 *
 * The help (-h) is printed from the same table: the usage lines of the
 * command (synopsis and description), then a line per entry, so no option
 * can be left out of -h or described twice. Shell completion (pgnkit
 * __complete) reads the same table, and so do the hidden aliases (old
 * spellings, in the table of cmdline.c, never in -h) and --color, which
 * every command takes and parse_options() adds itself.
 *
 * When two entries have the same long name, the first one wins and the
 * other is neither taken nor shown: a command's own entry before a group
 * takes the place of the group's option of that name (stats --moves).
 */

/* A subcommand, as cmd/main.c dispatches it. */
struct command_entry {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

enum option_type {
    OPTION_END,      /* ends a table */
    OPTION_HEADING,  /* no option: help is a line of the help text (a section title) */
    OPTION_GROUP,    /* the entries of group, in place; value: the group's storage (NULL in
                      * a group's table: the storage of the group that includes it) */
    OPTION_SET_INT,  /* int *value = number */
    OPTION_BITS,     /* unsigned *value |= number */
    OPTION_STRING,   /* value (a char * or const char *) = the argument: argv's string */
    OPTION_CALLBACK, /* callback(value, entry, argument) */
    OPTION_HELP,     /* prints the help: parse_options() returns EXIT_OK */
};

enum option_flags {
    OPTION_OPTIONAL_ARG = 1 << 0, /* --name[=ARG]: the argument only after '=' */
    OPTION_SAME_LINE = 1 << 1,    /* -h shows it on the line of the entry before */
    OPTION_SYNOPSIS = 1 << 2,     /* a bad value is followed by the synopsis, as a bad option is */
};

struct option_entry {
    enum option_type type;
    int short_name;        /* 'j', or 0 */
    const char *long_name; /* "jobs", or NULL */
    /*
     * Where the value goes. In a group's table, which every command shares,
     * it is NULL and a callback gets the group's storage instead (the value
     * of the OPT_GROUP entry that includes the table).
     */
    void *value;
    const char *arg_name;  /* "N": the option takes an argument; NULL: none */
    const char *help;      /* its help; lines after the first follow '\n' */
    unsigned flags;        /* enum option_flags */
    long number;           /* OPTION_SET_INT, OPTION_BITS: the value; else an id for the callback */
    /* Takes the argument (NULL for an option without one); 0, or -1 after reporting. */
    int (*callback)(void *storage, const struct option_entry *entry, char *arg);
    const struct option_entry *group; /* OPTION_GROUP */
};

#define OPT_END() { .type = OPTION_END }
#define OPT_HEADING(text) { .type = OPTION_HEADING, .help = (text) }
#define OPT_GROUP(table, storage) { .type = OPTION_GROUP, .group = (table), .value = (storage) }
#define OPT_SET_INT(s, l, v, n, h) \
    { .type = OPTION_SET_INT, .short_name = (s), .long_name = (l), .value = (v), .help = (h), \
      .number = (n) }
#define OPT_BOOL(s, l, v, h) OPT_SET_INT(s, l, v, 1, h)
#define OPT_BIT(s, l, v, bit, h) \
    { .type = OPTION_BITS, .short_name = (s), .long_name = (l), .value = (v), .help = (h), \
      .number = (long)(bit) }
#define OPT_STRING(s, l, v, a, h) \
    { .type = OPTION_STRING, .short_name = (s), .long_name = (l), .value = (v), \
      .arg_name = (a), .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, fn) \
    { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = (v), \
      .arg_name = (a), .help = (h), .callback = (fn) }
/* An option of a group's table: fn gets the group's storage and tells its options by id. */
#define OPT_GROUP_OPTION(l, a, h, fn, id) \
    { .type = OPTION_CALLBACK, .long_name = (l), .arg_name = (a), .help = (h), \
      .callback = (fn), .number = (id) }
#define OPT_HELP() \
    { .type = OPTION_HELP, .short_name = 'h', .long_name = "help", .help = "show this help" }
/* -j, --jobs N into a long (1 to JOBS_MAX). */
#define OPT_JOBS(v, h) OPT_CALLBACK('j', "jobs", v, "N", h, jobs_option)

/* parse_options() read every option: the operands start at argv[optind]. */
enum { OPTIONS_PARSED = -1 };

/**
 * Reads the options of argv with the table options (up to its OPT_END
 * entry, groups included) and --color, storing each where its entry says,
 * in command-line order. usage is the command's NULL-terminated usage
 * lines: the synopsis first ("pgnkit CMD [OPTIONS] [FILE...]", then
 * "   or: " lines), then its description; -h prints them and the table's
 * lines. Returns OPTIONS_PARSED, with optind at the first operand (argv is
 * permuted as getopt_long does); EXIT_OK after -h printed the help to
 * standard output; EXIT_USAGE after reporting, in one line, an unknown
 * option (with the most similar one, "did you mean"), a missing or
 * unwanted value, an ambiguous abbreviation (each followed by the
 * synopsis) or a value a callback turned down. The table is read, not
 * kept. Under pgnkit __complete it completes from the table and exits.
 */
int parse_options(int argc, char **argv, const struct option_entry *options,
                  const char *const *usage);

/**
 * Whether options (groups included; neither the hidden aliases nor
 * --color) has an option of long name name[0..len): -1 when not, else 0 when it takes no argument, 1
 * when it needs one and 2 when the argument is optional.
 */
int options_find(const struct option_entry *options, const char *name, size_t len);

/** The long name of entry, for messages ("multipv"); its short name as "-e" when it has none. */
const char *option_name(const struct option_entry *entry);

/* --input-lang LANG into an int: a notation.h language or NOTATION_AUTO ("auto"). */
#define OPT_INPUT_LANG(v, h) OPT_CALLBACK(0, "input-lang", v, "LANG", h, input_lang_option)

/** Reads a language of --input-lang (auto allowed) into *lang; 0, or -1 after reporting. */
int input_lang_parse(const char *arg, int *lang);

/** The callback of OPT_INPUT_LANG: input_lang_parse() into the int at storage. */
int input_lang_option(void *storage, const struct option_entry *entry, char *arg);

/*
 * --from FMT into an int, struct driver's from: pgn, lichess, chesscom or
 * rows (default: the int's zero, auto: each file is PGN unless its first
 * record says which of the others it is). Every command that reads games
 * takes it through here (search and stats in their selection group, with
 * the same help), so the formats are spelt in one place.
 */
#define FROM_HELP "read FMT: pgn, lichess, chesscom, rows (default: auto)"
#define OPT_FROM(v) OPT_CALLBACK(0, "from", v, "FMT", FROM_HELP, input_from_option)

/** Reads a format of --from into *from (struct driver's from); 0, or -1 after reporting. */
int input_from_parse(const char *arg, int *from);

/** The callback of OPT_FROM: input_from_parse() into the int at storage. */
int input_from_option(void *storage, const struct option_entry *entry, char *arg);

/** The callback of OPT_JOBS: parse_jobs() into the long at storage. */
int jobs_option(void *storage, const struct option_entry *entry, char *arg);

/** Prints the hidden aliases, "CMD --ALIAS --OPTION" a line (pgnkit __aliases, for the tests). */
void cmdline_print_aliases(FILE *f);

/**
 * Sets the colour mode from a --color value: auto, always or never
 * (term_set_color), and message_color for stderr. Returns 0, or -1 after
 * reporting a bad value.
 */
int cmdline_color(const char *arg);

#endif
