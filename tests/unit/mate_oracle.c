/* mate_oracle.c - brute force over every placement: can given material ever checkmate? */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "mate_oracle.h"
#include "chess/movegen.h"

/*
 * The search places Black's king, then White's pieces, then White's king,
 * then Black's pieces, and asks the move generator about each complete
 * placement. Three facts prune it without losing a mate, because placing
 * more pieces can only block lines, never open one:
 *   - White must already give check before Black's pieces are placed;
 *   - a White piece beside Black's king that nothing of White's defends can
 *     be taken by the king;
 *   - every square beside Black's king that White does not attack must be
 *     filled by a Black piece, so there must be enough of them.
 * Identical pieces are placed in increasing square order, each set once.
 */

enum { ORACLE_MAX_PIECES = 4, ORACLE_MEMO = 512 };

static const bitboard dark_squares = 0xAA55AA55AA55AA55ULL; /* a1 is dark */

struct piece_spec {
    int type;
    bitboard allowed; /* squares it may stand on: its colour, pawns off the end ranks */
    char letter;
};

struct side {
    int n;
    struct piece_spec piece[ORACLE_MAX_PIECES];
    int sq[ORACLE_MAX_PIECES];
};

struct search {
    struct side white, black;
    int black_king, white_king;
    bitboard occ;          /* squares taken so far */
    bitboard need;         /* Black king's flights White leaves open: Black must fill them */
    uint64_t tested;
    char *witness;
    int found;
};

static int parse_side(const char *s, struct side *out)
{
    out->n = 0;
    for (; *s; s++) {
        struct piece_spec sp = { 0, ~0ULL, *s };
        switch (*s) {
        case 'N': sp.type = KNIGHT; break;
        case 'D': sp.type = BISHOP; sp.allowed = dark_squares; break;
        case 'L': sp.type = BISHOP; sp.allowed = ~dark_squares; break;
        case 'R': sp.type = ROOK; break;
        case 'Q': sp.type = QUEEN; break;
        case 'P': sp.type = PAWN; sp.allowed = ~(rank_bb(0) | rank_bb(7)); break;
        default: return -1;
        }
        if (out->n == ORACLE_MAX_PIECES)
            return -1;
        /* Keep identical pieces next to each other for the ordering rule. */
        int i = out->n++;
        while (i > 0 && out->piece[i - 1].letter > sp.letter) {
            out->piece[i] = out->piece[i - 1];
            i--;
        }
        out->piece[i] = sp;
    }
    return 0;
}

static bitboard attacks_of(int type, int color, int sq, bitboard occ)
{
    return type == PAWN ? bb_pawn_attacks[color][sq] : bb_piece_attacks(type, sq, occ);
}

/* Squares White's pieces (and king, when placed) attack with occupancy occ. */
static bitboard white_attacks(const struct search *s, bitboard occ, int with_king)
{
    bitboard a = with_king ? bb_empty_attacks[KING][s->white_king] : 0;
    for (int i = 0; i < s->white.n; i++)
        a |= attacks_of(s->white.piece[i].type, WHITE, s->white.sq[i], occ);
    return a;
}

/* Squares side may still put piece i on: free, of its kind, and above an
 * identical piece placed before it. */
static bitboard free_squares(const struct search *s, const struct side *side, int i)
{
    bitboard b = side->piece[i].allowed & ~s->occ;
    if (i > 0 && side->piece[i - 1].letter == side->piece[i].letter)
        b &= ~((sq_bb(side->sq[i - 1]) << 1) - 1);
    return b;
}

static void put(struct pos *p, int color, int type, int sq)
{
    p->board[sq] = (uint8_t)piece_make(color, type);
    p->by_type[type] |= sq_bb(sq);
    p->by_color[color] |= sq_bb(sq);
}

/* 1 if White's piece of type type could have moved from from to to, with
 * occupancy occ (to and from empty), promoting when a pawn reaches the last
 * rank: promoted tells that type is the piece it became. */
static int could_move(int type, int promoted, int from, int to, bitboard occ)
{
    if (type == PAWN || promoted) {
        if (promoted && sq_rank(to) != 7)
            return 0;
        if (from + 8 == to || (bb_pawn_attacks[WHITE][from] & sq_bb(to)))
            return 1;
        return !promoted && sq_rank(from) == 1 && from + 16 == to && !(occ & sq_bb(from + 8));
    }
    return (bb_piece_attacks(type, from, occ) & sq_bb(to)) != 0;
}

/*
 * A double check comes only from the last move: one checker stepped off the
 * line of the other, a slider, and checks from where it lands (en passant
 * and castling aside: they need a White pawn or rook, and such material
 * mates anyway). Two bishops, for one, never check together. 1 if some such
 * move exists, and the mover on its square before did not check already.
 */
