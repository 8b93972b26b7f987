/* annotate.c - `pgnkit annotate`: opening, facts, judgments and engine evaluations added to games. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "annotate/eco.h"
#include "pgn/judge.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "replay/replay.h"
#include "cli/driver.h"
#include "cli/outfile.h"
#include "cli/output_opts.h"
#include "cli/report.h"
#include "cli/term.h"
#include "annotate/annotate_game.h"
#include "notation/uci.h"
#include "annotate/uci_engine.h"
#include "base/banned.h"

static const char *const annotate_usage[] = {
    "pgnkit annotate [OPTIONS] [FILE...]",
    "",
    "Adds opening tags, computed facts, move judgments and engine evaluations to games",
    "and writes them as PGN. When only tags are added, each game's movetext is copied",
    "as read; otherwise games are written in PGN export format. Invalid games are",
    "reported as validate does and passed through unchanged. Reads standard input when",
    "no FILE (or '-') is given.",
    "",
    NULL,
};



struct done {
    struct batch_mark mark; /* where the game's parts end in its batch */
    int outcome;
    uint32_t plies;
};

/* ---- Reading thread: order, counts ---------------------------------------------- */

static void account(struct annotate *a, const struct done *d)
{
    switch (d->outcome) {
    case OUT_EMPTY: return;
    case OUT_INTERRUPTED: return;
    case OUT_ANNOTATED: a->annotated++; break;
    case OUT_UNJUDGED:
        a->unjudged++;
        /* still annotated when it got tags or FEN comments */
        a->annotated += a->eco || a->plycount || a->termination || a->final_fen || a->hash ||
                        a->fen_comments || a->hash_comments;
        break;
    case OUT_INVALID: a->invalid++; break;
    case OUT_SKIPPED: a->skipped++; break;
    case OUT_ENGINE_FAILED: a->engine_failed++; break;
    }
    a->games++;
    a->plies_done += d->plies;
}

static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct done *d = BATCH_RECORD(m, struct done, mark);
    (void)reader, (void)arena;
    d->outcome = annotate_game(ctx, g, out, diag, &d->plies);
}

/* A game annotated on the workers, in input order. */
static void write_game(void *cmd, const struct game *g, const struct batch_mark *m,
                       const struct batch_part *part)
{
    struct annotate *a = cmd;
    (void)g;
    if (part->diag_len) {
        fflush(stdout);
        fwrite(part->diag, 1, part->diag_len, stderr);
    }
    fwrite(part->text, 1, part->text_len, stdout);
    account(a, BATCH_RECORD(m, const struct done, mark));
    check_output();
}

static const struct driver_job annotate_job = {
    .work = work, .write = write_game, .record = BATCH_LAYOUT(struct done, mark),
};

static int parse_count(const char *opt, const char *arg, long min, long max, long *out)
{
    if (parse_long(arg, min, max, out)) {
        error("%s takes a number from %ld to %ld, not '%s'", opt, min, max, arg);
        return -1;
    }
    return 0;
}

/* What reading the options needs besides a: which options were given. */
struct annotate_args {
    struct annotate *a;
    const struct option_entry *engine_only; /* an option that needs an engine, given */
    int fen_style;                          /* --fen-style given */
};

enum {
    OPT_FEN_STYLE = 1, OPT_JUDGE_MODEL, OPT_ENGINE, OPT_DEPTH, OPT_NODES, OPT_MOVETIME,
    OPT_MULTIPV, OPT_PV_PLIES, OPT_ENGINE_OPTION, OPT_ENGINE_TIMEOUT, OPT_WIDTH, OPT_FORMAT,
};

