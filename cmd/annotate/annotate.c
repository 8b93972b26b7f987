/* annotate.c - `pgnkit annotate`: opening, facts, judgments and engine evaluations added to games. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
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
#include "annotate/judge.h"
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
    "Without an engine:",
    "        --eco             ECO, Opening and Variation tags (deepest known position)",
    "        --plycount        PlyCount tag",
    "        --termination     Termination \"normal\" when the rules end the game, and",
    "                          TerminationDetails: checkmate, stalemate, dead position,",
    "                          fivefold repetition or 75-move rule",
    "        --final-fen       FinalFEN tag",
    "        --hash            PolyglotKey tag: Polyglot key of the final position",
    "        --fen-comments    a {FEN} comment after every main-line move",
    "        --hash-comments   a {Polyglot key} comment after every main-line move",
    FEN_STYLE_USAGE,
    "        --judge           ?! ? ?? and comments from the [%eval] comments (lichess's",
    "                          rules), per-player counts and ACPL as tags",
    "        --judge-model M   winning-chances (default, lichess since 2021) or cp",
    "                          (centipawn drop 300/100/50, lichess before)",
    "With an engine (implies --judge):",
    "    -e, --engine PATH     UCI engine (default: stockfish, looked up in PATH and /usr/games)",
    "        --depth N         search N plies per position",
    "        --nodes N         search N nodes per position",
    "        --movetime MS     search MS milliseconds per position",
    "        --multipv N       variations at a judged move (1-5; default 1)",
    "        --pv-plies N      plies of each variation (default 8)",
    "        --engine-option NAME=VALUE  setoption (repeatable), e.g. Threads=1",
    "        --engine-timeout MS  restart an engine that has not ended a search MS ms",
    "                          (plus --movetime) after go (default 30000)",
    "    -j, --jobs N          N engines on different games (default: the number of CPUs)",
    "Other:",
    "        --width N         write every movetext in export format, in lines of at",
    "                          most N characters (79; 0: no limit); without it, a",
    "                          movetext with only tags added is copied as read",
    "        --format pgn      the only output format (pipe it to convert for JSON)",
    "        --nested-comments read {a {b} c} as one comment (braces nest)",
    "    -q, --quiet           print no diagnostics, no progress and no summary",
    "    -h, --help            show this help",
    NULL,
};

enum {
    OPT_ECO = 256, OPT_PLYCOUNT, OPT_TERMINATION, OPT_FINAL_FEN, OPT_HASH, OPT_FEN_COMMENTS, OPT_HASH_COMMENTS,
    OPT_JUDGE, OPT_DEPTH, OPT_NODES, OPT_MOVETIME, OPT_MULTIPV, OPT_PV_PLIES, OPT_ENGINE_OPTION,
    OPT_ENGINE_TIMEOUT, OPT_WIDTH, OPT_JUDGE_MODEL, OPT_FORMAT, OPT_NESTED, OPT_FEN_STYLE,
};

static const struct option annotate_options[] = {
    { "eco", no_argument, NULL, OPT_ECO },
    { "plycount", no_argument, NULL, OPT_PLYCOUNT },
    { "termination", no_argument, NULL, OPT_TERMINATION },
    { "final-fen", no_argument, NULL, OPT_FINAL_FEN },
    { "hash", no_argument, NULL, OPT_HASH },
    { "fen-comments", no_argument, NULL, OPT_FEN_COMMENTS },
    { "hash-comments", no_argument, NULL, OPT_HASH_COMMENTS },
    { "fen-style", required_argument, NULL, OPT_FEN_STYLE }, /* alone: fen_style_parse() */
    { "judge", no_argument, NULL, OPT_JUDGE },
    { "judge-model", required_argument, NULL, OPT_JUDGE_MODEL },
    { "engine", required_argument, NULL, 'e' },
    { "depth", required_argument, NULL, OPT_DEPTH },
    { "nodes", required_argument, NULL, OPT_NODES },
    { "movetime", required_argument, NULL, OPT_MOVETIME },
    { "multipv", required_argument, NULL, OPT_MULTIPV },
    { "pv-plies", required_argument, NULL, OPT_PV_PLIES },
    { "engine-option", required_argument, NULL, OPT_ENGINE_OPTION },
    { "engine-timeout", required_argument, NULL, OPT_ENGINE_TIMEOUT },
    { "jobs", required_argument, NULL, 'j' },
    { "width", required_argument, NULL, OPT_WIDTH },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "nested-comments", no_argument, NULL, OPT_NESTED },
    { "quiet", no_argument, NULL, 'q' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
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

/* One option into a: EXIT_OK, EXIT_USAGE after a message, or -1 after printing the usage (-h). */
static int parse_option(struct annotate *a, int opt, char *arg)
{
    long v;
    switch (opt) {
    case OPT_ECO: a->eco = 1; break;
    case OPT_PLYCOUNT: a->plycount = 1; break;
    case OPT_TERMINATION: a->termination = 1; break;
    case OPT_FINAL_FEN: a->final_fen = 1; break;
    case OPT_HASH: a->hash = 1; break;
    case OPT_FEN_COMMENTS: a->fen_comments = 1; break;
    case OPT_HASH_COMMENTS: a->hash_comments = 1; break;
    case OPT_FEN_STYLE:
        if (fen_style_parse(arg, &a->go.fen_flags))
            return EXIT_USAGE;
        break;
    case OPT_JUDGE: a->judge = 1; break;
    case OPT_JUDGE_MODEL:
        if (!strcmp(arg, "cp")) {
            a->judge_model = JUDGE_MODEL_CP;
        } else if (!strcmp(arg, "winning-chances")) {
            a->judge_model = JUDGE_MODEL_WINNING_CHANCES;
        } else {
            error("unknown judgment model '%s' (winning-chances or cp)", arg);
            return EXIT_USAGE;
        }
        a->judge = 1;
        break;
    case 'e': a->use_engine = 1; a->engine_name = arg; break;
    case OPT_DEPTH:
        if (parse_count("--depth", arg, 1, 200, &a->search.depth))
            return EXIT_USAGE;
        a->use_engine = 1;
        break;
    case OPT_NODES:
        if (parse_count("--nodes", arg, 1, 2000000000L, &a->search.nodes))
            return EXIT_USAGE;
        a->use_engine = 1;
        break;
    case OPT_MOVETIME:
        if (parse_count("--movetime", arg, 1, 86400000L, &a->search.movetime))
            return EXIT_USAGE;
        a->use_engine = 1;
        break;
    case OPT_MULTIPV:
        if (parse_count("--multipv", arg, 1, UCI_MULTIPV_MAX, &v))
            return EXIT_USAGE;
        a->search.multipv = (int)v;
        break;
    case OPT_PV_PLIES:
        if (parse_count("--pv-plies", arg, 0, UCI_PV_MAX, &a->pv_plies))
            return EXIT_USAGE;
        break;
    case OPT_ENGINE_OPTION:
        if (!strchr(arg, '=') || arg[0] == '=') {
            error("--engine-option takes NAME=VALUE, not '%s'", arg);
            return EXIT_USAGE;
        }
        if (a->nengine_options == MAX_ENGINE_OPTIONS) {
            error("at most %d engine options", MAX_ENGINE_OPTIONS);
            return EXIT_USAGE;
        }
        a->engine_options[a->nengine_options++] = arg;
        break;
    case OPT_ENGINE_TIMEOUT:
        if (parse_count("--engine-timeout", arg, 1, 86400000L, &a->timeout_ms))
            return EXIT_USAGE;
        break;
    case 'j':
        if (parse_jobs(arg, &a->jobs))
            return EXIT_USAGE;
        break;
    case OPT_WIDTH:
        if (parse_count("--width", arg, 0, 1000000, &v))
            return EXIT_USAGE;
        a->go.width = (unsigned)v;
        a->rewrite = 1;
        break;
    case OPT_FORMAT:
        /* Annotations live in PGN comments, NAGs and variations: convert
         * turns the result into JSON with all of them. */
        if (strcmp(arg, "pgn")) {
            error("--format %s: annotate writes PGN only; pipe its output to "
                  "'pgnkit convert --format %s'", arg, arg);
            return EXIT_USAGE;
        }
        break;
    case OPT_NESTED: a->nested_comments = 1; break;
    case 'q': a->quiet = 1; break;
    case 'h': print_usage(stdout, annotate_usage); return -1;
    default: return usage_error(annotate_usage);
    }
    return EXIT_OK;
}

int cmd_annotate(int argc, char **argv)
{
    struct annotate a;
    int opt, engine_only = 0, fen_style = 0;
    memset(&a, 0, sizeof a);
    a.ropts.lang = NOTATION_AUTO;
    a.ropts.flags = REPLAY_NO_TAGS | REPLAY_NO_WARN;
    a.jobs = pipeline_cpus();
    a.pv_plies = 8;
    a.timeout_ms = 30000;
    a.search.multipv = 1;
    game_out_opts_init(&a.go);
    optind = 1;
    while ((opt = cmd_getopt(argc, argv, "e:j:qh", annotate_options)) != -1) {
        int rc = parse_option(&a, opt, optarg);
        if (rc)
            return rc < 0 ? EXIT_OK : rc;
        if (opt == OPT_MULTIPV || opt == OPT_PV_PLIES || opt == OPT_ENGINE_OPTION ||
            opt == OPT_ENGINE_TIMEOUT)
            engine_only = opt;
        fen_style |= opt == OPT_FEN_STYLE;
    }
    /* An option with nothing to act on is a mistake to tell, not to ignore. */
    if (engine_only && !a.use_engine) {
        error("--%s goes with an engine (--engine, --depth, --nodes or --movetime)",
              cmdline_option_name(engine_only));
        return EXIT_USAGE;
    }
    if (fen_style && !a.fen_comments && !a.final_fen) {
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
