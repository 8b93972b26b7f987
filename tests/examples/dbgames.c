/* dbgames.c - example: read a pgnkit database's games back, or count those a criterion matches. */
/* SPDX-License-Identifier: MIT */
/*
 * dbgames DB: every game's PGN text, one after the other, byte for byte as
 * in the sources (so one source's games give back its file).
 * dbgames DB NAME [ARG]: the number of games the search criterion NAME
 * (white, eco, moves, ...: pgnkit-search(1)'s long options) matches, as
 * `pgnkit search --count --NAME ARG DB` prints it.
 */
#include <stdio.h>
#include <pgnkit.h>
#include <pgnkit_db.h>

int main(int argc, char **argv)
{
    struct pgnkit_db *db;
    if (argc < 2) {
        fprintf(stderr, "usage: dbgames DB [NAME [ARG]]\n");
        return 2;
    }
    if (pgnkit_db_open(&db, argv[1]) != PGNKIT_OK) {
        fprintf(stderr, "dbgames: cannot open '%s'\n", argv[1]);
        return 3;
    }
    uint64_t n;
    int rc = pgnkit_db_game_count(db, &n);
    if (argc == 2) {
        for (uint64_t k = 1; rc == PGNKIT_OK && k <= n; k++) {
            const char *text;
            size_t len;
            if ((rc = pgnkit_db_game_pgn(db, k, &text, &len)) == PGNKIT_OK)
                fwrite(text, 1, len, stdout);
        }
    } else {
        struct pgnkit_query *q;
        char why[256];
        if (pgnkit_query_new(&q, 0) != PGNKIT_OK)
            return 3;
        if (pgnkit_query_add(q, argv[2], argc > 3 ? argv[3] : NULL, why, sizeof why)) {
            fprintf(stderr, "dbgames: '%s': %s\n", argv[2], why);
            return 2;
        }
        if ((rc = pgnkit_db_count(db, q, &n)) == PGNKIT_OK)
            printf("%llu\n", (unsigned long long)n);
        pgnkit_query_free(q);
    }
    if (rc != PGNKIT_OK)
        fprintf(stderr, "dbgames: %s\n", pgnkit_db_error(db));
    pgnkit_db_free(db);
    return rc == PGNKIT_OK ? 0 : 3;
}
