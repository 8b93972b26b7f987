/* position.h - chess position: board array + bitboards, FEN, making moves. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_POSITION_H
#define LIB_POSITION_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"
#include "chess/bitboard.h"

/*
 * A move in 16 bits:
 *
 *   15 14 | 13 12 | 11 10 9 8 7 6 | 5 4 3 2 1 0
 *   flags | promo |      to       |    from
 *
 *   flags: 0 normal, 1 promotion, 2 en passant, 3 castling
 *   promo: 0 knight, 1 bishop, 2 rook, 3 queen (only with flag 1)
 *
 * Castling is encoded as "king takes own rook": from = king square, to = the
 * castling rook's square. That one form covers Chess960, where the king may
 * not move at all or the rook may stand on the king's destination.
 */
typedef uint16_t move16;

enum move_flag { MF_NORMAL = 0, MF_PROMOTION = 1, MF_EN_PASSANT = 2, MF_CASTLING = 3 };
enum { MOVE_NONE = 0, MAX_MOVES = 256 };

static inline int move_from(move16 m) { return m & 63; }
static inline int move_to(move16 m) { return (m >> 6) & 63; }
static inline int move_flag(move16 m) { return m >> 14; }
/** Promotion piece type (KNIGHT..QUEEN); meaningful only for MF_PROMOTION. */
static inline int move_promo(move16 m) { return ((m >> 12) & 3) + KNIGHT; }
static inline move16 move_make(int from, int to, int flag)
{
    return (move16)(from | (to << 6) | (flag << 14));
}
static inline move16 move_make_promo(int from, int to, int type)
{
    return (move16)(from | (to << 6) | ((type - KNIGHT) << 12) | (MF_PROMOTION << 14));
}

/* Pieces on the board array: 0 empty, else (color << 3) | (type + 1). */
enum { NO_PIECE = 0 };
static inline int piece_make(int color, int type) { return (color << 3) | (type + 1); }
static inline int piece_type(int pc) { return (pc & 7) - 1; }
static inline int piece_color(int pc) { return pc >> 3; }

/* Castling right bits; the index is also the Polyglot castling index. */
enum {
    CR_WHITE_OO = 1, CR_WHITE_OOO = 2, CR_BLACK_OO = 4, CR_BLACK_OOO = 8,
    CR_ALL = 15
};

struct pos {
    bitboard by_type[PIECE_TYPE_NB];
    bitboard by_color[2];
    uint64_t key;            /* Polyglot key, kept up to date by every change */
    bitboard castle_touch;   /* squares whose move or capture changes castling rights */
    uint8_t board[64];
    uint8_t side;            /* colour to move */
    uint8_t castling;        /* CR_* bits */
    uint8_t ep;              /* square skipped by a double step, else SQ_NONE */
    uint8_t king[2];
    uint8_t castle_rook[4];  /* home square of the rook of each right (bit index) */
    uint8_t chess960;        /* write castling rights as files when set */
    uint16_t halfmove;       /* plies since the last capture or pawn move */
    uint32_t fullmove;
};

_Static_assert(sizeof(struct pos) <= 192, "struct pos should stay small for copy-make");

/*
 * Why a FEN is refused: the detail below the status PGN_EFEN (PGN_ETOOBIG
 * for FEN_TOO_LONG) that pos_from_fen() returns. Not a status of its own.
 */
enum fen_problem {
    FEN_NO_PROBLEM = 0,
    FEN_SYNTAX,             /* not six (or four) fields, bad characters */
    FEN_BOARD,              /* ranks that do not add up to 8 files / 8 ranks */
    FEN_KINGS,              /* not exactly one king per side */
    FEN_PAWN_RANK,          /* pawn on rank 1 or 8 */
    FEN_SIDE,               /* side to move not w/b */
    FEN_CASTLING,           /* castling right without king/rook at home */
    FEN_EP_SQUARE,          /* en-passant square not behind a double-stepped pawn */
    FEN_CLOCK,              /* halfmove or fullmove not a number */
    FEN_OPPOSITE_CHECK,     /* the side not to move is in check */
    FEN_TOO_LONG,           /* more than FEN_MAX bytes (status PGN_ETOOBIG) */
    FEN_CHECKERS,           /* more attackers of the king than any move can produce */
    FEN_IMPOSSIBLE_CHECK,   /* checkers no last move can produce (see below) */
    FEN_MATERIAL,           /* more pieces or pawns than a game can have */
    FEN_DIGITS,             /* two digits in a row in a rank ("17") */
    FEN_PROBLEM_COUNT
};
enum { FEN_MAX = 128 };

extern const char *const START_FEN;

/** Text of a fen_problem ("pawn on the first or last rank"), static storage. */
const char *fen_problem_text(enum fen_problem problem);

/**
 * Sets *p from a FEN, X-FEN or Shredder-FEN string (castling as KQkq or as rook
 * files A-H / a-h). The move counters may be omitted (EPD style). A position
 * whose castling rooks or king are not on the standard squares sets chess960.
 * Returns PGN_OK, PGN_ETOOBIG (more than FEN_MAX bytes) or PGN_EFEN, and
 * stores why in *problem when problem is not NULL (FEN_NO_PROBLEM on
 * success). *p is unspecified on error, with one exception: after
 * FEN_IMPOSSIBLE_CHECK *p is complete and playable (the moves are well
 * defined, the position just cannot arise in a game), so a move-generator
 * test such as perft may go on with it.
 */
int pos_from_fen(struct pos *p, const char *fen, enum fen_problem *problem);

