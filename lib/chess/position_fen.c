/* position_fen.c - struct pos from and to FEN / X-FEN / Shredder-FEN, with precise errors. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "chess/position.h"
#include "chess/zobrist.h"
#include "base/ascii.h"
#include "base/banned.h"

static const char piece_chars[] = "PNBRQK";

const char *fen_problem_text(enum fen_problem problem)
{
    switch (problem) {
    case FEN_NO_PROBLEM: return "ok";
    case FEN_SYNTAX: return "malformed FEN";
    case FEN_BOARD: return "board does not describe 8 ranks of 8 files";
    case FEN_KINGS: return "each side must have exactly one king";
    case FEN_PAWN_RANK: return "pawn on the first or last rank";
    case FEN_SIDE: return "side to move must be 'w' or 'b'";
    case FEN_CASTLING: return "castling right without king and rook on their home squares";
    case FEN_EP_SQUARE: return "en-passant square does not follow a double pawn step";
    case FEN_CLOCK: return "halfmove clock or move number is not a valid number";
    case FEN_OPPOSITE_CHECK: return "the side not to move is in check";
    case FEN_TOO_LONG: return "FEN too long";
    case FEN_CHECKERS: return "impossible check (more checking pieces than one move can give)";
    case FEN_IMPOSSIBLE_CHECK: return "impossible check (no last move gives these checks)";
    case FEN_MATERIAL: return "more than 16 pieces, 8 pawns or 8 promoted pieces for one side";
    case FEN_DIGITS: return "two digits in a row in a rank";
    case FEN_PROBLEM_COUNT: break;
    }
    return "unknown FEN problem";
}

static enum fen_problem parse_board(struct pos *p, const char **s)
{
    int rank = 7, file = 0;
    const char *c = *s;
    for (; *c && *c != ' '; c++) {
        if (*c == '/') {
            if (file != 8 || rank == 0)
                return FEN_BOARD;
            rank--;
            file = 0;
        } else if (*c >= '1' && *c <= '8') {
            if (c[1] >= '0' && c[1] <= '9')
                return FEN_DIGITS;
            file += *c - '0';
            if (file > 8)
                return FEN_BOARD;
        } else {
            const char *t = strchr(piece_chars, *c >= 'a' ? *c - 32 : *c);
            if (!t || !*c || file > 7)
                return file > 7 ? FEN_BOARD : FEN_SYNTAX;
            int color = *c >= 'a' ? BLACK : WHITE;
            int sq = make_sq(file++, rank);
            int pc = piece_make(color, (int)(t - piece_chars));
            p->board[sq] = (uint8_t)pc;
            p->by_type[piece_type(pc)] |= sq_bb(sq);
            p->by_color[color] |= sq_bb(sq);
        }
    }
    if (rank != 0 || file != 8)
        return FEN_BOARD;
    *s = c;
    return FEN_NO_PROBLEM;
}

/* Finds the outermost rook of colour c on its back rank on one side of the king. */
static int outer_rook(const struct pos *p, int c, int kingside)
{
    bitboard rooks = pos_pieces(p, c, ROOK) & rank_bb(c == WHITE ? 0 : 7);
    int k = p->king[c];
    bitboard side = kingside ? rooks & ~((sq_bb(k) << 1) - 1) : rooks & (sq_bb(k) - 1);
    if (!side)
        return SQ_NONE;
    return kingside ? bb_msb(side) : bb_lsb(side);
}

static enum fen_problem add_castling(struct pos *p, int c, int rook_sq)
{
    int k = p->king[c];
    int home = c == WHITE ? 0 : 7;
    if (rook_sq == SQ_NONE || sq_rank(k) != home || sq_rank(rook_sq) != home
        || p->board[rook_sq] != piece_make(c, ROOK))
        return FEN_CASTLING;
    int kingside = rook_sq > k;
    int index = 2 * c + (kingside ? 0 : 1);
    if (p->castling & (1 << index))
        return FEN_CASTLING;
    p->castling |= (uint8_t)(1 << index);
    p->castle_rook[index] = (uint8_t)rook_sq;
    return FEN_NO_PROBLEM;
}

/* What a lenient read of the castling field dropped (see pos_from_fen_repair()). */
struct castling_repair {
    int standard;  /* keep only rights with the king on e1/e8 and the rook on a/h */
    char *dropped; /* the letters dropped, NUL-terminated */
    size_t n;
};

static void drop_letter(struct castling_repair *cr, char c)
{
    if (cr->n < FEN_DROPPED_MAX - 1)
        cr->dropped[cr->n++] = c;
    cr->dropped[cr->n] = '\0';
}

