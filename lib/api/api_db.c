/* api_db.c - a pgnkit database through the public interface: open, count, read back, tree. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "pgnkit_db.h"
#include "api/api_internal.h"
#include "index/index_db.h"
#include "index/index_plan.h"
#include "index/index_runs.h"
#include "index/index_source_state.h"
#include "index/index_tree.h"
#include "init/lib_init.h"
#include "notation/notation.h"
#include "base/banned.h"

/* An open source file that is still the file indexed (index_source_state). */
struct source {
    const struct index_source *src;
    int fd;
    const char *opened; /* the path opened */
};

struct pgnkit_db {
    struct index_db *idx;
    struct index_source *srcs;
    size_t nsrc;
    unsigned reader_flags;      /* how the sources were read when indexed */
    struct replay replay;       /* for the games the tree reads */
    char error[512];
    unsigned char *bytes;       /* the run of a source being read (index_runs.h) */
    size_t bytes_cap;
    unsigned char *text;        /* the game pgnkit_db_game_pgn() gave last */
    size_t text_cap;
    const struct source *reading; /* the source read_games() has open (NULL: none) */
    struct pgnkit_tree_move *tree;
    size_t tree_len, tree_cap;
    struct pgnkit_tree_total total;
};

/* Records what failed (printf-style) and returns status. */
static int fail(struct pgnkit_db *db, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(db->error, sizeof db->error, fmt, ap);
    va_end(ap);
    return status;
}

/* The library's status of an index_db_* failure, its message kept. */
static int index_failed(struct pgnkit_db *db, int rc)
{
    return fail(db, rc == PGN_ENOMEM ? PGNKIT_ENOMEM : rc == PGN_EFORMAT ? PGNKIT_EFORMAT
                                                                        : PGNKIT_EIO,
                "cannot read the database: %s", index_db_message(db->idx));
}

int pgnkit_db_open(struct pgnkit_db **out, const char *path)
{
    lib_init();
    *out = NULL;
    struct pgnkit_db *db = calloc(1, sizeof *db);
    if (!db)
        return PGNKIT_ENOMEM;
    /* A file that is not there is an I/O failure; one that is there and is
     * not a database, a format one. */
    struct stat st;
    int rc = !path || stat(path, &st) != 0 ? PGN_EIO
             : index_db_is_database(path) ? index_db_open(&db->idx, path, 0)
                                          : PGN_EINVAL;
    if (rc == PGN_OK)
        rc = index_db_sources(db->idx, &db->srcs, &db->nsrc);
    if (rc != PGN_OK) {
        index_db_close(db->idx);
        free(db);
        return rc == PGN_ENOMEM ? PGNKIT_ENOMEM : rc == PGN_EINVAL ? PGNKIT_EFORMAT : PGNKIT_EIO;
    }
    db->reader_flags = index_db_nested_comments(db->idx) ? PGN_READER_NESTED_COMMENTS : 0;
    replay_init(&db->replay, &(struct replay_opts){ .lang = NOTATION_AUTO,
                                                    .flags = REPLAY_NO_WARN });
    *out = db;
    return PGNKIT_OK;
}

void pgnkit_db_free(struct pgnkit_db *db)
{
    if (!db)
        return;
    index_sources_free(db->srcs, db->nsrc);
    index_db_close(db->idx);
    replay_release(&db->replay);
    free(db->bytes);
    free(db->text);
    free(db->tree);
    free(db);
}

const char *pgnkit_db_error(const struct pgnkit_db *db)
{
    return db ? db->error : "";
}

int pgnkit_db_game_count(struct pgnkit_db *db, uint64_t *n)
{
    *n = 0;
    for (size_t i = 0; i < db->nsrc; i++)
        *n += db->srcs[i].games;
    return PGNKIT_OK;
}

/* ---- Reading games from the sources ---- */

