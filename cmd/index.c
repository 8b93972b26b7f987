/* index.c - `pgnkit index`: build or update a database of the games of PGN files. */
/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/driver.h"
#include "cli/outfile.h"
#include "index/index_db.h"
#include "index/index_fingerprint.h"
#include "index/index_source_state.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "replay/diag.h"
#include "replay/replay.h"
#include "cli/report.h"
#include "cli/source_file.h"
#include "base/banned.h"

static const char *const index_usage[] = {
    "pgnkit index [OPTIONS] FILE... -o DATABASE",
    "   or: pgnkit index --update DATABASE",
    "",
    "Builds one database (an SQLite file) of the games of the PGN FILEs, which stay the",
    "source of truth: search, stats and convert then read it as an input, with the",
    "answers of the FILEs themselves. Every game is replayed as validate does; the",
    "errors of invalid games are reported (they are indexed too).",
    "",
    NULL,
};


struct indexer {
    struct index_db *db;
    int quiet;
    int nested_comments;            /* braces nest in the sources' comments */
    uint64_t games, invalid, bytes; /* read by this run */
    uint64_t total;                 /* games in the database at the end */
    uint64_t empty;                 /* rows of comments alone stored by this run: no games */
    struct index_source *src; /* the source being read */
    int progress;             /* standard error is a terminal: a progress line */
    uint64_t src_size;        /* bytes of the source being read, for the time left */
    uint64_t shown_games;     /* games read when the line was last drawn */
    struct timespec t0, shown;
    long jobs;
    /* The games are read by the driver (cmd/cli/driver.h), started when the
     * first source is read: an update knows only then how its comments read. */
    struct driver d;
    int started;
    struct index_worker *workers; /* jobs of them (with one job, this thread's) */
    /* An update of an appended source: its games before again_number are
     * read again unchanged, and so is game again_number unless its span
     * grew (0: no such source being read). */
    struct index_span again;
    uint64_t again_number;
};

/* A worker: parses, replays and prepares games (index_game_of). */
struct index_worker {
    const struct indexer *ix;
    struct replay r;
    struct game_facts facts;
    int threads; /* on worker threads: the writer sees only the game's span */
};

/* What a worker leaves of one game for the writer (names and tags in the game's arena). */
struct prepared {
    struct batch_mark mark;
    struct index_game ig;
    const struct game_tag *tags;
    uint32_t ntags;
    int invalid;
};

