/* position.c - board state, piece placement with incremental hashing, making moves. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/compiler.h"
#include "chess/dead_position.h"
#include "chess/position.h"
#include "chess/zobrist.h"
#include "base/banned.h"

const char *const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* Every change of the board goes through these three, so the board array, the
 * bitboards and the key can never disagree. */
static inline void put_piece(struct pos *p, int pc, int sq)
{
    int c = piece_color(pc), t = piece_type(pc);
    p->board[sq] = (uint8_t)pc;
    p->by_type[t] |= sq_bb(sq);
    p->by_color[c] |= sq_bb(sq);
    p->key ^= zobrist_piece(c, t, sq);
}

static inline void remove_piece(struct pos *p, int sq)
{
    int pc = p->board[sq], c = piece_color(pc), t = piece_type(pc);
    p->board[sq] = NO_PIECE;
    p->by_type[t] &= ~sq_bb(sq);
    p->by_color[c] &= ~sq_bb(sq);
    p->key ^= zobrist_piece(c, t, sq);
}

static inline void move_piece(struct pos *p, int from, int to)
{
    int pc = p->board[from], c = piece_color(pc), t = piece_type(pc);
    bitboard fromto = sq_bb(from) | sq_bb(to);
    p->board[from] = NO_PIECE;
    p->board[to] = (uint8_t)pc;
    p->by_type[t] ^= fromto;
    p->by_color[c] ^= fromto;
    p->key ^= zobrist_piece(c, t, from) ^ zobrist_piece(c, t, to);
}

/* Sliders by the squares between: the few of colour c on a line with sq
 * are tested one by one, cheaper than computing sq's slider attacks. */
bitboard pos_attackers(const struct pos *p, int sq, bitboard occ, int c)
{
    bitboard ours = p->by_color[c] & occ;
    bitboard a = ((bb_pawn_attacks[c ^ 1][sq] & p->by_type[PAWN])
                  | (bb_empty_attacks[KNIGHT][sq] & p->by_type[KNIGHT])
                  | (bb_empty_attacks[KING][sq] & p->by_type[KING])) & ours;
    bitboard snipers = (((p->by_type[ROOK] | p->by_type[QUEEN]) & bb_empty_attacks[ROOK][sq])
                        | ((p->by_type[BISHOP] | p->by_type[QUEEN]) & bb_empty_attacks[BISHOP][sq]))
                     & ours;
    while (snipers) {
        int s = bb_pop(&snipers);
        if (!(bb_between(sq, s) & occ))
            a |= sq_bb(s);
    }
    return a;
}

/* Polyglot hashes the en-passant file only when a pawn of the side to move
 * stands beside the pawn that just made the double step (legal or not). */
static int ep_hashed(const struct pos *p)
{
    if (p->ep == SQ_NONE)
        return 0;
    return (bb_pawn_attacks[p->side ^ 1][p->ep] & pos_pieces(p, p->side, PAWN)) != 0;
}

uint64_t pos_compute_key(const struct pos *p)
{
    uint64_t k = 0;
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq])
            k ^= zobrist_piece(piece_color(p->board[sq]), piece_type(p->board[sq]), sq);
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            k ^= zobrist_castle(i);
    if (ep_hashed(p))
        k ^= zobrist_ep(sq_file(p->ep));
    if (p->side == WHITE)
        k ^= zobrist_white_to_move();
    return k;
}

int move_king_to(move16 m)
{
    if (move_flag(m) != MF_CASTLING)
        return move_to(m);
    int kingside = move_to(m) > move_from(m);
    return make_sq(kingside ? 6 : 2, sq_rank(move_from(m)));
}

int pos_captured(const struct pos *p, move16 m)
{
    switch (move_flag(m)) {
    case MF_CASTLING: return NO_PIECE;
    case MF_EN_PASSANT: return piece_make(p->side ^ 1, PAWN);
    default: return p->board[move_to(m)];
    }
}

static void set_ep(struct pos *p, int sq)
{
    if (ep_hashed(p))
        p->key ^= zobrist_ep(sq_file(p->ep));
    p->ep = (uint8_t)sq;
    if (ep_hashed(p))
        p->key ^= zobrist_ep(sq_file(p->ep));
}

void pos_update_castle_touch(struct pos *p)
{
    p->castle_touch = 0;
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            p->castle_touch |= sq_bb(p->castle_rook[i]) | sq_bb(p->king[i >> 1]);
}

