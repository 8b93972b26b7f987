/* test_stats.c - the stats interface (pgnkit_stats_*): hand-counted aggregates, merges, bad JSON. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include "test.h"
#include "pgnkit.h"

/*
 * Two games counted by hand. The first: White rated 2000, a mate in 7 plies
 * (4. Qxf7#) in 2020. The second: no tags but the result, a draw agreed
 * after 2 plies. No Event, Variant or Date but the first game's date.
 */
static const char two_games[] =
    "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[WhiteElo \"2000\"]\n[Date \"2020.01.01\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n";

static const char two_games_summary[] =
    "{\"pgnkit_stats\":1,\"report\":\"summary\",\"games\":2,\"valid\":2,\"invalid\":0,"
    "\"skipped\":0,\"results\":{\"none\":0,\"1-0\":1,\"0-1\":0,\"1/2-1/2\":1,\"*\":0},"
    "\"elo\":{\"sum\":2000,\"count\":1,\"buckets\":{\"2000\":1}},"
    "\"plies\":{\"sum\":9,\"histogram\":{\"2\":1,\"7\":1}},"
    "\"terminations\":{\"checkmate\":1,\"resignation\":0,\"time forfeit\":0,\"stalemate\":0,"
    "\"repetition\":0,\"50-move rule\":0,\"75-move rule\":0,\"dead position\":0,"
    "\"agreed draw\":1,\"unfinished\":0,\"abandoned\":0,\"rules infraction\":0,"
    "\"adjudication\":0},\"years\":{\"2020\":1,\"?\":1},\"variants\":{\"Standard\":2},"
    "\"events\":{\"?\":2}}\n";

/* Counts game number `which` of text (0: every game) into s. */
static void add_games(struct pgnkit_stats *s, const char *text, int which)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    CHECK_EQ_INT(pgnkit_reader_open_memory(&r, text, strlen(text)), PGNKIT_OK);
    for (int n = 1; pgnkit_reader_next(r, &g) == 1; n++)
        if (!which || n == which)
            CHECK_EQ_INT(pgnkit_stats_add(s, g), PGNKIT_OK);
    pgnkit_reader_free(r);
}

static const char *json_of(struct pgnkit_stats *s)
{
    const char *text = NULL;
    size_t len = 0;
    CHECK_EQ_INT(pgnkit_stats_json(s, &text, &len), PGNKIT_OK);
    CHECK(text && strlen(text) == len);
    return text ? text : "";
}

void test_stats__summary_by_hand(void)
{
    struct pgnkit_stats *s;
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    add_games(s, two_games, 0);
    CHECK_EQ_STR(json_of(s), two_games_summary);
    pgnkit_stats_free(s);
}

void test_stats__tree_by_hand(void)
{
    /* After 1. e4 both games go on with 1... e5; the mover of both nodes is
     * Black (unrated), whose opponent is White at 2000 in the first game. */
    static const char want[] =
        "{\"pgnkit_stats\":1,\"report\":\"tree\","
        "\"fen\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\",\"depth\":1,"
        "\"games\":2,\"valid\":2,\"invalid\":0,\"skipped\":0,"
        "\"results\":{\"none\":0,\"1-0\":1,\"0-1\":0,\"1/2-1/2\":1,\"*\":0},\"moves\":{"
        "\"\":{\"games\":2,\"white\":1,\"draws\":1,\"black\":0,\"rating_sum\":0,"
        "\"rating_count\":0,\"opp_sum\":2000,\"opp_count\":1,\"first_year\":2020,"
        "\"last_year\":2020},"
        "\"e5\":{\"games\":2,\"white\":1,\"draws\":1,\"black\":0,\"rating_sum\":0,"
        "\"rating_count\":0,\"opp_sum\":2000,\"opp_count\":1,\"first_year\":2020,"
        "\"last_year\":2020}}}\n";
    struct pgnkit_position *root;
    pgnkit_move e4;
    struct pgnkit_stats *s;
    CHECK_EQ_INT(pgnkit_position_new(&root), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_parse_move(root, "e4", 0, &e4, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_play(root, e4), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_TREE, root, 1), PGNKIT_OK);
    pgnkit_position_free(root); /* only read by pgnkit_stats_new */
    add_games(s, two_games, 0);
    CHECK_EQ_STR(json_of(s), want);
    pgnkit_stats_free(s);
}

