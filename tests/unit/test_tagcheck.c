/* test_tagcheck.c - Date, Round and Elo value checks. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "replay/tagcheck.h"

#define OK(fn, s) CHECK(fn(s, strlen(s)) == NULL)
#define BAD(fn, s) CHECK(fn(s, strlen(s)) != NULL)

void test_tagcheck__date(void)
{
    OK(tagcheck_date, "2021.12.03");
    OK(tagcheck_date, "????.??.??");
    OK(tagcheck_date, "1938.??.??");
    OK(tagcheck_date, "2024.02.29");
    OK(tagcheck_date, "2000.02.29");
    OK(tagcheck_date, "????.02.29");
    BAD(tagcheck_date, "1900.02.29");
    BAD(tagcheck_date, "2023.02.29");
    BAD(tagcheck_date, "2021.04.31");
    BAD(tagcheck_date, "2024.13.01");
    BAD(tagcheck_date, "2024.00.01");
    BAD(tagcheck_date, "2024.01.00");
    BAD(tagcheck_date, "2024.01.32");
    BAD(tagcheck_date, "15/01/2024");
    BAD(tagcheck_date, "2024-01-15");
    BAD(tagcheck_date, "2024.1.15");
    BAD(tagcheck_date, "20?4.01.15");
    BAD(tagcheck_date, "");
}

void test_tagcheck__round(void)
{
    OK(tagcheck_round, "1");
    OK(tagcheck_round, "12");
    OK(tagcheck_round, "1.2");
    OK(tagcheck_round, "3.1.4");
    OK(tagcheck_round, "?");
    OK(tagcheck_round, "-");
    OK(tagcheck_round, "?.1");
    OK(tagcheck_round, "2.?");
    BAD(tagcheck_round, "??");
    BAD(tagcheck_round, "1?");
    BAD(tagcheck_round, "");
    BAD(tagcheck_round, "first");
    BAD(tagcheck_round, "1.");
    BAD(tagcheck_round, ".1");
    BAD(tagcheck_round, "1..2");
    BAD(tagcheck_round, "R1");
}

void test_tagcheck__elo(void)
{
    OK(tagcheck_elo, "2700");
    OK(tagcheck_elo, "0");
    OK(tagcheck_elo, "");
    OK(tagcheck_elo, "-");
    OK(tagcheck_elo, "?");
    OK(tagcheck_elo, "4000");
    BAD(tagcheck_elo, "4001");
    BAD(tagcheck_elo, "2700+");
    BAD(tagcheck_elo, "-5");
    BAD(tagcheck_elo, "12345");
    BAD(tagcheck_elo, "abc");
}

/* validate warns exactly for what search and stats read as no rating though one is written. */
void test_tagcheck__elo_as_search_reads_it(void)
{
    OK(tagcheck_elo, "2700 ");
    OK(tagcheck_elo, " 1850");
    BAD(tagcheck_elo, "5000");
    BAD(tagcheck_elo, "100000");
}