/* Takes the castling rights in lost (bits of p->castling, all held) away, key too. */
static void drop_rights(struct pos *p, unsigned lost)
{
    p->castling &= (uint8_t)~lost;
    for (; lost; lost &= lost - 1)
        p->key ^= zobrist_castle(__builtin_ctz(lost));
}

/* The rights lost by a move from or to the squares of fromto: those whose
 * king or rook stands there (before the move). */
static void drop_castling_rights(struct pos *p, bitboard fromto)
{
    unsigned lost = 0;
    /* The rook square of a right that is gone may be SQ_NONE. */
    for (int i = 0; i < 4; i++)
        if ((p->castling & (1u << i))
            && (fromto & (sq_bb(p->castle_rook[i]) | sq_bb(p->king[i >> 1]))))
            lost |= 1u << i;
    drop_rights(p, lost);
}

/*
 * Castling, king on from and rook on to: both change squares at once (in
 * Chess960 either may land where the other stood), the side loses both its
 * rights and nothing else changes but the clocks. Done apart from the general
 * way's piece by piece steps and its search of the rights a move touches.
 */
static void play_castling(struct pos *p, int from, int to)
{
    int us = p->side, rank = sq_rank(from), kingside = to > from;
    int kto = make_sq(kingside ? 6 : 2, rank), rto = make_sq(kingside ? 5 : 3, rank);
    int king = p->board[from], rook = p->board[to];
    if (p->ep != SQ_NONE)
        set_ep(p, SQ_NONE);
    p->key ^= zobrist_board[king][from] ^ zobrist_board[king][kto] ^ zobrist_board[rook][to]
            ^ zobrist_board[rook][rto] ^ zobrist_white_to_move();
    drop_rights(p, p->castling & (3u << (2 * us)));
    /* Sets as XORs of the squares left and taken: right when they overlap too. */
    p->board[from] = p->board[to] = NO_PIECE;
    p->board[kto] = (uint8_t)king;
    p->board[rto] = (uint8_t)rook;
    p->by_type[KING] ^= sq_bb(from) ^ sq_bb(kto);
    p->by_type[ROOK] ^= sq_bb(to) ^ sq_bb(rto);
    p->by_color[us] ^= sq_bb(from) ^ sq_bb(kto) ^ sq_bb(to) ^ sq_bb(rto);
    p->king[us] = (uint8_t)kto;
    p->halfmove++;
    p->fullmove += (uint32_t)us;
    p->side = (uint8_t)(us ^ 1);
    pos_update_castle_touch(p);
}

/* Any move: the way of every move before pos_play() had its plain case. */
static NOINLINE void play_general(struct pos *p, move16 m)
{
    int us = p->side, them = us ^ 1;
    int from = move_from(m), to = move_to(m), flag = move_flag(m);
    int pc = p->board[from];
    int type = piece_type(pc);

    if (flag == MF_CASTLING) {
        play_castling(p, from, to);
        return;
    }
    if (p->ep != SQ_NONE)
        set_ep(p, SQ_NONE);
    p->halfmove++;
    if ((sq_bb(from) | sq_bb(to)) & p->castle_touch) {
        drop_castling_rights(p, sq_bb(from) | sq_bb(to));
        pos_update_castle_touch(p);
    }
    if (p->board[to]) {
        remove_piece(p, to);
        p->halfmove = 0;
    }
    if (type == PAWN) {
        p->halfmove = 0;
        if (flag == MF_EN_PASSANT) {
            remove_piece(p, to + (us == WHITE ? -8 : 8));
        } else if (flag == MF_PROMOTION) {
            remove_piece(p, from);
            put_piece(p, piece_make(us, move_promo(m)), to);
            goto moved;
        }
    }
    move_piece(p, from, to);
    if (type == KING)
        p->king[us] = (uint8_t)to;
moved:
    p->side = (uint8_t)them;
    p->key ^= zobrist_white_to_move();
    if (us == BLACK)
        p->fullmove++;
    /* Set after the side flip: hashing depends on the new side's pawns. */
    if (type == PAWN && (from ^ to) == 16)
        set_ep(p, (from + to) / 2);
}

void pos_play_null(struct pos *p)
{
    if (p->ep != SQ_NONE)
        set_ep(p, SQ_NONE);
    p->halfmove++;
    if (p->side == BLACK)
        p->fullmove++;
    p->side ^= 1;
    p->key ^= zobrist_white_to_move();
}

