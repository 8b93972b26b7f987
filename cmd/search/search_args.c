/* search_args.c - search's arguments, inputs and tag criteria read from files. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/buf.h"
#include "cli/common.h"
#include "query/where.h"
#include "search/search_args.h"
#include "base/banned.h"

/* Nested --args-file: deep enough for any real use, short of a loop. */
enum { ARGS_DEPTH = 8, LINE_MAX_LEN = 1 << 16 };

struct arglist {
    char **v;
    int n, cap;
};

/* What the expansion made, kept for the whole run (argv points into it),
 * and the tag-criteria expressions, which the query keeps pointers to. */
static struct arglist collected, expanded, from_files, kept_exprs;

static void push(struct arglist *a, char *s)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 32;
        a->v = xrealloc(a->v, (size_t)a->cap * sizeof *a->v);
    }
    a->v[a->n++] = s;
}

static FILE *open_list(const char *path)
{
    if (!strcmp(path, "-"))
        return stdin;
    FILE *f = fopen(path, "r");
    if (!f)
        die(EXIT_IO, "cannot read '%s': %s", path, strerror(errno));
    return f;
}

/* The next line of f without its line end and outer blanks, in buf; NULL at the end. */
static char *next_line(FILE *f, char *buf, size_t cap, const char *path, unsigned long line)
{
    if (!fgets(buf, (int)cap, f))
        return NULL;
    size_t n = strlen(buf);
    if (n == cap - 1 && buf[n - 1] != '\n' && !feof(f))
        die(EXIT_USAGE, "%s:%lu: line too long", path, line);
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' ||
                 buf[n - 1] == '\t'))
        buf[--n] = '\0';
    char *s = buf;
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static int add_args_file(struct arglist *out, const char *path, const struct option_entry *options,
                         int depth);

/*
 * One line of an arguments file: "--NAME", "--NAME VALUE" or "--NAME=VALUE"
 * (VALUE is the rest of the line, as it stands), or a FILE. Returns 0 or
 * the exit status after reporting.
 */
static int add_line(struct arglist *out, const char *s, const char *path, unsigned long line,
                    const struct option_entry *options, int depth)
{
    if (s[0] != '-' || !strcmp(s, "-")) {
        push(out, xstrdup(s));
        return 0;
    }
    if (s[1] != '-') {
        error("%s:%lu: '%s': an arguments file takes long options ('--count', not '-c')",
              path, line, s);
        return EXIT_USAGE;
    }
    const char *name = s + 2, *end = name + strcspn(name, "= \t");
    int n = (int)(end - name);
    int takes = options_find(options, name, (size_t)n);
    if (takes < 0) {
        error("%s:%lu: unknown option '--%.*s'", path, line, (int)(end - name), name);
        return EXIT_USAGE;
    }
    const char *value = NULL;
    if (*end) {
        value = end + (*end == '=');
        while (*end != '=' && (*value == ' ' || *value == '\t'))
            value++;
    }
    if (takes == 1 && !value) {
        error("%s:%lu: '--%.*s' needs a value on its line", path, line, n, name);
        return EXIT_USAGE;
    }
    if (takes == 0 && value) {
        error("%s:%lu: '--%.*s' takes no value", path, line, n, name);
        return EXIT_USAGE;
    }
    if (n == 9 && !strncmp(name, "args-file", 9))
        return add_args_file(out, value, options, depth + 1);
    char *opt = xmalloc((size_t)n + 3);
    memcpy(opt, "--", 2);
    memcpy(opt + 2, name, (size_t)n);
    opt[n + 2] = '\0';
    push(out, opt);
    if (value)
        push(out, xstrdup(value));
    return 0;
}

static int add_args_file(struct arglist *out, const char *path, const struct option_entry *options,
                         int depth)
{
    if (depth > ARGS_DEPTH) {
        error("'%s': arguments files nested more than %d deep (a loop?)", path, ARGS_DEPTH);
        return EXIT_USAGE;
    }
    FILE *f = open_list(path);
    char *buf = xmalloc(LINE_MAX_LEN);
    int rc = 0;
    const char *s;
    for (unsigned long line = 1; !rc && (s = next_line(f, buf, LINE_MAX_LEN, path, line));
         line++)
        if (*s && *s != '#')
            rc = add_line(out, s, path, line, options, depth);
    if (ferror(f))
        die(EXIT_IO, "cannot read '%s': %s", path, strerror(errno));
    if (f != stdin)
        fclose(f);
    free(buf);
    return rc;
}

