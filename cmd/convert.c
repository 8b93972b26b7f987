/* convert.c - `pgnkit convert`: rewrite games in another notation or format, losing nothing else. */
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
#include "game_out.h"
#include "json_in.h"
#include "notation.h"
#include "output_opts.h"
#include "pgn_reader.h"
#include "replay.h"
#include "report.h"
#include "banned.h"

static const char *const convert_usage[] = {
    "pgnkit convert [OPTIONS] [FILE...]",
    "",
    "Rewrites games in another notation or format, keeping tags, comments, NAGs and",
    "variations. Moves are read in any notation and language (decided per game); every",
    "game is replayed first, and invalid games are reported as validate does and skipped.",
    "Reads standard input when no FILE (or '-') is given; gzip and zstd are detected.",
    "",
    OUTPUT_USAGE,
    "Input:",
    "        --from FMT        pgn (default) or json (what --format json or ndjson wrote)",
    "        --input-lang LANG read moves in LANG (default: auto, decided per game)",
    "        --keep-invalid    pass invalid games through unchanged (pgn, json, ndjson)",
    "    -q, --quiet           print no diagnostics and no summary",
    "    -h, --help            show this help",
    NULL,
};

enum { OPT_FROM = 256, OPT_INPUT_LANG, OPT_KEEP_INVALID };

