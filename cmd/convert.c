/* convert.c - `pgnkit convert`: rewrite games in another notation or format, losing nothing else. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "replay/diag.h"
#include "write/game_out.h"
#include "write/tag_edit.h"
#include "notation/notation.h"
#include "cli/output_opts.h"
#include "pgn/json_reader.h"
#include "pgn/record_reader.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "replay/replay.h"
#include "cli/dgt_report.h"
#include "cli/driver.h"
#include "cli/follow.h"
#include "cli/names_file.h"
#include "cli/outfile.h"
#include "cli/report.h"
#include "cli/split_out.h"
#include "cli/term.h"
#include "base/ascii.h"
#include "base/banned.h"

static const char *const convert_usage[] = {
    "pgnkit convert [OPTIONS] [FILE...]",
    "",
    "Rewrites games in another notation or format, keeping tags, comments, NAGs and",
    "variations. Moves are read in any notation and language (decided per game); every",
    "game is replayed first, and invalid games are reported as validate does and skipped.",
    "Reads standard input without FILE (or with '-'); gzip, zstd, bzip2, xz, zip, 7z, tar.",
    "",
    NULL,
};

/* Output is handed to stdio in pieces of about this size. */
enum { FLUSH_AT = 1 << 16 };
#define OUT_MAX ((size_t)1 << 30)

struct convert {
    struct game_out out;
    struct buf buf;
    int keep_invalid, quiet, fix_results;
    int dgt; /* --dgt: the board's result signal and taken-back moves taken out */
    int from_json;
    int from; /* --from other than json: struct driver's from */
    unsigned reader_flags; /* --nested-comments */
    long jobs;
    uint64_t games, converted, invalid, kept, skipped, fixed;
    uint64_t unevaluated, unfinished; /* --format plain: games without training positions */
    int io_failed;
    struct driver d;
    struct split_opts split_opts;
    struct split_out *split; /* --split-every, --split-by: the files instead of stdout */
    /* --rename-tag, --names, --normalise, --set-tag */
    struct tag_edits edits;
    struct tag_pair *renames, *sets;
    const char *names_path;
    uint64_t cleaned; /* tag values --names and --normalise changed */
};

/* What converts games: one per worker. */
struct converter {
    const struct convert *c;
    struct game_out out;       /* its own count of games written (JSON commas) */
    struct replay pgn_replay;  /* games read from PGN (--input-lang) */
    struct replay json_replay; /* games read from JSON: English SAN or UCI */
};

/* What converting one game came to; counted where it is written. */
enum outcome { OUTCOME_NONE, OUTCOME_CONVERTED, OUTCOME_INVALID, OUTCOME_SKIPPED };
struct done {
    struct batch_mark mark; /* where the game's parts end (driver.h) */
    int outcome, kept;
    int fixed;              /* --fix-results changed its result */
    uint32_t cleaned;       /* tag values --names and --normalise changed */
    size_t flush_at;        /* standard output is flushed at this offset of the game's
                             * diagnostics (SIZE_MAX: not) */
    const char *split_key;  /* with split output: the key of the game's file */
};

static void flush(struct convert *c)
{
    if (c->buf.len && fwrite(c->buf.data, 1, c->buf.len, stdout) != c->buf.len)
        check_output(); /* a closed pipe: quietly, and the driver reads no more */
    buf_reset(&c->buf);
}

/* The driver's pause (--follow): the games converted so far go out now. */
static void flush_held(void *cmd) { flush(cmd); }

/* Appends g as read to out; an error message (as error() prints it) to diag. */
static void pass_through(struct converter *w, const struct game *g, struct buf *out, FILE *diag,
                         struct done *d)
{
    int rc = game_out_raw(&w->out, g, out);
    if (rc == PGN_EINVAL) {
        d->flush_at = (size_t)ftell(diag) - d->mark.diag_end; /* from the game's first message */
        fprintf(diag, "%s: error: %s: game %" PRIu64 " is over the size limit: not copied\n",
                progname, g->file, g->index);
    } else if (rc) {
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
    } else {
        d->kept = 1;
    }
}

