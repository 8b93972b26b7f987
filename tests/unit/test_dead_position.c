/* test_dead_position.c - dead positions by blockade: known positions, checked by walking every line. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "chess/dead_position.h"
#include "chess/movegen.h"

/*
 * pos_is_dead_by_blockade() claims that from a position it accepts no check
 * can ever happen and no pawn ever moves. walk() tests the claim the long
 * way: it plays every legal move from every position reachable (a breadth-
 * first search, positions told apart by their Polyglot key) and stops at
 * the first check or changed pawn. Every position called dead must be
 * walked to the end without one; the near misses must break.
 */

enum { WALK_SEEN_BITS = 19, WALK_MAX = 150000 };
enum walk_result { WALK_HOLDS = 0, WALK_BREAKS = 1, WALK_TOO_BIG = -1 };

struct walk {
    uint64_t *seen;  /* open addressing; 0 marks a free slot */
    struct pos *queue;
    int n;
};

/* 1 if key was new (and is now recorded). */
static int walk_add(struct walk *w, uint64_t key)
{
    size_t mask = ((size_t)1 << WALK_SEEN_BITS) - 1;
    key |= 1; /* never 0 */
    for (size_t i = (size_t)(key >> 20) & mask;; i = (i + 1) & mask) {
        if (w->seen[i] == key)
            return 0;
        if (!w->seen[i]) {
            w->seen[i] = key;
            return 1;
        }
    }
}

static int walk(const struct pos *start, int *positions)
{
    struct walk w;
    w.seen = calloc((size_t)1 << WALK_SEEN_BITS, sizeof *w.seen);
    w.queue = malloc(WALK_MAX * sizeof *w.queue);
    w.n = 0;
    int result = WALK_HOLDS;
    if (!w.seen || !w.queue) {
        result = WALK_TOO_BIG;
        goto done;
    }
    bitboard white_pawns = start->by_type[PAWN] & start->by_color[WHITE];
    bitboard black_pawns = start->by_type[PAWN] & start->by_color[BLACK];
    w.queue[w.n++] = *start;
    walk_add(&w, start->key);
    for (int i = 0; i < w.n && result == WALK_HOLDS; i++) {
        const struct pos *p = &w.queue[i];
        if (pos_in_check(p) || (p->by_type[PAWN] & p->by_color[WHITE]) != white_pawns
            || (p->by_type[PAWN] & p->by_color[BLACK]) != black_pawns) {
            result = WALK_BREAKS;
            break;
        }
        struct movelist list;
        int n = movegen_legal(p, &list);
        for (int m = 0; m < n; m++) {
            struct pos next = *p;
            pos_play(&next, list.moves[m]);
            if (!walk_add(&w, next.key))
                continue;
            if (w.n == WALK_MAX) {
                result = WALK_TOO_BIG;
                break;
            }
            w.queue[w.n++] = next;
        }
    }
done:
    *positions = w.n;
    free(w.seen);
    free(w.queue);
    return result;
}

/* Dead: the pawns locked for good, every king and piece shut in. */
static const char *const dead[] = {
    /* A zigzag chain across the board, kings on either side. */
    "8/4k3/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/4K3/8 w - - 0 1",
    "8/4k3/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/4K3/8 b - - 0 1",
    /* The same with a bishop each that can reach no pawn and no attacked square. */
    "8/3bk3/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/4K3/2B5 w - - 0 1",
    /* Without the a-pawns: a4 and a5 are still attacked, the kings still shut in. */
    "8/4k3/2p1p1p1/1pPpPpPp/1P1P1P1P/8/4K3/8 w - - 0 1",
    /* A short chain that the kings cannot walk around: the board's edge. */
    "k7/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/7K w - - 0 1",
};

