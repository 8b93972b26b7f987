/* test_clock_command.c - [%clk] arguments read into milliseconds, by hand-counted values. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "base/error.h"
#include "pgn/clock_command.h"

/* The milliseconds of s, or -7 when it is refused (*ms is left alone then). */
static long long clock_ms(const char *s)
{
    int64_t ms = -7;
    int rc = clock_command_ms(s, strlen(s), &ms);
    CHECK(rc == 0 || (rc == PGN_ESYNTAX && ms == -7));
    return (long long)ms;
}

void test_clock_command__lichess_and_chess_com_forms(void)
{
    CHECK_EQ_INT(clock_ms("0:03:00"), 180000);   /* lichess */
    CHECK_EQ_INT(clock_ms("0:02:59.9"), 179900); /* chess.com's tenths */
    CHECK_EQ_INT(clock_ms("0:01:02.5"), 62500);
    CHECK_EQ_INT(clock_ms("1:05:30"), 3930000);  /* 3600 + 300 + 30 seconds */
    CHECK_EQ_INT(clock_ms("0:00:00"), 0);
}

void test_clock_command__hours_past_nine_and_short_forms(void)
{
    CHECK_EQ_INT(clock_ms("12:00:00"), 43200000);
    /* 123 * 3,600,000 + 4 * 60,000 + 5,000 */
    CHECK_EQ_INT(clock_ms("123:04:05"), 443045000);
    CHECK_EQ_INT(clock_ms("1:30"), 90000);   /* MM:SS */
    CHECK_EQ_INT(clock_ms("59"), 59000);     /* SS */
    CHECK_EQ_INT(clock_ms("0:75:00"), 4500000); /* fields are not range-checked */
    CHECK_EQ_INT(clock_ms("0:00:01.25"), 1250);
    CHECK_EQ_INT(clock_ms("0:00:00.123456"), 123); /* past the millisecond: dropped */
}

void test_clock_command__malformed_ones_are_refused(void)
{
    static const char *const bad[] = {
        "", ":", "1:", ":30", "1::30", "1:2:3:4", ".5", "1.2.3", "1:30.5:00",
        "-1:00", "+1:00", " 1:00", "1:00 ", "abc", "1,5", "1:0a", "99999999999",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        if (clock_ms(bad[i]) != -7)
            FAIL("'%s' was read as a clock", bad[i]);
    }
}

void test_clock_command__only_the_given_bytes_are_read(void)
{
    int64_t ms = 0;
    /* "0:01:00" followed by bytes that are not part of the arguments */
    CHECK(clock_command_ms("0:01:00]x", 7, &ms) == 0);
    CHECK_EQ_INT(ms, 60000);
}

/* clock_command_left() of name and args given as C strings. */
static int64_t left_ms(const char *name, const char *args)
{
    int64_t ms = -1;
    if (!clock_command_left(name, strlen(name), args, strlen(args), &ms))
        return -7;
    return ms;
}

void test_clock_command__clkc_counts_centiseconds(void)
{
    CHECK_EQ_INT(left_ms("clkc", "17950"), 179500); /* 179.50 s */
    CHECK_EQ_INT(left_ms("clkc", "1"), 10);
    CHECK_EQ_INT(left_ms("clkc", "0:02:55.25"), 175250); /* written as a clock */
    CHECK_EQ_INT(left_ms("clk", "0:02:59.9"), 179900);   /* chess.com's tenths */
    CHECK_EQ_INT(left_ms("clkc", ""), -7);
    CHECK_EQ_INT(left_ms("clkc", "1.5"), -7);
    CHECK_EQ_INT(left_ms("clkc", "99999999999999"), -7);
    CHECK_EQ_INT(left_ms("emt", "0:00:05"), -7);       /* time spent, not left */
    CHECK_EQ_INT(left_ms("timestamp", "12"), -7);
}

void test_clock_command__kinds_by_name(void)
{
    CHECK_EQ_INT(clock_command_kind("clk", 3), CLOCK_LEFT);
    CHECK_EQ_INT(clock_command_kind("clkc", 4), CLOCK_LEFT);
    CHECK_EQ_INT(clock_command_kind("emt", 3), CLOCK_SPENT);
    CHECK_EQ_INT(clock_command_kind("timestamp", 9), CLOCK_OTHER_TIME);
    CHECK_EQ_INT(clock_command_kind("eval", 4), CLOCK_NOT_TIME);
    CHECK_EQ_INT(clock_command_kind("clkx", 4), CLOCK_NOT_TIME);
    CHECK_EQ_INT(clock_command_kind("cl", 2), CLOCK_NOT_TIME);
}