/* Says which variation moves did not replay in a game converted without its variations. */
static void report_dropped_variations(FILE *diag, const struct game *g, const struct replay *r)
{
    char label[160];
    report_game_label(g, label, sizeof label);
    for (size_t i = 0; i < r->ndiags; i++)
        if (r->diags[i].code == D_VARIATION_DROPPED)
            report_diag_text(diag, g, &r->diags[i], label, 0);
}

/*
 * With --fix-results: 1 when the result written for g differs from its
 * Result tag or its result token, said on diag unless quiet, as
 * "FILE:LINE:COL: note: LABEL: result fixed: Result tag 1-0 -> 0-1, result
 * token * -> 0-1: checkmate" (each part only when it changed).
 */
static int note_fixed_result(const struct game *g, const struct replay *r, FILE *diag, int quiet)
{
    static const char *const why[] = {
        [END_CHECKMATE] = "checkmate",       [END_STALEMATE] = "stalemate",
        [END_DEAD] = "dead position",        [END_FIVEFOLD] = "drawn by fivefold repetition",
        [END_SEVENTYFIVE] = "drawn by the 75-move rule",
    };
    int fixed = replay_fixed_result(r, g);
    if (fixed == PGN_RESULT_NONE)
        return 0;
    const char *tag = game_tag_value(g, "Result"), *now = pgn_result_str(fixed);
    if (tag && !strcmp(tag, now) && g->result == fixed)
        return 0;
    if (quiet)
        return 1;
    const char *because = r->end != END_NONE && r->end <= END_SEVENTYFIVE ? why[r->end]
                          : g->result == PGN_RESULT_UNKNOWN
                              ? "the result token '*' gives none: the tag's is kept"
                              : "the Result tag differs from the result token, which is kept";
    report_game_prefix(diag, g, g->result_text ? g->result_line : g->line,
                       g->result_text ? (uint32_t)g->result_col : 0, PGN_SEV_NOTE);
    fprintf(diag, ": result fixed:");
    if (!tag || strcmp(tag, now))
        fprintf(diag, " Result tag %s -> %s%s", tag ? tag : "(none)", now,
                g->result != fixed ? "," : "");
    if (g->result != fixed)
        fprintf(diag, " result token %s -> %s",
                g->result != PGN_RESULT_NONE ? pgn_result_str(g->result) : "(none)", now);
    fprintf(diag, ": %s\n", because);
    return 1;
}

/*
 * With --names or --normalise, a note for each tag value changed:
 * "FILE:LINE:COL: note: LABEL: Date '16.06.2015' -> '2015.06.16' (dates)".
 */
static void note_tag_changes(FILE *diag, const struct game *g, const struct tag_edit_result *t)
{
    for (size_t i = 0; i < t->nchanges; i++) {
        const struct tag_change *k = &t->changes[i];
        report_game_prefix(diag, g, k->line, k->col, PGN_SEV_NOTE);
        fprintf(diag, ": %s '%s' -> '%s' (%s)\n", k->tag, k->from, k->to, k->why);
    }
}