/* Not provable this way, each for the reason given. */
static const char *const alive[] = {
    /* One pair of blocked pawns: the kings walk round and take them. */
    "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1",
    "4k3/8/8/p7/P7/8/8/4K3 w - - 0 1",
    /* A pawn lever: d4xe5 is possible. */
    "4k3/8/8/3pp3/3PP3/8/8/4K3 w - - 0 1",
    /* A pawn lever inside the locked chain: c5xd6, d6xc5 or d6xe5 (no a-pawns, so
     * that neither side has more than eight). */
    "8/4k3/2ppp1p1/1pPpPpPp/1P1P1P1P/8/4K3/8 w - - 0 1",
    /* A pawn free to push: h2-h3, or a7-a6. */
    "8/4k3/2p1p1p1/1pPpPpPp/1P1P1P1P/8/4K2P/8 w - - 0 1",
    "8/p3k3/2p1p1p1/1pPpPpPp/1P1P1P1P/8/4K3/8 w - - 0 1",
    /* En passant: c5xd6 is legal after ...d7-d5. */
    "8/4k3/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/4K3/8 w - d6 0 1",
    /* A light-squared bishop can stand on c4, where b5 or d5 takes it. */
    "8/4k3/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/4K3/5B2 w - - 0 1",
    /* Black's dark-squared bishop can go to d6, attacked by c5 and e5. */
    "5b2/4k3/2p1p1p1/1pPpPpPp/pP1P1P1P/P7/4K3/8 w - - 0 1",
    /* A rook on an open file reaches the enemy king. */
    "4k3/8/8/p7/P7/8/8/1R2K3 w - - 0 1",
    /* The side to move is in check (and its king can take b3). */
    "8/8/8/8/8/1p6/KPk5/8 w - - 0 1",
    /* Shut in with its king, the knight can still take a pawn: Nc2xa3. */
    "3k4/8/8/2p5/1pPp1p1p/pP1PpPpP/P3P1P1/N1K5 w - - 0 1",
    /* A knight can reach d4, where c5 or e5 takes it. */
    "k7/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/6NK w - - 0 1",
};

/* FEN, pos_is_dead() on it and the walk from it, which must hold for a
 * dead position and break for any other. */
static void check_position(const char *fen, int want_dead)
{
    struct pos p;
    int positions;
    if (pos_from_fen(&p, fen, NULL) != PGN_OK) {
        FAIL("bad FEN %s", fen);
        return;
    }
    if (pos_is_dead(&p) != want_dead)
        FAIL("%s: pos_is_dead = %d, expected %d", fen, !want_dead, want_dead);
    int r = walk(&p, &positions);
    if (r != (want_dead ? WALK_HOLDS : WALK_BREAKS))
        FAIL("%s: the walk %s after %d positions", fen,
             r == WALK_BREAKS ? "found a check or a pawn move"
             : r == WALK_HOLDS ? "found no check or pawn move" : "grew too big", positions);
}

void test_dead_position__known_positions(void)
{
    for (size_t i = 0; i < sizeof dead / sizeof dead[0]; i++)
        check_position(dead[i], 1);
    for (size_t i = 0; i < sizeof alive / sizeof alive[0]; i++)
        check_position(alive[i], 0);
}

/* The FEN of board (a letter per square, a1 first, 0 for empty), side to move. */
static void board_fen(const char board[64], int side, char fen[FEN_MAX])
{
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            char c = board[rank * 8 + file];
            if (!c) {
                empty++;
                continue;
            }
            if (empty)
                fen[n++] = (char)('0' + empty), empty = 0;
            fen[n++] = c;
        }
        if (empty)
            fen[n++] = (char)('0' + empty);
        fen[n++] = rank ? '/' : ' ';
    }
    memcpy(fen + n, side == BLACK ? "b - - 0 1" : "w - - 0 1", 10);
}

/* Random blockades: a chain of locked pawn pairs across the board, its
 * rank going up or down a step from file to file (so no pawn attacks
 * another), now and then a file left out, kings and sometimes a bishop,
 * knight or rook placed at random. Whatever pos_is_dead() calls dead must survive
 * the walk. */
void test_dead_position__random_blockades_survive_the_walk(void)
{
    unsigned seed = 25;
    int quick = getenv("PGNKIT_QUICK") != NULL;
    int tries = quick ? 300 : 2000, dead_found = 0;
    for (int t = 0; t < tries; t++) {
        char board[64];
        memset(board, 0, sizeof board);
        int chain = 1 + (int)(rand_r(&seed) % 5); /* rank of the white pawn */
        for (int file = 0; file < 8; file++) {
            if (file)
                chain += chain == 1 ? 1 : chain == 5 ? -1 : (rand_r(&seed) & 1) ? 1 : -1;
            if (rand_r(&seed) % 10 == 0)
                continue;
            board[chain * 8 + file] = 'P';
            board[(chain + 1) * 8 + file] = 'p';
        }
        const char *extra = "KkBbNnRr";
        int pieces = 2 + (int)(rand_r(&seed) % 2);
        for (int k = 0; k < pieces; k++) {
            int sq;
            do
                sq = (int)(rand_r(&seed) % 64);
            while (board[sq]);
            board[sq] = k < 2 ? extra[k] : extra[2 + rand_r(&seed) % 6];
        }
        char fen[FEN_MAX];
        board_fen(board, t & 1 ? BLACK : WHITE, fen);
        struct pos p;
        if (pos_from_fen(&p, fen, NULL) != PGN_OK || !pos_is_dead(&p))
            continue;
        dead_found++;
        check_position(fen, 1);
    }
    /* The generator must produce some dead positions, or this tests nothing. */
    CHECK(dead_found >= tries / 40); /* 99 of 2000 when written */
}
