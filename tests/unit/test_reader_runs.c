/* test_reader_runs.c - castling and the movetext runs of the reader: read as word by word. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "pgn/pgn_lex.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"

/*
 * Checks the dumps of the games read from text, one a line (with positions,
 * each followed by a line of its moves' line:column@offset), against want.
 */
static void expect_dumps(size_t i, const char *text, int positions, const char *want)
{
    struct pgn_reader *r;
    struct game g;
    char buf[4096], got[8192];
    size_t n = 0;
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL) != PGN_OK) {
        FAIL("case %zu: cannot open", i);
        return;
    }
    while (pgn_reader_next(r, &g) > 0 && n < sizeof got - 1) {
        n += (size_t)snprintf(got + n, sizeof got - n, "%s\n", dump_game(&g, buf, sizeof buf));
        for (uint32_t k = 0; positions && k < g.nmoves && n < sizeof got - 1; k++)
            n += (size_t)snprintf(got + n, sizeof got - n, "%s%llu:%u@%u%s", k ? "  " : "",
                                  (unsigned long long)g.moves[k].line, g.moves[k].col,
                                  g.moves[k].off, k + 1 == g.nmoves ? "\n" : "");
    }
    got[n < sizeof got ? n : sizeof got - 1] = 0;
    pgn_reader_free(r);
    if (strcmp(got, want))
        FAIL("case %zu:\n      got:  %s      want: %s", i, got, want);
}

/*
 * The reader takes runs of plain moves in one loop (reader_movetext_run()
 * in reader_run.c), castling included unless the next word could join it
 * ("O-O -O", "O - O", "O-O 1/2-1/2"). The expected dumps are those of the
 * reader before runs existed (0ff60ab).
 */
