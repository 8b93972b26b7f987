/* reader_parse.c - the parser: dispatch on each token's first byte, {comments}, until the game ends. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

enum { C_DONE = 0, C_GAME_ENDS = 1 };

/*
 * The {comment} at buf[r->pos]. Returns C_DONE with pos after the '}', or
 * C_GAME_ENDS (split set) when the input ends inside it or it runs across
 * an empty line followed by a tag pair line, or a fatal status.
 */
static int brace_comment(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    size_t open = r->pos;
    uint32_t open_rel = rel(r, open);
    uint64_t line0 = r->line;
    uint32_t col0 = col_of(r, open);
    uint64_t off0 = r->base + open;
    int too_long = 0;
    size_t q = open + 1;
    for (;;) {
        const unsigned char *b = r->buf;
        while (!(cls[b[q]] & LX_CSTOP))
            q++;
        size_t body = q - (r->gstart + open_rel + 1);
        if (body > r->lim.max_comment && !too_long) {
            too_long = 1;
            if (!ps->skip)
                reader_diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, line0, col0, off0, "comment too long (limit %llu)",
                     (unsigned long long)r->lim.max_comment);
            ps->skip = 1;
        }
        if (b[q] == '}') {
            open = r->gstart + open_rel;
            if (!too_long)
                reader_add_comment(r, open, body, 0, line0, col0);
            r->pos = q + 1;
            ps->last_end = rel(r, q + 1);
            return C_DONE;
        }
        /* A line end inside the comment. */
        size_t eol = q;
        uint32_t prev_rel = rel(r, (size_t)(r->lstart > (ptrdiff_t)r->gstart ? (size_t)r->lstart : r->gstart));
        uint32_t eol_rel = rel(r, eol);
        q += (b[q] == '\r' && b[q + 1] == '\n') ? 2 : 1;
        r->line++;
        r->lstart = (ptrdiff_t)q;
        if (q - r->gstart > r->lim.max_game &&
            (q <= r->len || r->len - r->gstart > r->lim.max_game)) {
            r->pos = q;
            return reader_oversize(r, 1);
        }
        if (q >= r->safe) {
            r->pos = q;
            int rc = reader_refill(r);
            if (rc == R_TOOBIG)
                return reader_oversize(r, 1);
            if (rc < 0)
                return rc;
            if (rc == R_END) {
                if (!ps->skip)
                    reader_diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, line0, col0, off0, "unterminated comment");
                ps->skip = 1;
                ps->split = r->len;
                return C_GAME_ENDS;
            }
            q = r->pos;
        }
        /* An empty line, then a tag pair line: the comment was never closed. */
        const unsigned char *name;
        size_t name_len, t = q;
        b = r->buf;
        while (b[t] == ' ' || b[t] == '\t')
            t++;
        if (b[t] == '[' && pgn_lex_tag_start(b + t, b + r->safe, &name, &name_len)) {
            size_t s = r->gstart + prev_rel, e = r->gstart + eol_rel;
            while (s < e && (cls[b[s]] & (LX_SPACE | LX_EOL)))
                s++;
            if (s == e && prev_rel > open_rel) {
                if (!ps->skip)
                    reader_diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, line0, col0, off0, "unterminated comment");
                ps->skip = 1;
                ps->split = q;
                r->pos = q;
                return C_GAME_ENDS;
            }
        }
    }
}

/*
 * Reads tokens until the game ends. Returns 1 with ps->split set, 0 when
 * the input holds no further token, or a fatal status.
 */
