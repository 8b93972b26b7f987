/* test_mate_classes.c - pos_can_mate() and pos_is_dead() against the brute-force mate oracle. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <time.h>
#include "test.h"
#include "mate_oracle.h"
#include "chess/position.h"

/*
 * The table: can a side with the material of the row (the mater) ever mate
 * a side with the material of the column (the mated)? Every answer came
 * from oracle_can_mate() and is computed again here, so neither the rule
 * nor the table can drift from the brute force. Letters as in
 * mate_oracle.h: D a bishop on dark squares, L on light squares.
 *
 * Classes of few pieces are searched in every run; those of four pieces
 * beside the kings only outside sanitizer runs (PGNKIT_QUICK), and those of
 * five or more only with PGNKIT_ORACLE_FULL=1 (about 10 s; the rows DD, LL
 * and DDD take the time). The rule is checked on every entry each time.
 */
static const char *const mated_cols[] = {
    "", "N", "D", "L", "R", "Q", "P", "RR", "RQ", "QQ", "DR", "LR", "DQ", "LQ", "NQ",
    "PQ", "DD", "LL", "DL", "NN", "RRR", "QQQ",
};
enum { COLS = sizeof mated_cols / sizeof mated_cols[0] };

static const struct { const char *mater, *can; } table[] = {
    /*          "" N D L R Q P RR RQ QQ DR LR DQ LQ NQ PQ DD LL DL NN RRR QQQ */
    { "",    "0000000000000000000000" },
    { "N",   "0111101110111111111110" },
    { "D",   "0101001000010111011100" },
    { "L",   "0110001000101011101100" },
    { "R",   "1111111111111111111111" },
    { "Q",   "1111111111111111111111" },
    { "P",   "1111111111111111111111" },
    { "NN",  "1111111111111111111111" },
    { "DD",  "0101001000010111011100" },
    { "LL",  "0110001000101011101100" },
    { "DL",  "1111111111111111111111" },
    { "ND",  "1111111111111111111111" },
    { "NL",  "1111111111111111111111" },
    { "DDD", "0101001000010111011100" },
    { "PP",  "1111111111111111111111" },
};

/* The material of white against black as a position. */
static void material_position(struct pos *p, const char *white, const char *black)
{
    if (oracle_material_position(p, white, black))
        FAIL("bad material K%s v K%s", white, black);
}

static int pieces_of(const char *a, const char *b)
{
    return (int)(strlen(a) + strlen(b));
}

static int expected(const char *mater, const char *mated)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(table[i].mater, mater))
            for (int j = 0; j < COLS; j++)
                if (!strcmp(mated_cols[j], mated))
                    return table[i].can[j] - '0';
    return -1;
}

void test_mate_classes__table_matches_oracle(void)
{
    int full = getenv("PGNKIT_ORACLE_FULL") != NULL;
    int most = full ? 99 : getenv("PGNKIT_QUICK") ? 3 : 4;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        CHECK_EQ_INT(strlen(table[i].can), COLS);
        for (int j = 0; j < COLS; j++) {
            const char *x = table[i].mater, *y = mated_cols[j];
            if (pieces_of(x, y) > most)
                continue;
            char witness[FEN_MAX] = "";
            clock_t t0 = clock();
            int oracle = oracle_can_mate(x, y, witness);
            if (oracle != table[i].can[j] - '0')
                FAIL("K%s v K%s: the oracle says %d, the table %c (%s)", x, y, oracle,
                     table[i].can[j], witness);
            if (full)
                printf("    K%s v K%s: %d %.2fs %s\n", x, y, oracle,
                       (double)(clock() - t0) / CLOCKS_PER_SEC, witness);
        }
    }
}

void test_mate_classes__can_mate_follows_table(void)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        for (int j = 0; j < COLS; j++) {
            const char *x = table[i].mater, *y = mated_cols[j];
            int want = table[i].can[j] - '0';
            struct pos p;
            material_position(&p, x, y);
            if (pos_can_mate(&p, WHITE) != want)
                FAIL("K%s v K%s: pos_can_mate(White) = %d, expected %d", x, y,
                     pos_can_mate(&p, WHITE), want);
            material_position(&p, y, x);
            if (pos_can_mate(&p, BLACK) != want)
                FAIL("K%s v K%s: pos_can_mate(Black) = %d, expected %d", x, y,
                     pos_can_mate(&p, BLACK), want);
            /* Dead by material: neither side can mate. */
            int back = expected(y, x);
            if (back < 0)
                continue;
            material_position(&p, x, y);
            if (pos_is_dead(&p) != (!want && !back))
                FAIL("K%s v K%s: pos_is_dead = %d, expected %d", x, y, pos_is_dead(&p),
                     !want && !back);
        }
    }
}

/*
 * Every class the table leaves out as well: each side a bare king or a king
 * with one or two of N, D, L, R, Q, P (28 classes a side, 784 pairs), the
 * rule for either colour against the oracle itself. The pairs of four
 * pieces beside the kings are left to runs outside the sanitizers.
 */
void test_mate_classes__every_small_class(void)
{
    static const char letters[] = "NDLRQP";
    char classes[28][3];
    int n = 0;
    classes[n++][0] = 0;
    for (int i = 0; letters[i]; i++) {
        classes[n][0] = letters[i];
        classes[n++][1] = 0;
        for (int j = i; letters[j]; j++) {
            classes[n][0] = letters[i];
            classes[n][1] = letters[j];
            classes[n++][2] = 0;
        }
    }
    CHECK_EQ_INT(n, 28);
    int most = getenv("PGNKIT_QUICK") ? 3 : 4;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            const char *x = classes[i], *y = classes[j];
            if (pieces_of(x, y) > most)
                continue;
            char witness[FEN_MAX] = "";
            int oracle = oracle_can_mate(x, y, witness);
            struct pos p;
            material_position(&p, x, y);
            int white = pos_can_mate(&p, WHITE);
            material_position(&p, y, x);
            int black = pos_can_mate(&p, BLACK);
            if (white != oracle || black != oracle)
                FAIL("K%s v K%s: the oracle says %d (%s), pos_can_mate %d for White, %d for Black",
                     x, y, oracle, witness, white, black);
        }
}

/* The oracle itself: known mates found, known impossibilities refused. */
void test_mate_classes__oracle_sanity(void)
{
    char w[FEN_MAX];
    uint64_t tested;
    CHECK_EQ_INT(oracle_mate_exists("Q", "", w, &tested), 1);
    CHECK_EQ_INT(oracle_mate_exists("NN", "", w, &tested), 1);
    CHECK_EQ_INT(oracle_mate_exists("DL", "", w, &tested), 1);
    CHECK_EQ_INT(oracle_mate_exists("N", "", w, &tested), 0);
    CHECK_EQ_INT(oracle_mate_exists("D", "R", w, &tested), 0);
    CHECK(tested > 0);
    CHECK_EQ_INT(oracle_mate_exists("N", "R", w, &tested), 1);
    struct pos p;
    CHECK_EQ_INT(pos_from_fen(&p, w, NULL), PGN_OK);
    /* A pawn does not mate a queen at once but promotes. */
    CHECK_EQ_INT(oracle_mate_exists("P", "Q", w, &tested), 0);
    CHECK_EQ_INT(oracle_can_mate("P", "Q", w), 1);
    /* Two bishops of one colour checking together: no move gives that. */
    CHECK_EQ_INT(oracle_mate_exists("DD", "RR", w, &tested), 0);
    CHECK_EQ_INT(oracle_mate_exists("X", "", w, &tested), -1);
    CHECK_EQ_INT(oracle_can_mate("NNNNN", "", w), -1);
}