/* The file names of a --files-from list, one a line ('#' lines and blank lines skipped). */
static void add_files_from(struct arglist *files, const char *path)
{
    FILE *f = open_list(path);
    char *buf = xmalloc(LINE_MAX_LEN);
    const char *s;
    for (unsigned long line = 1; (s = next_line(f, buf, LINE_MAX_LEN, path, line)); line++)
        if (*s && *s != '#')
            push(files, xstrdup(s));
    if (ferror(f))
        die(EXIT_IO, "cannot read '%s': %s", path, strerror(errno));
    if (f != stdin)
        fclose(f);
    free(buf);
}

/* "--NAME VALUE" or "--NAME=VALUE" at argv[*i]: the value (*i moved past it), else NULL. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, "--", 2) || strncmp(a + 2, name, n))
        return NULL;
    if (a[2 + n] == '=')
        return a + 3 + n;
    if (a[2 + n] || *i + 1 >= argc)
        return NULL; /* a missing value: parse_options() says so */
    return argv[++*i];
}

int search_expand_args(int *argc, char ***argv, const struct option_entry *options)
{
    struct arglist *out = &collected, *files = &from_files;
    int operands = 0; /* after "--": nothing is an option */
    const char *v;
    for (int i = 0; i < *argc; i++) {
        char *a = (*argv)[i];
        if (i == 0 || operands) {
            push(out, a);
        } else if (!strcmp(a, "--")) {
            operands = 1;
            push(out, a);
        } else if ((v = option_value(*argc, *argv, &i, "args-file"))) {
            int rc = add_args_file(out, v, options, 1);
            if (rc)
                return rc;
        } else {
            push(out, a);
        }
    }
    /* --files-from, from the command line or an arguments file alike. */
    struct arglist *final = &expanded;
    operands = 0;
    for (int i = 0; i < out->n; i++) {
        if (i > 0 && !operands && (v = option_value(out->n, out->v, &i, "files-from"))) {
            add_files_from(files, v);
            continue;
        }
        operands |= i > 0 && !strcmp(out->v[i], "--");
        push(final, out->v[i]);
    }
    if (files->n && !operands)
        push(final, (char *)"--"); /* argv strings are not written to */
    for (int i = 0; i < files->n; i++)
        push(final, files->v[i]);
    push(final, NULL);
    *argc = final->n - 1;
    *argv = final->v;
    return 0;
}

/* ---- Tag criteria files ---------------------------------------------------- */

static void add(struct buf *out, const void *p, size_t n)
{
    if (buf_append(out, p, n))
        die(EXIT_IO, "out of memory");
}

static void add_str(struct buf *out, const char *s) { add(out, s, strlen(s)); }

/* value into out as a where STRING, quotes and backslashes escaped. */
static void put_string(struct buf *out, const char *prefix, const char *value, size_t n,
                       const char *suffix)
{
    add_str(out, "\"");
    add_str(out, prefix);
    for (size_t i = 0; i < n; i++) {
        if (value[i] == '"' || value[i] == '\\')
            add(out, "\\", 1);
        add(out, &value[i], 1);
    }
    add_str(out, suffix);
    add_str(out, "\"");
}

static int has_quote_end(const char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == '\\' && s[i + 1] == 'E')
            return 1;
    return 0;
}

