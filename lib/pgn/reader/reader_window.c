/* reader_window.c - the input window: reading, compacting, growing, complete lines only. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <stdlib.h>
#include "pgn/io.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

int reader_window_init(struct reader_window *w, struct pgn_input *in, size_t read_size,
                       size_t max_game)
{
    memset(w, 0, sizeof *w);
    w->read_size = read_size;
    w->cap_max = 2 * max_game + read_size + 2;
    w->cap = 2 * read_size + 2;
    if (w->cap > w->cap_max)
        w->cap = w->cap_max;
    w->buf = malloc(w->cap + BUF_PAD);
    if (!w->buf)
        return PGN_ENOMEM;
    w->in = in;
    w->line = 1;
    return PGN_OK;
}

void reader_window_release(struct reader_window *w)
{
    pgn_input_free(w->in);
    free(w->own_buf ? w->own_buf : w->buf);
}

void reader_window_restart(struct reader_window *w)
{
    w->len = w->safe = w->pos = w->gstart = 0;
    w->lstart = 0;
    w->line = 1;
    w->base = 0;
    w->eof = w->moved = w->io_status = 0;
}

void reader_window_begin_game(struct reader_window *w)
{
    w->gstart = w->pos;
    w->moved = 0;
}

void reader_window_place(struct reader_window *w, uint64_t line, uint32_t col, uint64_t offset)
{
    w->lstart = 1 - (ptrdiff_t)col;
    w->line = line;
    w->base = offset;
}

void reader_window_span(struct reader_window *w, unsigned char *data, size_t len, size_t cap)
{
    /* The window is kept for reader_window_release(); the span replaces it. */
    if (!w->own_buf)
        w->own_buf = w->buf;
    w->buf = data;
    w->cap = cap;
    w->len = len;
    w->safe = w->pos = w->gstart = 0;
    w->eof = 1; /* nothing is read from in: the span is all there is */
    w->moved = 0;
    w->io_status = 0;
}

/* Moves buf[keep..len) to the front. Indices before keep become invalid. */
static void compact(struct reader_window *w, size_t keep)
{
    if (!keep)
        return;
    memmove(w->buf, w->buf + keep, w->len - keep);
    w->moved = 1;
    w->len -= keep;
    w->pos -= keep;
    w->safe = w->safe > keep ? w->safe - keep : 0;
    w->gstart = w->gstart > keep ? w->gstart - keep : 0;
    w->lstart -= (ptrdiff_t)keep;
    w->base += keep;
}

/*
 * Reads more input after compacting to keep. Returns the bytes read, 0 at
 * the end (an input error counts as the end and is kept in io_status), or
 * PGN_ENOMEM / PGN_ETOOBIG (no room even after growing to cap_max).
 */
ptrdiff_t reader_fill(struct reader_window *w, size_t keep)
{
    if (w->eof)
        return 0;
    if (w->cap - w->len < w->read_size + 1)
        compact(w, keep);
    if (w->cap - w->len < w->read_size + 1 && w->cap < w->cap_max) {
        size_t cap = w->cap * 2;
        if (cap < w->len + w->read_size + 1)
            cap = w->len + w->read_size + 1;
        if (cap > w->cap_max)
            cap = w->cap_max;
        unsigned char *nb = realloc(w->buf, cap + BUF_PAD);
        if (!nb)
            return PGN_ENOMEM;
        w->moved |= nb != w->buf;
        w->buf = nb;
        w->cap = cap;
    }
    if (w->cap - w->len < 2)
        return PGN_ETOOBIG;
    ptrdiff_t n = pgn_input_read(w->in, w->buf + w->len, w->cap - w->len - 1);
    if (n <= 0) {
        w->eof = 1;
        if (n < 0)
            w->io_status = (int)n;
        n = 0;
    }
    w->len += (size_t)n;
    memset(w->buf + w->len, 0, BUF_PAD); /* defined bytes after the data for lookahead */
    return n;
}

/* Index just past the last line end in buf[from..to), or 0. A final '\r' only counts at the end. */
size_t reader_last_eol(const unsigned char *b, size_t from, size_t to, int eof)
{
    for (size_t i = to; i > from; i--) {
        unsigned c = b[i - 1];
        if (c == '\n' || (c == '\r' && (i < to || eof)))
            return i;
    }
    return 0;
}

/*
 * A line longer than max_game is met at its start, however the input was
 * buffered: cuts safe back to the start of the first such line in
 * buf[pos..safe) and returns R_TOOBIG when that is pos. Scans only when the
 * window holds more than max_game bytes of complete lines (rare).
 */
int reader_cut_long_line(struct reader_window *w, size_t max_game)
{
    if (w->safe - w->pos <= max_game)
        return R_OK;
    size_t s = w->pos;
    for (size_t i = w->pos; i < w->safe; i++) {
        unsigned c = w->buf[i];
        if (c != '\n' && c != '\r')
            continue;
        if (i - s > max_game)
            break;
        if (c == '\r' && w->buf[i + 1] == '\n')
            i++;
        s = i + 1;
    }
    if (s >= w->safe)
        return R_OK;
    w->safe = s;
    return s == w->pos ? R_TOOBIG : R_OK;
}

/* Called with pos == safe: makes at least one more complete line available. */
int reader_refill(struct reader_window *w, size_t max_game)
{
    for (;;) {
        if (w->eof) {
            if (w->pos >= w->len)
                return R_END;
            w->buf[w->len] = '\n'; /* close the last line; not part of the data */
            w->safe = w->len + 1;
            return reader_cut_long_line(w, max_game);
        }
        /* One line longer than a game may be (a final '\r' may be its end). */
        if (w->len - w->pos - (w->len > w->pos && w->buf[w->len - 1] == '\r') > max_game)
            return R_TOOBIG;
        ptrdiff_t n = reader_fill(w, w->gstart);
        if (n < 0)
            return (int)n;
        if (n == 0)
            continue;
        size_t from = w->len - (size_t)n;
        from = from > w->pos ? from - 1 : w->pos; /* a '\r' that was last may now count */
        size_t e = reader_last_eol(w->buf, from, w->len, w->eof);
        if (e) {
            w->safe = e;
            return reader_cut_long_line(w, max_game);
        }
    }
}