enum { FEN_DROPPED_MAX = 9 };
/**
 * pos_from_fen(), lenient where python-chess and scalachess are: a castling
 * right whose king or rook is not on its home square (or a right given
 * twice) is dropped instead of refusing the FEN. With standard (a game that
 * is not Chess960), KQkq keep their standard meaning: a right whose king is
 * not on e1/e8 or whose rook is not on the a/h file is dropped too. The
 * letters dropped are written into dropped as they stand in the FEN ("" when
 * none). Returns what pos_from_fen() returns for the repaired FEN, and
 * stores its problem as pos_from_fen() does.
 */
int pos_from_fen_repair(struct pos *p, const char *fen, int standard,
                        char dropped[FEN_DROPPED_MAX], enum fen_problem *problem);

enum fen_flags { FEN_SHREDDER = 1, FEN_EP_ALWAYS = 2, FEN_NO_COUNTERS = 4 };
/**
 * Writes the FEN of p into out (at least FEN_MAX bytes), NUL-terminated.
 * Castling: KQkq where unambiguous, rook files where not (X-FEN), or always
 * files with FEN_SHREDDER. The en-passant square is written only when an
 * en-passant capture is legal (as python-chess and lichess do), unless
 * FEN_EP_ALWAYS. Returns the length.
 */
size_t pos_to_fen(const struct pos *p, int flags, char out[FEN_MAX]);

/** Parses the standard start position once, for pos_set_start(); lib_init() calls it. */
void pos_start_init(void);

/** Sets *p to the standard start position. */
void pos_set_start(struct pos *p);

/** Pieces of colour c that attack sq given occupancy occ. */
bitboard pos_attackers(const struct pos *p, int sq, bitboard occ, int c);
static inline bitboard pos_occupied(const struct pos *p)
{
    return p->by_color[WHITE] | p->by_color[BLACK];
}
static inline bitboard pos_pieces(const struct pos *p, int c, int type)
{
    return p->by_color[c] & p->by_type[type];
}
/** Enemy pieces giving check to the side to move. */
static inline bitboard pos_checkers(const struct pos *p)
{
    return pos_attackers(p, p->king[p->side], pos_occupied(p), p->side ^ 1);
}
static inline int pos_in_check(const struct pos *p) { return pos_checkers(p) != 0; }

/**
 * Plays a legal move m on p in place (copy the position first to keep the old
 * one: copy-make). The move must come from movegen or resolution; no checks.
 */
void pos_play(struct pos *p, move16 m);

/**
 * Passes the move (a PGN null move "--"): the side to move changes, the
 * en-passant square expires, the clocks advance. Only for replaying
 * annotations that use it; p must not be in check.
 */
void pos_play_null(struct pos *p);

/** 1 if pseudo-legal move m (from generation or resolution) leaves our king safe. */
int pos_is_legal(const struct pos *p, move16 m);

/**
 * 1 if legal move m, which took before to after (after = before + m),
 * checks the enemy king: the moved piece's own attack plus a discovered
 * attack through its origin, instead of a full attackers query.
 */
int pos_move_gave_check(const struct pos *before, move16 m, const struct pos *after);

/**
 * 1 if move m (legal) gives check: pos_move_gave_check() on the board the
 * move leaves, without playing it (except castling and en passant).
 */
int pos_gives_check(const struct pos *p, move16 m);

/**
 * pos_play() that also tells whether m gives check (pos_gives_check()
 * before it), for a replay that checks every move: one call per move.
 * When the move gives check or keep is set (or m castles, takes en
 * passant or promotes), *before receives a copy of p as it was; else
 * *before is not touched.
 */
int pos_play_keep(struct pos *p, move16 m, int keep, struct pos *before);

/** Piece captured by m (NO_PIECE if none); en passant gives the enemy pawn. */
int pos_captured(const struct pos *p, move16 m);

/** Destination of the king for castling moves, else move_to(m). */
int move_king_to(move16 m);

/** 1 if a legal en-passant capture exists in p. */
int pos_ep_capture_possible(const struct pos *p);

/**
 * Key identifying the position for repetition under the FIDE Laws: pieces,
 * side, castling rights and the en-passant square only when an en-passant
 * capture is legal. Equals p->key except when Polyglot hashed an en-passant
 * file whose capture is in fact illegal.
 */
uint64_t pos_repetition_key(const struct pos *p);

/**
 * 1 when a and b are the same position under the FIDE Laws (pieces, side,
 * castling rights and rooks, en passant only when a capture is legal).
 */
int pos_same(const struct pos *a, const struct pos *b);

/** Recomputes p->castle_touch from the castling rights (after setting them up). */
void pos_update_castle_touch(struct pos *p);

/** Recomputes the Polyglot key from scratch (for tests and consistency checks). */
uint64_t pos_compute_key(const struct pos *p);

/** 1 if bitboards, kings and key agree with the board array. */
int pos_is_consistent(const struct pos *p);

/**
 * 1 if neither side can ever mate by any legal sequence (FIDE 5.2.2 "dead
 * position"), as far as pgnkit can prove it: without pawns by the material
 * (neither side pos_can_mate(): K v K, K+B v K, K+N v K, bishops all on
 * squares of one colour), with pawns by a blockade
 * (pos_is_dead_by_blockade(): every pawn blocked for good, kings and
 * pieces shut away from each other). 0 when not proved; never 1 for a
 * position from which a mate can be reached.
 */
int pos_is_dead(const struct pos *p);

/**
 * 1 if colour c has material that can mate in some game that goes on from
 * p, as far as the pieces alone tell (not where they stand): anything
 * beyond a lone king, except a lone knight against queens only (or a bare
 * king), and bishops all on one colour against nothing but rooks, queens
 * and bishops of that colour (or a bare king). 0 means no sequence of legal
 * moves can end in c giving mate (FIDE 6.9: a win on time is then a draw).
 */
int pos_can_mate(const struct pos *p, int c);

#endif
