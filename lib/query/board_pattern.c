/* board_pattern.c - board patterns: a FEN board with wildcards, matched square by square. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "query/board_pattern.h"
#include "base/banned.h"

/* Board values (position.h): 0 empty, 1-6 white PAWN..KING, 9-14 black. */
#define BIT(v) ((uint16_t)(1u << (v)))
enum { WHITE_PIECES = 0x7E, BLACK_PIECES = 0x7E00, ANY_PIECE = WHITE_PIECES | BLACK_PIECES };
enum { EMPTY_SQUARE = 1 };

/* The board values a letter stands for, or 0 for no letter. */
static uint16_t letter_fits(char c)
{
    static const char letters[] = "PNBRQK";
    if (c == 'A')
        return WHITE_PIECES;
    if (c == 'a')
        return BLACK_PIECES;
    const char *at = c ? strchr(letters, c & ~0x20) : NULL;
    if (!at)
        return 0;
    int colour = (c & 0x20) ? BLACK : WHITE;
    return BIT(piece_make(colour, (int)(at - letters)));
}

/* A bracketed set at s[*i] == '['; on success *i is past the ']'. */
static int parse_set(const char *s, size_t *i, uint16_t *fits, const char **why)
{
    size_t at = ++*i;
    int negate = s[at] == '^';
    uint16_t set = 0;
    for (at += (size_t)negate; s[at] && s[at] != ']'; at++) {
        uint16_t f = letter_fits(s[at]);
        if (!f) {
            *i = at;
            *why = "a set holds piece letters, A or a";
            return PGN_ESYNTAX;
        }
        set |= f;
    }
    if (s[at] != ']' || !set) {
        *i = at;
        *why = s[at] != ']' ? "no ']' closes the set" : "an empty set";
        return PGN_ESYNTAX;
    }
    *fits = negate ? (uint16_t)(ANY_PIECE & ~set) : set;
    *i = at + 1;
    return 0;
}

static int add_token(struct bp_rank *r, uint16_t fits, int star)
{
    if (r->n == BP_TOKENS)
        return PGN_ETOOBIG;
    r->fits[r->n] = fits;
    r->star[r->n] = (uint8_t)star;
    r->n++;
    r->has_star |= (uint8_t)star;
    return 0;
}

/* One rank from s[*i] up to '/', ' ' or the end. */
static int parse_rank(const char *s, size_t *i, struct bp_rank *r, const char **why)
{
    int squares = 0;
    memset(r, 0, sizeof *r);
    while (s[*i] && s[*i] != '/' && s[*i] != ' ') {
        char c = s[*i];
        uint16_t fits = 0;
        int count = 1, star = 0;
        if (c >= '1' && c <= '8') {
            fits = EMPTY_SQUARE;
            count = c - '0';
        } else if (c == '?') {
            fits = EMPTY_SQUARE | ANY_PIECE;
        } else if (c == '!') {
            fits = ANY_PIECE;
        } else if (c == '*') {
            star = 1;
            count = 0;
        } else if (c == '[') {
            if (parse_set(s, i, &fits, why))
                return PGN_ESYNTAX;
            (*i)--;
        } else if (!(fits = letter_fits(c))) {
            *why = "not a piece letter, digit or wildcard (? ! A a [..] *)";
            return PGN_ESYNTAX;
        }
        squares += count;
        if (squares > 8) {
            *why = "more than 8 squares in a rank";
            return PGN_ESYNTAX;
        }
        for (int k = 0; k < (star ? 1 : count); k++)
            if (add_token(r, fits, star)) {
                *why = "too many wildcards in a rank";
                return PGN_ESYNTAX;
            }
        (*i)++;
    }
    if (squares < 8 && !r->has_star) {
        *why = "fewer than 8 squares in a rank (use * for the rest)";
        return PGN_ESYNTAX;
    }
    return 0;
}

int board_pattern_parse(const char *s, struct board_pattern *out, size_t *err_at,
                        const char **why)
{
    size_t i = 0;
    memset(out, 0, sizeof *out);
    out->side = -1;
    for (int r = 0; r < 8; r++) {
        if (r > 0) {
            if (s[i] != '/') {
                *why = "a board has 8 ranks separated by '/'";
                goto bad;
            }
            i++;
        }
        if (parse_rank(s, &i, &out->rank[r], why))
            goto bad;
    }
    if (s[i] == ' ') {
        i++;
        if ((s[i] == 'w' || s[i] == 'b') && !s[i + 1]) {
            out->side = s[i] == 'w' ? WHITE : BLACK;
            return 0;
        }
        *why = "only the side to move (w or b) may follow the board";
        goto bad;
    }
    if (s[i]) {
        *why = "a board has 8 ranks separated by '/'";
        goto bad;
    }
    return 0;
bad:
    *err_at = i;
    return PGN_ESYNTAX;
}

/* Tokens t.. of rank r against its squares from file f on. */
static int rank_fits(const struct bp_rank *r, int t, const uint8_t *squares, int f)
{
    for (; t < r->n; t++) {
        if (r->star[t]) {
            for (int k = f; k <= 8; k++)
                if (rank_fits(r, t + 1, squares, k))
                    return 1;
            return 0;
        }
        if (f == 8 || !(r->fits[t] & BIT(squares[f])))
            return 0;
        f++;
    }
    return f == 8;
}

int board_pattern_fits(const struct board_pattern *bp, const struct pos *p)
{
    if (bp->side >= 0 && p->side != bp->side)
        return 0;
    for (int r = 0; r < 8; r++) {
        const struct bp_rank *rk = &bp->rank[r];
        const uint8_t *squares = &p->board[make_sq(0, 7 - r)];
        if (!rk->has_star) {
            for (int f = 0; f < 8; f++)
                if (!(rk->fits[f] & BIT(squares[f])))
                    return 0;
        } else if (!rank_fits(rk, 0, squares, 0)) {
            return 0;
        }
    }
    return 1;
}

/* White piece bits 1-6 trade places with black bits 9-14; the empty bit stays. */
static uint16_t swap_colours(uint16_t fits)
{
    return (uint16_t)((fits & EMPTY_SQUARE) | (fits & WHITE_PIECES) << 8 |
                      (fits & BLACK_PIECES) >> 8);
}

void board_pattern_invert(const struct board_pattern *bp, struct board_pattern *out)
{
    struct board_pattern x = *bp;
    for (int r = 0; r < 8; r++) {
        x.rank[r] = bp->rank[7 - r];
        for (int t = 0; t < x.rank[r].n; t++)
            x.rank[r].fits[t] = swap_colours(x.rank[r].fits[t]);
    }
    x.side = bp->side < 0 ? -1 : !bp->side;
    *out = x;
}