static double since(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/*
 * On a terminal, from half a second on, every quarter of a second: games,
 * megabytes and speed so far, and the time left on the current source
 * (done: clears the line). The build shows its own line, not the driver's
 * (DRIVER_NO_PROGRESS): its time left is of the source being read.
 */
static void show_progress(struct indexer *ix, uint64_t offset, uint64_t size, int done)
{
    struct timespec now;
    if (!ix->progress)
        return;
    if (done) {
        if (ix->shown.tv_sec || ix->shown.tv_nsec)
            fprintf(stderr, "\r\033[K");
        ix->shown.tv_sec = ix->shown.tv_nsec = 0;
        return;
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (since(&ix->t0, &now) < 0.5 || since(&ix->shown, &now) < 0.25)
        return;
    ix->shown = now;
    double t = since(&ix->t0, &now), mb = (double)(ix->bytes + offset) / 1e6;
    double rate = t > 0 ? mb / t : 0, left = rate > 0 && size > offset ?
                                                 (double)(size - offset) / 1e6 / rate : 0;
    fprintf(stderr, "\r%s: %" PRIu64 " games, %.0f MB, %.1f MB/s, %.0f s left\033[K", progname,
            ix->games, mb, rate, left);
}

/*
 * 1 when g is a game an update of an appended source read again as it was
 * indexed: one before the last indexed game (the reader starts at a game
 * it can begin at), or that game itself when nothing was appended to it.
 * It is not new, so it is not counted as read and its errors, reported
 * when it was indexed, are not reported again.
 */
static int read_again_unchanged(const struct indexer *ix, const struct game *g)
{
    if (!ix->again_number || g->index > ix->again_number)
        return 0;
    if (g->index < ix->again_number)
        return 1;
    /* A span ends after the blank lines that follow its game: those may grow. */
    if (g->offset != ix->again.offset || g->raw_size < ix->again.length || !g->raw)
        return 0;
    for (uint64_t i = ix->again.length; i < g->raw_size; i++)
        if (g->raw[i] != ' ' && g->raw[i] != '\t' && g->raw[i] != '\r' && g->raw[i] != '\n')
            return 0;
    return 1;
}

/*
 * Counts a game stored in the current source. Comments alone (empty: the
 * reader's GAME_EMPTY) have a row, so that rows keep the reader's numbers,
 * but are no game (never selected), so they are not counted as one.
 */
static void count_game(struct indexer *ix, const struct game *g, int invalid, int empty)
{
    ix->src->games++;
    if (empty) {
        ix->empty++;
        return;
    }
    if (read_again_unchanged(ix, g))
        return;
    ix->games++;
    ix->invalid += invalid != 0;
}

/* ---- Each game: prepared on a worker (this thread with one job), stored in input order ---- */

/* A copy of text[0..len) in the game's arena (NULL stays NULL). */
static const char *batch_text(struct arena *arena, const char *text, size_t len)
{
    const char *copy = text ? arena_memdup(arena, text, len) : NULL;
    if (text && !copy)
        die(EXIT_IO, "out of memory");
    return copy;
}

/* One game on a worker: completed (read lazily: a game the skim proved to
 * end where its span ends can be parsed again from its span alone),
 * replayed, reported, prepared. With worker threads the writer sees only
 * the game's span, so its tags and names are copied into the arena. */
static void prepare_game(void *ctx, struct game *g, struct pgn_reader *reader,
                         struct arena *arena, FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct index_worker *w = ctx;
    struct prepared *pg = BATCH_RECORD(m, struct prepared, mark);
    (void)out;
    if ((g->flags & GAME_LAZY) && pgn_reader_complete(reader, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (replay_game(&w->r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    pg->invalid = w->r.errors != 0;
    if (pg->invalid && !w->ix->quiet)
        report_diags(diag, g, &w->r, PGN_SEV_ERROR, 0);
    index_game_of(&w->facts, g, &w->r, &pg->ig);
    pg->tags = g->tags;
    pg->ntags = g->ntags;
    if (!w->threads)
        return; /* written at once, from the game itself */
    for (int i = 0; i < IR_NAMES; i++)
        pg->ig.names[i] = batch_text(arena, pg->ig.names[i], pg->ig.name_lens[i]);
    struct game_tag *tags = g->ntags ? arena_alloc(arena, g->ntags * sizeof *tags) : NULL;
    if (g->ntags && !tags)
        die(EXIT_IO, "out of memory");
    for (uint32_t i = 0; i < g->ntags; i++) {
        tags[i] = g->tags[i];
        tags[i].name = batch_text(arena, g->tags[i].name, g->tags[i].name_len);
        tags[i].value = batch_text(arena, g->tags[i].value, g->tags[i].value_len);
    }
    pg->tags = tags;
}

/* A game prepared, stored in input order into the current source. */
static void store_game(void *cmd, const struct game *read, const struct batch_mark *m,
                       const struct batch_part *part)
{
    struct indexer *ix = cmd;
    const struct prepared *pg = BATCH_RECORD(m, const struct prepared, mark);
    if (pg->invalid && !read_again_unchanged(ix, read)) {
        show_progress(ix, 0, 0, 1); /* the line is cleared before a message */
        fwrite(part->diag, 1, part->diag_len, stderr);
    }
    /* The game as index_db_store_game() reads it: its span and its tags. */
    struct game g = *read;
    g.tags = pg->tags;
    g.ntags = pg->ntags;
    struct index_game ig = pg->ig;
    if (index_db_store_game(ix->db, ix->src->id, &g, part->origin, &ig) != PGN_OK)
        die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
    count_game(ix, &g, pg->invalid, (pg->ig.rec.flags & IR_EMPTY) != 0);
    if (ix->games - ix->shown_games >= 256) {
        ix->shown_games = ix->games;
        show_progress(ix, g.offset, ix->src_size, 0);
    }
}

static const struct driver_job index_job = {
    .work = prepare_game,
    .write = store_game,
    .record = BATCH_LAYOUT(struct prepared, mark),
};

/* Starts the driver and its ix->jobs workers (the caller is one of them). */
static void start_driver(struct indexer *ix)
{
    if (ix->started)
        return;
    ix->started = 1;
    driver_init(&ix->d, ix, &index_job);
    ix->d.reader_flags = PGN_READER_LAZY | (ix->nested_comments ? PGN_READER_NESTED_COMMENTS : 0);
    ix->d.worker_reader_flags = PGN_READER_SPLIT; /* this thread only splits: the workers parse */
    /* Its own progress line; nothing goes to standard output; span origins recorded. */
    ix->d.flags = DRIVER_NO_PROGRESS | DRIVER_READ_PAST_CLOSED_OUTPUT | DRIVER_SPAN_ORIGINS;
    ix->workers = xcalloc((size_t)ix->jobs, sizeof *ix->workers);
    struct replay_opts ropts = { .lang = NOTATION_AUTO, .flags = REPLAY_TRACE,
                                  .keep_ply = INDEX_WALK_PLIES };
    for (long i = 0; i < ix->jobs; i++) {
        struct index_worker *w = &ix->workers[i];
        w->ix = ix;
        w->threads = ix->jobs > 1;
        replay_init(&w->r, &ropts);
        game_facts_init(&w->facts, NOTATION_AUTO);
    }
    driver_start(&ix->d, ix->jobs, PIPELINE_CALLER_WORKS, ix->workers, sizeof *ix->workers);
    /* The writer stops for several milliseconds at the end of each chunk of
     * games (index_chunk_flush: sorting and writing its postings). With the
     * default queue (6 batches at -j 2) the workers soon find it full and
     * wait; with 32 batches (8,192 games, two chunks) they work on
     * meanwhile: the benchmark file's build at -j 2 took 10% less time
     * (median 1.26 -> 1.13 s; 16 batches did half as well, 64 no better
     * than 32), for 14 MB more memory while the games are read. */
    if (ix->d.p && pipeline_set_depth(ix->d.p, 32) != PGN_OK)
        die(EXIT_IO, "out of memory");
}

static void stop_driver(struct indexer *ix)
{
    if (!ix->started)
        return;
    driver_release(&ix->d);
    for (long i = 0; i < ix->jobs; i++) {
        replay_release(&ix->workers[i].r);
        game_facts_release(&ix->workers[i].facts);
    }
    free(ix->workers);
    ix->started = 0;
}

/* Records size, time and fingerprint of the source open on sf after its games were read. */
static int finish_source(struct indexer *ix, struct source_file *sf, uint64_t decoded)
{
    struct index_source *src = ix->src;
    struct stat st;
    if (fstat(sf->fd, &st) != 0)
        return -1;
    /* Plain: the offsets of the reader are those of the file, so an
     * append can be told and read alone. Anything else is re-read whole. */
    src->plain = !sf->compressed && decoded == (uint64_t)st.st_size;
    src->indexed_bytes = decoded;
    src->size = src->plain ? decoded : (uint64_t)st.st_size;
    src->mtime_ns = index_mtime_ns(&sf->st);
    if (index_fingerprint(sf->fd, src->size, &src->fingerprint) != PGN_OK) {
        error("cannot read '%s': %s", src->path, strerror(errno));
        return -1;
    }
    if (index_db_set_source(ix->db, src) != PGN_OK)
        die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
    ix->bytes += decoded;
    ix->total += src->games;
    return 0;
}

/* Reads the source src from the span start *from (NULL: from its start)
 * through the driver, then records it; 0, or -1 (reported, or interrupted). */
static int read_source(struct indexer *ix, struct index_source *src,
                       const struct pgn_span_origin *from)
{
    struct source_file sf;
    if (!source_open(&sf, src)) {
        error("cannot open '%s': %s", src->path, strerror(errno));
        return -1;
    }
    ix->src = src;
    ix->src_size = (uint64_t)sf.st.st_size;
    start_driver(ix);
    uint64_t before = ix->d.bytes_done;
    int rc;
    if (from) {
        /* What was appended, read (not mapped: a file cut meanwhile is an error, not a signal). */
        uint64_t size = (uint64_t)sf.st.st_size;
        const unsigned char *data = NULL;
        int st = from->offset > size ? SOURCE_READ_CHANGED
                                     : source_read_range(&sf, from->offset,
                                                   (size_t)(size - from->offset), &data);
        if (st != SOURCE_READ_OK) {
            error("cannot read '%s': %s", src->path, source_read_strerror(st));
            source_close(&sf);
            return -1;
        }
        rc = driver_read_span(&ix->d, data, (size_t)(size - from->offset), src->path, from);
    } else {
        /* The file opened above, read on a descriptor of its own (the reader closes it). */
        int fd = dup(sf.fd);
        if (fd < 0)
            die(EXIT_IO, "cannot read '%s': %s", src->path, strerror(errno));
        rc = driver_read_fd(&ix->d, fd, src->path);
    }
    show_progress(ix, 0, 0, 1);
    if (driver_interrupted())
        rc = -1;
    /* The driver counts the bytes of each input read: the end of the last game's span. */
    if (rc == 0)
        rc = finish_source(ix, &sf, ix->d.bytes_done - before);
    source_close(&sf);
    return rc;
}

/*
 * The summary on standard error (not with -q). An interrupted build or
 * update says so, as the other commands do, and that db was left as it
 * was: the build's file is removed, the update's transaction rolled back.
 */
static void summary(const struct indexer *ix, const char *db)
{
    if (driver_interrupted()) {
        if (!ix->quiet)
            fprintf(stderr, "%s: %" PRIu64 " games read (%" PRIu64 " invalid), none written\n",
                    progname, ix->games, ix->invalid);
        fprintf(stderr, "%s: interrupted: '%s' is left as it was\n", progname, db);
        return;
    }
    if (ix->quiet)
        return;
    fprintf(stderr, "%s: %" PRIu64 " games read (%" PRIu64 " invalid), %" PRIu64 " in '%s'\n",
            progname, ix->games, ix->invalid, ix->total - ix->empty, db);
}

static int build(struct indexer *ix, int n, char **files, char *out)
{
    for (int i = 0; i < n; i++) {
        if (!strcmp(files[i], "-")) {
            error("standard input cannot be indexed: games are read again from their file");
            return EXIT_USAGE;
        }
        if (index_db_is_database(files[i])) {
            error("'%s' is a pgnkit database, not a PGN file", files[i]);
            return EXIT_USAGE;
        }
    }
    /* The database replaces its file: never one of the games' files. */
    if (outfile_check(&out, 1, files, n))
        return EXIT_USAGE;
    /* Built beside the output under another name and renamed when complete
     * (outfile.h, durably): a build killed at any point leaves the old
     * database as it was, and the next run removes what it left. */
    struct outfile o;
    if (outfile_open(&o, strcmp(out, "-") ? out : "./-"))
        return EXIT_IO;
    if (!o.tmp) {
        error("cannot write a database to '%s': not a regular file", out);
        outfile_close(&o, 0);
        return EXIT_USAGE;
    }
    o.durable = 1;
    /* SQLite writes the file by its name: the stream is not needed. */
    if (outfile_pause(&o) != 0 || index_db_create(&ix->db, o.tmp) != PGN_OK) {
        error("cannot create '%s': %s", o.tmp, index_db_message(ix->db));
        index_db_close(ix->db);
        ix->db = NULL;
        outfile_close(&o, 0);
        return EXIT_IO;
    }
    int failed = 0;
    if (ix->nested_comments && index_db_set_nested_comments(ix->db) != PGN_OK)
        die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
    for (int i = 0; i < n && !failed; i++) {
        struct index_source src = { .path = files[i], .location = realpath(files[i], NULL) };
        if (index_db_add_source(ix->db, &src) != PGN_OK)
            die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
        failed = read_source(ix, &src, NULL) != 0;
        free(src.location);
    }
    /* Every game is read: the workers and their queue give their memory
     * back before the counts take theirs (the build's peak). */
    stop_driver(ix);
    index_db_set_threads(ix->db, ix->jobs > 1 ? 2 : 1);
    if (!failed && index_db_finish(ix->db) != PGN_OK) {
        error("cannot write '%s': %s", o.tmp, index_db_message(ix->db));
        failed = 1;
    }
    index_db_close(ix->db);
    ix->db = NULL;
    if (outfile_close(&o, !failed) != 0)
        failed = 1;
    if (failed && driver_interrupted())
        summary(ix, out);
    if (failed)
        return driver_interrupted() ? driver_interrupt_status() : EXIT_IO;
    summary(ix, out);
    return EXIT_OK;
}

/* Brings one source up to date inside the update's transaction; 0 or -1 (reported). */
static int update_source(struct indexer *ix, struct index_source *src)
{
    struct source_file sf;
    int state = source_check(&sf, src);
    source_close(&sf);
    if (state == SOURCE_MISSING) {
        error("cannot open '%s': %s", src->path, strerror(errno));
        return -1;
    }
    if (state == SOURCE_FRESH) {
        ix->total += src->games;
        return 0;
    }
    struct pgn_span_origin last;
    int found = state == SOURCE_APPENDED ? index_db_last_game(ix->db, src->id, &last) : 0;
    if (found < 0)
        die(EXIT_IO, "cannot read the database: %s", index_db_message(ix->db));
    /* The last game is read again: what was appended may continue it. */
    uint64_t first = found && last.line ? last.index : 1;
    if (state == SOURCE_APPENDED && src->games &&
        index_db_game_span(ix->db, src->id, src->games, &ix->again) != PGN_OK)
        die(EXIT_IO, "cannot read the database: %s", index_db_message(ix->db));
    ix->again_number = state == SOURCE_APPENDED ? src->games : 0;
    if (index_db_drop_games(ix->db, src->id, first) != PGN_OK)
        die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
    src->games = first - 1;
    int rc = read_source(ix, src, found && last.line ? &last : NULL);
    ix->again_number = 0;
    return rc;
}

/* 1 when the file db is one of the n sources (reported, as outfile_check() does for a build). */
static int sources_hold(const struct index_source *srcs, size_t n, char *db)
{
    char **paths = xcalloc(n ? n : 1, sizeof *paths);
    for (size_t i = 0; i < n; i++) {
        struct source_file sf;
        const char *opened = source_open(&sf, &srcs[i]);
        source_close(&sf);
        /* the file read as the source: its location, else its path */
        paths[i] = opened && opened == srcs[i].location ? srcs[i].location : srcs[i].path;
    }
    char *outs[] = { db };
    int held = n && outfile_check(outs, 1, paths, (int)n) != 0;
    free(paths);
    return held;
}

static int update(struct indexer *ix, char *path)
{
    char *target = outfile_target(path);
    outfile_remove_leftovers(target); /* of builds of path killed earlier */
    free(target);
    if (index_db_open(&ix->db, path, 1) != PGN_OK || index_db_begin(ix->db) != PGN_OK) {
        error("cannot update '%s': %s", path, index_db_message(ix->db));
        index_db_close(ix->db);
        return EXIT_IO;
    }
    /* The appended games are read as the old ones were. */
    int nested = index_db_nested_comments(ix->db);
    if (ix->nested_comments && !nested) {
        error("'%s' was indexed without --nested-comments: index it again to read them nested",
              path);
        index_db_close(ix->db);
        return EXIT_USAGE;
    }
    ix->nested_comments = nested;
    struct index_source *srcs;
    size_t n;
    if (index_db_sources(ix->db, &srcs, &n) != PGN_OK)
        die(EXIT_IO, "cannot read '%s': %s", path, index_db_message(ix->db));
    /* A database that is now one of its own sources (renamed over it)
     * would be read as PGN and written at once: refused as a build is. */
    if (sources_hold(srcs, n, path)) {
        index_sources_free(srcs, n);
        index_db_close(ix->db);
        return EXIT_USAGE;
    }
    int failed = 0;
    for (size_t i = 0; i < n && !failed; i++)
        failed = update_source(ix, &srcs[i]) != 0;
    stop_driver(ix); /* as a build does */
    index_db_set_threads(ix->db, ix->jobs > 1 ? 2 : 1);
    /* One transaction: readers see the old state or the new, never a mix. */
    if (!failed && index_db_finish(ix->db) != PGN_OK) {
        error("cannot write '%s': %s", path, index_db_message(ix->db));
        failed = 1;
    }
    index_sources_free(srcs, n);
    index_db_close(ix->db); /* rolls back when failed */
    if (failed && driver_interrupted())
        summary(ix, path);
    if (failed)
        return driver_interrupted() ? driver_interrupt_status() : EXIT_IO;
    summary(ix, path);
    return EXIT_OK;
}

int cmd_index(int argc, char **argv)
{
    struct indexer ix = { .jobs = pipeline_cpus() };
    char *out = NULL;
    int do_update = 0;
    const struct option_entry options[] = {
        OPT_STRING('o', "output", &out, "FILE", "the database to write (replaced only when complete)"),
        OPT_BOOL('u', "update", &do_update, "add what was appended to the sources of DATABASE"),
        OPT_JOBS(&ix.jobs, "parse and replay games on N threads (default: the number of CPUs)"),
        OPT_BOOL(0, "nested-comments", &ix.nested_comments,
                 "read {a {b} c} as one comment (braces nest); recorded, and\n"
                 "the queries and updates of DATABASE read the same way"),
        OPT_BOOL('q', "quiet", &ix.quiet, "report no invalid game and no summary"),
        OPT_HELP(),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, index_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    int n = argc - optind;
    if (do_update ? n != 1 || out : n < 1 || !out) {
        error(do_update ? "--update takes one database and no -o"
                        : "give the PGN files and the database to write (-o)");
        return usage_error(index_usage);
    }
    driver_catch_interrupt();
    ix.progress = !ix.quiet && isatty(2);
    clock_gettime(CLOCK_MONOTONIC, &ix.t0);
    int rc = do_update ? update(&ix, argv[optind]) : build(&ix, n, argv + optind, out);
    stop_driver(&ix);
    return rc;
}