int reader_parse_game(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    for (;;) {
        if (r->fatal)
            return r->fatal;
        if (r->pos >= r->safe) {
            int rc = reader_refill(r);
            if (rc == R_TOOBIG) {
                if (ps->after_result) {
                    /* A line too long for any game, after a complete one: it starts the next. */
                    ps->split = r->pos;
                    return 1;
                }
                return reader_oversize(r, 0);
            }
            if (rc < 0)
                return rc;
            if (rc == R_END) {
                reader_unterminated_variation(r);
                ps->split = r->len;
                return ps->started;
            }
        }
        const unsigned char *b = r->buf;
        const unsigned char *p = b + r->pos;
        const unsigned char *safe = b + r->safe;
        int ends = 0;
        while (p < safe && !ends) {
            unsigned c = *p;
            size_t idx = (size_t)(p - b);
            switch (pgn_lex_kind[c]) {
            case LK_WS:
                p++;
                while (cls[*p] & LX_SPACE)
                    p++;
                continue;
            case LK_NL:
                p += (c == '\r' && p[1] == '\n') ? 2 : 1;
                r->line++;
                r->lstart = p - b;
                if (!ps->line_tokens)
                    ps->blank = 1;
                ps->line_tokens = 0;
                if ((size_t)(p - b) - r->gstart > r->lim.max_game &&
                    ((size_t)(p - b) <= r->len || r->len - r->gstart > r->lim.max_game)) {
                    r->pos = (size_t)(p - b);
                    return reader_oversize(r, 0);
                }
                continue;
            case LK_WORD: {
            word_start:
                if (ps->tagsec && (r->flags & PGN_READER_LAZY) && !r->lazy_tried && c != 0xEF) {
                    int rc = reader_lazy_skim(r, idx);
                    if (rc != SKIM_PARSE)
                        return rc;
                    b = r->buf; /* the window may have moved */
                    safe = b + r->safe;
                    p = b + r->pos;
                    idx = r->pos;
                }
                if (c == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
                    /*
                     * A byte order mark: at the start of the input, or of a file
                     * cat'ed on (there it stays with the game that follows).
                     */
                    if (r->base + idx == 0) {
                        ps->bom = 1;
                        r->lstart += 3; /* columns count from after it */
                    }
                    p += 3;
                    continue;
                }
                if (r->fast_paths && !ps->tagsec && !ps->after_result && !ps->skip && ps->started) {
                    const unsigned char *after = reader_movetext_run(r, p);
                    if (after != p) {
                        p = after;
                        continue;
                    }
                }
                const unsigned char *q = p + 1;
                while (cls[*q] & LX_WORD)
                    q++;
                if (r->fast_paths && *q != '(' && !ps->after_result && !ps->skip) {
                    /*
                     * Fast path for the bulk of movetext: a move number ("12.",
                     * "12...") and a plain move ("Nf3", "exd5", "e8=Q+"), also glued
                     * ("12.Nf3"). Everything else goes through reader_word().
                     */
                    const unsigned char *m = p;
                    uint32_t num = 0, nflags = 0;
                    if (cls[c] & LX_DIGIT) {
                        const unsigned char *d = p;
                        while (cls[*d] & LX_DIGIT)
                            num = num * 10 + (uint32_t)(*d++ - '0');
                        if (*d != '.' || d - p > 9)
                            goto slow_word;
                        m = d + 1;
                        while (*m == '.')
                            m++;
                        nflags = m - d >= 2 ? GAME_MOVE_NUMBER_DOTS : 0;
                        if (m == q) {
                            start_token(r, idx);
                            ps->tagsec = 0;
                            ps->number = num;
                            ps->number_flags = nflags;
                            ps->last_end = rel(r, (size_t)(q - b));
                            p = q;
                            goto next_token;
                        }
                        nflags |= GAME_MOVE_GLUED_NUMBER;
                    }
                    unsigned m0 = *m;
                    size_t mn = (size_t)(q - m);
                    if (((pgn_lex_move[m0] & LM_FIRST) ||
                         (m0 == 'e' && m[1] != '.' && m[1] != 'p')) &&
                        (pgn_lex_move[q[-1]] & LM_LAST) && mn <= r->lim.max_token &&
                        COUNT_OF(r->moves, struct game_move) < r->lim.max_moves) {
                        start_token(r, idx);
                        ps->tagsec = 0;
                        if (m != p) {
                            ps->number = num;
                            ps->number_flags = nflags;
                        }
                        record_move(r, (size_t)(m - b), m, mn, 0);
                        ps->last_end = rel(r, (size_t)(q - b));
                        p = q;
                        goto next_token;
                    }
                }
            slow_word:;
                unsigned draw = 0;
                if (*q == '(') {
                    if (q[1] == '=' && q[2] == ')')
                        draw = 1; /* "Qd2(=)" */
                    else if ((q[1] | 0x20) >= 'a' && (q[1] | 0x20) <= 'z' && q[2] == ')' &&
                             !(cls[q[3]] & LX_WORD))
                        q += 3; /* "a8(D)": a promotion */
                }
                r->pos = idx;
                ends = reader_word(r, idx, (size_t)(q - p));
                if (!ends && draw) {
                    mark_draw_offer(r);
                    r->pos += 3;
                    ps->last_end = rel(r, r->pos);
                }
                p = b + r->pos;
            next_token:
                /* A blank and another word: skip the dispatch. */
                if (*p == ' ' && (cls[p[1]] & LX_WORD) && !ends) {
                    p++;
                    c = *p;
                    idx = (size_t)(p - b);
                    goto word_start;
                }
                continue;
            }
            case LK_LBRACE:
                start_token(r, idx);
                r->pos = idx;
                {
                    int rc = brace_comment(r);
                    if (rc < 0)
                        return rc;
                    if (rc == C_GAME_ENDS) {
                        if (!ps->truncated) {
                            reader_unterminated_variation(r);
                            r->pos = ps->split;
                        }
                        return 1;
                    }
                }
                b = r->buf; /* the window may have moved */
                safe = b + r->safe;
                p = b + r->pos;
                continue;
            case LK_SEMI: {
                start_token(r, idx);
                const unsigned char *q = p + 1;
                while (!(cls[*q] & LX_EOL))
                    q++;
                if (!reader_over_limit(r, (size_t)(q - p - 1) > r->lim.max_comment, idx,
                                "comment too long", r->lim.max_comment))
                    reader_add_comment(r, idx, (size_t)(q - p - 1), GAME_COMMENT_LINE, r->line,
                                col_of(r, idx));
                ps->last_end = rel(r, (size_t)(q - b));
                p = q;
                continue;
            }
            case LK_PERCENT:
                if ((ptrdiff_t)idx == r->lstart) {
                    /* An escape line: ignored. */
                    start_token(r, idx);
                    while (!(cls[*p] & LX_EOL))
                        p++;
                    ps->last_end = rel(r, (size_t)(p - b));
                    continue;
                }
                break;
            case LK_LPAREN:
                if (ps->after_result) {
                    p = b + reader_after_result_junk(r, idx, 1);
                    continue;
                }
                start_token(r, idx);
                ps->tagsec = 0;
                if (p[1] == '=' && p[2] == ')') {
                    mark_draw_offer(r); /* "(=)" */
                    p += 3;
                } else {
                    reader_open_variation(r, idx);
                    p++;
                }
                ps->last_end = rel(r, (size_t)(p - b));
                continue;
            case LK_RPAREN:
                if (ps->after_result) {
                    p = b + reader_after_result_junk(r, idx, 1);
                    continue;
                }
                start_token(r, idx);
                ps->tagsec = 0;
                reader_close_variation(r, idx);
                p++;
                ps->last_end = rel(r, (size_t)(p - b));
                continue;
            case LK_LBRACK:
                if (ps->tagsec && r->fast_paths) {
                    const unsigned char *after = reader_tag_run(r, p);
                    if (after != p) {
                        p = after;
                        continue;
                    }
                }
                r->pos = idx;
                ends = reader_bracket(r, idx);
                p = b + r->pos;
                continue;
            case LK_DOLLAR:
                if (ps->after_result) {
                    const unsigned char *q = p + 1;
                    while (cls[*q] & LX_WORD)
                        q++;
                    p = b + reader_after_result_junk(r, idx, (size_t)(q - p));
                    continue;
                }
                start_token(r, idx);
                ps->tagsec = 0;
                reader_nag_token(r, idx);
                p = b + r->pos;
                continue;
            case LK_STAR:
                r->pos = idx;
                ends = reader_word(r, idx, 1);
                p = b + r->pos;
                continue;
            default:
                break;
            }
            /* Any other byte: '}' ']' '"' '<' '>' control characters, a misplaced '%'. */
            if (ps->after_result) {
                p = b + reader_after_result_junk(r, idx, 1);
                continue;
            }
            start_token(r, idx);
            ps->tagsec = 0;
            if (c < 0x20 || c == 0x7f)
                FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected control character 0x%02x", c);
            else
                FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected character '%c'", (char)c);
            p++;
            ps->last_end = rel(r, (size_t)(p - b));
        }
        if (ends)
            return 1;
        r->pos = (size_t)(p - b);
    }
}
