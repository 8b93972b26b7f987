/* perft.c - `pgnkit perft`: count move-tree leaves, check against EPD suites. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cmd.h"
#include "common.h"
#include "chess/movegen.h"
#include "notation/uci.h"
#include "base/banned.h"

static const char *const perft_usage[] = {
    "pgnkit perft [--divide] [--time] FEN|startpos DEPTH",
    "   or: pgnkit perft --epd FILE [--max-depth N] [--max-nodes N]",
    "",
    "    -d, --divide        print the node count below each legal move (UCI)",
    "    -t, --time          print nodes per second on stderr",
    "    -e, --epd FILE      check every line 'FEN ;D1 n ;D2 n ...' of FILE",
    "        --max-depth N   with --epd, check depths up to N only (default 6)",
    "        --max-nodes N   with --epd, skip counts above N (default 10000000)",
    "    -h, --help          show this help",
    NULL,
};

static const struct option perft_options[] = {
    { "divide", no_argument, NULL, 'd' },
    { "time", no_argument, NULL, 't' },
    { "epd", required_argument, NULL, 'e' },
    { "max-depth", required_argument, NULL, 'D' },
    { "max-nodes", required_argument, NULL, 'N' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int run_one(const char *fen, int depth, int divide, int timed)
{
    struct pos p;
    int rc = pos_from_fen(&p, strcmp(fen, "startpos") ? fen : START_FEN);
    if (rc) {
        error("invalid FEN '%s': %s", fen, fen_strerror(rc));
        return EXIT_USAGE;
    }
    double t0 = now();
    uint64_t total = 0;
    if (divide && depth > 0) {
        struct movelist list;
        movegen_legal(&p, &list);
        for (int i = 0; i < list.n; i++) {
            struct pos next = p;
            char uci[UCI_MAX];
            pos_play(&next, list.moves[i]);
            uint64_t n = movegen_perft(&next, depth - 1);
            uci_write(&p, list.moves[i], uci);
            printf("%s: %" PRIu64 "\n", uci, n);
            total += n;
        }
        printf("\n");
    } else {
        total = movegen_perft(&p, depth);
    }
    double secs = now() - t0;
    printf("%" PRIu64 "\n", total);
    if (timed)
        fprintf(stderr, "%" PRIu64 " nodes in %.3f s: %.1f M nodes/s\n", total, secs,
                secs > 0 ? (double)total / secs / 1e6 : 0.0);
    return EXIT_OK;
}

/* One EPD line: "FEN ;D1 20 ;D2 400 ...". Returns the mismatches found. */
static int check_epd_line(const char *path, long lineno, char *line, int max_depth,
                          uint64_t max_nodes, long *checked)
{
    char *semi = strchr(line, ';');
    if (!semi)
        return 0;
    *semi = 0;
    struct pos p;
    int rc = pos_from_fen(&p, line);
    if (rc) {
        error("%s:%ld: invalid FEN: %s", path, lineno, fen_strerror(rc));
        return 1;
    }
    int bad = 0;
    for (char *field = semi + 1; field; field = strchr(field, ';')) {
        if (*field == ';')
            field++;
        int depth;
        uint64_t expected;
        if (sscanf(field, " D%d %" SCNu64, &depth, &expected) != 2)
            continue;
        if (depth > max_depth || expected > max_nodes)
            continue;
        uint64_t got = movegen_perft(&p, depth);
        (*checked)++;
        if (got != expected) {
            printf("%s:%ld: depth %d: expected %" PRIu64 ", got %" PRIu64 "\n", path, lineno,
                   depth, expected, got);
            bad++;
        }
    }
    return bad;
}

static int run_epd(const char *path, int max_depth, uint64_t max_nodes)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        error("cannot open '%s'", path);
        return EXIT_IO;
    }
    char line[1024];
    long lineno = 0, positions = 0, checked = 0;
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        positions++;
        bad += check_epd_line(path, lineno, line, max_depth, max_nodes, &checked);
    }
    if (f != stdin)
        fclose(f);
    printf("%ld positions, %ld counts checked, %d wrong\n", positions, checked, bad);
    return bad ? EXIT_NEGATIVE : EXIT_OK;
}

int cmd_perft(int argc, char **argv)
{
    int divide = 0, timed = 0, opt;
    const char *epd = NULL;
    long max_depth = 6, max_nodes = 10000000;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "dte:h", perft_options, NULL)) != -1) {
        switch (opt) {
        case 'd': divide = 1; break;
        case 't': timed = 1; break;
        case 'e': epd = optarg; break;
        case 'D':
            if (parse_long(optarg, 0, 20, &max_depth))
                return usage_error(perft_usage);
            break;
        case 'N':
            if (parse_long(optarg, 0, 0x7fffffffffffffffL, &max_nodes))
                return usage_error(perft_usage);
            break;
        case 'h': print_usage(stdout, perft_usage); return EXIT_OK;
        default: return usage_error(perft_usage);
        }
    }
    if (epd) {
        if (optind != argc)
            return usage_error(perft_usage);
        return run_epd(epd, (int)max_depth, (uint64_t)max_nodes);
    }
    /* The FEN may be one argument or its fields spread over several. */
    if (argc - optind < 2)
        return usage_error(perft_usage);
    long depth;
    if (parse_long(argv[argc - 1], 0, 20, &depth)) {
        error("depth must be a number from 0 to 20, not '%s'", argv[argc - 1]);
        return EXIT_USAGE;
    }
    char fen[FEN_MAX + 2] = "";
    size_t len = 0;
    for (int i = optind; i < argc - 1; i++) {
        size_t n = strlen(argv[i]);
        if (len + n + 1 > FEN_MAX) {
            error("FEN too long");
            return EXIT_USAGE;
        }
        if (len)
            fen[len++] = ' ';
        memcpy(fen + len, argv[i], n + 1);
        len += n;
    }
    return run_one(fen, (int)depth, divide, timed);
}
