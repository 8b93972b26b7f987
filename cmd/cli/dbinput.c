/* dbinput.c - a pgnkit database given as an input: its sources' games, as the scan reads them. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/common.h"
#include "cli/dbinput.h"
#include "index/index_db.h"
#include "index/index_plan.h"
#include "index/index_runs.h"
#include "index/index_source_state.h"
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

/*
 * A source of a database input, checked once when the run starts. Its file
 * stays open from the check to its reading, so what is read is what was
 * checked; past MAX_OPEN_SOURCES open files (a database of thousands of
 * one-game files) it is closed after the check and opened again when read,
 * where its identity, size and time must still be those checked.
 */
struct dbinput_source {
    struct source_file sf; /* open while kept */
    int state;             /* enum source_state, as checked */
    int err;               /* SOURCE_MISSING: the errno of the open */
    int kept;              /* sf is open */
};

enum { MAX_OPEN_SOURCES = 256 };

/* Opens the database input in and checks each of its sources once (*open
 * counts the source files kept open); a changed source ends the run. */
static void open_database(struct dbinput_db *in, int *open)
{
    if (index_db_open(&in->db, in->path, 0) != PGN_OK ||
        index_db_sources(in->db, &in->srcs, &in->nsrc) != PGN_OK) {
        /* Reported when it is read, in its turn. */
        in->open_error = xstrdup(index_db_message(in->db));
        index_db_close(in->db);
        in->db = NULL;
        in->srcs = NULL;
        in->nsrc = 0;
        return;
    }
    in->checked = xcalloc(in->nsrc ? in->nsrc : 1, sizeof *in->checked);
    for (size_t k = 0; k < in->nsrc; k++) {
        struct dbinput_source *cs = &in->checked[k];
        cs->state = source_check(&cs->sf, &in->srcs[k]);
        cs->err = errno;
        if (cs->state == SOURCE_CHANGED)
            stale(&in->srcs[k], in->path);
        cs->kept = cs->state != SOURCE_MISSING && *open < MAX_OPEN_SOURCES;
        *open += cs->kept;
        if (!cs->kept && cs->state != SOURCE_MISSING) {
            close(cs->sf.fd); /* its stat stays, to be compared when it is read */
            cs->sf.fd = -1;
        }
    }
}

/* A new entry of set for path (each its own allocation: a reader holds it while
 * the set grows); a database is opened and checked, keeping open at most
 * MAX_OPEN_SOURCES - *open more source files. */
static struct dbinput_db *add_input(struct dbinputs *set, const char *path, int *open)
{
    set->in = xrealloc(set->in, (set->n + 1) * sizeof *set->in);
    struct dbinput_db *in = set->in[set->n++] = xcalloc(1, sizeof *in);
    in->path = xstrdup(path);
    in->is_database = dbinput_is_database(path);
    if (in->is_database)
        open_database(in, open);
    return in;
}

void dbinputs_open(struct dbinputs *set, int n, char *const *inputs)
{
    int open = 0;
    for (int i = 0; i < n; i++)
        add_input(set, inputs[i], &open);
}

struct dbinput_db *dbinputs_get(struct dbinputs *set, const char *path)
{
    if (!path)
        return NULL;
    struct dbinput_db *in = NULL;
    for (size_t i = 0; i < set->n && !in; i++)
        if (!set->in[i]->done && !strcmp(set->in[i]->path, path))
            in = set->in[i];
    /* An input the run did not start with: looked at now, once; none of its
     * files is kept open, they are read at once. */
    int open = MAX_OPEN_SOURCES;
    if (!in)
        in = add_input(set, path, &open);
    in->done = 1;
    return in->is_database ? in : NULL;
}

/* Closes what in holds open, its sources' files included. */
static void close_database(struct dbinput_db *in)
{
    for (size_t k = 0; in->checked && k < in->nsrc; k++)
        source_close(&in->checked[k].sf);
    free(in->checked);
    in->checked = NULL;
    index_sources_free(in->srcs, in->nsrc);
    in->srcs = NULL;
    in->nsrc = 0;
    index_db_close(in->db);
    in->db = NULL;
}