/* The castling field at *s. With cr (the repair), a right that names no
 * king or rook at home, or one given twice, is dropped instead of refused. */
static enum fen_problem parse_castling(struct pos *p, const char **s, struct castling_repair *cr)
{
    const char *c = *s;
    if (*c == '-') {
        *s = c + 1;
        return FEN_NO_PROBLEM;
    }
    for (; *c && *c != ' '; c++) {
        int color = (*c >= 'a') ? BLACK : WHITE;
        int upper = color == BLACK ? *c - 32 : *c;
        int rook;
        enum fen_problem why;
        if (!p->by_type[KING] || bb_count(pos_pieces(p, color, KING)) != 1)
            return FEN_KINGS;
        if (upper == 'K' || upper == 'Q')
            rook = outer_rook(p, color, upper == 'K');
        else if (upper >= 'A' && upper <= 'H')
            rook = make_sq(upper - 'A', color == WHITE ? 0 : 7);
        else
            return FEN_SYNTAX;
        if ((why = add_castling(p, color, rook)) != FEN_NO_PROBLEM) {
            if (!cr)
                return why;
            drop_letter(cr, *c);
        }
    }
    *s = c;
    return FEN_NO_PROBLEM;
}

static enum fen_problem parse_number(const char **s, uint32_t *out, uint32_t max)
{
    const char *c = *s;
    uint64_t v = 0;
    if (*c < '0' || *c > '9')
        return FEN_CLOCK;
    for (; ascii_is_digit(*c); c++) {
        v = v * 10 + (uint64_t)(*c - '0');
        if (v > max)
            return FEN_CLOCK;
    }
    if (*c && *c != ' ')
        return FEN_CLOCK;
    *out = (uint32_t)v;
    *s = c;
    return FEN_NO_PROBLEM;
}

/* Each side starts with 16 men; a piece beyond the first queen, two rooks, two
 * bishops or two knights is a promoted pawn, which is no pawn any more. */
static int material_possible(const struct pos *p, int c)
{
    static const int initial[] = { 8, 2, 2, 2, 1 }; /* pawn, knight, bishop, rook, queen */
    int promoted = 0;
    for (int t = KNIGHT; t <= QUEEN; t++) {
        int extra = bb_count(pos_pieces(p, c, t)) - initial[t];
        promoted += extra > 0 ? extra : 0;
    }
    int pawns = bb_count(pos_pieces(p, c, PAWN));
    return bb_count(p->by_color[c]) <= 16 && pawns + promoted <= 8;
}

/*
 * Checks the last move of the side not to move cannot have given. Each rule
 * holds for every move, castling, promotion and en passant included:
 * - a double check needs a discovered check, and only a bishop, rook or
 *   queen can be discovered: two pawns or knights never check together;
 * - two checkers on one line through the king: the one moved would have had
 *   to pass over the king, or block the other;
 * - with an en-passant square the last move was that double step. It
 *   vacated one square only, so it gives at most one check, and a check by
 *   another piece must be discovered by it: with the pawn back on its first
 *   square that piece must not attack the king.
 */
static int checks_possible(const struct pos *p)
{
    bitboard checkers = pos_checkers(p);
    if (!checkers)
        return 1;
    int king = p->king[p->side], them = p->side ^ 1;
    if (p->ep != SQ_NONE) {
        int up = p->side == WHITE ? -8 : 8; /* the direction the pawn went */
        int pushed_to = p->ep + up, pushed_from = p->ep - up;
        if (bb_more_than_one(checkers))
            return 0;
        if (checkers == sq_bb(pushed_to))
            return 1;
        bitboard before = (pos_occupied(p) & ~sq_bb(pushed_to)) | sq_bb(pushed_from);
        return !(pos_attackers(p, king, before, them) & ~sq_bb(pushed_to));
    }
    if (!bb_more_than_one(checkers))
        return 1;
    bitboard steppers = p->by_type[PAWN] | p->by_type[KNIGHT];
    int a = bb_lsb(checkers), b = bb_msb(checkers);
    if ((checkers & steppers) == checkers)
        return 0;
    return !(bb_line(a, b) & sq_bb(king));
}