static int all_digits(const char *s, size_t n)
{
    size_t i = n && s[0] == '-';
    if (i == n)
        return 0;
    for (; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

/*
 * The condition of one line, NAME "VALUE" or NAME OP "VALUE", into out;
 * the name's length in *name_len. Returns NULL or a message for a bad line.
 */
static const char *tag_condition(const char *s, struct buf *out, size_t *name_len)
{
    size_t n = 0;
    while ((s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= 'a' && s[n] <= 'z') ||
           (s[n] >= '0' && s[n] <= '9') || s[n] == '_')
        n++;
    if (!n)
        return "a line is NAME \"VALUE\" or NAME OP \"VALUE\"";
    *name_len = n;
    const char *p = s + n;
    while (*p == ' ' || *p == '\t')
        p++;
    static const char *const ops[] = { "=~", "<>", "<=", ">=", "==", "!=", "=", "<", ">" };
    const char *op = NULL;
    for (size_t k = 0; !op && k < sizeof ops / sizeof ops[0]; k++)
        if (!strncmp(p, ops[k], strlen(ops[k])))
            op = ops[k];
    if (op)
        for (p += strlen(op); *p == ' ' || *p == '\t'; p++)
            ;
    const char *close = *p == '"' ? strrchr(p + 1, '"') : NULL;
    if (!close)
        return "the value must be between double quotes";
    if (close[1])
        return "text after the closing quote";
    const char *value = p + 1;
    size_t vlen = (size_t)(close - value);
    /* Player is pgn-extract's name for either colour: the field player. */
    if (n == 6 && !memcmp(s, "Player", 6))
        add_str(out, "player");
    else
        add(out, s, n);
    if (!op) {
        /* A prefix of the value, as pgn-extract matches: \Q...\E quotes it for PCRE2. */
        if (has_quote_end(value, vlen))
            return "a value with \\E cannot be quoted: use NAME =~ \"REGEX\"";
        add_str(out, " ~ ");
        put_string(out, "^\\Q", value, vlen, "\\E");
        return NULL;
    }
    add_str(out, !strcmp(op, "=~") ? " ~ " : !strcmp(op, "<>") ? " != " : " ");
    if (strcmp(op, "=~") && strcmp(op, "<>")) {
        add_str(out, op);
        add_str(out, " ");
    }
    if (all_digits(value, vlen) && strcmp(op, "=~"))
        add(out, value, vlen);
    else
        put_string(out, "", value, vlen, "");
    return NULL;
}

/* A condition of a tag-criteria file: the tag it is about, its --where text. */
struct cond {
    char *name, *text;
};

static void free_conds(struct cond *conds, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(conds[i].name);
        free(conds[i].text);
    }
    free(conds);
}

char *search_tags_file(const char *path)
{
    FILE *f = open_list(path);
    char *line_buf = xmalloc(LINE_MAX_LEN);
    /* The conditions sorted by tag name as they come: the lines of one name
     * are alternatives (or), the names all hold (and), as in pgn-extract. */
    struct cond *conds = NULL;
    size_t nconds = 0;
    const char *s, *bad = NULL;
    unsigned long line;
    for (line = 1; !bad && (s = next_line(f, line_buf, LINE_MAX_LEN, path, line)); line++) {
        if (!*s || *s == '%' || *s == '#')
            continue;
        struct buf one = BUF_INIT(LINE_MAX_LEN * 2);
        size_t name_len = 0;
        bad = tag_condition(s, &one, &name_len);
        struct where *w = NULL;
        struct where_error err = { 0, "" };
        if (!bad)
            add(&one, "", 1);
        if (!bad && where_parse(&w, one.data, 0, 0, &err)) {
            bad = err.msg;
            error("%s:%lu: %s", path, line, err.msg);
            buf_release(&one);
            free(line_buf);
            free_conds(conds, nconds);
            if (f != stdin)
                fclose(f);
            return NULL;
        }
        where_free(w);
        if (bad) {
            buf_release(&one);
            break;
        }
        conds = xrealloc(conds, (nconds + 1) * sizeof *conds);
        conds[nconds].name = xmalloc(name_len + 1);
        memcpy(conds[nconds].name, s, name_len);
        conds[nconds].name[name_len] = '\0';
        conds[nconds].text = xstrdup(one.data);
        nconds++;
        buf_release(&one);
    }
    if (f != stdin)
        fclose(f);
    free(line_buf);
    if (bad || !nconds) {
        if (bad)
            error("%s:%lu: %s", path, line, bad);
        else
            error("%s: no tag criteria", path);
        free_conds(conds, nconds);
        return NULL;
    }
    struct buf expr = BUF_INIT((size_t)1 << 30);
    for (size_t i = 0; i < nconds; i++) {
        if (!conds[i].name[0])
            continue; /* taken with an earlier line of its name */
        add_str(&expr, expr.len ? " and (" : "(");
        for (size_t j = i; j < nconds; j++) {
            if (strcmp(conds[j].name, conds[i].name) || (j > i && !conds[j].name[0]))
                continue;
            if (j > i)
                add_str(&expr, " or ");
            add_str(&expr, conds[j].text);
            if (j > i)
                conds[j].name[0] = '\0';
        }
        add_str(&expr, ")");
    }
    add(&expr, "", 1);
    push(&kept_exprs, expr.data);
    free_conds(conds, nconds);
    return expr.data;
}