static int double_check_reachable(const struct pos *p, bitboard checkers)
{
    int k = p->king[BLACK];
    int a = bb_lsb(checkers), b = bb_msb(checkers);
    for (int pass = 0; pass < 2; pass++) {
        int slider = pass ? a : b, mover = pass ? b : a;
        int st = piece_type(p->board[slider]), mt = piece_type(p->board[mover]);
        if (st != BISHOP && st != ROOK && st != QUEEN)
            continue;
        bitboard occ = pos_occupied(p) & ~sq_bb(mover);
        for (bitboard from = bb_between(k, slider); from;) {
            int sq = bb_pop(&from);
            for (int promoted = 0; promoted < 2; promoted++) {
                if (promoted && mt == PAWN)
                    continue;
                if (!could_move(mt, promoted, sq, mover, occ))
                    continue;
                int before = promoted ? PAWN : mt;
                if (!(attacks_of(before, WHITE, sq, occ | sq_bb(sq)) & sq_bb(k)))
                    return 1;
            }
        }
    }
    return 0;
}

static void test_placement(struct search *s)
{
    struct pos p;
    memset(&p, 0, sizeof p);
    put(&p, WHITE, KING, s->white_king);
    put(&p, BLACK, KING, s->black_king);
    for (int i = 0; i < s->white.n; i++)
        put(&p, WHITE, s->white.piece[i].type, s->white.sq[i]);
    for (int i = 0; i < s->black.n; i++)
        put(&p, BLACK, s->black.piece[i].type, s->black.sq[i]);
    p.king[WHITE] = (uint8_t)s->white_king;
    p.king[BLACK] = (uint8_t)s->black_king;
    p.side = BLACK;
    p.ep = SQ_NONE;
    p.fullmove = 1;
    for (int i = 0; i < 4; i++)
        p.castle_rook[i] = SQ_NONE;
    if (pos_attackers(&p, s->white_king, pos_occupied(&p), BLACK))
        return;
    bitboard checkers = pos_checkers(&p);
    if (bb_count(checkers) > 2
        || (bb_more_than_one(checkers) && !double_check_reachable(&p, checkers)))
        return;
    s->tested++;
    if (movegen_state(&p) != STATE_CHECKMATE)
        return;
    /* The same position read back through the FEN parser, whose checks of
     * legality are the library's own. */
    char fen[FEN_MAX];
    struct pos q;
    pos_to_fen(&p, 0, fen);
    if (pos_from_fen(&q, fen, NULL) != PGN_OK || movegen_state(&q) != STATE_CHECKMATE)
        return;
    s->found = 1;
    if (s->witness)
        memcpy(s->witness, fen, strlen(fen) + 1);
}

static void place_white_king(struct search *s);

/* Places piece i of color and those after it on every square they may take,
 * then White's king (after White's pieces) or tests the position (after
 * Black's). Black's pieces must fill the flights White leaves open. */
static void place(struct search *s, int color, int i)
{
    struct side *side = color == WHITE ? &s->white : &s->black;
    bitboard open = color == BLACK ? s->need & ~s->occ : 0;
    int left = side->n - i;
    if (s->found || bb_count(open) > left)
        return;
    if (left == 0 || i >= ORACLE_MAX_PIECES) {
        if (color == WHITE)
            place_white_king(s);
        else
            test_placement(s);
        return;
    }
    bitboard squares = free_squares(s, side, i);
    if (bb_count(open) == left)
        squares &= open;
    while (squares && !s->found) {
        int sq = bb_pop(&squares);
        side->sq[i] = sq;
        s->occ |= sq_bb(sq);
        place(s, color, i + 1);
        s->occ &= ~sq_bb(sq);
    }
}

static void place_white_king(struct search *s)
{
    bitboard ky = sq_bb(s->black_king);
    if (!(white_attacks(s, s->occ, 0) & ky))
        return;
    bitboard squares = ~s->occ & ~bb_empty_attacks[KING][s->black_king];
    bitboard flights = bb_empty_attacks[KING][s->black_king];
    bitboard white_men = s->occ & ~ky;
    while (squares && !s->found) {
        s->white_king = bb_pop(&squares);
        bitboard occ = s->occ | sq_bb(s->white_king);
        if (!(white_attacks(s, occ, 0) & ky))
            continue; /* the king blocks the check */
        /* Black's king leaving along a checking line stays on it: it does
         * not block the line behind itself. */
        bitboard covered = white_attacks(s, occ & ~ky, 1);
        if (flights & white_men & ~covered)
            continue; /* an undefended piece beside the king */
        s->need = flights & ~occ & ~covered;
        if (bb_count(s->need) > s->black.n)
            continue;
        s->occ = occ;
        place(s, BLACK, 0);
        s->occ &= ~sq_bb(s->white_king);
    }
}

