/* search.c - `pgnkit search`: select games by tags, numbers, moves, positions and features, like grep. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/report.h"
#include "replay/diag.h"
#include "query/game_facts.h"
#include "write/game_out.h"
#include "cli/output_opts.h"
#include "pgn/pgn_reader.h"
#include "pgn/tagvalue.h"
#include "pipeline/pipeline.h"
#include "cli/dbinput.h"
#include "cli/driver.h"
#include "cli/follow.h"
#include "cli/outfile.h"
#include "cli/query_opts.h"
#include "search/search_args.h"
#include "search/search_mark.h"
#include "cli/split_out.h"
#include "base/banned.h"

static const char *const search_usage[] = {
    "pgnkit search [OPTIONS] [FILE...]",
    "",
    "Prints the games that meet every criterion, byte for byte as they are in the input.",
    "Reads standard input without FILE (or with '-'); gzip, zstd, bzip2, xz, zip, 7z, tar.",
    "Exit status: 0 when a game was selected, 1 when none, 2 usage, 3 I/O.",
    "",
    NULL,
};

enum { OUT_GAMES, OUT_COUNT, OUT_LIST, OUT_QUIET };

/* Formatted output is handed to stdio in pieces of about this size. */
enum { FLUSH_AT = 1 << 16 };
#define OUT_MAX ((size_t)1 << 30)

struct search {
    struct query_opts qo;
    struct game_facts facts;
    int out, invert, summary, many_inputs;
    long max, jobs;
    struct driver d;
    const char **reported; /* regexes whose limit warning was given (with workers) */
    size_t nreported;
    uint64_t games, selected, unprintable;
    /* --select-only / --skip-matching: ranges of match numbers, sorted */
    struct match_range { int64_t lo, hi; } *ranges;
    size_t nranges;
    int skip_ranges;  /* 1: the ranges are left out; 0: only they are kept */
    uint64_t matches; /* games that met the criteria so far */
    int io_failed;
    /* --format and the other output options */
    int formatted, fix_results;
    struct game_out go;
    struct buf buf;
    struct split_opts split_opts;
    struct split_out *split; /* --split-every, --split-by: the files instead of stdout */
    struct buf one;          /* with split: one game's text */
    const char *rest_path;   /* --rest: the games read and not selected */
    struct outfile rest;
    struct search_mark mark; /* --match-tag, --mark-matches: games as read, marked */
};

/* A tag value for the list: "?" when missing, tabs and line ends made blanks. */
static void list_field(FILE *f, const char *v)
{
    putc('\t', f);
    if (!v || !*v) {
        putc('?', f);
        return;
    }
    for (; *v; v++)
        putc(*v == '\t' || *v == '\n' || *v == '\r' ? ' ' : *v, f);
}

static void print_list(FILE *f, int many_inputs, struct game_facts *facts, const struct game *g)
{
    struct fact_value v;
    if (many_inputs)
        fprintf(f, "%s:", g->file);
    fprintf(f, "%" PRIu64, g->index);
    list_field(f, game_tag_value(g, "White"));
    list_field(f, game_tag_value(g, "Black"));
    if (game_facts_get(facts, F_RESULT, 0, &v) > 0)
        fprintf(f, "\t%.*s", (int)v.len, v.s);
    else
        list_field(f, NULL);
    list_field(f, game_tag_value(g, "Date"));
    list_field(f, game_tag_value(g, "Event"));
    list_field(f, game_tag_value(g, "ECO"));
    putc('\n', f);
}

/* g as read to f (standard output, or the --rest file). */
static void copy_game(struct search *s, const struct game *g, FILE *f)
{
    if (!g->raw) {
        /* Over the reader's size limit: its bytes were not kept. */
        warning("%s: game %" PRIu64 " is larger than the game size limit: not printed", g->file,
                g->index);
        s->unprintable++;
        return;
    }
    fwrite(g->raw, 1, g->raw_len, f);
    if (g->raw_len && g->raw[g->raw_len - 1] != '\n' && g->raw[g->raw_len - 1] != '\r')
        putc('\n', f); /* the last game of an input without a final line end */
}

