/* test_uci_engine.c - the UCI engine driver against the fake engine of tests/fakes. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdlib.h>
#include "test.h"
#include "base/error.h"
#include "annotate/uci_engine.h"
#include "chess/position.h"

static void fake_path(char *out, size_t cap)
{
    snprintf(out, cap, "%s/tests/fakes/uci_fake.sh", test_root);
}

void test_uci_engine__search(void)
{
    char path[4096];
    struct uci_engine *e;
    struct uci_result res;
    struct uci_search s = { 0, 100, 0, 1 };
    fake_path(path, sizeof path);
    unsetenv("FAKE_MODE");
    CHECK_EQ_INT(uci_engine_start(&e, path, 5000), PGN_OK);
    CHECK_EQ_INT(uci_engine_setoption(e, "Threads", "1"), PGN_OK);
    CHECK_EQ_INT(uci_engine_newgame(e), PGN_OK);
    CHECK_EQ_INT(uci_engine_go(e, "startpos moves e2e4", NULL, &s, &res), PGN_OK);
    CHECK(res.lines[0].valid);
    CHECK_EQ_INT(res.lines[0].cp, 10);
    CHECK_EQ_INT(res.lines[0].mate, 0);
    CHECK_EQ_STR(res.bestmove, "0000");
    uci_engine_free(e);
}

void test_uci_engine__failures(void)
{
    char path[4096];
    struct uci_engine *e;
    struct uci_result res;
    struct uci_search s = { 0, 100, 0, 1 };
    fake_path(path, sizeof path);
    /* not there */
    CHECK_EQ_INT(uci_engine_start(&e, "/nonexistent/engine", 1000), PGN_EIO);
    CHECK(strstr(uci_engine_error(e), "cannot run") != NULL);
    uci_engine_free(e);
    /* dies during the search */
    setenv("FAKE_MODE", "crash", 1);
    CHECK_EQ_INT(uci_engine_start(&e, path, 5000), PGN_OK);
    CHECK_EQ_INT(uci_engine_go(e, "startpos", NULL, &s, &res), PGN_EIO);
    CHECK(strstr(uci_engine_error(e), "stopped") != NULL);
    CHECK_EQ_INT(uci_engine_go(e, "startpos", NULL, &s, &res), PGN_EIO); /* stays failed */
    uci_engine_free(e);
    /* stops answering: the timeout */
    setenv("FAKE_MODE", "hang", 1);
    CHECK_EQ_INT(uci_engine_start(&e, path, 150), PGN_OK);
    CHECK_EQ_INT(uci_engine_go(e, "startpos", NULL, &s, &res), PGN_EIO);
    CHECK(strstr(uci_engine_error(e), "did not finish its search within 150 ms") != NULL);
    uci_engine_free(e);
    unsetenv("FAKE_MODE");
}

void test_uci_engine__find(void)
{
    char out[4096];
    CHECK_EQ_INT(uci_engine_find("sh", out, sizeof out), 0);
    CHECK(strstr(out, "/sh") != NULL);
    CHECK_EQ_INT(uci_engine_find("no-such-engine-xyz", out, sizeof out), -1);
    CHECK_EQ_INT(uci_engine_find("/no/such/engine", out, sizeof out), -1);
}

/* Searches the start position once with the fake engine in mode; the engine's error in err. */
static int search_fake(const char *mode, int timeout_ms, struct uci_result *res, char *err,
                       size_t cap)
{
    char path[4096];
    struct uci_engine *e;
    struct uci_search s = { 0, 100, 0, 1 };
    struct pos start;
    pos_set_start(&start);
    fake_path(path, sizeof path);
    setenv("FAKE_MODE", mode, 1);
    int rc = uci_engine_start(&e, path, timeout_ms);
    if (rc == PGN_OK)
        rc = uci_engine_go(e, "startpos", &start, &s, res);
    snprintf(err, cap, "%s", uci_engine_error(e));
    uci_engine_free(e);
    unsetenv("FAKE_MODE");
    return rc;
}

void test_uci_engine__bad_output(void)
{
    struct uci_result res;
    char err[UCI_ERR_MAX];
    /* "cp abc" after a good score: the good score stands, the line is listed */
    CHECK_EQ_INT(search_fake("cp-abc", 5000, &res, err, sizeof err), PGN_OK);
    CHECK_EQ_INT(res.lines[0].cp, 10);
    CHECK_EQ_INT(res.lines[0].mate, 0);
    CHECK_EQ_INT(res.nbad, 1);
    CHECK_EQ_STR(res.bad[0].line, "info depth 2 score cp abc nodes 2");
    /* "mate -0": not a mate */
    CHECK_EQ_INT(search_fake("mate-0", 5000, &res, err, sizeof err), PGN_OK);
    CHECK_EQ_INT(res.lines[0].cp, 10);
    CHECK_EQ_INT(res.lines[0].mate, 0);
    CHECK_EQ_INT(res.nbad, 1);
    /* an illegal pv move: the score stands, the pv ends before it */
    CHECK_EQ_INT(search_fake("bad-pv", 5000, &res, err, sizeof err), PGN_OK);
    CHECK(res.lines[0].valid);
    CHECK_EQ_INT(res.lines[0].npv, 0);
    CHECK_EQ_INT(res.nbad, 1);
    CHECK(strstr(res.bad[0].why, "'a1a1'") != NULL);
    /* an illegal bestmove: not taken */
    CHECK_EQ_INT(search_fake("bad-bestmove", 5000, &res, err, sizeof err), PGN_OK);
    CHECK_EQ_STR(res.bestmove, "");
    CHECK_EQ_INT(res.nbad, 1);
    CHECK_EQ_STR(res.bad[0].line, "bestmove a1a1");
}

void test_uci_engine__search_deadline(void)
{
    struct uci_result res;
    char err[UCI_ERR_MAX];
    /* info lines every 50 ms, never bestmove: the deadline counts from go */
    CHECK_EQ_INT(search_fake("flood", 300, &res, err, sizeof err), PGN_EIO);
    CHECK(strstr(err, "did not finish its search within 300 ms") != NULL);
}
