/* san_fast.h - the one-pass reading of usual SAN, shared by san.c and san_resolve.c; not a public interface. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SAN_FAST_H
#define LIB_SAN_FAST_H

#include <string.h>
#include "notation/notation.h"
#include "notation/san.h"

/** lang when it is a language id, else (NOTATION_AUTO) the one the token [s, s+len) suggests. */
int san_token_lang(const char *s, size_t len, int lang);

/*
 * The English-shaped moves of nearly every real game, read in one pass
 * backwards from the end, where SAN keeps its fixed parts:
 *
 *   [letter] [file] [rank] [x]  file rank  [=letter]  [+ or #]
 *   '--------- prefix --------'  '- to -'  '-promo-'  '-mark-'
 *
 * and castling "O-O", "O-O-O" (or with zeros), with a mark. Returns 1 with
 * *out filled exactly as the general parser in san.c fills it for the same
 * text (tests/unit/test_san_paths.c compares the two), or 0 for anything
 * else, which the caller hands to san_parse(). lang must be a language id.
 */
static inline int san_parse_fast(const char *text, size_t len, int lang, struct san_parts *out)
{
    const unsigned char *s = (const unsigned char *)text, *e = s + len;
    const int8_t *type_of = notation_ascii_type[lang];
    uint8_t flags = 0, promo = 0, pieces = 0, piece = 0;
    int8_t from_file = -1, from_rank = -1;
    if (len < 2 || len > 9)
        return 0;
    if (e[-1] == '+' || e[-1] == '#') {
        flags = e[-1] == '+' ? SAN_CHECK : SAN_MATE;
        e--;
    }
    if (e - s >= 4 && e[-2] == '=') {
        int t = e[-1] < 128 ? type_of[e[-1]] : -1;
        if (t < KNIGHT || t > QUEEN)
            return 0;
        promo = (uint8_t)(1 << t);
        e -= 2;
    }
    if (e - s < 2 || (unsigned)(e[-2] - 'a') > 7 || (unsigned)(e[-1] - '1') > 7) {
        size_t n = (size_t)(e - s);
        if (promo || (n != 3 && n != 5) || (s[0] != 'O' && s[0] != '0'))
            return 0;
        for (size_t i = 0; i < n; i++)
            if (s[i] != (i & 1 ? '-' : s[0]))
                return 0;
        memset(out, 0, sizeof *out);
        out->kind = n == 3 ? SAN_CASTLE_SHORT : SAN_CASTLE_LONG;
        out->from_file = out->from_rank = out->to_file = out->to_rank = -1;
        out->flags = flags;
        out->lang = (uint8_t)lang;
        return 1;
    }
    e -= 2;
    if (s < e && *s >= 'A' && *s <= 'Z') {
        int t = type_of[*s];
        if (t < 0)
            return 0;
        pieces = (uint8_t)(1 << t);
        piece = (uint8_t)t;
        s++;
    }
    if (s < e && (unsigned)(*s - 'a') <= 7)
        from_file = (int8_t)(*s++ - 'a');
    if (s < e && (unsigned)(*s - '1') <= 7)
        from_rank = (int8_t)(*s++ - '1');
    if (s < e && *s == 'x') {
        flags |= SAN_CAPTURE;
        s++;
    }
    if (s != e)
        return 0;
    out->kind = SAN_MOVE;
    out->pieces = pieces;
    out->piece = piece;
    out->captured = 0;
    out->promo = promo;
    out->from_file = from_file;
    out->from_rank = from_rank;
    out->to_file = (int8_t)(e[0] - 'a');
    out->to_rank = (int8_t)(e[1] - '1');
    out->flags = flags;
    out->nag = 0;
    out->lang = (uint8_t)lang;
    return 1;
}

/* Result bits of san_read_plain(), above the san_flags of the text. */
enum { PLAIN_READ = 1 << 8, PLAIN_STANDARD = 1 << 9 };

/**
 * san_read() for the plain case only, for a replay that knows whether the
 * side to move of p is in check (the check test of the move before tells):
 * a pawn push "e4", a pawn capture "exd5", a piece move [letter][file]
 * [rank][x]square in language lang resolving to exactly one legal move that
 * is neither castling, en passant nor a promotion, or a legal "O-O" /
 * "O-O-O"; each with a '+' or '#'.
 * Returns 0 when san_read() must decide; else *move and PLAIN_READ, the
 * san_flags the text has (SAN_CAPTURE, SAN_CHECK, SAN_MATE) and
 * PLAIN_STANDARD when the text is the SAN of the move in that language
 * (origin included: exactly the file, rank or square SAN writes).
 */
unsigned san_read_plain(const struct pos *p, int in_check, const char *s, size_t len, int lang,
                        move16 *move);

#endif
