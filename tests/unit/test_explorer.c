/* test_explorer.c - the explorer server's requests, filters and lists, against hand counts. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "explorer/explorer_request.h"
#include "query/stats_tags.h"
#include "explorer/explorer_tree.h"

#define ITALIAN "e2e4,e7e5,g1f3,b8c6,f1c4,f8c5"

static int parse(struct explorer_request *rq, const char *path, const char *k1, const char *v1,
                 const char *k2, const char *v2, char *why, size_t cap)
{
    struct explorer_param p[2] = { { k1, v1 }, { k2, v2 } };
    return explorer_request_parse(rq, path, p, k2 ? 2 : k1 ? 1 : 0, why, cap);
}

void test_explorer__routes_and_defaults(void)
{
    struct explorer_request rq;
    char why[256];
    CHECK_EQ_INT(parse(&rq, "/masters", NULL, NULL, NULL, NULL, why, sizeof why), 200);
    CHECK_EQ_INT(rq.route, ROUTE_MASTERS);
    CHECK_EQ_INT(rq.moves, 12);
    CHECK_EQ_INT(rq.top_games, 15); /* lichess's masters defaults */
    CHECK_EQ_INT(rq.recent_games, 0);
    struct pos start;
    pos_set_start(&start);
    CHECK(pos_repetition_key(&rq.root) == pos_repetition_key(&start));
    CHECK_EQ_INT(parse(&rq, "/lichess", NULL, NULL, NULL, NULL, why, sizeof why), 200);
    CHECK_EQ_INT(rq.top_games, 4);
    CHECK_EQ_INT(rq.recent_games, 4);
    CHECK_EQ_INT(parse(&rq, "/", NULL, NULL, NULL, NULL, why, sizeof why), 200);
    CHECK_EQ_INT(rq.route, ROUTE_PAGE);
    CHECK_EQ_INT(parse(&rq, "/game/42", NULL, NULL, NULL, NULL, why, sizeof why), 200);
    CHECK_EQ_INT(rq.game, 42);
    /* Only the fixed routes: no file is ever named by a path. */
    CHECK_EQ_INT(parse(&rq, "/index.html", NULL, NULL, NULL, NULL, why, sizeof why), 404);
    CHECK_EQ_INT(parse(&rq, "/../etc/passwd", NULL, NULL, NULL, NULL, why, sizeof why), 404);
    CHECK_EQ_INT(parse(&rq, "/game/", NULL, NULL, NULL, NULL, why, sizeof why), 404);
    CHECK_EQ_INT(parse(&rq, "/game/0", NULL, NULL, NULL, NULL, why, sizeof why), 404);
    CHECK_EQ_INT(parse(&rq, "/game/1x", NULL, NULL, NULL, NULL, why, sizeof why), 404);
    CHECK_EQ_INT(parse(&rq, "/masters/", NULL, NULL, NULL, NULL, why, sizeof why), 404);
}

