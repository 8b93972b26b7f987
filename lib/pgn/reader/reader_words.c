/* reader_words.c - movetext words the general way: moves, numbers, results, NAGs, junk. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/*
 * An "e.p." mark after the last move. A check mark written after it
 * ("a4xb3 e.p.+") is moved onto the move: its text becomes an arena copy
 * "a4xb3+" (GAME_MOVE_REJOINED).
 */
static void mark_ep(struct pgn_reader *r, const unsigned char *suffix, size_t n)
{
    struct game_move *m = (struct game_move *)r->rec.moves.data + r->ps.last;
    m->flags |= GAME_MOVE_EP;
    if (!n)
        return;
    const char *text = (m->flags & GAME_MOVE_REJOINED)
                           ? m->text
                           : (const char *)r->win.buf + r->win.gstart + m->off;
    char *t = arena_alloc(&r->rec.arena, m->len + n + 1);
    if (!t)
        return;
    memcpy(t, text, m->len);
    memcpy(t + m->len, suffix, n);
    t[m->len + n] = '\0';
    m->text = t;
    m->len += (uint32_t)n;
    m->flags |= GAME_MOVE_REJOINED;
}

/* The result w at buf[idx..idx+n): the game's result, or a second one (ignored). */
static void result_word(struct pgn_reader *r, size_t idx, size_t n, const struct pgn_word *w)
{
    struct parse *ps = &r->ps;
    const unsigned char *p = r->win.buf + idx;
    start_token(r, idx);
    if (ps->phase == PHASE_RESULT) {
        DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx, "second result token ignored");
    } else {
        if (ps->depth && !ps->skip) {
            const struct game_var *v = (const struct game_var *)r->rec.vars.data + ps->cur;
            reader_diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, v->line, v->col, ps->goff + v->off,
                 "unterminated variation");
            ps->skip = 1;
        }
        ps->result = w->result;
        if (memchr(p, 0xE2, n)) /* an en dash: the only non-ASCII dash a result has */
            reader_repair(r, PGN_REPAIR_RESULT_FORM, r->win.line, col_of(&r->win, idx),
                          r->win.base + idx,
                          "result '%.*s' written with an en dash, read as '%s'", (int)n,
                          (const char *)p, pgn_result_str(w->result));
        ps->result_off = rel(&r->win, idx);
        ps->result_len = (uint32_t)n;
        ps->result_line = r->win.line;
        ps->result_col = col_of(&r->win, idx);
        parse_enter(ps, PHASE_RESULT);
    }
    ps->last_end = rel(&r->win, idx + n);
    r->win.pos = idx + n;
}

/* The word w at buf[idx] in movetext, neither a result nor a move joined from several words: a
 * move, a number, a NAG, an e.p. mark, or an error. Its text is p[0..n): the word itself, or
 * (an e.p. mark written with blanks: "e. p.") the words joined without them. */
static void movetext_word(struct pgn_reader *r, size_t idx, const unsigned char *p, size_t n,
                          const struct pgn_word *w)
{
    struct parse *ps = &r->ps;
    char q[MSG_TOKEN_MAX * 3 + 8];
    /* A move's record points into the window: never one joined from several words here. */
    assert(p == r->win.buf + idx || (w->kind != PGN_W_MOVE && w->kind != PGN_W_NULL));
    switch (w->kind) {
    case PGN_W_MOVE:
    case PGN_W_NULL: {
        if (w->has_number) {
            ps->number = w->number;
            ps->number_flags =
                GAME_MOVE_GLUED_NUMBER | (w->number_dots ? GAME_MOVE_NUMBER_DOTS : 0);
        }
        unsigned flags = (w->kind == PGN_W_NULL ? GAME_MOVE_NULL : 0) | (w->ep ? GAME_MOVE_EP : 0) |
                         (w->nnags ? GAME_MOVE_GLUED_NAG : 0);
        if (reader_add_move(r, idx + w->core_off, w->core_len, NULL, 0, flags))
            for (unsigned i = 0; i < w->nnags; i++)
                reader_add_nag(r, idx, w->nags[i]);
        break;
    }
    case PGN_W_NUMBER:
        ps->number = w->number;
        ps->number_flags = w->number_dots ? GAME_MOVE_NUMBER_DOTS : 0;
        break;
    case PGN_W_DOTS:
        if (ps->number && w->number_dots)
            ps->number_flags |= GAME_MOVE_NUMBER_DOTS;
        break;
    case PGN_W_NAG:
        reader_add_nag(r, idx, w->nags[0]);
        break;
    case PGN_W_EP:
        if (ps->skip)
            break;
        if (ps->last == NONE)
            FAIL_AT(r, PGN_ESYNTAX, idx, "en-passant mark '%s' without a move",
                    reader_quote(q, p, n));
        else
            mark_ep(r, p + w->core_off, w->core_len);
        break;
    case PGN_W_SEPARATOR:
        break;
    default:
        FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected token '%s'", reader_quote(q, p, n));
        break;
    }
}

