/* complete.c - shell completion from the binary's own tables: commands, options, their values. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/cmdline.h"
#include "cli/complete.h"
#include "cli/common.h"
#include "notation/notation.h"
#include "replay/diag.h"
#include "base/banned.h"

/*
 * The option names come from the option table the command hands to
 * parse_options() (its entries and those of the groups it includes), so
 * options added to any command are completed without a change here. What this file holds is the values an option takes where
 * they are a closed set; tests/scripts/completion.sh checks that the
 * command accepts each of them. An option not listed completes file names.
 */
enum value_kind { V_WORDS, V_LIST, V_LANG, V_LANG_AUTO, V_CODES, V_NONE };

static const struct option_values {
    const char *cmd; /* NULL: every command with the option */
    const char *option;
    enum value_kind kind; /* V_LIST: comma-separated words */
    const char *words;
} option_values[] = {
    { NULL, "color", V_WORDS, "auto always never" },
    { "validate", "format", V_WORDS, "text json" },
    { "stats", "format", V_WORDS, "text csv tsv json html lichess" },
    { "stats", "tiebreak", V_LIST,
      "buchholz buchholz-cut1 median-buchholz sonneborn-berger direct-encounter wins black-wins "
      "black-games aro" },
    { "stats", "layout", V_WORDS, "auto grid rounds" },
    { "stats", "anchor", V_NONE, NULL },
    { "annotate", "format", V_WORDS, "pgn" },
    { NULL, "format", V_WORDS, "pgn json ndjson epd fen uci csv html latex typst" },
    { NULL, "notation", V_WORDS, "san lan uci figurine" },
    { NULL, "lang", V_LANG, NULL },
    { NULL, "input-lang", V_LANG_AUTO, NULL },
    { "convert", "from", V_WORDS, "pgn json lichess chesscom rows auto" },
    { NULL, "from", V_WORDS, "pgn lichess chesscom rows auto" },
    { NULL, "strip", V_LIST, "comments variations nags clocks evals arrows commands tags" },
    { "convert", "normalise", V_LIST, "dates rounds results all" },
    { NULL, "fen-style", V_LIST, "xfen shredder pgn" },
    { NULL, "ply", V_LIST, "all start final" },
    { NULL, "diagram-ply", V_LIST, "all start final" },
    { NULL, "judge-model", V_WORDS, "winning-chances cp" },
    { NULL, "variant", V_WORDS, "any standard chess960" },
    { NULL, "result", V_LIST, "1-0 0-1 1/2-1/2 *" },
    { NULL, "time-control", V_WORDS, "ultrabullet bullet blitz rapid classical" },
    { NULL, "ignore", V_CODES, NULL },
    { NULL, "error", V_CODES, NULL },
    /* free text: nothing to offer (not even file names) */
    { NULL, "white", V_NONE, NULL }, { NULL, "black", V_NONE, NULL },
    { NULL, "player", V_NONE, NULL }, { NULL, "event", V_NONE, NULL },
    { NULL, "site", V_NONE, NULL }, { NULL, "annotator", V_NONE, NULL },
    { NULL, "tag", V_NONE, NULL }, { NULL, "comment", V_NONE, NULL },
    { NULL, "where", V_NONE, NULL }, { NULL, "moves", V_NONE, NULL },
    { NULL, "position", V_NONE, NULL }, { NULL, "contains-move", V_NONE, NULL },
    { NULL, "material", V_NONE, NULL }, { NULL, "material-end", V_NONE, NULL },
    { NULL, "mark-matches", V_NONE, NULL },
    { NULL, NULL, V_NONE, NULL },
};

static const char *complete_cur, *complete_prev;

/* Prints each space-separated word of words that starts with cur, after prefix. */
static void offer_words(const char *prefix, const char *cur, const char *words)
{
    for (const char *w = words; *w;) {
        size_t n = strcspn(w, " ");
        if (strlen(cur) <= n && !strncmp(w, cur, strlen(cur)))
            printf("%s%.*s\n", prefix, (int)n, w);
        w += n;
        w += *w == ' ';
    }
}

/* The values of o for the word cur (after "--opt=" when inline). */
static int offer_values(const struct option_values *o, const char *inline_prefix, const char *cur)
{
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s", inline_prefix);
    if (o->kind == V_LIST || o->kind == V_CODES) {
        /* A comma-separated list: complete its last item. */
        const char *comma = strrchr(cur, ',');
        if (comma) {
            size_t keep = strlen(prefix), n = (size_t)(comma + 1 - cur);
            if (keep + n < sizeof prefix)
                memcpy(prefix + keep, cur, n), prefix[keep + n] = '\0';
            cur = comma + 1;
        }
    }
    switch (o->kind) {
    case V_WORDS:
    case V_LIST: offer_words(prefix, cur, o->words); break;
    case V_LANG_AUTO: offer_words(prefix, cur, "auto"); /* fall through */
    case V_LANG:
        for (int i = 0; i < notation_count(); i++)
            offer_words(prefix, cur, notation_get(i)->name);
        break;
    case V_CODES:
        for (int i = 0; i < D_CODE_COUNT; i++)
            if (diag_severity(i) != PGN_SEV_ERROR) /* errors are always reported */
                offer_words(prefix, cur, diag_name(i));
        break;
    case V_NONE: break;
    }
    return 0;
}

