/* san.c - phase 1 of move reading: the text of a move token into struct san_parts. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "base/compiler.h"
#include "notation/san.h"
#include "notation/notation.h"
#include "notation/san_fast.h"
#include "base/banned.h"

int move_error_set(struct move_error *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

static inline int is_file(int c) { return c >= 'a' && c <= 'h'; }
static inline int is_rank(int c) { return c >= '1' && c <= '8'; }
static inline int is_castle_o(int c) { return c == 'O' || c == '0' || c == 'o'; }
/* A piece letter or figurine can only start with an ASCII capital or a UTF-8 lead byte. */
static inline int may_be_symbol(int c) { return (c >= 'A' && c <= 'Z') || c >= 0xC0; }

/*
 * Length of a dash at s, else 0: '-', or in UTF-8 one of the hyphens and
 * dashes U+2010..U+2015 (the non-breaking hyphen and the en dash of word
 * processors) or the minus sign U+2212; those set SAN_UNICODE_DASH in *flags.
 */
static size_t dash_at(const unsigned char *s, const unsigned char *end, uint8_t *flags)
{
    if (s < end && *s == '-')
        return 1;
    if (end - s >= 3 && s[0] == 0xE2 &&
        ((s[1] == 0x80 && s[2] >= 0x90 && s[2] <= 0x95) || (s[1] == 0x88 && s[2] == 0x92))) {
        *flags |= SAN_UNICODE_DASH;
        return 3;
    }
    return 0;
}

/* Length of an en-passant marker at s ("e.p.", "e.p", "ep", "ep.", "e. p."), else 0. */
static size_t ep_marker(const unsigned char *s, const unsigned char *end)
{
    const unsigned char *c = s;
    if (c >= end || *c++ != 'e')
        return 0;
    if (c < end && *c == '.')
        c++;
    while (c < end && *c == ' ')
        c++;
    if (c >= end || *c++ != 'p')
        return 0;
    if (c < end && *c == '.')
        c++;
    return (size_t)(c - s);
}

/* Reads a piece symbol at *s into a type mask; the language's own meaning
 * if it has the letter, else every meaning any language gives it. */
static int read_symbol(const unsigned char **s, const unsigned char *end, int lang,
                       struct san_parts *out, uint8_t *mask, int *primary)
{
    int n, sym, type = **s < 128 ? notation_ascii_type[lang][**s] : -1;
    if (type >= 0) {
        *mask = (uint8_t)(1 << type);
        *primary = type;
        *s += 1;
        return 1;
    }
    sym = notation_symbol((const char *)*s, (size_t)(end - *s), &n);
    if (sym < 0)
        return 0;
    type = notation_symbol_type(sym, lang);
    if (type >= 0) {
        *mask = (uint8_t)(1 << type);
        *primary = type;
    } else {
        *mask = (uint8_t)notation_symbol_types(sym);
        *primary = notation_symbol_primary(sym);
        out->flags |= SAN_FOREIGN;
    }
    *s += n;
    return 1;
}

static int parse_castling(const unsigned char **sp, const unsigned char *end,
                          struct san_parts *out, struct move_error *err)
{
    const unsigned char *s = *sp;
    int groups = 0;
    for (;;) {
        if (s >= end || !is_castle_o(*s))
            return move_error_set(err, PGN_ESYNTAX, "malformed castling");
        groups++;
        s++;
        const unsigned char *after = s;
        while (after < end && *after == ' ')
            after++;
        size_t d = dash_at(after, end, &out->flags);
        if (d) {
            s = after + d;
            while (s < end && *s == ' ')
                s++;
        } else if (!(s < end && is_castle_o(*s))) {
            break;
        }
    }
    if (groups != 2 && groups != 3)
        return move_error_set(err, PGN_ESYNTAX, "malformed castling");
    out->kind = groups == 2 ? SAN_CASTLE_SHORT : SAN_CASTLE_LONG;
    *sp = s;
    return PGN_OK;
}

