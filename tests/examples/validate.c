/* validate.c - example: replay every game of the files given and print its diagnostics. */
/* SPDX-License-Identifier: MIT */
/*
 * Prints one line per diagnostic, "FILE:LINE:COL: SEVERITY: MESSAGE" as
 * compilers do, and exits 1 when a game is invalid, 3 when a file cannot
 * be read: what `pgnkit validate` does, on the library alone.
 */
#include <inttypes.h>
#include <stdio.h>
#include <pgnkit.h>

static void print_diagnostic(const struct pgnkit_diagnostic *d)
{
    printf("%s:", d->file);
    if (d->line)
        printf("%" PRIu64 ":", d->line);
    if (d->line && d->column)
        printf("%" PRIu32 ":", d->column);
    printf(" %s: %s\n", pgnkit_severity_name(d->severity), d->message);
}

int main(int argc, char **argv)
{
    int status = 0;
    for (int i = 1; i < argc; i++) {
        struct pgnkit_reader *r;
        struct pgnkit_game *g;
        int rc = pgnkit_reader_open(&r, argv[i]);
        if (rc) {
            fprintf(stderr, "validate: cannot open '%s': %s\n", argv[i], pgnkit_status_name(rc));
            return 3;
        }
        while ((rc = pgnkit_reader_next(r, &g)) > 0) {
            int n = pgnkit_game_diagnostic_count(g);
            for (int k = 0; k < n; k++) {
                struct pgnkit_diagnostic d;
                if (pgnkit_game_diagnostic(g, (size_t)k, &d) == PGNKIT_OK)
                    print_diagnostic(&d);
            }
            if (!pgnkit_game_is_valid(g) && status == 0)
                status = 1;
        }
        if (rc < 0) {
            fprintf(stderr, "validate: '%s': %s\n", argv[i], pgnkit_reader_error(r));
            status = 3;
        }
        pgnkit_reader_free(r);
    }
    return status;
}