void dbinputs_release(struct dbinputs *set)
{
    for (size_t i = 0; i < set->n; i++) {
        close_database(set->in[i]);
        free(set->in[i]->path);
        free(set->in[i]->open_error);
        free(set->in[i]);
    }
    free(set->in);
    memset(set, 0, sizeof *set);
}

/* The file of a source checked and closed (past MAX_OPEN_SOURCES), open
 * again; a file that is not the one checked ends the run as a changed one. */
static void reopen_checked(struct dbinput_source *cs, const struct index_source *src,
                           const char *db_path)
{
    struct stat was = cs->sf.st;
    if (!source_open(&cs->sf, src)) {
        cs->state = SOURCE_MISSING;
        cs->err = errno;
        return;
    }
    if (cs->sf.st.st_dev != was.st_dev || cs->sf.st.st_ino != was.st_ino ||
        cs->sf.st.st_size != was.st_size || index_mtime_ns(&cs->sf.st) != index_mtime_ns(&was))
        stale(src, db_path);
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
    struct index_selection sel; /* else, when selected: the games not turned down */
    int selected;
    uint64_t yes, maybe;
    int count_only;
    uint64_t games;
    int exact;              /* read the maybes only (the tree counted the rest) */
    dbinput_pass_fn *pass_over; /* the games read along but counted already */
};

