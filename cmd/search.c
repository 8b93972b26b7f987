/* search.c - `pgnkit search`: select games by tags, numbers, moves, positions and features, like grep. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd.h"
#include "common.h"
#include "diag.h"
#include "game_facts.h"
#include "game_out.h"
#include "output_opts.h"
#include "pgn_reader.h"
#include "query_opts.h"
#include "banned.h"

static const char *const search_usage[] = {
    "pgnkit search [OPTIONS] [FILE...]",
    "",
    "Prints the games that meet every criterion, byte for byte as they are in the input.",
    "Reads standard input when no FILE (or '-') is given; gzip input is detected.",
    "Exit status: 0 when a game was selected, 1 when none, 2 usage, 3 I/O.",
    "",
    QUERY_USAGE,
    "Printing:",
    "    -c, --count           print only the number of selected games",
    "    -l, --list            one line per game: number, White, Black, Result, Date, Event, ECO",
    "    -v, --invert-match    select the games that do not meet the criteria",
    "    -m, --max-count N     stop after N selected games",
    "    -q, --quiet           print nothing; the exit status tells",
    "        --summary         counts on standard error: games read, parsed, replayed",
    "    -h, --help            show this help",
    "Selected games are printed as read, unless one of these options (as in convert) is given;",
    "games that do not replay are then printed as read (pgn, json) or left out.",
    OUTPUT_USAGE,
    NULL,
};

enum { OPT_SUMMARY = 256 };

static const struct option search_options[] = {
    QUERY_OPTIONS,
    OUTPUT_OPTIONS,
    { "count", no_argument, NULL, 'c' },
    { "list", no_argument, NULL, 'l' },
    { "invert-match", no_argument, NULL, 'v' },
    { "max-count", required_argument, NULL, 'm' },
    { "quiet", no_argument, NULL, 'q' },
    { "summary", no_argument, NULL, OPT_SUMMARY },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

enum { OUT_GAMES, OUT_COUNT, OUT_LIST, OUT_QUIET };

/* Formatted output is handed to stdio in pieces of about this size. */
enum { FLUSH_AT = 1 << 16 };
#define OUT_MAX ((size_t)1 << 30)

struct search {
    struct query_opts qo;
    struct game_facts facts;
    int out, invert, summary, many_inputs;
    long max;
    uint64_t games, selected, unprintable;
    int io_failed, stopped;
    /* --format and the other output options */
    int formatted, fix_results;
    struct game_out go;
    struct buf buf;
};

/* A tag value for the list: "?" when missing, tabs and line ends made blanks. */
static void list_field(const char *v)
{
    putchar('\t');
    if (!v || !*v) {
        putchar('?');
        return;
    }
    for (; *v; v++)
        putchar(*v == '\t' || *v == '\n' || *v == '\r' ? ' ' : *v);
}

static void print_list(struct search *s, const struct game *g)
{
    struct fact_value v;
    if (s->many_inputs)
        printf("%s:", g->file);
    printf("%" PRIu64, g->index);
    list_field(game_tag_value(g, "White"));
    list_field(game_tag_value(g, "Black"));
    if (game_facts_get(&s->facts, F_RESULT, 0, &v) > 0)
        printf("\t%.*s", (int)v.len, v.s);
    else
        list_field(NULL);
    list_field(game_tag_value(g, "Date"));
    list_field(game_tag_value(g, "Event"));
    list_field(game_tag_value(g, "ECO"));
    putchar('\n');
}

static void print_game(struct search *s, const struct game *g)
{
    if (!g->raw) {
        /* Over the reader's size limit: its bytes were not kept. */
        warning("%s: game %" PRIu64 " is larger than the game size limit: not printed", g->file,
                g->index);
        s->unprintable++;
        return;
    }
    fwrite(g->raw, 1, g->raw_len, stdout);
    if (g->raw_len && g->raw[g->raw_len - 1] != '\n' && g->raw[g->raw_len - 1] != '\r')
        putchar('\n'); /* the last game of an input without a final line end */
}

static void flush(struct search *s)
{
    if (s->buf.len)
        fwrite(s->buf.data, 1, s->buf.len, stdout);
    buf_reset(&s->buf);
}

/* The game in the form --format and the notation options ask for. */
static void write_game(struct search *s, const struct game *g)
{
    const struct replay *r = game_facts_replay(&s->facts);
    if (!r)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index,
            pgn_strerror(s->facts.status));
    size_t mark = s->buf.len;
    int rc;
    if (r->skipped || output_fatal_errors(r, s->fix_results)) {
        rc = game_out_raw(&s->go, g, &s->buf);
        if (rc == PGN_EINVAL) {
            warning("%s: game %" PRIu64 " is larger than the game size limit: not printed",
                    g->file, g->index);
            s->unprintable++;
            rc = PGN_OK;
        } else if (!rc && s->buf.len == mark) {
            warning("%s: game %" PRIu64 " %s: not written in this format", g->file, g->index,
                    r->skipped ? "is a variant pgnkit does not replay" : "does not replay");
            s->unprintable++;
        }
    } else {
        rc = game_out_game(&s->go, g, r, &s->buf);
    }
    if (rc) {
        s->buf.len = mark;
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
    }
    if (s->buf.len >= FLUSH_AT)
        flush(s);
}

