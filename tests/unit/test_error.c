/* test_error.c - one status space: statuses, their names, FEN and SAN details, locations. */
/* SPDX-License-Identifier: MIT */
#include <limits.h>
#include <string.h>
#include "test.h"
#include "pgn/judge.h"
#include "base/error.h"
#include "chess/material.h"
#include "index/index_positions.h"
#include "chess/position.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "pgn/pgn_reader.h"
#include "query/board_pattern.h"
#include "query/material_pattern.h"
#include "query/name_like.h"
#include "replay/diag.h"
#include "replay/replay.h"

/* Every status has its own name, whichever sign it is given with. */
void test_error__strerror_names_every_status(void)
{
    static const struct { int status; const char *name; } names[] = {
        { PGN_OK, "success" },
        { PGN_ESYNTAX, "syntax error" },
        { PGN_EILLEGAL, "illegal move" },
        { PGN_EAMBIGUOUS, "ambiguous move" },
        { PGN_ENOMEM, "out of memory" },
        { PGN_EIO, "input/output error" },
        { PGN_ETOOBIG, "limit exceeded" },
        { PGN_EENCODING, "invalid UTF-8" },
        { PGN_EINVAL, "invalid argument" },
        { PGN_EFORMAT, "not PGN text" },
        { PGN_EFEN, "not a valid position" },
    };
    /* The values the public header promises, written out by hand. */
    CHECK_EQ_INT(PGN_EFORMAT, -9);
    CHECK_EQ_INT(PGN_EFEN, -10);
    CHECK_EQ_INT(PGN_STATUS_COUNT, 11);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        CHECK_EQ_STR(pgn_strerror(names[i].status), names[i].name);
        CHECK_EQ_STR(pgn_strerror(-names[i].status), names[i].name);
    }
}

/* A value that is no status is named as such, the extremes of int included. */
void test_error__strerror_refuses_unknown_values(void)
{
    static const int unknown[] = { -11, 11, 1000, -1000, INT_MAX, INT_MIN, INT_MIN + 1 };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        CHECK_EQ_STR(pgn_strerror(unknown[i]), "unknown error");
}

/* The one spelling of a location, and pgn_error_format() built on it. */
void test_error__format_spells_locations(void)
{
    char buf[128];
    struct pgn_error e = { .file = "games.pgn", .message = "illegal move 'Nf3'", .line = 120,
                           .col = 14, .code = PGN_EILLEGAL, .severity = PGN_SEV_ERROR };
    CHECK_EQ_INT(pgn_error_format(&e, buf, sizeof buf), 43);
    CHECK_EQ_STR(buf, "games.pgn:120:14: error: illegal move 'Nf3'");
    e.col = 0; /* at the end of the input: no column */
    e.severity = PGN_SEV_WARNING;
    pgn_error_format(&e, buf, sizeof buf);
    CHECK_EQ_STR(buf, "games.pgn:120: warning: illegal move 'Nf3'");
    e.line = 0;
    e.severity = PGN_SEV_NOTE;
    e.message = NULL; /* the status names itself */
    e.file = NULL;
    pgn_error_format(&e, buf, sizeof buf);
    CHECK_EQ_STR(buf, "<input>: note: illegal move");
    /* Cut short as snprintf is, and the full length returned. */
    e.file = "a.pgn";
    e.line = 7;
    e.col = 3;
    e.message = "xyz";
    CHECK_EQ_INT(pgn_error_format(&e, buf, 8), 20); /* "a.pgn:7:3: note: xyz" */
    CHECK_EQ_STR(buf, "a.pgn:7");
    CHECK_EQ_INT(pgn_location_format("b.pgn", 2, 5, buf, sizeof buf), 9);
    CHECK_EQ_STR(buf, "b.pgn:2:5");
    CHECK_EQ_STR(pgn_severity_name(PGN_SEV_NOTE), "note");
    CHECK_EQ_STR(pgn_severity_name(PGN_SEV_WARNING), "warning");
    CHECK_EQ_STR(pgn_severity_name(PGN_SEV_ERROR), "error");
}

