/* test_standings.c - standings, FIDE tie-breaks and ML Elo against hand computations. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include "test.h"
#include "pgn/game.h"
#include "stats/elo.h"
#include "stats/standings.h"
#include "stats/tiebreak.h"

#define CHECK_NEAR(a, b, eps) do { \
    double a_ = (a), b_ = (b); \
    if (!(fabs(a_ - b_) <= (eps))) \
        FAIL("%s == %.6f, expected %.6f", #a, a_, b_); \
} while (0)

/*
 * A Swiss of five players and three rounds, every figure counted by hand
 * (the report of pgnkit-stats(1) repeats the sums):
 *
 *   round 1: A-B 1-0, C-D 1/2, E has a full-point bye
 *   round 2: A-C 1/2, D-E 1-0 by forfeit (E absent), B takes a half-point bye
 *   round 3: E-A 0-1, B-D 1-0, C has a full-point bye
 *
 * Scores: A 2.5, C 2, B 1.5, D 1.5, E 1. The voluntarily unplayed rounds
 * (VUR) are B's half-point bye and E's forfeit loss; as opponents B and E
 * count them as draws: B 1.5, E 1.5 (their adjusted scores); C's
 * full-point bye and D's forfeit win count as scored (C 2, D 1.5).
 * Each unplayed round of one's own adds one's own final score (the
 * dummy opponent).
 */
static void swiss(struct standings *s)
{
    standings_init(s);
    CHECK_EQ_INT(standings_add(s, "S", "A", "B", PGN_RESULT_WHITE, 1, 2000, 1900, SU_PLAYED), 0);
    CHECK_EQ_INT(standings_add(s, "S", "C", "D", PGN_RESULT_DRAW, 1, 1800, 1700, SU_PLAYED), 0);
    CHECK_EQ_INT(standings_add(s, "S", "E", "BYE", PGN_RESULT_WHITE, 1, 1600, 0, SU_BYE), 0);
    CHECK_EQ_INT(standings_add(s, "S", "A", "C", PGN_RESULT_DRAW, 2, 2000, 1800, SU_PLAYED), 0);
    CHECK_EQ_INT(standings_add(s, "S", "D", "E", PGN_RESULT_WHITE, 2, 1700, 1600, SU_FORFEIT), 0);
    CHECK_EQ_INT(standings_add(s, "S", "bye", "B", PGN_RESULT_DRAW, 2, 0, 1900, SU_PLAYED), 0);
    CHECK_EQ_INT(standings_add(s, "S", "E", "A", PGN_RESULT_BLACK, 3, 1600, 2000, SU_PLAYED), 0);
    CHECK_EQ_INT(standings_add(s, "S", "B", "D", PGN_RESULT_WHITE, 3, 1900, 1700, SU_PLAYED), 0);
    CHECK_EQ_INT(standings_add(s, "S", "C", "BYE", PGN_RESULT_WHITE, 3, 1800, 0, SU_BYE), 0);
    CHECK_EQ_INT(standings_add(s, "S", "C", "D", PGN_RESULT_UNKNOWN, 4, 0, 0, SU_PLAYED), 0);
}

/* The row of the player called name. */
static const struct standing *row_of(const struct standings_event *e, const struct standing *rows,
                                     const char *name)
{
    for (size_t i = 0; i < e->nplayers; i++)
        if (!strcmp(e->players[rows[i].player].name, name))
            return &rows[i];
    FAIL("no player '%s'", name);
    return &rows[0];
}

void test_standings__swiss_tiebreaks_by_hand(void)
{
    struct standings s;
    swiss(&s);
    CHECK_EQ_INT(s.nevents, 1);
    CHECK_EQ_INT(s.skipped, 1);
    const struct standings_event *e = s.events[0];
    CHECK_EQ_INT(e->nplayers, 5);
    int list[TIEBREAK_MAX];
    const char *bad;
    size_t bad_len;
    int n = tiebreak_parse("buchholz,buchholz-cut1,median1,sonneborn-berger,wins,black-wins,"
                           "black-games,aro",
                           list, &bad, &bad_len);
    CHECK_EQ_INT(n, 8);
    struct standing rows[5];
    CHECK_EQ_INT(standings_rank(e, list, n, rows), 0);
    static const struct {
        const char *name;
        int score_half, rank;
        double tb[8];
        int performance;
    } want[] = {
        { "A", 5, 1, { 5.0, 3.5, 1.5, 4.0, 2, 1, 1, 1767 }, 2040 },
        { "C", 4, 2, { 6.0, 4.5, 2.0, 4.0, 1, 0, 1, 1850 }, 1850 },
        { "B", 3, 3, { 5.5, 4.0, 1.5, 2.25, 1, 0, 1, 1850 }, 1850 },
        { "D", 3, 4, { 5.0, 3.5, 1.5, 2.5, 1, 0, 2, 1850 }, 1657 },
        { "E", 2, 5, { 4.5, 3.5, 1.0, 1.0, 1, 0, 0, 2000 }, 1200 },
    };
    for (size_t i = 0; i < 5; i++) {
        CHECK_EQ_STR(e->players[rows[i].player].name, want[i].name);
        const struct standing *r = row_of(e, rows, want[i].name);
        CHECK_EQ_INT(r->score_half, want[i].score_half);
        CHECK_EQ_INT(r->rank, want[i].rank);
        CHECK_EQ_INT(r->performance, want[i].performance);
        for (int k = 0; k < 8; k++)
            if (r->tb[k] != want[i].tb[k])
                FAIL("%s %s == %g, expected %g", want[i].name, tiebreak_names[list[k]], r->tb[k],
                     want[i].tb[k]);
    }
    const struct standing *d = row_of(e, rows, "D");
    CHECK_EQ_INT(d->played, 2);
    CHECK_EQ_INT(d->unplayed, 1);
    CHECK_EQ_INT(d->wins + d->draws + d->losses, 2);
    standings_release(&s);
}

