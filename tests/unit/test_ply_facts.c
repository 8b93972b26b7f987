/* test_ply_facts.c - clocks, time spent and evaluations of moves, by hand-counted values. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "base/error.h"
#include "pgn/eval_command.h"
#include "pgn/pgn_reader.h"
#include "pgn/ply_facts.h"

/* The facts of the first n main-line moves of the one game in text, into f[]. */
static void facts_of(const char *text, const char *time_control, struct ply_facts *f, size_t n)
{
    struct pgn_reader *r;
    struct game g;
    struct ply_clocks c;
    CHECK(pgn_reader_open_mem(&r, text, strlen(text), NULL) == PGN_OK);
    CHECK(pgn_reader_next(r, &g) == 1);
    CHECK(g.nvars > 0 && g.vars[0].count >= n);
    ply_clocks_init(&c, time_control);
    for (size_t k = 0; k < n; k++)
        ply_facts_read(&c, &g, g.vars[0].first + (uint32_t)k, (int)(k & 1), &f[k]);
    pgn_reader_free(r);
}

void test_ply_facts__time_spent_from_clocks_and_increment(void)
{
    struct ply_facts f[5];
    facts_of("1. e4 {[%clk 0:03:00]} e5 {[%clk 0:02:58.5]} 2. Nf3 {[%clk 0:02:55]}"
             " Nc6 {[%clk 0:02:57]} 3. Bb5 {[%clk 0:02:50]} *",
             "180+2", f, 5);
    /* White: 180 - 180 + 2, 180 - 175 + 2, 175 - 170 + 2; Black: 180 - 178.5 + 2, 178.5 - 177 + 2 */
    CHECK(f[0].has_clock && f[0].clock_ms == 180000 && f[0].has_spent && f[0].spent_ms == 2000);
    CHECK(f[1].clock_ms == 178500 && f[1].spent_ms == 3500);
    CHECK(f[2].clock_ms == 175000 && f[2].spent_ms == 7000);
    CHECK(f[3].clock_ms == 177000 && f[3].spent_ms == 3500);
    CHECK(f[4].clock_ms == 170000 && f[4].spent_ms == 7000);
    CHECK(!f[0].has_eval);
}

void test_ply_facts__emt_wins_and_no_base_without_time_control(void)
{
    struct ply_facts f[4];
    facts_of("1. d4 {[%clk 0:04:59.9]} d5 {[%clk 0:04:58]} 2. c4 {[%clk 0:04:50] [%emt 0:00:04]}"
             " e6 {[%clk 0:04:58]} *",
             NULL, f, 4);
    /* No TimeControl: the first move of each side has no time spent. */
    CHECK(f[0].has_clock && f[0].clock_ms == 299900 && !f[0].has_spent);
    CHECK(!f[1].has_spent);
    CHECK(f[2].has_spent && f[2].spent_ms == 4000); /* [%emt], not 299.9 - 290 */
    CHECK(f[3].has_spent && f[3].spent_ms == 0);    /* 298 - 298, no increment */
}

void test_ply_facts__a_move_without_clock_breaks_the_chain(void)
{
    struct ply_facts f[5];
    facts_of("1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:00]} 2. Nf3 Nc6 {[%clk 0:00:50]}"
             " 3. Bb5 {[%clk 0:00:40]} *",
             "60", f, 5);
    CHECK(f[0].has_spent && f[0].spent_ms == 0);
    CHECK(!f[2].has_clock && !f[2].has_spent);
    CHECK(f[3].has_spent && f[3].spent_ms == 10000);
    /* White's clock before Bb5 is unknown: not 60 - 40 from the base. */
    CHECK(f[4].has_clock && !f[4].has_spent);
}

void test_ply_facts__time_controls_that_give_no_base(void)
{
    static const char *const none[] = { "-", "?", "", "40/7200:3600", "180+", "+2", "1.5+0" };
    struct ply_clocks c;
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        ply_clocks_init(&c, none[i]);
        CHECK(!c.has_base);
    }
    ply_clocks_init(&c, "600+5");
    CHECK(c.has_base && c.base_ms == 600000 && c.increment_ms == 5000);
    ply_clocks_init(&c, "900");
    CHECK(c.has_base && c.base_ms == 900000 && c.increment_ms == 0);
}

void test_ply_facts__evaluations_and_mates_apart(void)
{
    struct ply_facts f[3];
    facts_of("1. e4 {[%eval 0.18]} e5 {a comment [%eval #-3] and more} 2. Qh5 {[%eval -1.5,23]} *",
             NULL, f, 3);
    CHECK(f[0].has_eval && f[0].eval.cp == 18 && f[0].eval.mate == 0);
    CHECK(f[1].has_eval && f[1].eval.mate == -3);
    CHECK(f[2].has_eval && f[2].eval.cp == -150 && f[2].eval.mate == 0);
}

void test_ply_facts__eval_command_refuses_what_is_no_evaluation(void)
{
    static const char *const bad[] = { "", "#0", "#", "abc", "1.2.3", "#x", "999999999" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct pgn_eval e = { 7, 7 };
        CHECK(eval_command_read(bad[i], strlen(bad[i]), &e) == PGN_ESYNTAX);
        CHECK(e.cp == 7 && e.mate == 7);
    }
}
