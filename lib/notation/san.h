/* san.h - reading a move token in any notation: parse (text only), then resolve (board). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SAN_H
#define LIB_SAN_H

#include <stddef.h>
#include <stdint.h>
#include "base/compiler.h"
#include "base/error.h"
#include "chess/position.h"

/*
 * Accepted forms (letters in the game's language, see notation.h):
 *   SAN        Nf3 Nbd7 R1e2 Qh4xe1 Ng1f3 exd5 e4 e8=Q e8Q e8(Q) e8/Q bxa8=Q#
 *   German     Sf3 Sf5: S:f5 ed5: ed (pawn capture by files) a8D Sg1-f3 Sf3xTe5
 *              e7-e8D d5xc6 e.p. (also ep, e.p) Be4 (B = pawn)
 *   long       Ng1-f3 Nf3xe5 e2-e4 e7xd8=Q, and pgn-extract's castling e1-g1
 *   UCI        g1f3 e7e8q, Chess960 king takes rook e1h1
 *   figurine   ♘f3 ♞xe4 (either set, any language)
 *   castling   O-O O-O-O 0-0 0-0-0, with stray spaces ("0- 0") or en dashes
 *   suffixes   + ++ # (reported, never trusted), ! ? !! ?? !? ?! and ‼ ⁇ ⁉ ⁈
 *              (reported as NAGs 1-6)
 * A token may contain spaces (castling "0- 0", "d5xc6 e.p."): the PGN lexer
 * joins them with san_token_joins() and hands over the whole token.
 *
 * Foreign letters: a letter that is not one of the language's, but means the
 * same piece in every language that has it ("D" is always a queen), is read
 * as that piece; one with several meanings ("S" knight or Czech bishop) is
 * resolved with each and accepted when exactly one gives a legal move.
 *
 * Leniency, reported rather than refused: a capture written without x or :
 * ("Ne5", "Sf3-e5" onto a piece; compare SAN_CAPTURE with the board to warn),
 * check marks that are wrong or missing, castling written as a king move
 * ("Kg1", "e1g1", "Ke1xh1"). Refused: a captured piece named wrongly
 * ("Sf3xTe5" onto a bishop) and an e.p. mark on a move that is not one.
 */

/*
 * san_parse, san_resolve and san_read return an enum pgn_status (base/error.h):
 * PGN_OK, PGN_ESYNTAX (not a move in any accepted form), PGN_EILLEGAL
 * (well-formed but no legal move matches; the reason is in struct move_error)
 * or PGN_EAMBIGUOUS (more than one legal move matches; the candidates are in
 * struct move_error). pgn_strerror() names them.
 */
enum { MOVE_MSG_MAX = 96 };

/**
 * Error as a value: the status (enum pgn_status) and a lowercase reason, e.g.
 * "the knight on d7 is pinned".
 */
struct move_error {
    int code;
    char msg[MOVE_MSG_MAX];
};

/**
 * Fills *err (if not NULL) with code and a printf-style reason; returns code,
 * so that error paths read "return move_error_set(err, PGN_EILLEGAL, ...)".
 */
int move_error_set(struct move_error *err, int code, const char *fmt, ...)
    PRINTF_LIKE(3, 4);

enum san_kind { SAN_MOVE = 0, SAN_CASTLE_SHORT, SAN_CASTLE_LONG };

enum san_flags {
    SAN_CAPTURE = 1 << 0,      /* 'x' or ':' written */
    SAN_EP = 1 << 1,           /* e.p. / ep written */
    SAN_CHECK = 1 << 2,        /* '+' written */
    SAN_DOUBLE_PLUS = 1 << 3,  /* '++' written (mate, or double check in old books) */
    SAN_MATE = 1 << 4,         /* '#' written */
    SAN_FOREIGN = 1 << 5,      /* a letter not of the language was read */
    SAN_UNICODE_DASH = 1 << 6, /* castling written with a Unicode hyphen or dash ("O\u2011O") */
};

/**
 * Phase 1 result: what the text says, without a board. Piece masks have bit
 * (1 << type) for each type the letter may mean: one bit, except for foreign
 * letters. pieces == 0 means no piece letter: a pawn, or with a full origin
 * square (g1f3, e1-g1) whatever stands there.
 */
