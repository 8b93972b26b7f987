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
#include "cmdline.h"
#include "common.h"
#include "driver.h"
#include "index/index_db.h"
#include "index/index_fingerprint.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/diag.h"
#include "replay/replay.h"
#include "report.h"
#include "source_file.h"
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
    struct index_source *src; /* the source being read */
    int progress;             /* standard error is a terminal: a progress line */
    uint64_t src_size;        /* bytes of the source being read, for the time left */
    struct timespec t0, shown;
};

static double since(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/*
 * On a terminal, from half a second on, every quarter of a second: games,
 * megabytes and speed so far, and the time left on the current source
 * (done: clears the line). The build reads each source itself rather than
 * through cmd/driver.c (it records each game's span start), so it shows
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

/* Adds every game of reader to the current source; 0, or -1 after a read error (reported). */
static int index_games(struct indexer *ix, struct pgn_reader *reader)
{
    struct game g;
    int rc;
    while (!driver_interrupted() && (rc = pgn_reader_next(reader, &g)) > 0) {
        /* Read lazily first: a game the skim proved to end where its span
         * ends can be parsed again from its span alone (pgn_reader.h). */
        struct pgn_span_origin o;
        int has_origin = (g.flags & GAME_LAZY) && pgn_reader_span_origin(reader, &g, &o) == PGN_OK;
        if (pgn_reader_complete(reader, &g) != PGN_OK)
            die(EXIT_IO, "out of memory");
        if (replay_game(&ix->r, &g) != PGN_OK)
            die(EXIT_IO, "out of memory");
        if (ix->r.errors) {
            ix->invalid++;
            if (!ix->quiet) {
                show_progress(ix, 0, 0, 1); /* the line is cleared before a message */
                report_diags(stderr, &g, &ix->r, SEV_ERROR, 0);
            }
        }
        rc = index_db_add_game(ix->db, ix->src->id, &g, has_origin ? &o : NULL, &ix->r);
        if (rc != PGN_OK)
            die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
        ix->games++;
        ix->src->games++;
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
    src->mtime_ns = source_mtime_ns(&sf->st);
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
    int rc;
    if (from) {
        rc = source_map(&sf, (uint64_t)sf.st.st_size);
        rc = rc ? rc : pgn_reader_open_mem(&reader, sf.map + from->offset,
                                           (size_t)(sf.map_len - from->offset), &opts);
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

static void summary(const struct indexer *ix, const char *db)
{
    if (ix->quiet)
        return;
    fprintf(stderr, "%s: %" PRIu64 " games read (%" PRIu64 " invalid), %" PRIu64 " in '%s'\n",
            progname, ix->games, ix->invalid, ix->total, db);
}

/* Makes the finished file tmp the database out, durably: data, then name. */
static int publish(const char *tmp, const char *out)
{
    int fd = open(tmp, O_RDONLY);
    int ok = fd >= 0 && fsync(fd) == 0;
    if (fd >= 0)
        close(fd);
    ok = ok && rename(tmp, out) == 0;
    if (!ok)
        return -1;
    char *dir = xstrdup(out), *slash = strrchr(dir, '/');
    if (slash)
        slash[slash == dir] = '\0';
    fd = open(slash ? dir : ".", O_RDONLY);
    if (fd >= 0) {
        fsync(fd); /* the rename itself survives a power loss */
        close(fd);
    }
    free(dir);
    return 0;
}

static int build(struct indexer *ix, int n, char **files, const char *out)
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
    /* Built beside the output under another name and renamed when complete:
     * a build killed at any point leaves the old database as it was. */
    size_t tmp_len = strlen(out) + 32;
    char *tmp = xmalloc(tmp_len);
    snprintf(tmp, tmp_len, "%s.tmp-%ld", out, (long)getpid());
    unlink(tmp);
    if (index_db_create(&ix->db, tmp) != PGN_OK) {
        error("cannot create '%s': %s", tmp, index_db_message(ix->db));
        index_db_close(ix->db);
        unlink(tmp);
        free(tmp);
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
        error("cannot write '%s': %s", tmp, index_db_message(ix->db));
        failed = 1;
    }
    index_db_close(ix->db);
    ix->db = NULL;
    if (!failed && publish(tmp, out) != 0) {
        error("cannot write '%s': %s", out, strerror(errno));
        failed = 1;
    }
    if (failed)
        unlink(tmp);
    free(tmp);
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
    if (index_db_drop_games(ix->db, src->id, first) != PGN_OK)
        die(EXIT_IO, "cannot write the database: %s", index_db_message(ix->db));
    src->games = first - 1;
    return read_source(ix, src, found && last.line ? &last : NULL);
}

static int update(struct indexer *ix, const char *path)
{
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
    if (failed)
        return driver_interrupted() ? driver_interrupt_status() : EXIT_IO;
    summary(ix, path);
    return EXIT_OK;
}

int cmd_index(int argc, char **argv)
{
    struct indexer ix = { 0 };
    const char *out = NULL;
    int do_update = 0, opt;
    while ((opt = cmd_getopt(argc, argv, "o:uqh", index_options)) != -1) {
        switch (opt) {
        case 'o': out = optarg; break;
        case 'u': do_update = 1; break;
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
    struct replay_opts ropts = { .lang = NOTATION_AUTO, .flags = 0 };
    replay_init(&ix.r, &ropts);
    int rc = do_update ? update(&ix, argv[optind]) : build(&ix, n, argv + optind, out);
    replay_release(&ix.r);
    return rc;
}
