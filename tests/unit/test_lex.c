/* test_lex.c - word classification, split tokens, results, glyphs, comment commands. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "pgn/pgn_lex.h"

static struct pgn_word classify(const char *s)
{
    struct pgn_word w;
    pgn_lex_word((const unsigned char *)s, strlen(s), &w);
    return w;
}

void test_lex__words(void)
{
    static const struct {
        const char *word;
        int kind;
        const char *core; /* move text, or "" */
        unsigned number, nags, ep;
    } cases[] = {
        { "Nf3", PGN_W_MOVE, "Nf3", 0, 0, 0 },
        { "exd5", PGN_W_MOVE, "exd5", 0, 0, 0 },
        { "e8=Q+", PGN_W_MOVE, "e8=Q+", 0, 0, 0 },
        { "O-O-O#", PGN_W_MOVE, "O-O-O#", 0, 0, 0 },
        { "0-0", PGN_W_MOVE, "0-0", 0, 0, 0 },
        { "0-0!", PGN_W_MOVE, "0-0", 0, 1, 0 },
        { "Sg1-f3", PGN_W_MOVE, "Sg1-f3", 0, 0, 0 },
        { "Sf3xTe5", PGN_W_MOVE, "Sf3xTe5", 0, 0, 0 },
        { "ed5:", PGN_W_MOVE, "ed5:", 0, 0, 0 },
        { "Nf3+!?", PGN_W_MOVE, "Nf3+", 0, 1, 0 },
        { "e4?!!", PGN_W_MOVE, "e4", 0, 2, 0 }, /* glyphs cut from the end: !! then ? */
        { "Qd4\xc2\xb1", PGN_W_MOVE, "Qd4", 0, 1, 0 },
        { "exd6e.p.", PGN_W_MOVE, "exd6", 0, 0, 1 },
        { "d5xc6ep", PGN_W_MOVE, "d5xc6", 0, 0, 1 },
        { "12.Nf3", PGN_W_MOVE, "Nf3", 12, 0, 0 },
        { "1...e5", PGN_W_MOVE, "e5", 1, 0, 0 },
        { "5.0-0", PGN_W_MOVE, "0-0", 5, 0, 0 },
        { "\xe2\x99\x98" "f3", PGN_W_MOVE, "\xe2\x99\x98" "f3", 0, 0, 0 },
        { "\xd0\x9a" "f3", PGN_W_MOVE, "\xd0\x9a" "f3", 0, 0, 0 },
        { "12.", PGN_W_NUMBER, "", 12, 0, 0 },
        { "12...", PGN_W_NUMBER, "", 12, 0, 0 },
        { "12\xe2\x80\xa6", PGN_W_NUMBER, "", 12, 0, 0 },
        { "7", PGN_W_NUMBER, "", 7, 0, 0 },
        { "--", PGN_W_NULL, "--", 0, 0, 0 },
        { "Z0", PGN_W_NULL, "Z0", 0, 0, 0 },
        { "3.--", PGN_W_NULL, "--", 3, 0, 0 },
        { "e.p.", PGN_W_EP, "", 0, 0, 0 },
        { "ep", PGN_W_EP, "", 0, 0, 0 },
        { "e.p.+", PGN_W_EP, "+", 0, 0, 0 },
        { "ep.", PGN_W_EP, "", 0, 0, 0 }, /* the lenient spellings: one row of ep_marks each */
        { "ep.+", PGN_W_EP, "+", 0, 0, 0 },
        { "exd6ep.", PGN_W_MOVE, "exd6", 0, 0, 1 },
        { "exd6ep.!", PGN_W_MOVE, "exd6", 0, 1, 1 },
        { "/", PGN_W_SEPARATOR, "", 0, 0, 0 },
        { "...", PGN_W_DOTS, "", 0, 0, 0 },
        { "\xe2\x80\xa6", PGN_W_DOTS, "", 0, 0, 0 },
        { "@@@", PGN_W_GARBAGE, "", 0, 0, 0 },
        { "+", PGN_W_GARBAGE, "", 0, 0, 0 },
        { "1-0", PGN_W_RESULT, "", 0, 0, 0 },
        { "\xc2\xbd-\xc2\xbd", PGN_W_RESULT, "", 0, 0, 0 },
        { "+-", PGN_W_NAG, "", 0, 1, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct pgn_word w = classify(cases[i].word);
        if (w.kind != cases[i].kind) {
            FAIL("'%s': kind %d, expected %d", cases[i].word, w.kind, cases[i].kind);
            continue;
        }
        if ((w.kind == PGN_W_MOVE || w.kind == PGN_W_NULL) &&
            (w.core_len != strlen(cases[i].core) ||
             memcmp(cases[i].word + w.core_off, cases[i].core, w.core_len)))
            FAIL("'%s': move text '%.*s', expected '%s'", cases[i].word, (int)w.core_len,
                 cases[i].word + w.core_off, cases[i].core);
        if (w.kind == PGN_W_EP && strcmp(cases[i].word + w.core_off, cases[i].core))
            FAIL("'%s': suffix '%s'", cases[i].word, cases[i].word + w.core_off);
        CHECK_EQ_INT(w.number, cases[i].number);
        CHECK_EQ_INT(w.nnags, cases[i].nags);
        CHECK_EQ_INT(w.ep, cases[i].ep);
    }
    CHECK_EQ_INT(classify("Nf3+!?").nags[0], 5);
    CHECK_EQ_INT(classify("e4?!!").nags[0], 2);
    CHECK_EQ_INT(classify("e4?!!").nags[1], 3);
    CHECK_EQ_INT(classify("12...").number_dots, 1);
    CHECK_EQ_INT(classify("12.").number_dots, 0);
    CHECK_EQ_INT(classify("0:1").result, PGN_RESULT_BLACK);
}

