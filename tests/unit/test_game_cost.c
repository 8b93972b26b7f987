/* test_game_cost.c - the per-game fast paths give what the general ways give. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "pgn/pgn_reader.h"
#include "base/utf8.h"

/* The ASCII check of a whole game ends with one overlapping block: every
 * length, and a non-ASCII byte at every place of it, or none. */
void test_game_cost__utf8_tail_block(void)
{
    char s[200];
    for (size_t n = 0; n <= sizeof s; n++) {
        memset(s, 'a', sizeof s);
        CHECK_EQ_INT(utf8_valid_prefix(s, n), n);
        CHECK(utf8_is_ascii(s, n));
        for (size_t at = 0; at < n; at++) {
            memset(s, 'a', sizeof s);
            s[at] = (char)0xff;
            CHECK_EQ_INT(utf8_valid_prefix(s, n), at);
            CHECK(!utf8_is_ascii(s, n));
            if (at + 1 < n) {
                s[at] = (char)0xc3, s[at + 1] = (char)0xbc; /* ü: valid, not ASCII */
                CHECK_EQ_INT(utf8_valid_prefix(s, n), n);
                CHECK(!utf8_is_ascii(s, n));
            }
        }
    }
}

/*
 * Every game of text, read with flags in reads of read_size bytes (0: the
 * default): span, tags, moves, result and diagnostics, each with its line,
 * column and offset.
 */
static void dump_positions(const char *text, unsigned flags, size_t read_size, char *out,
                           size_t size)
{
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    o.flags = flags;
    if (read_size)
        o.read_size = read_size;
    struct pgn_reader *r;
    size_t n = 0;
    out[0] = '\0';
    if (pgn_reader_open_mem(&r, text, strlen(text), &o) != PGN_OK)
        return;
    struct game g;
#define PUT(...) \
    (n += n < size ? (size_t)snprintf(out + n, size - n, __VA_ARGS__) : 0)
    while (pgn_reader_next(r, &g) > 0) {
        if ((flags & PGN_READER_LAZY) && pgn_reader_complete(r, &g) != PGN_OK)
            PUT("!complete");
        PUT("#%llu %llu:%u@%llu+%zu:", (unsigned long long)g.index, (unsigned long long)g.line,
            g.col, (unsigned long long)g.offset, g.raw_len);
        for (uint32_t i = 0; i < g.ntags; i++)
            PUT(" %s=%s/%u %llu:%u@%u", g.tags[i].name, g.tags[i].value, g.tags[i].id,
                (unsigned long long)g.tags[i].line, g.tags[i].col, g.tags[i].off);
        for (uint32_t i = 0; i < g.nmoves; i++)
            PUT(" %.*s %llu:%u@%u", (int)g.moves[i].len, g.moves[i].text,
                (unsigned long long)g.moves[i].line, g.moves[i].col, g.moves[i].off);
        if (g.result_text)
            PUT(" => %.*s %llu:%u@%u", (int)g.result_len, g.result_text,
                (unsigned long long)g.result_line, g.result_col, g.result_off);
        for (uint32_t i = 0; i < g.nerrors; i++)
            PUT(" !%llu:%u@%llu:%s", (unsigned long long)g.errors[i].line, g.errors[i].col,
                (unsigned long long)g.errors[i].offset, g.errors[i].message);
        PUT("\n");
    }
#undef PUT
    pgn_reader_free(r);
}

/*
 * Checks the dumps of texts[0..n) against want, read lazily or not, and in
 * reads so small that the window ends inside a tag section or after a result.
 */
static void expect_positions(const char *const *texts, const char *const *want, size_t n)
{
    static const struct { unsigned flags; size_t read_size; } ways[] = {
        { 0, 0 }, { PGN_READER_LAZY, 0 }, { 0, 1 }, { 0, 7 }, { PGN_READER_LAZY, 5 },
    };
    char got[4096];
    for (size_t i = 0; i < n; i++)
        for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
            dump_positions(texts[i], ways[w].flags, ways[w].read_size, got, sizeof got);
            if (strcmp(got, want[i]))
                FAIL("case %zu, way %zu:\n      got:  %s      want: %s", i, w, got, want[i]);
        }
}

/*
 * The tag run takes the empty line after the tag section as reader_parse_game()
 * would: a tag after it may start the next game, a line end of any
 * spelling, more than one empty line, an empty line that ends the input.
 * The expected dumps are those of the reader before the run took it.
 */