/* Opens src's file (its absolute location, else its path as given); PGNKIT_OK or PGNKIT_EIO. */
static int source_open(struct pgnkit_db *db, const struct index_source *src, struct source *s)
{
    s->src = src;
    s->opened = src->location;
    s->fd = s->opened ? open(s->opened, O_RDONLY) : -1;
    if (s->fd < 0)
        s->fd = open(s->opened = src->path, O_RDONLY);
    if (s->fd < 0)
        return fail(db, PGNKIT_EIO, "cannot open '%s': %s", src->path, strerror(errno));
    struct stat st;
    unsigned char head[512];
    ssize_t got = fstat(s->fd, &st) == 0 ? pread(s->fd, head, sizeof head, 0) : -1;
    if (got < 0) {
        int saved = errno;
        close(s->fd);
        return fail(db, PGNKIT_EIO, "cannot read '%s': %s", src->path, strerror(saved));
    }
    if (index_source_state(src, s->fd, &st, index_looks_compressed(head, (size_t)got)) ==
        INDEX_SOURCE_CHANGED) {
        close(s->fd);
        return fail(db, PGNKIT_EIO, "'%s' changed since it was indexed", src->path);
    }
    return PGNKIT_OK;
}

/* Bytes [offset, offset + len) of s into *buf, of *cap bytes (grown, with
 * PGN_SPAN_PAD more bytes of room for a reader to parse them in place). */