static const struct option_values *values_of(const char *cmd, const char *option)
{
    for (const struct option_values *o = option_values; o->option; o++)
        if ((!o->cmd || !strcmp(o->cmd, cmd)) && !strcmp(o->option, option))
            return o;
    return NULL;
}

/* The option of the table that arg ("--form", "--format") names, or NULL. */
static const struct option *named(const struct option *table, size_t n, const char *arg, size_t len)
{
    const struct option *found = NULL;
    int matches = 0;
    for (size_t i = 0; i < n; i++) {
        if (strncmp(table[i].name, arg, len))
            continue;
        if (strlen(table[i].name) == len)
            return &table[i];
        found = &table[i];
        matches++;
    }
    return matches == 1 ? found : NULL; /* a unique abbreviation, as getopt takes it */
}

int complete_options(const char *cmd, const struct option *table, size_t ntable, size_t nvisible,
                     const char *shortopts)
{
    const char *cur = complete_cur, *prev = complete_prev;
    if (!strncmp(cur, "--", 2) && strchr(cur, '=')) {
        size_t len = (size_t)(strchr(cur, '=') - cur - 2);
        const struct option *o = named(table, ntable, cur + 2, len);
        const struct option_values *v = o ? values_of(cmd, o->name) : NULL;
        if (!v)
            return o ? 1 : 0;
        char prefix[128];
        snprintf(prefix, sizeof prefix, "%.*s=", (int)(len + 2), cur);
        return offer_values(v, prefix, strchr(cur, '=') + 1);
    }
    const struct option *o = NULL;
    if (!strncmp(prev, "--", 2) && prev[2] && !strchr(prev, '=')) {
        o = named(table, ntable, prev + 2, strlen(prev + 2));
    } else if (prev[0] == '-' && prev[1] && prev[1] != '-' && !prev[2]) {
        const char *s = strchr(shortopts, prev[1]);
        for (size_t i = 0; s && s[1] == ':' && i < ntable && !o; i++)
            o = table[i].val == prev[1] && !table[i].flag ? &table[i] : NULL;
    }
    if (o && o->has_arg == required_argument) {
        const struct option_values *v = values_of(cmd, o->name);
        return v ? offer_values(v, "", cur) : 1; /* not a closed set: a file, maybe */
    }
    if (cur[0] == '-') {
        /* "-" or "--" or "--fo": the long options (short ones are -h's to tell). */
        const char *name = cur[1] == '-' ? cur + 2 : cur + 1;
        if (cur[1] && cur[1] != '-')
            return 0;
        for (size_t i = 0; i < nvisible; i++)
            if (!strncmp(table[i].name, name, strlen(name)))
                printf("--%s\n", table[i].name);
        return 0;
    }
    return 1;
}

int cmdline_complete(int nwords, char **words, const struct command_entry *commands, int ncommands)
{
    if (nwords < 2)
        return 0;
    const char *cur = words[nwords - 1];
    int i = 1;
    /* Global options before the command. */
    while (i < nwords - 1 && !strncmp(words[i], "--color", 7))
        i += words[i][7] ? 1 : 2;
    if (i > nwords - 1 || (i == nwords - 1 && !strcmp(words[i - 1], "--color"))) {
        offer_words("", cur, "auto always never");
        return 0;
    }
    if (i == nwords - 1) {
        if (cur[0] == '-') {
            offer_words("", cur, "--help --version --color");
            return 0;
        }
        offer_words("", cur, "help");
        for (int k = 0; k < ncommands; k++)
            offer_words("", cur, commands[k].name);
        return 0;
    }
    if (!strcmp(words[i], "help") || !strcmp(words[i], "--help") || !strcmp(words[i], "-h")) {
        if (i + 1 == nwords - 1)
            for (int k = 0; k < ncommands; k++)
                offer_words("", cur, commands[k].name);
        return 0;
    }
    for (int k = 0; k < ncommands; k++) {
        if (strcmp(words[i], commands[k].name))
            continue;
        static char name[64];
        snprintf(name, sizeof name, "pgnkit %s", commands[k].name);
        progname = name;
        complete_cur = cur;
        complete_prev = words[nwords - 2];
        char *argv[] = { name, NULL };
        commands[k].fn(1, argv); /* its parse_options() completes and exits */
        return 1;
    }
    return 0;
}

int complete_active(void) { return complete_cur != NULL; }
