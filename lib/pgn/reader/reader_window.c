/* reader_window.c - the input window: reading, compacting, growing, complete lines only. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <stdlib.h>
#include "pgn/io.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/* Moves buf[keep..len) to the front. Indices before keep become invalid. */
static void compact(struct pgn_reader *r, size_t keep)
{
    if (!keep)
        return;
    memmove(r->buf, r->buf + keep, r->len - keep);
    r->moved = 1;
    r->len -= keep;
    r->pos -= keep;
    r->safe = r->safe > keep ? r->safe - keep : 0;
    r->gstart = r->gstart > keep ? r->gstart - keep : 0;
    r->lstart -= (ptrdiff_t)keep;
    r->base += keep;
}

/*
 * Reads more input after compacting to keep. Returns the bytes read, 0 at
 * the end (an input error counts as the end and is kept in io_status), or
 * PGN_ENOMEM / PGN_ETOOBIG (no room even after growing to cap_max).
 */
ptrdiff_t reader_fill(struct pgn_reader *r, size_t keep)
{
    if (r->eof)
        return 0;
    if (r->cap - r->len < r->read_size + 1)
        compact(r, keep);
    if (r->cap - r->len < r->read_size + 1 && r->cap < r->cap_max) {
        size_t cap = r->cap * 2;
        if (cap < r->len + r->read_size + 1)
            cap = r->len + r->read_size + 1;
        if (cap > r->cap_max)
            cap = r->cap_max;
        unsigned char *nb = realloc(r->buf, cap + BUF_PAD);
        if (!nb)
            return PGN_ENOMEM;
        r->moved |= nb != r->buf;
        r->buf = nb;
        r->cap = cap;
    }
    if (r->cap - r->len < 2)
        return PGN_ETOOBIG;
    ptrdiff_t n = pgn_input_read(r->in, r->buf + r->len, r->cap - r->len - 1);
    if (n <= 0) {
        r->eof = 1;
        if (n < 0)
            r->io_status = (int)n;
        n = 0;
    }
    r->len += (size_t)n;
    memset(r->buf + r->len, 0, BUF_PAD); /* defined bytes after the data for lookahead */
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
int reader_cut_long_line(struct pgn_reader *r)
{
    if (r->safe - r->pos <= r->lim.max_game)
        return R_OK;
    size_t s = r->pos;
    for (size_t i = r->pos; i < r->safe; i++) {
        unsigned c = r->buf[i];
        if (c != '\n' && c != '\r')
            continue;
        if (i - s > r->lim.max_game)
            break;
        if (c == '\r' && r->buf[i + 1] == '\n')
            i++;
        s = i + 1;
    }
    if (s >= r->safe)
        return R_OK;
    r->safe = s;
    return s == r->pos ? R_TOOBIG : R_OK;
}

/* Called with pos == safe: makes at least one more complete line available. */
int reader_refill(struct pgn_reader *r)
{
    for (;;) {
        if (r->eof) {
            if (r->pos >= r->len)
                return R_END;
            r->buf[r->len] = '\n'; /* close the last line; not part of the data */
            r->safe = r->len + 1;
            return reader_cut_long_line(r);
        }
        /* One line longer than a game may be (a final '\r' may be its end). */
        if (r->len - r->pos - (r->len > r->pos && r->buf[r->len - 1] == '\r') > r->lim.max_game)
            return R_TOOBIG;
        ptrdiff_t n = reader_fill(r, r->gstart);
        if (n < 0)
            return (int)n;
        if (n == 0)
            continue;
        size_t from = r->len - (size_t)n;
        from = from > r->pos ? from - 1 : r->pos; /* a '\r' that was last may now count */
        size_t e = reader_last_eol(r->buf, from, r->len, r->eof);
        if (e) {
            r->safe = e;
            return reader_cut_long_line(r);
        }
    }
}
