/* driver.c - for each game of the inputs, on the pipeline's workers or here, written in input order. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/common.h"
#include "cli/dbinput.h"
#include "cli/driver.h"
#include "pgn/record_reader.h"
#include "cli/progress.h"
#include "pgn/pgn_reader.h"
#include "base/banned.h"

/* The signal that asked the run to stop (SIGINT, SIGTERM), 0 before. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    if (!interrupted)
        interrupted = sig;
}

void driver_catch_interrupt(void)
{
    /* SA_RESTART: a write to a pipe the signal meets is finished, not
     * failed with EINTR; the reading checks the flag between games. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int driver_interrupted(void) { return interrupted != 0; }

int driver_interrupt_status(void) { return interrupted ? 128 + interrupted : 0; }

void driver_report_interrupt(void)
{
    if (!interrupted)
        return;
    progress_erase();
    fflush(stdout);
    fprintf(stderr, "%s: interrupted: the output ends with the last finished game\n", progname);
}

int driver_run_failed(int io_failed) { return io_failed || interrupted; }

int driver_exit_status(int quiet, int io_failed, int status)
{
    if (!quiet)
        driver_report_interrupt();
    if (io_failed)
        return EXIT_IO;
    if (interrupted)
        return driver_interrupt_status();
    return status;
}

/* Room for one worker's output of a batch (or, with one job, of a game). */
#define OUT_MAX ((size_t)1 << 30)

/* With one job, the calling thread as the worker: one game at a time. */
struct driver_here {
    void *ctx;                /* the command's worker context */
    void *record;             /* job.record.size bytes */
    struct arena arena;       /* the record's more memory, emptied after each game */
    struct buf out;           /* the game's output */
    FILE *diag;               /* the game's messages, a memory stream */
    char *diag_text;
    size_t diag_len;
};

/* A worker thread's context and its output buffer, for the pipeline. */
struct driver_worker {
    const struct driver_job *job;
    void *ctx;
    struct buf out;
};

void driver_init(struct driver *d, void *cmd, const struct driver_job *job)
{
    static char outbuf[1 << 16];
    memset(d, 0, sizeof *d);
    d->cmd = cmd;
    d->job = *job;
    /* On a terminal each line shows as soon as it is written; a pipe or a
     * file gets it in large writes. */
    setvbuf(stdout, outbuf, isatty(1) ? _IOLBF : _IOFBF, sizeof outbuf);
    driver_catch_interrupt();
}

static void work_batch(void *ctx, struct batch *b)
{
    struct driver_worker *w = ctx;
    batch_run(b, w->ctx, &w->job->record, &w->out, w->job->work);
}

static void open_diag(struct driver_here *h)
{
    h->diag_text = NULL;
    h->diag_len = 0;
    if (!(h->diag = open_memstream(&h->diag_text, &h->diag_len)))
        die(EXIT_IO, "out of memory");
}

void driver_start(struct driver *d, long jobs, unsigned flags, void *workers, size_t size)
{
    assert(jobs >= 1 && jobs <= JOBS_MAX &&
           d->job.record.mark + sizeof(struct batch_mark) <= d->job.record.size);
    if (jobs == 1 && (flags & PIPELINE_CALLER_WORKS)) {
        struct driver_here *h = xcalloc(1, sizeof *h);
        h->ctx = workers;
        arena_init(&h->arena, (size_t)1 << 31); /* as a batch's */
        buf_init(&h->out, OUT_MAX);
        /* A job that handles each game whole (one) never has a record,
         * output or messages of the driver's to fill. */
        if (!d->job.one) {
            h->record = xcalloc(1, d->job.record.size);
            open_diag(h);
        }
        d->here = h;
        return;
    }
    void *ctxs[JOBS_MAX];
    d->workers = xcalloc((size_t)jobs, sizeof *d->workers);
    d->nworkers = jobs;
    for (long i = 0; i < jobs; i++) {
        d->workers[i].job = &d->job;
        d->workers[i].ctx = (char *)workers + (size_t)i * size;
        buf_init(&d->workers[i].out, OUT_MAX);
        ctxs[i] = &d->workers[i];
    }
    if (d->reader_flags & PGN_READER_NESTED_COMMENTS)
        flags |= PIPELINE_NESTED_COMMENTS;
    if (pipeline_new(&d->p, (int)jobs, flags, work_batch, ctxs) != PGN_OK)
        die(EXIT_IO, "cannot start %ld threads", jobs);
}