void test_explorer__play_takes_both_castling_forms(void)
{
    struct explorer_request a, b;
    char why[256];
    CHECK_EQ_INT(parse(&a, "/masters", "play", ITALIAN ",e1g1", NULL, NULL, why, sizeof why), 200);
    CHECK_EQ_INT(parse(&b, "/masters", "play", ITALIAN ",e1h1", NULL, NULL, why, sizeof why), 200);
    CHECK(pos_repetition_key(&a.root) == pos_repetition_key(&b.root));
    CHECK_EQ_INT(a.root.side, BLACK);
    /* fen, then play on it */
    CHECK_EQ_INT(parse(&b, "/masters", "fen",
                       "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                       "play", "e1h1", why, sizeof why), 200);
    CHECK(pos_repetition_key(&a.root) == pos_repetition_key(&b.root));
    /* Lichess's links write the FEN's spaces as underscores. */
    CHECK_EQ_INT(parse(&b, "/masters", "fen",
                       "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R_w_KQkq_-_4_4",
                       "play", "e1g1", why, sizeof why), 200);
    CHECK(pos_repetition_key(&a.root) == pos_repetition_key(&b.root));
}

void test_explorer__bad_parameters_are_400(void)
{
    struct explorer_request rq;
    char why[256];
    CHECK_EQ_INT(parse(&rq, "/masters", "play", "e2e5", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_STR(why, "play: 'e2e5' is not a legal move here");
    CHECK_EQ_INT(parse(&rq, "/masters", "play", "e2e4,,e7e5", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/masters", "fen", "8/8/8 w", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/lichess", "ratings", "1500", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/lichess", "speeds", "blitz,fast", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_STR(why, "speeds: 'fast' is not a speed (ultraBullet, bullet, blitz, rapid, "
                      "classical, correspondence)");
    CHECK_EQ_INT(parse(&rq, "/lichess", "since", "2020-1", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/lichess", "since", "2021", "until", "2020-12", why, sizeof why),
                 400);
    CHECK_EQ_INT(parse(&rq, "/masters", "moves", "-1", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/masters", "topGames", "x", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/player", "player", "Carlsen", NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_INT(parse(&rq, "/player", "player", "Carlsen", "color", "green", why, sizeof why),
                 400);
    CHECK_EQ_INT(parse(&rq, "/player", "player", "Carlsen", "color", "black", why, sizeof why),
                 200);
    CHECK_EQ_INT(rq.player_white, 0);
    /* More moves than a request may play. */
    static char many[5 * (EXPLORER_PLAY_MAX + 2)];
    size_t n = 0;
    for (int i = 0; i <= EXPLORER_PLAY_MAX; i++) {
        memcpy(many + n, i % 4 < 2 ? (i % 2 ? "g8f6," : "g1f3,") : (i % 2 ? "f6g8," : "f3g1,"), 5);
        n += 5;
    }
    many[n - 1] = '\0';
    CHECK_EQ_INT(parse(&rq, "/masters", "play", many, NULL, NULL, why, sizeof why), 400);
    CHECK_EQ_STR(why, "play: more than 600 moves");
    /* Lists are capped at lichess's 15, not refused. */
    CHECK_EQ_INT(parse(&rq, "/masters", "topGames", "99", NULL, NULL, why, sizeof why), 200);
    CHECK_EQ_INT(rq.top_games, 15);
}

void test_explorer__filters(void)
{
    struct explorer_request rq;
    char why[256];
    struct index_tree_game tg;
    memset(&tg, 0, sizeof tg);
    tg.reached = 1;
    tg.white_elo = 1900;
    tg.black_elo = 2050; /* mean 1975: the 1800 group (1800 .. 1999) */
    tg.year = 2010;
    CHECK_EQ_INT(parse(&rq, "/lichess", "ratings", "1800", NULL, NULL, why, sizeof why), 200);
    CHECK(explorer_request_admits(&rq, &tg));
    CHECK_EQ_INT(parse(&rq, "/lichess", "ratings", "1600,2000", NULL, NULL, why, sizeof why), 200);
    CHECK(!explorer_request_admits(&rq, &tg));
    tg.black_elo = 2100; /* mean 2000: the 2000 group */
    CHECK(explorer_request_admits(&rq, &tg));
    tg.black_elo = 0; /* no mean rating: left out by a rating filter */
    CHECK(!explorer_request_admits(&rq, &tg));
    /* Months: every month the date may mean must be inside [since, until]. */
    CHECK_EQ_INT(parse(&rq, "/lichess", "since", "2010-06", "until", "2011", why, sizeof why), 200);
    CHECK_EQ_INT(rq.since, 201006);
    CHECK_EQ_INT(rq.until, 201112); /* a year alone ends in December */
    tg.month_first = tg.month_last = 201006;
    CHECK(explorer_request_admits(&rq, &tg));
    tg.month_first = tg.month_last = 201005;
    CHECK(!explorer_request_admits(&rq, &tg));
    tg.month_first = tg.month_last = 201112;
    CHECK(explorer_request_admits(&rq, &tg));
    tg.month_first = tg.month_last = 201201;
    CHECK(!explorer_request_admits(&rq, &tg));
    tg.month_first = 201001; /* "2010.??.??": January may be before since */
    tg.month_last = 201012;
    CHECK(!explorer_request_admits(&rq, &tg));
    tg.month_first = tg.month_last = 0; /* no date */
    CHECK(!explorer_request_admits(&rq, &tg));
    CHECK_EQ_INT(parse(&rq, "/lichess", "since", "2010", "until", "2010-12", why, sizeof why), 200);
    tg.month_first = 201001;
    tg.month_last = 201012;
    CHECK(explorer_request_admits(&rq, &tg)); /* whole years take it */
    CHECK_EQ_INT(parse(&rq, "/lichess", "since", "2010-13", NULL, NULL, why, sizeof why), 400);
    /* Speeds: the game's class; no readable TimeControl counts as classical. */
    CHECK_EQ_INT(parse(&rq, "/lichess", "speeds", "blitz,classical", NULL, NULL, why,
                       sizeof why), 200);
    tg.speed = STATS_SPEED_BLITZ;
    CHECK(explorer_request_admits(&rq, &tg));
    tg.speed = STATS_SPEED_RAPID;
    CHECK(!explorer_request_admits(&rq, &tg));
    tg.speed = STATS_SPEED_UNKNOWN;
    CHECK(explorer_request_admits(&rq, &tg));
    CHECK_EQ_INT(parse(&rq, "/lichess", "speeds", "correspondence", NULL, NULL, why, sizeof why),
                 200);
    CHECK(!explorer_request_admits(&rq, &tg));
    tg.speed = STATS_SPEED_CORRESPONDENCE;
    CHECK(explorer_request_admits(&rq, &tg));
}

void test_explorer__top_and_recent_lists(void)
{
    struct explorer_tree t;
    explorer_tree_init(&t, 1, 3, 2);
    struct index_tree_game tg;
    memset(&tg, 0, sizeof tg);
    tg.reached = 1;
    tg.nmoves = 1;
    tg.moves[0] = move_make(12, 28, MF_NORMAL); /* e2e4 */
    /* Game k: ratings 2000 + 10 k (White) and 2000 (Black), year 2000 + (k * 7) % 10. */
    for (int k = 1; k <= 10; k++) {
        tg.white_elo = 2000 + 10 * k;
        tg.black_elo = 2000;
        tg.year = 2000 + (k * 7) % 10;
        tg.result = k % 3 == 0 ? PGN_RESULT_DRAW : k % 3 == 1 ? PGN_RESULT_WHITE
                                                              : PGN_RESULT_BLACK;
        CHECK_EQ_INT(explorer_tree_add(&t, &tg, (uint64_t)k, NULL), PGN_OK);
    }
    tg.result = PGN_RESULT_UNKNOWN; /* not counted */
    CHECK_EQ_INT(explorer_tree_add(&t, &tg, 11, NULL), PGN_OK);
    /* Results: k = 1,4,7,10 white; 2,5,8 black; 3,6,9 draws. */
    CHECK_EQ_INT(t.white, 4);
    CHECK_EQ_INT(t.black, 3);
    CHECK_EQ_INT(t.draws, 3);
    CHECK_EQ_INT(t.n, 1);
    CHECK_EQ_INT(t.moves[0].rating_n, 10);
    /* Best rated: games 10, 9, 8. */
    CHECK_EQ_INT(t.ntop, 3);
    CHECK_EQ_INT(t.top[0].number, 10);
    CHECK_EQ_INT(t.top[1].number, 9);
    CHECK_EQ_INT(t.top[2].number, 8);
    /* Years by k: 7 4 1 8 5 2 9 6 3 0 (+2000): latest 2009 (k 7), 2008 (k 4). */
    CHECK_EQ_INT(t.nrecent, 2);
    CHECK_EQ_INT(t.recent[0].number, 7);
    CHECK_EQ_INT(t.recent[1].number, 4);
    explorer_tree_release(&t);
}