static void print_game(struct search *s, const struct game *g) { copy_game(s, g, stdout); }


/* A game read and not selected, to --rest when given. */
static void rest_game(struct search *s, const struct game *g)
{
    if (s->rest.f && !s->rest.err) {
        copy_game(s, g, s->rest.f);
        s->io_failed |= outfile_failed(&s->rest);
    }
}

static void flush(struct search *s)
{
    if (s->buf.len)
        fwrite(s->buf.data, 1, s->buf.len, stdout);
    buf_reset(&s->buf);
}

/* Why a selected game is not written in the chosen form. */
enum { WARN_NONE, WARN_TOO_BIG, WARN_VARIANT, WARN_NO_REPLAY };

static void unprintable(struct search *s, const struct game *g, int why)
{
    if (why == WARN_TOO_BIG)
        warning("%s: game %" PRIu64 " is larger than the game size limit: not printed", g->file,
                g->index);
    else
        warning("%s: game %" PRIu64 " %s: not written in this format", g->file, g->index,
                why == WARN_VARIANT ? "is a variant pgnkit does not replay" : "does not replay");
    s->unprintable++;
}

/* A selected game as read with its marks (--match-tag, --mark-matches), to out; returns WARN_*. */
static int mark_game(const struct search *s, struct search_query *q, struct game_facts *f,
                     const struct game *g, struct buf *out)
{
    return search_mark_game(&s->mark, q, f, g, out) ? WARN_TOO_BIG : WARN_NONE;
}

/* Appends the game in the form --format and the notation options ask for to out; returns WARN_*. */
static int format_game(struct game_out *go, int fix_results, struct game_facts *f,
                       const struct game *g, struct buf *out)
{
    const struct replay *r = game_facts_replay(f);
    if (!r)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(f->status));
    size_t mark = out->len;
    int rc, why = WARN_NONE;
    if (r->skipped || output_fatal_errors(r, fix_results)) {
        rc = game_out_raw(go, g, out);
        if (rc == PGN_EINVAL) {
            why = WARN_TOO_BIG;
            rc = PGN_OK;
        } else if (!rc && out->len == mark) {
            why = r->skipped ? WARN_VARIANT : WARN_NO_REPLAY;
        }
    } else {
        rc = game_out_game(go, g, r, out);
    }
    if (rc) {
        out->len = mark;
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
    }
    report_unprinted(stderr, g, go);
    return why;
}

static void write_game(struct search *s, const struct game *g)
{
    int why = s->formatted ? format_game(&s->go, s->fix_results, &s->facts, g, &s->buf)
                           : mark_game(s, s->qo.query, &s->facts, g, &s->buf);
    if (why)
        unprintable(s, g, why);
    if (s->buf.len >= FLUSH_AT)
        flush(s);
}

/* A selected game into its file: text[0..len) formatted, or (NULL) the game as read. */
static void split_game(struct search *s, const struct game *g, const char *key, const char *text,
                       size_t len)
{
    if (!text) {
        if (!g->raw) {
            unprintable(s, g, WARN_TOO_BIG);
            return;
        }
        buf_reset(&s->one);
        int rc = buf_append(&s->one, g->raw, g->raw_len);
        if (!rc && g->raw_len && g->raw[g->raw_len - 1] != '\n' && g->raw[g->raw_len - 1] != '\r')
            rc = buf_append(&s->one, "\n", 1);
        if (rc)
            die(EXIT_IO, "out of memory");
        text = s->one.data, len = s->one.len;
    }
    split_out_write(s->split, key, text, len);
}

