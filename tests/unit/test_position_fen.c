/* test_position_fen.c - FEN positions no game reaches are refused, reachable ones never. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "chess/movegen.h"
#include "chess/position.h"

/* python-chess's and shakmaty's impossible checks, and malformed boards. */
void test_position_fen__unreachable_positions(void)
{
    static const struct { const char *fen; enum fen_problem problem; } cases[] = {
        /* two checkers on one line through the king */
        { "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1", FEN_IMPOSSIBLE_CHECK },
        { "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - - 0 1", FEN_IMPOSSIBLE_CHECK },
        { "5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1", FEN_IMPOSSIBLE_CHECK },
        /* two knights or pawns: neither can be discovered */
        { "8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", FEN_IMPOSSIBLE_CHECK },
        { "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - - 0 1", FEN_IMPOSSIBLE_CHECK },
        { "1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2 b - - 0 1", FEN_IMPOSSIBLE_CHECK },
        /* an en-passant square: the double step neither gave nor uncovered the check */
        { "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1", FEN_IMPOSSIBLE_CHECK },
        { "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1", FEN_IMPOSSIBLE_CHECK },
        { "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1",
          FEN_IMPOSSIBLE_CHECK },
        /* the same positions without the en-passant square are possible */
        { "8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1", FEN_NO_PROBLEM },
        { "1b1k4/8/8/1rPpK3/8/8/8/8 w - - 0 1", FEN_NO_PROBLEM },
        /* material */
        { "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1", FEN_MATERIAL },
        { "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", FEN_MATERIAL },
        { "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", FEN_MATERIAL },
        { "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", FEN_NO_PROBLEM },
        /* digits in a row add up to 8 but are no FEN */
        { "4k3/17/8/8/8/8/8/4K3 w - - 0 1", FEN_DIGITS },
        { "4k3/44/8/8/8/8/8/4K3 w - - 0 1", FEN_DIGITS },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        enum fen_problem why = FEN_PROBLEM_COUNT;
        int rc = pos_from_fen(&p, cases[i].fen, &why);
        int status = cases[i].problem == FEN_NO_PROBLEM ? PGN_OK : PGN_EFEN;
        if (rc != status || why != cases[i].problem)
            FAIL("%s: %s, expected %s", cases[i].fen, fen_problem_text(why),
                 fen_problem_text(cases[i].problem));
        if (why == FEN_IMPOSSIBLE_CHECK)
            CHECK(pos_is_consistent(&p)); /* complete, as pos_from_fen() promises */
    }
}

/* Double checks that games reach, en passant and castling ones included. */
void test_position_fen__reachable_double_checks(void)
{
    static const char *const fens[] = {
        /* exd6 e.p. uncovers a bishop on c4 and a rook on e1 */
        "8/8/3Pk3/8/2B5/8/8/4R1K1 b - - 0 1",
        /* Nf6+ uncovers the rook on e1 */
        "4k3/8/5N2/8/8/8/8/4R1K1 b - - 0 1",
        /* d7-d5+: the pawn that stepped gives the check */
        "8/8/8/3p4/4K3/8/8/7k w - d6 0 1",
        /* a double step uncovering a bishop */
        "8/8/8/8/2kP4/8/8/B3K3 b - d3 0 1",
        /* O-O-O+: the castled rook gives the check */
        "8/8/8/8/8/8/8/2KR3k b - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        struct pos p;
        enum fen_problem why;
        if (pos_from_fen(&p, fens[i], &why) != PGN_OK)
            FAIL("%s: %s", fens[i], fen_problem_text(why));
    }
}

/* Random games that prefer checking moves: every position they reach, written as
 * a FEN with its en-passant square, is read back without an error. */
void test_position_fen__played_positions_are_accepted(void)
{
    unsigned seed = 2026;
    long doubles = 0, positions = 0;
    for (int game = 0; game < 3000; game++) {
        struct pos p;
        pos_set_start(&p);
        for (int ply = 0; ply < 160; ply++) {
            struct movelist list;
            if (!movegen_legal(&p, &list))
                break;
            int pick = -1;
            seed = seed * 1103515245u + 12345u;
            for (int i = 0; i < list.n && (seed >> 16) % 4; i++) {
                struct pos q = p;
                pos_play(&q, list.moves[(i + (int)(seed >> 8)) % list.n]);
                if (pos_in_check(&q)) {
                    pick = (i + (int)(seed >> 8)) % list.n;
                    break;
                }
            }
            if (pick < 0)
                pick = (int)((seed >> 16) % (unsigned)list.n);
            pos_play(&p, list.moves[pick]);
            char fen[FEN_MAX];
            struct pos back;
            pos_to_fen(&p, FEN_EP_ALWAYS, fen);
            enum fen_problem why;
            int rc = pos_from_fen(&back, fen, &why);
            positions++;
            doubles += bb_more_than_one(pos_checkers(&p));
            if (rc != PGN_OK) {
                FAIL("%s reached in a game: %s", fen, fen_problem_text(why));
                return;
            }
        }
    }
    CHECK(positions > 100000);
    CHECK(doubles > 100);
}
