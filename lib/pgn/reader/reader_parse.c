/* reader_parse.c - the parser: a dispatch on each token's first byte until the game ends. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

enum { C_DONE = 0, C_GAME_ENDS = 1 };

/* 1 when the line from the game's offset prev_rel to eol_rel is empty (only white space) and
 * a tag pair line starts at buf[q]. */
static int empty_then_tag(const struct reader_window *w, uint32_t prev_rel, uint32_t eol_rel,
                          size_t q)
{
    const unsigned char *b = w->buf, *cls = pgn_lex_class, *name;
    size_t name_len, t = q;
    while (ascii_is_blank(b[t]))
        t++;
    if (b[t] != '[' || !pgn_lex_tag_start(b + t, b + w->safe, &name, &name_len))
        return 0;
    size_t s = w->gstart + prev_rel, e = w->gstart + eol_rel;
    while (s < e && (cls[b[s]] & (LX_SPACE | LX_EOL)))
        s++;
    return s == e;
}

/*
 * The {comment} at buf[r->win.pos]. Returns C_DONE with pos after the '}', or
 * C_GAME_ENDS (split set) when the input ends inside it or it runs across
 * an empty line followed by a tag pair line, or a fatal status. With nested
 * comments, depth counts the braces still open: the scan also stops at '{'
 * (r->comment_stop), and only the '}' that brings depth to 0 ends it.
 */
static int brace_comment(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const struct reader_window *w = &r->win; /* read here; changed through r->win */
    const unsigned char *cls = pgn_lex_class;
    const unsigned char stop = r->comment_stop;
    uint32_t depth = 1;
    size_t open = w->pos;
    uint32_t open_rel = rel(w, open), col0 = col_of(w, open);
    uint64_t line0 = w->line, off0 = w->base + open;
    int too_long = 0;
    size_t q = open + 1;
    for (;;) {
        const unsigned char *b = r->win.buf;
        while (!(cls[b[q]] & stop))
            q++;
        if (b[q] == '{' || (b[q] == '}' && --depth)) { /* only when nested */
            depth += b[q] == '{';
            q++;
            continue;
        }
        size_t body = q - (r->win.gstart + open_rel + 1);
        if (body > r->lim.max_comment && !too_long) {
            too_long = 1;
            if (!ps->skip)
                reader_diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, line0, col0, off0,
                            "comment too long (limit %llu)",
                            (unsigned long long)r->lim.max_comment);
            ps->skip = 1;
        }
        if (b[q] == '}') {
            open = r->win.gstart + open_rel;
            if (!too_long)
                reader_add_comment(r, open, body, 0, line0, col0);
            r->win.pos = q + 1;
            ps->last_end = rel(&r->win, q + 1);
            return C_DONE;
        }
        /* A line end inside the comment. */
        size_t eol = q;
        uint32_t prev_rel =
            rel(w, (size_t)(w->lstart > (ptrdiff_t)w->gstart ? (size_t)w->lstart : w->gstart));
        uint32_t eol_rel = rel(&r->win, eol);
        q += (b[q] == '\r' && b[q + 1] == '\n') ? 2 : 1;
        r->win.line++;
        r->win.lstart = (ptrdiff_t)q;
        if (q - r->win.gstart > r->lim.max_game &&
            (q <= r->win.len || r->win.len - r->win.gstart > r->lim.max_game)) {
            r->win.pos = q;
            return reader_oversize(r, (int)depth);
        }
        if (q >= r->win.safe) {
            r->win.pos = q;
            int rc = reader_refill(&r->win, r->lim.max_game);
            if (rc == R_TOOBIG)
                return reader_oversize(r, (int)depth);
            if (rc < 0)
                return rc;
            if (rc == R_END) {
                if (!ps->skip)
                    reader_diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, line0, col0, off0,
                                "unterminated comment");
                ps->skip = 1;
                ps->split = r->win.len;
                return C_GAME_ENDS;
            }
            q = r->win.pos;
        }
        /* An empty line, then a tag pair line: the comment was never closed. */
        if (prev_rel > open_rel && empty_then_tag(&r->win, prev_rel, eol_rel, q)) {
            if (!ps->skip)
                reader_diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, line0, col0, off0,
                            "unterminated comment");
            ps->skip = 1;
            ps->split = q;
            r->win.pos = q;
            return C_GAME_ENDS;
        }
    }
}

