/* test_position.c - FEN, Polyglot keys, game-end rules and consistency of the rules core. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "notation/uci.h"


static void play_uci_line(struct pos *p, const char *line)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        move16 m = uci_parse(p, tok, (int)strlen(tok));
        if (!m) {
            FAIL("move %s not legal", tok);
            return;
        }
        pos_play(p, m);
    }
}

/* The reference keys published with the Polyglot book format. */
void test_position__polyglot_reference_keys(void)
{
    static const struct { const char *moves; uint64_t key; } cases[] = {
        { "", 0x463b96181691fc9cULL },
        { "e2e4", 0x823c9b50fd114196ULL },
        { "e2e4 d7d5", 0x0756b94461c50fb0ULL },
        { "e2e4 d7d5 e4e5", 0x662fafb965db29d4ULL },
        { "e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ULL },
        { "e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ULL },
        { "e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ULL },
        { "a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ULL },
        { "a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        pos_set_start(&p);
        play_uci_line(&p, cases[i].moves);
        if (p.key != cases[i].key)
            FAIL("after '%s': key %016llx, expected %016llx", cases[i].moves,
                 (unsigned long long)p.key, (unsigned long long)cases[i].key);
        CHECK(pos_compute_key(&p) == p.key);
    }
}

void test_position__fen_errors(void)
{
    static const struct { const char *fen; enum fen_problem problem; } cases[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_NO_PROBLEM },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", FEN_NO_PROBLEM },
        { "", FEN_BOARD },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", FEN_BOARD },
        { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_SYNTAX },
        { "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", FEN_BOARD },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", FEN_SYNTAX },
        { "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", FEN_KINGS },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", FEN_KINGS },
        { "4k3/8/8/8/8/8/8/4K2P w - - 0 1", FEN_PAWN_RANK },
        { "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", FEN_PAWN_RANK },
        { "4k3/8/8/8/8/8/8/4K3 x - - 0 1", FEN_SIDE },
        { "4k3/8/8/8/8/8/8/4K3 w K - 0 1", FEN_CASTLING },
        { "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", FEN_CASTLING },
        { "r3k3/8/8/8/8/8/8/4K2R w Kk - 0 1", FEN_CASTLING },
        { "4k3/8/8/8/8/8/8/3K3R w K - 0 1", FEN_NO_PROBLEM }, /* Chess960 (X-FEN) */
        { "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", FEN_NO_PROBLEM },
        { "4k3/8/8/3pP3/8/8/8/4K3 w - e6 0 1", FEN_EP_SQUARE },
        { "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1", FEN_EP_SQUARE },
        { "4k3/8/3p4/3pP3/8/8/8/4K3 w - d6 0 1", FEN_EP_SQUARE },
        { "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1", FEN_EP_SQUARE },
        { "4k3/8/8/8/8/8/8/4K3 w - z9 0 1", FEN_EP_SQUARE },
        { "4k3/8/8/8/8/8/8/4K3 w - - x 1", FEN_CLOCK },
        { "4k3/8/8/8/8/8/8/4K3 w - - 0 -1", FEN_CLOCK },
        { "4k3/8/8/8/8/8/8/4K3 w - - 99999999 1", FEN_CLOCK },
        { "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", FEN_OPPOSITE_CHECK },
        { "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1", FEN_NO_PROBLEM },
        { "4k3/3PR3/5N2/8/8/8/8/4K3 b - - 0 1", FEN_CHECKERS },
        { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", FEN_SYNTAX },
        { "4k3/8/8/8/8/8/8/4K3w - - 0 1", FEN_BOARD },
        { "4k3/8/8/8/8/8/8/4K3 w", FEN_SYNTAX },
        { "4k3/8/8/8/8/8/8/4K3 w - - 0 1                                                                                                                         ", FEN_TOO_LONG },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        enum fen_problem why = FEN_PROBLEM_COUNT;
        int rc = pos_from_fen(&p, cases[i].fen, &why);
        /* The status the contract gives each problem (position.h). */
        int status = cases[i].problem == FEN_NO_PROBLEM ? PGN_OK
                     : cases[i].problem == FEN_TOO_LONG ? PGN_ETOOBIG : PGN_EFEN;
        if (rc != status || why != cases[i].problem)
            FAIL("'%s': got %d (%s: %s), expected %d (%s: %s)", cases[i].fen, rc,
                 pgn_strerror(rc), fen_problem_text(why), status, pgn_strerror(status),
                 fen_problem_text(cases[i].problem));
    }
}

/* Every FEN of the perft suites reads and writes back to the same text. */
void test_position__fen_round_trip_perft_suites(void)
{
    static const char *const files[] = { "tests/data/standard.epd", "tests/data/chess960.epd" };
    long n = 0;
    for (size_t i = 0; i < 2; i++) {
        FILE *f = test_open(files[i]);
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            char *semi = strchr(line, ';');
            if (!semi)
                continue;
            while (semi > line && semi[-1] == ' ')
                semi--;
            *semi = 0;
            struct pos p;
            char out[FEN_MAX];
            enum fen_problem why;
            int rc = pos_from_fen(&p, line, &why);
            /* Suites hold impossible checks on purpose; their positions are complete. */
            if (rc && why != FEN_IMPOSSIBLE_CHECK) {
                FAIL("%s: %s", line, fen_problem_text(why));
                continue;
            }
            /* The suites write Shredder files only where KQkq would be ambiguous
             * or, for Chess960 files, always: compare in the file's own style. */
            int shredder = i == 1;
            pos_to_fen(&p, FEN_EP_ALWAYS | (shredder ? FEN_SHREDDER : 0), out);
            char expect[512];
            snprintf(expect, sizeof expect, "%s", line);
            /* EPD lines without counters: compare the first four fields. */
            int spaces = 0;
            for (char *c = out; *c; c++)
                if (*c == ' ' && ++spaces == 4)
                    *c = 0;
            spaces = 0;
            for (char *c = expect; *c; c++)
                if (*c == ' ' && ++spaces == 4)
                    *c = 0;
            if (strcmp(out, expect))
                FAIL("FEN '%s' written back as '%s'", expect, out);
            n++;
        }
        if (f)
            fclose(f);
    }
    CHECK(n > 1000);
}

void test_position__dead_positions(void)
{
    static const struct { const char *fen; int dead; } cases[] = {
        { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 1 },
        { "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", 1 },
        { "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", 1 },
        { "4kn2/8/8/8/8/8/8/4K3 w - - 0 1", 1 },
        { "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", 0 },  /* K+N+N v K is not dead */
        { "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", 1 }, /* bishops on one colour */
        { "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", 0 },/* opposite colours */
        { "3bkb2/8/8/8/8/8/8/2B1KB2 w - - 0 1", 0 },
        { "4k3/8/8/8/8/8/8/B1B1K1B1 w - - 0 1", 1 },
        { "4k3/8/8/8/8/8/8/4K1NB w - - 0 1", 0 },
        { "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", 0 },
        { "4k3/8/8/8/8/8/8/4K2R w - - 0 1", 0 },
        { "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1", 0 },
        { "4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        if (pos_from_fen(&p, cases[i].fen, NULL)) {
            FAIL("bad FEN %s", cases[i].fen);
            continue;
        }
        if (pos_is_dead(&p) != cases[i].dead)
            FAIL("%s: dead = %d, expected %d", cases[i].fen, pos_is_dead(&p), cases[i].dead);
    }
}

void test_position__can_mate(void)
{
    static const struct { const char *fen; int white, black; } cases[] = {
        { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, 0 },
        { "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", 0, 0 },
        { "4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1", 1, 1 },   /* the pawn can block */
        { "4kq2/8/8/8/8/8/8/4KN2 w - - 0 1", 0, 1 },    /* queens never help */
        { "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", 1, 0 },
        { "4k3/8/8/8/8/8/8/4KB2 w - - 0 1", 0, 0 },
        { "3rk3/8/8/8/8/8/8/4KB2 w - - 0 1", 0, 1 },    /* a rook reaches the bishop's line */
        { "3nk3/8/8/8/8/8/8/4KB2 w - - 0 1", 1, 1 },    /* a knight can block a flight */
        { "3qk3/8/8/8/8/8/8/4KB2 w - - 0 1", 0, 1 },
        { "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, 0 },   /* same-coloured bishops */
        { "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", 1, 1 },
        { "4k3/8/8/8/8/8/8/4K2R w - - 0 1", 1, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        if (pos_from_fen(&p, cases[i].fen, NULL)) {
            FAIL("bad FEN %s", cases[i].fen);
            continue;
        }
        if (pos_can_mate(&p, WHITE) != cases[i].white || pos_can_mate(&p, BLACK) != cases[i].black)
            FAIL("%s: can_mate white %d black %d, expected %d %d", cases[i].fen,
                 pos_can_mate(&p, WHITE), pos_can_mate(&p, BLACK), cases[i].white, cases[i].black);
    }
}

/* After 1.e4 the Polyglot key has no ep file (no black pawn beside e4); after
 * a double step next to an enemy pawn that is pinned, Polyglot hashes the ep
 * file but FIDE identity must not count it. */
void test_position__repetition_key_ignores_impossible_ep(void)
{
    struct pos a, b;
    /* Black pawn d4 pinned by the rook on a4 against the king on h4... the
     * capture exd3 would expose the black king on the 4th rank. */
    CHECK(pos_from_fen(&a, "8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1", NULL) == PGN_OK);
    CHECK(pos_from_fen(&b, "8/8/8/8/R2pP2k/8/8/4K3 b - - 0 1", NULL) == PGN_OK);
    CHECK(!pos_ep_capture_possible(&a));
    CHECK(a.key != b.key); /* Polyglot: a pawn stands beside, so the file is hashed */
    CHECK(pos_repetition_key(&a) == pos_repetition_key(&b));
    /* A legal capture keeps positions apart. */
    CHECK(pos_from_fen(&a, "8/8/8/8/3pP2k/8/8/4K3 b - e3 0 1", NULL) == PGN_OK);
    CHECK(pos_from_fen(&b, "8/8/8/8/3pP2k/8/8/4K3 b - - 0 1", NULL) == PGN_OK);
    CHECK(pos_ep_capture_possible(&a));
    CHECK(pos_repetition_key(&a) != pos_repetition_key(&b));
}

/* Random legal games from the suite positions: the incremental key and the
 * bitboards must always equal a recomputation from the board array. */
void test_position__random_playouts_stay_consistent(void)
{
    FILE *f = test_open("tests/data/standard.epd");
    char line[512];
    unsigned seed = 12345;
    long plies = 0;
    while (f && fgets(line, sizeof line, f)) {
        char *semi = strchr(line, ';');
        if (semi)
            *semi = 0;
        struct pos p;
        if (pos_from_fen(&p, line, NULL))
            continue;
        for (int game = 0; game < 20; game++) {
            struct pos q = p;
            for (int ply = 0; ply < 200; ply++) {
                struct movelist list;
                if (!movegen_legal(&q, &list))
                    break;
                seed = seed * 1103515245u + 12345u;
                pos_play(&q, list.moves[(seed >> 16) % (unsigned)list.n]);
                plies++;
                if (!pos_is_consistent(&q)) {
                    FAIL("inconsistent after a move from %s", line);
                    fclose(f);
                    return;
                }
            }
        }
    }
    if (f)
        fclose(f);
    CHECK(plies > 100000);
}

void test_position__chess960_castling_fen(void)
{
    struct pos p;
    char out[FEN_MAX];
    /* X-FEN with an inner rook needs the file letter. */
    CHECK(pos_from_fen(&p, "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 0 1", NULL) == PGN_OK);
    CHECK(p.chess960);
    pos_to_fen(&p, 0, out);
    CHECK_EQ_STR(out, "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 0 1");
    pos_to_fen(&p, FEN_SHREDDER, out);
    CHECK_EQ_STR(out, "1r2k1r1/8/8/8/8/8/8/RR2K2R w HBgb - 0 1");
    /* Two rights on one side are impossible. */
    enum fen_problem why;
    CHECK(pos_from_fen(&p, "1r2k1r1/8/8/8/8/8/8/RR2K2R w KQBkq - 0 1", &why) == PGN_EFEN);
    CHECK(why == FEN_CASTLING);
    /* Castling in Chess960 with the king on b1 and rook on a1 (queenside). */
    CHECK(pos_from_fen(&p, "1k6/8/8/8/8/8/8/RK6 w A - 0 1", NULL) == PGN_OK);
    move16 m = uci_parse(&p, "b1a1", 4);
    CHECK(m && move_flag(m) == MF_CASTLING);
    if (m) {
        pos_play(&p, m);
        pos_to_fen(&p, 0, out);
        CHECK_EQ_STR(out, "1k6/8/8/8/8/8/8/2KR4 b - - 1 1");
    }
}

/*
 * Calls each(q, m, ctx) for every legal move m of every position q of random
 * games (60 plies, a fixed seed) from the positions of the standard and
 * Chess960 suites, whose tricky positions have discovered checks, en
 * passant and castling checks. Stops at the first nonzero answer. Returns
 * the number of moves visited.
 */
static long suite_moves(unsigned seed, int (*each)(const struct pos *, move16, void *), void *ctx)
{
    static const char *const files[] = { "tests/data/standard.epd", "tests/data/chess960.epd" };
    long moves = 0;
    for (size_t k = 0; k < 2; k++) {
        FILE *f = test_open(files[k]);
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            char *semi = strchr(line, ';');
            if (semi)
                *semi = 0;
            struct pos q;
            if (pos_from_fen(&q, line, NULL))
                continue;
            for (int ply = 0; ply < 60; ply++) {
                struct movelist list;
                if (!movegen_legal(&q, &list))
                    break;
                for (int i = 0; i < list.n; i++, moves++) {
                    if (each(&q, list.moves[i], ctx)) {
                        fclose(f);
                        return moves;
                    }
                }
                seed = seed * 1103515245u + 12345u;
                pos_play(&q, list.moves[(seed >> 16) % (unsigned)list.n]);
            }
        }
        if (f)
            fclose(f);
    }
    return moves;
}

static void fail_move(const struct pos *q, move16 m, const char *what)
{
    char fen[FEN_MAX], uci[UCI_MAX];
    pos_to_fen(q, 0, fen);
    uci_write(q, m, uci);
    FAIL("%s %s: %s", fen, uci, what);
}

static int gave_check_agrees(const struct pos *q, move16 m, void *ctx)
{
    struct pos next = *q;
    pos_play(&next, m);
    int full = pos_in_check(&next);
    *(long *)ctx += full;
    if (pos_move_gave_check(q, m, &next) == full && pos_gives_check(q, m) == full)
        return 0;
    char what[80];
    snprintf(what, sizeof what, "fast check tests %d %d, full %d",
             pos_move_gave_check(q, m, &next), pos_gives_check(q, m), full);
    fail_move(q, m, what);
    return 1;
}

/* The incremental check test agrees with a full attackers query for every
 * legal move of every position of random games. */
void test_position__gave_check_matches_full_test(void)
{
    long checks = 0;
    long moves = suite_moves(777, gave_check_agrees, &checks);
    CHECK(moves > 500000);
    CHECK(checks > 10000);
}

/* pos_play_keep() plays as pos_play() does, answers as pos_gives_check()
 * does, and keeps the position before exactly when it promises to. */
static int play_keep_agrees(const struct pos *q, move16 m, void *ctx)
{
    int keep = (int)(++*(long *)ctx & 1);
    struct pos played = *q, kept = *q, before;
    memset(&before, 0xA5, sizeof before);
    pos_play(&played, m);
    int check = pos_play_keep(&kept, m, keep, &before);
    int copied = before.side != 0xA5;
    int must_copy = check || keep || move_flag(m) != MF_NORMAL;
    if (!memcmp(&played, &kept, sizeof played) && check == pos_gives_check(q, m)
        && (must_copy ? !memcmp(&before, q, sizeof *q) : !copied))
        return 0;
    fail_move(q, m, "pos_play_keep differs");
    return 1;
}

void test_position__play_keep_matches_play_and_check(void)
{
    long n = 0;
    CHECK(suite_moves(4242, play_keep_agrees, &n) > 500000);
}
