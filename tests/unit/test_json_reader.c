/* test_json_reader.c - the library's JSON game reader: games, raw PGN, and problems as values. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "reader_util.h"
#include "pgn/json_reader.h"
#include "base/banned.h"

/*
 * One good game, one object that is not a game, one passed-through PGN text,
 * then JSON that does not parse. The reader hands each back as a value and
 * says what was wrong in its message, never on stderr (lib/ does not print).
 */
void test_json_reader__games_and_problems(void)
{
    static const char text[] =
        "{\"tags\": {\"White\": \"Anna\"}, \"moves\": [{\"san\": \"e4\", \"nags\": [1],"
        " \"comments\": [{\"raw\": \"[%clk 0:01:00] fast\"}]}, {\"san\": \"e5\"}],"
        " \"result\": \"1-0\"}\n"
        "{\"moves\": 5}\n"
        "{\"valid\": false, \"raw\": \"1. d4 *\"}\n"
        "{\"moves\": [\n";
    const char *path = reader_temp_file(text, strlen(text), ".json");
    if (!path)
        return;
    char name[300];
    snprintf(name, sizeof name, "%s", path);

    /* stderr into a file, to see that nothing is printed. */
    char errpath[300];
    snprintf(errpath, sizeof errpath, "%s.err", path);
    fflush(stderr);
    int saved = dup(2);
    FILE *err = fopen(errpath, "w+");
    if (saved < 0 || !err) {
        FAIL("cannot redirect stderr");
        return;
    }
    dup2(fileno(err), 2);

    struct json_reader *j = NULL;
    struct game g;
    const char *raw = NULL;
    size_t raw_len = 0;
    int status = -100;
    int open_rc = json_reader_open(&j, path);
    int rc[5] = { 0 };
    char msg[5][256] = { { 0 } };
    int st[5] = { 0 };
    uint32_t nmoves = 0, nnags = 0, ncmds = 0, ntags = 0;
    int result = -1;
    char raw_text[16] = "";
    for (int i = 0; j && i < 5; i++) {
        rc[i] = json_reader_next(j, &g, &raw, &raw_len);
        snprintf(msg[i], sizeof msg[i], "%s", json_reader_message(j, &st[i]));
        if (rc[i] == JSON_READER_GAME && i == 0) {
            nmoves = g.nmoves;
            nnags = g.nnags;
            ncmds = g.ncmds;
            ntags = g.ntags;
            result = g.result;
        }
        if (rc[i] == JSON_READER_RAW)
            snprintf(raw_text, sizeof raw_text, "%.*s", (int)raw_len, raw);
        if (rc[i] == JSON_READER_FAIL || rc[i] == JSON_READER_END)
            break;
    }
    json_reader_message(j, &status);
    json_reader_free(j);
    json_reader_free(NULL);

    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    fseek(err, 0, SEEK_END);
    long printed = ftell(err);
    fclose(err);
    remove(errpath);
    remove(path);

    CHECK_EQ_INT(open_rc, PGN_OK);
    CHECK_EQ_INT(printed, 0);
    CHECK_EQ_INT(rc[0], JSON_READER_GAME);
    CHECK_EQ_STR(msg[0], "");
    CHECK_EQ_INT(st[0], PGN_OK);
    CHECK_EQ_INT(nmoves, 2);
    CHECK_EQ_INT(nnags, 1);
    CHECK_EQ_INT(ncmds, 1);
    CHECK_EQ_INT(ntags, 1);
    CHECK_EQ_INT(result, PGN_RESULT_WHITE);

    char want[400];
    CHECK_EQ_INT(rc[1], JSON_READER_BAD);
    CHECK_EQ_INT(st[1], PGN_ESYNTAX);
    snprintf(want, sizeof want, "%s:2: game 2: \"moves\" must be an array", name);
    CHECK_EQ_STR(msg[1], want);

    CHECK_EQ_INT(rc[2], JSON_READER_RAW);
    CHECK_EQ_STR(raw_text, "1. d4 *");
    CHECK_EQ_STR(msg[2], "");

    CHECK_EQ_INT(rc[3], JSON_READER_FAIL);
    CHECK_EQ_INT(st[3], PGN_ESYNTAX);
    /* The value opens on line 4 and its text ends after that line's newline. */
    snprintf(want, sizeof want, "%s:5:0: bad JSON: ']' expected near end of file", name);
    CHECK_EQ_STR(msg[3], want);
    CHECK_EQ_INT(status, PGN_ESYNTAX);
}

/* A file that is not there: a status and errno, as pgn_input_open() gives, and no handle. */
void test_json_reader__missing_file(void)
{
    struct json_reader *j = (struct json_reader *)&j;
    CHECK_EQ_INT(json_reader_open(&j, "/nonexistent/pgnkit/games.json"), PGN_EIO);
    CHECK(j == NULL);
}