/* A selected game, matched on this thread, into its file. */
static void split_selected(struct search *s, const struct game *g)
{
    char key[SPLIT_KEY_MAX + 1];
    split_key_of(&s->split_opts, g, key);
    if (!s->formatted && !search_mark_active(&s->mark)) {
        split_game(s, g, key, NULL, 0);
        return;
    }
    buf_reset(&s->one);
    s->go.games = 0; /* each game alone: the file puts the JSON commas */
    int why = s->formatted ? format_game(&s->go, s->fix_results, &s->facts, g, &s->one)
                           : mark_game(s, s->qo.query, &s->facts, g, &s->one);
    if (why)
        unprintable(s, g, why);
    split_out_write(s->split, key, s->one.data, s->one.len);
}

static void selected(struct search *s, const struct game *g)
{
    s->selected++;
    switch (s->out) {
    case OUT_GAMES:
        if (s->split)
            split_selected(s, g);
        else if (s->formatted || search_mark_active(&s->mark))
            write_game(s, g);
        else
            print_game(s, g);
        break;
    case OUT_LIST: print_list(stdout, s->many_inputs, &s->facts, g); break;
    default: break;
    }
    check_output();
    if (s->max && s->selected >= (uint64_t)s->max)
        s->d.stop = 1;
}

/* Reads a comma-separated list of ranges (1-10,15,20-) for --select-only or --skip-matching. */
static int parse_ranges(struct search *s, const char *opt, const char *list)
{
    const char *p = list;
    for (;;) {
        size_t n = strcspn(p, ",");
        char item[48];
        int64_t lo, hi;
        if (n == 0 || n >= sizeof item)
            goto bad;
        memcpy(item, p, n);
        item[n] = '\0';
        if (tagvalue_range(item, &lo, &hi) || lo < 1 || hi < lo)
            goto bad;
        s->ranges = xrealloc(s->ranges, (s->nranges + 1) * sizeof *s->ranges);
        s->ranges[s->nranges++] = (struct match_range){ lo, hi };
        if (!p[n])
            return 0;
        p += n + 1;
    }
bad:
    error("%s takes ranges of game numbers from 1 like 1-10,15,20-, not '%s'", opt, list);
    return -1;
}

/* One more game met the criteria: 1 when --select-only / --skip-matching let it through. */
static int take_match(struct search *s)
{
    if (!s->nranges)
        return 1;
    int64_t m = (int64_t)++s->matches, last = 0;
    int in = 0;
    for (size_t i = 0; i < s->nranges; i++) {
        in |= m >= s->ranges[i].lo && m <= s->ranges[i].hi;
        last = s->ranges[i].hi > last ? s->ranges[i].hi : last;
    }
    if (!s->skip_ranges && m >= last)
        s->d.stop = 1; /* nothing later can be selected */
    return in != s->skip_ranges;
}

/* ---- The job: games matched on the workers, selected in input order ---- */

struct searcher {
    const struct search *s;
    struct search_query *query; /* a copy: compiled regexes are per thread */
    struct game_facts facts;
    struct game_out go;
    struct buf key;
};

/* What matching one game found; --unique, --max-count and the output are for the writer. */
struct found {
    struct batch_mark mark;    /* where its list line or formatted text ends */
    unsigned empty : 1, match : 1;
    uint8_t levels[2];         /* completed, walked, replayed (bits 0-2): matching; output */
    int why;                   /* WARN_*: the formatted game is not written */
    const char **hits;         /* regexes that gave up at their limit, first on this worker */
    uint32_t nhits;
    const char *key;           /* duplicate key, with --unique/--duplicates */
    size_t key_len;
    const char *split_key;     /* with split output: the key of the game's file */
};

