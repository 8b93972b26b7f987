/* dbinput.c - a pgnkit database given as an input: its sources' games, as the scan reads them. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli/common.h"
#include "cli/dbinput.h"
#include "index/index_db.h"
#include "index/index_plan.h"
#include "index/index_runs.h"
#include "index/index_tree.h"
#include "cli/source_file.h"
#include "base/banned.h"

/* One dbinput_read(): what the command asked and how the games are read. */
struct db_run {
    const struct dbinput_opts *o;
    const struct dbinput_reader *via;
};

/* 1 when no more games are wanted. */
static int run_stopped(const struct db_run *r) { return r->via->stopped(r->via->ctx); }

int dbinput_is_database(const char *path)
{
    /* Only a regular file is looked into: a pipe's first bytes would be lost. */
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && index_db_is_database(path);
}

/* Ends the run: src, a source of the database db_path, is not as indexed. */
static void stale(const struct index_source *src, const char *db_path)
{
    die(EXIT_IO, "%s changed since it was indexed: run pgnkit index --update %s", src->path,
        db_path);
}

void dbinput_check_fresh(int n, char *const *inputs)
{
    for (int i = 0; i < n; i++) {
        struct index_db *db;
        struct index_source *srcs;
        size_t nsrc;
        if (!dbinput_is_database(inputs[i]))
            continue;
        /* A database that cannot be read is reported when it is read. */
        if (index_db_open(&db, inputs[i], 0) != PGN_OK ||
            index_db_sources(db, &srcs, &nsrc) != PGN_OK) {
            index_db_close(db);
            continue;
        }
        for (size_t k = 0; k < nsrc; k++) {
            struct source_file sf;
            int state = source_check(&sf, &srcs[k]);
            source_close(&sf);
            if (state == SOURCE_CHANGED)
                stale(&srcs[k], inputs[i]);
        }
        index_sources_free(srcs, nsrc);
        index_db_close(db);
    }
}

/* 1 when path names the file open on sf: then it is the name the scan would use. */
static int same_file(const char *path, const struct source_file *sf)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == sf->st.st_dev && st.st_ino == sf->st.st_ino;
}

/* A source's verdicts, and how many games are read and counted by them. */
struct source_plan {
    unsigned char *verdict; /* enum index_verdict per game; NULL: read every game */
    uint64_t yes, maybe;
    int count_only;
    uint64_t games;
    int exact;              /* read the maybes only (the tree counted the rest) */
    dbinput_pass_fn *pass_over; /* the games read along but counted already */
};

/* 1 when game i (from 0) must be read: every game without verdicts. */
static int wanted(const void *ctx, uint64_t i)
{
    const struct source_plan *sp = ctx;
    if (!sp->verdict)
        return 1;
    return sp->count_only ? sp->verdict[i] == INDEX_MAYBE : sp->verdict[i] != INDEX_NO;
}

/* Bytes [start, start + len) of the source open on sf; a file cut or
 * rewritten meanwhile ends the run with a message (exit status 3). */
static const unsigned char *source_bytes(struct source_file *sf, const struct index_source *src,
                                         uint64_t start, uint64_t len)
{
    const unsigned char *data;
    int st = source_read_range(sf, start, (size_t)len, &data);
    if (st != SOURCE_READ_OK)
        die(EXIT_IO, "cannot read '%s': %s", src->path, source_read_strerror(st));
    return data;
}

/* Reads the games of the plan (every game without one) from the source, a
 * run at a time (index_runs.h cuts them); 0, -1 (reported) or -2 (the database).
 * The bytes are read into sf's buffer (source_bytes), never mapped: a file
 * cut meanwhile is a message, never a signal. */
static int read_runs(const struct db_run *r, struct index_db *db, const struct index_source *src,
                     struct source_file *sf, const struct source_plan *sp)
{
    struct index_runs it;
    struct index_run run;
    int rc = 0, next;
    index_runs_init(&it, db, src, sp->verdict ? wanted : NULL, sp,
                    sp->exact ? 1 : INDEX_RUN_GAP);
    while (!run_stopped(r) && (next = index_runs_next(&it, &run)) != 0) {
        if (next < 0)
            return -2;
        rc |= r->via->read_span(r->via->ctx, source_bytes(sf, src, run.start, run.end - run.start),
                                (size_t)(run.end - run.start), src->path,
                                run.has_origin ? &run.origin : NULL,
                                sp->pass_over, sp);
    }
    return rc;
}

/* A game the tree counted from the database, read along because the reader
 * must start at an earlier game (one whose span is parsed alone). */
static int pass_counted(const void *ctx, const struct game *g)
{
    const struct source_plan *sp = ctx;
    return g->index >= 1 && g->index <= sp->games && sp->verdict[g->index - 1] == INDEX_NO;
}

/* The tree's verdicts of src's games into *sp (the games told are counted); 0, or -2. */
static int tree_source(const struct dbinput_tree *tree, struct index_db *db,
                       const struct index_source *src, struct source_plan *sp)
{
    sp->verdict = xmalloc(src->games ? src->games : 1);
    sp->games = src->games;
    sp->count_only = sp->exact = 1;
    if (index_tree_source(db, src->id, src->games, tree->root, tree->depth, tree->count,
                          tree->ctx, sp->verdict) != PGN_OK)
        return -2;
    for (uint64_t i = 0; i < src->games; i++)
        sp->maybe += sp->verdict[i] == INDEX_MAYBE;
    return 0;
}

/* When only counting: a game the records decided, read along because it
 * lies between or before the games to read. It is counted (a yes) or not (a
 * no) already, so matching it again would count a yes twice. */