/* The options with a value to check, told by entry->number: 0, or -1 after a message. */
static int annotate_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct annotate_args *args = storage;
    struct annotate *a = args->a;
    long v;
    switch (entry->number) {
    case OPT_FEN_STYLE:
        args->fen_style = 1;
        return fen_style_parse(arg, &a->go.fen_flags);
    case OPT_JUDGE_MODEL:
        if (!strcmp(arg, "cp")) {
            a->judge_model = JUDGE_MODEL_CP;
        } else if (!strcmp(arg, "winning-chances")) {
            a->judge_model = JUDGE_MODEL_WINNING_CHANCES;
        } else {
            error("unknown judgment model '%s' (winning-chances or cp)", arg);
            return -1;
        }
        a->judge = 1;
        break;
    case OPT_ENGINE: a->use_engine = 1; a->engine_name = arg; break;
    case OPT_DEPTH:
        if (parse_count("--depth", arg, 1, 200, &a->search.depth))
            return -1;
        a->use_engine = 1;
        break;
    case OPT_NODES:
        if (parse_count("--nodes", arg, 1, 2000000000L, &a->search.nodes))
            return -1;
        a->use_engine = 1;
        break;
    case OPT_MOVETIME:
        if (parse_count("--movetime", arg, 1, 86400000L, &a->search.movetime))
            return -1;
        a->use_engine = 1;
        break;
    case OPT_MULTIPV:
        if (parse_count("--multipv", arg, 1, UCI_MULTIPV_MAX, &v))
            return -1;
        a->search.multipv = (int)v;
        args->engine_only = entry;
        break;
    case OPT_PV_PLIES:
        if (parse_count("--pv-plies", arg, 0, UCI_PV_MAX, &a->pv_plies))
            return -1;
        args->engine_only = entry;
        break;
    case OPT_ENGINE_OPTION:
        if (!strchr(arg, '=') || arg[0] == '=') {
            error("--engine-option takes NAME=VALUE, not '%s'", arg);
            return -1;
        }
        if (a->nengine_options == MAX_ENGINE_OPTIONS) {
            error("at most %d engine options", MAX_ENGINE_OPTIONS);
            return -1;
        }
        a->engine_options[a->nengine_options++] = arg;
        args->engine_only = entry;
        break;
    case OPT_ENGINE_TIMEOUT:
        if (parse_count("--engine-timeout", arg, 1, 86400000L, &a->timeout_ms))
            return -1;
        args->engine_only = entry;
        break;
    case OPT_WIDTH:
        if (parse_count("--width", arg, 0, 1000000, &v))
            return -1;
        a->go.width = (unsigned)v;
        a->rewrite = 1;
        break;
    case OPT_FORMAT:
        /* Annotations live in PGN comments, NAGs and variations: convert
         * turns the result into JSON with all of them. */
        if (strcmp(arg, "pgn")) {
            error("--format %s: annotate writes PGN only; pipe its output to "
                  "'pgnkit convert --format %s'", arg, arg);
            return -1;
        }
        break;
    }
    return 0;
}

#define ANNOTATE_OPTION(s, l, a, h, id) \
    { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = &args, \
      .arg_name = (a), .help = (h), .callback = annotate_option, .number = (id) }