/* Piece letter, origin, capture marks, destination: "Nbd7", "Sf3xTe5", "ed", "g1f3". */
static int parse_body(const unsigned char **sp, const unsigned char *end, int lang,
                      struct san_parts *out, struct move_error *err)
{
    const unsigned char *s = *sp;
    int primary;
    if (may_be_symbol(*s)) {
        if (!read_symbol(&s, end, lang, out, &out->pieces, &primary))
            return move_error_set(err, PGN_ESYNTAX, "unknown piece letter");
        out->piece = (uint8_t)primary;
    }
    int co[4], nc = 0, files = 0, sep_at = -1, dash = 0;
    while (s < end) {
        int c = *s;
        if (is_file(c)) {
            if (c == 'e' && s + 1 < end && (s[1] == '.' || s[1] == 'p' || s[1] == ' ')
                && ep_marker(s, end))
                break;
            /* A file right after a complete square, not itself starting one,
             * is UCI's promotion to a bishop: "a7a8b". */
            if (c == 'b' && nc >= 2 && !(files >> (nc - 1) & 1)
                && !(s + 1 < end && is_rank(s[1])))
                break;
            if (nc == 4)
                return move_error_set(err, PGN_ESYNTAX, "too many squares");
            files |= 1 << nc;
            co[nc++] = c - 'a';
            s++;
        } else if (is_rank(c)) {
            if (nc == 4)
                return move_error_set(err, PGN_ESYNTAX, "too many squares");
            co[nc++] = c - '1';
            s++;
        } else if ((c == 'x' || c == ':' || c == '-') && sep_at < 0) {
            sep_at = nc;
            dash = c == '-';
            if (!dash)
                out->flags |= SAN_CAPTURE;
            s++;
            if (!dash && s < end && may_be_symbol(*s)
                && !read_symbol(&s, end, lang, out, &out->captured, &primary))
                return move_error_set(err, PGN_ESYNTAX, "unknown captured piece letter");
        } else if (c == ':' || (c == 'x' && !dash)) {
            /* A second mark: "ed5::", "exd5:", "e4-d5:" (no real file writes them). */
            return move_error_set(err, PGN_ESYNTAX, dash ? "a dash and a capture mark '%c' in one move"
                                                          : "capture marked twice ('%c' again)", c);
        } else {
            break;
        }
    }
    /* The shape of the coordinates: count and which of them are files. */
    int dest = nc - 2; /* index of the destination's file */
    switch (nc << 4 | files) {
    case 2 << 4 | 0x1: /* e4 */
        break;
    case 3 << 4 | 0x3: /* exd5, Nbd7 */
        out->from_file = (int8_t)co[0];
        break;
    case 3 << 4 | 0x2: /* N1d7 */
        out->from_rank = (int8_t)co[0];
        break;
    case 4 << 4 | 0x5: /* Ng1f3, e2-e4, g1f3 */
        out->from_file = (int8_t)co[0];
        out->from_rank = (int8_t)co[1];
        break;
    case 2 << 4 | 0x3: /* ed: a pawn capture given by files only */
        if (out->pieces && out->pieces != 1 << PAWN)
            return move_error_set(err, PGN_ESYNTAX, "a piece move needs a destination square");
        if (co[0] - co[1] != 1 && co[1] - co[0] != 1)
            return move_error_set(err, PGN_ESYNTAX, "a pawn captures onto a neighbouring file");
        out->from_file = (int8_t)co[0];
        out->to_file = (int8_t)co[1];
        dest = 1;
        break;
    default:
        return move_error_set(err, PGN_ESYNTAX,
                              nc ? "malformed squares" : "no destination square");
    }
    if (dest == nc - 2) {
        out->to_file = (int8_t)co[dest];
        out->to_rank = (int8_t)co[dest + 1];
    }
    /* x, : or - stand before the destination; ':' also after it (German "Sf5:"). */
    if (sep_at >= 0 && sep_at != dest && !(sep_at == nc && !dash && out->captured == 0))
        return move_error_set(err, PGN_ESYNTAX, "misplaced capture or dash");
    if (dash && nc != 4)
        return move_error_set(err, PGN_ESYNTAX, "a dash needs the origin square");
    *sp = s;
    return PGN_OK;
}

/* Piece type of a UCI promotion letter, else 0 (PAWN, never promoted to). */
static inline int uci_promotion(int c)
{
    switch (c) {
    case 'n': return KNIGHT;
    case 'b': return BISHOP;
    case 'r': return ROOK;
    case 'q': return QUEEN;
    default: return 0;
    }
}

/* Promotion: "=Q", "Q", "(Q)", "/Q", and UCI's lowercase "q". */
static int parse_promotion(const unsigned char **sp, const unsigned char *end, int lang,
                           struct san_parts *out, struct move_error *err)
{
    const unsigned char *s = *sp;
    if (s == end)
        return PGN_OK;
    int open = 0, marked = 0, primary;
    if (s < end && (*s == '=' || *s == '/' || *s == '(')) {
        open = *s == '(';
        marked = 1;
        s++;
    }
    if (s < end && may_be_symbol(*s) && read_symbol(&s, end, lang, out, &out->promo, &primary)) {
        out->promo &= (uint8_t)((1 << KNIGHT) | (1 << BISHOP) | (1 << ROOK) | (1 << QUEEN));
        if (!out->promo)
            return move_error_set(err, PGN_ESYNTAX,
                                  "a pawn promotes to a queen, rook, bishop or knight");
    } else if (s < end && uci_promotion(*s)) {
        out->promo = (uint8_t)(1 << uci_promotion(*s));
        s++;
    } else if (marked) {
        return move_error_set(err, PGN_ESYNTAX, "promotion piece missing");
    }
    if (open && (s >= end || *s++ != ')'))
        return move_error_set(err, PGN_ESYNTAX, "')' expected after the promotion piece");
    *sp = s;
    return PGN_OK;
}

