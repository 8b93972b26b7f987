/* spelling.c - reads a spelling file (SCID's spelling.ssp format) and looks names up in it. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/arena.h"
#include "base/ascii.h"
#include "base/compiler.h"
#include "base/error.h"
#include "base/hash_table.h"
#include "pgn/spelling.h"
#include "base/banned.h"

/* Left-out characters of a section header: a handful in real files. */
enum { EXCLUDE_MAX = 32 };

struct spelling {
    /* kind (one byte) + the spelling without the left-out characters -> its name */
    struct hash_table index;
    struct arena names; /* the names, NUL-terminated */
    char exclude[SPELLING_KINDS][EXCLUDE_MAX + 1];
    size_t nnames[SPELLING_KINDS];
    struct spelling_problem problems[SPELLING_PROBLEMS_MAX];
    size_t nproblems, total_problems, errors;
};

/* The name of a spelling given to two names: it stands for neither. */
static const char ambiguous[] = "";

static const char *const section_names[SPELLING_KINDS] = { "PLAYER", "EVENT", "SITE", "ROUND" };

/* A problem of the file at line: an error (error 1) or a warning. */
static void problem(struct spelling *s, uint32_t line, int error, const char *fmt, ...)
    PRINTF_LIKE(4, 5);
static void problem(struct spelling *s, uint32_t line, int error, const char *fmt, ...)
{
    s->total_problems++;
    s->errors += error != 0;
    if (s->nproblems == SPELLING_PROBLEMS_MAX)
        return;
    struct spelling_problem *p = &s->problems[s->nproblems++];
    va_list ap;
    va_start(ap, fmt);
    p->line = line;
    p->error = error;
    vsnprintf(p->message, sizeof p->message, fmt, ap);
    va_end(ap);
}

/*
 * The key of name[0..len) as a kind of name: the kind's byte, then the
 * bytes that are not left out. key has room for SPELLING_LINE_MAX + 1.
 */
static size_t make_key(const struct spelling *s, int kind, const char *name, size_t len,
                       char *key)
{
    size_t n = 0;
    key[n++] = (char)('0' + kind);
    for (size_t i = 0; i < len; i++)
        if (!memchr(s->exclude[kind], name[i], strlen(s->exclude[kind])))
            key[n++] = name[i];
    return n;
}

/* name[0..len) with its blanks trimmed on both sides. */
static const char *trim(const char *name, size_t *len)
{
    while (*len && ascii_is_space(*name))
        name++, (*len)--;
    while (*len && ascii_is_space(name[*len - 1]))
        (*len)--;
    return name;
}

/* Adds spelling[0..len) of the name canonical: PGN_OK or PGN_ENOMEM. */
static int add_spelling(struct spelling *s, uint32_t line, int kind, const char *spelling,
                        size_t len, const char *canonical)
{
    char key[SPELLING_LINE_MAX + 2];
    size_t n = make_key(s, kind, spelling, len, key);
    void *value;
    int rc = hash_table_insert(&s->index, key, n, hash_table_hash(key, n), &value);
    if (rc < 0)
        return rc;
    const char **name = value;
    if (rc == 1) {
        *name = canonical;
    } else if (*name != ambiguous && strcmp(*name, canonical)) {
        problem(s, line, 0, "spelling '%.*s' is one of '%s' and of '%s': left alone",
              (int)(len > 60 ? 60 : len), spelling, *name, canonical);
        *name = ambiguous;
    }
    return PGN_OK;
}

/* The section a header names ("PLAYER ..."), or SPELLING_NONE. */
static int section_of(const char *text, size_t len)
{
    size_t word = 0;
    while (word < len && ascii_is_letter(text[word]))
        word++;
    for (int k = 0; k < SPELLING_KINDS; k++)
        if (strlen(section_names[k]) == word && !memcmp(text, section_names[k], word))
            return k;
    return SPELLING_NONE;
}

/* The left-out characters of a section header, from its first quoted string (none: empty). */
static void read_exclude(struct spelling *s, uint32_t line, int kind, const char *text,
                         size_t len)
{
    const char *open = memchr(text, '"', len), *close;
    s->exclude[kind][0] = 0;
    if (!open)
        return;
    close = memchr(open + 1, '"', len - (size_t)(open + 1 - text));
    if (!close) {
        problem(s, line, 1, "left-out characters without their closing '\"'");
        return;
    }
    size_t n = (size_t)(close - open - 1);
    if (n > EXCLUDE_MAX) {
        problem(s, line, 1, "more than %d left-out characters", EXCLUDE_MAX);
        n = EXCLUDE_MAX;
    }
    memcpy(s->exclude[kind], open + 1, n);
    s->exclude[kind][n] = 0;
}