/*
 * The word at p the general way (reader_word()), with what may follow it
 * inside its token: "Qd2(=)" (a draw offer), "a8(D)" (a promotion).
 * Returns the byte after it; *ends when the game ends there.
 */
static const unsigned char *general_word(struct pgn_reader *r, const unsigned char *p,
                                         const unsigned char *q, int *ends)
{
    struct parse *ps = &r->ps;
    size_t idx = (size_t)(p - r->win.buf);
    int draw = 0;
    if (*q == '(') {
        if (q[1] == '=' && q[2] == ')')
            draw = 1; /* "Qd2(=)" */
        else if (ascii_is_letter(q[1]) && q[2] == ')' && !(pgn_lex_class[q[3]] & LX_WORD))
            q += 3; /* "a8(D)": a promotion */
    }
    r->win.pos = idx;
    *ends = reader_word(r, idx, (size_t)(q - p));
    if (!*ends && draw) {
        mark_draw_offer(r);
        r->win.pos += 3;
        ps->last_end = rel(&r->win, r->win.pos);
    }
    return r->win.buf + r->win.pos;
}

/*
 * The words from buf[r->win.pos] (a word character) on, one blank apart: each
 * offered to the skim (the first movetext word of a lazy reader), to the
 * movetext run, else read the general way. Returns 0 with
 * r->win.pos after what it took (at a token that is not a word, or after what
 * the skim, the run or a byte order mark took), 1 when the game ends there
 * (ps.split set, by a word or by the skim), or a fatal status.
 */
static int words(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class, *b = r->win.buf, *p = b + r->win.pos;
    for (;;) {
        unsigned c = *p;
        if (ps->phase <= PHASE_TAGS && (r->flags & PGN_READER_LAZY) && !r->lazy_tried &&
            c != 0xEF) {
            int rc = reader_lazy_skim(r, (size_t)(p - b));
            if (rc != SKIM_PARSE)
                return rc;
            b = r->win.buf; /* the window may have moved */
            p = b + r->win.pos;
        }
        if (c == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
            /*
             * A byte order mark: at the start of the input, or of a file
             * cat'ed on (there it stays with the game that follows).
             */
            if (r->win.base + (size_t)(p - b) == 0) {
                ps->bom = 1;
                r->win.lstart += 3; /* columns count from after it */
            }
            r->win.pos = (size_t)(p + 3 - b);
            return 0;
        }
        if (r->fast_paths && ps->phase == PHASE_MOVES && !ps->skip) {
            const unsigned char *after = reader_movetext_run(r, p);
            if (after != p) {
                r->win.pos = (size_t)(after - b);
                return 0;
            }
        }
        const unsigned char *q = p + 1;
        while (cls[*q] & LX_WORD)
            q++;
        int ends;
        const unsigned char *next = general_word(r, p, q, &ends);
        if (ends)
            return 1;
        /* A blank and another word: on without the dispatch. */
        if (*next != ' ' || !(cls[next[1]] & LX_WORD)) {
            r->win.pos = (size_t)(next - b);
            return 0;
        }
        p = next + 1;
    }
}

/*
 * The {comment} at buf[r->win.pos]: 0 when the game goes on (r->win.pos after it),
 * 1 when the game ends in it, or a fatal status.
 */
static int comment_token(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    start_token(r, r->win.pos);
    int rc = brace_comment(r);
    if (rc == C_GAME_ENDS && !ps->truncated) {
        reader_unterminated_variation(r);
        r->win.pos = ps->split;
    }
    return rc;
}