void test_standings__direct_encounter_splits_the_tied(void)
{
    struct standings s;
    swiss(&s);
    int list[1] = { TB_DIRECT_ENCOUNTER };
    struct standing rows[5];
    CHECK_EQ_INT(standings_rank(s.events[0], list, 1, rows), 0);
    /* B and D are tied on 1.5; B beat D in round 3 */
    CHECK_EQ_STR(s.events[0]->players[rows[2].player].name, "B");
    CHECK(rows[2].tb[0] == 1.0);
    CHECK(rows[3].tb[0] == 0.0);
    CHECK_EQ_INT(rows[3].rank, 4);
    /* without tie-breaks they share third place */
    CHECK_EQ_INT(standings_rank(s.events[0], list, 0, rows), 0);
    CHECK_EQ_INT(rows[2].rank, 3);
    CHECK_EQ_INT(rows[3].rank, 3);
    standings_release(&s);
}

void test_standings__tiebreak_names(void)
{
    int list[TIEBREAK_MAX];
    const char *bad;
    size_t bad_len;
    CHECK_EQ_INT(tiebreak_parse("sonneborn-berger,buchholz", list, &bad, &bad_len), 2);
    CHECK_EQ_INT(list[0], TB_SONNEBORN_BERGER);
    CHECK_EQ_INT(tiebreak_parse("buchholz,koya", list, &bad, &bad_len), PGN_EINVAL);
    CHECK_EQ_INT(bad_len, 4);
    CHECK(!strncmp(bad, "koya", 4));
    CHECK_EQ_INT(tiebreak_dp(1.0), 800);
    CHECK_EQ_INT(tiebreak_dp(0.0), -800);
    CHECK_EQ_INT(tiebreak_dp(0.75), 193);
    CHECK_EQ_INT(tiebreak_dp(0.25), -193);
    CHECK_EQ_INT(standings_round_of("3.1"), 3);
    CHECK_EQ_INT(standings_round_of("?"), 0);
}

/*
 * Two players, 3-1: the ML difference is 400 log10(3); the information of
 * the difference is 4 * 3/4 * 1/4.
 */
void test_standings__elo_two_players(void)
{
    struct elo_game g[4] = { { 0, 1, 2 }, { 1, 0, 0 }, { 0, 1, 2 }, { 1, 0, 2 } };
    struct elo_fit f;
    CHECK_EQ_INT(elo_fit(2, g, 4, -1, 0, &f), 0);
    CHECK(!f.prior);
    CHECK(f.exact);
    CHECK_NEAR(f.rating[0] - f.rating[1], 190.848502, 1e-4);
    CHECK_NEAR(f.rating[0] + f.rating[1], 0, 1e-6);
    /* sd of the difference: sqrt(1 / 0.75) * 400 / ln 10 = 200.592; each half of it */
    CHECK_NEAR(f.error[0], 100.296014, 1e-3);
    CHECK_NEAR(elo_los(&f, 0, 1), 0.829306, 1e-5);
    elo_fit_release(&f);
    /* anchored at B = 2000: A at 2190.85, B with no error, A with the difference's */
    CHECK_EQ_INT(elo_fit(2, g, 4, 1, 2000, &f), 0);
    CHECK_NEAR(f.rating[1], 2000, 1e-9);
    CHECK_NEAR(f.rating[0], 2190.848502, 1e-4);
    CHECK_NEAR(f.error[1], 0, 1e-6);
    CHECK_NEAR(f.error[0], 200.592029, 1e-3);
    elo_fit_release(&f);
}

void test_standings__elo_cycle_is_equal(void)
{
    /* A beats B, B beats C, C beats A, twice over: all equal */
    struct elo_game g[6] = { { 0, 1, 2 }, { 1, 2, 2 }, { 2, 0, 2 },
                             { 1, 0, 0 }, { 2, 1, 0 }, { 0, 2, 0 } };
    struct elo_fit f;
    CHECK_EQ_INT(elo_fit(3, g, 6, -1, 1500, &f), 0);
    for (int i = 0; i < 3; i++)
        CHECK_NEAR(f.rating[i], 1500, 1e-6);
    CHECK_NEAR(elo_los(&f, 0, 1), 0.5, 1e-9);
    elo_fit_release(&f);
}

void test_standings__elo_perfect_score_needs_the_prior(void)
{
    /*
     * A beat B twice: no finite ML. With one virtual draw each against an
     * opponent of strength 1, A's equation gA = 2.5 / (2/(gA+gB) + 1/(gA+1))
     * with gB = 1/gA (the symmetry) has the root gA = 2.751101 (bisection by
     * hand), so A is 400/ln 10 * ln 2.751101 = +175.803 above the average.
     */
    struct elo_game g[2] = { { 0, 1, 2 }, { 0, 1, 2 } };
    struct elo_fit f;
    CHECK_EQ_INT(elo_fit(2, g, 2, -1, 0, &f), 0);
    CHECK(f.prior);
    CHECK_NEAR(f.rating[0], -f.rating[1], 1e-6);
    CHECK_NEAR(f.rating[0], 175.8026, 1e-3);
    elo_fit_release(&f);
    struct elo_game bad = { 0, 5, 2 };
    CHECK_EQ_INT(elo_fit(2, &bad, 1, -1, 0, &f), PGN_EINVAL);
}
