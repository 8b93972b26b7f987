/* perft.c - `pgnkit perft`: count move-tree leaves, check against EPD suites. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "chess/movegen.h"
#include "notation/uci.h"
#include "base/banned.h"

static const char *const perft_usage[] = {
    "pgnkit perft [--divide] [--time] FEN|startpos DEPTH",
    "   or: pgnkit perft --epd FILE [--max-depth N] [--max-nodes N]",
    "",
    NULL,
};


static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Suites of move generators hold positions no game reaches, to test the move
 * rules where checks combine oddly: their moves are well defined, so they are
 * counted after a warning. Every other FEN error stays an error. */
static enum fen_problem perft_from_fen(struct pos *p, const char *fen, const char *path,
                                       long lineno)
{
    enum fen_problem why;
    pos_from_fen(p, fen, &why);
    if (why != FEN_IMPOSSIBLE_CHECK)
        return why;
    if (path)
        warning("%s:%ld: %s; counted anyway", path, lineno, fen_problem_text(why));
    else
        warning("%s; counted anyway", fen_problem_text(why));
    return FEN_NO_PROBLEM;
}

static int run_one(const char *fen, int depth, int divide, int timed)
{
    struct pos p;
    enum fen_problem why = perft_from_fen(&p, strcmp(fen, "startpos") ? fen : START_FEN, NULL, 0);
    if (why) {
        error("invalid FEN '%s': %s", fen, fen_problem_text(why));
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

/* Deeper trees cannot finish unless the position has a single line of play, and
 * then each ply costs a stack frame of about one move list: 1000 plies fit. */
enum { PERFT_MAX_DEPTH = 1000 };

/* What a suite run has seen so far: the summary line and the exit status. */
struct suite {
    const char *path;
    int max_depth;
    uint64_t max_nodes;
    long positions, checked, skipped, wrong;
    int have_pos; /* the last 'epd' line of a .perft file gave a valid position */
    struct pos pos;
};

static void suite_error(struct suite *s, long lineno, const char *what, const char *detail)
{
    error("%s:%ld: %s%s%s", s->path, lineno, what, detail ? ": " : "", detail ? detail : "");
    s->wrong++;
}

/* Reads the position of one suite line; an invalid FEN counts as a wrong answer. */
static int suite_position(struct suite *s, long lineno, const char *fen)
{
    s->positions++;
    enum fen_problem why = perft_from_fen(&s->pos, fen, s->path, lineno);
    s->have_pos = why == FEN_NO_PROBLEM;
    if (why)
        suite_error(s, lineno, "invalid FEN", fen_problem_text(why));
    return s->have_pos;
}

static void suite_count(struct suite *s, long lineno, long depth, uint64_t expected)
{
    if (depth > s->max_depth || expected > s->max_nodes) {
        s->skipped++;
        return;
    }
    uint64_t got = movegen_perft(&s->pos, (int)depth);
    s->checked++;
    if (got != expected) {
        printf("%s:%ld: depth %ld: expected %" PRIu64 ", got %" PRIu64 "\n", s->path, lineno,
               depth, expected, got);
        s->wrong++;
    }
}

/* "D<depth> <count>" with nothing after it but blanks; 0 if it is not. */
static int parse_count(const char *text, long *depth, uint64_t *count)
{
    char *end;
    if (*text == 'D')
        text++;
    if (*text < '0' || *text > '9')
        return 0;
    *depth = strtol(text, &end, 10);
    if (end == text || (*end != ' ' && *end != '\t') || *depth > PERFT_MAX_DEPTH)
        return 0;
    text = end + strspn(end, " \t");
    if (*text < '0' || *text > '9')
        return 0;
    *count = strtoull(text, &end, 10);
    return end[strspn(end, " \t")] == 0;
}

/* An EPD line of the Ethereal form "FEN ;D1 20 ;D2 400 ...". */
static void suite_epd_line(struct suite *s, long lineno, char *line)
{
    char *semi = strchr(line, ';');
    if (semi)
        *semi = 0;
    if (!suite_position(s, lineno, line))
        return;
    for (char *field = semi; field;) {
        char *next = strchr(++field, ';');
        if (next)
            *next = 0;
        field += strspn(field, " \t");
        long depth;
        uint64_t expected;
        /* Other EPD operations (id, bm, ...) carry no count. */
        if (*field == 'D' && field[1] >= '0' && field[1] <= '9') {
            if (parse_count(field, &depth, &expected))
                suite_count(s, lineno, depth, expected);
            else
                suite_error(s, lineno, "malformed count", field);
        }
        field = next;
    }
}

/* python-chess's and shakmaty's .perft blocks: "id NAME", "epd FEN", "perft D N". */
static int suite_perft_line(struct suite *s, long lineno, char *line)
{
    if (!strncmp(line, "id ", 3) || !strcmp(line, "id")) {
        s->have_pos = 0; /* a new block: its counts need its own position */
        return 1;
    }
    if (!strncmp(line, "epd ", 4)) {
        suite_position(s, lineno, line + 4);
        return 1;
    }
    if (strncmp(line, "perft ", 6))
        return 0;
    long depth;
    uint64_t expected;
    if (!parse_count(line + 6 + strspn(line + 6, " \t"), &depth, &expected))
        suite_error(s, lineno, "malformed count", line);
    else if (!s->have_pos)
        suite_error(s, lineno, "count without a valid 'epd' line before it", NULL);
    else
        suite_count(s, lineno, depth, expected);
    return 1;
}

static int run_epd(const char *path, int max_depth, uint64_t max_nodes)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f) {
        error("cannot open '%s'", path);
        return EXIT_IO;
    }
    struct suite s = { .path = path, .max_depth = max_depth, .max_nodes = max_nodes };
    char line[1024];
    long lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char *text = line + strspn(line, " \t");
        if (!text[0] || text[0] == '#')
            continue;
        if (!suite_perft_line(&s, lineno, text))
            suite_epd_line(&s, lineno, text);
    }
    if (f != stdin)
        fclose(f);
    if (s.skipped)
        printf("%ld counts skipped (deeper than %d plies or more than %" PRIu64 " nodes)\n",
               s.skipped, max_depth, max_nodes);
    printf("%ld positions, %ld counts checked, %ld wrong\n", s.positions, s.checked, s.wrong);
    if (!s.checked) {
        error("'%s': no perft count checked", path);
        return EXIT_NEGATIVE;
    }
    return s.wrong ? EXIT_NEGATIVE : EXIT_OK;
}