/* The ";comment" at p, to the line end. Returns the byte after it. */
static const unsigned char *line_comment(struct pgn_reader *r, const unsigned char *p)
{
    const unsigned char *q = p + 1;
    size_t idx = (size_t)(p - r->win.buf);
    start_token(r, idx);
    while (!(pgn_lex_class[*q] & LX_EOL))
        q++;
    size_t n = (size_t)(q - p - 1);
    if (!reader_over_limit(r, n > r->lim.max_comment, idx, "comment too long",
                           r->lim.max_comment))
        reader_add_comment(r, idx, n, GAME_COMMENT_LINE, r->win.line, col_of(&r->win, idx));
    r->ps.last_end = rel(&r->win, (size_t)(q - r->win.buf));
    return q;
}

/* '(' or ')' at p: a variation opens or closes, or "(=)" offers a draw. Returns the byte after. */
static const unsigned char *paren(struct pgn_reader *r, const unsigned char *p)
{
    struct parse *ps = &r->ps;
    size_t idx = (size_t)(p - r->win.buf);
    if (ps->phase == PHASE_RESULT)
        return r->win.buf + reader_after_result_junk(r, idx, 1);
    start_token(r, idx);
    parse_enter(ps, PHASE_MOVES);
    if (*p == ')') {
        reader_close_variation(r, idx);
        p++;
    } else if (p[1] == '=' && p[2] == ')') {
        mark_draw_offer(r); /* "(=)" */
        p += 3;
    } else {
        reader_open_variation(r, idx);
        p++;
    }
    ps->last_end = rel(&r->win, (size_t)(p - r->win.buf));
    return p;
}

/* "$n" at p. Returns the byte after it. */
static const unsigned char *dollar(struct pgn_reader *r, const unsigned char *p)
{
    struct parse *ps = &r->ps;
    size_t idx = (size_t)(p - r->win.buf);
    if (ps->phase == PHASE_RESULT) {
        const unsigned char *q = p + 1;
        while (pgn_lex_class[*q] & LX_WORD)
            q++;
        return r->win.buf + reader_after_result_junk(r, idx, (size_t)(q - p));
    }
    start_token(r, idx);
    parse_enter(ps, PHASE_MOVES);
    reader_nag_token(r, idx);
    return r->win.buf + r->win.pos;
}

/* Any other byte at p: '}' ']' '"' '<' '>' control characters, a misplaced '%'. */
static const unsigned char *stray(struct pgn_reader *r, const unsigned char *p)
{
    struct parse *ps = &r->ps;
    size_t idx = (size_t)(p - r->win.buf);
    unsigned c = *p;
    if (ps->phase == PHASE_RESULT)
        return r->win.buf + reader_after_result_junk(r, idx, 1);
    start_token(r, idx);
    parse_enter(ps, PHASE_MOVES);
    if (c < 0x20 || c == 0x7f)
        FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected control character 0x%02x", c);
    else
        FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected character '%c'", (char)c);
    ps->last_end = rel(&r->win, idx + 1);
    return p + 1;
}

/* The '%' at p: an escape line (ignored) at a line start, else a stray character. Returns
 * where reading goes on. */
static const unsigned char *percent(struct pgn_reader *r, const unsigned char *p)
{
    size_t idx = (size_t)(p - r->win.buf);
    if ((ptrdiff_t)idx != r->win.lstart)
        return stray(r, p);
    start_token(r, idx);
    while (!(pgn_lex_class[*p] & LX_EOL))
        p++;
    r->ps.last_end = rel(&r->win, (size_t)(p - r->win.buf));
    return p;
}

/* The '[' at p: a run of plain tag pairs on the fast path, else what reader_bracket() makes of
 * it. Returns 1 when the game ends, else 0 with pos where reading goes on (the window stays). */
static inline int bracket(struct pgn_reader *r, const unsigned char *p)
{
    size_t idx = (size_t)(p - r->win.buf);
    if (r->ps.phase <= PHASE_TAGS && r->fast_paths) {
        const unsigned char *after = reader_tag_run(r, p);
        if (after != p) {
            r->win.pos = (size_t)(after - r->win.buf);
            return 0;
        }
    }
    r->win.pos = idx;
    return reader_bracket(r, idx);
}

