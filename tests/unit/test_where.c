/* test_where.c - the --where language: grammar, precedence, errors with columns, meaning on real games. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "base/error.h"
#include "query/filter.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "query/where.h"

/* Parses expr and compares its fully parenthesised form with want. */
static void parses_as(const char *expr, const char *want)
{
    struct where *w;
    struct where_error err = { 0, "" };
    if (where_parse(&w, expr, 0, 0, &err)) {
        FAIL("'%s': column %zu: %s", expr, err.col, err.msg);
        return;
    }
    char out[512];
    where_format(w, out, sizeof out);
    if (strcmp(out, want))
        FAIL("'%s' parsed as '%s', expected '%s'", expr, out, want);
    where_free(w);
}

/* Expects a syntax error at column col whose message contains msg. */
static void refused(const char *expr, size_t col, const char *msg)
{
    struct where *w = NULL;
    struct where_error err = { 0, "" };
    int rc = where_parse(&w, expr, 0, 0, &err);
    if (rc != PGN_ESYNTAX) {
        FAIL("'%s' was accepted (%d)", expr, rc);
        where_free(w);
        return;
    }
    if (err.col != col || !strstr(err.msg, msg))
        FAIL("'%s': column %zu '%s', expected column %zu '...%s...'", expr, err.col, err.msg, col,
             msg);
}

void test_where__grammar(void)
{
    parses_as("player ~ \"Carlsen\" and (result = \"1-0\" or plies < 40)",
              "(player ~ \"Carlsen\" and (result = \"1-0\" or plies < 40))");
    parses_as("A or B and C", "(A or (B and C))");
    parses_as("A and B or C and D", "((A and B) or (C and D))");
    parses_as("not A and B", "(not A and B)");
    parses_as("not (A and B)", "not (A and B)");
    parses_as("not not A", "not not A");
    parses_as("A AND B Or NOT C", "((A and B) or not C)");
    parses_as("A && B || !C", "((A and B) or not C)");
    parses_as("((A))", "A");
    parses_as("2700 < white_elo", "white_elo > 2700");
    parses_as("\"B90\" >= eco", "eco <= \"B90\"");
    parses_as("white == 'Tal, Mikhail'", "white = \"Tal, Mikhail\"");
    parses_as("event = \"say \\\"hi\\\"\"", "event = \"say \\\"hi\\\"\"");
    parses_as("checkmate = false", "checkmate = false");
    parses_as("white_elo >= -5", "white_elo >= -5");
    parses_as("WhiteTitle != \"GM\" and PlyCount > 80", "(WhiteTitle != \"GM\" and PlyCount > 80)");
    parses_as("date >= \"2015\" and date <= \"2016.06\"", "(date >= \"2015\" and date <= \"2016.06\")");
    parses_as("comment !~ \"blunder\"", "comment !~ \"blunder\"");
    /* cheaper facts first: tags, then movetext, then the main line, then a replay */
    parses_as("valid and checkmate and plies > 10 and white ~ \"X\"",
              "(white ~ \"X\" and plies > 10 and checkmate and valid)");
    parses_as("checkmate or eco = \"C00\"", "(eco = \"C00\" or checkmate)");
}

void test_where__errors_point_at_the_column(void)
{
    refused("player ~ \"Carlsen\" and (result = \"1-0\" or plies < 40", 24, "'(' is never closed");
    refused("white = ", 7, "'=' needs a value on its right");
    refused("white = \"x\" black = \"y\"", 13, "expected 'and', 'or' or an operator before 'black'");
    refused("white ~ \"a(b\"", 13, "bad regular expression");
    refused("white_elo > \"abc\"", 13, "not a number");
    refused("date >= \"2015.13\"", 9, "not a date");
    refused("checkmate = 1", 1, "yes/no field");
    refused("checkmate < true", 1, "yes/no field");
    refused("white = true", 9, "true and false compare only with yes/no fields");
    refused("checkmate ~ \"x\"", 1, "yes/no field");
    refused("\"x\" = \"y\"", 1, "compares two values");
    refused("\"x\"", 1, "a value alone is no condition");
    refused("white ~ 3", 9, "regular expression in quotes");
    refused("\"x\" ~ white", 7, "regular expression in quotes");
    refused(")", 1, "expected a field, a tag name or a value, not ')'");
    refused("white = \"unterminated", 9, "unterminated string");
    refused("", 1, "empty expression");
    refused("   ", 4, "empty expression");
    refused("white # 3", 7, "unexpected character '#'");
    refused("white \xc3\xa9 3", 7, "unexpected character '\xc3\xa9'");   /* whole character */
    refused("white \xff 3", 7, "unexpected character '\xc3\xbf'");       /* CP1252 y-diaeresis */
    refused("white \xc3 3", 7, "unexpected character '\xc3\x83'");
    refused("date = 2015.06", 8, "'2015.06' is not a number: write text and dates in quotes");
    refused("white and", 10, "expected a condition at the end");
    refused("(white) = \"x\"", 9, "unexpected '='");
    refused("white = \"x\")", 12, "')' without a matching '('");
    refused("date = 99999", 8, "not a year");
    refused("white ~ \"x\" and (black ~ \"y\" or", 32, "expected a condition at the end");
}

