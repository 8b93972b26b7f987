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
    size_t split = ps->split < r->win.len ? ps->split : r->win.len;
    if (r->win.io_status && split >= r->win.len)
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
    /* The span, padded as the window is, replaces the window. */
    memset(data + len, 0, PGN_SPAN_PAD); /* the line-end sentinel and defined lookahead */
    reader_window_span(&r->win, data, len, len + SPAN_PAD);
    /* Columns and offsets count from where the span started in its input. */
    reader_window_place(&r->win, o->line, o->col, o->offset);
    r->status = r->fatal = r->skip_blank = 0;
    r->ngames = o->index - 1;
    memset(&r->err, 0, sizeof r->err);
    r->err.file = r->name;
    r->lazy.active = 0;
    return PGN_OK;
}


int pgn_reader_set_origin(struct pgn_reader *r, const struct pgn_span_origin *o)
{
    if (r->ngames || r->win.len || r->win.base || !o->index)
        return PGN_EINVAL;
    reader_window_place(&r->win, o->line, o->col, o->offset); /* as pgn_reader_parse_span() */
    r->ngames = o->index - 1;
    return PGN_OK;
}
