/* reader_oversize.c - a game over max_game: what is kept, and the rest skipped unkept. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/utf8.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/*
 * reader_oversize()'s scan of one line from buf[p] (r->pos at its start) to the
 * line end, in pieces when it does not fit in the window: follows the
 * comment depth *in_comment (unless skip_line, a line whose text does not
 * count), clears *blank at a byte that is not white space, and leaves pos at
 * the next line's start (or the end of the input). Returns 0 or a fatal status.
 */
static int scan_line(struct pgn_reader *r, size_t p, int *in_comment, int skip_line, int *blank)
{
    const unsigned char *cls = pgn_lex_class;
    for (;;) {
        size_t i = p;
        while (i < r->len && !(cls[r->buf[i]] & LX_EOL)) {
            unsigned c = r->buf[i];
            if (!(cls[c] & LX_SPACE))
                *blank = 0;
            if (!skip_line) {
                if (*in_comment) { /* a depth: past 1 only when nested */
                    if (c == '}')
                        --*in_comment;
                    else if (c == '{' && r->comment_stop == LX_NSTOP)
                        ++*in_comment;
                } else if (c == '{') {
                    *in_comment = 1;
                } else if (c == ';') {
                    skip_line = 1;
                }
            }
            i++;
        }
        if (i < r->len && (i + 1 < r->len || r->eof)) {
            r->pos = after_eol(r->buf, i, r->len);
            r->line++;
            r->lstart = (ptrdiff_t)r->pos;
            break;
        }
        if (r->eof) {
            r->pos = r->len;
            break;
        }
        r->pos = i; /* keep a final '\r' to pair it with a '\n' that may follow */
        ptrdiff_t n = reader_fill(r, r->pos);
        r->gstart = r->pos;
        if (n < 0)
            return (int)n;
        p = r->pos;
    }
    return 0;
}

/* The kept part of an oversized game: its tags and result text resolved now, its movetext
 * dropped. */
static void drop_movetext(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    ps->truncated = 1;
    ps->latin1 = !utf8_valid((const char *)r->buf + r->gstart, r->pos - r->gstart);
    reader_resolve_tags(r);
    if (ps->result) {
        ps->result_text = arena_memdup(&r->arena, r->buf + r->gstart + ps->result_off,
                                       ps->result_len);
        if (ps->latin1 && ps->result_text && !utf8_valid(ps->result_text, ps->result_len))
            ps->result_text = pgn_result_str(ps->result),
            ps->result_len = (uint32_t)strlen(ps->result_text);
    }
    r->moves.len = r->comments.len = r->ckeys.len = r->nags.len = r->nkeys.len = 0;
    r->vars.len = sizeof(struct game_var);
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
    if (r->pos > r->len)
        r->pos = r->len; /* past the sentinel that closed the last line */
    /* Nothing but white space yet: if only more follows, there is no game. */
    int blank_only = ps->phase == PHASE_START && !in_comment &&
                     reader_only_blank(r, r->gstart, r->pos);
    if (ps->phase == PHASE_START)
        start_token(r, r->pos); /* a game that is one long line: locate it there */
    reader_diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, r->line, 1, r->base + r->pos,
         "game larger than %llu bytes: skipped to the next game",
         (unsigned long long)r->lim.max_game);
    drop_movetext(r);

    const unsigned char *cls = pgn_lex_class;
    /* Was the line before pos empty? (It is still in the window.) */
    size_t i0 = r->pos;
    if (i0 > r->gstart && r->buf[i0 - 1] == '\n')
        i0--;
    if (i0 > r->gstart && r->buf[i0 - 1] == '\r')
        i0--;
    while (i0 > r->gstart && (cls[r->buf[i0 - 1]] & LX_SPACE))
        i0--;
    int prev_blank = i0 == r->gstart || (cls[r->buf[i0 - 1]] & LX_EOL);
    int prev_tag = ps->phase <= PHASE_TAGS && !in_comment;
    r->gstart = r->pos; /* nothing before pos is needed any more */
    for (;;) {
        /* At a line start: look ahead far enough to recognise a tag pair (as far as fits). */
        while (r->len - r->pos < 256 && !r->eof) {
            ptrdiff_t n = reader_fill(r, r->pos);
            r->gstart = r->pos;
            if (n == PGN_ETOOBIG)
                break;
            if (n < 0)
                return (int)n;
        }
        if (r->pos >= r->len)
            break;
        size_t p = r->pos;
        while (p < r->len && ascii_is_blank(r->buf[p]))
            p++;
        const unsigned char *name;
        size_t name_len;
        int tag = p < r->len && r->buf[p] == '[' &&
                  pgn_lex_tag_start(r->buf + p, r->buf + r->len, &name, &name_len);
        if (tag && (in_comment ? prev_blank : !prev_tag))
            break;
        int blank = 1, skip_line = tag || (!in_comment && r->buf[r->pos] == '%');
        int rc = scan_line(r, p, &in_comment, skip_line, &blank);
        if (rc < 0)
            return rc;
        prev_blank = blank;
        prev_tag = tag;
        blank_only &= blank;
        if (r->pos >= r->len && r->eof)
            break;
    }
    ps->split = r->pos;
    ps->split_abs = r->base + r->pos;
    r->gstart = r->pos;
    r->lstart = (ptrdiff_t)r->pos;
    r->safe = reader_last_eol(r->buf, r->pos, r->len, r->eof);
    if (r->safe < r->pos)
        r->safe = r->pos;
    reader_cut_long_line(r); /* the next reader_refill() reports a long line at pos */
    if (blank_only) {
        /* White space between games belongs to no game (see reader_blank.c). */
        int rc = reader_skip_blank(r);
        reader_begin_game(r);
        return rc;
    }
    return 1;
}
