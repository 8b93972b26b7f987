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
    "    -o, --output FILE     the database to write (replaced only when complete)",
    "    -u, --update          add what was appended to the sources of DATABASE",
    "    -j, --jobs N          parse and replay games on N threads (default: the number of CPUs)",
    "        --nested-comments read {a {b} c} as one comment (braces nest); recorded, and",
    "                          the queries and updates of DATABASE read the same way",
    "    -q, --quiet           report no invalid game and no summary",
    "    -h, --help            show this help",
    NULL,
};

enum { OPT_NESTED = 256 };

static const struct option index_options[] = {
    { "output", required_argument, NULL, 'o' },
    { "update", no_argument, NULL, 'u' },
    { "jobs", required_argument, NULL, 'j' },
    { "nested-comments", no_argument, NULL, OPT_NESTED },
    { "quiet", no_argument, NULL, 'q' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

struct indexer {
    struct index_db *db;
    struct replay r;
    int quiet;
    int nested_comments;            /* braces nest in the sources' comments */
    uint64_t games, invalid, bytes; /* read by this run */
    uint64_t total;                 /* games in the database at the end */
    uint64_t empty;                 /* rows of comments alone stored by this run: no games */
    struct index_source *src; /* the source being read */
    int progress;             /* standard error is a terminal: a progress line */
    uint64_t src_size;        /* bytes of the source being read, for the time left */
    struct timespec t0, shown;
    long jobs;
    struct pipeline *p;          /* with jobs > 1: the games go through the workers */
    struct index_worker *workers;
    /* An update of an appended source: its games before again_number are
     * read again unchanged, and so is game again_number unless its span
     * grew (0: no such source being read). */
    struct index_span again;
    uint64_t again_number;
};

/* A worker of a parallel build: parses, replays and prepares games (index_game_of). */
struct index_worker {
    const struct indexer *ix;
    struct replay r;
    struct game_facts facts;
    struct buf none; /* stays empty: the build writes no text per game */
};

/* What a worker leaves of one game for the writer (names and tags in the batch's arena). */
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
 * (done: clears the line). The build reads each source itself rather than
 * through cmd/cli/driver.c (it records each game's span start), so it shows
 * its own line.
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

static int index_games_parallel(struct indexer *ix, struct pgn_reader *reader);
static void start_workers(struct indexer *ix);

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

/* Adds every game of reader to the current source; 0, or -1 after a read error (reported). */
static int index_games(struct indexer *ix, struct pgn_reader *reader)
{
    struct game g;
    int rc = 0;
    if (ix->p)
        rc = index_games_parallel(ix, reader);
    else while (!driver_interrupted() && (rc = pgn_reader_next(reader, &g)) > 0) {
        /* Read lazily first: a game the skim proved to end where its span
         * ends can be parsed again from its span alone (pgn_reader.h). */
        struct pgn_span_origin o;
        int has_origin = (g.flags & GAME_LAZY) && pgn_reader_span_origin(reader, &g, &o) == PGN_OK;
        if (pgn_reader_complete(reader, &g) != PGN_OK)
            die(EXIT_IO, "out of memory");
        if (replay_game(&ix->r, &g) != PGN_OK)
            die(EXIT_IO, "out of memory");
        if (ix->r.errors && !read_again_unchanged(ix, &g)) {
            if (!ix->quiet) {
                show_progress(ix, 0, 0, 1); /* the line is cleared before a message */
                report_diags(stderr, &g, &ix->r, PGN_SEV_ERROR, 0);
            }
        }
        rc = index_db_add_game(ix->db, ix->src->id, &g, has_origin ? &o : NULL, &ix->r);
        if (rc != PGN_OK)
            die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
        count_game(ix, &g, ix->r.errors, (g.flags & GAME_EMPTY) != 0);
        if ((ix->games & 255) == 0)
            show_progress(ix, pgn_reader_offset(reader), ix->src_size, 0);
    }
    show_progress(ix, 0, 0, 1);
    if (driver_interrupted())
        return -1;
    if (rc < 0) {
        const struct pgn_error *e = pgn_reader_error(reader);
        error("cannot read '%s' to its end: %s", e->file ? e->file : ix->src->path,
              e->message ? e->message : pgn_strerror(rc));
        return -1;
    }
    return 0;
}

/* ---- Several workers: games prepared on threads, stored here in input order ---- */

/* A copy of text[0..len) in the batch's arena (NULL stays NULL). */
static const char *batch_text(struct arena *arena, const char *text, size_t len)
{
    const char *copy = text ? arena_memdup(arena, text, len) : NULL;
    if (text && !copy)
        die(EXIT_IO, "out of memory");
    return copy;
}

/* One game on a worker: replayed, reported, prepared. The writer sees only
 * the game's span, so its tags and names are copied into the batch's arena. */
static void prepare_game(void *ctx, struct game *g, struct pgn_reader *reader,
                         struct arena *arena, FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct index_worker *w = ctx;
    struct prepared *pg = BATCH_RECORD(m, struct prepared, mark);
    (void)reader, (void)out;
    if (replay_game(&w->r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    pg->invalid = w->r.errors != 0;
    if (pg->invalid && !w->ix->quiet)
        report_diags(diag, g, &w->r, PGN_SEV_ERROR, 0);
    index_game_of(&w->facts, g, &w->r, &pg->ig);
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
    pg->ntags = g->ntags;
}

static void prepare_batch(void *ctx, struct batch *b)
{
    struct index_worker *w = ctx;
    static const struct batch_layout rec = BATCH_LAYOUT(struct prepared, mark);
    batch_run(b, w, &rec, &w->none, prepare_game);
}

/* The games of a batch the workers prepared, stored in input order. */
static void store_batch(struct indexer *ix, struct batch *b)
{
    struct batch_cursor cur;
    struct batch_part part;
    const struct batch_mark *m;
    static const struct batch_layout rec = BATCH_LAYOUT(struct prepared, mark);
    batch_cursor_init(&cur, b, &rec);
    for (size_t i = 0; (m = batch_cursor_next(&cur, &part)) != NULL; i++) {
        const struct prepared *pg = BATCH_RECORD(m, const struct prepared, mark);
        /* The game as index_db_store_game() reads it: its span and its tags. */
        struct game g = b->games[i];
        if (pg->invalid && !read_again_unchanged(ix, &g)) {
            show_progress(ix, 0, 0, 1); /* the line is cleared before a message */
            fwrite(part.diag, 1, part.diag_len, stderr);
        }
        g.tags = pg->tags;
        g.ntags = pg->ntags;
        struct index_game ig = pg->ig;
        const struct pgn_span_origin *o = b->origins && b->origins[i].index ? &b->origins[i] : NULL;
        if (index_db_store_game(ix->db, ix->src->id, &g, o, &ig) != PGN_OK)
            die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
        count_game(ix, &g, pg->invalid, (pg->ig.rec.flags & IR_EMPTY) != 0);
    }
}

/* Takes back the finished batches (wait: until none is in flight). */
static void drain(struct indexer *ix, int wait)
{
    struct batch *b;
    while ((b = pipeline_next(ix->p, wait || pipeline_full(ix->p))) != NULL) {
        store_batch(ix, b);
        pipeline_recycle(ix->p, b);
    }
}

/* Adds every game of reader through the workers; as index_games(). */
static int index_games_parallel(struct indexer *ix, struct pgn_reader *reader)
{
    struct game g;
    int rc = 0;
    uint64_t shown = 0;
    while (!driver_interrupted() && (rc = pgn_reader_next(reader, &g)) > 0) {
        if (pipeline_add(ix->p, reader, &g) != PGN_OK)
            die(EXIT_IO, "out of memory");
        drain(ix, 0);
        if (ix->games - shown >= 256) {
            shown = ix->games;
            show_progress(ix, pgn_reader_offset(reader), ix->src_size, 0);
        }
    }
    pipeline_flush(ix->p);
    drain(ix, 1);
    show_progress(ix, 0, 0, 1);
    return rc;
}

/* Starts the workers of a build of ix->jobs threads (the caller is one of them), when the first
 * source is read: an update knows only then how its comments read. */
static void start_workers(struct indexer *ix)
{
    if (ix->jobs <= 1 || ix->p)
        return;
    ix->workers = xcalloc((size_t)ix->jobs, sizeof *ix->workers);
    void *ctxs[JOBS_MAX];
    struct replay_opts ropts = { .lang = NOTATION_AUTO, .flags = REPLAY_TRACE,
                                  .keep_ply = INDEX_WALK_PLIES };
    for (long i = 0; i < ix->jobs; i++) {
        struct index_worker *w = &ix->workers[i];
        w->ix = ix;
        replay_init(&w->r, &ropts);
        game_facts_init(&w->facts, NOTATION_AUTO);
        buf_init(&w->none, 0);
        ctxs[i] = w;
    }
    unsigned flags = PIPELINE_CALLER_WORKS | (ix->nested_comments ? PIPELINE_NESTED_COMMENTS : 0);
    if (pipeline_new(&ix->p, (int)ix->jobs, flags, prepare_batch, ctxs) != PGN_OK)
        die(EXIT_IO, "cannot start %ld threads", ix->jobs);
}

static void stop_workers(struct indexer *ix)
{
    if (!ix->p)
        return;
    pipeline_free(ix->p);
    for (long i = 0; i < ix->jobs; i++) {
        replay_release(&ix->workers[i].r);
        game_facts_release(&ix->workers[i].facts);
        buf_release(&ix->workers[i].none);
    }
    free(ix->workers);
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

/* Reads the source src from the span start *from (NULL: from its start). */
static int read_source(struct indexer *ix, struct index_source *src,
                       const struct pgn_span_origin *from)
{
    struct source_file sf;
    const char *path = source_open(&sf, src);
    if (!path) {
        error("cannot open '%s': %s", src->path, strerror(errno));
        return -1;
    }
    ix->src = src;
    ix->src_size = (uint64_t)sf.st.st_size;
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    opts.name = src->path;
    opts.flags |= PGN_READER_LAZY | (ix->nested_comments ? PGN_READER_NESTED_COMMENTS : 0);
    start_workers(ix);
    if (ix->p) /* this thread only splits the source: the workers parse */
        opts.flags |= PGN_READER_SPLIT;
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
        rc = pgn_reader_open_mem(&reader, data, (size_t)(size - from->offset), &opts);
        if (rc == PGN_OK && pgn_reader_set_origin(reader, from) != PGN_OK)
            die(EXIT_IO, "cannot read '%s' from offset %" PRIu64, src->path, from->offset);
    } else {
        rc = pgn_reader_open(&reader, path, &opts);
    }
    if (rc != PGN_OK) {
        error("cannot open '%s': %s", src->path,
              rc == PGN_EIO ? strerror(errno) : pgn_strerror(rc));
        source_close(&sf);
        return -1;
    }
    rc = index_games(ix, reader);
    uint64_t decoded = pgn_reader_offset(reader);
    pgn_reader_free(reader);
    if (rc == 0)
        rc = finish_source(ix, &sf, decoded);
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
    int do_update = 0, opt;
    while ((opt = cmd_getopt(argc, argv, "o:uj:qh", index_options)) != -1) {
        switch (opt) {
        case 'o': out = optarg; break;
        case 'u': do_update = 1; break;
        case 'j':
            if (parse_jobs(optarg, &ix.jobs))
                return EXIT_USAGE;
            break;
        case OPT_NESTED: ix.nested_comments = 1; break;
        case 'q': ix.quiet = 1; break;
        case 'h': print_usage(stdout, index_usage); return EXIT_OK;
        default: return usage_error(index_usage);
        }
    }
    int n = argc - optind;
    if (do_update ? n != 1 || out : n < 1 || !out) {
        error(do_update ? "--update takes one database and no -o"
                        : "give the PGN files and the database to write (-o)");
        return usage_error(index_usage);
    }
    driver_catch_interrupt();
    ix.progress = !ix.quiet && isatty(2);
    clock_gettime(CLOCK_MONOTONIC, &ix.t0);
    struct replay_opts ropts = { .lang = NOTATION_AUTO, .flags = REPLAY_TRACE,
                                  .keep_ply = INDEX_WALK_PLIES };
    replay_init(&ix.r, &ropts);
    int rc = do_update ? update(&ix, argv[optind]) : build(&ix, n, argv + optind, out);
    stop_workers(&ix);
    replay_release(&ix.r);
    return rc;
}
