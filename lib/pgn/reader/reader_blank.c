/* reader_blank.c - white space between games: it belongs to no game and makes none too big. */
/* SPDX-License-Identifier: MIT */
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

int reader_skip_blank(struct pgn_reader *r)
{
    const unsigned char *cls = pgn_lex_class;
    r->skip_blank = 0;
    for (;;) {
        size_t line_start = r->pos;
        while (r->pos < r->safe) {
            unsigned c = r->buf[r->pos];
            if (cls[c] & LX_EOL) {
                r->pos = after_eol(r->buf, r->pos, r->safe);
                r->line++;
                r->lstart = (ptrdiff_t)r->pos;
                line_start = r->pos;
            } else if (cls[c] & LX_SPACE) {
                r->pos++;
            } else {
                r->pos = line_start; /* the line's leading blanks go with what it holds */
                return 0;
            }
        }
        r->pos = line_start;
        r->gstart = r->pos; /* nothing before pos is kept */
        int rc = reader_refill(r);
        if (r->pos > r->len)
            r->pos = r->len; /* past the sentinel that closed the last line */
        if (rc < 0)
            return rc;
        if (rc != R_OK)
            return 0; /* the end, or a line too long: the parser sees to it */
    }
}

int reader_only_blank(const struct pgn_reader *r, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (!(pgn_lex_class[r->buf[i]] & (LX_SPACE | LX_EOL)))
            return 0;
    return 1;
}

int reader_blank_run(struct pgn_reader *r, size_t q)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    int started = ps->phase != PHASE_START;
    size_t from = r->gstart + (started ? ps->last_end : 0);
    if (!reader_only_blank(r, from, q))
        return BLANK_TOO_BIG;
    if (!started) {
        /* Nothing to keep: the game has not begun, and begins after the blanks. */
        r->pos = q;
        int rc = reader_skip_blank(r);
        reader_begin_game(r);
        return rc;
    }
    /* The game ends with the line of its last token; the next begins after the blanks. */
    size_t end = from;
    while (end < q && !(cls[r->buf[end]] & LX_EOL))
        end++;
    if (end < q)
        end = after_eol(r->buf, end, q);
    if (end - r->gstart > r->lim.max_game)
        return BLANK_TOO_BIG; /* the game itself is too big */
    ps->split = end;
    ps->resume = q;
    r->skip_blank = 1;
    return 1;
}