/* Matches g: a list line to list, a formatted game to out, the rest into *fd. */
static void match_game(struct searcher *w, struct arena *arena, struct game *g,
                       struct pgn_reader *reader, struct found *fd, FILE *list, struct buf *out)
{
    const struct search *s = w->s;
    struct game_facts *f = &w->facts;
    uint64_t c0 = f->completions, w0 = f->walks, r0 = f->replays;
    memset(fd, 0, sizeof *fd);
    /* The facts worked out for the output count only if the game is selected. */
#define LEVELS() \
    (uint8_t)((f->completions != c0) | (f->walks != w0) << 1 | (f->replays != r0) << 2); \
    c0 = f->completions, w0 = f->walks, r0 = f->replays
    fd->empty = (g->flags & GAME_EMPTY) != 0;
    if (fd->empty)
        return;
    game_facts_reset(f, g, reader);
    int rc = search_query_match(w->query, f);
    if (rc < 0)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index,
            rc == PGN_ENOMEM ? "out of memory" : pgn_strerror(rc));
    for (const char *pat; (pat = search_query_new_limit_hit(w->query)) != NULL;) {
        const char **hits = arena_alloc(arena, (fd->nhits + 1) * sizeof *hits);
        if (!hits)
            die(EXIT_IO, "out of memory");
        if (fd->nhits)
            memcpy(hits, fd->hits, fd->nhits * sizeof *hits);
        hits[fd->nhits++] = pat;
        fd->hits = hits;
    }
    fd->match = (rc != 0) != (s->invert != 0);
    if (fd->match && query_opts_needs_key(&s->qo)) {
        buf_reset(&w->key);
        query_opts_dup_key(f, &w->key);
        fd->key = arena_memdup(arena, w->key.data, w->key.len);
        if (!fd->key)
            die(EXIT_IO, "out of memory");
        fd->key_len = w->key.len;
    }
    fd->levels[0] = LEVELS();
    if (fd->match && s->split) {
        char key[SPLIT_KEY_MAX + 1];
        size_t n = split_key_of(&s->split_opts, g, key);
        if (!(fd->split_key = arena_memdup(arena, key, n + 1)))
            die(EXIT_IO, "out of memory");
    }
    if (fd->match && s->out == OUT_GAMES && s->formatted) {
        w->go.games = 0; /* the writer puts the JSON commas */
        fd->why = format_game(&w->go, s->fix_results, f, g, out);
    } else if (fd->match && s->out == OUT_GAMES && search_mark_active(&s->mark)) {
        fd->why = mark_game(s, w->query, f, g, out);
    } else if (fd->match && s->out == OUT_LIST) {
        print_list(list, s->many_inputs, f, g);
    }
    fd->levels[1] = LEVELS();
#undef LEVELS
}

static void count_levels(struct game_facts *f, unsigned levels)
{
    f->completions += levels & 1;
    f->walks += (levels >> 1) & 1;
    f->replays += (levels >> 2) & 1;
}

/* A worker's game: list lines are its messages, formatted games its output. */
static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *list, struct buf *out, struct batch_mark *m)
{
    match_game(ctx, arena, g, reader, BATCH_RECORD(m, struct found, mark), list, out);
}

/* The limit warning for pattern, unless given: with workers, each may meet it first. */
static void limit_warning(struct search *s, const char *pattern)
{
    for (size_t i = 0; i < s->nreported; i++)
        if (!strcmp(s->reported[i], pattern))
            return;
    s->reported = xrealloc(s->reported, (s->nreported + 1) * sizeof *s->reported);
    s->reported[s->nreported++] = pattern;
    query_opts_limit_warning(pattern);
}