static int pass_decided(const void *ctx, const struct game *g)
{
    const struct source_plan *sp = ctx;
    return g->index >= 1 && g->index <= sp->games && sp->verdict[g->index - 1] != INDEX_MAYBE;
}

/* Reads one source's indexed games (those of sp, when it has verdicts); 0, -1 (reported), -2. */
static int read_source(const struct db_run *r, const char *db_path, struct index_db *db,
                       const struct index_source *src, struct source_plan *sp)
{
    struct source_file sf;
    int state = source_check(&sf, src), rc = -1;
    if (r->o->tree && src->plain && state != SOURCE_CHANGED &&
        tree_source(r->o->tree, db, src, sp) != 0) {
        source_close(&sf);
        return -2;
    }
    /* Counting what the records prove needs no source. */
    int counted_alone = sp->verdict && sp->count_only && sp->maybe == 0;
    if (state == SOURCE_MISSING && !counted_alone) {
        error("cannot open '%s' (indexed in '%s'): %s", src->path, db_path, strerror(errno));
        return -1;
    }
    switch (state) {
    case SOURCE_MISSING:
        rc = 0;
        break;
    case SOURCE_CHANGED:
        stale(src, db_path); /* changed since dbinput_check_fresh() */
        break;
    case SOURCE_APPENDED:
        warning("%s grew since it was indexed: reading its first %llu bytes (pgnkit index "
                "--update %s adds the rest)", src->path, (unsigned long long)src->indexed_bytes,
                db_path);
        /* fall through */
    case SOURCE_FRESH:
        /* A plain source is read from its indexed bytes, a bounded run of
         * games at a time, named as when indexed: the same games, bytes and
         * messages as the scan. */
        if (counted_alone)
            rc = 0;
        else if (!src->plain)
            rc = r->via->read_file(r->via->ctx,
                                   same_file(src->path, &sf) ? src->path : src->location);
        else {
            sp->pass_over = !sp->verdict ? NULL
                            : sp->exact  ? pass_counted
                            : sp->count_only ? pass_decided : NULL;
            rc = read_runs(r, db, src, &sf, sp);
        }
        break;
    }
    /* The games proved selected are counted when only the maybes were read. */
    if (rc == 0 && r->o->plan && sp->verdict && sp->count_only && (src->plain || counted_alone))
        r->o->plan->counted += sp->yes;
    source_close(&sf);
    return rc;
}

/* The verdicts of src's games under p into *sp; 0, or -1 (the database, reported). */
static int plan_source(const struct dbinput_plan *want, struct index_plan *p,
                       struct index_db *db, const char *db_path, const struct index_source *src,
                       struct source_plan *sp)
{
    memset(sp, 0, sizeof *sp);
    if (!p)
        return 0;
    sp->count_only = want->count_only;
    sp->games = src->games;
    sp->verdict = xmalloc(src->games ? src->games : 1);
    if (index_plan_source(p, src->id, src->games, sp->verdict) != PGN_OK) {
        error("cannot read '%s': %s", db_path, index_db_message(db));
        return -1;
    }
    for (uint64_t i = 0; i < src->games; i++) {
        sp->yes += sp->verdict[i] == INDEX_YES;
        sp->maybe += sp->verdict[i] == INDEX_MAYBE;
    }
    return 0;
}

int dbinput_read(const char *path, const struct dbinput_opts *o, const struct dbinput_reader *via)
{
    const struct db_run run = { o, via };
    struct index_db *db;
    struct index_source *srcs = NULL;
    struct index_plan *plan = NULL;
    size_t n = 0;
    if (index_db_open(&db, path, 0) != PGN_OK || index_db_sources(db, &srcs, &n) != PGN_OK ||
        (o->plan && index_plan_new(&plan, db, o->plan->query, o->plan->opts) != PGN_OK)) {
        error("cannot read '%s': %s", path, index_db_message(db));
        index_plan_free(plan);
        index_db_close(db);
        return -1;
    }
    /* Its records are of the sources as the build read them: another way
     * of reading comments would give other games than the scan. */
    int nested = (via->reader_flags & PGN_READER_NESTED_COMMENTS) != 0;
    if (index_db_nested_comments(db) != nested) {
        error("'%s' was indexed %s --nested-comments: give the same option to read it, or index "
              "it again", path, nested ? "without" : "with");
        index_plan_free(plan);
        index_db_close(db);
        index_sources_free(srcs, n);
        return -1;
    }
    if (plan && !index_plan_useful(plan)) {
        index_plan_free(plan);
        plan = NULL;
    }
    int rc = 0;
    for (size_t i = 0; i < n && !run_stopped(&run); i++) {
        struct source_plan sp;
        int r = plan_source(o->plan, plan, db, path, &srcs[i], &sp);
        if (r == 0 && (r = read_source(&run, path, db, &srcs[i], &sp)) == -2) {
            error("cannot read '%s': %s", path, index_db_message(db));
            r = -1;
        }
        free(sp.verdict);
        rc |= r;
        if (r && plan)
            break; /* a damaged database answers nothing more */
    }
    index_plan_free(plan);
    index_db_close(db);
    index_sources_free(srcs, n);
    return rc;
}

int dbinput_count_inputs(int n, char *const *inputs)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (!dbinput_is_database(inputs[i])) {
            count++;
            continue;
        }
        struct index_db *db;
        struct index_source *srcs;
        size_t nsrc;
        if (index_db_open(&db, inputs[i], 0) == PGN_OK &&
            index_db_sources(db, &srcs, &nsrc) == PGN_OK)
            index_sources_free(srcs, nsrc);
        else
            nsrc = 1;
        index_db_close(db);
        count += (int)nsrc;
    }
    return count;
}