/* Each FEN problem is status PGN_EFEN (PGN_ETOOBIG when too long) with the problem as detail. */
void test_error__fen_problem_is_a_detail(void)
{
    static const struct { const char *fen; int status; enum fen_problem problem; } cases[] = {
        { "4k3/8/8/8/8/8/8/4K3 w - - 0 1", PGN_OK, FEN_NO_PROBLEM },
        { "4k3/8/8/8/8/8/8/4KX2 w - - 0 1", PGN_EFEN, FEN_SYNTAX },
        { "4k3/8/8/8/8/8/4K3 w - - 0 1", PGN_EFEN, FEN_BOARD },
        { "8/8/8/8/8/8/8/4K3 w - - 0 1", PGN_EFEN, FEN_KINGS },
        { "4k3/8/8/8/8/8/8/4K2P w - - 0 1", PGN_EFEN, FEN_PAWN_RANK },
        { "4k3/8/8/8/8/8/8/4K3 x - - 0 1", PGN_EFEN, FEN_SIDE },
        { "4k3/8/8/8/8/8/8/4K3 w K - 0 1", PGN_EFEN, FEN_CASTLING },
        { "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", PGN_EFEN, FEN_EP_SQUARE },
        { "4k3/8/8/8/8/8/8/4K3 w - - x 1", PGN_EFEN, FEN_CLOCK },
        { "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", PGN_EFEN, FEN_OPPOSITE_CHECK },
        { "4k3/3PR3/5N2/8/8/8/8/4K3 b - - 0 1", PGN_EFEN, FEN_CHECKERS },
        { "8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", PGN_EFEN, FEN_IMPOSSIBLE_CHECK },
        { "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", PGN_EFEN, FEN_MATERIAL },
        { "4k3/17/8/8/8/8/8/4K3 w - - 0 1", PGN_EFEN, FEN_DIGITS },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        enum fen_problem why = FEN_PROBLEM_COUNT;
        int rc = pos_from_fen(&p, cases[i].fen, &why);
        if (rc != cases[i].status || why != cases[i].problem)
            FAIL("'%s': status %d problem %d, expected %d and %d", cases[i].fen, rc, (int)why,
                 cases[i].status, (int)cases[i].problem);
        /* NULL for the detail is allowed and changes nothing. */
        CHECK_EQ_INT(pos_from_fen(&p, cases[i].fen, NULL), cases[i].status);
    }
    char longer[FEN_MAX + 8];
    memset(longer, ' ', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    memcpy(longer, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 29);
    enum fen_problem why = FEN_NO_PROBLEM;
    CHECK_EQ_INT(pos_from_fen(&(struct pos){ 0 }, longer, &why), PGN_ETOOBIG);
    CHECK_EQ_INT(why, FEN_TOO_LONG);
    char dropped[FEN_DROPPED_MAX];
    why = FEN_PROBLEM_COUNT;
    CHECK_EQ_INT(pos_from_fen_repair(&(struct pos){ 0 }, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", 1,
                                     dropped, &why), PGN_OK);
    CHECK_EQ_INT(why, FEN_NO_PROBLEM);
    CHECK_EQ_STR(dropped, "K");
    CHECK_EQ_STR(fen_problem_text(FEN_KINGS), "each side must have exactly one king");
    CHECK_EQ_STR(fen_problem_text(FEN_PROBLEM_COUNT), "unknown FEN problem");
}

/* SAN reading gives the statuses of the one space, the reason in struct move_error. */
void test_error__san_statuses(void)
{
    static const struct { const char *fen, *san; int status; } cases[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3", PGN_OK },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Zq9", PGN_ESYNTAX },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Ke2", PGN_EILLEGAL },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e5", PGN_EILLEGAL },
        /* knights on b1 and f3 both reach d2 */
        { "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", PGN_EAMBIGUOUS },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pos p;
        move16 m;
        struct move_error err = { 0, "" };
        CHECK_EQ_INT(pos_from_fen(&p, cases[i].fen, NULL), PGN_OK);
        int rc = san_read(&p, cases[i].san, strlen(cases[i].san), 0, &m, NULL, &err);
        if (rc != cases[i].status)
            FAIL("'%s': %d (%s), expected %d", cases[i].san, rc, pgn_strerror(rc),
                 cases[i].status);
        if (rc != PGN_OK) {
            CHECK_EQ_INT(err.code, rc);
            CHECK(err.msg[0] != '\0');
        }
    }
}

/* A replay's bad FEN carries the FEN's problem in the diagnostic record. */
void test_error__replay_diag_carries_fen_problem(void)
{
    static const char text[] = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.15\"]\n"
                               "[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n"
                               "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2P w - - 0 1\"]\n\n*\n";
    struct pgn_reader *reader;
    struct game g;
    struct replay r;
    replay_init(&r, NULL);
    if (pgn_reader_open_mem(&reader, text, strlen(text), NULL) != PGN_OK) {
        FAIL("cannot open a memory reader");
        replay_release(&r);
        return;
    }
    int found = 0;
    if (pgn_reader_next(reader, &g) > 0 && replay_game(&r, &g) == PGN_OK) {
        for (size_t i = 0; i < r.ndiags; i++) {
            if (r.diags[i].code != D_BAD_FEN)
                continue;
            found = 1;
            CHECK_EQ_INT(r.diags[i].detail, FEN_PAWN_RANK);
            CHECK_EQ_STR(r.diags[i].msg, "invalid FEN '4k3/8/8/8/8/8/8/4K2P w - - 0 1': "
                                         "pawn on the first or last rank");
        }
    }
    CHECK(found);
    pgn_reader_free(reader);
    replay_release(&r);
}

static void no_posting(void *ctx, uint64_t key, unsigned game, unsigned ply)
{
    (void)key, (void)game, (void)ply;
    ++*(int *)ctx;
}

/* Readers that refuse their input say why with a status of the one space. */
void test_error__readers_refuse_with_statuses(void)
{
    size_t at;
    const char *why;
    struct board_pattern bp;
    struct material_pattern mp;
    struct material m;
    struct judge_eval e;
    struct name_like n;
    CHECK_EQ_INT(board_pattern_parse("rnbqkbnr/X", &bp, &at, &why), PGN_ESYNTAX);
    CHECK_EQ_INT(material_pattern_parse("KRX:K", &mp, &at), PGN_ESYNTAX);
    CHECK_EQ_INT(material_parse("KK:K", &m, &at), PGN_ESYNTAX);
    CHECK_EQ_INT(judge_parse_eval("abc", 3, &e), PGN_ESYNTAX);
    /* A name of no word is a bad argument, not text that failed to parse. */
    CHECK_EQ_INT(name_like_init(&n, "   "), PGN_EINVAL);
    CHECK_EQ_INT(name_like_init(&n, "Carlsen"), PGN_OK);
    /* A postings blob whose sizes do not add up is a damaged database. */
    static const unsigned char short_blob[3] = { 1, 0, 0 };
    static const unsigned char bad_blob[6] = { 1, 0, 0, 0, 0, 0 }; /* one key, no room for it */
    int calls = 0;
    CHECK_EQ_INT(index_postings_decode(short_blob, sizeof short_blob, 0, no_posting, &calls),
                 PGN_EFORMAT);
    CHECK_EQ_INT(index_postings_decode(bad_blob, sizeof bad_blob, 0, no_posting, &calls),
                 PGN_EFORMAT);
    CHECK_EQ_INT(calls, 0);
}