/* ---- Meaning ------------------------------------------------------------------ */

static const char games[] =
    "[Event \"Norway Chess\"]\n[Date \"2015.06.16\"]\n[Round \"3\"]\n"
    "[White \"Carlsen, Magnus\"]\n[Black \"Topalov, Veselin\"]\n[Result \"1-0\"]\n"
    "[WhiteElo \"2876\"]\n[BlackElo \"2798\"]\n[ECO \"B90\"]\n[PlyCount \"4\"]\n\n"
    "1. e4 c5 {a blunder? no} 2. Nf3 (2. c3) d6 1-0\n\n"
    "[Event \"Casual\"]\n[Date \"2015.??.??\"]\n[White \"Anand, V\"]\n[Black \"Carlsen, Magnus\"]\n"
    "[Result \"0-1\"]\n[TimeControl \"180+2\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
    "[Event \"Unrated\"]\n[White \"Nobody\"]\n[Black \"Someone\"]\n[Annotator \"\"]\n\n"
    "1. e4 e5 2. Ke3 *\n";

/* Evaluates w on each game of text (the games above when NULL), read
 * lazily, with f: "101"-style answers in got. */
static void eval_on(const char *text, const struct where *w, struct game_facts *f, char got[8])
{
    if (!text)
        text = games;
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    o.flags = PGN_READER_LAZY;
    struct pgn_reader *r;
    struct game g;
    size_t n = 0;
    if (pgn_reader_open_mem(&r, text, strlen(text), &o) == PGN_OK) {
        while (pgn_reader_next(r, &g) > 0 && n < 7) {
            game_facts_reset(f, &g, r);
            int rc = where_eval(w, f);
            got[n++] = rc < 0 ? 'E' : (char)('0' + rc);
        }
        pgn_reader_free(r);
    }
    got[n] = '\0';
}

static void eval_all(const struct where *w, struct game_facts *f, char got[8])
{
    eval_on(NULL, w, f, got);
}

static void answers_on(const char *text, const char *expr, const char *want)
{
    struct where *w;
    struct where_error err;
    if (where_parse(&w, expr, FILTER_ICASE, 0, &err)) {
        FAIL("'%s': column %zu: %s", expr, err.col, err.msg);
        return;
    }
    struct game_facts f;
    char got[8];
    game_facts_init(&f, NOTATION_AUTO);
    eval_on(text, w, &f, got);
    if (strcmp(got, want))
        FAIL("'%s' gives %s, expected %s", expr, got, want);
    game_facts_release(&f);
    where_free(w);
}

static void answers(const char *expr, const char *want) { answers_on(NULL, expr, want); }

