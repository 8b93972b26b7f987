/* cmdline.c - a command's options as one table: parsing, -h, hidden aliases, --color, completion. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/complete.h"
#include "cli/term.h"
#include "notation/notation.h"
#include "cli/driver.h"
#include "pgn/record_reader.h"
#include "base/banned.h"

/*
 * Old spellings kept working after the vocabulary of pgnkit(1) (OPTION
 * VOCABULARY) chose one word per meaning; -h and completion leave them out,
 * pgnkit(1) COMPATIBILITY lists them. The alias takes what the option does.
 */
static const struct alias {
    const char *cmd, *name, *option;
} aliases[] = {
    { "validate", "lang", "input-lang" }, /* --lang writes moves in convert and search */
    { "stats", "fen", "position" },       /* --fen is the FEN after every move in convert */
    { NULL, NULL, NULL },
};

void cmdline_print_aliases(FILE *f)
{
    for (const struct alias *a = aliases; a->name; a++)
        fprintf(f, "%s --%s --%s\n", a->cmd, a->name, a->option);
}

/* "search" of progname "pgnkit search". */
static const char *command_name(void)
{
    const char *sp = strchr(progname, ' ');
    return sp ? sp + 1 : progname;
}

static int color_option(void *storage, const struct option_entry *entry, char *arg)
{
    (void)storage, (void)entry;
    return cmdline_color(arg);
}

/* What every command takes, after its own table: --color, the last word of a command line that wins. */
static const struct option_entry every_command[] = {
    OPT_HEADING("Every command:"),
    { .type = OPTION_CALLBACK, .long_name = "color", .arg_name = "WHEN",
      .help = "colour diagnostics: auto (default: on a terminal),\nalways or never",
      .flags = OPTION_SYNOPSIS, .callback = color_option },
    OPT_END(),
};

int jobs_option(void *storage, const struct option_entry *entry, char *arg)
{
    (void)entry;
    return parse_jobs(arg, storage);
}

int input_lang_parse(const char *arg, int *lang)
{
    int found = notation_find(arg);
    if (found < NOTATION_AUTO) {
        error("unknown language '%s'", arg);
        return -1;
    }
    *lang = found;
    return 0;
}

int input_lang_option(void *storage, const struct option_entry *entry, char *arg)
{
    (void)entry;
    return input_lang_parse(arg, storage);
}

int input_from_parse(const char *arg, int *from)
{
    int source = record_source_named(arg);
    if (!strcmp(arg, "pgn")) {
        *from = DRIVER_FROM_PGN;
    } else if (!strcmp(arg, "auto")) {
        *from = RECORD_AUTO;
    } else if (source > 0) {
        *from = source;
    } else {
        error("unknown input format '%s' (pgn, lichess, chesscom or rows)", arg);
        return -1;
    }
    return 0;
}

int input_from_option(void *storage, const struct option_entry *entry, char *arg)
{
    (void)entry;
    return input_from_parse(arg, storage);
}

/* ---- The table of one command, flattened --------------------------------- */

enum { TABLE_MAX = 512 };

/* An entry of the command's table or of a group it includes, in order. */
struct flat_entry {
    const struct option_entry *e;
    void *storage; /* what a callback gets: the entry's value, else its group's storage */
    int shadowed;  /* an earlier entry has its long name: neither taken nor shown */
};

static struct flat_entry flat[TABLE_MAX];
static size_t nflat;

/* What getopt_long() reads: the long options (the visible first), their short ones. */
static struct option table[TABLE_MAX];
static size_t ntable, nvisible;
static char shortopts[2 * 128 + 1];
static int chosen; /* getopt_long() stores 1 + the index in flat of a long option without a short name */

static int is_option(const struct option_entry *e)
{
    return e->type != OPTION_HEADING && e->type != OPTION_GROUP && e->type != OPTION_END;
}

static int has_arg(const struct option_entry *e)
{
    if (!e->arg_name)
        return no_argument;
    return e->flags & OPTION_OPTIONAL_ARG ? optional_argument : required_argument;
}

