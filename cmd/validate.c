/* validate.c - `pgnkit validate`: replay every game and report each problem like a compiler. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/buf.h"
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/progress.h"
#include "replay/diag.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "picture/board_text.h"
#include "pipeline/pipeline.h"
#include "query/dup_key.h"
#include "query/dupset.h"
#include "replay/replay.h"
#include "cli/dgt_report.h"
#include "cli/driver.h"
#include "cli/follow.h"
#include "cli/outfile.h"
#include "cli/report.h"
#include "cli/term.h"
#include "base/banned.h"

static const char *const validate_usage[] = {
    "pgnkit validate [OPTIONS] [FILE...]",
    "",
    "Replays every move of every game (variations too) and reports each problem as",
    "FILE:LINE:COL: error|warning|note: game N (White - Black Date), MOVE: message.",
    "Reads standard input without FILE (or with '-'); gzip, zstd, bzip2, xz, zip, 7z, tar.",
    "",
    NULL,
};


struct validate {
    struct replay_opts ropts;
    struct replay_codes codes; /* --ignore, --error */
    int quiet, verbose, json;
    int dgt; /* --dgt: a board's result signal and taken-back moves are notes, not checked */
    bool board_color, board_utf8; /* --verbose boards: ANSI colours, figurines */
    int no_warnings; /* -w: warnings and notes are counted, not shown */
    long max_errors;
    long jobs;
    unsigned reader_flags; /* --nested-comments */
    const char *good_path, *bad_path;
    struct outfile good, bad;
    FILE *diag_out;   /* the diagnostics: stdout, or stderr when a game file is '-' */
    int diag_stopped; /* --max-errors reached with --good/--bad: checking goes on */
    /* counts */
    uint64_t games, valid, invalid, skipped, warnings, errors;
    int from; /* --from: struct driver's from */
    uint64_t hidden; /* warnings not shown: -w, or a code given to --ignore */
    int io_failed, write_failed;
    struct driver d;
    /* The duplicate-game note: off when --ignore drops it or nothing would show it. */
    int dups;
    struct dup_seen seen;      /* the digests of the games so far */
    struct first_seen *firsts; /* by the number dup_seen keeps */
    size_t nfirsts, firsts_cap;
    char **files;           /* the inputs' names, for the earlier games' places */
    size_t nfiles;
};

/* Where a game of the input was first seen: what a duplicate of it names. */
struct first_seen {
    size_t file; /* index in validate.files */
    uint64_t line, index;
};

/* What checking one game found; filled where the game is checked (maybe a
 * worker thread), counted where it is written (the reading thread). */
/* VERDICT_NONE: comments alone, no game (GAME_EMPTY): neither counted nor reported. */
enum verdict_kind { VERDICT_VALID, VERDICT_INVALID, VERDICT_SKIPPED, VERDICT_NONE };
struct verdict {
    struct batch_mark mark; /* where the game's diagnostics end (driver.h) */
    int kind;
    uint32_t errors, warnings, hidden; /* hidden: warnings -w or --ignore did not show */
    /* With validate.dups: the game's duplicate digest, and where it starts
     * (with workers, the reading thread has the game's text, not its parse). */
    int has_digest;
    struct dup_digest digest;
    uint64_t line;
    uint32_t col;
};

/* The plural noun whatever the count: the fixed form of the JSON summary. */
static const char *always_s(unsigned long long n)
{
    (void)n;
    return "s";
}

/* The boards at errors: colours where the diagnostics' terminal takes them, figurines when
 * the locale is UTF-8 (cmd/cli/term.c decides both). */
static void board_style(struct validate *v)
{
    v->board_color = term_color(v->diag_out);
    v->board_utf8 = term_utf8();
}