/* A move, null move or move number word at buf[idx..idx+n). */
int reader_word(struct pgn_reader *r, size_t idx, size_t n)
{
    struct parse *ps = &r->ps;
    const unsigned char *p = r->win.buf + idx;
    const unsigned char *text = p; /* the word, or the words joined (tmp) */
    size_t text_len = n;
    unsigned char tmp[16];
    struct pgn_word w;
    size_t glued = 0;
    int gkind = 0, gresult = 0;
    /* The blank first: a result mostly ends its line, and then the bytes need no look. */
    if (ascii_is_blank(p[n]) && pgn_lex_may_glue(p, n))
        glued = pgn_lex_glue(p, r->win.buf + r->win.safe, &gkind, &gresult);
    if (glued) {
        /* "1 - 0", "0- 0", "e. p.": one token written with blanks in it. */
        size_t k = 0;
        for (size_t i = 0; i < glued && k < sizeof tmp; i++)
            if (p[i] != ' ' && p[i] != '\t')
                tmp[k++] = p[i];
        pgn_lex_word(tmp, k, &w);
        text = tmp;
        text_len = k;
        if (gkind == PGN_W_RESULT) {
            w.kind = PGN_W_RESULT;
            w.result = gresult;
        }
        n = glued;
        if (w.kind == PGN_W_MOVE) {
            if (ps->phase == PHASE_RESULT)
                return reader_end_before(r, idx);
            start_token(r, idx);
            parse_enter(ps, PHASE_MOVES);
            if (reader_add_move(r, idx, n, tmp + w.core_off, w.core_len,
                                GAME_MOVE_REJOINED | (w.nnags ? GAME_MOVE_GLUED_NAG : 0)))
                for (unsigned i = 0; i < w.nnags; i++)
                    reader_add_nag(r, idx, w.nags[i]);
            ps->last_end = rel(&r->win, idx + n);
            r->win.pos = idx + n;
            return 0;
        }
    } else {
        pgn_lex_word(p, n, &w);
    }

    if (w.kind == PGN_W_RESULT) {
        result_word(r, idx, n, &w);
        return 0;
    }
    if (ps->phase == PHASE_RESULT)
        return reader_end_before(r, idx);
    start_token(r, idx);
    parse_enter(ps, PHASE_MOVES);
    ps->last_end = rel(&r->win, idx + n);
    r->win.pos = idx + n;
    movetext_word(r, idx, text, text_len, &w);
    return 0;
}

/* "$n" at buf[idx]. */
void reader_nag_token(struct pgn_reader *r, size_t idx)
{
    const unsigned char *p = r->win.buf + idx, *q = p + 1;
    unsigned long v = 0;
    while (pgn_lex_class[*q] & LX_DIGIT) {
        if (v < 100000)
            v = v * 10 + (unsigned)(*q - '0');
        q++;
    }
    size_t n = (size_t)(q - p);
    while (pgn_lex_class[*q] & LX_WORD)
        q++;
    r->ps.last_end = rel(&r->win, (size_t)(q - r->win.buf));
    r->win.pos = (size_t)(q - r->win.buf);
    char t[MSG_TOKEN_MAX * 3 + 8];
    if (n == 1 || q != p + n) {
        if (!r->ps.skip)
            DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "bad NAG '%s'",
                    reader_quote(t, p, (size_t)(q - p)));
        return;
    }
    if (v > 255) {
        if (!r->ps.skip)
            DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "NAG '%s' out of range (0-255)",
                    reader_quote(t, p, n));
        return;
    }
    reader_add_nag(r, idx, (unsigned)v);
}

/*
 * Text after the result that cannot start a game (a stray ')', '$n', NUL
 * bytes...): the game keeps it, with one warning. Returns the index after it.
 */
size_t reader_after_result_junk(struct pgn_reader *r, size_t idx, size_t n)
{
    char q[MSG_TOKEN_MAX * 3 + 8];
    if (!r->ps.junk_warned) {
        r->ps.junk_warned = 1;
        const unsigned char *p = r->win.buf + idx;
        if (n == 1 && (*p < 0x20 || *p == 0x7f))
            DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx,
                    "control character 0x%02x after the result ignored", *p);
        else
            DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx, "'%s' after the result ignored",
                    reader_quote(q, p, n));
    }
    r->ps.line_tokens++;
    r->ps.last_end = rel(&r->win, idx + n);
    return idx + n;
}
