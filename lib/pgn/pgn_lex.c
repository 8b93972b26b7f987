/* pgn_lex.c - PGN lexical rules: character tables, word classification, results, commands. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "pgn/pgn_lex.h"
#include "base/banned.h"

/* Generated: see the bit and kind definitions in pgn_lex.h. */
const unsigned char pgn_lex_class[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 228, 2, 2, 228, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 1, 64, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1,
    25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 1, 0, 0, 1, 0, 1,
    1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
    9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 0, 64, 0, 0, 9,
    0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
    9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 128, 0, 160, 1, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

const unsigned char pgn_lex_kind[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 2, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 3, 11, 3, 12, 14, 0, 0, 7, 8, 13, 3, 0, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 6, 0, 3, 0, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 9, 0, 10, 0, 3,
    0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 0, 5, 3, 0,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};

/* Generated: see LM_FIRST and LM_LAST in pgn_lex.h. */
const unsigned char pgn_lex_move[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0,
    0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 0, 0, 0, 0, 0,
    0, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};


struct spelling {
    const char *text;
    unsigned char len;
    signed char value; /* result, NAG, or -1 for castling */
};
#define SP(s, v) { s, sizeof s - 1, v }

static const struct spelling results[] = {
    SP("1-0", PGN_RESULT_WHITE),       SP("0-1", PGN_RESULT_BLACK),
    SP("1/2-1/2", PGN_RESULT_DRAW),    SP("*", PGN_RESULT_UNKNOWN),
    SP("\xC2\xBD-\xC2\xBD", PGN_RESULT_DRAW), /* ½-½ */
    SP("1:0", PGN_RESULT_WHITE),       SP("0:1", PGN_RESULT_BLACK),
    SP("\xC2\xBD:\xC2\xBD", PGN_RESULT_DRAW), /* ½:½ */
    SP("1/2", PGN_RESULT_DRAW),        SP("1/2:1/2", PGN_RESULT_DRAW),
    /* With an en dash (U+2013), as typesetting writes them: read with a warning. */
    SP("1\xE2\x80\x93" "0", PGN_RESULT_WHITE), SP("0\xE2\x80\x93" "1", PGN_RESULT_BLACK),
    SP("\xC2\xBD\xE2\x80\x93\xC2\xBD", PGN_RESULT_DRAW), /* ½–½ */
    SP("1/2\xE2\x80\x93" "1/2", PGN_RESULT_DRAW),
};

static const struct spelling glyphs[] = {
    SP("!", 1),   SP("?", 2),   SP("!!", 3),  SP("??", 4),  SP("!?", 5),  SP("?!", 6),
    SP("\xE2\x96\xA1", 7),                   /* □ only move */
    SP("=", 10),  SP("\xE2\x88\x9E", 13),    /* ∞ unclear */
    SP("+=", 14), SP("+/=", 14), SP("\xE2\xA9\xB2", 14), /* ⩲ */
    SP("=+", 15), SP("=/+", 15), SP("\xE2\xA9\xB1", 15), /* ⩱ */
    SP("\xC2\xB1", 16), SP("+/-", 16),       /* ± */
    SP("\xE2\x88\x93", 17), SP("-/+", 17),   /* ∓ */
    SP("+-", 18), SP("-+", 19), SP("+--", 20), SP("--+", 21),
};

/* Glyphs that may be glued to the end of a move token. */
static const struct spelling suffix_glyphs[] = {
    SP("!!", 3), SP("??", 4), SP("!?", 5), SP("?!", 6), SP("!", 1), SP("?", 2),
    SP("\xC2\xB1", 16), SP("\xE2\x88\x93", 17), SP("\xE2\xA9\xB2", 14), SP("\xE2\xA9\xB1", 15),
    SP("\xE2\x88\x9E", 13),
};

/*
 * The spellings of the en-passant mark, the one place that lists them:
 * alone after its move ("exd6 e.p.") or glued to it ("exd6e.p."), as value
 * says. Adding a lenient spelling is adding a row (one written with a
 * blank in it, "e. p.", is a row of glue_words below): the fast paths leave to
 * this lexer every word that starts "e." or "ep" (run_move() in
 * reader_run.c) and every move that ends in '.' or 'p' (its LM_LAST test
 * and pgn_lex_word()'s own fast path).
 */
enum {
    EP_ALONE,      /* only as a word of its own */
    EP_AFTER_RANK, /* also glued right after the destination's rank: "d5xc6ep" */
    EP_GLUED,      /* also glued after any byte (long enough not to be a move's end) */
};
static const struct spelling ep_marks[] = {
    SP("e.p.", EP_GLUED), SP("ep", EP_AFTER_RANK), SP("e.p", EP_ALONE),
    SP("ep.", EP_AFTER_RANK), /* German, with the abbreviation's dot */
};

/*
 * Tokens that pgn_lex_glue() may assemble from several words, written
 * without their blanks: a result (value: enum pgn_result) or a word that
 * pgn_lex_word() reads once joined (GLUE_WORD; castling may take a check
 * mark or a glyph glued on: "0- 0+"). The one place that says which tokens
 * may be written with blanks in them: pgn_lex_may_glue() and the reader's
 * fast paths ask pgn_lex_glue_class[], which is built from this table.
 */
enum { GLUE_WORD = -1 };
static const struct spelling glue_words[] = {
    SP("1-0", PGN_RESULT_WHITE),    SP("0-1", PGN_RESULT_BLACK),
    SP("1/2-1/2", PGN_RESULT_DRAW), SP("\xC2\xBD-\xC2\xBD", PGN_RESULT_DRAW),
    SP("1:0", PGN_RESULT_WHITE),    SP("0:1", PGN_RESULT_BLACK),
    SP("\xC2\xBD:\xC2\xBD", PGN_RESULT_DRAW), SP("1/2:1/2", PGN_RESULT_DRAW),
    SP("0-0", GLUE_WORD), SP("0-0-0", GLUE_WORD), SP("O-O", GLUE_WORD), SP("O-O-O", GLUE_WORD),
    SP("e.p.", GLUE_WORD), /* German: "d5xc6 e. p." */
};
#undef SP

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int lookup(const struct spelling *t, size_t count, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < count; i++)
        if (t[i].len == n && !memcmp(t[i].text, s, n))
            return t[i].value;
    return PGN_LEX_UNKNOWN;
}

