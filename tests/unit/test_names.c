/* test_names.c - spelling files (SCID's format) and dates, rounds and results in their PGN form. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "pgn/game.h"
#include "pgn/spelling.h"
#include "pgn/tag_normalise.h"

/* Each row by hand: the value as files write it, the PGN form ("" = left alone). */
void test_names__dates(void)
{
    static const struct {
        const char *in, *out;
    } rows[] = {
        { "2015-06-16", "2015.06.16" },     { "2015/6/16", "2015.06.16" },
        { "2015.6.1", "2015.06.01" },       { "16.06.2015", "2015.06.16" },
        { "16-06-2015", "2015.06.16" },     { "16/06/2015", "2015.06.16" },
        { "06/16/2015", "2015.06.16" },     { "June 16, 2015", "2015.06.16" },
        { "16 June 2015", "2015.06.16" },   { "jun 2015", "2015.06.??" },
        { "Sept 2015", "" },                { "2015", "2015.??.??" },
        { "2015-06", "2015.06.??" },        { "?", "????.??.??" },
        { "", "????.??.??" },               { " 2015.06.16 ", "2015.06.16" },
        { "2015.06.16", "" },               { "2015.??.??", "" },
        { "????.??.??", "" },               { "06/07/2015", "" },
        { "2015.13.01", "" },               { "2015.06.32", "" },
        { "16.06.15", "" },                 { "2015-06/16", "" },
        { "yesterday", "" },                { "2015.06.16x", "" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char out[TAG_DATE_LEN + 1] = "";
        int changed = tag_normalise_date(rows[i].in, out);
        if (changed != (rows[i].out[0] != 0) || (changed && strcmp(out, rows[i].out)))
            FAIL("'%s' gave '%s' (%d), expected '%s'", rows[i].in, out, changed, rows[i].out);
    }
}

void test_names__rounds(void)
{
    static const struct {
        const char *in, *out;
    } rows[] = {
        { "Round 3", "3" }, { "round 3", "3" }, { "Rd. 3", "3" },   { "Rd 12", "12" },
        { "R3", "3" },      { "03", "3" },      { " 3 ", "3" },     { "03.01", "3.1" },
        { "3", "" },        { "3.1", "" },      { "?", "" },        { "-", "" },
        { "Final", "" },    { "3a", "" },       { "Round", "" },    { "3.", "" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        char out[TAG_ROUND_MAX + 1] = "";
        int changed = tag_normalise_round(rows[i].in, out);
        if (changed != (rows[i].out[0] != 0) || (changed && strcmp(out, rows[i].out)))
            FAIL("'%s' gave '%s' (%d), expected '%s'", rows[i].in, out, changed, rows[i].out);
    }
}

void test_names__results(void)
{
    CHECK(tag_normalise_result("1-0") == PGN_RESULT_WHITE);
    CHECK(tag_normalise_result("1:0") == PGN_RESULT_WHITE);
    CHECK(tag_normalise_result("1 - 0") == PGN_RESULT_WHITE);
    CHECK(tag_normalise_result("+/-") == PGN_RESULT_WHITE);
    CHECK(tag_normalise_result("-:+") == PGN_RESULT_BLACK);
    CHECK(tag_normalise_result("0-1") == PGN_RESULT_BLACK);
    CHECK(tag_normalise_result("\xC2\xBD-\xC2\xBD") == PGN_RESULT_DRAW);
    CHECK(tag_normalise_result("0.5-0.5") == PGN_RESULT_DRAW);
    CHECK(tag_normalise_result("0,5-0,5") == PGN_RESULT_DRAW);
    CHECK(tag_normalise_result("1/2") == PGN_RESULT_DRAW);
    CHECK(tag_normalise_result("*") == PGN_RESULT_UNKNOWN);
    CHECK(tag_normalise_result("won") == PGN_RESULT_NONE);
    CHECK(tag_normalise_result("2-0") == PGN_RESULT_NONE);
}

static const char spelling_text[] =
    "# a comment line\r\n"
    "@PLAYER \".,\"\r\n"
    "Larsen, Bent   #gm DEN [2660] 1935\r\n"
    "= Bent Larsen\r\n"
    "%Bio not used\r\n"
    "%Elo 1970:2660\r\n"
    ">old biography line\r\n"
    "@EVENT\n"
    "Hoogovens\n"
    "= hoogovens\n"
    "@SITE\n"
    "Larsen, Bent\n"; /* a site of that name: the kinds do not mix */

void test_names__spelling_lookup(void)
{
    struct spelling *s;
    CHECK(spelling_parse(&s, spelling_text, sizeof spelling_text - 1) == PGN_OK);
    size_t n, total, errors;
    spelling_problems(s, &n, &total, &errors);
    CHECK(n == 0 && total == 0 && errors == 0);
    const char *larsen = spelling_canonical(s, SPELLING_PLAYER, "Bent Larsen", sizeof "Bent Larsen" - 1);
    CHECK(larsen && !strcmp(larsen, "Larsen, Bent"));
    /* '.' and ',' are left out when player names are compared. */
    CHECK(spelling_canonical(s, SPELLING_PLAYER, "Larsen Bent", sizeof "Larsen Bent" - 1) == larsen);
    CHECK(spelling_canonical(s, SPELLING_PLAYER, "Bent. Larsen,", sizeof "Bent. Larsen," - 1) == larsen);
    CHECK(spelling_canonical(s, SPELLING_PLAYER, "Larsen, Bent", sizeof "Larsen, Bent" - 1) == larsen);
    /* Case counts, as in SCID; each section is its own. */
    CHECK(!spelling_canonical(s, SPELLING_PLAYER, "bent larsen", sizeof "bent larsen" - 1));
    CHECK(!spelling_canonical(s, SPELLING_EVENT, "Bent Larsen", sizeof "Bent Larsen" - 1));
    CHECK(!strcmp(spelling_canonical(s, SPELLING_EVENT, "hoogovens", sizeof "hoogovens" - 1), "Hoogovens"));
    CHECK(!strcmp(spelling_canonical(s, SPELLING_SITE, "Larsen, Bent", sizeof "Larsen, Bent" - 1), "Larsen, Bent"));
    CHECK(!spelling_canonical(s, SPELLING_SITE, "Larsen Bent", sizeof "Larsen Bent" - 1));
    CHECK(spelling_names(s, SPELLING_PLAYER) == 1 && spelling_names(s, SPELLING_ROUND) == 0);
    spelling_free(s);
    spelling_free(NULL);
}

/* Every mistake is kept with its line, and reading goes on. */
void test_names__spelling_problems(void)
{
    static const char text[] = "Larsen\n"         /* 1: before any section */
                               "@PLAYER\n"
                               "= Larsen B\n"     /* 3: before any name */
                               "Larsen, Bent\n"
                               "=   \n"           /* 5: no spelling */
                               "Tal, Mikhail\n"
                               "= Larsen, Bent\n" /* 7: already Larsen's: a warning */
                               "@PEOPLE\n"        /* 8: unknown */
                               "Tal\n"            /* not said again */
                               "@SITE \"., \n";   /* 10: unclosed */
    struct spelling *s;
    CHECK(spelling_parse(&s, text, sizeof text - 1) == PGN_OK);
    size_t n, total, errors;
    const struct spelling_problem *p = spelling_problems(s, &n, &total, &errors);
    static const uint32_t lines[] = { 1, 3, 5, 7, 8, 10 };
    CHECK(n == 6 && total == 6 && errors == 5);
    for (size_t i = 0; i < n && i < 6; i++)
        if (p[i].line != lines[i] || p[i].error != (lines[i] != 7))
            FAIL("problem %zu at line %u (error %d), expected line %u", i, (unsigned)p[i].line,
                 p[i].error, (unsigned)lines[i]);
    /* A spelling of two names stands for neither, as in SCID. */
    CHECK(!spelling_canonical(s, SPELLING_PLAYER, "Larsen, Bent", sizeof "Larsen, Bent" - 1));
    CHECK(!strcmp(spelling_canonical(s, SPELLING_PLAYER, "Tal, Mikhail", 12), "Tal, Mikhail"));
    spelling_free(s);
}