/* A matched game, in input order: counted, deduplicated, selected, written. */
static void take_game(void *cmd, const struct game *g, const struct batch_mark *m,
                      const struct batch_part *part)
{
    struct search *s = cmd;
    const struct found *fd = BATCH_RECORD(m, const struct found, mark);
    const char *text = part->text; /* the formatted game; part->diag: the list line */
    size_t len = part->text_len;
    int marked = search_mark_active(&s->mark); /* the games come marked, as formatted text */
    if (fd->empty)
        return;
    s->games++;
    count_levels(&s->facts, fd->levels[0]);
    for (uint32_t k = 0; k < fd->nhits; k++)
        limit_warning(s, fd->hits[k]);
    if (!fd->match ||
        (query_opts_needs_key(&s->qo) && !query_opts_keep(&s->qo, fd->key, fd->key_len)) ||
        !take_match(s)) { /* a stop take_match asks for comes after the game it lets through */
        rest_game(s, g);
        return;
    }
    s->selected++;
    count_levels(&s->facts, fd->levels[1]);
    if (s->out == OUT_GAMES && s->split) {
        if (fd->why)
            unprintable(s, g, fd->why);
        split_game(s, g, fd->split_key, s->formatted || marked ? text : NULL, len);
    } else if (s->out == OUT_GAMES && (s->formatted || marked)) {
        if (s->go.opts.format == GO_JSON && s->go.games && len && buf_append(&s->buf, ",", 1))
            die(EXIT_IO, "out of memory");
        if (buf_append(&s->buf, text, len))
            die(EXIT_IO, "out of memory");
        s->go.games += len != 0;
        if (fd->why)
            unprintable(s, g, fd->why);
        if (s->buf.len >= FLUSH_AT)
            flush(s);
    } else if (s->out == OUT_GAMES) {
        print_game(s, g);
    } else if (s->out == OUT_LIST) {
        fwrite(part->diag, 1, part->diag_len, stdout);
    }
    check_output();
    if (s->max && s->selected >= (uint64_t)s->max)
        s->d.stop = 1;
}

/*
 * With one job, the whole game here, without a record: on tag criteria
 * alone, work() and take_game() cost 4.6% more instructions per search -c
 * (callgrind, 20,000 games), where validate's record costs 0.4%.
 */
static void one_game(void *cmd, struct pgn_reader *reader, struct game *g)
{
    struct search *s = cmd;
    if (g->flags & GAME_EMPTY)
        return; /* only comments: not a game */
    s->games++;
    game_facts_reset(&s->facts, g, reader);
    if (query_opts_select(&s->qo, &s->facts, s->invert) && take_match(s))
        selected(s, g);
    else
        rest_game(s, g);
}

/* The driver's pause (--follow): the games selected so far go out now. */
static void flush_held(void *cmd) { flush(cmd); }

static const struct driver_job search_job = {
    .work = work, .write = take_game, .record = BATCH_LAYOUT(struct found, mark),
    .one = one_game, .flush = flush_held,
};

static void print_summary(const struct search *s)
{
    fprintf(stderr, "%" PRIu64 " game%s, %" PRIu64 " selected", s->games, plural_s(s->games),
            s->selected);
    if (s->qo.dedupe)
        fprintf(stderr, " (%" PRIu64 " left out as %s)", s->qo.dropped,
                s->qo.dedupe == QO_UNIQUE ? "duplicates" : "first occurrences");
    if (s->qo.ncheck)
        fprintf(stderr, " (%" PRIu64 " left out as found in a check file)", s->qo.dropped_known);
    fprintf(stderr, "; movetext parsed for %" PRIu64 " lazily read games, main line read for %" PRIu64
            ", replayed %" PRIu64 "\n", s->facts.completions, s->facts.walks, s->facts.replays);
}

enum { OPT_OUTPUT = 1, OPT_MAX_COUNT, OPT_SELECT_ONLY, OPT_SKIP_MATCHING, OPT_FILES,
       OPT_TAGS_FILE, OPT_MARK_MATCHES };