int pgn_lex_result(const unsigned char *s, size_t n)
{
    return lookup(results, COUNT(results), s, n);
}

int pgn_lex_glyph(const unsigned char *s, size_t n)
{
    return lookup(glyphs, COUNT(glyphs), s, n);
}

static int is_word(const unsigned char *s, size_t n, const char *lit)
{
    return strlen(lit) == n && !memcmp(s, lit, n);
}

/* The length of an en-passant mark glued to the end of the move m[0..len) (see ep_marks), or 0. */
static size_t glued_ep_mark(const unsigned char *m, size_t len)
{
    for (size_t i = 0; i < COUNT(ep_marks); i++) {
        size_t n = ep_marks[i].len;
        if (ep_marks[i].value == EP_ALONE || len <= n || memcmp(m + len - n, ep_marks[i].text, n))
            continue;
        if (ep_marks[i].value == EP_GLUED || ascii_is_digit(m[len - n - 1]))
            return n;
    }
    return 0;
}

/* A move token starting at s[start]: cut glued glyphs and "e.p." off its end. */
static void classify_move(const unsigned char *s, size_t n, size_t start, struct pgn_word *w)
{
    const unsigned char *m = s + start;
    size_t len = n - start;
    if (is_word(m, len, "--") || is_word(m, len, "Z0")) {
        w->kind = PGN_W_NULL;
        w->core_off = (uint32_t)start;
        w->core_len = (uint32_t)len;
        return;
    }
    uint16_t cut[PGN_WORD_MAX_NAGS];
    unsigned ncut = 0;
    while (ncut < PGN_WORD_MAX_NAGS) {
        size_t ep = glued_ep_mark(m, len);
        if (ep) {
            len -= ep;
            w->ep = 1;
            continue;
        }
        size_t i;
        for (i = 0; i < COUNT(suffix_glyphs); i++) {
            size_t gl = suffix_glyphs[i].len;
            if (len > gl && !memcmp(m + len - gl, suffix_glyphs[i].text, gl)) {
                cut[ncut++] = (uint16_t)suffix_glyphs[i].value;
                len -= gl;
                break;
            }
        }
        if (i == COUNT(suffix_glyphs))
            break;
    }
    /* Glyphs were cut from the end: store them in text order. */
    for (unsigned k = 0; k < ncut; k++)
        w->nags[k] = cut[ncut - 1 - k];
    w->nnags = (unsigned char)ncut;
    w->kind = PGN_W_MOVE;
    w->core_off = (uint32_t)start;
    w->core_len = (uint32_t)len;
}

/* 1 when s has a letter, a digit or a non-ASCII byte (a move can be made of it). */
static int has_substance(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] >= 0x80 || ascii_is_letter(s[i]) || ascii_is_digit(s[i]))
            return 1;
    return 0;
}

