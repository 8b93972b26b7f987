/* tagfilter.c - example: copy the games that meet one search criterion, as they stand. */
/* SPDX-License-Identifier: MIT */
/*
 * tagfilter CRITERION ARGUMENT FILE...: "tagfilter white Steinitz a.pgn"
 * prints the games of a.pgn whose White tag matches the regular expression
 * Steinitz, byte for byte, as `pgnkit search --white Steinitz a.pgn` does.
 * Exit 0 when a game matched, 1 when none did, 2 for a bad criterion.
 */
#include <stdio.h>
#include <pgnkit.h>

int main(int argc, char **argv)
{
    struct pgnkit_query *q;
    char why[256];
    if (argc < 4) {
        fprintf(stderr, "usage: tagfilter CRITERION ARGUMENT FILE...\n");
        return 2;
    }
    if (pgnkit_query_new(&q, 0) != PGNKIT_OK)
        return 3;
    if (pgnkit_query_add(q, argv[1], argv[2], why, sizeof why) != PGNKIT_OK) {
        fprintf(stderr, "tagfilter: '%s': %s\n", argv[2], why);
        pgnkit_query_free(q);
        return 2;
    }
    int matched = 0;
    for (int i = 3; i < argc; i++) {
        struct pgnkit_reader *r;
        struct pgnkit_game *g;
        if (pgnkit_reader_open(&r, argv[i]) != PGNKIT_OK) {
            fprintf(stderr, "tagfilter: cannot open '%s'\n", argv[i]);
            pgnkit_query_free(q);
            return 3;
        }
        while (pgnkit_reader_next(r, &g) > 0) {
            size_t len;
            const char *raw = pgnkit_game_raw(g, &len);
            if (raw && pgnkit_query_match(q, g) > 0) {
                fwrite(raw, 1, len, stdout);
                matched++;
            }
        }
        pgnkit_reader_free(r);
    }
    pgnkit_query_free(q);
    return matched ? 0 : 1;
}
