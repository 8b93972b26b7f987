/* pgn_lex.h - PGN lexical rules: character classes, word classification, results, commands. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PGN_LEX_H
#define LIB_PGN_LEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "base/simd.h"
#include "pgn/game.h"

/*
 * The lexer knows no chess. A "word" is a maximal run of move-like
 * characters: ASCII letters and digits, - + # = / : ! ? . _ @ ~ and every
 * byte >= 0x80 (so UTF-8 figurines, Cyrillic letters, ½, …, ± are word
 * characters). pgn_lex_word() says what a word is: a move number, a move, a
 * result, a glyph, ... The reader (pgn_reader.c) handles everything that is
 * not a word: braces, parentheses, tags, NAGs, line structure.
 */

/* Bits of pgn_lex_class[]. */
enum {
    LX_WORD = 1,     /* word character (see above) */
    LX_SPACE = 2,    /* space, tab, form feed, vertical tab */
    LX_EOL = 4,      /* \n or \r */
    LX_TAGNAME = 8,  /* A-Z a-z 0-9 _ */
    LX_DIGIT = 16,   /* 0-9 */
    LX_CSTOP = 32,   /* stops a brace comment scan: } \n \r */
    LX_VSTOP = 64,   /* stops a tag value scan: " \ \n \r */
    LX_NSTOP = 128,  /* stops a nested brace comment scan: { } \n \r */
};
extern const unsigned char pgn_lex_class[256];

/* Token kind by first byte (pgn_lex_kind[]). */
enum {
    LK_OTHER = 0, LK_WS, LK_NL, LK_WORD, LK_LBRACE, LK_RBRACE, LK_SEMI, LK_LPAREN,
    LK_RPAREN, LK_LBRACK, LK_RBRACK, LK_QUOTE, LK_DOLLAR, LK_STAR, LK_PERCENT,
};
extern const unsigned char pgn_lex_kind[256];

/*
 * Bits of pgn_lex_move[], for the reader's fast path of plain moves: what
 * may start one (letters but O, Z and e, which may begin castling, a null
 * move or an e.p. mark) and end one (letters but p, digits, + and #).
 */
enum { LM_FIRST = 1, LM_LAST = 2 };
extern const unsigned char pgn_lex_move[256];

enum pgn_word_kind {
    PGN_W_MOVE,      /* a move token (core_off/core_len), maybe with a glued number */
    PGN_W_NUMBER,    /* a move number: "12", "12.", "12...", "12…" */
    PGN_W_RESULT,    /* "1-0" "0-1" "1/2-1/2" "½-½" "1:0" "0:1" "½:½" "1/2" "1/2:1/2", and
                        these with an en dash ("1–0", "½–½"; the reader warns) */
    PGN_W_NAG,       /* a glyph standing alone: "!" "?!" "=" "+=" "±" ... (nags[0]) */
    PGN_W_NULL,      /* a null move "--" or "Z0", maybe with a glued number */
    PGN_W_EP,        /* an en-passant mark "e.p." "ep" "e.p" standing alone; a check
                        mark after it ("e.p.+") is core_off/core_len */
    PGN_W_SEPARATOR, /* "/" between move pairs (German books): ignored */
    PGN_W_DOTS,      /* "." ".." "..." "…" standing alone: ignored */
    PGN_W_GARBAGE,   /* punctuation only, e.g. "@@@" */
};

#define PGN_WORD_MAX_NAGS 4

struct pgn_word {
    int kind;               /* enum pgn_word_kind */
    int result;             /* PGN_W_RESULT: enum pgn_result */
    uint32_t number;        /* PGN_W_NUMBER, or the number glued before a move */
    unsigned char has_number;
    unsigned char number_dots; /* written with "..." or "…" */
    unsigned char ep;          /* PGN_W_MOVE: an "e.p."/"ep" suffix was cut off */
    unsigned char nnags;
    uint16_t nags[PGN_WORD_MAX_NAGS]; /* PGN_W_MOVE: glyphs cut off the end; PGN_W_NAG: nags[0] */
    uint32_t core_off, core_len;      /* PGN_W_MOVE / PGN_W_NULL: the move text in the word */
};

/** Classifies the word s[0..n) (n >= 1, all word characters). */
void pgn_lex_word(const unsigned char *s, size_t n, struct pgn_word *w);

/**
 * A token split by spaces or tabs on one line: a result ("1 - 0",
 * "1/2 - 1/2"), castling ("0- 0", "O - O - O") or an en-passant mark
 * ("e. p."), as the table of such tokens in pgn_lex.c lists them. s points
 * at the first word; the scan stops at end or at the end of the line.
 * Returns the bytes covered when at least two words join into one token,
 * else 0; *kind is PGN_W_RESULT (with *result), else PGN_W_MOVE: a word
 * for pgn_lex_word() once its blanks are dropped.
 */
size_t pgn_lex_glue(const unsigned char *s, const unsigned char *end, int *kind, int *result);

/* Bits of pgn_lex_glue_class[]. */
enum {
    GL_FIRST = 1, /* starts a token pgn_lex_glue() joins */
    GL_PART = 2,  /* occurs in one */
};

/* Built by pgn_lex_tables_init() from the table of tokens pgn_lex_glue() joins. */
extern unsigned char pgn_lex_glue_class[256];
extern size_t pgn_lex_glue_longest; /* bytes of the longest such token, blanks dropped */

/** Builds pgn_lex_glue_class[] and pgn_lex_glue_longest; pgn_reader_tables_init() calls it. */
void pgn_lex_tables_init(void);

/**
 * 1 when the word p[0..n) may be the first of a token that pgn_lex_glue()
 * joins from several words ("1" of "1 - 0", "e." of "e. p."): a cheap test
 * before the call, decided by the same table.
 */
static inline int pgn_lex_may_glue(const unsigned char *p, size_t n)
{
    if (!(pgn_lex_glue_class[p[0]] & GL_FIRST) || n > pgn_lex_glue_longest)
        return 0;
    for (size_t i = 1; i < n; i++)
        if (!(pgn_lex_glue_class[p[i]] & GL_PART))
            return 0;
    return 1;
}

/* What pgn_lex_result() and pgn_lex_glyph() return for text they do not know. */
enum { PGN_LEX_UNKNOWN = -1 };

/** enum pgn_result of a result spelling (see PGN_W_RESULT, plus "*"), or PGN_LEX_UNKNOWN. */
int pgn_lex_result(const unsigned char *s, size_t n);

/**
 * NAG number of a glyph ("!" 1, "?" 2, "!!" 3, "??" 4, "!?" 5, "?!" 6, "=" 10,
 * ...), or PGN_LEX_UNKNOWN.
 */
int pgn_lex_glyph(const unsigned char *s, size_t n);

/**
 * 1 when p (a '[') starts a tag pair: '[' blanks name blanks '"', all
 * before end and on one line. the name goes to name and name_len.
 */
int pgn_lex_tag_start(const unsigned char *p, const unsigned char *end, const unsigned char **name,
                      size_t *name_len);

/* One "[%name args]" command found in a comment (offsets into the comment). */
struct pgn_cmd_span {
    size_t start, end; /* the whole "[%...]" */
    size_t name_off, name_len;
    size_t args_off, args_len; /* trimmed */
};

/** Finds the first command in s[from..n): 1 and *out, or 0 when there is none. */
int pgn_lex_next_command(const char *s, size_t n, size_t from, struct pgn_cmd_span *out);

#endif