/* The place in sp's selection of the first game from number i + 1 on (its count when none). */
static size_t selection_from(const struct source_plan *sp, uint64_t i)
{
    size_t lo = 0, hi = sp->sel.n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sp->sel.number[mid] <= i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The verdict of game i (from 0) of a source with verdicts or a selection. */
static int verdict_at(const struct source_plan *sp, uint64_t i)
{
    if (sp->verdict)
        return sp->verdict[i];
    size_t at = selection_from(sp, i);
    return at < sp->sel.n && sp->sel.number[at] == i + 1 ? sp->sel.verdict[at] : INDEX_NO;
}

/* 1 when game i (from 0) must be read: every game without verdicts. */
static int wanted(const void *ctx, uint64_t i)
{
    const struct source_plan *sp = ctx;
    if (!sp->verdict && !sp->selected)
        return 1;
    int v = verdict_at(sp, i);
    return sp->count_only ? v == INDEX_MAYBE : v != INDEX_NO;
}

/* The first game from i on (from 0) that a selection wants read. */
static uint64_t next_selected(const void *ctx, uint64_t i)
{
    const struct source_plan *sp = ctx;
    for (size_t at = selection_from(sp, i); at < sp->sel.n; at++)
        if (!sp->count_only || sp->sel.verdict[at] == INDEX_MAYBE)
            return sp->sel.number[at] - 1;
    return UINT64_MAX;
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
    index_runs_init(&it, db, src, sp->verdict || sp->selected ? wanted : NULL, sp,
                    sp->exact ? 1 : INDEX_RUN_GAP);
    if (sp->selected)
        index_runs_jump(&it, next_selected);
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
    int told = !tree->counted ? 0
               : index_tree_counted(db, src->id, src->games, tree->root, tree->depth,
                                    tree->counted, tree->ctx, sp->verdict);
    if (told < 0 || (!told && index_tree_source(db, src->id, src->games, tree->root, tree->depth,
                                                tree->count, tree->ctx, sp->verdict) != PGN_OK))
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
    return g->index >= 1 && g->index <= sp->games && verdict_at(sp, g->index - 1) != INDEX_MAYBE;
}

/* Reads one source's indexed games (those of sp, when it has verdicts); 0, -1 (reported), -2. */
static int read_source(const struct db_run *r, const char *db_path, struct index_db *db,
                       const struct index_source *src, struct dbinput_source *cs,
                       struct source_plan *sp)
{
    struct source_file *sf = &cs->sf;
    int rc = -1;
    if (!cs->kept && cs->state != SOURCE_MISSING)
        reopen_checked(cs, src, db_path);
    int state = cs->state;
    if (r->o->tree && src->plain && tree_source(r->o->tree, db, src, sp) != 0) {
        source_close(sf);
        return -2;
    }
    /* Counting what the records prove needs no source. */
    int decided = sp->verdict || sp->selected;
    int counted_alone = decided && sp->count_only && sp->maybe == 0;
    if (state == SOURCE_MISSING && !counted_alone) {
        error("cannot open '%s' (indexed in '%s'): %s", src->path, db_path, strerror(cs->err));
        return -1;
    }
    switch (state) {
    case SOURCE_MISSING:
    case SOURCE_CHANGED: /* ended the run when it was checked */
        rc = 0;
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
        else if (!src->plain) {
            /* Read through the file checked: handed over, not opened again. */
            int fd = sf->fd;
            sf->fd = -1;
            rc = r->via->read_fd(r->via->ctx, fd,
                                 same_file(src->path, sf) ? src->path : src->location);
        }
        else {
            sp->pass_over = !decided ? NULL
                            : sp->exact  ? pass_counted
                            : sp->count_only ? pass_decided : NULL;
            rc = read_runs(r, db, src, sf, sp);
        }
        break;
    }
    /* The games proved selected are counted when only the maybes were read. */
    if (rc == 0 && r->o->plan && decided && sp->count_only && (src->plain || counted_alone))
        r->o->plan->counted += sp->yes;
    source_close(sf); /* read: its file is not needed any more */
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
    /* A selective query holds its few games; any other, a verdict per game. */
    int selected = index_plan_select(p, src->id, src->games, want->count_only, &sp->sel);
    if (selected < 0) {
        error("cannot read '%s': %s", db_path, index_db_message(db));
        return -1;
    }
    if (selected) {
        sp->selected = 1;
        sp->yes = sp->sel.yes;
        sp->maybe = sp->sel.maybe;
        return 0;
    }
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

int dbinput_read(struct dbinput_db *in, const struct dbinput_opts *o,
                 const struct dbinput_reader *via)
{
    const struct db_run run = { o, via };
    const char *path = in->path;
    struct index_db *db = in->db;
    struct index_plan *plan = NULL;
    if (!db || (o->plan && index_plan_new(&plan, db, o->plan->query, o->plan->opts) != PGN_OK)) {
        error("cannot read '%s': %s", path, db ? index_db_message(db) : in->open_error);
        index_plan_free(plan);
        close_database(in);
        return -1;
    }
    /* Its records are of the sources as the build read them: another way
     * of reading comments would give other games than the scan. */
    int nested = (via->reader_flags & PGN_READER_NESTED_COMMENTS) != 0;
    if (index_db_nested_comments(db) != nested) {
        error("'%s' was indexed %s --nested-comments: give the same option to read it, or index "
              "it again", path, nested ? "without" : "with");
        index_plan_free(plan);
        close_database(in);
        return -1;
    }
    if (plan && !index_plan_useful(plan)) {
        index_plan_free(plan);
        plan = NULL;
    }
    int rc = 0;
    for (size_t i = 0; i < in->nsrc && !run_stopped(&run); i++) {
        struct source_plan sp;
        int r = plan_source(o->plan, plan, db, path, &in->srcs[i], &sp);
        if (r == 0 &&
            (r = read_source(&run, path, db, &in->srcs[i], &in->checked[i], &sp)) == -2) {
            error("cannot read '%s': %s", path, index_db_message(db));
            r = -1;
        }
        free(sp.verdict);
        index_selection_release(&sp.sel);
        rc |= r;
        if (r && plan)
            break; /* a damaged database answers nothing more */
    }
    index_plan_free(plan);
    close_database(in); /* read once: the run reads each input once */
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