/* Unicode annotation glyphs ‼ ⁇ ⁈ ⁉ as NAGs, else 0. */
static int unicode_nag(const unsigned char *s, const unsigned char *end)
{
    if (end - s < 3 || s[0] != 0xE2)
        return 0;
    if (s[1] == 0x80 && s[2] == 0xBC)
        return 3;
    if (s[1] == 0x81 && s[2] == 0x87)
        return 4;
    if (s[1] == 0x81 && s[2] == 0x89)
        return 5;
    if (s[1] == 0x81 && s[2] == 0x88)
        return 6;
    return 0;
}

/* Check marks, annotations, e.p., a German trailing ':' and stray spaces. */
static int parse_suffixes(const unsigned char *s, const unsigned char *end,
                          struct san_parts *out, struct move_error *err)
{
    while (s < end) {
        size_t n;
        int c = *s;
        if (c == ' ') {
            s++;
        } else if (c == '+') {
            int twice = s + 1 < end && s[1] == '+';
            out->flags |= twice ? SAN_DOUBLE_PLUS : SAN_CHECK;
            s += 1 + twice;
        } else if (c == '#') {
            out->flags |= SAN_MATE;
            s++;
        } else if (c == ':') {
            if (out->flags & SAN_CAPTURE)
                return move_error_set(err, PGN_ESYNTAX, "capture marked twice (':' again)");
            out->flags |= SAN_CAPTURE;
            s++;
        } else if ((n = ep_marker(s, end))) {
            out->flags |= SAN_EP;
            s += n;
        } else if ((c == '!' || c == '?') && !out->nag) {
            int c2 = s + 1 < end && (s[1] == '!' || s[1] == '?') ? s[1] : 0;
            static const char *const nags[] = { "", "!", "?", "!!", "??", "!?", "?!" };
            for (int i = 1; i <= 6; i++)
                if (nags[i][0] == c && nags[i][1] == c2)
                    out->nag = (uint8_t)i;
            s += 1 + (c2 != 0);
        } else if (!out->nag && (out->nag = (uint8_t)unicode_nag(s, end))) {
            s += 3;
        } else {
            /* Quote the whole character, so that the message stays valid UTF-8. */
            int k = 1;
            while (k < 4 && s + k < end && (s[k] & 0xC0) == 0x80)
                k++;
            return move_error_set(err, PGN_ESYNTAX, "unexpected '%.*s' after the move",
                                  c >= 0xC0 ? k : 1, (const char *)s);
        }
    }
    return PGN_OK;
}

static void parts_init(struct san_parts *out, int lang)
{
    memset(out, 0, sizeof *out);
    out->from_file = out->from_rank = out->to_file = out->to_rank = -1;
    out->lang = (uint8_t)lang;
}

/* Every accepted form; san_parse_fast() has taken the usual ones before. */
static NOINLINE int parse_general(const char *text, size_t len, int lang,
                                  struct san_parts *out, struct move_error *err)
{
    const unsigned char *s = (const unsigned char *)text, *end = s + len;
    int rc;
    parts_init(out, lang);
    while (s < end && *s == ' ')
        s++;
    if (s == end)
        return move_error_set(err, PGN_ESYNTAX, "empty move");
    if (is_castle_o(*s)) {
        rc = parse_castling(&s, end, out, err);
    } else {
        rc = parse_body(&s, end, lang, out, err);
        if (rc == PGN_OK)
            rc = parse_promotion(&s, end, lang, out, err);
    }
    if (rc == PGN_OK)
        rc = parse_suffixes(s, end, out, err);
    return rc;
}

int san_token_lang(const char *s, size_t len, int lang)
{
    if (lang >= 0 && lang < notation_count())
        return lang;
    struct lang_detect d;
    lang_detect_init(&d);
    lang_detect_add(&d, s, len);
    return lang_detect_result(&d);
}

int san_parse(const char *text, size_t len, int lang, struct san_parts *out,
              struct move_error *err)
{
    lang = san_token_lang(text, len, lang);
    if (san_parse_fast(text, len, lang, out))
        return PGN_OK;
    return parse_general(text, len, lang, out, err);
}

int san_token_joins(const char *tok, size_t len, const char *next, size_t next_len)
{
    const unsigned char *t = (const unsigned char *)tok, *tend = t + len;
    const unsigned char *n = (const unsigned char *)next, *nend = n + next_len;
    if (!len || !next_len)
        return 0;
    size_t ep = ep_marker(n, nend);
    if (ep && is_file(*t)) {
        for (n += ep; n < nend; n++)
            if (!strchr("+#!?", *n))
                return 0;
        return 1;
    }
    int groups = 0, dash_last = 0;
    uint8_t flags = 0;
    while (t < tend) {
        size_t d = dash_at(t, tend, &flags);
        if (*t == ' ') {
            t++;
        } else if (is_castle_o(*t)) {
            groups++;
            dash_last = 0;
            t++;
        } else if (d && groups && !dash_last) {
            dash_last = 1;
            t += d;
        } else {
            return 0;
        }
    }
    return dash_last && groups < 3 && is_castle_o(*n);
}