void driver_release(struct driver *d)
{
    dbinputs_release(&d->dbs);
    pipeline_free(d->p);
    d->p = NULL;
    for (long i = 0; d->workers && i < d->nworkers; i++)
        buf_release(&d->workers[i].out);
    free(d->workers);
    d->workers = NULL;
    if (d->here) {
        if (d->here->diag)
            fclose(d->here->diag);
        free(d->here->diag_text);
        buf_release(&d->here->out);
        arena_release(&d->here->arena);
        free(d->here->record);
        free(d->here);
        d->here = NULL;
    }
}

/* No more games: the command says so, a signal came, or nobody reads the output. */
static int stopped(const struct driver *d)
{
    return d->stop || interrupted ||
           (output_closed() && !(d->flags & DRIVER_READ_PAST_CLOSED_OUTPUT));
}

/* 1 when standard output is a terminal: a game's text there erases the line first. */
static int stdout_is_terminal;

/* Before a game's parts are written, maybe to the terminal: the progress line goes. */
static void erase_for(const struct batch_part *part)
{
    if (part->diag_len || (part->text_len && stdout_is_terminal))
        progress_erase();
}

/* Every game of b, written in order until the command stops. */
static void write_batch(struct driver *d, struct batch *b)
{
    struct batch_cursor cur;
    struct batch_part part;
    const struct batch_mark *m;
    batch_cursor_init(&cur, b, &d->job.record);
    for (size_t i = 0; !d->stop && (m = batch_cursor_next(&cur, &part)) != NULL; i++)
        if (d->job.write)
            d->job.write(d->cmd, &b->games[i], m, &part);
}

static void drain(struct driver *d, int wait);

/* One game on the calling thread, the worker of one job: worked on, then written. */
static void work_here(struct driver *d, struct pgn_reader *reader, struct game *g)
{
    struct driver_here *h = d->here;
    struct batch_mark *m = (void *)((char *)h->record + d->job.record.mark);
    size_t dstart = h->diag_len;
    /* Before the work completes the game: then the reader still knows its span. */
    struct pgn_span_origin o;
    int has_origin = (d->flags & DRIVER_SPAN_ORIGINS) && (g->flags & GAME_LAZY) && reader &&
                     pgn_reader_span_origin(reader, g, &o) == PGN_OK;
    memset(h->record, 0, d->job.record.size);
    m->diag_end = dstart;
    buf_reset(&h->out);
    d->job.work(h->ctx, g, reader, &h->arena, h->diag, &h->out, m);
    fflush(h->diag);
    m->diag_end = h->diag_len;
    m->text_end = h->out.len;
    struct batch_part part = { h->diag_text + dstart, h->out.data, h->diag_len - dstart,
                               h->out.len, has_origin ? &o : NULL };
    erase_for(&part);
    if (d->job.write)
        d->job.write(d->cmd, g, m, &part);
    if (h->arena.used)
        arena_reset(&h->arena);
    if (h->diag_len >= ((size_t)1 << 16)) {
        /* The messages of games written are not kept. */
        fclose(h->diag);
        free(h->diag_text);
        open_diag(h);
    }
}

/*
 * Where each game goes, decided here for every game the driver is given:
 * passed over, handled whole (job.one), worked on here, or added to the
 * pipeline. Inline in read_member(): as a call per game it cost search -c
 * --white 0.4% more instructions than before the driver had it (callgrind,
 * 20,000 games), which issue 34's figure (within 1%) did not leave room for.
 */