void test_where__meaning(void)
{
    answers("player ~ \"Carlsen\"", "110");
    answers("player ~ \"carlsen\"", "110"); /* FILTER_ICASE */
    answers("white ~ \"Carlsen\" and (result = \"1-0\" or plies < 40)", "100");
    answers("player = \"Carlsen, Magnus\"", "110");
    answers("player != \"Carlsen, Magnus\"", "001");
    answers("result = \"1-0\"", "100");
    answers("result = \"*\"", "001"); /* no Result tag: the movetext's */
    answers("white_elo > 2800", "100");
    answers("white_elo < 3000", "100"); /* missing: false */
    answers("not (white_elo >= 3000)", "111");
    answers("eco != \"B90\"", "011");
    answers("eco >= \"B\" and eco < \"C\"", "100");
    answers("elo_diff = 78", "100");
    answers("PlyCount > 3", "100");
    answers("Round = 3", "100");
    answers("Round = \"3\"", "100");
    answers("date >= \"2015\"", "110");
    answers("date >= \"2015.06\"", "100"); /* 2015.??.?? is not surely in June */
    answers("date <= \"2015.06\"", "100");
    answers("date = \"2015\"", "110");
    answers("date < \"2016\"", "110");
    answers("date > \"2014.12.31\"", "110");
    answers("date ~ \"^2015\\\\.06\"", "100");
    answers("year = 2015", "110");
    answers("date", "110");
    answers("Annotator", "000"); /* empty tag */
    answers("TimeControl", "010");
    answers("speed = \"blitz\"", "010");
    answers("time_estimate = 260", "010");
    answers("plies = 4", "110");
    answers("moves = 2", "111");
    answers("comments = 1", "100");
    answers("comment ~ \"blunder\"", "100");
    answers("has_variations", "100");
    answers("variations > 0", "100");
    answers("checkmate", "010");
    answers("checkmate = true", "010");
    answers("not checkmate", "101");
    answers("material = \"KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP\"", "111");
    answers("valid", "110");
    answers("game > 1 and game <= 3", "011");
    answers("white ~ \"(a+)+$\"", "000");
}

/* Ratings as every command reads them (pgn/tagvalue.h): 1 to 4000, blanks
 * around allowed; "?", "-", "" and 0 are no rating; "5000" is not one. */
static const char rated[] =
    "[White \"A\"]\n[Black \"B\"]\n[WhiteElo \"847\"]\n[BlackElo \"1000\"]\n\n1. e4 e5 0-1\n\n"
    "[White \"C\"]\n[Black \"D\"]\n[WhiteElo \"2700 \"]\n[BlackElo \"5000\"]\n\n1. e4 e5 1-0\n\n"
    "[White \"E\"]\n[Black \"F\"]\n[WhiteElo \"?\"]\n[BlackElo \"1500\"]\n\n1. e4 e5 0-1\n\n"
    "[White \"G\"]\n[Black \"H\"]\n[WhiteElo \"0\"]\n[BlackElo \"2100\"]\n\n1. e4 e5 0-1\n";

/* Two tags that hold numbers compare as numbers, not as text ("1000" < "847"). */
void test_where__tags_compare_as_numbers(void)
{
    answers_on(rated, "BlackElo > WhiteElo", "1000");
    answers_on(rated, "WhiteElo < BlackElo", "1000");
    answers_on(rated, "black_elo > white_elo", "1000");
    answers_on(rated, "WhiteElo >= BlackElo", "0000"); /* no rating on one side: no order */
    answers_on(rated, "Round < WhiteElo", "0000");     /* a missing tag: false */
    answers_on(rated, "White < Black", "1111");        /* names stay text */
    answers_on(rated, "WhiteElo = \"?\"", "0010");      /* a quoted literal is text */
}

/* The one rating reader: trimmed, 1 to 4000, 0 for none, in tags and fields alike. */
void test_where__ratings_read_once(void)
{
    answers_on(rated, "WhiteElo = 2700", "0100");
    answers_on(rated, "white_elo = 2700", "0100");
    answers_on(rated, "BlackElo > 3000", "0000");
    answers_on(rated, "black_elo > 3000", "0000");
    answers_on(rated, "black_elo", "1011");
    answers_on(rated, "white_elo = 0", "0000");
    answers_on(rated, "white_elo", "1100");
    answers_on(rated, "min_elo >= 800", "1000"); /* 847 and 1000 */
}

/* A condition on tags never parses the moves of a game it turns down. */
void test_where__tags_first(void)
{
    struct where *w;
    struct where_error err;
    if (where_parse(&w, "checkmate and white = \"Anand, V\"", 0, 0, &err)) {
        FAIL("%s", err.msg);
        return;
    }
    CHECK_EQ_INT(where_min_level(w), FACTS_TAGS);
    CHECK_EQ_INT(where_level(w), FACTS_MAINLINE);
    struct game_facts f;
    char got[8];
    game_facts_init(&f, NOTATION_AUTO);
    eval_all(w, &f, got);
    CHECK_EQ_STR(got, "010");
    CHECK_EQ_INT((long long)f.completions, 1); /* only Anand's game was parsed past its tags */
    CHECK_EQ_INT((long long)f.walks, 1);
    CHECK_EQ_INT((long long)f.replays, 0);
    game_facts_release(&f);
    where_free(w);
}

