/* test_uci_engine.c - the UCI engine driver against the fake engine of tests/fakes. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdlib.h>
#include "test.h"
#include "base/error.h"
#include "annotate/uci_engine.h"

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
    CHECK_EQ_INT(uci_engine_go(e, "startpos moves e2e4", &s, &res), PGN_OK);
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
    CHECK_EQ_INT(uci_engine_go(e, "startpos", &s, &res), PGN_EIO);
    CHECK(strstr(uci_engine_error(e), "stopped") != NULL);
    CHECK_EQ_INT(uci_engine_go(e, "startpos", &s, &res), PGN_EIO); /* stays failed */
    uci_engine_free(e);
    /* stops answering: the timeout */
    setenv("FAKE_MODE", "hang", 1);
    CHECK_EQ_INT(uci_engine_start(&e, path, 150), PGN_OK);
    CHECK_EQ_INT(uci_engine_go(e, "startpos", &s, &res), PGN_EIO);
    CHECK(strstr(uci_engine_error(e), "within 150 ms") != NULL);
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