void test_stats__merges_equal_one_pass(void)
{
    struct pgnkit_stats *a, *b, *c;
    CHECK_EQ_INT(pgnkit_stats_new(&a, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&b, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&c, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    add_games(a, two_games, 1);
    add_games(b, two_games, 2);
    CHECK_EQ_INT(pgnkit_stats_merge(a, b), PGNKIT_OK);
    CHECK_EQ_STR(json_of(a), two_games_summary);
    CHECK_EQ_INT(pgnkit_stats_merge(a, a), PGNKIT_EINVAL);
    /* The JSON of b merged into c, then the JSON of the first game. */
    char why[256] = "unchanged";
    const char *text = json_of(b);
    CHECK_EQ_INT(pgnkit_stats_merge_json(c, text, strlen(text), why, sizeof why), PGNKIT_OK);
    CHECK_EQ_STR(why, "");
    struct pgnkit_stats *first;
    CHECK_EQ_INT(pgnkit_stats_new(&first, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    add_games(first, two_games, 1);
    text = json_of(first);
    CHECK_EQ_INT(pgnkit_stats_merge_json(c, text, strlen(text), NULL, 0), PGNKIT_OK);
    CHECK_EQ_STR(json_of(c), two_games_summary);
    pgnkit_stats_free(first);
    pgnkit_stats_free(a);
    pgnkit_stats_free(b);
    pgnkit_stats_free(c);
}

void test_stats__new_refuses_bad_options(void)
{
    struct pgnkit_stats *s = (struct pgnkit_stats *)&s; /* not NULL, to see it cleared */
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_CLOCK + 1, NULL, 1), PGNKIT_EINVAL);
    CHECK(s == NULL);
    CHECK_EQ_INT(pgnkit_stats_new(&s, -1, NULL, 1), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_TREE, NULL, 0), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_TREE, NULL, PGNKIT_STATS_DEPTH_MAX + 1),
                 PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_TREE, NULL, PGNKIT_STATS_DEPTH_MAX),
                 PGNKIT_OK);
    pgnkit_stats_free(s);
    pgnkit_stats_free(NULL);
}

void test_stats__merge_of_another_report(void)
{
    struct pgnkit_stats *sum, *players, *tree1, *tree2;
    CHECK_EQ_INT(pgnkit_stats_new(&sum, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&players, PGNKIT_STATS_PLAYERS, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&tree1, PGNKIT_STATS_TREE, NULL, 1), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&tree2, PGNKIT_STATS_TREE, NULL, 2), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_merge(sum, players), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_stats_merge(tree1, tree2), PGNKIT_EINVAL);
    char why[256];
    const char *text = json_of(players);
    CHECK_EQ_INT(pgnkit_stats_merge_json(sum, text, strlen(text), why, sizeof why),
                 PGNKIT_EINVAL);
    CHECK_EQ_STR(why, "'<memory>' holds a players report, the aggregate a summary report");
    text = json_of(tree2);
    CHECK_EQ_INT(pgnkit_stats_merge_json(tree1, text, strlen(text), why, sizeof why),
                 PGNKIT_EINVAL);
    CHECK_EQ_STR(why, "'<memory>': tree of another position or depth than the aggregate");
    /* tree1 kept its own root and depth: a text of its own still merges. */
    text = json_of(tree1);
    CHECK_EQ_INT(pgnkit_stats_merge_json(tree1, text, strlen(text), NULL, 0), PGNKIT_OK);
    pgnkit_stats_free(sum);
    pgnkit_stats_free(players);
    pgnkit_stats_free(tree1);
    pgnkit_stats_free(tree2);
}

/* merge_json of text into a fresh summary: its status, and the reason in why. */
static int merge_text(const char *text, char *why, size_t cap)
{
    struct pgnkit_stats *s;
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    int rc = pgnkit_stats_merge_json(s, text, text ? strlen(text) : 0, why, cap);
    pgnkit_stats_free(s);
    return rc;
}

