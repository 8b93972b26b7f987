/* movewrite.h - writing a move: SAN, long algebraic, UCI, figurines, every language. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_MOVEWRITE_H
#define LIB_MOVEWRITE_H

#include <stddef.h>
#include "chess/position.h"

/* Longest text move_write() produces, NUL included (figurines and Russian
 * letters take 3-4 bytes: "♕h4x♜e1=♕ e.p.#" style worst cases fit). */
enum { MOVE_TEXT_MAX = 32 };

enum move_format {
    MOVE_FMT_SAN = 0,  /* Nf3 Nbd7 exd5 e8=Q O-O Qxf7# (PGN export format) */
    MOVE_FMT_LAN,      /* Ng1-f3 e2-e4 Nf3xe5 e7xd8=Q O-O */
    MOVE_FMT_UCI,      /* g1f3 e7e8q e1g1, Chess960 e1h1 (uci_write; flags ignored) */
    /* pgn-extract's long algebraic styles (-W...), as it writes them: no '='
     * before a promotion piece, castling as the king's move (Chess960: onto
     * the rook) but in xolalg; the flags of SAN ignored but the check mark. */
    MOVE_FMT_LALG,     /* e2e4 g1f3 e5d6 c7d8Q e1g1 (-Wlalg) */
    MOVE_FMT_HALG,     /* e2-e4 g1-f3 e4-d5 c7d8Q (no hyphen: as pgn-extract) e1-g1 (-Whalg) */
    MOVE_FMT_ELALG,    /* e2e4 Ng1f3 e5d6ep c7d8Q e1g1 (-Welalg) */
    MOVE_FMT_XLALG,    /* e2-e4 Ng1-f3 e4xd5 c7xd8Q e1-g1 (-Wxlalg) */
    MOVE_FMT_XOLALG,   /* -Wxlalg with O-O and O-O-O (-Wxolalg) */
};

enum write_flags {
    WRITE_CASTLE_ZERO = 1 << 0,      /* 0-0 / 0-0-0 (German books) instead of O-O */
    WRITE_PROMO_BARE = 1 << 1,       /* e8Q / e8D instead of e8=Q / e8=D */
    WRITE_NO_CHECK = 1 << 2,         /* no + or # (skips the mate test) */
    WRITE_FIGURINE = 1 << 3,         /* ♘f3 / ♞f6 instead of letters */
    WRITE_FIGURINE_ONE_SET = 1 << 4, /* with WRITE_FIGURINE: White's set for both sides */
    WRITE_CAPTURED = 1 << 5,         /* LAN: name a captured piece, Sf3xTe5; never a pawn */
    WRITE_CASTLE_KING = 1 << 6,      /* LAN: castling as the king's move e1-g1 (pgn-extract);
                                        Chess960: king takes rook e1-h1 */
    WRITE_EP = 1 << 7,               /* append " e.p." to en-passant captures (one token
                                        with a space: see san_token_joins) */
};

/**
 * How to write: format, language (a notation.h id; NOTATION_EN = 0) and
 * write_flags. A zeroed struct is English SAN.
 *
 * German promotion is written e8=D (as pgn-extract does) unless
 * WRITE_PROMO_BARE gives the book style e8D; reading accepts both.
 */
struct write_style {
    int format;
    int lang;
    unsigned flags;
};

/**
 * Writes legal move m of p in style st (NULL = English SAN) into out, at
 * most cap bytes with the NUL (as snprintf: cap >= MOVE_TEXT_MAX always
 * suffices). Returns the length of the full text. SAN gives the origin only
 * as far as needed, as the PGN standard prescribes: the file if that tells
 * the movers apart, else the rank, else both. '#' costs a legal-move test
 * of the position after the move, '+' one check test. No allocation.
 */
size_t move_write(const struct pos *p, move16 m, const struct write_style *st, char *out,
                  size_t cap);

/** English SAN of legal move m: move_write with the default style. */
size_t san_write(const struct pos *p, move16 m, char out[MOVE_TEXT_MAX]);

/**
 * English SAN of legal move m without its check mark, into out (NUL
 * included); returns the length. with_origin 0 leaves the origin out even
 * where SAN needs one ("Nd7" for Nbd7): the short form nearly every move
 * has, which a reader comparing a text with the SAN can try first, paying
 * for the search of rival pieces only when that differs. No allocation.
 */
size_t san_write_unmarked(const struct pos *p, move16 m, int with_origin,
                          char out[MOVE_TEXT_MAX]);

#endif
