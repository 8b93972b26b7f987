/* names_file.c - --names FILE: a spelling file read once for every command that takes it. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "cli/names_file.h"
#include "base/error.h"
#include "base/banned.h"

/* Real spelling files are a few megabytes; past this it is no spelling file. */
#define NAMES_FILE_MAX ((size_t)256 << 20)

struct spelling *names_file_read(const char *path, int *status)
{
    FILE *f = fopen(path, "rb");
    *status = EXIT_IO;
    if (!f) {
        error("cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t len = 0, cap = 1 << 16;
    char *text = xmalloc(cap);
    size_t n;
    while ((n = fread(text + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            if (cap >= NAMES_FILE_MAX) {
                error("'%s': over %zu MB: no spelling file", path, NAMES_FILE_MAX >> 20);
                fclose(f);
                free(text);
                return NULL;
            }
            cap *= 2;
            text = xrealloc(text, cap);
        }
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        error("cannot read '%s': %s", path, strerror(errno));
        free(text);
        return NULL;
    }
    struct spelling *s;
    int rc = spelling_parse(&s, text, len);
    free(text);
    if (rc != PGN_OK)
        die(EXIT_IO, "'%s': %s", path, pgn_strerror(rc));
    size_t nproblems, total, errors;
    const struct spelling_problem *p = spelling_problems(s, &nproblems, &total, &errors);
    for (size_t i = 0; i < nproblems; i++)
        fprintf(stderr, "%s:%u: %s: %s\n", path, (unsigned)p[i].line,
                p[i].error ? "error" : "warning", p[i].message);
    if (total > nproblems)
        fprintf(stderr, "%s: %zu more problems\n", path, total - nproblems);
    if (errors) {
        spelling_free(s);
        *status = EXIT_USAGE;
        return NULL;
    }
    *status = EXIT_OK;
    return s;
}
