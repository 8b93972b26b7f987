/* reader_oversize.c - a game over max_game: what is kept, and the rest skipped unkept. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/utf8.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/*
 * reader_oversize()'s scan of one line from buf[p] (r->win.pos at its start) to the
 * line end, in pieces when it does not fit in the window: follows the
 * comment depth *in_comment (unless skip_line, a line whose text does not
 * count), clears *blank at a byte that is not white space, and leaves pos at
 * the next line's start (or the end of the input). Returns 0 or a fatal status.
 */
static int scan_line(struct reader_window *w, unsigned char comment_stop, size_t p,
                     int *in_comment, int skip_line, int *blank)
{
    const unsigned char *cls = pgn_lex_class;
    for (;;) {
        size_t i = p;
        while (i < w->len && !(cls[w->buf[i]] & LX_EOL)) {
            unsigned c = w->buf[i];
            if (!(cls[c] & LX_SPACE))
                *blank = 0;
            if (!skip_line) {
                if (*in_comment) { /* a depth: past 1 only when nested */
                    if (c == '}')
                        --*in_comment;
                    else if (c == '{' && comment_stop == LX_NSTOP)
                        ++*in_comment;
                } else if (c == '{') {
                    *in_comment = 1;
                } else if (c == ';') {
                    skip_line = 1;
                }
            }
            i++;
        }
        if (i < w->len && (i + 1 < w->len || w->eof)) {
            w->pos = after_eol(w->buf, i, w->len);
            w->line++;
            w->lstart = (ptrdiff_t)w->pos;
            break;
        }
        if (w->eof) {
            w->pos = w->len;
            break;
        }
        w->pos = i; /* keep a final '\r' to pair it with a '\n' that may follow */
        ptrdiff_t n = reader_fill(w, w->pos);
        w->gstart = w->pos;
        if (n < 0)
            return (int)n;
        p = w->pos;
    }
    return 0;
}

/* The kept part of an oversized game: its tags and result text resolved now, its movetext
 * dropped. */
static void drop_movetext(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    ps->truncated = 1;
    ps->latin1 = !utf8_valid((const char *)r->win.buf + r->win.gstart, r->win.pos - r->win.gstart);
    reader_resolve_tags(r);
    if (ps->result) {
        ps->result_text = arena_memdup(&r->rec.arena, r->win.buf + r->win.gstart + ps->result_off,
                                       ps->result_len);
        if (ps->latin1 && ps->result_text && !utf8_valid(ps->result_text, ps->result_len))
            ps->result_text = pgn_result_str(ps->result),
            ps->result_len = (uint32_t)strlen(ps->result_text);
    }
    reader_records_drop_movetext(&r->rec);
    ps->cur = 0;
    ps->last = NONE;
    ps->depth = 0;
}

/*
 * The game grew past max_game. Keep what is already resolved (tags, the
 * result text), drop the movetext, and skip the rest without keeping it:
 * the next game starts at a tag pair line that follows a line that was not
 * one (outside {comments}, or inside one after an empty line), or at the
 * end. Lines may be longer than the window here; they are scanned in pieces.
 * When the "game" held nothing but white space (a line of blanks longer
 * than max_game, no token before it), it was none: reading goes on there.
 */
int reader_oversize(struct pgn_reader *r, int in_comment)
{
    struct parse *ps = &r->ps;
    if (r->win.pos > r->win.len)
        r->win.pos = r->win.len; /* past the sentinel that closed the last line */
    /* Nothing but white space yet: if only more follows, there is no game. */
    int blank_only = ps->phase == PHASE_START && !in_comment &&
                     reader_only_blank(&r->win, r->win.gstart, r->win.pos);
    if (ps->phase == PHASE_START)
        start_token(r, r->win.pos); /* a game that is one long line: locate it there */
    reader_diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, r->win.line, 1, r->win.base + r->win.pos,
         "game larger than %llu bytes: skipped to the next game",
         (unsigned long long)r->lim.max_game);
    drop_movetext(r);

    const unsigned char *cls = pgn_lex_class;
    /* Was the line before pos empty? (It is still in the window.) */
    size_t i0 = r->win.pos;
    if (i0 > r->win.gstart && r->win.buf[i0 - 1] == '\n')
        i0--;
    if (i0 > r->win.gstart && r->win.buf[i0 - 1] == '\r')
        i0--;
    while (i0 > r->win.gstart && (cls[r->win.buf[i0 - 1]] & LX_SPACE))
        i0--;
    int prev_blank = i0 == r->win.gstart || (cls[r->win.buf[i0 - 1]] & LX_EOL);
    int prev_tag = ps->phase <= PHASE_TAGS && !in_comment;
    r->win.gstart = r->win.pos; /* nothing before pos is needed any more */
    for (;;) {
        /* At a line start: look ahead far enough to recognise a tag pair (as far as fits). */
        while (r->win.len - r->win.pos < 256 && !r->win.eof) {
            ptrdiff_t n = reader_fill(&r->win, r->win.pos);
            r->win.gstart = r->win.pos;
            if (n == PGN_ETOOBIG)
                break;
            if (n < 0)
                return (int)n;
        }
        if (r->win.pos >= r->win.len)
            break;
        size_t p = r->win.pos;
        while (p < r->win.len && ascii_is_blank(r->win.buf[p]))
            p++;
        const unsigned char *name;
        size_t name_len;
        int tag = p < r->win.len && r->win.buf[p] == '[' &&
                  pgn_lex_tag_start(r->win.buf + p, r->win.buf + r->win.len, &name, &name_len);
        if (tag && (in_comment ? prev_blank : !prev_tag))
            break;
        int blank = 1, skip_line = tag || (!in_comment && r->win.buf[r->win.pos] == '%');
        int rc = scan_line(&r->win, r->comment_stop, p, &in_comment, skip_line, &blank);
        if (rc < 0)
            return rc;
        prev_blank = blank;
        prev_tag = tag;
        blank_only &= blank;
        if (r->win.pos >= r->win.len && r->win.eof)
            break;
    }
    ps->split = r->win.pos;
    ps->split_abs = r->win.base + r->win.pos;
    r->win.gstart = r->win.pos;
    r->win.lstart = (ptrdiff_t)r->win.pos;
    r->win.safe = reader_last_eol(r->win.buf, r->win.pos, r->win.len, r->win.eof);
    if (r->win.safe < r->win.pos)
        r->win.safe = r->win.pos;
    /* The next reader_refill() reports a long line at pos. */
    reader_cut_long_line(&r->win, r->lim.max_game);
    if (blank_only) {
        /* White space between games belongs to no game (see reader_blank.c). */
        int rc = reader_skip_blank(r);
        reader_begin_game(r);
        return rc;
    }
    return 1;
}
