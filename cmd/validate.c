/* validate.c - `pgnkit validate`: replay every game and report each problem like a compiler. */
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
#include "notation.h"
#include "pgn_reader.h"
#include "replay.h"
#include "banned.h"

static const char *const validate_usage[] = {
    "pgnkit validate [OPTIONS] [FILE...]",
    "",
    "Replays every move of every game (variations too) and reports each problem as",
    "FILE:LINE:COL: error|warning|note: game N (White - Black Date), MOVE: message.",
    "Reads standard input when no FILE (or '-') is given; gzip input is detected.",
    "",
    "    -s, --strict          export-format deviations are errors (tournament files)",
    "        --werror          every warning is an error",
    "    -w, --no-warnings     report errors only",
    "    -q, --quiet           print no diagnostics and no summary",
    "    -v, --verbose         add the position (FEN) before the move",
    "        --format FMT      text (default) or json (one object per line)",
    "        --max-errors N    stop after N error diagnostics",
    "        --good FILE       write the valid games to FILE, byte for byte",
    "        --bad FILE        write the invalid games to FILE, byte for byte",
    "        --lang LANG       read moves in LANG (en, de, fr, ...; default: auto per game)",
    "    -h, --help            show this help",
    NULL,
};

enum { OPT_WERROR = 256, OPT_FORMAT, OPT_MAX_ERRORS, OPT_GOOD, OPT_BAD, OPT_LANG };

static const struct option validate_options[] = {
    { "strict", no_argument, NULL, 's' },
    { "werror", no_argument, NULL, OPT_WERROR },
    { "no-warnings", no_argument, NULL, 'w' },
    { "quiet", no_argument, NULL, 'q' },
    { "verbose", no_argument, NULL, 'v' },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "max-errors", required_argument, NULL, OPT_MAX_ERRORS },
    { "good", required_argument, NULL, OPT_GOOD },
    { "bad", required_argument, NULL, OPT_BAD },
    { "lang", required_argument, NULL, OPT_LANG },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

struct validate {
    struct replay_opts ropts;
    int quiet, verbose, json;
    long max_errors;
    const char *good_path, *bad_path;
    FILE *good, *bad;
    /* counts */
    uint64_t games, valid, invalid, skipped, warnings, errors;
    int io_failed, stopped;
};

/* "White - Black Date" from the tags, for messages. */
static void game_label(const struct game *g, char *out, size_t cap)
{
    const char *white = game_tag_value(g, "White");
    const char *black = game_tag_value(g, "Black");
    const char *date = game_tag_value(g, "Date");
    if (!white && !black) {
        snprintf(out, cap, "game %" PRIu64, g->index);
        return;
    }
    snprintf(out, cap, "game %" PRIu64 " (%s - %s%s%s)", g->index, white ? white : "?",
             black ? black : "?", date ? " " : "", date ? date : "");
}

static void print_text(const struct validate *v, const struct game *g, const struct replay_diag *d,
                       const char *label)
{
    printf("%s:", g->file);
    if (d->line)
        printf("%" PRIu64 ":%u:", d->line, d->col);
    printf(" %s: %s", diag_severity_name(d->severity), label);
    if (d->move != UINT32_MAX) {
        const struct game_move *m = &g->moves[d->move];
        printf(", %u%s%.*s", d->move_number, d->side == 0 ? ". " : "...", (int)m->len, m->text);
    }
    printf(": %s\n", d->msg);
    if (v->verbose && d->fen[0])
        printf("    position: %s\n", d->fen);
}

static void print_json(const struct game *g, const struct replay_diag *d)
{
    printf("{\"file\":");
    json_string(stdout, g->file, strlen(g->file));
    printf(",\"line\":%" PRIu64 ",\"column\":%u,\"offset\":%" PRIu64 ",\"game\":%" PRIu64,
           d->line, d->col, d->offset, g->index);
    if (d->move != UINT32_MAX) {
        const struct game_move *m = &g->moves[d->move];
        printf(",\"ply\":%u,\"move_number\":%u,\"move\":", 2 * (d->move_number - 1) + d->side + 1,
               d->move_number);
        json_string(stdout, m->text, m->len);
    } else {
        printf(",\"ply\":null,\"move_number\":null,\"move\":null");
    }
    printf(",\"severity\":\"%s\",\"code\":\"%s\",\"message\":", diag_severity_name(d->severity),
           diag_name(d->code));
    json_string(stdout, d->msg, strlen(d->msg));
    printf(",\"fen\":");
    if (d->fen[0])
        json_string(stdout, d->fen, strlen(d->fen));
    else
        printf("null");
    printf("}\n");
}

static void copy_game(struct validate *v, FILE *f, const char *path, const struct game *g)
{
    if (!f)
        return;
    if (!g->raw && g->raw_size) {
        /* Over the size limit: its bytes were not kept (already reported as too-big). */
        return;
    }
    if (fwrite(g->raw, 1, g->raw_len, f) != g->raw_len && !v->io_failed) {
        error("cannot write '%s': %s", path, strerror(errno));
        v->io_failed = 1;
    }
}