/* Length of the run of dots and "…" at s (0 if none). */
static size_t dots_run(const unsigned char *s, size_t n, int *long_form)
{
    size_t i = 0;
    unsigned dots = 0;
    while (i < n) {
        if (s[i] == '.') {
            i++;
            dots++;
        } else if (n - i >= 3 && s[i] == 0xE2 && s[i + 1] == 0x80 && s[i + 2] == 0xA6) {
            i += 3;
            dots += 3;
        } else {
            break;
        }
    }
    *long_form = dots >= 2;
    return i;
}

static void classify_digits(const unsigned char *s, size_t n, struct pgn_word *w)
{
    size_t i = 0;
    uint32_t v = 0;
    int overflow = 0;
    for (; i < n && ascii_is_digit(s[i]); i++) {
        if (v > 99999999u)
            overflow = 1;
        else
            v = v * 10 + (uint32_t)(s[i] - '0');
    }
    int long_form;
    size_t d = dots_run(s + i, n - i, &long_form);
    if (i == n || d) {
        if (overflow) {
            w->kind = PGN_W_GARBAGE;
            return;
        }
        w->number = v;
        w->has_number = 1;
        w->number_dots = (unsigned char)long_form;
        if (i + d == n) {
            w->kind = PGN_W_NUMBER;
            return;
        }
        /* A move glued to its number: "12.Nf3", "1...e5", "5.0-0", "3.--". */
        struct pgn_word rest;
        pgn_lex_word(s + i + d, n - i - d, &rest);
        if (rest.kind != PGN_W_MOVE && rest.kind != PGN_W_NULL) {
            w->kind = PGN_W_GARBAGE;
            return;
        }
        uint32_t number = w->number;
        unsigned char dots = w->number_dots;
        *w = rest;
        w->number = number;
        w->number_dots = dots;
        w->has_number = 1;
        w->core_off += (uint32_t)(i + d);
        return;
    }
    int r = pgn_lex_result(s, n);
    if (r >= 0) {
        w->kind = PGN_W_RESULT;
        w->result = r;
        return;
    }
    classify_move(s, n, 0, w); /* "0-0", or something for the notation engine to judge */
}

void pgn_lex_word(const unsigned char *s, size_t n, struct pgn_word *w)
{
    w->kind = PGN_W_MOVE;
    w->result = PGN_RESULT_NONE;
    w->number = 0;
    w->has_number = 0;
    w->number_dots = 0;
    w->ep = 0;
    w->nnags = 0;
    w->core_off = 0;
    w->core_len = (uint32_t)n;
    unsigned c0 = s[0];
    if (ascii_is_letter(c0)) {
        /* Fast path: a plain move ("Nf3", "exd5", "e8=Q+"). */
        unsigned cl = s[n - 1];
        if ((ascii_is_digit(cl) || (ascii_is_letter(cl) && cl != 'p') || cl == '+' || cl == '#') &&
            !(n == 2 && c0 == 'Z' && s[1] == '0') && !(c0 == 'e' && (s[1] == '.' || s[1] == 'p')))
            return;
        /* "e.p." / "ep", maybe followed by the check mark of the move: "e.p.+". */
        size_t k = n;
        while (k > 2 && (s[k - 1] == '+' || s[k - 1] == '#'))
            k--;
        if (lookup(ep_marks, COUNT(ep_marks), s, k) != PGN_LEX_UNKNOWN) {
            w->kind = PGN_W_EP;
            w->core_off = (uint32_t)k;
            w->core_len = (uint32_t)(n - k);
            return;
        }
        classify_move(s, n, 0, w);
        return;
    }
    if (ascii_is_digit(c0)) {
        classify_digits(s, n, w);
        return;
    }
    int v = pgn_lex_glyph(s, n);
    if (v >= 0) {
        w->kind = PGN_W_NAG;
        w->nags[0] = (uint16_t)v;
        w->nnags = 1;
        return;
    }
    v = pgn_lex_result(s, n);
    if (v >= 0) {
        w->kind = PGN_W_RESULT;
        w->result = v;
        return;
    }
    if (is_word(s, n, "/") || is_word(s, n, "//")) {
        w->kind = PGN_W_SEPARATOR;
        return;
    }
    int long_form;
    if (dots_run(s, n, &long_form) == n) {
        w->kind = PGN_W_DOTS;
        w->number_dots = (unsigned char)long_form;
        return;
    }
    if (is_word(s, n, "--")) {
        classify_move(s, n, 0, w);
        return;
    }
    if (!has_substance(s, n)) {
        w->kind = PGN_W_GARBAGE;
        return;
    }
    classify_move(s, n, 0, w); /* figurines, Cyrillic letters, ... */
}