static void selected(struct search *s, const struct game *g)
{
    s->selected++;
    switch (s->out) {
    case OUT_GAMES:
        if (s->formatted)
            write_game(s, g);
        else
            print_game(s, g);
        break;
    case OUT_LIST: print_list(s, g); break;
    default: break;
    }
    check_output();
    if (s->max && s->selected >= (uint64_t)s->max)
        s->stopped = 1;
}

/* Searches one input; returns 0, or -1 when it could not be read to its end. */
static int search_input(struct search *s, const char *path)
{
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    struct game g;
    pgn_reader_opts_init(&opts);
    opts.flags |= query_opts_reader_flags(&s->qo);
    int rc = pgn_reader_open(&reader, path, &opts);
    if (rc != PGN_OK) {
        error("cannot open '%s': %s", path ? path : "-",
              rc == PGN_EIO ? strerror(errno) : pgn_strerror(rc));
        return -1;
    }
    while (!s->stopped && (rc = pgn_reader_next(reader, &g)) > 0) {
        if (g.flags & GAME_EMPTY)
            continue; /* only comments: not a game */
        s->games++;
        game_facts_reset(&s->facts, &g, reader);
        if (query_opts_select(&s->qo, &s->facts, s->invert))
            selected(s, &g);
    }
    if (rc < 0) {
        char msg[512];
        pgn_error_format(pgn_reader_error(reader), msg, sizeof msg);
        error("%s", msg);
    }
    pgn_reader_free(reader);
    return rc < 0 ? -1 : 0;
}

static void print_summary(const struct search *s)
{
    fprintf(stderr, "%" PRIu64 " games, %" PRIu64 " selected", s->games, s->selected);
    if (s->qo.dedupe)
        fprintf(stderr, " (%" PRIu64 " left out as %s)", s->qo.dropped,
                s->qo.dedupe == QO_UNIQUE ? "duplicates" : "first occurrences");
    fprintf(stderr, "; movetext parsed for %" PRIu64 " lazily read games, main line read for %" PRIu64
            ", replayed %" PRIu64 "\n", s->facts.completions, s->facts.walks, s->facts.replays);
}

int cmd_search(int argc, char **argv)
{
    struct search s;
    struct output_opts oo;
    int opt;
    memset(&s, 0, sizeof s);
    query_opts_init(&s.qo);
    output_opts_init(&oo);
    optind = 1;
    while ((opt = getopt_long(argc, argv, "iclvm:qh", search_options, NULL)) != -1) {
        int taken = query_opts_parse(&s.qo, opt, optarg);
        if (!taken)
            taken = output_opts_parse(&oo, opt, optarg);
        if (taken < 0) {
            query_opts_release(&s.qo);
            return EXIT_USAGE;
        }
        if (taken)
            continue;
        switch (opt) {
        case 'c': s.out = OUT_COUNT; break;
        case 'l': s.out = OUT_LIST; break;
        case 'q': s.out = OUT_QUIET; break;
        case 'v': s.invert = 1; break;
        case 'm':
            if (parse_long(optarg, 1, 2000000000L, &s.max)) {
                error("--max-count takes a positive number, not '%s'", optarg);
                query_opts_release(&s.qo);
                return EXIT_USAGE;
            }
            break;
        case OPT_SUMMARY: s.summary = 1; break;
        case 'h':
            print_usage(stdout, search_usage);
            query_opts_release(&s.qo);
            return EXIT_OK;
        default:
            query_opts_release(&s.qo);
            return usage_error(search_usage);
        }
    }
    s.formatted = oo.given != 0;
    if (s.formatted && s.out != OUT_GAMES) {
        error("-c, -l and -q print no games: they do not go with --format and the other "
              "output options");
        query_opts_release(&s.qo);
        return EXIT_USAGE;
    }
    if (output_opts_check(&oo) || query_opts_build(&s.qo)) {
        query_opts_release(&s.qo);
        return EXIT_USAGE;
    }
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    game_facts_init(&s.facts, s.qo.sq.lang);
    if (s.formatted) {
        s.fix_results = (oo.go.flags & GO_FIX_RESULTS) != 0;
        game_out_init(&s.go, &oo.go);
        buf_init(&s.buf, OUT_MAX);
        if (game_out_begin(&s.go, &s.buf))
            die(EXIT_IO, "out of memory");
    }
    s.many_inputs = argc - optind > 1;
    if (optind == argc) {
        s.io_failed |= search_input(&s, NULL) < 0;
    } else {
        for (int i = optind; i < argc && !s.stopped; i++)
            s.io_failed |= search_input(&s, strcmp(argv[i], "-") ? argv[i] : NULL) < 0;
    }
    if (s.formatted) {
        if (game_out_end(&s.go, &s.buf))
            die(EXIT_IO, "out of memory");
        flush(&s);
        game_out_release(&s.go);
        buf_release(&s.buf);
    }
    if (s.out == OUT_COUNT)
        printf("%" PRIu64 "\n", s.selected);
    if (fflush(stdout) != 0)
        check_output();
    if (s.summary)
        print_summary(&s);
    game_facts_release(&s.facts);
    query_opts_release(&s.qo);
    if (s.io_failed)
        return EXIT_IO;
    return s.selected ? EXIT_OK : EXIT_NEGATIVE;
}