static void report_game(struct validate *v, const struct game *g, const struct replay *r)
{
    char label[256];
    if (r->ndiags && !v->quiet)
        game_label(g, label, sizeof label);
    for (size_t i = 0; i < r->ndiags; i++) {
        const struct replay_diag *d = &r->diags[i];
        if (d->severity == SEV_ERROR)
            v->errors++;
        else if (d->severity == SEV_WARNING)
            v->warnings++;
        if (v->quiet)
            continue;
        if (v->json)
            print_json(g, d);
        else
            print_text(v, g, d, label);
    }
}

/* Validates one input; returns 0, or -1 when it could not be read to its end. */
static int validate_input(struct validate *v, struct replay *r, const char *path)
{
    struct pgn_reader *reader;
    struct game g;
    int rc = pgn_reader_open(&reader, path, NULL);
    if (rc != PGN_OK) {
        error("cannot open '%s': %s", path ? path : "-",
              rc == PGN_EIO ? strerror(errno) : pgn_strerror(rc));
        return -1;
    }
    while (!v->stopped && (rc = pgn_reader_next(reader, &g)) > 0) {
        if (replay_game(r, &g) != PGN_OK)
            die(EXIT_IO, "out of memory");
        v->games++;
        report_game(v, &g, r);
        if (r->errors) {
            v->invalid++;
            copy_game(v, v->bad, v->bad_path, &g);
        } else {
            if (r->skipped)
                v->skipped++;
            else
                v->valid++;
            copy_game(v, v->good, v->good_path, &g);
        }
        if (v->max_errors && v->errors >= (uint64_t)v->max_errors) {
            v->stopped = 1;
            if (!v->quiet)
                fprintf(stderr, "%s: stopping after %" PRIu64 " errors\n", progname, v->errors);
        }
    }
    if (rc < 0) {
        const struct pgn_error *e = pgn_reader_error(reader);
        error("cannot read '%s' to its end: %s", path ? path : "<stdin>",
              e->message ? e->message : pgn_strerror(rc));
    }
    pgn_reader_free(reader);
    return rc < 0 ? -1 : 0;
}

static FILE *open_output(const char *path)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        error("cannot open '%s' for writing: %s", path, strerror(errno));
    return f;
}

static int close_output(FILE *f, const char *path)
{
    if (f && fclose(f) != 0) {
        error("cannot write '%s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int cmd_validate(int argc, char **argv)
{
    struct validate v;
    int opt;
    memset(&v, 0, sizeof v);
    v.ropts.lang = NOTATION_AUTO;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "swqvh", validate_options, NULL)) != -1) {
        switch (opt) {
        case 's': v.ropts.flags |= REPLAY_STRICT; break;
        case OPT_WERROR: v.ropts.flags |= REPLAY_WERROR; break;
        case 'w': v.ropts.flags |= REPLAY_NO_WARN; break;
        case 'q': v.quiet = 1; break;
        case 'v': v.verbose = 1; break;
        case OPT_FORMAT:
            if (!strcmp(optarg, "json"))
                v.json = 1;
            else if (strcmp(optarg, "text")) {
                error("unknown format '%s' (text or json)", optarg);
                return EXIT_USAGE;
            }
            break;
        case OPT_MAX_ERRORS:
            if (parse_long(optarg, 1, 1000000000L, &v.max_errors)) {
                error("--max-errors takes a positive number, not '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case OPT_GOOD: v.good_path = optarg; break;
        case OPT_BAD: v.bad_path = optarg; break;
        case OPT_LANG:
            v.ropts.lang = notation_find(optarg);
            if (v.ropts.lang < NOTATION_AUTO) {
                error("unknown language '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'h': print_usage(stdout, validate_usage); return EXIT_OK;
        default: return usage_error(validate_usage);
        }
    }
    if (v.good_path && !(v.good = open_output(v.good_path)))
        return EXIT_IO;
    if (v.bad_path && !(v.bad = open_output(v.bad_path)))
        return EXIT_IO;

    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    struct replay r;
    replay_init(&r, &v.ropts);
    if (optind == argc) {
        v.io_failed |= validate_input(&v, &r, NULL) < 0;
    } else {
        for (int i = optind; i < argc && !v.stopped; i++)
            v.io_failed |= validate_input(&v, &r, strcmp(argv[i], "-") ? argv[i] : NULL) < 0;
    }
    replay_release(&r);
    if (fflush(stdout) != 0) {
        error("cannot write the diagnostics: %s", strerror(errno));
        v.io_failed = 1;
    }
    v.io_failed |= close_output(v.good, v.good_path) < 0;
    v.io_failed |= close_output(v.bad, v.bad_path) < 0;
    if (!v.quiet) {
        fprintf(stderr, "%" PRIu64 " games: %" PRIu64 " valid, %" PRIu64 " invalid", v.games,
                v.valid, v.invalid);
        if (v.skipped)
            fprintf(stderr, ", %" PRIu64 " skipped (variants)", v.skipped);
        fprintf(stderr, "; %" PRIu64 " errors, %" PRIu64 " warnings\n", v.errors, v.warnings);
    }
    if (v.io_failed)
        return EXIT_IO;
    return v.invalid ? EXIT_NEGATIVE : EXIT_OK;
}
