/* dbfind.c - example: print the games of a pgnkit database that search criteria match. */
/* SPDX-License-Identifier: MIT */
/*
 * dbfind DB CRITERION...: each CRITERION is NAME=ARGUMENT, or NAME alone for
 * a criterion without one (pgnkit-search(1)'s long options without their
 * dashes): "dbfind games.pgnkit white=Steinitz checkmate" prints the games
 * of the database that meet them all, byte for byte as they stand in their
 * sources and in their order, as `pgnkit search --white Steinitz
 * --checkmate games.pgnkit` does. Exit 0 when a game matched, 1 when none
 * did, 2 for a bad criterion, 3 when the database cannot be read.
 */
#include <stdio.h>
#include <string.h>
#include <pgnkit.h>
#include <pgnkit_db.h>

/* What print() needs: the database, and how many games it printed. */
struct printer {
    struct pgnkit_db *db;
    unsigned long long printed;
    int failed;
};

/* Called by pgnkit_db_find() for each game found, in order: prints its text. */
static int print(void *ctx, uint64_t number)
{
    struct printer *p = ctx;
    const char *text;
    size_t len;
    if (pgnkit_db_game_pgn(p->db, number, &text, &len) != PGNKIT_OK) {
        p->failed = 1;
        return 1; /* stop: the message is the database's */
    }
    fwrite(text, 1, len, stdout);
    p->printed++;
    return 0;
}

int main(int argc, char **argv)
{
    struct pgnkit_query *q;
    char why[256];
    if (argc < 2) {
        fprintf(stderr, "usage: dbfind DB [NAME[=ARGUMENT]]...\n");
        return 2;
    }
    if (pgnkit_query_new(&q, 0) != PGNKIT_OK)
        return 3;
    for (int i = 2; i < argc; i++) {
        char *arg = strchr(argv[i], '=');
        if (arg)
            *arg++ = '\0';
        if (pgnkit_query_add(q, argv[i], arg, why, sizeof why) != PGNKIT_OK) {
            fprintf(stderr, "dbfind: '%s': %s\n", argv[i], why);
            pgnkit_query_free(q);
            return 2;
        }
    }
    struct printer p = { NULL, 0, 0 };
    if (pgnkit_db_open(&p.db, argv[1]) != PGNKIT_OK) {
        fprintf(stderr, "dbfind: cannot open '%s'\n", argv[1]);
        pgnkit_query_free(q);
        return 3;
    }
    int rc = pgnkit_db_find(p.db, q, print, &p);
    if (rc != PGNKIT_OK || p.failed)
        fprintf(stderr, "dbfind: %s\n", pgnkit_db_error(p.db));
    pgnkit_db_free(p.db);
    pgnkit_query_free(q);
    return rc != PGNKIT_OK || p.failed ? 3 : p.printed ? 0 : 1;
}