static enum fen_problem validate(struct pos *p)
{
    for (int c = 0; c < 2; c++)
        if (bb_count(pos_pieces(p, c, KING)) != 1)
            return FEN_KINGS;
    if (p->by_type[PAWN] & (rank_bb(0) | rank_bb(7)))
        return FEN_PAWN_RANK;
    for (int c = 0; c < 2; c++)
        if (!material_possible(p, c))
            return FEN_MATERIAL;
    if (p->ep != SQ_NONE) {
        int up = p->side == WHITE ? 8 : -8;
        int passed = p->ep - up;
        if (sq_rank(p->ep) != (p->side == WHITE ? 5 : 2) || p->board[p->ep]
            || p->board[p->ep + up] || p->board[passed] != piece_make(p->side ^ 1, PAWN))
            return FEN_EP_SQUARE;
    }
    bitboard occ = pos_occupied(p);
    if (pos_attackers(p, p->king[p->side ^ 1], occ, p->side))
        return FEN_OPPOSITE_CHECK;
    if (bb_count(pos_checkers(p)) > 2)
        return FEN_CHECKERS;
    return FEN_NO_PROBLEM;
}

/* Standard chess has the king on e1/e8 and castling rooks on a/h. */
static int castling_is_standard(const struct pos *p)
{
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        int c = i >> 1, rank = c == WHITE ? 0 : 7;
        if (p->king[c] != make_sq(4, rank) || p->castle_rook[i] != make_sq((i & 1) ? 0 : 7, rank))
            return 0;
    }
    return 1;
}

/*
 * Drops the rights of p that standard chess does not have (king not on
 * e1/e8, rook not on a/h), recording each as the letter KQkq or the rook's
 * file the FEN would give it.
 */
static void drop_nonstandard(struct pos *p, const char *field, struct castling_repair *cr)
{
    for (int i = 0; i < 4; i++) {
        if (!(p->castling & (1 << i)))
            continue;
        int c = i >> 1, rank = c == WHITE ? 0 : 7;
        if (p->king[c] == make_sq(4, rank) && p->castle_rook[i] == make_sq((i & 1) ? 0 : 7, rank))
            continue;
        /* The letter as written: K/Q or the rook's file, in the side's case. */
        char letter = (char)((i & 1) ? 'Q' : 'K'), file = (char)('A' + sq_file(p->castle_rook[i]));
        if (c == BLACK)
            letter = (char)(letter + 32), file = (char)(file + 32);
        for (const char *f = field; *f && *f != ' '; f++)
            if (*f == file)
                letter = file;
        drop_letter(cr, letter);
        p->castling &= (uint8_t)~(1 << i);
        p->castle_rook[i] = SQ_NONE;
    }
}

/* Where a castling letter stands in a FEN's field: KQ, files A-H, then the same for Black. */
static int castling_rank(char c)
{
    int black = c >= 'a', u = black ? c - 32 : c;
    return black * 16 + (u == 'K' ? 0 : u == 'Q' ? 1 : 2 + (u - 'A'));
}

static enum fen_problem read_fen(struct pos *p, const char *fen, struct castling_repair *cr)
{
    const char *s = fen;
    uint32_t n;
    enum fen_problem why;

    memset(p, 0, sizeof *p);
    p->ep = SQ_NONE;
    p->fullmove = 1;
    for (int i = 0; i < 4; i++)
        p->castle_rook[i] = SQ_NONE;
    if (strnlen(fen, FEN_MAX + 1) > FEN_MAX)
        return FEN_TOO_LONG;
    while (*s == ' ')
        s++;
    if ((why = parse_board(p, &s)) != FEN_NO_PROBLEM)
        return why;
    for (int c = 0; c < 2; c++) {
        bitboard k = pos_pieces(p, c, KING);
        if (bb_count(k) != 1)
            return FEN_KINGS;
        p->king[c] = (uint8_t)bb_lsb(k);
    }
    if (*s++ != ' ')
        return FEN_SYNTAX;
    if ((*s != 'w' && *s != 'b') || (s[1] && s[1] != ' '))
        return FEN_SIDE;
    p->side = *s++ == 'w' ? WHITE : BLACK;
    if (*s++ != ' ')
        return FEN_SYNTAX;
    const char *castling = s;
    if ((why = parse_castling(p, &s, cr)) != FEN_NO_PROBLEM)
        return why;
    if (*s++ != ' ')
        return FEN_SYNTAX;
    if (*s == '-') {
        s++;
    } else {
        if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
            return FEN_EP_SQUARE;
        p->ep = (uint8_t)make_sq(s[0] - 'a', s[1] - '1');
        s += 2;
    }
    while (*s == ' ')
        s++;
    if (*s) {
        if ((why = parse_number(&s, &n, 65535)) != FEN_NO_PROBLEM)
            return why;
        p->halfmove = (uint16_t)n;
        while (*s == ' ')
            s++;
        if ((why = parse_number(&s, &n, 1000000)) != FEN_NO_PROBLEM)
            return why;
        p->fullmove = n ? n : 1;
        while (*s == ' ')
            s++;
        if (*s)
            return FEN_SYNTAX;
    }
    if ((why = validate(p)) != FEN_NO_PROBLEM)
        return why;
    if (cr && cr->standard)
        drop_nonstandard(p, castling, cr);
    p->chess960 = !castling_is_standard(p);
    pos_update_castle_touch(p);
    p->key = pos_compute_key(p);
    /* Last, so that the position is complete for callers that go on with it. */
    return checks_possible(p) ? FEN_NO_PROBLEM : FEN_IMPOSSIBLE_CHECK;
}