void test_game_cost__tag_section_blank_line(void)
{
    static const char *const texts[] = {
        "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n",
        "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 e5 *\r\n",
        "[Event \"a\"]\r[Site \"b\"]\r\r1. e4 e5 *\r",
        "[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 e5 *\n",
        "[Event \"a\"]\n\n[Event \"b\"]\n\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n\n\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n{c}\n1. e4 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n \n1. e4 *\n",
        "[Event \"a\"] [Site \"b\"]\n\n1. e4 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n\n1. e4 *\n\n[Event \"d\"]\n\n1. d4 *\n",
    };
    static const char *const want[] = {
        "#1 1:1@0+35: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 4:4@27 e5 4:7@30 => * 4:10@33\n",
        "#1 1:1@0+39: Event=a/2 1:1@0 Site=b/3 2:1@13 e4 4:4@30 e5 4:7@33 => * 4:10@36\n",
        "#1 1:1@0+35: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 4:4@27 e5 4:7@30 => * 4:10@33\n",
        "#1 1:1@0+36: Event=a/2 1:1@0 Site=b/3 3:1@13 e4 5:4@28 e5 5:7@31 => * 5:10@34\n",
        "#1 1:1@0+13: Event=a/2 1:1@0\n"
          "#2 3:1@13+24: Event=b/2 3:1@0 e4 5:4@16 e5 5:7@19 => * 5:10@22\n",
        "#1 1:1@0+37: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 6:4@29 e5 6:7@32 => * 6:10@35\n",
        "#1 1:1@0+24: Event=a/2 1:1@0 Site=b/3 2:1@12\n",
        "#1 1:1@0+36: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 5:4@31 => * 5:7@34\n",
        "#1 1:1@0+33: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 4:4@28 => * 4:7@31\n",
        "#1 1:1@0+32: Event=a/2 1:1@0 Site=b/3 1:13@12 e4 3:4@27 => * 3:7@30\n",
        "#1 1:1@0+24: Event=a/2 1:1@0 Site=b/3 2:1@12\n"
          "#2 4:1@24+22: Event=c/2 4:1@0 e4 6:4@16 => * 6:7@19\n"
          "#3 8:1@46+21: Event=d/2 8:1@0 d4 10:4@16 => * 10:7@19\n",
    };
    expect_positions(texts, want, sizeof texts / sizeof texts[0]);
}

/*
 * reader_word() takes the line end, the empty line and the '[' after a result
 * as reader_parse_game() and reader_bracket() would: the spans, positions and diagnostics
 * of the games around it are those of the reader before it did.
 */
void test_game_cost__result_then_next_game(void)
{
    static const char *const texts[] = {
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 0-1\n",
        "[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 0-1\r\n",
        "[Event \"a\"]\r\r1. e4 e5 1-0\r\r[Event \"b\"]\r\r1. d4 0-1\r",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n[Event \"b\"]\n\n1. d4 0-1\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n\n[Event \"b\"]\n\n1. d4 0-1\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0 \n\n[Event \"b\"]\n\n1. d4 0-1\n",
        "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 1/2-1/2\n\n[Site \"c\"]\n*\n",
        "[Event \"a\"]\n\n1. e4 e5 1/2-1/2\n\n{c}\n[Event \"b\"]\n1. d4 *\n",
        "[Event \"a\"]\n\n1. e4 e5 1 - 0\n\n[Event \"b\"]\n1. d4 *\n",
        "[Event \"a\"]\n\n1. e4 (1. d4 d5 1-0\n\n[Event \"b\"]\n1. d4 *\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0 0-1\n\n[Event \"b\"]\n1. d4 *\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[\n1. d4 *\n",
        "1-0\n\n[Event \"b\"]\n1. d4 *\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[",
    };
    static const char *const want[] = {
        "#1 1:1@0+27: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 5:1@27+23: Event=b/2 5:1@0 d4 7:4@16 => 0-1 7:7@19\n",
        "#1 1:1@0+31: Event=a/2 1:1@0 e4 3:4@18 e5 3:7@21 => 1-0 3:10@24\n"
          "#2 5:1@31+26: Event=b/2 5:1@0 d4 7:4@18 => 0-1 7:7@21\n",
        "#1 1:1@0+27: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 5:1@27+23: Event=b/2 5:1@0 d4 7:4@16 => 0-1 7:7@19\n",
        "#1 1:1@0+26: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 4:1@26+23: Event=b/2 4:1@0 d4 6:4@16 => 0-1 6:7@19\n",
        "#1 1:1@0+28: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 6:1@28+23: Event=b/2 6:1@0 d4 8:4@16 => 0-1 8:7@19\n",
        "#1 1:1@0+28: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 5:1@28+23: Event=b/2 5:1@0 d4 7:4@16 => 0-1 7:7@19\n",
        "#1 1:1@0+25: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => * 3:10@22\n"
          "#2 5:1@25+28: Event=b/2 5:1@0 d4 7:4@16 => 1/2-1/2 7:7@19\n"
          "#3 9:1@53+13: Site=c/3 9:1@0 => * 10:1@11\n",
        "#1 1:1@0+35: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1/2-1/2 3:10@22\n"
          "#2 6:1@35+20: Event=b/2 6:1@0 d4 7:4@15 => * 7:7@18\n",
        "#1 1:1@0+29: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1 - 0 3:10@22\n"
          "#2 5:1@29+20: Event=b/2 5:1@0 d4 6:4@15 => * 6:7@18\n",
        "#1 1:1@0+34: Event=a/2 1:1@0 e4 3:4@16 d4 3:11@23 d5 3:14@26 => 1-0 3:17@29 !3:7@19:unterminated variation\n"
          "#2 5:1@34+20: Event=b/2 5:1@0 d4 6:4@15 => * 6:7@18\n",
        "#1 1:1@0+31: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22 !3:14@26:second result token ignored\n"
          "#2 5:1@31+20: Event=b/2 5:1@0 d4 6:4@15 => * 6:7@18\n",
        "#1 1:1@0+27: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 5:1@27+10: d4 6:4@5 => * 6:7@8 !5:1@27:tag pair without a name\n",
        "#1 1:1@0+5: => 1-0 1:1@0\n"
          "#2 3:1@5+20: Event=b/2 3:1@0 d4 4:4@15 => * 4:7@18\n",
        "#1 1:1@0+27: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n",
        "#1 1:1@0+27: Event=a/2 1:1@0 e4 3:4@16 e5 3:7@19 => 1-0 3:10@22\n"
          "#2 5:1@27+1: !5:1@27:tag pair without a name !5:1@27:no tag pair, move or result here: only comments\n",
    };
    expect_positions(texts, want, sizeof texts / sizeof texts[0]);
}