/* Converts g into out, its diagnostics to diag; reads w->c only. */
static void convert_game(struct converter *w, struct replay *r, const struct game *g,
                         struct arena *arena, struct buf *out, FILE *diag, struct done *d)
{
    const struct convert *c = w->c;
    d->outcome = OUTCOME_NONE;
    d->kept = 0;
    d->fixed = 0;
    d->cleaned = 0;
    d->flush_at = SIZE_MAX;
    if (g->flags & GAME_EMPTY)
        return;
    struct game clean;
    if (c->dgt)
        g = dgt_game(g, r->opts.lang, arena, diag, c->quiet, &clean);
    if (replay_game(r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    /* A bad variation need not cost the main line where variations are not written. */
    int dropped = 0;
    if (r->errors && !game_out_writes_variations(&c->out.opts))
        dropped = replay_drop_variation_errors(r, g);
    if (output_fatal_errors(r, c->fix_results) || r->skipped) {
        d->outcome = r->errors ? OUTCOME_INVALID : OUTCOME_SKIPPED;
        if (!c->quiet)
            report_diags(diag, g, r, r->errors ? PGN_SEV_ERROR : PGN_SEV_NOTE, 0);
        if (c->keep_invalid)
            pass_through(w, g, out, diag, d);
    } else {
        size_t mark = out->len;
        struct tag_edit_result edited;
        int rc = PGN_OK;
        if (tag_edits_any(&c->edits)) {
            if ((rc = tag_edits_apply(&c->edits, g, arena, &edited)))
                die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
            w->out.extra = &edited.extra;
        }
        rc = game_out_game(&w->out, g, r, out);
        w->out.extra = NULL;
        if (rc) {
            out->len = mark;
            die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
        }
        d->outcome = OUTCOME_CONVERTED;
        if (!c->quiet)
            report_unprinted(diag, g, &w->out);
        if (dropped && !c->quiet)
            report_dropped_variations(diag, g, r);
        if (c->fix_results)
            d->fixed = note_fixed_result(g, r, diag, c->quiet);
        if (tag_edits_any(&c->edits)) {
            d->cleaned = (uint32_t)edited.nchanges;
            if (!c->quiet)
                note_tag_changes(diag, g, &edited);
        }
    }
}

/* Counts a converted game; text[0..len) is its output. */
static void account(struct convert *c, const struct done *d, const char *text, size_t len)
{
    if (d->outcome == OUTCOME_NONE)
        return;
    c->games++;
    c->converted += d->outcome == OUTCOME_CONVERTED;
    c->invalid += d->outcome == OUTCOME_INVALID;
    c->skipped += d->outcome == OUTCOME_SKIPPED;
    c->kept += (uint64_t)d->kept;
    c->fixed += (uint64_t)d->fixed;
    c->cleaned += d->cleaned;
    if (len && c->split) {
        split_out_write(c->split, d->split_key, text, len);
    } else if (len) {
        /* A worker writes every JSON array element as if it were the first. */
        if (c->out.opts.format == GO_JSON && c->out.games && buf_append(&c->buf, ",", 1))
            die(EXIT_IO, "out of memory");
        if (buf_append(&c->buf, text, len))
            die(EXIT_IO, "out of memory");
        c->out.games++;
    }
    if (c->buf.len >= FLUSH_AT)
        flush(c);
}

/* ---- The job: games converted on the workers, written in input order ---- */

static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct converter *w = ctx;
    struct done *d = BATCH_RECORD(m, struct done, mark);
    (void)reader;
    w->out.games = 0; /* the writer puts the JSON commas */
    convert_game(w, w->c->from_json ? &w->json_replay : &w->pgn_replay, g, arena, out, diag, d);
    if (w->c->split) {
        char key[SPLIT_KEY_MAX + 1];
        size_t n = split_key_of(&w->c->split_opts, g, key);
        if (!(d->split_key = arena_memdup(arena, key, n + 1)))
            die(EXIT_IO, "out of memory");
    }
}

/* A converted game, in input order. */
static void write_game(void *cmd, const struct game *g, const struct batch_mark *m,
                       const struct batch_part *part)
{
    struct convert *c = cmd;
    const struct done *d = BATCH_RECORD(m, const struct done, mark);
    const char *diag = part->diag;
    size_t diag_len = part->diag_len;
    (void)g;
    if (d->flush_at != SIZE_MAX) {
        fwrite(diag, 1, d->flush_at, stderr);
        fflush(stdout);
        diag += d->flush_at, diag_len -= d->flush_at;
    }
    fwrite(diag, 1, diag_len, stderr);
    account(c, d, part->text, part->text_len);
}

/* A problem of the JSON reader, said as every command says it; memory running out ends the run. */
static void json_problem(struct json_reader *j)
{
    int status;
    const char *message = json_reader_message(j, &status);
    if (status == PGN_ENOMEM)
        die(EXIT_IO, "%s", message);
    error("%s", message);
}

/* JSON input is read on one thread: its reader's problems are reported as they are met. */
static int convert_json(void *cmd, struct driver *d, const char *path)
{
    struct convert *c = cmd;
    struct json_reader *j;
    /* One job: the calling thread converts each game as it is read. */
    struct game g;
    const char *raw;
    size_t raw_len;
    int rc = json_reader_open(&j, path);
    if (rc != PGN_OK) {
        error("cannot open '%s': %s", path ? path : "-",
              rc == PGN_EIO ? strerror(errno) : pgn_strerror(rc));
        return -1;
    }
    while ((rc = json_reader_next(j, &g, &raw, &raw_len)) != JSON_READER_END &&
           rc != JSON_READER_FAIL) {
        if (rc == JSON_READER_GAME) {
            driver_take(d, NULL, &g);
        } else if (rc == JSON_READER_RAW) {
            if (driver_read_mem(d, raw, raw_len, path ? path : "<stdin>"))
                c->io_failed = 1;
        } else {
            json_problem(j);
            c->games++;
            c->invalid++;
        }
    }
    if (rc == JSON_READER_FAIL)
        json_problem(j);
    json_reader_free(j);
    return rc == JSON_READER_FAIL ? -1 : 0;
}

static void summary(const struct convert *c)
{
    fprintf(stderr, "%" PRIu64 " game%s: %" PRIu64 " converted, %" PRIu64 " invalid", c->games,
            plural_s(c->games), c->converted, c->invalid);
    if (c->invalid || c->skipped)
        fprintf(stderr, c->keep_invalid ? " (kept)" : " (skipped)");
    if (c->skipped)
        fprintf(stderr, ", %" PRIu64 " variants not replayed", c->skipped);
    if (c->fix_results)
        fprintf(stderr, ", %" PRIu64 " result%s fixed", c->fixed, plural_s(c->fixed));
    if (c->edits.names || c->edits.normalise)
        fprintf(stderr, ", %" PRIu64 " tag value%s cleaned", c->cleaned, plural_s(c->cleaned));
    if (c->out.opts.format == GO_PLAIN)
        fprintf(stderr, ", %" PRIu64 " without evaluations and %" PRIu64
                " without a result skipped", c->unevaluated, c->unfinished);
    fprintf(stderr, "\n");
}

/* --from: pgnkit's own JSON, read here, or what every command reads (OPT_FROM). */
static int from_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct convert *c = storage;
    (void)entry;
    if (!strcmp(arg, "json") || !strcmp(arg, "ndjson")) {
        c->from_json = 1;
        return 0;
    }
    c->from_json = 0;
    if (record_source_named(arg) < 0 && strcmp(arg, "pgn") && strcmp(arg, "auto")) {
        error("unknown input format '%s' (pgn, json, lichess, chesscom or rows)", arg);
        return -1;
    }
    return input_from_parse(arg, &c->from);
}