unsigned char pgn_lex_glue_class[256];
size_t pgn_lex_glue_longest;

void pgn_lex_tables_init(void)
{
    for (size_t i = 0; i < COUNT(glue_words); i++) {
        const struct spelling *sp = &glue_words[i];
        pgn_lex_glue_class[(unsigned char)sp->text[0]] |= GL_FIRST;
        for (size_t k = 0; k < sp->len; k++)
            pgn_lex_glue_class[(unsigned char)sp->text[k]] |= GL_PART;
        if (sp->len > pgn_lex_glue_longest)
            pgn_lex_glue_longest = sp->len;
    }
}

size_t pgn_lex_glue(const unsigned char *s, const unsigned char *end, int *kind, int *result)
{
    unsigned char acc[16];
    size_t alen = 0, best = 0;
    unsigned words = 0;
    const unsigned char *p = s;
    /* Quick exit: the next word must be able to continue one of the tokens. */
    while (p < end && (pgn_lex_class[*p] & LX_WORD))
        p++;
    while (p < end && ascii_is_blank(*p))
        p++;
    if (p >= end || !(pgn_lex_glue_class[*p] & GL_PART))
        return 0;
    p = s;
    for (;;) {
        const unsigned char *w = p;
        while (p < end && (pgn_lex_class[*p] & LX_WORD))
            p++;
        size_t wl = (size_t)(p - w);
        if (wl == 0 || alen + wl > sizeof acc)
            break;
        memcpy(acc + alen, w, wl);
        alen += wl;
        words++;
        int prefix = 0;
        for (size_t i = 0; i < COUNT(glue_words); i++) {
            const struct spelling *sp = &glue_words[i];
            if (alen <= sp->len && !memcmp(acc, sp->text, alen)) {
                prefix = 1;
                if (alen == sp->len && words >= 2) {
                    best = (size_t)(p - s);
                    *kind = sp->value == GLUE_WORD ? PGN_W_MOVE : PGN_W_RESULT;
                    *result = sp->value == GLUE_WORD ? PGN_RESULT_NONE : sp->value;
                }
            } else if (sp->value == GLUE_WORD && alen > sp->len && !memcmp(acc, sp->text, sp->len) &&
                       words >= 2) {
                /* Castling with a glued check mark or glyph: "0- 0+". */
                size_t k = sp->len;
                while (k < alen && strchr("+#!?", acc[k]))
                    k++;
                if (k == alen) {
                    best = (size_t)(p - s);
                    *kind = PGN_W_MOVE;
                    *result = PGN_RESULT_NONE;
                }
            }
        }
        if (!prefix)
            break;
        const unsigned char *q = p;
        while (q < end && ascii_is_blank(*q))
            q++;
        if (q == p || q >= end || !(pgn_lex_class[*q] & LX_WORD))
            break;
        p = q;
    }
    return best;
}

int pgn_lex_tag_start(const unsigned char *p, const unsigned char *end, const unsigned char **name,
                      size_t *name_len)
{
    const unsigned char *q = p + 1;
    while (q < end && ascii_is_blank(*q))
        q++;
    const unsigned char *n0 = q;
    while (q < end && (pgn_lex_class[*q] & LX_TAGNAME))
        q++;
    if (q == n0)
        return 0;
    *name = n0;
    *name_len = (size_t)(q - n0);
    while (q < end && ascii_is_blank(*q))
        q++;
    return q < end && *q == '"';
}

int pgn_lex_next_command(const char *s, size_t n, size_t from, struct pgn_cmd_span *out)
{
    while (from + 2 < n) {
        const char *b = memchr(s + from, '[', n - from);
        if (!b)
            return 0;
        size_t i = (size_t)(b - s);
        from = i + 1;
        if (i + 2 >= n || s[i + 1] != '%')
            continue;
        size_t j = i + 2;
        while (j < n && (pgn_lex_class[(unsigned char)s[j]] & LX_TAGNAME))
            j++;
        if (j == i + 2)
            continue;
        const char *close = memchr(s + j, ']', n - j);
        if (!close)
            return 0;
        size_t k = (size_t)(close - s);
        size_t a = j, z = k;
        while (a < z && ascii_is_pgn_space(s[a]))
            a++;
        while (z > a && ascii_is_pgn_space(s[z - 1]))
            z--;
        out->start = i;
        out->end = k + 1;
        out->name_off = i + 2;
        out->name_len = j - (i + 2);
        out->args_off = a;
        out->args_len = z - a;
        return 1;
    }
    return 0;
}