int pos_is_legal(const struct pos *p, move16 m)
{
    int us = p->side, them = us ^ 1;
    int from = move_from(m), to = move_to(m);
    int ksq = p->king[us];
    bitboard occ = pos_occupied(p);

    if (move_flag(m) == MF_CASTLING)
        return 1; /* generation and resolution check the castling path fully */
    if (from == ksq)
        return pos_attackers(p, to, occ ^ sq_bb(from), them) == 0;

    bitboard removed = sq_bb(to);
    occ = (occ ^ sq_bb(from)) | sq_bb(to);
    if (move_flag(m) == MF_EN_PASSANT) {
        int cap = to + (us == WHITE ? -8 : 8);
        occ ^= sq_bb(cap);
        removed |= sq_bb(cap);
    }
    return (pos_attackers(p, ksq, occ, them) & ~removed) == 0;
}

/*
 * Whether side us, moving a piece that is type once on to (a promotion's
 * new piece) from from, checks the king on ksq; occ is the board after the
 * move, and ours those of our pieces that may uncover a check (not the
 * mover on from). Shared by the test before the move (pos_gives_check(),
 * pos_play_keep()) and after it (pos_move_gave_check()); castling and en
 * passant are not for it.
 */
static inline ALWAYS_INLINE int move_checks(const struct pos *p, size_t us,
                                            size_t type, size_t from, size_t to,
                                            size_t ksq, bitboard occ,
                                            bitboard ours)
{
    /* Direct: the piece attacks the king on an empty board, and for a
     * slider nothing stands between (leapers have nothing between them and
     * what they attack). */
    if ((bb_checks[us][type][to] & sq_bb((int)ksq)) && !(bb_between((int)ksq, (int)to) & occ))
        return 1;
    /* Discovered: a slider of ours on the line from the king through the
     * vacated square, with nothing left between them, that moves along the
     * line. When from is on no line with the king, the line is
     * empty and so are the sliders. */
    bitboard line = bb_line(ksq, from);
    bitboard sliders = (p->by_type[BISHOP] | p->by_type[ROOK] | p->by_type[QUEEN]) & line & ours;
    while (sliders) {
        size_t s = (size_t)bb_pop(&sliders);
        if (!(bb_between((int)ksq, (int)s) & occ)
            && (bb_empty_attacks[piece_type(p->board[s])][s] & sq_bb((int)ksq)))
            return 1;
    }
    return 0;
}

int pos_move_gave_check(const struct pos *before, move16 m, const struct pos *after)
{
    int us = before->side, from = move_from(m), to = move_to(m);
    int ksq = after->king[us ^ 1];
    if (move_flag(m) >= MF_EN_PASSANT)
        return pos_in_check(after); /* rare: two pieces moved or vanished */
    return move_checks(after, (size_t)us, (size_t)piece_type(after->board[to]), (size_t)from,
                       (size_t)to, (size_t)ksq, pos_occupied(after), after->by_color[us]);
}

/*
 * The bulk of a replay, so the plain move (most of them) is done inline:
 * one piece moves, maybe onto an enemy piece, castling rights untouched,
 * with the board array, the bitboards and the key updated together as
 * put/remove/move_piece do. Castling, en passant, promotions and moves that
 * touch a castling square take the general way.
 */
static inline ALWAYS_INLINE void play_plain(struct pos *p, size_t from,
                                             size_t to)
{
    bitboard fromto = sq_bb((int)from) | sq_bb((int)to);
    int us = p->side, them = us ^ 1;
    int pc = p->board[from], captured = p->board[to], type = piece_type(pc);
    uint64_t key = p->key ^ zobrist_board[pc][from] ^ zobrist_board[pc][to]
                 ^ zobrist_white_to_move();
    /* The ep square of the previous ply expires; its key counted when a pawn
     * of ours (the side still unchanged) stood beside the passed pawn. */
    if (p->ep != SQ_NONE) {
        if (bb_pawn_attacks[them][p->ep] & pos_pieces(p, us, PAWN))
            key ^= zobrist_ep(sq_file(p->ep));
        p->ep = SQ_NONE;
    }
    if (captured != NO_PIECE) {
        key ^= zobrist_board[captured][to];
        p->by_type[piece_type(captured)] ^= sq_bb((int)to);
        p->by_color[them] ^= sq_bb((int)to);
    }
    p->board[from] = NO_PIECE;
    p->board[to] = (uint8_t)pc;
    p->by_type[type] ^= fromto;
    p->by_color[us] ^= fromto;
    p->side = (uint8_t)them;
    if (us == BLACK)
        p->fullmove++;
    /* The fifty-move clock restarts at a capture or a pawn move. */
    if (captured != NO_PIECE || type == PAWN)
        p->halfmove = 0;
    else
        p->halfmove++;
    /* A double step: its key counts when an enemy pawn (the side to move
     * now) stands beside the pawn. */
    if (type == PAWN && (to == from + 16 || from == to + 16)) {
        int ep = (int)(from + to) / 2;
        p->ep = (uint8_t)ep;
        if (bb_pawn_attacks[us][ep] & pos_pieces(p, them, PAWN))
            key ^= zobrist_ep(sq_file(ep));
    }
    if (type == KING)
        p->king[us] = (uint8_t)to;
    p->key = key;
}