/* A tag name as the PGN standard allows: letters, digits and '_', from a letter or digit. */
static int tag_name_ok(const char *s, size_t len)
{
    if (!len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!ascii_is_alnum(s[i]) && s[i] != '_')
            return 0;
    return 1;
}

/* --set-tag NAME=VALUE, --rename-tag OLD=NEW: one more pair in the list. */
static int tag_pair_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct convert *c = storage;
    int rename = !strcmp(entry->long_name, "rename-tag");
    char *eq = strchr(arg, '=');
    if (!eq || !tag_name_ok(arg, (size_t)(eq - arg)) ||
        (rename && !tag_name_ok(eq + 1, strlen(eq + 1)))) {
        error(rename ? "--rename-tag wants OLD=NEW, two tag names, not '%s'"
                     : "--set-tag wants NAME=VALUE with a tag name, not '%s'", arg);
        return -1;
    }
    *eq = 0;
    struct tag_pair **list = rename ? &c->renames : &c->sets;
    size_t *n = rename ? &c->edits.nrenames : &c->edits.nsets;
    *list = xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = (struct tag_pair){ arg, eq + 1 };
    return 0;
}

/* --normalise LIST: dates, rounds, results, comma-separated, or all. */
static int normalise_option(void *storage, const struct option_entry *entry, char *arg)
{
    static const struct {
        const char *name;
        unsigned flag;
    } parts[] = {
        { "dates", TAG_NORMALISE_DATES },
        { "rounds", TAG_NORMALISE_ROUNDS },
        { "results", TAG_NORMALISE_RESULTS },
        { "all", TAG_NORMALISE_DATES | TAG_NORMALISE_ROUNDS | TAG_NORMALISE_RESULTS },
    };
    unsigned *flags = storage;
    (void)entry;
    for (char *part = arg, *next; part; part = next) {
        size_t len = strcspn(part, ",");
        next = part[len] ? part + len + 1 : NULL;
        size_t k = 0;
        while (k < sizeof parts / sizeof *parts &&
               (strlen(parts[k].name) != len || memcmp(parts[k].name, part, len)))
            k++;
        if (k == sizeof parts / sizeof *parts) {
            error("unknown --normalise part '%.*s' (dates, rounds, results or all)", (int)len,
                  part);
            return -1;
        }
        *flags |= parts[k].flag;
    }
    return 0;
}