static int same_long_name(const struct option_entry *a, const struct option_entry *b)
{
    return a->long_name && b->long_name && !strcmp(a->long_name, b->long_name);
}

static void flatten(const struct option_entry *entries, void *storage)
{
    for (const struct option_entry *e = entries; e->type != OPTION_END; e++) {
        if (e->type == OPTION_GROUP) {
            flatten(e->group, e->value ? e->value : storage); /* NULL: the including group's */
            continue;
        }
        if (nflat == TABLE_MAX)
            die(EXIT_IO, "too many options");
        struct flat_entry *f = &flat[nflat++];
        *f = (struct flat_entry){ e, e->value ? e->value : storage, 0 };
        for (size_t i = 0; is_option(e) && i + 1 < nflat; i++)
            if (is_option(flat[i].e) && !flat[i].shadowed &&
                (same_long_name(flat[i].e, e) ||
                 (e->short_name && flat[i].e->short_name == e->short_name)))
                f->shadowed = 1;
    }
}

static const struct option *find_long(const char *name, size_t len)
{
    for (size_t i = 0; i < ntable; i++)
        if (strlen(table[i].name) == len && !strncmp(table[i].name, name, len))
            return &table[i];
    return NULL;
}

/* The command's table and what every command shares, for getopt_long(). */
static void build(const struct option_entry *options)
{
    nflat = ntable = 0;
    flatten(options, NULL);
    flatten(every_command, NULL);
    size_t ns = 0;
    for (size_t i = 0; i < nflat; i++) {
        const struct option_entry *e = flat[i].e;
        if (!is_option(e) || flat[i].shadowed)
            continue;
        if (e->long_name)
            table[ntable++] = (struct option){ e->long_name, has_arg(e),
                                               e->short_name ? NULL : &chosen,
                                               e->short_name ? e->short_name : (int)i + 1 };
        if (e->short_name && ns + 3 < sizeof shortopts) {
            shortopts[ns++] = (char)e->short_name;
            if (has_arg(e) != no_argument)
                shortopts[ns++] = ':';
            if (has_arg(e) == optional_argument)
                shortopts[ns++] = ':';
        }
    }
    shortopts[ns] = '\0';
    nvisible = ntable;
    const char *cmd = command_name();
    for (const struct alias *a = aliases; a->name && ntable < TABLE_MAX - 1; a++) {
        if (strcmp(a->cmd, cmd))
            continue;
        const struct option *o = find_long(a->option, strlen(a->option));
        if (!o)
            continue; /* tests/scripts/option_aliases.sh tells: every alias has its option */
        table[ntable] = *o;
        table[ntable++].name = a->name;
    }
    memset(&table[ntable], 0, sizeof table[ntable]);
}

/* ---- Messages ---------------------------------------------------------------- */

/* The visible option most like name, or NULL when none is close. */
static const char *most_similar(const char *name, size_t len)
{
    char given[64];
    if (len >= sizeof given)
        return NULL;
    memcpy(given, name, len);
    given[len] = '\0';
    int best_d;
    const char *best = nearest_name(given, &table[0].name, nvisible, sizeof table[0], &best_d);
    /* Two edits make a typo of a word of 4 letters or more, one of a shorter one. */
    return best && (best_d <= 1 || (best_d <= 2 && len >= 4)) ? best : NULL;
}