/* The one place a FEN's problem becomes a status. */
static int fen_status(enum fen_problem why, enum fen_problem *problem)
{
    if (problem)
        *problem = why;
    if (why == FEN_NO_PROBLEM)
        return PGN_OK;
    return why == FEN_TOO_LONG ? PGN_ETOOBIG : PGN_EFEN;
}

int pos_from_fen(struct pos *p, const char *fen, enum fen_problem *problem)
{
    return fen_status(read_fen(p, fen, NULL), problem);
}

int pos_from_fen_repair(struct pos *p, const char *fen, int standard,
                        char dropped[FEN_DROPPED_MAX], enum fen_problem *problem)
{
    struct castling_repair cr = { standard, dropped, 0 };
    dropped[0] = '\0';
    enum fen_problem why = read_fen(p, fen, &cr);
    /* In the order a FEN gives them: White's first, the king's side first. */
    for (size_t i = 1; i < cr.n; i++)
        for (size_t j = i; j > 0 && castling_rank(dropped[j]) < castling_rank(dropped[j - 1]); j--) {
            char t = dropped[j];
            dropped[j] = dropped[j - 1];
            dropped[j - 1] = t;
        }
    return fen_status(why, problem);
}

/* Parsed once by lib_init(): every game without a FEN tag starts here. */
static struct pos start_position;

void pos_start_init(void)
{
    int rc = pos_from_fen(&start_position, START_FEN, NULL);
    (void)rc;
}

void pos_set_start(struct pos *p)
{
    *p = start_position;
}

static char castling_letter(const struct pos *p, int index, int shredder)
{
    int c = index >> 1;
    int rook = p->castle_rook[index];
    int kingside = !(index & 1);
    char letter;
    if (!shredder && outer_rook(p, c, kingside) == rook)
        letter = kingside ? 'K' : 'Q';
    else
        letter = (char)('A' + sq_file(rook));
    return c == BLACK ? (char)(letter + 32) : letter;
}

size_t pos_to_fen(const struct pos *p, int flags, char out[FEN_MAX])
{
    char *o = out;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int pc = p->board[make_sq(file, rank)];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                *o++ = (char)('0' + empty), empty = 0;
            char ch = piece_chars[piece_type(pc)];
            *o++ = piece_color(pc) == BLACK ? (char)(ch + 32) : ch;
        }
        if (empty)
            *o++ = (char)('0' + empty);
        if (rank)
            *o++ = '/';
    }
    *o++ = ' ';
    *o++ = p->side == WHITE ? 'w' : 'b';
    *o++ = ' ';
    if (!p->castling)
        *o++ = '-';
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            *o++ = castling_letter(p, i, (flags & FEN_SHREDDER) != 0);
    *o++ = ' ';
    if (p->ep != SQ_NONE && ((flags & FEN_EP_ALWAYS) || pos_ep_capture_possible(p))) {
        *o++ = (char)('a' + sq_file(p->ep));
        *o++ = (char)('1' + sq_rank(p->ep));
    } else {
        *o++ = '-';
    }
    *o = 0;
    if (!(flags & FEN_NO_COUNTERS)) {
        /* Two numbers of at most 5 and 7 digits fit the remaining space. */
        char num[24];
        int len = 0;
        unsigned v[2] = { p->halfmove, p->fullmove };
        for (int i = 0; i < 2; i++) {
            char digits[12];
            int d = 0;
            unsigned x = v[i];
            do
                digits[d++] = (char)('0' + x % 10);
            while ((x /= 10) != 0);
            num[len++] = ' ';
            while (d)
                num[len++] = digits[--d];
        }
        memcpy(o, num, (size_t)len);
        o += len;
        *o = 0;
    }
    return (size_t)(o - out);
}
