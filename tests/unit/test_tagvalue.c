/* test_tagvalue.c - dates, ratings, ECO codes, time controls and ranges read as numbers. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "pgn/tagvalue.h"

static int date(const char *s, int32_t *lo, int32_t *hi)
{
    struct date_range d;
    if (tagvalue_date(s, strlen(s), &d))
        return -1;
    *lo = d.lo;
    *hi = d.hi;
    return 0;
}

void test_tagvalue__dates(void)
{
    int32_t lo, hi;
    CHECK(!date("2015.06.16", &lo, &hi) && lo == 20150616 && hi == 20150616);
    CHECK(!date("2015.06.??", &lo, &hi) && lo == 20150601 && hi == 20150631);
    CHECK(!date("2015.??.??", &lo, &hi) && lo == 20150101 && hi == 20151231);
    CHECK(!date("2015", &lo, &hi) && lo == 20150101 && hi == 20151231);
    CHECK(!date("2015.06", &lo, &hi) && lo == 20150601 && hi == 20150631);
    CHECK(!date("2015-06-16", &lo, &hi) && lo == 20150616);
    CHECK(!date(" 1862.??.?? ", &lo, &hi) && lo == 18620101);
    CHECK(date("????.??.??", &lo, &hi) < 0);
    CHECK(date("2015.13.01", &lo, &hi) < 0);
    CHECK(date("2015.06.32", &lo, &hi) < 0);
    CHECK(date("15.06.2015", &lo, &hi) < 0);
    CHECK(date("2015.6.1", &lo, &hi) < 0);
    CHECK(date("", &lo, &hi) < 0);
    CHECK(date("2015.06.16x", &lo, &hi) < 0);
}

/* The rule every command shares (the tag checks, search, --where, stats, the database). */
void test_tagvalue__elo_rule(void)
{
    static const struct {
        const char *text;
        int elo;
    } cases[] = {
        { "2700 ", 2700 }, { " 2700", 2700 }, { "1", 1 }, { "4000", 4000 },
        { "4001", TAGVALUE_BAD_ELO }, { "5000", TAGVALUE_BAD_ELO }, { "100000", TAGVALUE_BAD_ELO },
        { "99999999999999999999", TAGVALUE_BAD_ELO }, { "2700+", TAGVALUE_BAD_ELO },
        { "27 00", TAGVALUE_BAD_ELO }, { "0", TAGVALUE_NO_ELO }, { " 0 ", TAGVALUE_NO_ELO },
        { "0000", TAGVALUE_NO_ELO }, { "", TAGVALUE_NO_ELO }, { "  ", TAGVALUE_NO_ELO },
        { "?", TAGVALUE_NO_ELO }, { "-", TAGVALUE_NO_ELO },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        CHECK_EQ_INT(tagvalue_elo(cases[i].text, strlen(cases[i].text)), cases[i].elo);
    int64_t n = 0;
    CHECK(!tagvalue_tag_number("WhiteElo", "2700 ", 5, &n) && n == 2700);
    CHECK(tagvalue_tag_number("BlackElo", "5000", 4, &n) < 0);
    CHECK(tagvalue_tag_number("BlackElo", "0", 1, &n) < 0);
    CHECK(!tagvalue_tag_number("PlyCount", "5000", 4, &n) && n == 5000);
    CHECK(tagvalue_tag_number("Round", "3.1", 3, &n) < 0);
}

void test_tagvalue__elo_and_numbers(void)
{
    CHECK_EQ_INT(tagvalue_elo("2850", 4), 2850);
    CHECK_EQ_INT(tagvalue_elo("-5", 2), TAGVALUE_BAD_ELO);
    CHECK_EQ_INT(tagvalue_elo("12345", 5), TAGVALUE_BAD_ELO);
    CHECK_EQ_INT(tagvalue_elo("27OO", 4), TAGVALUE_BAD_ELO);
    int64_t n;
    CHECK(!tagvalue_number("-42", 3, &n) && n == -42);
    CHECK(!tagvalue_number("+7", 2, &n) && n == 7);
    CHECK(tagvalue_number("4 2", 3, &n) < 0);
    CHECK(tagvalue_number("", 0, &n) < 0);
}

void test_tagvalue__eco(void)
{
    CHECK_EQ_INT(tagvalue_eco("A00", 3), 0);
    CHECK_EQ_INT(tagvalue_eco("B90", 3), 190);
    CHECK_EQ_INT(tagvalue_eco("E99", 3), 499);
    CHECK_EQ_INT(tagvalue_eco("b90", 3), 190);
    CHECK_EQ_INT(tagvalue_eco("B90a", 4), 190);
    CHECK_EQ_INT(tagvalue_eco("B901", 4), -1);
    CHECK_EQ_INT(tagvalue_eco("F00", 3), -1);
    CHECK_EQ_INT(tagvalue_eco("?", 1), -1);
    int lo, hi;
    CHECK(!tagvalue_eco_range("B90-B99", &lo, &hi) && lo == 190 && hi == 199);
    CHECK(!tagvalue_eco_range("B90", &lo, &hi) && lo == 190 && hi == 190);
    CHECK(!tagvalue_eco_range("B9", &lo, &hi) && lo == 190 && hi == 199);
    CHECK(!tagvalue_eco_range("B", &lo, &hi) && lo == 100 && hi == 199);
    CHECK(!tagvalue_eco_range("A-C", &lo, &hi) && lo == 0 && hi == 299);
    CHECK(tagvalue_eco_range("B99-B90", &lo, &hi) < 0);
    CHECK(tagvalue_eco_range("B9x", &lo, &hi) < 0);
    CHECK(tagvalue_eco_range("", &lo, &hi) < 0);
}

void test_tagvalue__time_controls(void)
{
    struct time_control tc;
    CHECK(!tagvalue_time_control("300+2", 5, &tc) && tc.base == 300 && tc.increment == 2);
    CHECK_EQ_INT(time_control_estimate(&tc), 380);
    CHECK_EQ_STR(time_control_speed(380), "blitz");
    CHECK(!tagvalue_time_control("60", 2, &tc) && tc.base == 60 && tc.increment == 0);
    CHECK_EQ_STR(time_control_speed(60), "bullet");
    CHECK(!tagvalue_time_control("40/7200:3600", 12, &tc) && tc.moves == 40 && tc.base == 7200);
    CHECK_EQ_STR(time_control_speed(time_control_estimate(&tc)), "classical");
    CHECK(!tagvalue_time_control("40/5400+30:1800+30", 18, &tc) && tc.increment == 30);
    CHECK(!tagvalue_time_control("*180", 4, &tc) && tc.base == 180);
    CHECK(tagvalue_time_control("-", 1, &tc) < 0);
    CHECK(tagvalue_time_control("?", 1, &tc) < 0);
    CHECK(tagvalue_time_control("5 min", 5, &tc) < 0);
    CHECK_EQ_STR(time_control_speed(29), "ultrabullet");
    CHECK_EQ_STR(time_control_speed(1499), "rapid");
    CHECK_EQ_STR(time_control_speed(1500), "classical");
    int64_t lo, hi;
    CHECK(!time_control_speed_range("blitz", &lo, &hi) && lo == 180 && hi == 479);
    CHECK(time_control_speed_range("fast", &lo, &hi) < 0);
}

void test_tagvalue__ranges(void)
{
    int64_t lo, hi;
    CHECK(!tagvalue_range("2500", &lo, &hi) && lo == 2500 && hi == 2500);
    CHECK(!tagvalue_range("2500-2700", &lo, &hi) && lo == 2500 && hi == 2700);
    CHECK(!tagvalue_range("2500-", &lo, &hi) && lo == 2500 && hi == INT64_MAX);
    CHECK(!tagvalue_range("-2700", &lo, &hi) && lo == 0 && hi == 2700);
    CHECK(tagvalue_range("2700-2500", &lo, &hi) < 0);
    CHECK(tagvalue_range("-", &lo, &hi) < 0);
    CHECK(tagvalue_range("", &lo, &hi) < 0);
    CHECK(tagvalue_range("a-b", &lo, &hi) < 0);
    CHECK(tagvalue_range("1-2-3", &lo, &hi) < 0);
}

void test_tagvalue__time_forfeit(void)
{
    CHECK(tagvalue_time_forfeit("Time forfeit"));
    CHECK(tagvalue_time_forfeit("White won on time"));
    CHECK(tagvalue_time_forfeit("FLAG fall"));
    CHECK(!tagvalue_time_forfeit("normal"));
    CHECK(!tagvalue_time_forfeit("abandoned"));
    CHECK(!tagvalue_time_forfeit("tim"));
    CHECK(!tagvalue_time_forfeit(""));
}

/* lichess' Termination values, and the standard's, each its own kind. */
void test_tagvalue__termination_kinds(void)
{
    CHECK_EQ_INT(tagvalue_termination("Normal"), TERMINATION_OTHER);
    CHECK_EQ_INT(tagvalue_termination(NULL), TERMINATION_OTHER);
    CHECK_EQ_INT(tagvalue_termination("Time forfeit"), TERMINATION_TIME);
    CHECK_EQ_INT(tagvalue_termination("Abandoned"), TERMINATION_ABANDONED);
    CHECK_EQ_INT(tagvalue_termination("abandoned"), TERMINATION_ABANDONED);
    CHECK_EQ_INT(tagvalue_termination("Rules infraction"), TERMINATION_RULES);
    CHECK_EQ_INT(tagvalue_termination("Unterminated"), TERMINATION_UNTERMINATED);
    CHECK_EQ_INT(tagvalue_termination("adjudication"), TERMINATION_ADJUDICATION);
    CHECK_EQ_INT(tagvalue_termination("White wins by adjudication"), TERMINATION_ADJUDICATION);
}

/* A tag's number reader, told by its name once, reads as tagvalue_tag_number(). */
void test_tagvalue__number_reader_by_tag_name(void)
{
    int64_t n = -1;
    CHECK_EQ_INT(tagvalue_number_reader("WhiteElo"), TAGVALUE_READ_ELO);
    CHECK_EQ_INT(tagvalue_number_reader("BlackElo"), TAGVALUE_READ_ELO);
    CHECK_EQ_INT(tagvalue_number_reader("WhiteELO"), TAGVALUE_READ_NUMBER);
    CHECK_EQ_INT(tagvalue_number_reader("PlyCount"), TAGVALUE_READ_NUMBER);
    CHECK_EQ_INT(tagvalue_number_reader(""), TAGVALUE_READ_NUMBER);
    CHECK(tagvalue_read_number(TAGVALUE_READ_ELO, " 2700 ", 6, &n) == 0 && n == 2700);
    CHECK(tagvalue_read_number(TAGVALUE_READ_ELO, "0", 1, &n) == TAGVALUE_NONE);
    CHECK(tagvalue_read_number(TAGVALUE_READ_ELO, "5000", 4, &n) == TAGVALUE_NONE);
    CHECK(tagvalue_read_number(TAGVALUE_READ_ELO, "-20", 3, &n) == TAGVALUE_NONE);
    CHECK(tagvalue_read_number(TAGVALUE_READ_NUMBER, "-20", 3, &n) == 0 && n == -20);
    CHECK(tagvalue_read_number(TAGVALUE_READ_NUMBER, "0", 1, &n) == 0 && n == 0);
    CHECK(tagvalue_read_number(TAGVALUE_READ_NUMBER, "5000", 4, &n) == 0 && n == 5000);
    CHECK(tagvalue_read_number(TAGVALUE_READ_NUMBER, "12a", 3, &n) == TAGVALUE_NONE);
}