/* ---- Deciding from known fields ---------------------------------------------- */

/* What a database might know of one game: White, its rating as a number (not
 * the tag's text), no Black tag, and nothing of the Round tag. */
static int known_game(void *ctx, int field, const char *tag, uint32_t k, int text,
                      struct fact_value *v)
{
    (void)ctx;
    static const char white[] = "Carlsen, Magnus";
    if (tag)
        return WHERE_UNKNOWN;
    switch (field) {
    case F_WHITE:
    case F_PLAYER:
        if (k > 0)
            return field == F_PLAYER && k == 1 ? WHERE_UNKNOWN : 0;
        v->type = FT_STR, v->s = white, v->len = sizeof white - 1;
        return 1;
    case F_BLACK:
        return 0;
    case F_WHITE_ELO:
        if (k > 0)
            return 0;
        if (text)
            return WHERE_UNKNOWN;
        v->type = FT_NUM, v->num = 2850, v->s = NULL, v->len = 0;
        return 1;
    }
    return WHERE_UNKNOWN;
}

static void decides(const char *expr, int want)
{
    struct where *w, *copy;
    struct where_error err;
    if (where_parse(&w, expr, FILTER_ICASE, 0, &err)) {
        FAIL("'%s': column %zu: %s", expr, err.col, err.msg);
        return;
    }
    if (where_clone(&copy, w) != PGN_OK) {
        FAIL("'%s': no copy", expr);
        where_free(w);
        return;
    }
    char a[256], b[256];
    where_format(w, a, sizeof a);
    where_format(copy, b, sizeof b);
    CHECK_EQ_STR(b, a);
    int got = where_decide(copy, known_game, NULL);
    if (got != want)
        FAIL("'%s' decided %d, expected %d", expr, got, want);
    where_free(copy);
    where_free(w);
}

void test_where__decides_from_known_fields(void)
{
    decides("white_elo > 2800", WHERE_YES);
    decides("white_elo > 3000", WHERE_NO);
    decides("white_elo ~ \"^28\"", WHERE_MAYBE); /* the tag's text is not known */
    decides("white ~ \"carlsen\"", WHERE_YES);   /* FILTER_ICASE, on the copy */
    decides("black = \"Tal\"", WHERE_NO);        /* no value: false */
    decides("black != \"Tal\"", WHERE_YES);
    decides("not black", WHERE_YES);
    decides("player ~ \"Carlsen\"", WHERE_YES);  /* White matches: Black is never asked */
    decides("player ~ \"Tal\"", WHERE_MAYBE);    /* Black is not known */
    decides("Round = \"1\"", WHERE_MAYBE);
    decides("not Round", WHERE_MAYBE);
    decides("round = \"1\" and white_elo > 3000", WHERE_NO);   /* no regex before the no */
    decides("round = \"1\" or white_elo > 2800", WHERE_YES);
    decides("round ~ \"1\" and white_elo > 3000", WHERE_MAYBE); /* the scan runs that regex first */
    decides("white_elo > 3000 and round ~ \"1\"", WHERE_NO);
    decides("not (white_elo < 2000) and white = \"Carlsen, Magnus\"", WHERE_YES);
}

/* A tag given twice has two values: a comparison holds when any pair does.
 * Each left value's number is read once for all the right values (the
 * answers by hand: 12 > 7 in the first game; 3 and 4 below 7 and 20 in
 * the second; "x" holds no number, 9 > 7 in the third). */
static const char repeated[] =
    "[Board \"3\"]\n[Board \"12\"]\n[Table \"7\"]\n[Table \"20\"]\n\n1. e4 *\n\n"
    "[Board \"3\"]\n[Board \"4\"]\n[Table \"7\"]\n[Table \"20\"]\n\n1. e4 *\n\n"
    "[Board \"x\"]\n[Board \"9\"]\n[Table \"7\"]\n[Table \"x\"]\n\n1. e4 *\n";

void test_where__repeated_tags_compare_every_pair(void)
{
    answers_on(repeated, "Board > Table", "101");
    answers_on(repeated, "Table > Board", "110"); /* 7 > 3; 7 > 3; "x" and 7 < 9: none */
    answers_on(repeated, "Board = 4", "010");
    answers_on(repeated, "Table >= 20", "110");
}
