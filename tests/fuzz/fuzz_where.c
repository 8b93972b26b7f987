/* fuzz_where.c - the --where expression language on arbitrary text, evaluated on sample games. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "fuzz.h"
#include "base/error.h"
#include "query/filter.h"
#include "query/game_facts.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "base/utf8.h"
#include "query/where.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * data[0] chooses the regex flags and the match limit, the rest is the
 * expression. Whatever it is: no crash, hang or leak; a refusal is
 * PGN_ESYNTAX with a column inside the text and a message in valid UTF-8; an
 * accepted expression prints (where_format) as one that
 * parses to the same print, and evaluates on every sample game (lazy ones
 * too, which it completes as needed) to 0, 1 or an error status.
 */

static const char games[] =
    "[Event \"Lazy \\\"one\\\"\"]\n[White \"Carlsen, Magnus\"]\n[Black \"Tal, Mikhail\"]\n"
    "[Date \"2015.06.16\"]\n[Result \"1-0\"]\n[WhiteElo \"2876\"]\n[ECO \"B90\"]\n\n"
    "1. e4 c5 2. Nf3 d6 {a comment [%clk 0:03:00]} 3. d4 cxd4 4. Nxd4 Nf6 (4... e5) 1-0\n\n"
    "[Event \"Mate\"]\n[Date \"1999.??.??\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Illegal\"]\n[BlackElo \"x\"]\n[Variant \"Chess960\"]\n\n1. e4 e5 2. Ke3 Ke6 3. Kf5 *\n\n"
    "1. d4 d5 2. c4 dxc4 3. e4 b5 4. a4 c6 5. axb5 cxb5 6. Qf3 e8=Q *\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char expr[1024];
    if (size < 1)
        return 0;
    unsigned flags = data[0] & 1 ? FILTER_ICASE : 0;
    unsigned long limit = data[0] & 2 ? 100 : 0;
    size_t n = size - 1 < sizeof expr - 1 ? size - 1 : sizeof expr - 1;
    memcpy(expr, data + 1, n);
    expr[n] = '\0';
    n = strlen(expr);

    struct where *w = NULL;
    struct where_error err;
    memset(&err, 0, sizeof err);
    int rc = where_parse(&w, expr, flags, limit, &err);
    if (rc != PGN_OK) {
        size_t m = strnlen(err.msg, sizeof err.msg);
        if (rc != PGN_ESYNTAX || w)
            FAIL("'%s': where_parse returned %d", expr, rc);
        else if (err.col > n + 1 || !m || m == sizeof err.msg || !utf8_valid(err.msg, m))
            FAIL("'%s': refused at column %zu with '%.*s'", expr, err.col, (int)m, err.msg);
        fuzz_done();
        return 0;
    }

    char printed[4096], again[4096];
    size_t len = where_format(w, printed, sizeof printed);
    if (len < sizeof printed) {
        struct where *w2 = NULL;
        struct where_error err2;
        if (where_parse(&w2, printed, flags, limit, &err2) != PGN_OK)
            FAIL("'%s' prints as '%s', which is refused: %s", expr, printed, err2.msg);
        else if (where_format(w2, again, sizeof again), strcmp(printed, again))
            FAIL("'%s' prints as '%s', which prints as '%s'", expr, printed, again);
        where_free(w2);
    }
    CHECK(where_min_level(w) <= where_level(w));

    for (int lazy = 0; lazy < 2; lazy++) {
        struct pgn_reader_opts o;
        struct pgn_reader *r;
        struct game g;
        struct game_facts f;
        pgn_reader_opts_init(&o);
        o.flags = lazy ? PGN_READER_LAZY : 0;
        if (pgn_reader_open_mem(&r, games, sizeof games - 1, &o) != PGN_OK) {
            FAIL("cannot open the sample games");
            break;
        }
        game_facts_init(&f, NOTATION_AUTO);
        while (pgn_reader_next(r, &g) > 0) {
            game_facts_reset(&f, &g, r);
            int v = where_eval(w, &f);
            if (v != 0 && v != 1 && v >= 0)
                FAIL("'%s': where_eval returned %d", expr, v);
        }
        game_facts_release(&f);
        pgn_reader_free(r);
    }
    while (where_new_limit_hit(w) != NULL)
        ;
    where_free(w);
    fuzz_done();
    return 0;
}
