/* cmdline.c - reading a command's options: git-style errors, hidden aliases, --color, completion. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/complete.h"
#include "cli/term.h"
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

/* --color, which every command takes: cmd_getopt() takes it itself. */
static struct opt_group color_group;
enum { COLOR_OPTION = 1 };

int opt_group_take(struct opt_group *g, int opt)
{
    if (opt != 0)
        return 0;
    int id = g->seen;
    g->seen = 0;
    return id;
}

int opt_group_peek(const struct opt_group *g, int opt) { return opt == 0 ? g->seen : 0; }

enum { TABLE_MAX = 512 };

static struct option table[TABLE_MAX];
static size_t ntable, nvisible; /* the command's own options are the first nvisible */
static const struct option *table_source;

static const struct option *find_option(const char *name, size_t len)
{
    for (size_t i = 0; i < ntable; i++)
        if (strlen(table[i].name) == len && !strncmp(table[i].name, name, len))
            return &table[i];
    return NULL;
}

/* The command's options, then what every command shares. */
static void build_table(const struct option *own)
{
    ntable = 0;
    for (; own->name && ntable < TABLE_MAX - 1; own++)
        table[ntable++] = *own;
    /* Every command takes --color, the last word of a command line that wins. */
    table[ntable++] = (struct option){ "color", required_argument, &color_group.seen,
                                       COLOR_OPTION };
    nvisible = ntable;
    const char *cmd = command_name();
    for (const struct alias *a = aliases; a->name && ntable < TABLE_MAX - 1; a++) {
        if (strcmp(a->cmd, cmd))
            continue;
        const struct option *o = find_option(a->option, strlen(a->option));
        if (!o)
            continue; /* tests/scripts/option_aliases.sh tells: every alias has its option */
        table[ntable] = *o;
        table[ntable++].name = a->name;
    }
    memset(&table[ntable], 0, sizeof table[ntable]);
    table_source = own;
}

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
    const struct option *o = find_option(arg, len);
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

static void report_bad_option(int argc, char **argv, const char *shortopts)
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

int cmd_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts)
{
    if (longopts != table_source)
        build_table(longopts);
    if (complete_active()) /* pgnkit __complete: the table is what was wanted */
        exit(complete_options(command_name(), table, ntable, nvisible, shortopts));
    opterr = 0; /* the messages are ours */
    int opt;
    while ((opt = getopt_long(argc, argv, shortopts, table, NULL)) == 0 &&
           opt_group_peek(&color_group, opt) == COLOR_OPTION) {
        opt_group_take(&color_group, opt);
        if (cmdline_color(optarg))
            return '?';
    }
    if (opt == '?' || opt == ':') {
        report_bad_option(argc, argv, shortopts);
        return '?';
    }
    return opt;
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

const char *cmdline_option_name(int val)
{
    for (size_t i = 0; i < nvisible; i++)
        if (table[i].val == val && !table[i].flag)
            return table[i].name;
    return "?";
}