/* two_games_summary with its first old replaced by new, into out. */
static void with(char *out, size_t cap, const char *old, const char *new)
{
    const char *at = strstr(two_games_summary, old);
    CHECK(at != NULL);
    if (at)
        snprintf(out, cap, "%.*s%s%s", (int)(at - two_games_summary), two_games_summary, new,
                 at + strlen(old));
}

void test_stats__bad_json_is_a_status(void)
{
    char why[256];
    CHECK_EQ_INT(merge_text("", why, sizeof why), PGNKIT_EFORMAT);
    CHECK(strncmp(why, "<memory>:1:", 11) == 0);
    CHECK_EQ_INT(merge_text("{\"pgnkit_stats\":1,", why, sizeof why), PGNKIT_EFORMAT);
    CHECK_EQ_INT(merge_text("[1,2,3]", why, sizeof why), PGNKIT_EFORMAT);
    CHECK_EQ_STR(why, "'<memory>' is not a 'pgnkit_stats_json()' output");
    CHECK_EQ_INT(merge_text("{}", NULL, 0), PGNKIT_EFORMAT);
    CHECK_EQ_INT(merge_text("{\"pgnkit_stats\":2,\"report\":\"summary\"}", why, sizeof why),
                 PGNKIT_EFORMAT);
    CHECK_EQ_INT(merge_text("{\"pgnkit_stats\":1,\"report\":\"nonsense\"}", why, sizeof why),
                 PGNKIT_EFORMAT);
    /* A stats object without its counts, or with counts that are none. */
    CHECK_EQ_INT(merge_text("{\"pgnkit_stats\":1,\"report\":\"summary\"}", why, sizeof why),
                 PGNKIT_EFORMAT);
    CHECK_EQ_STR(why, "'<memory>': member 'games' missing or not a whole number");
    char text[2048];
    with(text, sizeof text, "\"games\":2", "\"games\":-");
    CHECK_EQ_INT(merge_text(text, why, sizeof why), PGNKIT_EFORMAT);
    with(text, sizeof text, "\"games\":2", "\"games\":-2");
    CHECK_EQ_INT(merge_text(text, why, sizeof why), PGNKIT_EFORMAT);
    CHECK_EQ_STR(why, "'<memory>': member 'games' is negative");
    with(text, sizeof text, "\"games\":2", "\"games\":1.5");
    CHECK_EQ_INT(merge_text(text, why, sizeof why), PGNKIT_EFORMAT);
    CHECK_EQ_STR(why, "'<memory>': member 'games' missing or not a whole number");
    /* A table that is no object, and a length no game can have. */
    with(text, sizeof text, "\"years\":{\"2020\":1,\"?\":1}", "\"years\":7");
    CHECK_EQ_INT(merge_text(text, why, sizeof why), PGNKIT_EFORMAT);
    CHECK_EQ_STR(why, "'<memory>': member 'years' missing or not an object");
    with(text, sizeof text, "\"7\":1}", "\"99999999\":1}");
    CHECK_EQ_INT(merge_text(text, why, sizeof why), PGNKIT_EFORMAT);
    CHECK(strstr(why, "plies histogram key '99999999'") != NULL);
    /* The text itself, unchanged, merges. */
    with(text, sizeof text, "\"7\":1}", "\"7\":1}");
    CHECK_EQ_INT(merge_text(text, why, sizeof why), PGNKIT_OK);
    /* Truncated reasons stay terminated; no text at all is a bad argument. */
    CHECK_EQ_INT(merge_text("{}", why, 5), PGNKIT_EFORMAT);
    CHECK_EQ_STR(why, "'<me");
    CHECK_EQ_INT(merge_text(NULL, why, sizeof why), PGNKIT_EINVAL);
}

