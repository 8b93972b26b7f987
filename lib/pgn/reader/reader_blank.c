/* reader_blank.c - white space between games: it belongs to no game and makes none too big. */
/* SPDX-License-Identifier: MIT */
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

int reader_skip_blank(struct pgn_reader *r)
{
    const unsigned char *cls = pgn_lex_class;
    r->skip_blank = 0;
    for (;;) {
        size_t line_start = r->win.pos;
        while (r->win.pos < r->win.safe) {
            unsigned c = r->win.buf[r->win.pos];
            if (cls[c] & LX_EOL) {
                r->win.pos = after_eol(r->win.buf, r->win.pos, r->win.safe);
                r->win.line++;
                r->win.lstart = (ptrdiff_t)r->win.pos;
                line_start = r->win.pos;
            } else if (cls[c] & LX_SPACE) {
                r->win.pos++;
            } else {
                r->win.pos = line_start; /* the line's leading blanks go with what it holds */
                return 0;
            }
        }
        r->win.pos = line_start;
        r->win.gstart = r->win.pos; /* nothing before pos is kept */
        int rc = reader_refill(&r->win, r->lim.max_game);
        if (r->win.pos > r->win.len)
            r->win.pos = r->win.len; /* past the sentinel that closed the last line */
        if (rc < 0)
            return rc;
        if (rc != R_OK)
            return 0; /* the end, or a line too long: the parser sees to it */
    }
}

int reader_only_blank(const struct reader_window *w, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (!(pgn_lex_class[w->buf[i]] & (LX_SPACE | LX_EOL)))
            return 0;
    return 1;
}

int reader_blank_run(struct pgn_reader *r, size_t q)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    int started = ps->phase != PHASE_START;
    size_t from = r->win.gstart + (started ? ps->last_end : 0);
    if (!reader_only_blank(&r->win, from, q))
        return BLANK_TOO_BIG;
    if (!started) {
        /* Nothing to keep: the game has not begun, and begins after the blanks. */
        r->win.pos = q;
        int rc = reader_skip_blank(r);
        reader_begin_game(r);
        return rc;
    }
    /* The game ends with the line of its last token; the next begins after the blanks. */
    size_t end = from;
    while (end < q && !(cls[r->win.buf[end]] & LX_EOL))
        end++;
    if (end < q)
        end = after_eol(r->win.buf, end, q);
    if (end - r->win.gstart > r->lim.max_game)
        return BLANK_TOO_BIG; /* the game itself is too big */
    ps->split = end;
    ps->resume = q;
    r->skip_blank = 1;
    return 1;
}