void test_reader_runs__castling(void)
{
    static const struct { const char *text, *want; } cases[] = {
        { "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O O-O 5. d3 d6 *\n",
          "#1 @0+66 1:1 - [Event \"x\"] | 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O O-O 5.d3 d6 => *\n"
          "" },
        { "[Event \"x\"]\n\n1. e4 e5 2. O-O -O 3. O-O O - O 4. O-O 0-0 5. O-O-O+ O-O-O# 6. O-O\n-O *\n",
          "#1 @0+85 1:1 - [Event \"x\"] | 1.e4 e5 2.O-O-O=rejoined 3.O-O O-O=rejoined 4.O-O 0-0 5.O-O-O+ O-O-O# 6.O-O -O => *\n"
          "" },
        { "[Event \"x\"]\n\n1. e4 e5 10.O-O 11.O-O-O O-O\t1-0 12. O-O :x O-O /y O-O-O- O-OO O-O-O-O *\n",
          "#1 @0+45 1:1 - [Event \"x\"] | 1.e4 e5 10.O-O 11.O-O-O O-O => 1-0\n"
          "#2 @45+41 3:34 -  | 12.O-O :x O-O /y O-O-O- O-OO O-O-O-O => *\n" },
        { "[Event \"x\"]\n\n1. e4 e5 2. O-O 1/2-1/2\n",
          "#1 @0+37 1:1 - [Event \"x\"] | 1.e4 e5 2.O-O => 1/2-1/2\n"
          "" },
        { "[Event \"x\"]\n\n1. e4 e5 2. O-O \xC2\xBD-\xC2\xBD\n",
          "#1 @0+35 1:1 - [Event \"x\"] | 1.e4 e5 2.O-O => \xC2\xBD" "-\xC2\xBD" "\n"
          "" },
        /* Castling before a move number that starts with 1 or 0, or before a word starting
         * with '-' that does or does not join it. */
        { "[Event \"x\"]\n\n9. O-O O-O 10. O-O-O O-O 11.O-O O-O-O 100.O-O O-O 0-1\n",
          "#1 @0+67 1:1 - [Event \"x\"] | 9.O-O O-O 10.O-O-O O-O 11.O-O O-O-O 100.O-O O-O => 0-1\n"
          "" },
        { "[Event \"x\"]\n\n9. O-O -- 10. O-O-O -- 11. O-O --O O-O -\tO O-O-O -O *\n",
          "#1 @0+67 1:1 - [Event \"x\"] | 9.O-O --=null 10.O-O-O --=null 11.O-O --O O-O-O=rejoined O-O-O -O => *\n"
          "" },
        { "[Event \"x\"]\n\n9. O-O  1. O-O-O\t0. O-O O O-O-O O-O *\n",
          "#1 @0+51 1:1 - [Event \"x\"] | 9.O-O 1.O-O-O O-O O O-O-O O-O => *\n"
          "" },
        { "[Event \"x\"]\n\n1. e4 e5 2. O-O+ O-O# 3. O-O! O-O?? 4. O-O(=) O-O *\n",
          "#1 @0+65 1:1 - [Event \"x\"] | 1.e4 e5 2.O-O+ O-O# 3.O-O $1 O-O $4 4.O-O=drawoffer O-O => *\n"
          "" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_dumps(i, cases[i].text, 0, cases[i].want);
}

/*
 * Runs of tag pairs (reader_tag_run() in reader_tags.c) find a name's end sixteen
 * bytes at a time: a byte taken for a name character that is none would
 * make a tag the general way refuses ("[Ab d ...]" has no value).
 */
void test_reader_runs__tag_name_bytes(void)
{
    for (unsigned c = 1; c < 256; c++) {
        char text[128];
        int n = snprintf(text, sizeof text, "[Ab%cd \"v\"]\n[Site \"s\"]\n[Round \"1\"]\n\n1. e4 *\n",
                         (char)c);
        struct pgn_reader *r;
        struct game g;
        if (pgn_reader_open_mem(&r, text, (size_t)n, NULL) != PGN_OK) {
            FAIL("byte 0x%02x: cannot open", c);
            continue;
        }
        int name_char = (pgn_lex_class[c] & LX_TAGNAME) != 0, found = 0;
        while (pgn_reader_next(r, &g) > 0)
            for (uint32_t i = 0; i < g.ntags; i++)
                found |= g.tags[i].name_len == 4 && !memcmp(g.tags[i].name, "Ab", 2) &&
                         (unsigned char)g.tags[i].name[2] == c;
        pgn_reader_free(r);
        if (found != name_char)
            FAIL("byte 0x%02x: tag name with it %s", c, found ? "read" : "not read");
    }
}

/*
 * Tag ids (struct game_tag.id) of common names and near misses, for tag
 * pairs read by the runs with sixteen-byte compares, by the runs near the
 * end of the input (byte by byte), and the general way (an escaped value):
 * reader_dump_all() checks every id against the name.
 */
void test_reader_runs__tag_ids(void)
{
    static const char *const names[] = {
        "Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "WhiteElo",
        "BlackElo", "PlyCount", "EventDate", "Annotator", "Opening", "Variation", "TimeControl",
        "Termination", "FEN", "SetUp", "Variant", "WhiteTitle", "BlackTitle", "WhiteFideId",
        "BlackFideId", "EventType", "EventRounds", "EventCountry", "Source", "SourceDate",
        "UTCDate", "UTCTime", "WhiteRatingDiff", "BlackRatingDiff", "Mode", "Board", "WhiteTeam",
        "BlackTeam", "E", "Even", "Eventt", "event", "EVENT", "FE", "FENs", "Setup", "Whiteelo",
        "WhiteElO", "BlackRatingDif", "WhiteRatingDiffs", "WhiteRatingDiffsX", "Board_", "_",
        /* The first eight bytes of a common name (its hash slot), then more. */
        "WhiteEloX", "EventDat", "EventDateX", "SourceDat", "UTCDat", "UTCDateX", "BlackTeamX",
    };
    static const char *const forms[] = {
        "[%s \"v\"]\n[Site \"s\"]\n[Round \"1\"]\n[Date \"?\"]\n\n1. e4 *\n",
        "[Site \"s\"]\n[%s \"v\"]\n",
        "[%s \"a\\\"b\"]\n[Site \"s\"]\n\n1. e4 *\n",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
            char text[256];
            int n = snprintf(text, sizeof text, forms[f], names[i]);
            struct pgn_reader *r;
            int rc;
            if (pgn_reader_open_mem(&r, text, (size_t)n, NULL) != PGN_OK) {
                FAIL("%s: cannot open", names[i]);
                continue;
            }
            char *dump = reader_dump_all(r, text, (size_t)n, &rc, NULL);
            if (!strstr(dump, names[i]))
                FAIL("%s, form %zu: tag not read: %s", names[i], f, dump);
            free(dump);
        }
    }
}

/*
 * Where reader_tag_run() stops and hands over: tag pairs glued, spaced, after
 * other tokens, ended by \n, \r\n, \r or the input end, a repeated tag, a
 * name of sixteen bytes, an escaped value. Each game's tags with their
 * line:column@offset, then its diagnostics and first moves, as the reader
 * gave them before reader_tag_run() kept its state in locals (2e7d08b).
 */
static void dump_tag_positions(const char *text, char *got, size_t size)
{
    struct pgn_reader *r;
    struct game g;
    size_t n = 0;
    got[0] = 0;
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL) != PGN_OK)
        return;
    while (pgn_reader_next(r, &g) > 0 && n + 200 < size) {
        n += (size_t)snprintf(got + n, size - n, "#%llu %llu:%u@%llu+%zu:",
                              (unsigned long long)g.index, (unsigned long long)g.line, g.col,
                              (unsigned long long)g.offset, g.raw_len);
        for (uint32_t k = 0; k < g.ntags && n + 200 < size; k++)
            n += (size_t)snprintf(got + n, size - n, " %s=%s/%u %llu:%u@%u", g.tags[k].name,
                                  g.tags[k].value, g.tags[k].id,
                                  (unsigned long long)g.tags[k].line, g.tags[k].col,
                                  g.tags[k].off);
        for (uint32_t k = 0; k < g.nerrors && n + 200 < size; k++)
            n += (size_t)snprintf(got + n, size - n, " !%llu:%u@%llu:%s",
                                  (unsigned long long)g.errors[k].line, g.errors[k].col,
                                  (unsigned long long)g.errors[k].offset, g.errors[k].message);
        for (uint32_t k = 0; k < g.nmoves && k < 2 && n + 200 < size; k++)
            n += (size_t)snprintf(got + n, size - n, " %.*s %llu:%u@%u", (int)g.moves[k].len,
                                  g.moves[k].text, (unsigned long long)g.moves[k].line,
                                  g.moves[k].col, g.moves[k].off);
        n += (size_t)snprintf(got + n, size - n, "\n");
    }
    pgn_reader_free(r);
}
void test_reader_runs__tag_positions(void)
{
    static const char *const texts[] = {
        "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 *\n",
        "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 e5 *\r\n",
        "[Event \"a\"]\r[Site \"b\"]\r\r1. e4 e5 *\r",
        "[Event \"a\"] [Site \"b\"]\n[Round \"1\"]x\n1. e4 e5 *\n",
        "{c} [Event \"a\"]\n[Site \"b\"]\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n[Event \"c\"]\n[Site \"d\"]\n\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n[Site \"c\"]\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n[Round \"c\"]\n1. e4 e5 *\n",
        "[VeryLongTagName16 \"a\"]\n[Event \"b\"]\n1. e4 e5 *\n",
        "[Event \"a\\\"b\"]\n[Site \"b\"]\n[Date \"x\"] \n[Round \"1\"]\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]",
        "1. e4 *\n\n[Event \"a\"]\n[Site \"b\"]\n\n1. d4 d5 *\n",
        "  [Event \"a\"]\n\t[Site \"b\"]\n1. e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n*\n[Event \"c\"]\n*\n",
        "[Event \"a\"]\n[Site \"\"]\n[Round \"1\"]\n\n\n1.e4 e5 *\n",
        "[Event \"a\"]\n[Site \"b\"]\n]\n1. e4 e5 *\n",
        "[Event \"a\"]\r\n[Site \"b\"] }\r\n1. e4 *\r\n",
    };
    static const char *const want[] = {
        "#1 1:1@0+35: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 4:4@27 e5 4:7@30\n",
        "#1 1:1@0+39: Event=a/2 1:1@0 Site=b/3 2:1@13 e4 4:4@30 e5 4:7@33\n",
        "#1 1:1@0+35: Event=a/2 1:1@0 Site=b/3 2:1@12 e4 4:4@27 e5 4:7@30\n",
        "#1 1:1@0+47: Event=a/2 1:1@0 Site=b/3 1:13@12 Round=1/5 2:1@23 x 2:12@34 e4 3:4@39\n",
        "#1 1:1@0+38: Event=a/2 1:5@4 Site=b/3 2:1@16 e4 3:4@30 e5 3:7@33\n",
        "#1 1:1@0+23: Event=a/2 1:1@0 Site=b/3 2:1@12\n"
          "#2 3:1@23+35: Event=c/2 3:1@0 Site=d/3 4:1@12 e4 6:4@27 e5 6:7@30\n",
        "#1 1:1@0+24: Event=a/2 1:1@0 Site=b/3 2:1@12\n"
          "#2 4:1@24+22: Site=c/3 4:1@0 e4 5:4@14 e5 5:7@17\n",
        "#1 1:1@0+47: Event=a/2 1:1@0 Site=b/3 2:1@12 Round=c/5 4:1@24 e4 5:4@39 e5 5:7@42\n",
        "#1 1:1@0+47: VeryLongTagName16=a/1 1:1@0 Event=b/2 2:1@24 e4 3:4@39 e5 3:7@42\n",
        "#1 1:1@0+61: Event=a\"b/2 1:1@0 Site=b/3 2:1@15 Date=x/4 3:1@26 Round=1/5 4:1@38 e4"
          " 5:4@53 e5 5:7@56\n",
        "#1 1:1@0+22: Event=a/2 1:1@0 Site=b/3 2:1@12\n",
        "#1 1:1@0+9: e4 1:4@3\n"
          "#2 3:1@9+35: Event=a/2 3:1@0 Site=b/3 4:1@12 d4 6:4@27 d5 6:7@30\n",
        "#1 1:3@0+37: Event=a/2 1:3@2 Site=b/3 2:2@15 e4 3:4@29 e5 3:7@32\n",
        "#1 1:1@0+25: Event=a/2 1:1@0 Site=b/3 2:1@12\n"
          "#2 4:1@25+14: Event=c/2 4:1@0\n",
        "#1 1:1@0+46: Event=a/2 1:1@0 Site=/3 2:1@12 Round=1/5 3:1@22 e4 6:3@38 e5 6:6@41\n",
        "#1 1:1@0+36: Event=a/2 1:1@0 Site=b/3 2:1@12 !3:1@23:unexpected character ']'\n",
        "#1 1:1@0+36: Event=a/2 1:1@0 Site=b/3 2:1@13 !2:12@24:unexpected character '}'\n",
    };
    char got[8192];
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        dump_tag_positions(texts[i], got, sizeof got);
        if (strcmp(got, want[i]))
            FAIL("case %zu:\n      got:  %s      want: %s", i, got, want[i]);
    }
}

