/* test_repertoire.c - a repertoire file as a tree of allowed moves: its size, exits, who made them, their text. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "query/repertoire.h"
#include "pgnkit.h"

static const char *const REP = "testdata/repertoire/rep.pgn";

/* The first exit of the movetext game from r into *e (1), or 0 when none. */
static int exit_of(const struct repertoire *r, const char *game, struct repertoire_exit *e)
{
    struct pgn_reader *rd;
    struct game g;
    struct mainline ml;
    int rc = -1;
    if (pgn_reader_open_mem(&rd, game, strlen(game), NULL))
        return -1;
    mainline_init(&ml, NOTATION_AUTO);
    if (pgn_reader_next(rd, &g) > 0 && mainline_reset(&ml, &g) == PGN_OK)
        rc = repertoire_first_exit(r, &ml, e);
    mainline_release(&ml);
    pgn_reader_free(rd);
    return rc;
}

/* The exit's text, or "none". */
static const char *exit_text(const struct repertoire *r, const char *game)
{
    static char out[REPERTOIRE_EXIT_TEXT_MAX];
    struct repertoire_exit e;
    int rc = exit_of(r, game, &e);
    if (rc < 0)
        return "error";
    if (!rc)
        return "none";
    repertoire_exit_text(&e, out);
    return out;
}

void test_repertoire__size_is_the_distinct_moves(void)
{
    struct repertoire *r;
    char msg[REPERTOIRE_MSG_MAX];
    CHECK_EQ_INT(repertoire_read(&r, REP, NOTATION_AUTO, msg), PGN_OK);
    /* Counted by hand: start e4 Nf3; 1.e4: e5 c5 e6; 1.e4 e5: Nf3, Nc6, Bb5;
     * 1.e4 c5: Nf3; then d6 Nc6 (one position by both orders), d4 after d6;
     * 1.Nf3: c5, e4; d4 after Nc6 (met twice, counted once); French: d4, d5. */
    CHECK_EQ_INT((int)repertoire_size(r), 17);
    repertoire_free(r);
}

void test_repertoire__exits_by_hand(void)
{
    struct repertoire *r;
    char msg[REPERTOIRE_MSG_MAX];
    CHECK_EQ_INT(repertoire_read(&r, REP, NOTATION_AUTO, msg), PGN_OK);
    CHECK_EQ_STR(exit_text(r, "1. e4 e5 2. Nf3 d6 3. d4 *"), "2...d6");
    CHECK_EQ_STR(exit_text(r, "1. e4 e5 2. Bc4 *"), "2.Bc4");
    CHECK_EQ_STR(exit_text(r, "1. d4 d5 *"), "1.d4");
    /* past the end of the book is no exit; nor a game that ends in it */
    CHECK_EQ_STR(exit_text(r, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"), "none");
    CHECK_EQ_STR(exit_text(r, "1. e4 *"), "none");
    /* the other order of the same position: Nc6 is prepared from 1. Nf3 c5 2. e4 */
    CHECK_EQ_STR(exit_text(r, "1. e4 c5 2. Nf3 Nc6 3. d4 *"), "none");
    CHECK_EQ_STR(exit_text(r, "1. e4 c5 2. Nf3 Nc6 3. Bb5 *"), "3.Bb5");
    /* a game from another position never was in the book */
    CHECK_EQ_STR(exit_text(r, "[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 *"), "none");
    repertoire_free(r);
}

void test_repertoire__who_left(void)
{
    struct repertoire *r;
    struct repertoire_exit e;
    char msg[REPERTOIRE_MSG_MAX];
    CHECK_EQ_INT(repertoire_read(&r, REP, NOTATION_AUTO, msg), PGN_OK);
    CHECK_EQ_INT(exit_of(r, "1. e4 c6 *", &e), 1);
    CHECK_EQ_INT((int)e.ply, 1);
    CHECK_EQ_INT(repertoire_exit_kind(REP_SIDE_WHITE, &e), REP_EXIT_THEM);
    CHECK_EQ_INT(repertoire_exit_kind(REP_SIDE_BLACK, &e), REP_EXIT_US);
    CHECK_EQ_INT(repertoire_exit_kind(REP_SIDE_BOTH, &e), REP_EXIT_ANY);
    CHECK_EQ_INT(exit_of(r, "1. e4 e5 2. Bc4 *", &e), 1);
    CHECK_EQ_INT((int)e.ply, 2);
    CHECK_EQ_INT(repertoire_exit_kind(REP_SIDE_WHITE, &e), REP_EXIT_US);
    repertoire_free(r);
}

void test_repertoire__bad_file_says_where(void)
{
    struct repertoire *r;
    char msg[REPERTOIRE_MSG_MAX];
    CHECK_EQ_INT(repertoire_read(&r, "testdata/repertoire/rep-illegal.pgn", NOTATION_AUTO, msg),
                 PGN_EINVAL);
    CHECK(r == NULL);
    /* line 4, column 8: Ke5 inside the variation */
    CHECK(!strncmp(msg, "testdata/repertoire/rep-illegal.pgn:4:8: illegal move", 53));
    CHECK_EQ_INT(repertoire_read(&r, "testdata/repertoire/no-such-file.pgn", NOTATION_AUTO, msg),
                 PGN_EINVAL);
    CHECK(strstr(msg, "cannot open") != NULL);
}

/* The public API takes the criterion by name: both sides, any exit. */
void test_repertoire__public_api_by_name(void)
{
    static const char games[] = "1. e4 e5 2. Bc4 *\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
                                "1. e4 c6 *\n";
    struct pgnkit_query *q;
    char why[256];
    CHECK_EQ_INT(pgnkit_query_new(&q, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(q, "repertoire", REP, why, sizeof why), PGNKIT_OK);
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    CHECK_EQ_INT(pgnkit_reader_open_memory(&r, games, strlen(games)), PGNKIT_OK);
    int expect[] = { 1, 0, 1 }, i = 0;
    while (i < 3 && pgnkit_reader_next(r, &g) > 0) {
        CHECK_EQ_INT(pgnkit_query_match(q, g), expect[i]);
        i++;
    }
    CHECK_EQ_INT(i, 3);
    pgnkit_reader_free(r);
    pgnkit_query_free(q);
}
