/* notation.h - notation languages as data: piece letters, figurines, language detection. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_NOTATION_H
#define LIB_NOTATION_H

#include <stddef.h>
#include <stdint.h>

/*
 * A language is one row of a table in notation.c. Letters are strings so that
 * multi-byte letters (Russian "Кр") fit. Adding a language = adding a row
 * (keep English first: it is the default and wins every tie).
 *
 *   letters[]  index  NL_KING NL_QUEEN NL_ROOK NL_BISHOP NL_KNIGHT NL_PAWN
 *   "en"               "K"     "Q"      "R"     "B"       "N"       "P"
 *   "de"               "K"     "D"      "T"     "L"       "S"       "B"
 *
 * Rows, in priority order: en de fr es it pt nl sv da no fi pl cs hu ro ru
 * (sv, da and no have German's letters; es and it are the same too).
 *
 * The pawn letter is accepted on input (German "Be4" = pawn to e4) and never
 * written; "" means the language has none. Letters are case-sensitive: a
 * lowercase a-h is always a file, so "bxc3" is a pawn and "Bxc3" a bishop.
 */
enum { NL_KING = 0, NL_QUEEN, NL_ROOK, NL_BISHOP, NL_KNIGHT, NL_PAWN, NL_LETTERS };

struct notation {
    const char *name;          /* ISO 639-1 code, the name notation_find() takes: "en" */
    const char *english_name;  /* "English" */
    const char *letters[NL_LETTERS];
};

/* Language ids are row indexes; these two are fixed, the rest follow the table. */
enum { NOTATION_EN = 0, NOTATION_DE = 1, NOTATION_AUTO = -1, NOTATION_UNKNOWN = -2,
       NOTATION_MAX = 32 };

/** Builds the symbol tables of every language; lib_init() calls it once. */
void notation_tables_init(void);

/** Number of languages in the table. */
int notation_count(void);

/** Row of language id (0 <= id < notation_count()), or NULL. Static storage. */
const struct notation *notation_get(int id);

/**
 * Id of the language named name ("en", "de", ...), NOTATION_AUTO for "auto",
 * else NOTATION_UNKNOWN.
 */
int notation_find(const char *name);

/** Letter of piece type (PAWN..KING) in language id (a valid id); "" for a pawn without one. */
const char *notation_letter(int id, int type);

/**
 * Unicode figurine (UTF-8, static storage) of a piece of colour (WHITE/BLACK)
 * and type: ♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black.
 */
const char *notation_figurine(int color, int type);

/*
 * Symbols: every distinct piece letter of every language plus the twelve
 * figurines, numbered 0..NOTATION_SYMBOLS-1. A symbol means a piece type per
 * language; figurines mean the same type in all of them.
 */
enum { NOTATION_SYMBOLS = 64 };

/**
 * The symbol that starts the text [s, s+len) (the longest match: Russian
 * "Кр" before "К"): returns its id and sets *n to its length in bytes, or
 * returns NOTATION_NO_SYMBOL when the text does not start with a piece letter
 * or figurine.
 */
enum { NOTATION_NO_SYMBOL = -1 };
int notation_symbol(const char *s, size_t len, int *n);

/*
 * Hot-path lookup, filled at load time: the piece type of a one-byte letter
 * in each language, -1 when it is none of that language's letters.
 */
extern int8_t notation_ascii_type[NOTATION_MAX][128];

/**
 * The one-byte letters of language lang as a mask, bit c - 'A' for each
 * letter c (all are capitals A-Z); lang NOTATION_AUTO gives those of every
 * language: the capitals that can be piece letters at all.
 */
uint32_t notation_capitals(int lang);

/** Piece type (PAWN..KING) of symbol sym in language lang, -1 if not one of its letters. */
int notation_symbol_type(int sym, int lang);

/** Mask (1 << type) of the piece types symbol sym stands for in any language. */
unsigned notation_symbol_types(int sym);

/** Piece type of sym in the first language of the table (in table order) that has it. */
int notation_symbol_primary(int sym);

/*
 * Language detection, one game at a time. The PGN reader feeds every move
 * token of a game to lang_detect_add() before replaying it, then asks
 * lang_detect_result(). Only the piece letters count: the leading piece,
 * a captured piece named in long notation (Sf3xTe5) and a promotion piece.
 *
 * Decision rule, on the SET of letters the game uses (not letter by letter):
 *   1. no letters at all: English;
 *   2. otherwise the first language in table order (English first) of which
 *      every letter used is a letter: {N,B,Q} is English, {S,L,D,T} German,
 *      {P,L,D} Dutch, {B,S,L} German (B = pawn), {B,N} English (B = bishop);
 *   3. if no language has all of them (mixed files: "Nc3 Bg5 Db6"), the
 *      language whose letters cover the most tokens, ties to table order.
 * A letter that is not one of the chosen language's is still read when
 * unambiguous (see san.h: foreign letters).
 */
struct lang_detect {
    uint64_t seen;                       /* bit per symbol id */
    uint32_t count[NOTATION_SYMBOLS];    /* tokens using each symbol */
};

/** Resets d for a new game. */
void lang_detect_init(struct lang_detect *d);

/** Adds the evidence of one move token [tok, tok+len) (any form: SAN, LAN, figurine). */
void lang_detect_add(struct lang_detect *d, const char *tok, size_t len);

/** The language id chosen by the rule above (English when nothing was added). */
int lang_detect_result(const struct lang_detect *d);

#endif