/* Castling, en passant and promotions, and moves from or to a square
 * whose move changes the castling rights: play_general()'s. */
static inline int play_is_special(const struct pos *p, move16 m, size_t from, size_t to)
{
    return move_flag(m) != MF_NORMAL
        || ((sq_bb((int)from) | sq_bb((int)to)) & p->castle_touch) != 0;
}

/* pos_play() of m, from and to: the one dispatch of both ways to play. */
static inline ALWAYS_INLINE void play_move(struct pos *p, move16 m, size_t from, size_t to)
{
    if (play_is_special(p, m, from, to))
        play_general(p, m);
    else
        play_plain(p, from, to);
}

void pos_play(struct pos *p, move16 m)
{
    play_move(p, m, (size_t)move_from(m), (size_t)move_to(m));
}

/* Castling and en passant: two pieces move or vanish, so play and look. */
static NOINLINE int gives_check_played(const struct pos *p, move16 m)
{
    struct pos next = *p;
    pos_play(&next, m);
    return pos_in_check(&next);
}

/* pos_gives_check() of a move that is neither castling nor en passant,
 * the piece on to afterwards being of the type. */
static inline ALWAYS_INLINE int gives_check_as(const struct pos *p,
                                                size_t type, size_t from,
                                                size_t to)
{
    size_t us = p->side;
    /* On the board as it will be. */
    bitboard occ = (pos_occupied(p) ^ sq_bb((int)from)) | sq_bb((int)to);
    return move_checks(p, us, type, from, to, p->king[us ^ 1], occ,
                       p->by_color[us] & ~sq_bb((int)from));
}

int pos_gives_check(const struct pos *p, move16 m)
{
    size_t from = (size_t)move_from(m), to = (size_t)move_to(m);
    if (move_flag(m) == MF_EN_PASSANT || move_flag(m) == MF_CASTLING)
        return gives_check_played(p, m);
    /* The piece on to afterwards: the promoted one, else the mover. */
    int type = move_flag(m) == MF_PROMOTION ? move_promo(m) : piece_type(p->board[from]);
    return gives_check_as(p, (size_t)type, from, to);
}

int pos_play_keep(struct pos *p, move16 m, int keep, struct pos *before)
{
    size_t from = (size_t)move_from(m), to = (size_t)move_to(m);
    /* Promotions, en passant and castling: played, then looked at. */
    if (move_flag(m) != MF_NORMAL) {
        *before = *p;
        play_general(p, m);
        return pos_in_check(p);
    }
    int check = gives_check_as(p, (size_t)piece_type(p->board[from]), from, to);
    if (check || keep)
        *before = *p;
    play_move(p, m, from, to);
    return check;
}

int pos_ep_capture_possible(const struct pos *p)
{
    if (p->ep == SQ_NONE)
        return 0;
    bitboard capturers = bb_pawn_attacks[p->side ^ 1][p->ep] & pos_pieces(p, p->side, PAWN);
    while (capturers) {
        int from = bb_pop(&capturers);
        if (pos_is_legal(p, move_make(from, p->ep, MF_EN_PASSANT)))
            return 1;
    }
    return 0;
}

uint64_t pos_repetition_key(const struct pos *p)
{
    if (ep_hashed(p) && !pos_ep_capture_possible(p))
        return p->key ^ zobrist_ep(sq_file(p->ep));
    return p->key;
}