struct san_parts {
    uint8_t kind;        /* enum san_kind */
    uint8_t pieces;      /* mask of the moving piece, 0 if no letter */
    uint8_t piece;       /* the type that letter means first (valid if pieces) */
    uint8_t captured;    /* mask of a captured piece named (Sf3xTe5), else 0 */
    uint8_t promo;       /* mask of the promotion piece, else 0 */
    int8_t from_file, from_rank; /* 0-7, -1 when not given */
    int8_t to_file, to_rank;     /* to_rank -1 only for the file capture "ed" */
    uint8_t flags;       /* enum san_flags */
    uint8_t nag;         /* 1-6 for ! ? !! ?? !? ?!, 0 none */
    uint8_t lang;        /* language the letters were read in */
};

/**
 * Phase 1: parses the token [s, s+len) in language lang (a notation.h id,
 * 0 <= lang < notation_count(), or NOTATION_AUTO: the language the token's
 * own letters suggest, as lang_detect decides on this token alone; a game's
 * language is better decided on all its moves) into *out. No board is
 * needed. Returns PGN_OK or PGN_ESYNTAX (with a reason in *err when err is
 * not NULL). No allocation.
 */
int san_parse(const char *s, size_t len, int lang, struct san_parts *out, struct move_error *err);

/**
 * Phase 2: finds the one legal move of p that *sp describes and stores it in
 * *move. Returns PGN_OK, PGN_EILLEGAL ("no white knight can reach f6",
 * "the knight on d7 is pinned", "king would be in check", "castling through
 * check", "captured piece does not match: e5 holds a bishop", "promotion
 * piece missing", "moves 'e4' and 'e6' written without a space", ...) or
 * PGN_EAMBIGUOUS ("ambiguous: could be Nbd7, Nfd7"; what follows
 * "ambiguous: " is always a clause of its own), with
 * the reason in *err when err is not NULL. The check and mate suffixes are
 * not looked at. Cost: a reverse attack query and one O(1) legality test
 * per candidate; no move generation, no allocation.
 */
int san_resolve(const struct pos *p, const struct san_parts *sp, move16 *move,
                struct move_error *err);

/**
 * san_parse + san_resolve in one call (lang as for san_parse). parts may be
 * NULL when the caller does not need the suffixes; err may be NULL.
 */
int san_read(const struct pos *p, const char *s, size_t len, int lang, move16 *move,
             struct san_parts *parts, struct move_error *err);

/**
 * Squares of the pieces of the side to move of the given type (KNIGHT..KING)
 * that can legally move to sq (castling aside): the set SAN disambiguation
 * is decided on.
 */
bitboard san_origins(const struct pos *p, int type, int sq);

/* What SAN writes of a move's origin square: bits of the file and the rank. */
enum san_origin {
    SAN_ORIGIN_NONE = 0,
    SAN_ORIGIN_FILE = 1 << 0,
    SAN_ORIGIN_RANK = 1 << 1,
    SAN_ORIGIN_SQUARE = SAN_ORIGIN_FILE | SAN_ORIGIN_RANK,
};

/**
 * The one rule of SAN disambiguation (PGN standard 8.2.3.4), for a move from
 * square from whose rivals are the other squares that hold a piece of the
 * same type and may legally move to the same destination (as san_origins()
 * finds them, less from): no origin when there is no rival; else the file
 * when no rival stands on it; else the rank when no rival stands on that;
 * else both. Returns a mask of enum san_origin. Writers and readers of SAN
 * both ask it, so that what is written is what reads as standard.
 */
static inline unsigned san_origin_needed(bitboard rivals, int from)
{
    if (!rivals)
        return SAN_ORIGIN_NONE;
    if (!(rivals & file_bb(sq_file(from))))
        return SAN_ORIGIN_FILE;
    if (!(rivals & rank_bb(sq_rank(from))))
        return SAN_ORIGIN_RANK;
    return SAN_ORIGIN_SQUARE;
}

/**
 * For the PGN lexer: 1 if the next white-space separated token [next,
 * next+next_len) belongs to the move token [tok, tok+len) so far, and the two
 * should be handed to san_parse as one token, spaces included. That is
 * castling broken after a dash ("0- 0", "O-O- O") and an en-passant marker
 * after a move ("d5xc6 e.p.", "exd6 ep"). "0 - 0" is not joined (it could be
 * the result "0 - 1"); apply repeatedly.
 */
int san_token_joins(const char *tok, size_t len, const char *next, size_t next_len);

#endif