static int source_read(struct pgnkit_db *db, const struct source *s, uint64_t offset,
                       uint64_t len, unsigned char **buf, size_t *cap)
{
    if (len > SIZE_MAX - PGN_SPAN_PAD - 1)
        return fail(db, PGNKIT_ETOOBIG, "'%s': a game too large to read", s->src->path);
    if (len + PGN_SPAN_PAD + 1 > *cap) {
        unsigned char *more = realloc(*buf, (size_t)len + PGN_SPAN_PAD + 1);
        if (!more)
            return fail(db, PGNKIT_ENOMEM, "out of memory");
        *buf = more;
        *cap = (size_t)len + PGN_SPAN_PAD + 1;
    }
    for (uint64_t done = 0; done < len;) {
        ssize_t got = pread(s->fd, *buf + done, (size_t)(len - done), (off_t)(offset + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return fail(db, PGNKIT_EIO, "cannot read '%s': %s", s->src->path,
                        got ? strerror(errno) : "it changed while it was read");
        done += (uint64_t)got;
    }
    return PGNKIT_OK;
}

/* What is done with each game read: its reader, for the query's facts. */
typedef int game_fn(struct pgnkit_db *db, void *ctx, struct game *g, struct pgn_reader *r);

/* A status of the reader as the interface's, with its message kept. */
static int reader_failed(struct pgnkit_db *db, const struct index_source *src, int rc)
{
    if (rc == PGN_ENOMEM)
        return fail(db, PGNKIT_ENOMEM, "out of memory");
    return fail(db, PGNKIT_EIO, "cannot read '%s'", src->path);
}

/* A game the records left undecided (index_plan.h): it is read. */
static int undecided(const void *ctx, uint64_t i)
{
    const unsigned char *verdict = ctx;
    return verdict[i] == INDEX_MAYBE;
}

/*
 * db->bytes[0..len), a run of a plain source starting at *o (NULL: the
 * source's start), on the source's one reader *r: opened for the first run,
 * reset onto each later one (pgn_reader_parse_span), so a source costs one
 * reader however many runs it is read in.
 */
static int run_reader(struct pgnkit_db *db, const struct source *s, struct pgn_reader **r,
                      size_t len, const struct pgn_span_origin *o)
{
    int rc = PGN_OK;
    if (*r && o && pgn_reader_parse_span(*r, db->bytes, len, s->src->path, o) == PGN_OK)
        return PGNKIT_OK;
    /* The first run, or one longer than the reader takes a game to be. */
    pgn_reader_free(*r);
    *r = NULL;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    opts.name = s->src->path;
    opts.flags = db->reader_flags;
    if ((rc = pgn_reader_open_mem(r, db->bytes, len, &opts)) != PGN_OK)
        return reader_failed(db, s->src, rc);
    if (o && pgn_reader_set_origin(*r, o) != PGN_OK)
        return fail(db, PGNKIT_EFORMAT, "the database is damaged: game %llu of '%s'",
                    (unsigned long long)o->index, s->src->path);
    return PGNKIT_OK;
}

/*
 * The games of a plain source whose verdict is INDEX_MAYBE (verdict NULL:
 * every game), read in runs (index_runs.h) of at most gap games apart, in
 * order, the games read along passed over.
 */
static int read_plain_games(struct pgnkit_db *db, const struct source *s,
                            const unsigned char *verdict, uint64_t gap, game_fn *fn, void *ctx)
{
    const struct index_source *src = s->src;
    struct index_runs it;
    struct index_run run;
    struct pgn_reader *r = NULL;
    struct game g;
    memset(&g, 0, sizeof g);
    int rc = PGNKIT_OK, next;
    index_runs_init(&it, db->idx, src, verdict ? undecided : NULL, verdict, gap);
    while (rc == PGNKIT_OK && (next = index_runs_next(&it, &run)) != 0) {
        if (next < 0) {
            rc = index_failed(db, next);
            break;
        }
        if ((rc = source_read(db, s, run.start, run.end - run.start, &db->bytes,
                              &db->bytes_cap)) != PGNKIT_OK ||
            (rc = run_reader(db, s, &r, (size_t)(run.end - run.start),
                             run.has_origin ? &run.origin : NULL)) != PGNKIT_OK)
            break;
        int got = 0;
        uint64_t seen = run.first - 1;
        while (rc == PGNKIT_OK && (got = pgn_reader_next(r, &g)) > 0) {
            seen = g.index;
            if (g.index >= run.first && g.index <= src->games &&
                (!verdict || verdict[g.index - 1] == INDEX_MAYBE))
                rc = fn(db, ctx, &g, r);
        }
        if (rc == PGNKIT_OK && got < 0)
            rc = reader_failed(db, src, got);
        else if (rc == PGNKIT_OK && seen < run.last)
            rc = fail(db, PGNKIT_EFORMAT,
                      "the database is damaged: game %llu of '%s' is not there",
                      (unsigned long long)run.last, src->path);
    }
    pgn_reader_free(r);
    return rc;
}

/* Every game of a source the reader must decompress or unpack whose verdict is
 * INDEX_MAYBE (NULL: every game), read from its start (its offsets are not the file's). */
static int read_whole_source(struct pgnkit_db *db, const struct source *s,
                             const unsigned char *verdict, game_fn *fn, void *ctx)
{
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    opts.name = s->src->path;
    opts.flags = db->reader_flags;
    struct pgn_reader *r;
    int rc = pgn_reader_open(&r, s->opened, &opts);
    if (rc != PGN_OK)
        return reader_failed(db, s->src, rc);
    struct game g;
    memset(&g, 0, sizeof g);
    const char *member;
    int status = PGNKIT_OK;
    for (;;) {
        while (status == PGNKIT_OK && (rc = pgn_reader_next(r, &g)) > 0)
            if (g.index >= 1 && g.index <= s->src->games && (!verdict || verdict[g.index - 1] == INDEX_MAYBE))
                status = fn(db, ctx, &g, r);
        if (status != PGNKIT_OK)
            break;
        if (rc < 0) {
            status = reader_failed(db, s->src, rc);
            break;
        }
        do
            rc = pgn_reader_next_member(r, &member);
        while (rc == 2 || rc == 3);
        if (rc < 0)
            status = reader_failed(db, s->src, rc);
        if (rc <= 0)
            break;
    }
    pgn_reader_free(r);
    return status;
}

/*
 * Hands fn the games of source k whose verdict is INDEX_MAYBE (verdict
 * NULL: every game), in order, read from the source, which must be as
 * indexed: a plain one in runs at most gap games apart, the others whole.
 */
static int read_games(struct pgnkit_db *db, size_t k, const unsigned char *verdict, uint64_t gap,
                      game_fn *fn, void *ctx)
{
    const struct index_source *src = &db->srcs[k];
    struct source s;
    int rc = source_open(db, src, &s);
    if (rc != PGNKIT_OK)
        return rc;
    db->reading = &s; /* fn may ask for a game's text: it is read from here */
    rc = src->plain ? read_plain_games(db, &s, verdict, gap, fn, ctx)
                    : read_whole_source(db, &s, verdict, fn, ctx);
    db->reading = NULL;
    close(s.fd);
    return rc;
}

/* ---- Reading a game back ---- */

/* Keeps g's raw text in db->text (a game read through a compressed source). */
static int keep_text(struct pgnkit_db *db, void *ctx, struct game *g, struct pgn_reader *r)
{
    (void)r;
    size_t *len = ctx;
    if (!g->raw)
        return fail(db, PGNKIT_ETOOBIG, "game %llu of '%s' is over the size limit",
                    (unsigned long long)g->index, g->file ? g->file : "");
    if (g->raw_len + 1 > db->text_cap) {
        unsigned char *more = realloc(db->text, g->raw_len + 1);
        if (!more)
            return fail(db, PGNKIT_ENOMEM, "out of memory");
        db->text = more;
        db->text_cap = g->raw_len + 1;
    }
    memcpy(db->text, g->raw, g->raw_len);
    *len = g->raw_len;
    return PGNKIT_OK;
}

int pgnkit_db_game_pgn(struct pgnkit_db *db, uint64_t number, const char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    db->error[0] = '\0';
    size_t k = 0;
    uint64_t asked = number;
    while (k < db->nsrc && number > db->srcs[k].games)
        number -= db->srcs[k++].games;
    if (number == 0 || k == db->nsrc)
        return fail(db, PGNKIT_EINVAL, "no game %llu in the database", (unsigned long long)asked);
    const struct index_source *src = &db->srcs[k];
    /* Asked while pgnkit_db_find() reads this source: it is open and checked. */
    const struct source *open_one = db->reading && db->reading->src == src ? db->reading : NULL;
    struct source s;
    int rc = open_one ? PGNKIT_OK : source_open(db, src, &s);
    if (rc != PGNKIT_OK)
        return rc;
    if (open_one)
        s = *open_one;
    if (src->plain) {
        struct index_span at;
        if ((rc = index_db_game_span(db->idx, src->id, number, &at)) != PGN_OK)
            rc = index_failed(db, rc);
        else if (at.offset + at.length > src->indexed_bytes)
            rc = fail(db, PGNKIT_EFORMAT, "the database is damaged: game %llu of '%s'",
                      (unsigned long long)number, src->path);
        else if ((rc = source_read(db, &s, at.offset, at.length, &db->text, &db->text_cap)) ==
                 PGNKIT_OK)
            *len = (size_t)at.length;
    } else {
        unsigned char *wanted = calloc(src->games, 1); /* INDEX_NO but the one game */
        if (!wanted)
            rc = fail(db, PGNKIT_ENOMEM, "out of memory");
        else {
            wanted[number - 1] = INDEX_MAYBE;
            rc = read_whole_source(db, &s, wanted, keep_text, len);
            free(wanted);
        }
    }
    if (!open_one)
        close(s.fd);
    if (rc == PGNKIT_OK)
        *text = (const char *)db->text;
    return rc;
}

/* ---- The games a query matches ---- */

/* found asked to stop: not a status, never returned to the caller. */
enum { FIND_STOPPED = 1 };

/* A pgnkit_db_find() going through one source. */
struct find {
    struct pgnkit_query *q;
    int (*found)(void *ctx, uint64_t number);
    void *ctx;
    const unsigned char *verdict; /* the source's games, by the plan */
    uint64_t before;              /* games of the sources before it */
    uint64_t next;                /* its first game (from 0) not told yet */
};

/* Tells found the games before game upto (from 0) the records proved matched. */
static int tell_decided(struct find *f, uint64_t upto)
{
    for (; f->next < upto; f->next++)
        if (f->verdict[f->next] == INDEX_YES && f->found(f->ctx, f->before + f->next + 1))
            return FIND_STOPPED;
    return PGNKIT_OK;
}

/* An undecided game read from its source: matched, and told in its turn. */
static int find_match(struct pgnkit_db *db, void *ctx, struct game *g, struct pgn_reader *r)
{
    struct find *f = ctx;
    int rc = tell_decided(f, g->index - 1);
    if (rc != PGNKIT_OK)
        return rc;
    int m = api_query_match_game(f->q, g, r);
    if (m < 0)
        return fail(db, m, "out of memory");
    f->next = g->index;
    return m > 0 && f->found(f->ctx, f->before + g->index) ? FIND_STOPPED : PGNKIT_OK;
}

int pgnkit_db_find(struct pgnkit_db *db, struct pgnkit_query *q,
                   int (*found)(void *ctx, uint64_t number), void *ctx)
{
    db->error[0] = '\0';
    struct find f = { .q = q, .found = found, .ctx = ctx };
    struct index_plan *plan = NULL;
    int rc = index_plan_new(&plan, db->idx, api_query_criteria(q), api_query_opts(q));
    if (rc != PGN_OK) {
        index_plan_free(plan);
        return index_failed(db, rc);
    }
    for (size_t k = 0; k < db->nsrc && rc == PGNKIT_OK; k++) {
        const struct index_source *src = &db->srcs[k];
        unsigned char *verdict = malloc(src->games ? src->games : 1);
        if (!verdict) {
            rc = fail(db, PGNKIT_ENOMEM, "out of memory");
            break;
        }
        /* A plan that decides nothing leaves every game to the matcher. */
        if (!index_plan_useful(plan))
            memset(verdict, INDEX_MAYBE, src->games);
        else if ((rc = index_plan_source(plan, src->id, src->games, verdict)) != PGN_OK)
            rc = index_failed(db, rc);
        f.verdict = verdict;
        f.next = 0;
        /* Read even when the records decided every game: the source is
         * checked then, so that no answer comes from stale records. */
        if (rc == PGNKIT_OK)
            rc = read_games(db, k, verdict, INDEX_RUN_GAP, find_match, &f);
        if (rc == PGNKIT_OK)
            rc = tell_decided(&f, src->games);
        f.before += src->games;
        free(verdict);
    }
    index_plan_free(plan);
    return rc == FIND_STOPPED ? PGNKIT_OK : rc;
}

static int count_one(void *ctx, uint64_t number)
{
    (void)number;
    *(uint64_t *)ctx += 1;
    return 0;
}

int pgnkit_db_count(struct pgnkit_db *db, struct pgnkit_query *q, uint64_t *n)
{
    uint64_t found = 0;
    *n = 0;
    int rc = pgnkit_db_find(db, q, count_one, &found);
    if (rc == PGNKIT_OK)
        *n = found;
    return rc;
}

/*
 * Game number of the database read from its own text and handed to fn as
 * read_games() hands a game: for a few games, where the runs' look at
 * every game of the source (index_runs.h) would cost more than the games.
 */
static int read_one(struct pgnkit_db *db, uint64_t number, game_fn *fn, void *ctx)
{
    const char *text;
    size_t len;
    uint64_t index = number;
    size_t k = 0;
    while (k < db->nsrc && index > db->srcs[k].games)
        index -= db->srcs[k++].games;
    int rc = pgnkit_db_game_pgn(db, number, &text, &len);
    if (rc != PGNKIT_OK)
        return rc;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    opts.name = db->srcs[k].path;
    opts.flags = db->reader_flags;
    struct pgn_reader *r;
    if ((rc = pgn_reader_open_mem(&r, text, len, &opts)) != PGN_OK)
        return reader_failed(db, &db->srcs[k], rc);
    struct game g;
    memset(&g, 0, sizeof g);
    int got = pgn_reader_next(r, &g);
    if (got > 0) {
        g.index = index; /* its number in its source, as read_games() gives it */
        rc = fn(db, ctx, &g, r);
    } else {
        rc = got < 0 ? reader_failed(db, &db->srcs[k], got)
                     : fail(db, PGNKIT_EFORMAT, "the database is damaged: game %llu of '%s'",
                            (unsigned long long)index, db->srcs[k].path);
    }
    pgn_reader_free(r);
    return rc;
}

/* ---- The opening tree ---- */

/* Adds a game's tree reading to db's tree (the first of its next moves only). */
static int tree_add(void *ctx, const struct index_tree_game *tg, uint64_t number,
                    const struct game *g)
{
    struct pgnkit_db *db = ctx;
    (void)number, (void)g;
    if (tg->empty)
        return PGNKIT_OK;
    db->total.games++;
    if (!tg->reached)
        return PGNKIT_OK;
    uint64_t w = tg->result == PGN_RESULT_WHITE, d = tg->result == PGN_RESULT_DRAW,
             b = tg->result == PGN_RESULT_BLACK;
    db->total.reached++;
    db->total.white_wins += w;
    db->total.draws += d;
    db->total.black_wins += b;
    if (tg->nmoves == 0)
        return PGNKIT_OK;
    size_t i = 0;
    while (i < db->tree_len && db->tree[i].move != tg->moves[0])
        i++;
    if (i == db->tree_len) {
        if (db->tree_len == db->tree_cap) {
            size_t cap = db->tree_cap ? 2 * db->tree_cap : 32;
            struct pgnkit_tree_move *more = realloc(db->tree, cap * sizeof *more);
            if (!more)
                return fail(db, PGNKIT_ENOMEM, "out of memory");
            db->tree = more;
            db->tree_cap = cap;
        }
        db->tree[db->tree_len++] = (struct pgnkit_tree_move){ .move = tg->moves[0] };
    }
    db->tree[i].games++;
    db->tree[i].white_wins += w;
    db->tree[i].draws += d;
    db->tree[i].black_wins += b;
    return PGNKIT_OK;
}

struct tree_walk {
    const struct pos *root;
    int depth;
    api_tree_fn *fn;
    api_counted_fn *counted; /* NULL: every game through fn */
    void *ctx;
    uint64_t before; /* games of the sources before this one */
    int status;      /* the first status fn returned */
};

/* A game the records told. */
static void tree_told(void *ctx, const struct index_tree_game *tg)
{
    struct tree_walk *t = ctx;
    if (t->status == PGNKIT_OK)
        t->status = t->fn(t->ctx, tg, t->before + tg->index, NULL);
}

/* A game the records could not tell: replayed, and read as the tree reads a replay. */
static int tree_replay(struct pgnkit_db *db, void *ctx, struct game *g, struct pgn_reader *r)
{
    struct tree_walk *t = ctx;
    (void)r;
    struct index_tree_game tg;
    if (!(g->flags & GAME_EMPTY) && replay_game(&db->replay, g) != PGN_OK)
        return fail(db, PGNKIT_ENOMEM, "out of memory");
    index_tree_of_replay(g, &db->replay, t->root, t->depth, &tg);
    return t->fn(t->ctx, &tg, t->before + g->index, g);
}

/* A source's counts (index_tree_counted()), handed on with the games of the sources before. */
static int tree_counted(void *ctx, const struct index_tree_counts *c)
{
    struct tree_walk *t = ctx;
    if (t->status == PGNKIT_OK)
        t->status = t->counted(t->ctx, c, t->before);
    return PGN_OK;
}

/*
 * The games maybe[0..n) (ascending numbers in source k) that the counts of
 * source k could not tell, read: one by one while they are few, else in
 * runs as read_games() reads them.
 */
static int read_untold(struct pgnkit_db *db, size_t k, struct tree_walk *t,
                       const uint64_t *maybe, size_t n)
{
    enum { FEW = 64 };
    int rc = PGNKIT_OK;
    if (n <= FEW) {
        for (size_t i = 0; rc == PGNKIT_OK && i < n; i++)
            rc = read_one(db, t->before + maybe[i], tree_replay, t);
        return rc;
    }
    unsigned char *verdict = calloc(db->srcs[k].games, 1); /* INDEX_NO but those */
    if (!verdict)
        return fail(db, PGNKIT_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++)
        verdict[maybe[i] - 1] = INDEX_MAYBE;
    rc = read_games(db, k, verdict, 1, tree_replay, t);
    free(verdict);
    return rc;
}

/* Source k from its counts when t->counted takes them: 1 when they told
 * (the games they could not tell read too), 0 when not, or a status. */
static int source_counted(struct pgnkit_db *db, size_t k, struct tree_walk *t)
{
    const struct index_source *src = &db->srcs[k];
    uint64_t *maybe;
    size_t n;
    if (!src->plain || !t->counted)
        return 0;
    int told = index_tree_counted_sparse(db->idx, src->id, src->games, t->root, t->depth,
                                         tree_counted, t, &maybe, &n);
    int rc = told < 0 ? index_failed(db, told) : t->status;
    if (rc == PGNKIT_OK && told)
        rc = read_untold(db, k, t, maybe, n);
    free(maybe);
    return rc ? rc : told;
}

/* The walk of every source: from its counts when t->counted takes them and
 * they tell, else from its records; the games neither tells are read. */
static int tree_walk_sources(struct pgnkit_db *db, struct tree_walk *t)
{
    db->error[0] = '\0';
    int rc = PGNKIT_OK;
    for (size_t k = 0; k < db->nsrc && rc == PGNKIT_OK; k++) {
        const struct index_source *src = &db->srcs[k];
        int told = source_counted(db, k, t);
        unsigned char *verdict = told ? NULL : malloc(src->games ? src->games : 1);
        if (told < 0)
            rc = told;
        else if (!told && !verdict)
            rc = fail(db, PGNKIT_ENOMEM, "out of memory");
        /* The records tell a plain source's games; a compressed one is read whole. */
        else if (!told && !src->plain)
            memset(verdict, INDEX_MAYBE, src->games);
        else if (!told && (rc = index_tree_source(db->idx, src->id, src->games, t->root,
                                                  t->depth, tree_told, t, verdict)) != PGN_OK)
            rc = index_failed(db, rc);
        if (rc == PGNKIT_OK)
            rc = t->status;
        if (rc == PGNKIT_OK && !told)
            rc = read_games(db, k, verdict, 1, tree_replay, t);
        t->before += src->games;
        free(verdict);
    }
    return rc;
}

int api_db_tree_walk(struct pgnkit_db *db, const struct pos *root, int depth, api_tree_fn *fn,
                     void *ctx)
{
    struct tree_walk t = { root, depth, fn, NULL, ctx, 0, PGNKIT_OK };
    return tree_walk_sources(db, &t);
}

int api_db_tree_counted(struct pgnkit_db *db, const struct pos *root, api_tree_fn *fn,
                        api_counted_fn *counted, void *ctx)
{
    struct tree_walk t = { root, 1, fn, counted, ctx, 0, PGNKIT_OK };
    return tree_walk_sources(db, &t);
}

int api_db_tree_games(struct pgnkit_db *db, const struct pos *root, const uint64_t *numbers,
                      size_t n, api_tree_fn *fn, void *ctx)
{
    db->error[0] = '\0';
    struct tree_walk t = { root, 1, fn, NULL, ctx, 0, PGNKIT_OK };
    int rc = PGNKIT_OK;
    for (size_t i = 0; rc == PGNKIT_OK && i < n; i++) {
        /* tree_replay() numbers a game from the games of the sources before its own. */
        t.before = 0;
        for (size_t k = 0; k < db->nsrc && numbers[i] - t.before > db->srcs[k].games; k++)
            t.before += db->srcs[k].games;
        if ((rc = read_one(db, numbers[i], tree_replay, &t)) == PGNKIT_OK)
            rc = t.status;
    }
    return rc;
}

/* Most played first, then by the move's number. */
static int by_games(const void *a, const void *b)
{
    const struct pgnkit_tree_move *x = a, *y = b;
    if (x->games != y->games)
        return x->games < y->games ? 1 : -1;
    return (x->move > y->move) - (x->move < y->move);
}

int pgnkit_db_tree(struct pgnkit_db *db, const struct pgnkit_position *root,
                   const struct pgnkit_tree_move **moves, size_t *n,
                   struct pgnkit_tree_total *total)
{
    *moves = NULL;
    *n = 0;
    db->tree_len = 0;
    memset(&db->total, 0, sizeof db->total);
    int rc = api_db_tree_walk(db, &root->p, 1, tree_add, db);
    if (rc != PGNKIT_OK)
        return rc;
    if (db->tree_len) /* a position no game reached has no array to sort */
        qsort(db->tree, db->tree_len, sizeof *db->tree, by_games);
    *moves = db->tree;
    *n = db->tree_len;
    if (total)
        *total = db->total;
    return PGNKIT_OK;
}