/*
 * reader_word() reads "1-0", "0-1", "1/2-1/2" and "*" with no blank after them
 * without pgn_lex_word(): the results, their positions and the diagnostics
 * around them as before (2e7d08b), next to spellings that take the general
 * way.
 */
void test_reader_runs__results(void)
{
    static const char *const texts[] = {
        "1. e4 1-0\n", "1. e4 0-1", "1. e4 1/2-1/2\r\n", "1. e4 *", "1. e4 1-0 {c}\n",
        "1. e4 1 - 0\n", "1. e4 1-0 1-0\n", "1. e4 (1... e5 1-0) *\n", "1. e4 1-0}\n",
        "1. e4 1/2-1/2 *\n", "1. e4 1-0\t\n", "1. e4 0-0 1-1 1/2-1/3 *\n", "1. e4 1-0\n\n1. d4 *\n",
    };
    static const char *const want[] = {
        "#1 @0+10 1:1 -  | 1.e4 => 1-0 1:7@6\n",
        "#1 @0+9 1:1 -  | 1.e4 => 0-1 1:7@6\n",
        "#1 @0+15 1:1 -  | 1.e4 => 1/2-1/2 1:7@6\n",
        "#1 @0+7 1:1 -  | 1.e4 => * 1:7@6\n",
        "#1 @0+14 1:1 -  | 1.e4 => 1-0 {c} 1:7@6\n",
        "#1 @0+12 1:1 -  | 1.e4 => 1 - 0 1:7@6\n",
        "#1 @0+14 1:1 -  | 1.e4 => 1-0 !1:11:W:second result token ignored 1:7@6\n",
        ("#1 @0+22 1:1 B-  | 1.e4 ( 1...e5 ) => 1-0 !1:7:E:unterminated variation !1:19:W:')'"
         " after the result ignored !1:21:W:second result token ignored 1:16@15\n"),
        "#1 @0+11 1:1 -  | 1.e4 => 1-0 !1:10:W:'}' after the result ignored 1:7@6\n",
        "#1 @0+16 1:1 -  | 1.e4 => 1/2-1/2 !1:15:W:second result token ignored 1:7@6\n",
        "#1 @0+11 1:1 -  | 1.e4 => 1-0 1:7@6\n",
        "#1 @0+24 1:1 -  | 1.e4 0-0 1-1 1/2-1/3 => * 1:23@22\n",
        "#1 @0+11 1:1 -  | 1.e4 => 1-0 1:7@6\n#2 @11+8 3:1 -  | 1.d4 => * 3:7@6\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct pgn_reader *r;
        struct game g;
        char buf[4096], got[8192];
        size_t n = 0;
        if (pgn_reader_open_mem(&r, texts[i], strlen(texts[i]), NULL) != PGN_OK) {
            FAIL("case %zu: cannot open", i);
            continue;
        }
        while (pgn_reader_next(r, &g) > 0 && n + 200 < sizeof got)
            n += (size_t)snprintf(got + n, sizeof got - n, "%s %llu:%u@%u\n",
                                  dump_game(&g, buf, sizeof buf),
                                  (unsigned long long)g.result_line, g.result_col, g.result_off);
        got[n] = 0;
        pgn_reader_free(r);
        if (strcmp(got, want[i]))
            FAIL("case %zu:\n      got:  %s      want: %s", i, got, want[i]);
    }
}