/* The long option arg (after "--") that getopt_long turned down. */
static void report_long(const char *arg)
{
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    const struct option *o = find_long(arg, len);
    if (o) {
        if (eq && o->has_arg == no_argument)
            error("option '--%.*s' takes no value", (int)len, arg);
        else
            error("option '--%.*s' needs a value", (int)len, arg);
        return;
    }
    const struct option *first = NULL;
    int matches = 0;
    for (size_t i = 0; i < ntable; i++)
        if (!strncmp(table[i].name, arg, len) &&
            (!first || table[i].val != first->val || table[i].flag != first->flag))
            matches++, first = first ? first : &table[i];
    if (matches > 1) {
        char list[256] = "";
        size_t used = 0;
        for (size_t i = 0; i < nvisible && used + 40 < sizeof list; i++)
            if (!strncmp(table[i].name, arg, len))
                used += (size_t)snprintf(list + used, sizeof list - used, "%s--%s",
                                         used ? ", " : "", table[i].name);
        error("option '--%.*s' is ambiguous: %s", (int)len, arg, list);
        return;
    }
    const char *like = most_similar(arg, len);
    if (like)
        error("unknown option '--%.*s'; did you mean '--%s'?", (int)len, arg, like);
    else
        error("unknown option '--%.*s'", (int)len, arg);
}

static void report_bad_option(int argc, char **argv)
{
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    if (!strncmp(arg, "--", 2) && arg[2]) {
        report_long(arg + 2);
        return;
    }
    const char *in = optopt ? strchr(shortopts, optopt) : NULL;
    if (in && in[1] == ':')
        error("option '-%c' needs a value", optopt);
    else if (optopt > ' ' && optopt < 127)
        error("unknown option '-%c'", optopt);
    else
        error("unknown option '%s'", arg);
}

/* ---- Help ---------------------------------------------------------------------- */

/* Help text starts in this column; names that reach it are followed by two blanks. */
enum { HELP_COLUMN = 26 };

/* "-j, --jobs N", "--split-variations[=DEPTH]" or "-q" into s at *n. */
static void append_names(char *s, size_t cap, size_t *n, const struct option_entry *e)
{
    int w = 0;
    if (e->short_name && e->long_name)
        w = snprintf(s + *n, cap - *n, "-%c, --%s", e->short_name, e->long_name);
    else if (e->short_name)
        w = snprintf(s + *n, cap - *n, "-%c", e->short_name);
    else
        w = snprintf(s + *n, cap - *n, "--%s", e->long_name);
    if (w > 0)
        *n += (size_t)w < cap - *n ? (size_t)w : cap - *n - 1;
    if (e->arg_name) {
        w = snprintf(s + *n, cap - *n, e->flags & OPTION_OPTIONAL_ARG ? "[=%s]" : " %s",
                     e->arg_name);
        if (w > 0)
            *n += (size_t)w < cap - *n ? (size_t)w : cap - *n - 1;
    }
}

/* The entries at flat[i..] that -h shows on one line; returns how many. */
static size_t print_line(FILE *f, size_t i)
{
    char names[512];
    const struct option_entry *first = flat[i].e;
    size_t n = (size_t)snprintf(names, sizeof names, "%s", first->short_name ? "    " : "        ");
    size_t k;
    append_names(names, sizeof names, &n, first);
    for (k = i + 1; k < nflat && (flat[k].e->flags & OPTION_SAME_LINE); k++) {
        if (flat[k].shadowed || !is_option(flat[k].e))
            continue;
        if (n + 2 < sizeof names)
            names[n++] = ' ', names[n++] = ' ', names[n] = '\0';
        append_names(names, sizeof names, &n, flat[k].e);
    }
    const char *help = first->help;
    if (!help || !*help) {
        fprintf(f, "%s\n", names);
        return k - i;
    }
    int pad = n < HELP_COLUMN ? (int)(HELP_COLUMN - n) : 2;
    for (int line = 0; help; line++) {
        const char *nl = strchr(help, '\n');
        int len = nl ? (int)(nl - help) : (int)strlen(help);
        if (line == 0)
            fprintf(f, "%s%*s%.*s\n", names, pad, "", len, help);
        else
            fprintf(f, "%*s%.*s\n", HELP_COLUMN, "", len, help);
        help = nl ? nl + 1 : NULL;
    }
    return k - i;
}