/* Search's own options with a value to check, told by entry->number: 0, or -1 after a message. */
static int search_option(void *storage, const struct option_entry *entry, char *arg)
{
    static const char letter[] = { [OUT_COUNT] = 'c', [OUT_LIST] = 'l', [OUT_QUIET] = 'q' };
    struct search *s = storage;
    switch (entry->number) {
    case OPT_OUTPUT: { /* -c, -l, -q */
        int opt = entry->short_name;
        if (s->out != OUT_GAMES && letter[s->out] != opt) {
            error("-%c and -%c are different outputs: give one", letter[s->out], opt);
            return -1;
        }
        s->out = opt == 'c' ? OUT_COUNT : opt == 'l' ? OUT_LIST : OUT_QUIET;
        return 0;
    }
    case OPT_MAX_COUNT:
        if (parse_long(arg, 1, 2000000000L, &s->max)) {
            error("--max-count takes a positive number, not '%s'", arg);
            return -1;
        }
        return 0;
    case OPT_MARK_MATCHES: return search_mark_text(&s->mark, arg);
    case OPT_SELECT_ONLY:
    case OPT_SKIP_MATCHING: {
        int skip = entry->number == OPT_SKIP_MATCHING;
        if (s->nranges && s->skip_ranges != skip) {
            error("--select-only and --skip-matching exclude each other");
            return -1;
        }
        if (parse_ranges(s, skip ? "--skip-matching" : "--select-only", arg))
            return -1;
        s->skip_ranges = skip;
        return 0;
    }
    case OPT_FILES: return 0; /* search_expand_args() took them before parse_options() */
    case OPT_TAGS_FILE: {
        char *expr = search_tags_file(arg);
        if (!expr)
            return -1;
        return query_opts_take(&s->qo, QOPT_CRITERION + SQ_WHERE, expr) == 1 ? 0 : -1;
    }
    }
    return -1;
}

#define SEARCH_OPTION(sh, l, a, h, id) \
    { .type = OPTION_CALLBACK, .short_name = (sh), .long_name = (l), .value = &s, \
      .arg_name = (a), .help = (h), .callback = search_option, .number = (id) }

/*
 * Standard output and --rest FILE: never an input, nor each other; then
 * --rest opened. 0, or the exit status after reporting.
 */
static int open_rest(struct search *s, int ninputs, char **inputs)
{
    char *outs[1] = { (char *)s->rest_path };
    if (outfile_check_all(outs, s->rest_path ? 1 : 0, inputs, ninputs))
        return EXIT_USAGE;
    if (!s->rest_path)
        return 0;
    return outfile_open(&s->rest, s->rest_path) ? EXIT_IO : 0;
}

/* The --rest file in place of the old one, unless a write failed; 1 on a failure. */
static int close_rest(struct search *s)
{
    int failed = outfile_flush(&s->rest) != 0;
    return outfile_close(&s->rest, !failed) < 0 || failed;
}

/* Options that do not go together: 1 (reported) when some were given. */
static int refuse_combinations(const struct search *s)
{
    if (s->out == OUT_QUIET && s->summary) {
        error("-q prints nothing: it does not go with --summary");
        return 1;
    }
    if (split_opts_active(&s->split_opts) && s->out != OUT_GAMES) {
        error("-c, -l and -q print no games: they do not go with --split-every or --split-by");
        return 1;
    }
    if (search_mark_active(&s->mark) && (s->out != OUT_GAMES || s->formatted || s->invert)) {
        error("--match-tag and --mark-matches mark the games printed as read: not with -c, -l, "
              "-q, -v, --format or the other output options");
        return 1;
    }
    if (s->formatted && s->out != OUT_GAMES) {
        error("-c, -l and -q print no games: they do not go with --format and the other "
              "output options");
        return 1;
    }
    return 0;
}

/* --match-tag's help, out of the table so that cmd_search stays short. */
#define MATCH_TAG_HELP                                                                 \
    "add [MaterialMatch \"White\"] (\"Black\": colours swapped) for --material,\n" \
    "[RepertoireExit \"12...Nd7\"] for --repertoire"

/* Frees the contexts of the workers, stopped by driver_release(), and their array. */
static void free_workers(const struct search *s, struct searcher *workers)
{
    for (long i = 0; i < s->jobs; i++) {
        if (s->jobs > 1)
            search_query_free(workers[i].query);
        game_facts_release(&workers[i].facts);
        game_out_release(&workers[i].go);
        buf_release(&workers[i].key);
    }
    free(workers);
}