/* State of the reading: the section and the name that spellings belong to. */
struct reading {
    int kind;              /* SPELLING_NONE before any section or after an unknown one */
    int known_section;     /* 0 once the lines outside a section are reported */
    const char *canonical; /* NULL before the section's first name */
};

static int read_line(struct spelling *s, struct reading *r, uint32_t lineno, const char *line,
                     size_t len)
{
    /* '#' starts a comment anywhere, as in SCID: after a name, the player's details. */
    const char *hash = memchr(line, '#', len);
    if (hash)
        len = (size_t)(hash - line);
    line = trim(line, &len);
    if (!len || line[0] == '>' || line[0] == '%')
        return 0; /* nothing, or what pgnkit has no use for (%Elo, %Bio, %Prefix, ...) */
    if (line[0] == '@') {
        r->kind = section_of(line + 1, len - 1);
        r->canonical = NULL;
        r->known_section = r->kind >= 0;
        if (r->kind < 0)
            problem(s, lineno, 1, "unknown section '%.*s' (PLAYER, EVENT, SITE or ROUND)",
                    (int)(len > 40 ? 40 : len), line);
        else
            read_exclude(s, lineno, r->kind, line, len);
        return 0;
    }
    if (r->kind < 0) {
        if (r->known_section)
            problem(s, lineno, 1, "name before any section ('@PLAYER', ...)");
        r->known_section = 0; /* said once for the lines up to the next section */
        return 0;
    }
    if (line[0] == '=') {
        line++, len--;
        line = trim(line, &len);
        if (!r->canonical) {
            problem(s, lineno, 1, "spelling before any name");
            return 0;
        }
        if (!len) {
            problem(s, lineno, 1, "'=' without a spelling");
            return 0;
        }
        return add_spelling(s, lineno, r->kind, line, len, r->canonical);
    }
    char *name = arena_memdup(&s->names, line, len);
    if (!name)
        return PGN_ENOMEM;
    r->canonical = name;
    s->nnames[r->kind]++;
    return add_spelling(s, lineno, r->kind, line, len, name);
}

int spelling_parse(struct spelling **out, const char *text, size_t len)
{
    struct spelling *s = calloc(1, sizeof *s);
    *out = NULL;
    if (!s)
        return PGN_ENOMEM;
    hash_table_init(&s->index, sizeof(const char *));
    arena_init(&s->names, (size_t)1 << 30);
    struct reading r = { .kind = SPELLING_NONE, .known_section = 1 };
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
        text += 3, len -= 3; /* a byte order mark */
    uint32_t lineno = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        lineno++;
        if (n > SPELLING_LINE_MAX)
            problem(s, lineno, 1, "line longer than %d bytes", SPELLING_LINE_MAX);
        else if (read_line(s, &r, lineno, text + at, n)) {
            spelling_free(s);
            return PGN_ENOMEM;
        }
        at += n + (nl != NULL);
    }
    *out = s;
    return PGN_OK;
}

const struct spelling_problem *spelling_problems(const struct spelling *s, size_t *n,
                                                 size_t *total, size_t *errors)
{
    *n = s->nproblems;
    if (total)
        *total = s->total_problems;
    if (errors)
        *errors = s->errors;
    return s->problems;
}

const char *spelling_canonical(const struct spelling *s, enum spelling_kind kind,
                               const char *name, size_t len)
{
    if (!s || len > SPELLING_LINE_MAX)
        return NULL;
    char key[SPELLING_LINE_MAX + 2];
    size_t n = make_key(s, kind, name, len, key);
    const char *const *found = hash_table_find(&s->index, key, n, hash_table_hash(key, n));
    return found && *found != ambiguous ? *found : NULL;
}

int spelling_kind_of_tag(const char *tag)
{
    if (!strcmp(tag, "White") || !strcmp(tag, "Black"))
        return SPELLING_PLAYER;
    if (!strcmp(tag, "Event"))
        return SPELLING_EVENT;
    if (!strcmp(tag, "Site"))
        return SPELLING_SITE;
    if (!strcmp(tag, "Round"))
        return SPELLING_ROUND;
    return SPELLING_NONE;
}

size_t spelling_names(const struct spelling *s, enum spelling_kind kind)
{
    return s->nnames[kind];
}

void spelling_free(struct spelling *s)
{
    if (!s)
        return;
    hash_table_release(&s->index);
    arena_release(&s->names);
    free(s);
}
