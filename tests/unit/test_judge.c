/* test_judge.c - lichess's judgments: winning chances, thresholds, mate cases, comments, ACPL. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "test.h"
#include "pgn/judge.h"

static struct judge_eval cp(int c) { return (struct judge_eval){ c, 0 }; }
static struct judge_eval mate(int m) { return (struct judge_eval){ 0, m }; }

void test_judge__parse_and_format(void)
{
    struct judge_eval e;
    char out[24];
    CHECK(judge_parse_eval("0.34", 4, &e) == 0 && e.cp == 34 && !e.mate);
    CHECK(judge_parse_eval("-1.2,20", 7, &e) == 0 && e.cp == -120);
    CHECK(judge_parse_eval("#-3", 3, &e) == 0 && e.mate == -3);
    CHECK(judge_parse_eval("#3", 2, &e) == 0 && e.mate == 3);
    CHECK(judge_parse_eval("abc", 3, &e) < 0);
    CHECK(judge_parse_eval("#0", 2, &e) < 0);
    e = cp(-120);
    judge_format_eval(&e, out, sizeof out);
    CHECK_EQ_STR(out, "-1.20");
    e = cp(-5);
    judge_format_eval(&e, out, sizeof out);
    CHECK_EQ_STR(out, "-0.05");
    e = mate(-3);
    judge_format_eval(&e, out, sizeof out);
    CHECK_EQ_STR(out, "#-3");
}

void test_judge__winning_chances(void)
{
    CHECK(fabs(judge_winning_chances(0)) < 1e-12);
    CHECK(fabs(judge_winning_chances(100) - 0.18206) < 1e-4);
    CHECK(fabs(judge_winning_chances(5000) - judge_winning_chances(1000)) < 1e-12);
    CHECK(fabs(judge_winning_chances(-300) + judge_winning_chances(300)) < 1e-12);
}

void test_judge__thresholds(void)
{
    struct judge_eval b, a;
    /* lichess 2021 export (testdata/annotate/lichess-judged.pgn) */
    b = cp(-25), a = cp(39);
    CHECK_EQ_INT(judge_move(&b, &a, 1, NULL), JUDGE_INACCURACY); /* 4... Bg7?! */
    b = cp(128), a = cp(-23);
    CHECK_EQ_INT(judge_move(&b, &a, 0, NULL), JUDGE_MISTAKE);    /* 8. Bxc6? */
    b = cp(39), a = cp(-417);
    CHECK_EQ_INT(judge_move(&b, &a, 0, NULL), JUDGE_BLUNDER);    /* 5. dxc5?? */
    b = cp(623), a = cp(1020);
    CHECK_EQ_INT(judge_move(&b, &a, 1, NULL), JUDGE_INACCURACY); /* 15... Bb5?! */
    b = cp(1007), a = cp(1025);
    CHECK_EQ_INT(judge_move(&b, &a, 1, NULL), JUDGE_NONE);
    /* a gain is never a mistake */
    b = cp(0), a = cp(300);
    CHECK_EQ_INT(judge_move(&b, &a, 0, NULL), JUDGE_NONE);
    /* the centipawn model of older exports */
    b = cp(-300), a = cp(-12);
    CHECK_EQ_INT(judge_move_model(&b, &a, 1, JUDGE_MODEL_CP, NULL), JUDGE_MISTAKE);
    b = cp(-12), a = cp(-414);
    CHECK_EQ_INT(judge_move_model(&b, &a, 0, JUDGE_MODEL_CP, NULL), JUDGE_BLUNDER);
    b = cp(118), a = cp(21);
    CHECK_EQ_INT(judge_move_model(&b, &a, 0, JUDGE_MODEL_CP, NULL), JUDGE_INACCURACY);
}

void test_judge__mate_cases(void)
{
    struct judge_eval b, a;
    int why;
    /* Checkmate is now unavoidable: by how bad the mover stood before */
    b = cp(869), a = mate(1);
    CHECK_EQ_INT(judge_move(&b, &a, 1, &why), JUDGE_MISTAKE);  /* 20... f6? in the 2021 export: */
    CHECK_EQ_INT(why, JUDGE_MATE_CREATED);                    /* Black stood at -8.69 */
    b = cp(-869), a = mate(-1);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_MISTAKE);
    b = cp(-1200), a = mate(-4);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_INACCURACY);
    b = cp(100), a = mate(-4);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_BLUNDER);
    /* Lost forced checkmate sequence: by how well the mover still stands */
    b = mate(3), a = cp(1200);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_INACCURACY);
    CHECK_EQ_INT(why, JUDGE_MATE_LOST);
    b = mate(3), a = cp(800);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_MISTAKE);
    b = mate(-3), a = cp(-300);
    CHECK_EQ_INT(judge_move(&b, &a, 1, &why), JUDGE_BLUNDER);
    b = mate(3), a = mate(-2);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_BLUNDER);
    /* a longer mate is no judgment */
    b = mate(3), a = mate(5);
    CHECK_EQ_INT(judge_move(&b, &a, 0, &why), JUDGE_NONE);
}

void test_judge__comment_and_loss(void)
{
    struct judge_eval b = cp(66), a = cp(147);
    char out[128];
    judge_comment(&b, &a, JUDGE_INACCURACY, JUDGE_BY_CP, "Qxd5", out, sizeof out);
    CHECK_EQ_STR(out, "(0.66 \xe2\x86\x92 1.47) Inaccuracy. Qxd5 was best.");
    b = cp(869), a = mate(1);
    judge_comment(&b, &a, JUDGE_BLUNDER, JUDGE_MATE_CREATED, NULL, out, sizeof out);
    CHECK_EQ_STR(out, "(8.69 \xe2\x86\x92 Mate in 1) Checkmate is now unavoidable.");
    CHECK_EQ_INT(judge_nag(JUDGE_INACCURACY), 6);
    CHECK_EQ_INT(judge_nag(JUDGE_MISTAKE), 2);
    CHECK_EQ_INT(judge_nag(JUDGE_BLUNDER), 4);
    b = cp(50), a = cp(-30);
    CHECK_EQ_INT(judge_cp_loss(&b, &a, 0), 80);
    CHECK_EQ_INT(judge_cp_loss(&b, &a, 1), 0);
    b = mate(2), a = mate(-2);
    CHECK_EQ_INT(judge_cp_loss(&b, &a, 0), 1000);
}

/* The best move named at the end of a judgment comment, as lichess and judge_comment() write it. */
void test_judge__comment_best(void)
{
    const char *at;
    char out[128];
    static const char lichess[] = "Checkmate is now unavoidable. g6 was best.  ";
    CHECK_EQ_INT((int)judge_comment_best(lichess, sizeof lichess - 1, &at), 2);
    CHECK(!memcmp(at, "g6", 2));
    struct judge_eval b = cp(66), a = cp(147);
    int n = judge_comment(&b, &a, JUDGE_INACCURACY, JUDGE_BY_CP, "Qxd5", out, sizeof out);
    CHECK_EQ_INT((int)judge_comment_best(out, (size_t)n, &at), 4);
    CHECK(!memcmp(at, "Qxd5", 4));
    static const char *const none[] = { "g6 was best, they said.", " was best.", "was best.",
                                        "(8.69 \xe2\x86\x92 Mate in 1) Checkmate is now unavoidable.", "" };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        CHECK_EQ_INT((int)judge_comment_best(none[i], strlen(none[i]), &at), 0);
}
