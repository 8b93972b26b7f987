/* reader_blank.c - white space between games: it belongs to no game and makes none too big. */
/* SPDX-License-Identifier: MIT */
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

int reader_blank_run(struct pgn_reader *r, size_t q)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    int started = ps->phase != PHASE_START;
    size_t from = r->gstart + (started ? ps->last_end : 0);
    for (size_t i = from; i < q; i++)
        if (!(cls[r->buf[i]] & (LX_SPACE | LX_EOL)))
            return -1;
    if (!started) {
        /* Nothing to keep: the game has not begun, and now begins at q. */
        r->gstart = q;
        ps->goff = r->base + q;
        ps->start_line = r->line;
        ps->start_col = col_of(r, q);
        return 0;
    }
    /* The game ends with the line of its last token; the next begins at q. */
    size_t end = from;
    while (end < q && !(cls[r->buf[end]] & LX_EOL))
        end++;
    if (end < q)
        end = after_eol(r->buf, end, q);
    if (end - r->gstart > r->lim.max_game)
        return -1; /* the game itself is too big */
    ps->split = end;
    ps->resume = q;
    return 1;
}
