/* test_movewrite.c - move writing in each style and language, expected texts by hand. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "chess/position.h"
#include "notation/uci.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define AFTER_E4 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
#define AFTER_E4E5 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
#define KNIGHT_TAKES "4k3/8/8/4b3/8/5N2/8/4K3 w - - 0 1"
#define PAWN_TAKES "3rk3/3n4/4P3/3p4/4P3/8/8/4K3 w - - 0 1"
#define PROMO "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
#define CASTLE "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define C960 "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1"
#define EP "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
#define TWO_KNIGHTS "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 2 2"
#define TWO_ROOKS "4k3/8/8/8/8/R7/8/R3K3 w - - 0 1"
#define THREE_QUEENS "K7/8/k7/8/4Q2Q/8/8/4n2Q w - - 0 1"
#define MATE "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
#define PINNED "4k3/3n4/8/1B6/6n1/8/8/4K3 b - - 0 1"

enum { SAN = MOVE_FMT_SAN, LAN = MOVE_FMT_LAN, UCI = MOVE_FMT_UCI };
enum {
    ZERO = WRITE_CASTLE_ZERO, BARE = WRITE_PROMO_BARE, NOCHK = WRITE_NO_CHECK,
    FIG = WRITE_FIGURINE, ONESET = WRITE_FIGURINE_ONE_SET, CAPT = WRITE_CAPTURED,
    KCASTLE = WRITE_CASTLE_KING, EPMARK = WRITE_EP,
};

void test_movewrite__styles(void)
{
    static const struct {
        const char *fen, *uci;
        int format;
        const char *lang;
        unsigned flags;
        const char *want;
    } cases[] = {
        { START, "g1f3", SAN, "en", 0, "Nf3" },
        { START, "g1f3", SAN, "de", 0, "Sf3" },
        { START, "g1f3", SAN, "fr", 0, "Cf3" },
        { START, "g1f3", SAN, "nl", 0, "Pf3" },
        { START, "g1f3", SAN, "fi", 0, "Rf3" },
        { START, "g1f3", SAN, "cs", 0, "Jf3" },
        { START, "g1f3", SAN, "hu", 0, "Hf3" },
        { START, "g1f3", SAN, "ru", 0, "Кf3" },
        { START, "g1f3", LAN, "en", 0, "Ng1-f3" },
        { START, "g1f3", LAN, "de", 0, "Sg1-f3" },
        { START, "g1f3", UCI, "de", FIG, "g1f3" },
        { START, "g1f3", SAN, "en", FIG, "♘f3" },
        { START, "e2e4", SAN, "de", 0, "e4" },
        { START, "e2e4", LAN, "en", 0, "e2-e4" },
        { AFTER_E4, "g8f6", SAN, "en", FIG, "♞f6" },
        { AFTER_E4, "g8f6", SAN, "en", FIG | ONESET, "♘f6" },
        { AFTER_E4, "g8f6", LAN, "de", FIG, "♞g8-f6" },
        { AFTER_E4E5, "e1e2", SAN, "ru", 0, "Крe2" },
        { AFTER_E4E5, "e1e2", SAN, "fr", 0, "Re2" },
        { AFTER_E4E5, "d1h5", SAN, "pl", 0, "Hh5" },
        { AFTER_E4E5, "d1h5", SAN, "hu", 0, "Vh5" },
        { AFTER_E4E5, "f1c4", SAN, "es", 0, "Ac4" },
        { AFTER_E4E5, "f1c4", SAN, "ro", 0, "Nc4" },
        { AFTER_E4E5, "f1c4", SAN, "pt", 0, "Bc4" },
        { AFTER_E4E5, "f1c4", SAN, "ru", 0, "Сc4" },
        { AFTER_E4E5, "e1e2", SAN, "en", FIG, "♔e2" },
        { KNIGHT_TAKES, "f3e5", SAN, "en", 0, "Nxe5" },
        { KNIGHT_TAKES, "f3e5", SAN, "de", 0, "Sxe5" },
        { KNIGHT_TAKES, "f3e5", LAN, "en", 0, "Nf3xe5" },
        { KNIGHT_TAKES, "f3e5", LAN, "en", CAPT, "Nf3xBe5" },
        { KNIGHT_TAKES, "f3e5", LAN, "de", CAPT, "Sf3xLe5" },
        { KNIGHT_TAKES, "f3e5", LAN, "de", CAPT | FIG, "♘f3x♝e5" },
        { KNIGHT_TAKES, "f3e5", LAN, "de", CAPT | FIG | ONESET, "♘f3x♗e5" },
        { PAWN_TAKES, "e4d5", LAN, "de", CAPT, "e4xd5" },
        { PAWN_TAKES, "e6d7", LAN, "de", CAPT, "e6xSd7+" },
        { PAWN_TAKES, "e6d7", SAN, "en", 0, "exd7+" },
        { PAWN_TAKES, "e6d7", SAN, "en", NOCHK, "exd7" },
        { PROMO, "b7b8q", SAN, "en", 0, "b8=Q+" },
        { PROMO, "b7b8q", SAN, "de", 0, "b8=D+" },
        { PROMO, "b7b8q", SAN, "de", BARE, "b8D+" },
        { PROMO, "b7b8q", SAN, "ru", 0, "b8=Ф+" },
        { PROMO, "b7b8q", SAN, "en", FIG, "b8=♕+" },
        { PROMO, "b7b8q", LAN, "en", 0, "b7-b8=Q+" },
        { PROMO, "b7b8q", LAN, "en", BARE, "b7-b8Q+" },
        { PROMO, "b7b8q", UCI, "en", 0, "b7b8q" },
        { PROMO, "b7b8n", SAN, "en", 0, "b8=N" },
        { PROMO, "b7b8r", SAN, "de", 0, "b8=T+" },
        { PROMO, "b7b8b", SAN, "de", 0, "b8=L" },
        { CASTLE, "e1g1", SAN, "en", 0, "O-O" },
        { CASTLE, "e1c1", SAN, "en", 0, "O-O-O" },
        { CASTLE, "e1g1", SAN, "de", ZERO, "0-0" },
        { CASTLE, "e1c1", SAN, "de", ZERO, "0-0-0" },
        { CASTLE, "e1g1", LAN, "en", 0, "O-O" },
        { CASTLE, "e1g1", LAN, "en", KCASTLE, "e1-g1" },
        { CASTLE, "e1c1", LAN, "de", KCASTLE, "e1-c1" },
        { CASTLE, "e1g1", UCI, "en", 0, "e1g1" },
        { CASTLE, "a1a8", SAN, "en", 0, "Rxa8+" },
        { CASTLE, "a1a8", LAN, "de", CAPT, "Ta1xTa8+" },
        { C960, "g1h1", SAN, "en", 0, "O-O" },
        { C960, "g1b1", SAN, "en", ZERO, "0-0-0" },
        { C960, "g1h1", LAN, "en", KCASTLE, "g1-h1" },
        { C960, "g1h1", UCI, "en", 0, "g1h1" },
        { C960, "g1b1", UCI, "en", 0, "g1b1" },
        { EP, "e5f6", SAN, "en", 0, "exf6" },
        { EP, "e5f6", SAN, "de", EPMARK, "exf6 e.p." },
        { EP, "e5f6", LAN, "de", EPMARK | CAPT, "e5xf6 e.p." },
        { TWO_KNIGHTS, "b8d7", SAN, "en", 0, "Nbd7" },
        { TWO_KNIGHTS, "f6d7", SAN, "de", 0, "Sfd7" },
        { TWO_KNIGHTS, "f6e4", SAN, "en", 0, "Ne4" },
        { TWO_ROOKS, "a1a2", SAN, "en", 0, "R1a2" },
        { TWO_ROOKS, "a3a2", SAN, "de", 0, "T3a2" },
        { TWO_ROOKS, "a1b1", SAN, "en", 0, "Rb1" },
        { THREE_QUEENS, "h4e1", SAN, "en", 0, "Qh4xe1" },
        { THREE_QUEENS, "e4e1", SAN, "en", 0, "Qexe1" },
        { THREE_QUEENS, "h1e1", SAN, "en", 0, "Q1xe1" },
        { THREE_QUEENS, "h4e1", SAN, "de", 0, "Dh4xe1" },
        { THREE_QUEENS, "h4e1", LAN, "de", CAPT, "Dh4xSe1" },
        { MATE, "h5f7", SAN, "en", 0, "Qxf7#" },
        { MATE, "h5f7", SAN, "de", 0, "Dxf7#" },
        { MATE, "h5f7", LAN, "de", CAPT, "Dh5xf7#" },
        { MATE, "c4f7", SAN, "en", 0, "Bxf7+" },
        { PINNED, "g4e5", SAN, "en", 0, "Ne5" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        char out[MOVE_TEXT_MAX];
        if (pos_from_fen(&p, cases[i].fen, NULL)) {
            FAIL("case %zu: bad FEN", i);
            continue;
        }
        move16 m = uci_parse(&p, cases[i].uci, (int)strlen(cases[i].uci));
        if (!m) {
            FAIL("case %zu: %s is not legal", i, cases[i].uci);
            continue;
        }
        struct write_style st = { cases[i].format, notation_find(cases[i].lang), cases[i].flags };
        size_t n = move_write(&p, m, &st, out, sizeof out);
        if (strcmp(out, cases[i].want) || n != strlen(cases[i].want))
            FAIL("case %zu: %s written as '%s' (%zu bytes), expected '%s'", i, cases[i].uci, out, n,
                 cases[i].want);
    }
}

/* The buffer is filled as snprintf fills it: truncated, terminated, full length returned. */
void test_movewrite__small_buffers(void)
{
    struct pos p;
    char out[MOVE_TEXT_MAX] = "xxxxxxx";
    CHECK(pos_from_fen(&p, MATE, NULL) == PGN_OK);
    move16 m = uci_parse(&p, "h5f7", 4);
    CHECK_EQ_INT(move_write(&p, m, NULL, out, 3), 5);
    CHECK_EQ_STR(out, "Qx");
    CHECK_EQ_INT(move_write(&p, m, NULL, out, 0), 5);
    CHECK_EQ_STR(out, "Qx");
    CHECK_EQ_INT(san_write(&p, m, out), 5);
    CHECK_EQ_STR(out, "Qxf7#");
}
