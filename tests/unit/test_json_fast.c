/* test_json_fast.c - the fast JSON object reader against jansson's own parser, which it must equal. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "test.h"
#include "pgn/json_fast.h"
#include "base/banned.h"

/*
 * Checks text[0..n) both ways: json_fast_object either gives up (NULL) or
 * gives what json_loadb gives, the same values of the same types with the
 * keys in the same order (compared as jansson writes them), and ends where
 * jansson ends. Returns 1 when the fast reader took it.
 */
static int same_as_jansson(const char *text, size_t n)
{
    json_error_t e;
    json_t *want = json_loadb(text, n, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &e);
    size_t used = 0;
    json_t *got = json_fast_object(text, n, &used);
    int took = got != NULL;
    if (got) {
        char *a = json_dumps(want, JSON_COMPACT | JSON_ENCODE_ANY);
        char *b = json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
        if (!want || !a || !b || strcmp(a, b) || used != (size_t)e.position)
            FAIL("'%.*s': fast %s (%zu bytes), jansson %s (%d bytes)", (int)(n < 80 ? n : 80),
                 text, b ? b : "?", used, want ? (a ? a : "?") : e.text, e.position);
        free(a);
        free(b);
    }
    json_decref(want);
    json_decref(got);
    return took;
}

/* Texts where the two parsers could part: numbers at their edges, bad JSON, escapes, depth. */
void test_json_fast__edges_agree_with_jansson(void)
{
    static const char *const texts[] = {
        "{\"a\":01}", "{\"a\":-01}", "{\"a\":1.}", "{\"a\":.5}", "{\"a\":1e}", "{\"a\":-}",
        "{\"a\":1E+2}", "{\"a\":-0}", "{\"a\":1e400}", "{\"a\":1e-400}", "{\"a\":0e5}",
        "{\"a\":99999999999999999999}", "{\"a\":9223372036854775807}",
        "{\"a\":-9223372036854775808}", "{\"a\":tru}", "{\"a\":NaN}", "{\"a\":[1,]}",
        "{\"a\":1,}", "{,}", "{\"a\" 1}", "{\"a\":\"\\x\"}", "{\"a\":\"\\/\\\"\\\\\\n\\t\"}",
        "{'a':1}", "{\"a\":1} x", "{\"a\":1}{\"b\":2}", "{\"a\":1}  \n{", "{\"a\":-1.5E-3}",
        "{\"a\":0.1,\"b\":1.0,\"c\":1}", "{\"a\":[]}", "{\"a\":{}}", "{}", "{\"a\":1 /*c*/}",
        "{\"a\":\"\t\"}", "{\"a\":+1}", "{\"a\":00}", "{\"a\":[1 2]}", "{\"a\":1\"b\":2}",
        "{\"b\":1,\"a\":2,\"b\":3}", "{\"a\":\"\\u00e9\"}", "{\"a\":\"\\u0000\"}", "{\"a\":\"\xc3\xa9\"}",
        "{\"a\":\"\xc0\xaf\"}", "{\"a\":true,\"b\":false,\"c\":null,\"d\":[null,[true]]}",
        "{\"a\":1", "{\"a\":{\"b\":", "{ \"a\" : [ 1 , 2 ] }", "{\"\":\"\"}",
        /* past the first eight bytes too: a lone surrogate, an overlong UTF-8 byte pair,
         * a control character (jansson refuses all three) */
        "{\"aaaaaaaaaaaa\":\"bbbbbbbbbbbbbbbb\\ud800\"}",
        "{\"aaaaaaaaaaaa\":\"bbbbbbbbbbbbbbbb\xc0\xaf\"}",
        "{\"aaaaaaaaaaaa\":\"bbbbbbbbbbbbbbbb\x01\"}",
        "{\"aaaaaaaaaaaa\":\"bbbbbbbb\\\\u0041\",\"c\":\"\\\\\"}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        same_as_jansson(texts[i], strlen(texts[i]));
    /* Deeper than the fast reader goes: left to jansson; as deep as it goes: read. */
    char deep[400];
    for (int depth = 63; depth <= 66; depth++) {
        size_t n = 0;
        for (int k = 0; k < depth; k++)
            n += (size_t)snprintf(deep + n, sizeof deep - n, "{\"k\":");
        n += (size_t)snprintf(deep + n, sizeof deep - n, "1");
        for (int k = 0; k < depth; k++)
            deep[n++] = '}';
        CHECK_EQ_INT(same_as_jansson(deep, n), depth <= 64);
    }
    /* The common case is taken, else nothing is gained. */
    CHECK(same_as_jansson("{\"id\":\"x\",\"moves\":\"e4 e5\",\"clocks\":[100,99]}", 44));
}

/* Every line of the records the tests read (lichess, chess.com, rows): the same values. */
void test_json_fast__records_agree_with_jansson(void)
{
    static const char *const files[] = { "testdata/records/lichess.ndjson",
                                         "testdata/records/rows.ndjson",
                                         "testdata/records/chesscom.json" };
    int taken = 0;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = fopen(files[i], "rb");
        if (!f) {
            FAIL("cannot open '%s'", files[i]);
            continue;
        }
        char line[1 << 16];
        while (fgets(line, sizeof line, f))
            taken += line[0] == '{' && same_as_jansson(line, strlen(line));
        fclose(f);
    }
    CHECK(taken >= 8);
}