/*
 * The tokens of buf[pos..safe), dispatched on their first byte. Returns 0
 * with pos at safe (the caller refills), 1 when the game ends (ps.split
 * set), or a fatal status.
 */
static int tokens(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    const unsigned char *b = r->win.buf, *p = b + r->win.pos, *safe = b + r->win.safe;
    while (p < safe) {
        unsigned c = *p;
        size_t idx = (size_t)(p - b);
        int rc;
        switch (pgn_lex_kind[c]) {
        case LK_WS:
            p++;
            while (cls[*p] & LX_SPACE)
                p++;
            continue;
        case LK_NL:
            p += (c == '\r' && p[1] == '\n') ? 2 : 1;
            r->win.line++;
            r->win.lstart = p - b;
            if (!ps->line_tokens)
                ps->blank = 1;
            ps->line_tokens = 0;
            if ((size_t)(p - b) - r->win.gstart > r->lim.max_game &&
                ((size_t)(p - b) <= r->win.len || r->win.len - r->win.gstart > r->lim.max_game)) {
                r->win.pos = (size_t)(p - b);
                rc = reader_blank_run(r, r->win.pos);
                if (rc == BLANK_TOO_BIG)
                    return reader_oversize(r, 0);
                if (rc)
                    return rc;
                b = r->win.buf; /* only blanks, dropped: the window has moved */
                safe = b + r->win.safe;
                p = b + r->win.pos;
            }
            continue;
        case LK_WORD:
            r->win.pos = idx;
            rc = words(r);
            break;
        case LK_LBRACE:
            r->win.pos = idx;
            rc = comment_token(r);
            break;
        case LK_SEMI:
            p = line_comment(r, p);
            continue;
        case LK_PERCENT:
            p = percent(r, p);
            continue;
        case LK_LPAREN:
        case LK_RPAREN:
            p = paren(r, p);
            continue;
        case LK_LBRACK:
            if (bracket(r, p))
                return 1;
            p = b + r->win.pos;
            continue;
        case LK_DOLLAR:
            p = dollar(r, p);
            continue;
        case LK_STAR:
            r->win.pos = idx;
            if (reader_word(r, idx, 1))
                return 1;
            p = b + r->win.pos;
            continue;
        default:
            p = stray(r, p);
            continue;
        }
        if (rc)
            return rc;
        b = r->win.buf; /* the window may have moved */
        safe = b + r->win.safe;
        p = b + r->win.pos;
    }
    r->win.pos = (size_t)(p - b);
    return 0;
}

/*
 * At the end of the window (pos == safe): more lines, or the end of the
 * game. Returns with *done = 0 when there are more lines to read, else with
 * *done = 1 what reader_parse_game() returns.
 */
static int window_end(struct pgn_reader *r, int *done)
{
    struct parse *ps = &r->ps;
    int rc = reader_refill(&r->win, r->lim.max_game);
    *done = 1;
    if (rc == R_TOOBIG) {
        if (ps->phase == PHASE_RESULT) {
            /* A line too long for any game, after a complete one: it starts the next. */
            ps->split = r->win.pos;
            return 1;
        }
        rc = reader_oversize(r, 0);
        *done = rc != 0; /* 0: only white space, and more lines to read */
        return rc;
    }
    if (rc < 0)
        return rc;
    if (rc == R_END) {
        reader_unterminated_variation(r);
        ps->split = r->win.len;
        return ps->phase != PHASE_START;
    }
    *done = 0;
    return 0;
}

/*
 * Reads tokens until the game ends. Returns 1 with ps->split set, 0 when
 * the input holds no further token, or a fatal status.
 */
int reader_parse_game(struct pgn_reader *r)
{
    for (;;) {
        if (r->fatal)
            return r->fatal;
        if (r->win.pos >= r->win.safe) {
            int done, rc = window_end(r, &done);
            if (done)
                return rc;
        }
        int rc = tokens(r);
        if (rc)
            return rc;
    }
}