void test_stats__merge_overflow_is_a_status(void)
{
    /* 2^62 games twice is 2^63: one past INT64_MAX. */
    char text[2048];
    snprintf(text, sizeof text,
             "{\"pgnkit_stats\":1,\"report\":\"players\",\"games\":%" PRId64 ",\"valid\":0,"
             "\"invalid\":0,\"skipped\":0,\"results\":{\"none\":0,\"1-0\":0,\"0-1\":0,"
             "\"1/2-1/2\":0,\"*\":0},\"players\":{}}",
             (int64_t)1 << 62);
    struct pgnkit_stats *s, *t;
    char why[256];
    CHECK_EQ_INT(pgnkit_stats_new(&s, PGNKIT_STATS_PLAYERS, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_new(&t, PGNKIT_STATS_PLAYERS, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_merge_json(s, text, strlen(text), why, sizeof why), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_merge_json(t, text, strlen(text), why, sizeof why), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_stats_merge(s, t), PGNKIT_ETOOBIG);
    CHECK_EQ_INT(pgnkit_stats_merge_json(t, text, strlen(text), why, sizeof why),
                 PGNKIT_ETOOBIG);
    CHECK_EQ_STR(why, "'<memory>': member 'games': the total is over 9223372036854775807");
    pgnkit_stats_free(s);
    pgnkit_stats_free(t);
}

/* One thread's share: game `which` of two_games, on a handle of its own. */
struct share {
    int which;
    struct pgnkit_stats *s;
    int rc;
};

static void *count_share(void *arg)
{
    struct share *sh = arg;
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    sh->rc = pgnkit_reader_open_memory(&r, two_games, strlen(two_games));
    for (int n = 1; !sh->rc && pgnkit_reader_next(r, &g) == 1; n++)
        if (n == sh->which)
            sh->rc = pgnkit_stats_add(sh->s, g);
    pgnkit_reader_free(r);
    return NULL;
}

void test_stats__threads_count_apart_and_merge(void)
{
    /* As the header says to count on threads: a handle each, merged after. */
    struct share sh[2] = { { 1, NULL, 0 }, { 2, NULL, 0 } };
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        CHECK_EQ_INT(pgnkit_stats_new(&sh[i].s, PGNKIT_STATS_SUMMARY, NULL, 0), PGNKIT_OK);
    for (int i = 0; i < 2; i++)
        CHECK_EQ_INT(pthread_create(&t[i], NULL, count_share, &sh[i]), 0);
    for (int i = 0; i < 2; i++) {
        pthread_join(t[i], NULL);
        CHECK_EQ_INT(sh[i].rc, PGNKIT_OK);
    }
    CHECK_EQ_INT(pgnkit_stats_merge(sh[1].s, sh[0].s), PGNKIT_OK);
    CHECK_EQ_STR(json_of(sh[1].s), two_games_summary);
    pgnkit_stats_free(sh[0].s);
    pgnkit_stats_free(sh[1].s);
}

/* The fuzz target (tests/fuzz/fuzz_stats_json.c), linked here under this name. */
int fuzz_stats_json_entry(const uint8_t *data, size_t size);

static void fuzz_text(const char *text)
{
    fuzz_stats_json_entry((const uint8_t *)text, strlen(text));
}

void test_stats__fuzz_target_on_samples(void)
{
    /* Its checks hold on every report's real aggregate, and on texts it must refuse. */
    static const int reports[] = { PGNKIT_STATS_SUMMARY, PGNKIT_STATS_OPENINGS,
                                   PGNKIT_STATS_TREE, PGNKIT_STATS_PLAYERS };
    for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++) {
        struct pgnkit_stats *s;
        CHECK_EQ_INT(pgnkit_stats_new(&s, reports[i], NULL, 1), PGNKIT_OK);
        add_games(s, two_games, 0);
        fuzz_text(json_of(s));
        pgnkit_stats_free(s);
    }
    char text[2048];
    with(text, sizeof text, "\"buckets\":{\"2000\":1}", "\"buckets\":{\"2050\":1,\"x\":2}");
    fuzz_text(text);
    with(text, sizeof text, "\"games\":2", "\"games\":-2");
    fuzz_text(text);
    fuzz_text("");
    fuzz_text("{}");
    fuzz_text("{\"pgnkit_stats\":1,\"report\":\"tree\",\"fen\":\"8/8/8/8/8/8/8/8 w - -\"}");
    fuzz_text("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[");
}