int cmd_search(int argc, char **argv)
{
    struct search s;
    struct output_opts oo;
    struct follow_opts fo = FOLLOW_OPTS_INIT;
    memset(&s, 0, sizeof s);
    query_opts_init(&s.qo);
    output_opts_init(&oo);
    split_opts_init(&s.split_opts);
    optind = 1;
    s.jobs = pipeline_cpus();
    const struct option_entry options[] = {
        OPT_GROUP(query_opts_options(), &s.qo),
        OPT_HEADING("Printing:"),
        SEARCH_OPTION('c', "count", NULL, "print only the number of selected games", OPT_OUTPUT),
        SEARCH_OPTION('l', "list", NULL,
                      "one line per game: number, White, Black, Result, Date, Event, ECO",
                      OPT_OUTPUT),
        OPT_BOOL('v', "invert-match", &s.invert, "select the games that do not meet the criteria"),
        SEARCH_OPTION('m', "max-count", "N", "stop after N selected games", OPT_MAX_COUNT),
        SEARCH_OPTION(0, "select-only", "LIST",
                      "print only these of the matching games: 1-10,15,20-", OPT_SELECT_ONLY),
        SEARCH_OPTION(0, "skip-matching", "LIST", "leave out these of the matching games",
                      OPT_SKIP_MATCHING),
        SEARCH_OPTION('q', "quiet", NULL, "print nothing; the exit status tells", OPT_OUTPUT),
        OPT_STRING(0, "rest", &s.rest_path, "FILE", "write the games not selected to FILE, as read"),
        OPT_BOOL(0, "match-tag", &s.mark.tag, MATCH_TAG_HELP),
        SEARCH_OPTION(0, "mark-matches", "TEXT",
                      "add {TEXT} after the move where a position or move matched\n"
                      "(TEXT FEN: the position's FEN)", OPT_MARK_MATCHES),
        OPT_HEADING("Options from files:"),
        SEARCH_OPTION(0, "args-file", "FILE", "more arguments, one a line (--NAME VALUE, or a FILE)",
                      OPT_FILES),
        SEARCH_OPTION(0, "files-from", "FILE", "the files to read, one a line ('-': standard input)",
                      OPT_FILES),
        SEARCH_OPTION(0, "tags-file", "FILE",
                      "tag criteria, one a line: White \"Carlsen\", WhiteElo >= \"2500\"",
                      OPT_TAGS_FILE),
        OPT_BOOL(0, "summary", &s.summary, "counts on standard error: games read, parsed, replayed"),
        OPT_JOBS(&s.jobs, "select games on N threads (default: the number of CPUs)"),
        OPT_HELP(),
        OPT_HEADING("Selected games are printed as read, unless one of these options (as in convert) "
                    "is given;\ngames that do not replay are then printed as read (pgn, json) or "
                    "left out."),
        OPT_GROUP(output_options, &oo),
        OPT_GROUP(split_options, &s.split_opts),
        OPT_GROUP(follow_options, &fo),
        OPT_END(),
    };
    int expanded = search_expand_args(&argc, &argv, options);
    if (expanded)
        return expanded;
    int parsed = parse_options(argc, argv, options, search_usage);
    if (parsed != OPTIONS_PARSED) {
        query_opts_release(&s.qo);
        free(s.ranges);
        return parsed;
    }
    s.formatted = oo.given != 0;
    fo.quiet = s.out == OUT_QUIET;
    if (follow_check(&fo, argc - optind, argv + optind) || refuse_combinations(&s) || output_opts_check(&oo) || split_opts_check(&s.split_opts) || query_opts_build(&s.qo)) {
        query_opts_release(&s.qo);
        return EXIT_USAGE;
    }
    int rest_status = open_rest(&s, argc - optind, argv + optind);
    if (rest_status) {
        query_opts_release(&s.qo);
        return rest_status;
    }
    driver_init(&s.d, &s, &search_job);
    fo.lang = s.qo.sq.lang;
    follow_attach(&fo, &s.d);
    s.d.from = s.qo.from;
    s.d.reader_flags = query_opts_reader_flags(&s.qo);
    s.d.worker_reader_flags = PGN_READER_LAZY | PGN_READER_SPLIT; /* the workers parse what they need */
    s.d.flags = DRIVER_LOCATED_ERRORS | (s.out == OUT_QUIET ? DRIVER_NO_PROGRESS : 0) |
                (s.out == OUT_COUNT ? DRIVER_QUIET_STDOUT : 0);
    game_facts_init(&s.facts, s.qo.sq.lang);
    buf_init(&s.buf, OUT_MAX);
    if (s.formatted) {
        s.fix_results = (oo.go.flags & GO_FIX_RESULTS) != 0;
        game_out_init(&s.go, &oo.go);
        if (!split_opts_active(&s.split_opts) && game_out_begin(&s.go, &s.buf))
            die(EXIT_IO, "out of memory");
    }
    if (split_opts_active(&s.split_opts)) {
        s.split = split_out_new(&s.split_opts, &oo.go, argv + optind, argc - optind);
        buf_init(&s.one, OUT_MAX);
    }
    s.many_inputs = dbinput_count_inputs(argc - optind, argv + optind) > 1;
    /* Selecting on tags alone is all reading, which only this thread can do:
     * workers would repeat its work. They are for moves, replays, output. */
    if (search_query_last_level(s.qo.query) == FACTS_TAGS && !query_opts_needs_key(&s.qo) &&
        !s.formatted)
        s.jobs = 1;
    struct searcher *workers = xcalloc((size_t)s.jobs, sizeof *workers);
    for (long i = 0; i < s.jobs; i++) {
        struct searcher *w = &workers[i];
        w->s = &s;
        /* A copy per thread (compiled regexes are); one job shares the command's. */
        w->query = s.jobs > 1 ? query_opts_query_copy(&s.qo) : s.qo.query;
        game_facts_init(&w->facts, s.qo.sq.lang);
        game_out_init(&w->go, &oo.go);
        buf_init(&w->key, OUT_MAX);
    }
    /* Workers read lazily when one thread would: the --summary counts stay the same. */
    unsigned lazy = query_opts_reader_flags(&s.qo) & PGN_READER_LAZY ? PIPELINE_LAZY : 0;
    driver_start(&s.d, s.jobs, lazy | PIPELINE_CALLER_WORKS, workers, sizeof *workers);
    /* A database picks the games that can match (dbinput.h); counts and
     * summaries of every game read, inverted and deduplicated selections
     * need every game. */
    struct dbinput_plan plan = { s.qo.query, &s.qo.sq, 0, 0 };
    plan.count_only = (s.out == OUT_COUNT || s.out == OUT_QUIET) && !s.max && !s.nranges;
    if (!s.invert && !s.summary && !query_opts_needs_key(&s.qo))
        s.d.db.plan = &plan;
    driver_run(&s.d, argc - optind, argv + optind);
    s.d.db.plan = NULL;
    s.selected += plan.counted;
    driver_release(&s.d);
    s.io_failed |= s.d.io_failed;
    free_workers(&s, workers);
    free(s.reported);
    if (s.split) {
        s.io_failed |= split_out_finish(s.split, 1) < 0;
        buf_release(&s.one);
    }
    free(s.ranges);
    if (s.formatted) {
        if (!s.split && game_out_end(&s.go, &s.buf))
            die(EXIT_IO, "out of memory");
        game_out_release(&s.go);
    }
    flush(&s);
    buf_release(&s.buf);
    if (s.rest_path)
        s.io_failed |= close_rest(&s);
    if (s.out == OUT_COUNT && !driver_run_failed(s.io_failed))
        printf("%" PRIu64 "\n", s.selected);
    if (fflush(stdout) != 0)
        check_output();
    if (s.summary)
        print_summary(&s);
    game_facts_release(&s.facts);
    query_opts_release(&s.qo);
    return driver_exit_status(s.out == OUT_QUIET, s.io_failed,
                              s.selected ? EXIT_OK : EXIT_NEGATIVE);
}