static void print_help(FILE *f, const char *const *usage)
{
    fprintf(f, "usage: %s\n", usage[0]);
    for (int i = 1; usage[i]; i++)
        fprintf(f, "%s\n", usage[i]);
    for (size_t i = 0; i < nflat;) {
        const struct option_entry *e = flat[i].e;
        if (e->type == OPTION_HEADING) {
            fprintf(f, "%s\n", e->help);
            i++;
        } else if (flat[i].shadowed || (e->flags & OPTION_SAME_LINE)) {
            i++; /* not taken, or joined to the line of an entry not taken */
        } else {
            i += print_line(f, i);
        }
    }
}

/* ---- Parsing ---------------------------------------------------------------------- */

static int take(const struct flat_entry *fe, char *arg, const char *const *usage)
{
    const struct option_entry *e = fe->e;
    /* A group's table is shared: its options store through callbacks, into the group's storage. */
    assert(e->value || e->type == OPTION_CALLBACK || e->type == OPTION_HELP);
    switch (e->type) {
    case OPTION_SET_INT: *(int *)e->value = (int)e->number; return OPTIONS_PARSED;
    case OPTION_BITS: *(unsigned *)e->value |= (unsigned)e->number; return OPTIONS_PARSED;
    case OPTION_STRING: /* a char * or a const char *: the same representation */
        memcpy(e->value, &arg, sizeof arg);
        return OPTIONS_PARSED;
    case OPTION_CALLBACK:
        if (!e->callback(fe->storage, e, arg))
            return OPTIONS_PARSED;
        return e->flags & OPTION_SYNOPSIS ? usage_error(usage) : EXIT_USAGE;
    case OPTION_HELP: print_help(stdout, usage); return EXIT_OK;
    case OPTION_END:
    case OPTION_HEADING:
    case OPTION_GROUP: break;
    }
    return EXIT_USAGE;
}

int parse_options(int argc, char **argv, const struct option_entry *options,
                  const char *const *usage)
{
    build(options);
    if (complete_active()) /* pgnkit __complete: the table is what was wanted */
        exit(complete_options(command_name(), table, ntable, nvisible, shortopts));
    opterr = 0; /* the messages are ours */
    optind = 1;
    int opt;
    while ((opt = getopt_long(argc, argv, shortopts, table, NULL)) != -1) {
        const struct flat_entry *fe = NULL;
        if (opt == 0 && chosen > 0 && (size_t)chosen <= nflat) {
            fe = &flat[chosen - 1];
            chosen = 0;
        }
        for (size_t i = 0; opt > 0 && opt != '?' && opt != ':' && i < nflat && !fe; i++)
            if (is_option(flat[i].e) && !flat[i].shadowed && flat[i].e->short_name == opt)
                fe = &flat[i];
        if (!fe) {
            report_bad_option(argc, argv);
            return usage_error(usage);
        }
        int rc = take(fe, optarg, usage);
        if (rc != OPTIONS_PARSED)
            return rc;
    }
    return OPTIONS_PARSED;
}

int options_find(const struct option_entry *options, const char *name, size_t len)
{
    nflat = 0;
    flatten(options, NULL);
    for (size_t i = 0; i < nflat; i++) {
        const struct option_entry *e = flat[i].e;
        if (is_option(e) && !flat[i].shadowed && e->long_name && strlen(e->long_name) == len &&
            !strncmp(e->long_name, name, len))
            return has_arg(e);
    }
    return -1;
}

const char *option_name(const struct option_entry *entry)
{
    static char short_form[3];
    if (entry->long_name)
        return entry->long_name;
    short_form[0] = '-';
    short_form[1] = (char)entry->short_name;
    return short_form;
}

int cmdline_color(const char *arg)
{
    if (!strcmp(arg, "auto"))
        term_set_color(TERM_COLOR_AUTO);
    else if (!strcmp(arg, "always"))
        term_set_color(TERM_COLOR_ALWAYS);
    else if (!strcmp(arg, "never"))
        term_set_color(TERM_COLOR_NEVER);
    else {
        error("--color takes auto, always or never, not '%s'", arg);
        return -1;
    }
    message_color = term_color(stderr);
    return 0;
}