int cmd_annotate(int argc, char **argv)
{
    struct annotate a;
    memset(&a, 0, sizeof a);
    a.ropts.lang = NOTATION_AUTO;
    a.ropts.flags = REPLAY_NO_TAGS | REPLAY_NO_WARN;
    a.jobs = pipeline_cpus();
    a.pv_plies = 8;
    a.timeout_ms = 30000;
    a.search.multipv = 1;
    game_out_opts_init(&a.go);
    struct annotate_args args = { &a, NULL, 0 };
    const struct option_entry options[] = {
        OPT_HEADING("Without an engine:"),
        OPT_BOOL(0, "eco", &a.eco, "ECO, Opening and Variation tags (deepest known position)"),
        OPT_BOOL(0, "plycount", &a.plycount, "PlyCount tag"),
        OPT_BOOL(0, "termination", &a.termination,
                 "Termination \"normal\" when the rules end the game, and\n"
                 "TerminationDetails: checkmate, stalemate, dead position,\n"
                 "fivefold repetition or 75-move rule"),
        OPT_BOOL(0, "final-fen", &a.final_fen, "FinalFEN tag"),
        OPT_BOOL(0, "hash", &a.hash, "PolyglotKey tag: Polyglot key of the final position"),
        OPT_BOOL(0, "fen-comments", &a.fen_comments, "a {FEN} comment after every main-line move"),
        OPT_BOOL(0, "hash-comments", &a.hash_comments,
                 "a {Polyglot key} comment after every main-line move"),
        ANNOTATE_OPTION(0, "fen-style", "LIST", FEN_STYLE_HELP, OPT_FEN_STYLE),
        OPT_BOOL(0, "judge", &a.judge, "?! ? ?? and comments from the [%eval] comments (lichess's\n"
                 "rules), per-player counts and ACPL as tags"),
        ANNOTATE_OPTION(0, "judge-model", "M", "winning-chances (default, lichess since 2021) or cp\n"
                        "(centipawn drop 300/100/50, lichess before)", OPT_JUDGE_MODEL),
        OPT_HEADING("With an engine (implies --judge):"),
        ANNOTATE_OPTION('e', "engine", "PATH",
                        "UCI engine (default: stockfish, looked up in PATH and /usr/games)",
                        OPT_ENGINE),
        ANNOTATE_OPTION(0, "depth", "N", "search N plies per position", OPT_DEPTH),
        ANNOTATE_OPTION(0, "nodes", "N", "search N nodes per position", OPT_NODES),
        ANNOTATE_OPTION(0, "movetime", "MS", "search MS milliseconds per position", OPT_MOVETIME),
        ANNOTATE_OPTION(0, "multipv", "N", "variations at a judged move (1-5; default 1)",
                        OPT_MULTIPV),
        ANNOTATE_OPTION(0, "pv-plies", "N", "plies of each variation (default 8)", OPT_PV_PLIES),
        ANNOTATE_OPTION(0, "engine-option", "NAME=VALUE", "setoption (repeatable), e.g. Threads=1",
                        OPT_ENGINE_OPTION),
        ANNOTATE_OPTION(0, "engine-timeout", "MS",
                        "restart an engine that has not ended a search MS ms\n"
                        "(plus --movetime) after go (default 30000)", OPT_ENGINE_TIMEOUT),
        OPT_JOBS(&a.jobs, "N engines on different games (default: the number of CPUs)"),
        OPT_HEADING("Other:"),
        ANNOTATE_OPTION(0, "width", "N", "write every movetext in export format, in lines of at\n"
                        "most N characters (79; 0: no limit); without it, a\n"
                        "movetext with only tags added is copied as read", OPT_WIDTH),
        ANNOTATE_OPTION(0, "format", "pgn", "the only output format (pipe it to convert for JSON)",
                        OPT_FORMAT),
        OPT_BOOL(0, "nested-comments", &a.nested_comments,
                 "read {a {b} c} as one comment (braces nest)"),
        OPT_BOOL('q', "quiet", &a.quiet, "print no diagnostics, no progress and no summary"),
        OPT_HELP(),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, annotate_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    /* An option with nothing to act on is a mistake to tell, not to ignore. */
    if (args.engine_only && !a.use_engine) {
        error("--%s goes with an engine (--engine, --depth, --nodes or --movetime)",
              option_name(args.engine_only));
        return EXIT_USAGE;
    }
    if (args.fen_style && !a.fen_comments && !a.final_fen) {
        error("--fen-style goes with --fen-comments or --final-fen");
        return EXIT_USAGE;
    }
    report_set_color(term_color(stderr));
    /* Only reformatting is convert's job: annotate with nothing to add would
     * report games "annotated" that got nothing. */
    if (!(a.eco || a.plycount || a.termination || a.final_fen || a.hash || a.fen_comments ||
          a.hash_comments || a.judge || a.use_engine)) {
        error("nothing to annotate: give --eco, --plycount, --termination, --final-fen, "
              "--hash, --fen-comments, --hash-comments, --judge or an engine (to reformat "
              "only, use convert)");
        return usage_error(annotate_usage);
    }
    if (outfile_check_all(NULL, 0, argv + optind, argc - optind))
        return EXIT_USAGE;
    a.in_movetext = a.fen_comments || a.hash_comments || a.judge || a.use_engine;
    a.rewrite |= a.in_movetext;
    if (a.use_engine) {
        a.judge = 1;
        a.go.strip |= GO_STRIP_EVALS; /* the engine's evaluations replace the old ones */
        if (!a.engine_name)
            a.engine_name = "stockfish";
        if (uci_engine_find(a.engine_name, a.engine_path, sizeof a.engine_path))
            die(EXIT_IO, "engine '%s' not found (give its path with --engine)", a.engine_name);
    }

    if (a.eco && eco_init() != PGN_OK)
        die(EXIT_IO, "out of memory building the opening table");

    /* Every engine is started before anything is read or written. */
    struct worker *workers = xcalloc((size_t)a.jobs, sizeof *workers);
    for (long i = 0; i < a.jobs; i++) {
        annotate_worker_init(&workers[i], &a);
        char err[UCI_ERR_MAX];
        if (a.use_engine && annotate_engine_start(&workers[i], err, sizeof err) != PGN_OK)
            die(EXIT_IO, "cannot start the engine '%s': %s", a.engine_path, err);
    }
    struct driver d;
    driver_init(&d, &a, &annotate_job);
    /* Several workers parse the movetext; one worker (with an engine, the
     * slow part) leaves the parsing to this thread, so both keep busy. */
    d.reader_flags = (a.jobs > 1 ? PGN_READER_LAZY : 0) |
                     (a.nested_comments ? PGN_READER_NESTED_COMMENTS : 0);
    /* Always worker threads, one job too: the reading goes on while an engine thinks. */
    driver_start(&d, a.jobs, 0, workers, sizeof *workers);
    if (a.use_engine)
        pipeline_set_batch_games(d.p, 1);
    d.flags = a.quiet ? DRIVER_NO_PROGRESS : 0;
    driver_run(&d, argc - optind, argv + optind);
    driver_release(&d);
    a.io_failed |= d.io_failed;
    for (long i = 0; i < a.jobs; i++)
        annotate_worker_release(&workers[i]);
    free(workers);
    fflush(stdout);
    check_output(); /* a closed pipe is quiet; the status tells what was found */
    if (!a.quiet) {
        fprintf(stderr, "%" PRIu64 " game%s: %" PRIu64 " annotated, %" PRIu64 " invalid (kept)",
                a.games, plural_s(a.games), a.annotated, a.invalid);
        if (a.skipped)
            fprintf(stderr, ", %" PRIu64 " variant%s not replayed (kept)", a.skipped,
                    plural_s(a.skipped));
        if (a.unjudged)
            fprintf(stderr, ", %" PRIu64 " not judged (no [%%eval])", a.unjudged);
        if (a.engine_failed)
            fprintf(stderr, ", %" PRIu64 " not analysed (engine failure, kept)", a.engine_failed);
        fprintf(stderr, "\n");
    }
    return driver_exit_status(a.quiet, a.io_failed,
                              a.invalid || a.engine_failed ? EXIT_NEGATIVE : EXIT_OK);
}