/* The board of the position before a move that failed, so that the arbiter sees it. */
static void print_board(const struct validate *v, FILE *out, const char *fen)
{
    struct pos p;
    struct buf b = BUF_INIT(1 << 16);
    enum fen_problem why;
    if ((pos_from_fen(&p, fen, &why) && why != FEN_IMPOSSIBLE_CHECK) || board_text(&b, &p, "    ", false, v->board_color,
                                                          v->board_utf8))
        return;
    fwrite(b.data, 1, b.len, out);
    buf_release(&b);
}

/* Replays g and writes its diagnostics to out unless quiet; key is room for
 * its duplicate key. Reads v only. */
static void check_game(const struct validate *v, struct replay *r, const struct game *g,
                       FILE *out, int quiet, struct verdict *vd, struct buf *key)
{
    char label[256];
    if (replay_game(r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (g->flags & GAME_EMPTY) {
        /* The reader's rule (GAME_EMPTY): comments alone are no game, for
         * every command; its bytes still go to --good, so that the two
         * files hold every byte of the input. */
        vd->kind = VERDICT_NONE;
        vd->has_digest = 0;
        vd->errors = vd->warnings = vd->hidden = 0;
        return;
    }
    /* A game without moves is keyed by its tags too (dup_key.h). */
    vd->has_digest = v->dups && dup_key_counts(g);
    if (vd->has_digest) {
        if (dup_digest_of_replay(&vd->digest, g, r, key))
            die(EXIT_IO, "out of memory");
        vd->line = g->line;
        vd->col = g->col;
    }
    vd->kind = r->errors ? VERDICT_INVALID : r->skipped ? VERDICT_SKIPPED : VERDICT_VALID;
    vd->errors = vd->warnings = 0;
    vd->hidden = (uint32_t)r->hidden; /* what --ignore dropped, counted by the replay */
    if (r->ndiags && !quiet)
        report_game_label(g, label, sizeof label);
    for (size_t i = 0; i < r->ndiags; i++) {
        const struct replay_diag *d = &r->diags[i];
        if (d->severity < PGN_SEV_ERROR && v->no_warnings) {
            vd->hidden += d->severity == PGN_SEV_WARNING;
            continue;
        }
        if (d->severity == PGN_SEV_ERROR)
            vd->errors++;
        else if (d->severity == PGN_SEV_WARNING)
            vd->warnings++;
        if (quiet)
            continue;
        if (v->json)
            report_diag_json(out, g, d);
        else
            report_diag_text(out, g, d, label, v->verbose);
        if (v->verbose && !v->json && d->severity == PGN_SEV_ERROR && d->fen[0])
            print_board(v, out, d->fen);
    }
}

static void copy_game(struct validate *v, struct outfile *o, const struct game *g)
{
    if (!o->f)
        return;
    if (!g->raw && g->raw_size) {
        /* Over the size limit: its bytes were not kept (already reported as too-big). */
        return;
    }
    if (outfile_write(o, g->raw, g->raw_len))
        v->io_failed = v->write_failed = 1;
}

/* The index of the input named name in v->files, added when new. */
static size_t file_id(struct validate *v, const char *name)
{
    if (v->nfiles && !strcmp(v->files[v->nfiles - 1], name))
        return v->nfiles - 1; /* the games of one input come together */
    for (size_t i = 0; i < v->nfiles; i++)
        if (!strcmp(v->files[i], name))
            return i;
    v->files = xrealloc(v->files, (v->nfiles + 1) * sizeof *v->files);
    v->files[v->nfiles] = xstrdup(name);
    return v->nfiles++;
}

/*
 * The duplicate-game note of g when an earlier game has its key; else
 * remembers where g is. In input order, on the reading thread: "earlier"
 * does not depend on the threads. --error makes the note an error that
 * makes g invalid (*vd is updated).
 */
static void note_duplicate(struct validate *v, const struct game *g, struct verdict *vd)
{
    if (v->nfirsts == UINT32_MAX)
        return; /* 4 billion games: the set has no numbers left */
    int64_t earlier = dup_seen_add(&v->seen, &vd->digest, (uint32_t)v->nfirsts);
    if (earlier < 0)
        die(EXIT_IO, "out of memory");
    if (earlier == UINT32_MAX) {
        if (array_reserve((void **)&v->firsts, &v->firsts_cap, v->nfirsts + 1,
                          sizeof *v->firsts, 1024))
            die(EXIT_IO, "out of memory");
        struct first_seen *first = &v->firsts[v->nfirsts++];
        first->file = file_id(v, g->file);
        first->line = vd->line;
        first->index = g->index;
        return;
    }
    const struct first_seen *first = &v->firsts[earlier];
    /* The same game of the same file read again (--follow: a correction
     * elsewhere in it) does not repeat itself. */
    if (first->index == g->index && !strcmp(v->files[first->file], g->file))
        return;
    struct replay_diag d = { .code = D_DUPLICATE_GAME, .severity = PGN_SEV_NOTE, .line = vd->line,
                             .col = vd->col, .offset = g->offset, .move = UINT32_MAX };
    if (v->codes.error & REPLAY_CODE_BIT(D_DUPLICATE_GAME)) {
        d.severity = PGN_SEV_ERROR;
        vd->errors++;
        vd->kind = VERDICT_INVALID;
    }
    /* The earlier game's file only when it is another: the location says this one's. */
    const char *file = v->files[first->file];
    int same_file = !strcmp(file, g->file);
    snprintf(d.msg, sizeof d.msg, "repeats game %" PRIu64 " (%s%s%" PRIu64
             "): the same start position and main-line moves", first->index,
             same_file ? "line " : file, same_file ? "" : ":", first->line);
    if (v->quiet || v->diag_stopped || (v->no_warnings && d.severity < PGN_SEV_ERROR))
        return;
    /* The number only: with workers, the game's tags are not parsed here. */
    char label[32];
    snprintf(label, sizeof label, "game %" PRIu64, g->index);
    if (v->json)
        report_diag_json(v->diag_out, g, &d);
    else
        report_diag_text(v->diag_out, g, &d, label, 0);
}

/* Counts a checked game, copies it to --good/--bad, applies --max-errors. */
static void account(struct validate *v, const struct game *g, const struct verdict *checked)
{
    struct verdict dup_verdict, *vd = &dup_verdict;
    dup_verdict = *checked;
    if (check_output())
        v->diag_stopped = 1; /* nobody reads them; the files and the status still count */
    if (vd->kind == VERDICT_NONE) {
        copy_game(v, &v->good, g);
        return;
    }
    if (vd->has_digest)
        note_duplicate(v, g, vd);
    v->games++;
    v->errors += vd->errors;
    v->warnings += vd->warnings;
    v->hidden += vd->hidden;
    if (vd->kind == VERDICT_INVALID) {
        v->invalid++;
        copy_game(v, &v->bad, g);
    } else {
        if (vd->kind == VERDICT_SKIPPED)
            v->skipped++;
        else
            v->valid++;
        copy_game(v, &v->good, g);
    }
    if (v->max_errors && v->errors >= (uint64_t)v->max_errors && !v->diag_stopped) {
        /* The split into --good and --bad stays complete: only the diagnostics stop. */
        v->diag_stopped = 1;
        if (!v->good.f && !v->bad.f)
            v->d.stop = 1;
        if (!v->quiet) {
            progress_erase();
            fflush(stdout);
            fprintf(stderr, "%s: %s after %" PRIu64 " error%s\n", progname,
                    v->d.stop ? "stopping" : "no more diagnostics", v->errors,
                    plural_s(v->errors));
        }
    }
}

/* ---- The job: games checked on the workers, written in input order ---- */

struct worker {
    const struct validate *v;
    struct replay r;
    struct buf key; /* room for its duplicate keys */
};

/* A worker's game; validate's only output is its diagnostics. */
static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct worker *w = ctx;
    const struct validate *v = w->v;
    (void)reader, (void)out;
    struct game clean;
    const struct game *checked = g;
    if (v->dgt && !(g->flags & GAME_EMPTY))
        checked = dgt_game(g, v->ropts.lang, arena, diag, v->quiet || v->no_warnings || v->json,
                           &clean);
    check_game(v, &w->r, checked, diag, v->quiet, BATCH_RECORD(m, struct verdict, mark),
               &w->key);
}

/* A checked game, in input order. */
static void write_game(void *cmd, const struct game *g, const struct batch_mark *m,
                       const struct batch_part *part)
{
    struct validate *v = cmd;
    if (!v->diag_stopped)
        fwrite(part->diag, 1, part->diag_len, v->diag_out);
    account(v, g, BATCH_RECORD(m, const struct verdict, mark));
}

static const struct driver_job validate_job = {
    .work = work, .write = write_game, .record = BATCH_LAYOUT(struct verdict, mark),
};

/* The code named name; else reports it with the nearest name and returns -1. */
static int find_code(const char *opt, const char *name)
{
    int code = diag_find(name), best = 0, best_d = 99;
    if (code >= 0)
        return code;
    for (int c = 0; c < D_CODE_COUNT; c++) {
        int d = edit_distance(name, diag_name(c));
        if (d < best_d)
            best_d = d, best = c;
    }
    error("%s: unknown diagnostic code '%s' (the nearest is '%s'; pgnkit-validate(1) lists "
          "them)", opt, name, diag_name(best));
    return -1;
}

/*
 * Adds the codes of a comma-separated list to *set, for --ignore (ignore
 * 1) or --error. An error code cannot be ignored: an invalid game stays
 * invalid (syntax can, for the reader's warnings). Returns 0, or -1 after
 * reporting a bad list.
 */
static int parse_codes(const char *opt, const char *list, int ignore, uint64_t *set)
{
    char name[64];
    for (const char *p = list;; p++) {
        size_t n = strcspn(p, ",");
        if (n == 0 || n >= sizeof name) {
            error("%s takes diagnostic codes separated by commas, not '%s'", opt, list);
            return -1;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        int code = find_code(opt, name);
        if (code < 0)
            return -1;
        if (ignore && diag_severity(code) == PGN_SEV_ERROR && code != D_SYNTAX) {
            error("%s: '%s' is an error, and errors are always reported", opt, name);
            return -1;
        }
        *set |= REPLAY_CODE_BIT(code);
        p += n;
        if (!*p)
            return 0;
    }
}

/* The summary line on stderr: games, errors, warnings (shown and not). */
static void print_summary(const struct validate *v)
{
    /* With --format json the summary keeps one form ("1 games: ..."), so that
     * scripts reading it beside the JSON find "N games:" whatever N is. */
    const char *(*noun_s)(unsigned long long) = v->json ? always_s : plural_s;
    fprintf(stderr, "%" PRIu64 " game%s: %" PRIu64 " valid, %" PRIu64 " invalid", v->games,
            noun_s(v->games), v->valid, v->invalid);
    if (v->skipped)
        fprintf(stderr, ", %" PRIu64 " skipped (variants)", v->skipped);
    fprintf(stderr, "; %" PRIu64 " error%s, ", v->errors, noun_s(v->errors));
    /* "(not shown)" after the count: "E errors, W warnings not shown" read as
     * if the errors were hidden too. */
    if (v->no_warnings)
        fprintf(stderr, "%" PRIu64 " warning%s (not shown)\n", v->hidden, noun_s(v->hidden));
    else if (v->hidden)
        fprintf(stderr, "%" PRIu64 " warning%s, %" PRIu64 " warning%s not shown\n",
                v->warnings, noun_s(v->warnings), v->hidden, noun_s(v->hidden));
    else
        fprintf(stderr, "%" PRIu64 " warning%s\n", v->warnings, noun_s(v->warnings));
}

enum { OPT_IGNORE = 1, OPT_ERROR, OPT_FORMAT, OPT_MAX_ERRORS };

/* The options with a value to check, told by entry->number: 0, or -1 after a message. */
static int validate_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct validate *v = storage;
    switch (entry->number) {
    case OPT_IGNORE: return parse_codes("--ignore", arg, 1, &v->codes.ignore);
    case OPT_ERROR: return parse_codes("--error", arg, 0, &v->codes.error);
    case OPT_FORMAT:
        if (!strcmp(arg, "json"))
            v->json = 1;
        else if (strcmp(arg, "text")) {
            error("unknown format '%s' (text or json)", arg);
            return -1;
        }
        return 0;
    case OPT_MAX_ERRORS:
        if (parse_long(arg, 1, 1000000000L, &v->max_errors)) {
            error("--max-errors takes a positive number, not '%s'", arg);
            return -1;
        }
        return 0;
    }
    return -1;
}

#define VALIDATE_OPTION(s, l, a, h, id) \
    { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .value = &v, \
      .arg_name = (a), .help = (h), .callback = validate_option, .number = (id) }

int cmd_validate(int argc, char **argv)
{
    struct validate v;
    struct follow_opts fo = FOLLOW_OPTS_INIT;
    memset(&v, 0, sizeof v);
    v.ropts.lang = NOTATION_AUTO;
    v.jobs = pipeline_cpus();
    const struct option_entry options[] = {
        OPT_BIT('s', "strict", &v.ropts.flags, REPLAY_STRICT,
                "check the PGN export format too; its deviations are errors"),
        OPT_BIT(0, "werror", &v.ropts.flags, REPLAY_WERROR, "every warning is an error"),
        VALIDATE_OPTION(0, "ignore", "CODE,...",
                        "drop the warnings and notes of these codes (counted)", OPT_IGNORE),
        VALIDATE_OPTION(0, "error", "CODE,...", "make the warnings and notes of these codes errors",
                        OPT_ERROR),
        OPT_BOOL('w', "no-warnings", &v.no_warnings, "report errors only"),
        OPT_BOOL('q', "quiet", &v.quiet, "print no diagnostics and no summary"),
        OPT_BOOL('v', "verbose", &v.verbose, "add the position before the move (FEN; a board at errors)"),
        VALIDATE_OPTION(0, "format", "FMT", "text (default) or json (one object per line)",
                        OPT_FORMAT),
        VALIDATE_OPTION(0, "max-errors", "N", "stop after N error diagnostics", OPT_MAX_ERRORS),
        OPT_STRING(0, "good", &v.good_path, "FILE", "write the valid games to FILE, byte for byte"),
        OPT_STRING(0, "bad", &v.bad_path, "FILE", "write the invalid games to FILE, byte for byte"),
        OPT_FROM(&v.from),
        OPT_INPUT_LANG(&v.ropts.lang, "read moves in LANG (en, de, fr, ...; default: auto per game)"),
        OPT_BIT(0, "nested-comments", &v.reader_flags, PGN_READER_NESTED_COMMENTS,
                "read {a {b} c} as one comment (braces nest)"),
        OPT_BOOL(0, "dgt", &v.dgt, "a DGT board's feed: the kings-on-the-centre result signal\n"
                 "and the moves taken back are notes, and not checked"),
        OPT_JOBS(&v.jobs, "check games on N threads (default: the number of CPUs)"),
        OPT_HELP(),
        OPT_GROUP(follow_options, &fo),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, validate_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    if (follow_check(&fo, argc - optind, argv + optind))
        return EXIT_USAGE;
    fo.quiet = v.quiet;
    /* What prints nothing cannot be shown more of. */
    if (v.quiet && (v.verbose || v.json || v.no_warnings)) {
        error("-q prints no diagnostics: it does not go with %s",
              v.verbose ? "--verbose" : v.json ? "--format json" : "-w");
        return EXIT_USAGE;
    }
    if (v.verbose && v.json) {
        error("--verbose adds the FEN to text diagnostics: JSON diagnostics have it anyway");
        return EXIT_USAGE;
    }
    char *outs[2];
    int nouts = 0;
    if (v.good_path)
        outs[nouts++] = (char *)v.good_path;
    if (v.bad_path)
        outs[nouts++] = (char *)v.bad_path;
    if (outfile_check_all(outs, nouts, argv + optind, argc - optind))
        return EXIT_USAGE;
    if (v.good_path && outfile_open(&v.good, v.good_path))
        return EXIT_IO;
    if (v.bad_path && outfile_open(&v.bad, v.bad_path))
        return EXIT_IO;
    /* Games on standard output: the diagnostics must not mix with them. */
    v.diag_out = v.good.f == stdout || v.bad.f == stdout ? stderr : stdout;
    report_set_color(!v.json && term_color(v.diag_out));
    if (v.verbose)
        board_style(&v);

    driver_init(&v.d, &v, &validate_job);
    fo.dgt = v.dgt;
    fo.lang = v.ropts.lang;
    follow_attach(&fo, &v.d);
    v.d.from = v.from;
    v.d.reader_flags = v.reader_flags;
    v.d.worker_reader_flags = PGN_READER_LAZY | PGN_READER_SPLIT; /* the workers parse the games */
    v.d.flags = DRIVER_READ_PAST_CLOSED_OUTPUT | (v.quiet ? DRIVER_NO_PROGRESS : 0) |
                (v.diag_out == stdout ? DRIVER_QUIET_STDOUT : 0); /* no game goes there */
    /* No duplicate keys for a note nobody sees and that decides nothing. */
    uint64_t dup_bit = REPLAY_CODE_BIT(D_DUPLICATE_GAME);
    v.dups = !(v.codes.ignore & dup_bit) &&
             ((v.codes.error & dup_bit) || !(v.quiet || v.no_warnings));
    dup_seen_init(&v.seen);
    struct worker *workers = xcalloc((size_t)v.jobs, sizeof *workers);
    for (long i = 0; i < v.jobs; i++) {
        workers[i].v = &v;
        buf_init(&workers[i].key, (size_t)1 << 30);
        replay_init(&workers[i].r, &v.ropts);
        replay_set_codes(&workers[i].r, &v.codes);
    }
    driver_start(&v.d, v.jobs, PIPELINE_CALLER_WORKS, workers, sizeof *workers);
    driver_run(&v.d, argc - optind, argv + optind);
    driver_release(&v.d);
    v.io_failed |= v.d.io_failed;
    /* A record that is no game is an invalid game of the input (said as it was met). */
    v.games += v.d.records_bad;
    v.invalid += v.d.records_bad;
    for (long i = 0; i < v.jobs; i++) {
        replay_release(&workers[i].r);
        buf_release(&workers[i].key);
    }
    free(workers);
    dup_seen_release(&v.seen);
    free(v.firsts);
    for (size_t i = 0; i < v.nfiles; i++)
        free(v.files[i]);
    free(v.files);
    fflush(stdout);
    check_output();
    /* A write that failed leaves the files as they were; an input that
     * could not be read to its end leaves them with every game read. */
    if (outfile_flush(&v.good) || outfile_flush(&v.bad))
        v.write_failed = v.io_failed = 1;
    int replace = !v.write_failed;
    int good_failed = outfile_close(&v.good, replace) < 0;
    /* --bad is kept as it was only when --good could not be replaced: after
     * an input read in part, both hold the games read, so the split holds. */
    v.io_failed |= good_failed;
    v.io_failed |= outfile_close(&v.bad, replace && !good_failed) < 0;
    if (!v.quiet)
        print_summary(&v);
    return driver_exit_status(v.quiet, v.io_failed, v.invalid ? EXIT_NEGATIVE : EXIT_OK);
}