/*
 * The run tests every word against max_token and leaves a longer one to
 * the general way: with any limit, the first move over it gets the error
 * and the moves before it are read, glued to their numbers or not.
 */
void test_reader_runs__token_limit(void)
{
    static const char *const texts[] = {
        "[Event \"x\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 dxc6 5.d8=Q+ Kxd8 6.Nbd2xe4 Nbd2xe4+"
        " 7.Nd2xe4xf6 Nd2xe4xf6+ *\n",
        "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. d8=Q+ Kxd8 6. Nbd2xe4\n"
        "Nbd2xe4+ 7. Nd2xe4xf6 Nd2xe4xf6+ *\n",
    };
    static const unsigned lens[] = { 2, 2, 3, 3, 3, 2, 4, 4, 5, 4, 7, 8, 9, 10 };
    const unsigned nlens = sizeof lens / sizeof lens[0];
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        for (unsigned limit = 1; limit <= 12; limit++) {
            struct pgn_reader_opts o;
            pgn_reader_opts_init(&o);
            o.limits.max_token = limit;
            struct pgn_reader *r;
            struct game g;
            if (pgn_reader_open_mem(&r, texts[t], strlen(texts[t]), &o) != PGN_OK) {
                FAIL("text %zu, limit %u: cannot open", t, limit);
                continue;
            }
            unsigned want = 0;
            while (want < nlens && lens[want] <= limit)
                want++;
            if (pgn_reader_next(r, &g) != 1) {
                FAIL("text %zu, limit %u: no game", t, limit);
            } else {
                int too_long = g.nerrors == 1 && g.errors[0].code == PGN_ETOOBIG;
                if (g.nmoves != want || (want < nlens) != too_long || (want == nlens && g.nerrors))
                    FAIL("text %zu, limit %u: %u moves (want %u), %u diagnostics", t, limit,
                         g.nmoves, want, g.nerrors);
            }
            pgn_reader_free(r);
        }
    }
}