/* --max-depth and --max-nodes: their values, and whether given (they need --epd). */
struct perft_args {
    long max_depth, max_nodes;
    int max_depth_given, max_nodes_given;
};

static int max_depth_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct perft_args *p = storage;
    (void)entry;
    p->max_depth_given = 1;
    if (parse_long(arg, 0, PERFT_MAX_DEPTH, &p->max_depth)) {
        error("--max-depth takes a number from 0 to %d, not '%s'", PERFT_MAX_DEPTH, arg);
        return -1;
    }
    return 0;
}

static int max_nodes_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct perft_args *p = storage;
    (void)entry;
    p->max_nodes_given = 1;
    if (parse_long(arg, 0, 0x7fffffffffffffffL, &p->max_nodes)) {
        error("--max-nodes takes a number, not '%s'", arg);
        return -1;
    }
    return 0;
}

int cmd_perft(int argc, char **argv)
{
    struct perft_args p = { .max_depth = PERFT_MAX_DEPTH, .max_nodes = 10000000 };
    int divide = 0, timed = 0;
    const char *epd = NULL;
    const struct option_entry options[] = {
        OPT_BOOL('d', "divide", &divide, "print the node count below each legal move (UCI)"),
        OPT_BOOL('t', "time", &timed, "print nodes per second on stderr"),
        OPT_STRING('e', "epd", &epd, "FILE",
                   "check the counts of FILE: lines 'FEN ;D1 n ;D2 n ...'\n"
                   "or .perft blocks 'epd FEN' + 'perft D n'"),
        OPT_CALLBACK(0, "max-depth", &p, "N", "with --epd, check depths up to N only (default 1000)",
                     max_depth_option),
        OPT_CALLBACK(0, "max-nodes", &p, "N", "with --epd, skip counts above N (default 10000000)",
                     max_nodes_option),
        OPT_HELP(),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, perft_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    long max_depth = p.max_depth, max_nodes = p.max_nodes;
    int max_depth_given = p.max_depth_given, max_nodes_given = p.max_nodes_given;
    if (epd && (divide || timed)) {
        error("%s counts one position: it does not go with --epd", divide ? "--divide" : "--time");
        return EXIT_USAGE;
    }
    if (!epd && (max_depth_given || max_nodes_given)) {
        error("--%s goes with --epd", max_depth_given ? "max-depth" : "max-nodes");
        return EXIT_USAGE;
    }
    if (epd) {
        if (optind != argc) {
            error("--epd takes no other arguments: '%s'", argv[optind]);
            return usage_error(perft_usage);
        }
        return run_epd(epd, (int)max_depth, (uint64_t)max_nodes);
    }
    /* The FEN may be one argument or its fields spread over several. */
    if (argc - optind < 2) {
        error(argc == optind ? "a position and a depth are needed" : "a depth is needed");
        return usage_error(perft_usage);
    }
    long depth;
    if (parse_long(argv[argc - 1], 0, PERFT_MAX_DEPTH, &depth)) {
        error("depth must be a number from 0 to %d, not '%s'", PERFT_MAX_DEPTH, argv[argc - 1]);
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