void test_lex__glue(void)
{
    static const struct {
        const char *text;
        size_t len; /* bytes joined, 0 = none */
        int kind, result;
    } cases[] = {
        { "1 - 0 e4", 5, PGN_W_RESULT, PGN_RESULT_WHITE },
        { "0 -1", 4, PGN_W_RESULT, PGN_RESULT_BLACK },
        { "1/2 - 1/2", 9, PGN_W_RESULT, PGN_RESULT_DRAW },
        { "\xc2\xbd - \xc2\xbd", 7, PGN_W_RESULT, PGN_RESULT_DRAW },
        { "0- 0 Nf6", 4, PGN_W_MOVE, PGN_RESULT_NONE },
        { "0-0 -0", 6, PGN_W_MOVE, PGN_RESULT_NONE },
        { "O - O+", 6, PGN_W_MOVE, PGN_RESULT_NONE },
        { "0-0 0-1", 0, 0, 0 },
        { "1 e4", 0, 0, 0 },
        { "1/2 1/2", 0, 0, 0 },
        { "1 -\n0", 0, 0, 0 },
        /* German: the en-passant mark with a blank in it; pgn_lex_word() reads the joined word. */
        { "e. p. exd6", 5, PGN_W_MOVE, PGN_RESULT_NONE },
        { "e.\tp.+ Kxd6", 6, PGN_W_MOVE, PGN_RESULT_NONE },
        { "e. p 1-0", 0, 0, 0 },
        { "e4 e5", 0, 0, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const unsigned char *s = (const unsigned char *)cases[i].text;
        int kind = -1, result = -1;
        size_t n = pgn_lex_glue(s, s + strlen(cases[i].text), &kind, &result);
        if (n != cases[i].len)
            FAIL("'%s': joined %zu bytes, expected %zu", cases[i].text, n, cases[i].len);
        else if (n && (kind != cases[i].kind || result != cases[i].result))
            FAIL("'%s': kind %d result %d", cases[i].text, kind, result);
    }
}

void test_lex__tables(void)
{
    static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*", "1:0", "0:1", "1/2" };
    static const int values[] = { 1, 2, 3, 4, 1, 2, 3 };
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        CHECK_EQ_INT(pgn_lex_result((const unsigned char *)results[i], strlen(results[i])),
                     values[i]);
    CHECK_EQ_INT(pgn_lex_result((const unsigned char *)"1-1", 3), -1);
    static const char *const glyphs[] = { "!", "?", "!!", "??", "!?", "?!", "=", "+=", "=+",
                                          "\xc2\xb1", "\xe2\x88\x93", "+-", "-+", "\xe2\x88\x9e" };
    static const int nags[] = { 1, 2, 3, 4, 5, 6, 10, 14, 15, 16, 17, 18, 19, 13 };
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
        CHECK_EQ_INT(pgn_lex_glyph((const unsigned char *)glyphs[i], strlen(glyphs[i])), nags[i]);
    CHECK_EQ_INT(pgn_lex_glyph((const unsigned char *)"!!!", 3), -1);
    const unsigned char *name;
    size_t nl;
    const unsigned char *t = (const unsigned char *)"[ White \"x\"]";
    CHECK(pgn_lex_tag_start(t, t + 12, &name, &nl) && nl == 5 && !memcmp(name, "White", 5));
    t = (const unsigned char *)"[%clk 1]";
    CHECK(!pgn_lex_tag_start(t, t + 8, &name, &nl));
    t = (const unsigned char *)"[White]";
    CHECK(!pgn_lex_tag_start(t, t + 7, &name, &nl));
}

void test_lex__commands(void)
{
    const char *c = "a [%clk 0:01:02] b [%cal Ge2e4,Rd1d8][%eval  #-3 ] [% x] [%bad";
    struct pgn_cmd_span s;
    size_t from = 0;
    const char *want[][2] = { { "clk", "0:01:02" }, { "cal", "Ge2e4,Rd1d8" }, { "eval", "#-3" } };
    for (int i = 0; i < 3; i++) {
        CHECK(pgn_lex_next_command(c, strlen(c), from, &s));
        CHECK(s.name_len == strlen(want[i][0]) && !memcmp(c + s.name_off, want[i][0], s.name_len));
        CHECK(s.args_len == strlen(want[i][1]) && !memcmp(c + s.args_off, want[i][1], s.args_len));
        from = s.end;
    }
    CHECK(!pgn_lex_next_command(c, strlen(c), from, &s));
}

/* LX_DIGIT is exactly 0-9, as pgn_lex_word() counts digits (not the CP1252 superscripts). */
void test_lex__digit_class(void)
{
    for (unsigned c = 0; c < 256; c++)
        CHECK_EQ_INT((pgn_lex_class[c] & LX_DIGIT) != 0, c >= '0' && c <= '9');
}

/* The two comment-scan stops are exactly their bytes (a missing one would run a scan past it). */
void test_lex__comment_stop_classes(void)
{
    for (unsigned c = 0; c < 256; c++) {
        int eol = c == '\n' || c == '\r';
        CHECK_EQ_INT((pgn_lex_class[c] & LX_CSTOP) != 0, eol || c == '}');
        CHECK_EQ_INT((pgn_lex_class[c] & LX_NSTOP) != 0, eol || c == '}' || c == '{');
    }
}

/* The first words of tokens written with blanks in them, by hand from the spellings. */
void test_lex__may_glue(void)
{
    static const char *const yes[] = { "1", "0-", "1/2", "O-O", "0-0-0", "\xc2\xbd", "e.", "e.p" };
    static const char *const no[] = { "e4", "Nf3", "2", "3.", "exd6", "1/2-1/2-", "ep4", "p." };
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        if (!pgn_lex_may_glue((const unsigned char *)yes[i], strlen(yes[i])))
            FAIL("'%s' may start a joined token", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        if (pgn_lex_may_glue((const unsigned char *)no[i], strlen(no[i])))
            FAIL("'%s' starts no joined token", no[i]);
}