/*
 * The sites of the runs (after Black's move, after a number alone, before
 * Black's move) and the number waiting for its move, across blanks, line
 * ends (\n, \r\n, \r), comments and variations: every move with its
 * number, line, column and offset as the reader read them before the sites
 * had their own code (8349a5d).
 */
void test_reader_runs__sites(void)
{
    static const struct { const char *text, *want; } cases[] = {
        { "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n",
          "#1 @0+56 1:1 - [Event \"x\"] | 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 => *\n"
          "3:4@16  3:7@19  3:13@25  3:17@29  3:24@36  3:28@40  3:34@46  3:38@50\n" },
        { "[Event \"x\"]\n\n1.e4 e5 2.Nf3 Nc6\n3.Bb5 a6\r\n4.Ba4 Nf6\r5.O-O Be7 *\n",
          "#1 @0+63 1:1 - [Event \"x\"] | 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 => *\n"
          "3:3@15  3:6@18  3:11@23  3:15@27  4:3@33  4:7@37  5:3@43  5:7@47  6:3@53  6:7@57\n" },
        { "[Event \"x\"]\n\n1. e4 1... e5 2. Nf3 2... Nc6 3.Bb5 3...a6 4... Ba4 *\n",
          "#1 @0+67 1:1 - [Event \"x\"] | 1.e4 1...e5 2.Nf3 2...Nc6 3.Bb5 3...a6 4...Ba4 => *\n"
          "3:4@16  3:12@24  3:18@30  3:27@39  3:33@45  3:41@53  3:49@61\n" },
        { "[Event \"x\"]\n\n1. 2. e4 e5 3. 4.Nf3 Nc6 5. {c} Bb5 6.\na6 7.. Ba4 8. (9. Nf6) *\n",
          "#1 @0+77 1:1 - [Event \"x\"] | 2.e4 e5 4.Nf3 Nc6 {c} 5.Bb5 6.a6 7...Ba4 ( 9.Nf6 ) => *\n"
          "3:7@19  3:10@22  3:18@30  3:22@34  3:33@45  4:1@52  4:8@59  4:19@70\n" },
        { "[Event \"x\"]\n\ne4 e5 Nf3 Nc6 1. Bb5 a6 Ba4 2.Nf6 3. 4. *\n",
          "#1 @0+55 1:1 - [Event \"x\"] | e4 e5 Nf3 Nc6 1.Bb5 a6 Ba4 2.Nf6 => *\n"
          "3:1@13  3:4@16  3:7@19  3:11@23  3:18@30  3:22@34  3:25@37  3:31@43\n" },
        { "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 0. Bb5 0...a6 1234567890. Ba4 123456789. Nf6"
          " *\n",
          "#1 @0+80 1:1 B- [Event \"x\"] | 1.e4 e5 2.Nf3 Nc6 Bb5 a6 => *"
          " !3:35:E:unexpected token '1234567890.'\n"
          "3:4@16  3:7@19  3:13@25  3:17@29  3:24@36  3:32@44\n" },
        { "[Event \"x\"]\n\n1. e4 e5 2. Nf3 12. $1 Nc6 3. Bb5 (3. Ba4 a6) a6 4. a8(D) Qd2(=)"
          " 5. e.p. ep *\n",
          "#1 @0+91 1:1 - [Event \"x\"] | 1.e4 e5 2.Nf3 $1 12.Nc6 3.Bb5 ( 3.Ba4 a6 ) a6 4.a8(D)"
          " Qd2=ep=drawoffer => *\n"
          "3:4@16  3:7@19  3:13@25  3:24@36  3:31@43  3:47@59  3:53@65  3:59@71  3:39@51"
          "  3:43@55\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_dumps(i, cases[i].text, 1, cases[i].want);
}