int cmd_convert(int argc, char **argv)
{
    struct convert c;
    struct output_opts oo;
    struct follow_opts fo = FOLLOW_OPTS_INIT;
    struct replay_opts ropts = { .lang = NOTATION_AUTO, .flags = REPLAY_NO_TAGS };
    memset(&c, 0, sizeof c);
    output_opts_init(&oo);
    split_opts_init(&c.split_opts);
    c.jobs = pipeline_cpus();
    const struct option_entry options[] = {
        OPT_GROUP(output_options, &oo),
        OPT_GROUP(split_options, &c.split_opts),
        OPT_HEADING("Tags:"),
        OPT_CALLBACK(0, "set-tag", &c, "NAME=VALUE",
                     "give every game's NAME tag VALUE (added when missing; repeatable)",
                     tag_pair_option),
        OPT_CALLBACK(0, "rename-tag", &c, "OLD=NEW", "call OLD tags NEW (repeatable)",
                     tag_pair_option),
        OPT_STRING(0, "names", &c.names_path, "FILE",
                   "one spelling of each player, event, site, round: SCID's spelling file"),
        OPT_CALLBACK(0, "normalise", &c.edits.normalise, "LIST",
                     "standard dates, rounds and Result tags: dates,rounds,results or all",
                     normalise_option),
        OPT_HEADING("Input:"),
        OPT_CALLBACK(0, "from", &c, "FMT",
                     "pgn, json (what --format json or ndjson wrote), lichess, chesscom, rows\n"
                     "(default: auto, PGN unless the first record says which)", from_option),
        OPT_INPUT_LANG(&ropts.lang, "read moves in LANG (default: auto, decided per game)"),
        OPT_BOOL(0, "keep-invalid", &c.keep_invalid,
                 "pass invalid games through unchanged (pgn, json, ndjson)"),
        OPT_BIT(0, "nested-comments", &c.reader_flags, PGN_READER_NESTED_COMMENTS,
                "read {a {b} c} as one comment (braces nest)"),
        OPT_BOOL(0, "dgt", &c.dgt, "a DGT board's feed: take out the kings-on-the-centre\n"
                 "result signal (setting the result) and the moves taken back"),
        OPT_JOBS(&c.jobs, "convert games on N threads (default: the number of CPUs)"),
        OPT_BOOL('q', "quiet", &c.quiet, "print no diagnostics and no summary"),
        OPT_HELP(),
        OPT_GROUP(follow_options, &fo),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, convert_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    if (follow_check(&fo, argc - optind, argv + optind))
        return EXIT_USAGE;
    fo.quiet = c.quiet;
    if (output_opts_check(&oo) || split_opts_check(&c.split_opts))
        return EXIT_USAGE;
    report_set_color(term_color(stderr));
    int f = oo.go.format;
    c.fix_results = (oo.go.flags & GO_FIX_RESULTS) != 0;
    if (c.keep_invalid && f != GO_PGN && f != GO_JSON && f != GO_NDJSON) {
        error("--keep-invalid goes with --format pgn, json or ndjson");
        return EXIT_USAGE;
    }
    if (outfile_check_all(NULL, 0, argv + optind, argc - optind))
        return EXIT_USAGE;
    c.edits.renames = c.renames;
    c.edits.sets = c.sets;
    struct spelling *names = NULL;
    if (c.names_path) {
        int status;
        if (!(names = names_file_read(c.names_path, &status)))
            return status;
        c.edits.names = names;
    }

    struct driver_job job = { .work = work, .write = write_game,
                              .record = BATCH_LAYOUT(struct done, mark), .flush = flush_held };
    if (c.from_json)
        job.input = convert_json;
    driver_init(&c.d, &c, &job);
    fo.dgt = c.dgt;
    fo.lang = ropts.lang;
    follow_attach(&fo, &c.d);
    c.d.from = c.from;
    c.d.reader_flags = c.reader_flags;
    c.d.worker_reader_flags = PGN_READER_LAZY | PGN_READER_SPLIT; /* the workers parse the games */
    c.d.flags = c.quiet ? DRIVER_NO_PROGRESS : 0;
    game_out_init(&c.out, &oo.go);
    buf_init(&c.buf, OUT_MAX);
    if (c.from_json)
        c.jobs = 1;
    /* Each worker has its own converter; the output gathers in c.out and c.buf. */
    long nconv = c.jobs;
    struct converter *conv = xcalloc((size_t)nconv, sizeof *conv);
    for (long i = 0; i < nconv; i++) {
        struct replay_opts ro = ropts;
        conv[i].c = &c;
        game_out_init(&conv[i].out, &oo.go);
        replay_init(&conv[i].pgn_replay, &ro);
        ro.lang = NOTATION_EN;
        replay_init(&conv[i].json_replay, &ro);
    }
    driver_start(&c.d, c.jobs, PIPELINE_CALLER_WORKS, conv, sizeof *conv);
    if (split_opts_active(&c.split_opts)) {
        c.split = split_out_new(&c.split_opts, &oo.go, argv + optind, argc - optind);
    } else if (game_out_begin(&c.out, &c.buf)) {
        die(EXIT_IO, "out of memory");
    }
    driver_run(&c.d, argc - optind, argv + optind);
    driver_release(&c.d);
    c.io_failed |= c.d.io_failed;
    /* A record that is no game is an invalid game of the input (said as it was met). */
    c.games += c.d.records_bad;
    c.invalid += c.d.records_bad;
    if (c.split) {
        /* Input that could not be read to its end: the files get every game read. */
        c.io_failed |= split_out_finish(c.split, 1) < 0;
    } else if (game_out_end(&c.out, &c.buf)) {
        die(EXIT_IO, "out of memory");
    }
    flush(&c);
    fflush(stdout);
    check_output();
    for (long i = 0; i < nconv; i++) {
        c.unevaluated += conv[i].out.unevaluated;
        c.unfinished += conv[i].out.unfinished;
        replay_release(&conv[i].pgn_replay);
        replay_release(&conv[i].json_replay);
        game_out_release(&conv[i].out);
    }
    free(conv);
    game_out_release(&c.out);
    buf_release(&c.buf);
    spelling_free(names);
    free(c.renames);
    free(c.sets);
    if (!c.quiet)
        summary(&c);
    return driver_exit_status(c.quiet, c.io_failed, c.invalid ? EXIT_NEGATIVE : EXIT_OK);
}