int oracle_mate_exists(const char *mater, const char *mated, char witness[FEN_MAX],
                       uint64_t *tested)
{
    struct search s;
    memset(&s, 0, sizeof s);
    if (parse_side(mater, &s.white) || parse_side(mated, &s.black))
        return -1;
    s.witness = witness;
    for (int k = 0; k < 64 && !s.found; k++) {
        s.black_king = k;
        s.occ = sq_bb(k);
        place(&s, WHITE, 0);
    }
    if (tested)
        *tested = s.tested;
    return s.found;
}

int oracle_material_position(struct pos *p, const char *white, const char *black)
{
    struct side side[2];
    if (parse_side(white, &side[WHITE]) || parse_side(black, &side[BLACK]))
        return -1;
    memset(p, 0, sizeof *p);
    put(p, WHITE, KING, 0);
    put(p, BLACK, KING, 63);
    p->king[WHITE] = 0;
    p->king[BLACK] = 63;
    p->ep = SQ_NONE;
    for (int i = 0; i < 4; i++)
        p->castle_rook[i] = SQ_NONE;
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < side[c].n; i++) {
            bitboard free = side[c].piece[i].allowed & ~pos_occupied(p);
            put(p, c, side[c].piece[i].type, c == WHITE ? bb_lsb(free) : bb_msb(free));
        }
    }
    return 0;
}

/* ---- Material a game can reach ------------------------------------------ */

struct memo_entry {
    char mater[ORACLE_MAX_PIECES + 1], mated[ORACLE_MAX_PIECES + 1];
    int answer;
    char witness[FEN_MAX];
};
static struct memo_entry memo[ORACLE_MEMO];
static int memo_n;

static int by_letter(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}

static int exact_memo(const char *mater, const char *mated, char witness[FEN_MAX])
{
    char x[ORACLE_MAX_PIECES + 1], y[ORACLE_MAX_PIECES + 1];
    memcpy(x, mater, strlen(mater) + 1);
    memcpy(y, mated, strlen(mated) + 1);
    qsort(x, strlen(x), 1, by_letter);
    qsort(y, strlen(y), 1, by_letter);
    for (int i = 0; i < memo_n; i++) {
        if (!strcmp(memo[i].mater, x) && !strcmp(memo[i].mated, y)) {
            if (witness && memo[i].answer == 1)
                memcpy(witness, memo[i].witness, FEN_MAX);
            return memo[i].answer;
        }
    }
    char fen[FEN_MAX] = "";
    int answer = oracle_mate_exists(x, y, fen, NULL);
    if (memo_n < ORACLE_MEMO) {
        struct memo_entry *e = &memo[memo_n++];
        memcpy(e->mater, x, sizeof x);
        memcpy(e->mated, y, sizeof y);
        e->answer = answer;
        memcpy(e->witness, fen, FEN_MAX);
    }
    if (witness && answer == 1)
        memcpy(witness, fen, FEN_MAX);
    return answer;
}

/* What each piece may become: itself, nothing (captured), and for a pawn
 * each promotion. */
static const char *fates(char letter)
{
    return letter == 'P' ? "P-NDLRQ" : letter == 'N' ? "N-" : letter == 'D' ? "D-"
         : letter == 'L' ? "L-" : letter == 'R' ? "R-" : letter == 'Q' ? "Q-" : NULL;
}

int oracle_can_mate(const char *mater, const char *mated, char witness[FEN_MAX])
{
    size_t nx = strlen(mater), ny = strlen(mated), n = nx + ny;
    if (nx > ORACLE_MAX_PIECES || ny > ORACLE_MAX_PIECES)
        return -1;
    const char *fate[2 * ORACLE_MAX_PIECES];
    int choice[2 * ORACLE_MAX_PIECES] = { 0 };
    for (size_t i = 0; i < n; i++)
        if (!(fate[i] = fates(i < nx ? mater[i] : mated[i - nx])))
            return -1;
    /* Count through every combination of fates, the material itself first. */
    for (;;) {
        char x[ORACLE_MAX_PIECES + 1], y[ORACLE_MAX_PIECES + 1];
        size_t a = 0, b = 0;
        for (size_t i = 0; i < n; i++) {
            char c = fate[i][choice[i]];
            if (c != '-') {
                if (i < nx)
                    x[a++] = c;
                else
                    y[b++] = c;
            }
        }
        x[a] = y[b] = '\0';
        if (exact_memo(x, y, witness) == 1)
            return 1;
        size_t i = 0;
        while (i < n && !fate[i][++choice[i]])
            choice[i++] = 0;
        if (i == n)
            return 0;
    }
}