static inline void take(struct driver *d, struct pgn_reader *reader, struct game *g)
{
    if (d->job.select && !d->job.select(d->cmd, reader, g))
        return;
    if (d->here) {
        if (d->job.one)
            d->job.one(d->cmd, reader, g);
        else
            work_here(d, reader, g);
        return;
    }
    if (pipeline_add(d->p, reader, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    drain(d, 0);
}

void driver_take(struct driver *d, struct pgn_reader *reader, struct game *g)
{
    take(d, reader, g);
}

/* Writes the finished batches in input order; with wait, every batch in flight. */
static void drain(struct driver *d, int wait)
{
    struct batch *b;
    while ((b = pipeline_next(d->p, wait || pipeline_full(d->p))) != NULL) {
        write_batch(d, b);
        pipeline_recycle(d->p, b);
        /* A batch can take long (an engine's analysis): count it as it comes. */
        if (progress_active())
            progress_update(d->games_read, d->raw_done);
    }
}

/* Ends the reading of one input: reports its error when rc (the last
 * pgn_reader_next() result) is negative, then frees r. */
static int close_input(struct driver *d, struct pgn_reader *r, int rc)
{
    if (rc < 0) {
        const struct pgn_error *e = pgn_reader_error(r);
        progress_erase();
        fflush(stdout);
        if (d->flags & DRIVER_LOCATED_ERRORS) {
            /* gcc style, the location first; no column where none is known. */
            fprintf(stderr, "%s:", e->file ? e->file : "<stdin>");
            if (e->line)
                fprintf(stderr, "%llu:", (unsigned long long)e->line);
            if (e->line && e->col)
                fprintf(stderr, "%lu:", (unsigned long)e->col);
            fprintf(stderr, " error: %s\n", e->message ? e->message : pgn_strerror(rc));
        } else if (rc == PGN_EFORMAT) {
            error("%s: %s", e->file ? e->file : "<stdin>", e->message);
        } else {
            error("cannot read '%s' to its end: %s", e->file ? e->file : "<stdin>",
                  e->message ? e->message : pgn_strerror(rc));
        }
    }
    pgn_reader_free(r);
    return rc < 0 ? -1 : 0;
}

static int read_member(struct driver *d, struct pgn_reader *reader, uint64_t raw_start);

/*
 * An archive's next PGN member (1), the end (0) or an error. Members passed
 * over by their names get a note; a member that turns out not to be PGN is
 * an input that could not be read (reported, d->io_failed), and the next
 * member is read.
 */
static int next_member(struct driver *d, struct pgn_reader *reader)
{
    const char *name;
    int rc;
    while ((rc = pgn_reader_next_member(reader, &name)) == 2 || rc == 3) {
        progress_erase();
        fflush(stdout);
        if (rc == 3) {
            error("%s: %s", name, pgn_reader_error(reader)->message);
            d->io_failed = 1;
        } else {
            fprintf(stderr, "%s: note: not a PGN member (its name does not end in .pgn, "
                    ".pgn.gz or .pgn.zst): skipped\n", name);
        }
    }
    return rc;
}

/* Every game of an open reader (of each PGN member, for an archive), then the reader closed. */
static int read_games(struct driver *d, struct pgn_reader *reader)
{
    /* The raw offset counts the whole file, archive members included. */
    uint64_t raw_start = d->raw_done;
    int rc;
    do
        rc = read_member(d, reader, raw_start);
    while (rc == 0 && !stopped(d) && (rc = next_member(d, reader)) > 0);
    if (interrupted)
        rc = 0; /* Ctrl-C cut the input short: not a read error */
    return close_input(d, reader, rc);
}

/* Every game of the reader's input, or of its current archive member. */
static int read_member(struct driver *d, struct pgn_reader *reader, uint64_t raw_start)
{
    struct game g;
    int rc = 0, show = progress_active();
    while (!stopped(d) && (rc = pgn_reader_next(reader, &g)) > 0) {
        /* A clock reading every 16 games: nothing to speak of at 100,000 games a second. */
        if (show && (++d->games_read & 15) == 0) {
            d->raw_done = raw_start + pgn_reader_raw_offset(reader);
            progress_update(d->games_read, d->raw_done);
        }
        if (d->pass_over && d->pass_over(d->pass_ctx, &g))
            continue;
        take(d, reader, &g);
    }
    if (d->p) {
        /* Everything of this input is written before its read error, as with one job. */
        pipeline_flush(d->p);
        drain(d, 1);
    }
    d->bytes_done += pgn_reader_offset(reader);
    d->raw_done = raw_start + pgn_reader_raw_offset(reader);
    return rc;
}

static void reader_opts(const struct driver *d, struct pgn_reader_opts *opts)
{
    pgn_reader_opts_init(opts);
    opts->flags |= d->reader_flags;
    if (d->p)
        opts->flags |= d->worker_reader_flags;
}

static int open_failed(const char *path, int rc)
{
    error("cannot open '%s': %s", path ? path : "-",
          rc == PGN_EIO ? strerror(errno) : pgn_strerror(rc));
    return -1;
}

int driver_read_fd(struct driver *d, int fd, const char *name)
{
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    reader_opts(d, &opts);
    int rc = pgn_reader_open_fd(&reader, fd, name, &opts);
    return rc != PGN_OK ? open_failed(name, rc) : read_games(d, reader);
}

/* The driver's reading as dbinput (below it) sees it. */
static int db_read_fd(void *ctx, int fd, const char *name) { return driver_read_fd(ctx, fd, name); }

static int db_read_span(void *ctx, const void *data, size_t len, const char *name,
                        const struct pgn_span_origin *o, dbinput_pass_fn *pass_over,
                        const void *pass_ctx)
{
    struct driver *d = ctx;
    d->pass_over = pass_over;
    d->pass_ctx = pass_ctx;
    int rc = driver_read_span(d, data, len, name, o);
    d->pass_over = NULL;
    d->pass_ctx = NULL;
    return rc;
}

static int db_stopped(void *ctx) { return stopped(ctx); }

/* A pgnkit database: its sources' games, read back through this driver. */
static int read_database(struct driver *d, struct dbinput_db *in)
{
    const struct dbinput_reader via = { d, d->reader_flags, db_read_fd, db_read_span,
                                        db_stopped };
    return dbinput_read(in, &d->db, &via);
}

/*
 * Games the records gather before they are read as one span: few spans,
 * few pipeline drains. A gap of more lines than RECORDS_GAP between two
 * records (blank lines, a record written on many) starts a new span rather
 * than filling this one with line ends.
 */
enum { RECORDS_SPAN = 1 << 20, RECORDS_GAP = 4096 };

/*
 * The PGN text of records read [first..] in one span, each on its record's
 * line (blank lines between), so that the reader's lines, columns aside,
 * and game numbers are those of the records.
 */
struct record_span {
    struct buf text;
    struct pgn_span_origin origin;
    uint64_t line; /* of the last record put */
};

static int span_flush(struct driver *d, struct record_span *s, const char *name)
{
    if (!s->text.len)
        return 0;
    int rc = driver_read_span(d, s->text.data, s->text.len, name, &s->origin);
    buf_reset(&s->text);
    return rc;
}

static int span_put(struct driver *d, struct record_span *s, const struct record *rec,
                    const char *name)
{
    int rc = 0;
    if (s->text.len && rec->line - s->line > RECORDS_GAP)
        rc = span_flush(d, s, name);
    if (!s->text.len)
        s->origin = (struct pgn_span_origin){ rec->index, 0, rec->line, 1 };
    else
        for (uint64_t l = s->line; l < rec->line; l++)
            if (buf_append(&s->text, "\n", 1))
                die(EXIT_IO, "out of memory");
    if ((s->text.len && rec->line == s->line && buf_append(&s->text, " ", 1)) ||
        buf_append(&s->text, rec->pgn, rec->len))
        die(EXIT_IO, "out of memory");
    s->line = rec->line;
    if (s->text.len >= RECORDS_SPAN && span_flush(d, s, name) < 0)
        rc = -1;
    return rc;
}

/*
 * Reads path as records of games as data (d->from), or, with RECORD_AUTO,
 * when its first record says what they are; 1 when it is not records (the
 * caller reads PGN), else 0 or -1 as driver_read(). A bad record is said
 * and counted in d->records_bad; the games around it are read.
 */
static int read_records(struct driver *d, const char *path)
{
    struct record_reader *r;
    int rc = record_reader_open(&r, path, d->from);
    if (rc != PGN_OK)
        return open_failed(path, rc);
    if (d->from == RECORD_AUTO && !record_reader_detect(r)) {
        record_reader_free(r);
        return 1;
    }
    const char *name = path ? path : "<stdin>";
    struct record_span span = { .text = BUF_INIT(SIZE_MAX) };
    struct record rec;
    int failed = 0;
    while (!stopped(d) && (rc = record_reader_next(r, &rec)) != RECORD_END) {
        if (rc == RECORD_GAME) {
            failed |= span_put(d, &span, &rec, name) < 0;
            continue;
        }
        /* Said in input order: the games before it are read first. */
        failed |= span_flush(d, &span, name) < 0;
        int status;
        const char *message = record_reader_message(r, &status);
        if (status == PGN_ENOMEM)
            die(EXIT_IO, "%s", message);
        error("%s", message);
        if (rc == RECORD_FAIL) {
            failed = 1;
            break;
        }
        d->records_bad++;
    }
    failed |= span_flush(d, &span, name) < 0;
    buf_release(&span.text);
    record_reader_free(r);
    return failed ? -1 : 0;
}

int driver_read(struct driver *d, const char *path)
{
    struct dbinput_db *in = dbinputs_get(&d->dbs, path);
    if (in)
        return read_database(d, in);
    if (d->from > RECORD_AUTO || (d->from == RECORD_AUTO && path)) {
        int rc = read_records(d, path);
        if (rc <= 0)
            return rc;
    }
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    reader_opts(d, &opts);
    int rc = pgn_reader_open(&reader, path, &opts);
    return rc != PGN_OK ? open_failed(path, rc) : read_games(d, reader);
}

int driver_read_mem(struct driver *d, const void *data, size_t len, const char *name)
{
    return driver_read_span(d, data, len, name, NULL);
}

int driver_read_span(struct driver *d, const void *data, size_t len, const char *name,
                     const struct pgn_span_origin *o)
{
    struct pgn_reader *reader;
    struct pgn_reader_opts opts;
    reader_opts(d, &opts);
    opts.name = name;
    int rc = pgn_reader_open_mem(&reader, data, len, &opts);
    if (rc == PGN_OK && o && (rc = pgn_reader_set_origin(reader, o)) != PGN_OK)
        pgn_reader_free(reader);
    return rc != PGN_OK ? open_failed(NULL, rc) : read_games(d, reader);
}

static void run_input(struct driver *d, const char *arg)
{
    const char *path = arg && strcmp(arg, "-") ? arg : NULL;
    int rc = d->reader     ? d->reader(d->reader_ctx, d, path)
             : d->job.input ? d->job.input(d->cmd, d, path)
                            : driver_read(d, path);
    d->io_failed |= rc < 0;
}

/* Bytes of the n inputs as stored, for the percent; 0 when one is not a plain file. */
static uint64_t inputs_size(int n, char *const *inputs)
{
    uint64_t total = 0;
    for (int i = 0; i < (n ? n : 1); i++) {
        struct stat st;
        const char *path = n ? inputs[i] : "-";
        if ((strcmp(path, "-") ? stat(path, &st) : fstat(0, &st)) != 0 || !S_ISREG(st.st_mode))
            return 0;
        total += (uint64_t)st.st_size;
    }
    return total;
}

void driver_run(struct driver *d, int n, char *const *inputs)
{
    stdout_is_terminal = isatty(1);
    dbinputs_open(&d->dbs, n, inputs); /* a stale database answers nothing */
    /* Alone, the reading thread cannot tell when a game's own text goes to
     * the terminal; with workers, every such text passes batch_cursor_next(). */
    if (!(d->flags & DRIVER_NO_PROGRESS) && isatty(2) &&
        (d->p || !stdout_is_terminal || (d->flags & DRIVER_QUIET_STDOUT)))
        progress_start(inputs_size(n, inputs));
    if (n == 0)
        run_input(d, NULL);
    for (int i = 0; i < n && !stopped(d); i++)
        run_input(d, inputs[i]);
    progress_stop();
    dbinputs_release(&d->dbs);
}

void driver_pause(struct driver *d)
{
    if (d->job.flush)
        d->job.flush(d->cmd);
    fflush(stdout);
}

/* The mark of record i of recs, laid out as rec. */
static struct batch_mark *mark_of(const void *recs, const struct batch_layout *rec, size_t i)
{
    return (void *)((char *)(uintptr_t)recs + i * rec->size + rec->mark);
}

void batch_run(struct batch *b, void *worker, const struct batch_layout *rec, struct buf *out,
               batch_game_fn *fn)
{
    char *recs = arena_alloc(&b->arena, b->n * rec->size), *diag_text = NULL;
    size_t diag_len = 0;
    FILE *diag = recs ? open_memstream(&diag_text, &diag_len) : NULL;
    if (!diag) {
        b->status = PGN_ENOMEM;
        return;
    }
    memset(recs, 0, b->n * rec->size);
    buf_reset(out);
    for (size_t i = 0; i < b->n; i++) {
        struct pgn_reader *reader;
        struct game *g = pipeline_game(b, i, &reader);
        if (!g)
            break;
        struct batch_mark *m = mark_of(recs, rec, i);
        m->diag_end = diag_len;
        fn(worker, g, reader, &b->arena, diag, out, m);
        fflush(diag);
        m->diag_end = diag_len;
        m->text_end = out->len;
    }
    fclose(diag);
    b->text = malloc(diag_len + out->len + 1);
    if (!b->text) {
        b->status = PGN_ENOMEM;
    } else {
        if (diag_len)
            memcpy(b->text, diag_text, diag_len);
        if (out->len)
            memcpy(b->text + diag_len, out->data, out->len);
        b->text_len = diag_len + out->len;
    }
    free(diag_text);
    b->result = recs;
}

void batch_cursor_init(struct batch_cursor *c, const struct batch *b,
                       const struct batch_layout *rec)
{
    if (b->status != PGN_OK)
        die(EXIT_IO, "out of memory");
    c->b = b;
    c->rec = *rec;
    c->next = c->dstart = c->tstart = 0;
    c->diag_len = b->n ? mark_of(b->result, rec, b->n - 1)->diag_end : 0;
}

const struct batch_mark *batch_cursor_next(struct batch_cursor *c, struct batch_part *part)
{
    if (c->next >= c->b->n)
        return NULL;
    const struct batch *b = c->b;
    part->origin = b->origins && b->origins[c->next].index ? &b->origins[c->next] : NULL;
    const struct batch_mark *m = mark_of(c->b->result, &c->rec, c->next++);
    part->diag = c->b->text + c->dstart;
    part->diag_len = m->diag_end - c->dstart;
    part->text = c->b->text + c->diag_len + c->tstart;
    part->text_len = m->text_end - c->tstart;
    erase_for(part); /* the caller writes them next, maybe to the terminal */
    c->dstart = m->diag_end;
    c->tstart = m->text_end;
    return m;
}
