/* reader_span.c - PARSING A SPAN ELSEWHERE: a reader reset onto one game's span. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <stdlib.h>
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

enum { SPAN_PAD = 16 };

int pgn_reader_span_origin(const struct pgn_reader *r, const struct game *g,
                           struct pgn_span_origin *o)
{
    const struct parse *ps = &r->ps;
    if (g->index != r->ngames || g->offset != ps->goff || ps->truncated || !g->raw)
        return PGN_EINVAL;
    /* The game that ends at an input error holds that error: only this reader can say it. */
    size_t split = ps->split < r->len ? ps->split : r->len;
    if (r->io_status && split >= r->len)
        return PGN_EINVAL;
    o->index = g->index;
    o->offset = g->offset;
    o->line = ps->start_line;
    o->col = ps->start_col;
    return PGN_OK;
}

_Static_assert(PGN_SPAN_PAD >= SPAN_PAD + BUF_PAD,
               "a span parsed in place has the window's padding");

int pgn_reader_parse_span(struct pgn_reader *r, unsigned char *data, size_t len, const char *name,
                          const struct pgn_span_origin *o)
{
    if (len > r->lim.max_game)
        return PGN_ETOOBIG;
    if (name && strcmp(name, r->name)) {
        char *copy = strdup(name);
        if (!copy)
            return PGN_ENOMEM;
        free(r->name);
        r->name = copy;
    }
    /* The window is kept for pgn_reader_free(); the span, padded as the window is, replaces it. */
    if (!r->own_buf)
        r->own_buf = r->buf;
    r->buf = data;
    r->cap = len + SPAN_PAD;
    memset(data + len, 0, PGN_SPAN_PAD); /* the line-end sentinel and defined lookahead */
    r->len = len;
    r->safe = r->pos = r->gstart = 0;
    /* Columns and offsets count from where the span started in its input. */
    r->lstart = 1 - (ptrdiff_t)o->col;
    r->line = o->line;
    r->base = o->offset;
    r->eof = 1; /* nothing is read from r->in: the span is all there is */
    r->moved = 0;
    r->io_status = r->status = r->fatal = r->skip_blank = 0;
    r->ngames = o->index - 1;
    memset(&r->err, 0, sizeof r->err);
    r->err.file = r->name;
    r->lazy.active = 0;
    return PGN_OK;
}


int pgn_reader_set_origin(struct pgn_reader *r, const struct pgn_span_origin *o)
{
    if (r->ngames || r->len || r->base || !o->index)
        return PGN_EINVAL;
    r->lstart = 1 - (ptrdiff_t)o->col; /* as pgn_reader_parse_span() counts */
    r->line = o->line;
    r->base = o->offset;
    r->ngames = o->index - 1;
    return PGN_OK;
}