static const struct option convert_options[] = {
    OUTPUT_OPTIONS,
    { "from", required_argument, NULL, OPT_FROM },
    { "input-lang", required_argument, NULL, OPT_INPUT_LANG },
    { "keep-invalid", no_argument, NULL, OPT_KEEP_INVALID },
    { "quiet", no_argument, NULL, 'q' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* Output is handed to stdio in pieces of about this size. */
enum { FLUSH_AT = 1 << 16 };
#define OUT_MAX ((size_t)1 << 30)

struct convert {
    struct game_out out;
    struct buf buf;
    struct replay pgn_replay;  /* games read from PGN (--input-lang) */
    struct replay json_replay; /* games read from JSON: English SAN or UCI */
    int keep_invalid, quiet, from_json, fix_results;
    uint64_t games, converted, invalid, kept, skipped;
    int io_failed;
};

static void flush(struct convert *c)
{
    if (c->buf.len && fwrite(c->buf.data, 1, c->buf.len, stdout) != c->buf.len && !c->io_failed) {
        error("cannot write the output: %s", strerror(errno));
        c->io_failed = 1;
    }
    buf_reset(&c->buf);
}

static void pass_through(struct convert *c, const struct game *g)
{
    int rc = game_out_raw(&c->out, g, &c->buf);
    if (rc == PGN_EINVAL)
        error("%s: game %" PRIu64 " is over the size limit: not copied", g->file, g->index);
    else if (rc)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
    else
        c->kept++;
}

static void convert_game(struct convert *c, struct replay *r, const struct game *g)
{
    if (g->flags & GAME_EMPTY)
        return;
    if (replay_game(r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    c->games++;
    if (output_fatal_errors(r, c->fix_results) || r->skipped) {
        if (r->errors)
            c->invalid++;
        else
            c->skipped++;
        if (!c->quiet)
            report_diags(stderr, g, r, r->errors ? SEV_ERROR : SEV_NOTE, 0);
        if (c->keep_invalid)
            pass_through(c, g);
    } else {
        size_t mark = c->buf.len;
        int rc = game_out_game(&c->out, g, r, &c->buf);
        if (rc) {
            c->buf.len = mark;
            die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
        }
        c->converted++;
    }
    if (c->buf.len >= FLUSH_AT)
        flush(c);
}

/* Converts the PGN games of path, or of data[0..len) when data is set; -1 on I/O errors. */
static int convert_pgn(struct convert *c, const char *path, const void *data, size_t len,
                       const char *name)
{
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    struct game g;
    pgn_reader_opts_init(&opts);
    opts.name = name;
    int rc = data ? pgn_reader_open_mem(&reader, data, len, &opts)
                  : pgn_reader_open(&reader, path, NULL);
    if (rc != PGN_OK) {
        error("cannot open '%s': %s", path ? path : "-",
              rc == PGN_EIO ? strerror(errno) : pgn_strerror(rc));
        return -1;
    }
    while ((rc = pgn_reader_next(reader, &g)) > 0)
        convert_game(c, data ? &c->json_replay : &c->pgn_replay, &g);
    return report_reader_close(reader, rc);
}

static int convert_json(struct convert *c, const char *path)
{
    struct json_in *j = json_in_open(path);
    struct game g;
    const char *raw;
    size_t raw_len;
    int rc;
    if (!j)
        return -1;
    while ((rc = json_in_next(j, &g, &raw, &raw_len)) != JSON_IN_END && rc != JSON_IN_FAIL) {
        if (rc == JSON_IN_GAME) {
            convert_game(c, &c->json_replay, &g);
        } else if (rc == JSON_IN_RAW) {
            if (convert_pgn(c, NULL, raw, raw_len, path ? path : "<stdin>"))
                c->io_failed = 1;
        } else {
            c->games++;
            c->invalid++;
        }
    }
    json_in_free(j);
    return rc == JSON_IN_FAIL ? -1 : 0;
}

static int convert_input(struct convert *c, const char *path)
{
    return c->from_json ? convert_json(c, path) : convert_pgn(c, path, NULL, 0, NULL);
}

static void summary(const struct convert *c)
{
    fprintf(stderr, "%" PRIu64 " games: %" PRIu64 " converted, %" PRIu64 " invalid", c->games,
            c->converted, c->invalid);
    if (c->invalid || c->skipped)
        fprintf(stderr, c->keep_invalid ? " (kept)" : " (skipped)");
    if (c->skipped)
        fprintf(stderr, ", %" PRIu64 " variants not replayed", c->skipped);
    fprintf(stderr, "\n");
}

int cmd_convert(int argc, char **argv)
{
    struct convert c;
    struct output_opts oo;
    struct replay_opts ropts = { NOTATION_AUTO, REPLAY_NO_TAGS };
    int opt;
    memset(&c, 0, sizeof c);
    output_opts_init(&oo);
    optind = 1;
    while ((opt = getopt_long(argc, argv, "qh", convert_options, NULL)) != -1) {
        int taken = output_opts_parse(&oo, opt, optarg);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken)
            continue;
        switch (opt) {
        case OPT_FROM:
            if (!strcmp(optarg, "json") || !strcmp(optarg, "ndjson")) {
                c.from_json = 1;
            } else if (strcmp(optarg, "pgn")) {
                error("unknown input format '%s' (pgn or json)", optarg);
                return EXIT_USAGE;
            }
            break;
        case OPT_INPUT_LANG:
            ropts.lang = notation_find(optarg);
            if (ropts.lang < NOTATION_AUTO) {
                error("unknown language '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case OPT_KEEP_INVALID: c.keep_invalid = 1; break;
        case 'q': c.quiet = 1; break;
        case 'h': print_usage(stdout, convert_usage); return EXIT_OK;
        default: return usage_error(convert_usage);
        }
    }
    if (output_opts_check(&oo))
        return EXIT_USAGE;
    int f = oo.go.format;
    c.fix_results = (oo.go.flags & GO_FIX_RESULTS) != 0;
    if (c.keep_invalid && f != GO_PGN && f != GO_JSON && f != GO_NDJSON) {
        error("--keep-invalid goes with --format pgn, json or ndjson");
        return EXIT_USAGE;
    }

    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    game_out_init(&c.out, &oo.go);
    buf_init(&c.buf, OUT_MAX);
    replay_init(&c.pgn_replay, &ropts);
    ropts.lang = NOTATION_EN;
    replay_init(&c.json_replay, &ropts);
    if (game_out_begin(&c.out, &c.buf))
        die(EXIT_IO, "out of memory");
    if (optind == argc) {
        c.io_failed |= convert_input(&c, NULL) < 0;
    } else {
        for (int i = optind; i < argc; i++)
            c.io_failed |= convert_input(&c, strcmp(argv[i], "-") ? argv[i] : NULL) < 0;
    }
    if (game_out_end(&c.out, &c.buf))
        die(EXIT_IO, "out of memory");
    flush(&c);
    if (fflush(stdout) != 0 && !c.io_failed) {
        error("cannot write the output: %s", strerror(errno));
        c.io_failed = 1;
    }
    replay_release(&c.pgn_replay);
    replay_release(&c.json_replay);
    game_out_release(&c.out);
    buf_release(&c.buf);
    if (!c.quiet)
        summary(&c);
    if (c.io_failed)
        return EXIT_IO;
    return c.invalid ? EXIT_NEGATIVE : EXIT_OK;
}
