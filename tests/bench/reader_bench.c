/* reader_bench.c - throughput of the PGN reader alone (no chess): games, moves, MB/s. */
/* SPDX-License-Identifier: MIT */
/*
 * Build and run (after make builds build/libpgnkit.a):
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Ilib tests/bench/reader_bench.c \
 *      build/libpgnkit.a -lz -o build/reader_bench
 *   build/reader_bench [-n RUNS] FILE...     ("-" = stdin, read once)
 * Prints, per file, the best of RUNS passes: games, bad games, moves,
 * decompressed bytes, seconds and MB/s (of decompressed PGN, 10^6 bytes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "init/lib_init.h"
#include "pgn/pgn_reader.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int runs = 3;
    lib_init();
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "-n"))
            runs = atoi(argv[i + 1]);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n")) {
            i++;
            continue;
        }
        double best = 1e30;
        unsigned long long games = 0, bad = 0, moves = 0, bytes = 0;
        int n = strcmp(argv[i], "-") ? runs : 1; /* stdin can be read once */
        for (int run = 0; run < n; run++) {
            struct pgn_reader *r;
            struct game g;
            if (pgn_reader_open(&r, argv[i], NULL)) {
                perror(argv[i]);
                return 3;
            }
            double t0 = now();
            int rc;
            games = bad = moves = 0;
            while ((rc = pgn_reader_next(r, &g)) > 0) {
                games++;
                bad += (g.flags & GAME_BAD) != 0;
                moves += g.nmoves;
            }
            double t = now() - t0;
            bytes = pgn_reader_offset(r);
            if (rc < 0)
                fprintf(stderr, "%s: %s\n", argv[i], pgn_reader_error(r)->message);
            pgn_reader_free(r);
            if (t < best)
                best = t;
        }
        printf("%s: %llu games, %llu bad, %llu moves, %llu bytes, %.3f s, %.1f MB/s\n", argv[i],
               games, bad, moves, bytes, best, (double)bytes / best / 1e6);
    }
    return 0;
}
