/* test_export_format.c - the export-format tag order that the writer and --strict share. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "pgn/export_format.h"

#define ROSTER(name) pgn_roster_index(name, strlen(name))

void test_export_format__roster_index(void)
{
    CHECK_EQ_INT(ROSTER("Event"), 0);
    CHECK_EQ_INT(ROSTER("Site"), 1);
    CHECK_EQ_INT(ROSTER("Date"), 2);
    CHECK_EQ_INT(ROSTER("Round"), 3);
    CHECK_EQ_INT(ROSTER("White"), 4);
    CHECK_EQ_INT(ROSTER("Black"), 5);
    CHECK_EQ_INT(ROSTER("Result"), 6);
    /* Near misses: other tags. */
    CHECK_EQ_INT(ROSTER("Rounds"), -1);
    CHECK_EQ_INT(ROSTER("Resul"), -1);
    CHECK_EQ_INT(ROSTER("event"), -1);
    CHECK_EQ_INT(ROSTER("EventDate"), -1);
    CHECK_EQ_INT(ROSTER("BlackElo"), -1);
    CHECK_EQ_INT(ROSTER("R"), -1);
    CHECK_EQ_INT(ROSTER(""), -1);
}

void test_export_format__tag_order(void)
{
    /* The roster in its own order, before every other tag. */
    CHECK(pgn_export_tag_cmp("Event", "Site") < 0);
    CHECK(pgn_export_tag_cmp("Round", "White") < 0);
    CHECK(pgn_export_tag_cmp("Black", "Result") < 0);
    CHECK(pgn_export_tag_cmp("Result", "Annotator") < 0);
    CHECK(pgn_export_tag_cmp("Annotator", "Event") > 0);
    /* The others in ASCII order: capitals before small letters. */
    CHECK(pgn_export_tag_cmp("BlackElo", "WhiteElo") < 0);
    CHECK(pgn_export_tag_cmp("FEN", "SetUp") < 0);
    CHECK(pgn_export_tag_cmp("ECO", "EventDate") < 0);
    CHECK(pgn_export_tag_cmp("ECO", "Eco") < 0);
    CHECK(pgn_export_tag_cmp("TimeControl", "PlyCount") > 0);
    CHECK_EQ_INT(pgn_export_tag_cmp("Event", "Event"), 0);
    CHECK_EQ_INT(pgn_export_tag_cmp("ECO", "ECO"), 0);
}