int pos_same(const struct pos *a, const struct pos *b)
{
    if (a->side != b->side || a->castling != b->castling || memcmp(a->board, b->board, 64))
        return 0;
    for (int i = 0; i < 4; i++)
        if ((a->castling & (1 << i)) && a->castle_rook[i] != b->castle_rook[i])
            return 0;
    int ea = pos_ep_capture_possible(a) ? a->ep : SQ_NONE;
    int eb = pos_ep_capture_possible(b) ? b->ep : SQ_NONE;
    return ea == eb;
}

int pos_is_consistent(const struct pos *p)
{
    struct pos q;
    memset(&q, 0, sizeof q);
    for (int sq = 0; sq < 64; sq++) {
        int pc = p->board[sq];
        if (!pc)
            continue;
        if (piece_type(pc) < PAWN || piece_type(pc) > KING || (pc & ~15) || (pc & 7) == 7)
            return 0;
        q.by_type[piece_type(pc)] |= sq_bb(sq);
        q.by_color[piece_color(pc)] |= sq_bb(sq);
    }
    if (memcmp(q.by_type, p->by_type, sizeof q.by_type) || memcmp(q.by_color, p->by_color, sizeof q.by_color))
        return 0;
    for (int c = 0; c < 2; c++)
        if (pos_pieces(p, c, KING) != sq_bb(p->king[c]))
            return 0;
    return pos_compute_key(p) == p->key;
}

static const bitboard dark = 0xAA55AA55AA55AA55ULL;

static int bishops_one_colour(bitboard bishops)
{
    return (bishops & dark) == 0 || (bishops & ~dark) == 0;
}

int pos_is_dead(const struct pos *p)
{
    if (p->by_type[PAWN])
        return pos_is_dead_by_blockade(p);
    return !pos_can_mate(p, WHITE) && !pos_can_mate(p, BLACK);
}

/*
 * Which material can ever mate. tests/unit/mate_oracle.c tries every
 * placement of each class and tests/unit/test_mate_classes.c holds this rule
 * to its answers; the arguments below cover any number of the pieces named.
 *
 * A pawn, rook or queen mates a bare king (a pawn by promoting), and the
 * enemy's other pieces can be taken first. So do two knights, knight and
 * bishop, and bishops of both colours. What remains is a lone knight and
 * bishops all of one colour, and for them the enemy's pieces decide:
 *
 * - A knight never mates a king that has queens only. Its check cannot be
 *   blocked, so a queen beside the king must not reach the knight. With the
 *   knight on k+(1,2) (the other seven are mirror images), a queen on
 *   k+(0,1) or k+(1,1) takes it at once, and our king can attack both only
 *   from k+(0,2). Then k+(1,0), on the board because k+(1,2) is, must hold a
 *   queen (no other piece of ours covers it), which takes on k+(1,2) through
 *   the empty k+(1,1).
 * - Bishops on squares of one colour never mate a king that has only rooks,
 *   queens and bishops of that colour. The checked king stands on that
 *   colour; its orthogonal neighbours are of the other colour, our bishops
 *   do not reach them and our king covers at most one. The others hold
 *   enemy rooks or queens (enemy bishops cannot stand there). The check
 *   comes from one bishop (two bishops never check at once after a move)
 *   along a diagonal k+t(a,b); of the neighbours k+(a,0) and k+(0,b) at
 *   least one holds a rook or queen, which steps onto k+(a,b): it takes the
 *   bishop there or blocks its line. No bishop pins it: its line to the king
 *   is a rank or a file.
 * Any other enemy piece (a pawn, a knight, a bishop of the other colour)
 * can stand where the mate needs it, so there the answer is yes.
 */
int pos_can_mate(const struct pos *p, int c)
{
    bitboard ours = p->by_color[c] & ~p->by_type[KING];
    bitboard theirs = p->by_color[c ^ 1] & ~p->by_type[KING];
    if (!ours)
        return 0;
    if (ours & (p->by_type[PAWN] | p->by_type[ROOK] | p->by_type[QUEEN]))
        return 1;
    if (ours == (ours & p->by_type[KNIGHT]) && bb_count(ours) == 1)
        return (theirs & ~p->by_type[QUEEN]) != 0;
    if (ours == (ours & p->by_type[BISHOP]) && bishops_one_colour(ours)) {
        bitboard other_colour = (ours & dark) ? ~dark : dark;
        bitboard helpers = p->by_type[PAWN] | p->by_type[KNIGHT] | (p->by_type[BISHOP] & other_colour);
        return (theirs & helpers) != 0;
    }
    return 1;
}
