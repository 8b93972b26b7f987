/* test_reader.c - the streaming PGN reader: constructs, boundaries, recovery, limits, partition. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"

/* ------------------------------------------------------------ helpers */

/* 1 when text holds only white space and byte order marks: no game, by design. */
static int blank_input(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (i + 2 < len && !memcmp(text + i, "\xEF\xBB\xBF", 3))
            i += 2;
        else if (!strchr(" \t\n\r\f\v", text[i]) || !text[i])
            return 0;
    }
    return 1;
}

/* Reads every game of text with opts and returns their dumps, one per line ("" if none). */
static char *parse_all(const char *text, size_t len, const struct pgn_reader_opts *opts, int *rc_out)
{
    struct pgn_reader *r;
    int rc;
    uint64_t end;
    if (pgn_reader_open_mem(&r, text, len, opts)) {
        FAIL("cannot open memory reader");
        return calloc(1, 1);
    }
    char *out = reader_dump_all(r, text, len, &rc, &end);
    if (rc == 0 && end != len && !reader_blank_gap(text, end, len) &&
        !(end == 0 && blank_input(text, len)))
        FAIL("spans end at %llu of %zu bytes", (unsigned long long)end, len);
    if (rc_out)
        *rc_out = rc;
    return out;
}

/* Compares the dumps of text's games with want (dumps joined by '\n'). */
#define EXPECT_GAMES(text, want) expect_games_((text), sizeof(text) - 1, NULL, (want), __LINE__)

static void expect_games_(const char *text, size_t len, const struct pgn_reader_opts *opts,
                          const char *want, int line)
{
    char *got = parse_all(text, len, opts, NULL);
    if (strcmp(got, want))
        FAIL("line %d: parse differs\n      got:  %s      want: %s", line, got, want);
    free(got);
}

/* The single game of text, through a callback. */
static void with_game(const char *text, void (*fn)(const struct game *g))
{
    struct pgn_reader *r;
    struct game g;
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL)) {
        FAIL("cannot open");
        return;
    }
    if (pgn_reader_next(r, &g) == 1)
        fn(&g);
    else
        FAIL("no game in '%s'", text);
    pgn_reader_free(r);
}

/* ----------------------------------------------------------- constructs */

void test_reader__tags(void)
{
    EXPECT_GAMES("[Event \"a \\\"b\\\" \\\\ c\"]\n[Site \"C:\\games\"]\n\n*\n",
                 "#1 @0+44 1:1 - [Event \"a \"b\" \\ c\"] [Site \"C:\\games\"] | => *\n");
    /* dartchess pathological-headers.pgn: several tags on one line, brackets in values. */
    EXPECT_GAMES("[A \"b\\\"\"] [B \"b\\\"\"] [C \"A]]\"] [D \"A]][\"] [E \"\\\"A]][\\\"\"] "
                 "[F \"\\\"A]][\\\"\\\\\"] [G \"\\\"]\"]\n",
                 "#1 @0+83 1:1 - [A \"b\"\"] [B \"b\"\"] [C \"A]]\"] [D \"A]][\"] [E \"\"A]][\"\"] "
                 "[F \"\"A]][\"\\\"] [G \"\"]\"] |\n");
    /* Blanks inside the brackets, an empty value, a missing ']'. */
    EXPECT_GAMES("[  White   \"x\"  ]\n[Black \"\"]\n[Round \"3\"\n*",
                 "#1 @0+41 1:1 - [White \"x\"] [Black \"\"] [Round \"3\"] | => * "
                 "!3:11:W:missing ']' after tag 'Round'\n");
    /* Text after the value; a value that runs to the line end. */
    EXPECT_GAMES("[Event \"x\" junk]\n[Site \"s\"\n*",
                 "#1 @0+28 1:1 - [Event \"x\"] [Site \"s\"] | => * "
                 "!1:12:W:text after the value of tag 'Event' !2:10:W:missing ']' after tag 'Site'\n");
}

static void check_tag_fields(const struct game *g)
{
    CHECK_EQ_INT(g->ntags, 2);
    CHECK_EQ_STR(g->tags[1].name, "White");
    CHECK_EQ_STR(g->tags[1].value, "Nimzo\"witsch");
    CHECK_EQ_INT(g->tags[1].value_len, 12);
    CHECK_EQ_INT(g->tags[1].line, 2);
    CHECK_EQ_INT(g->tags[1].col, 3);
    CHECK_EQ_INT(g->tags[1].off, 15);
    CHECK(g->tags[1].value[12] == '\0');
    CHECK_EQ_STR(game_tag_value(g, "Event"), "E");
    CHECK(game_tag(g, "Black") == NULL);
}

void test_reader__tag_fields(void)
{
    with_game("[Event \"E\"]\r\n  [White \"Nimzo\\\"witsch\"]\r\n\r\n*\r\n", check_tag_fields);
}

void test_reader__move_numbers(void)
{
    EXPECT_GAMES("1. e4 e5 2.Nf3 2...Nc6 3. Bb5 3... a6 4 Ba4 4 ... Nf6 5.O-O 5…Be7 6. ... Re8\n",
                 "#1 @0+79 1:1 -  | 1.e4 e5 2.Nf3 2...Nc6 3.Bb5 3...a6 4.Ba4 4...Nf6 5.O-O 5...Be7 "
                 "6...Re8\n");
}

static void check_number_flags(const struct game *g)
{
    CHECK_EQ_INT(g->nmoves, 4);
    CHECK_EQ_INT(g->moves[0].number, 12);
    CHECK_EQ_INT(g->moves[0].flags, GAME_MOVE_GLUED_NUMBER);
    CHECK_EQ_INT(g->moves[0].col, 4); /* the move, not its number */
    CHECK_EQ_INT(g->moves[1].number, 0);
    CHECK_EQ_INT(g->moves[2].number, 13);
    CHECK_EQ_INT(g->moves[2].flags, GAME_MOVE_NUMBER_DOTS);
    CHECK_EQ_INT(g->moves[3].flags, GAME_MOVE_GLUED_NUMBER | GAME_MOVE_NUMBER_DOTS);
}

void test_reader__number_flags(void)
{
    with_game("12.Nf3 Nc6 13... d5 14...e5 *", check_number_flags);
}

void test_reader__results(void)
{
    EXPECT_GAMES("e4 1-0\ne4 0-1\ne4 1/2-1/2\ne4 *\ne4 ½-½\ne4 1:0\ne4 0:1\ne4 ½:½\ne4 1/2\n"
                 "e4 1 - 0\ne4 0 - 1\ne4 1/2 - 1/2\ne4 1- 0\n",
                 "#1 @0+7 1:1 -  | e4 => 1-0\n#2 @7+7 2:1 -  | e4 => 0-1\n"
                 "#3 @14+11 3:1 -  | e4 => 1/2-1/2\n#4 @25+5 4:1 -  | e4 => *\n"
                 "#5 @30+9 5:1 -  | e4 => ½-½\n#6 @39+7 6:1 -  | e4 => 1:0\n"
                 "#7 @46+7 7:1 -  | e4 => 0:1\n#8 @53+9 8:1 -  | e4 => ½:½\n"
                 "#9 @62+7 9:1 -  | e4 => 1/2\n#10 @69+9 10:1 -  | e4 => 1 - 0\n"
                 "#11 @78+9 11:1 -  | e4 => 0 - 1\n#12 @87+13 12:1 -  | e4 => 1/2 - 1/2\n"
                 "#13 @100+8 13:1 -  | e4 => 1- 0\n");
    /* A result only in a comment stays a comment, with a warning; a second result is ignored. */
    EXPECT_GAMES("1. e4 e5 {0-1}\n\n[Event \"x\"]\n1. d4 1-0 1-0\n",
                 "#1 @0+16 1:1 -  | 1.e4 e5 {0-1}=R !1:10:W:result only in a comment\n"
                 "#2 @16+26 3:1 - [Event \"x\"] | 1.d4 => 1-0 !4:11:W:second result token ignored\n");
}

static void check_result_fields(const struct game *g)
{
    CHECK_EQ_INT(g->result, PGN_RESULT_DRAW);
    CHECK_EQ_INT(g->result_len, 9);
    CHECK(!memcmp(g->result_text, "1/2 - 1/2", 9));
    CHECK_EQ_INT(g->result_line, 2);
    CHECK_EQ_INT(g->result_col, 6);
    CHECK_EQ_INT(g->result_off, 14);
    CHECK_EQ_STR(pgn_result_str(g->result), "1/2-1/2");
}

void test_reader__result_fields(void)
{
    with_game("1. e4 e5\n2.a3 1/2 - 1/2\n", check_result_fields);
}

void test_reader__nags_and_glyphs(void)
{
    EXPECT_GAMES("1. e4 $1 e5 $2 $13 2. Nf3 ! Nc6 ? 3. Bc4 !! Bc5 ?? 4. c3 !? Nf6 ?! 5. d4 = exd4 += "
                 "6. cxd4 =+ Bb4+ ± 7. Bd2 ∓ Bxd2+ +- 8. Nbxd2 -+ d5 ∞ 9. exd5 □ *",
                 "#1 @0+154 1:1 -  | 1.e4 $1 e5 $2 $13 2.Nf3 $1 Nc6 $2 3.Bc4 $3 Bc5 $4 4.c3 $5 Nf6 $6 "
                 "5.d4 $10 exd4 $14 6.cxd4 $15 Bb4+ $16 7.Bd2 $17 Bxd2+ $18 8.Nbxd2 $19 d5 $13 "
                 "9.exd5 $7 => *\n");
    /* Glyphs glued to the move become NAGs; check marks stay in the text. */
    EXPECT_GAMES("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5+!? a6?! 4. Ba4± Nf6∓ 5. O-O!? *",
                 "#1 @0+67 1:1 -  | 1.e4 $1 e5 $2 2.Nf3 $3 Nc6 $4 3.Bb5+ $5 a6 $6 4.Ba4 $16 Nf6 $17 "
                 "5.O-O $5 => *\n");
    EXPECT_GAMES("$1 1. e4 $256 e5 $x *",
                 "#1 @0+21 1:1 B-  | 1.e4 e5 => * !1:1:W:NAG before the first move of a line ignored "
                 "!1:10:E:NAG '$256' out of range (0-255) !1:18:E:bad NAG '$x'\n");
}

void test_reader__comments(void)
{
    EXPECT_GAMES("{before tags}\n[Event \"c\"]\n{game comment} 1. e4 {after e4}\n"
                 "{second\nline} e5 ; rest of line {not a brace\n2. Nf3 *\n",
                 "#1 @0+112 1:1 - [Event \"c\"] | {before tags} {game comment} 1.e4 {after e4} "
                 "{second\\nline} e5 ; rest of line {not a brace<rest of line {not a brace> 2.Nf3 "
                 "=> *\n");
    /* Commands: [%clk] [%emt] [%eval] [%csl] [%cal]; plain text joins the pieces. */
    EXPECT_GAMES("1. e4 { [%clk 0:03:00] } e5 {[%emt 0:00:05][%eval -0.35,22]} "
                 "2. Nf3 {Good [%csl Rd4,Ge5] move [%cal Gf3e5] indeed} [%x 1] *",
                 "#1 @0+123 1:1 B-  | 1.e4 { [%clk 0:03:00] }<|%clk=0:03:00> e5 "
                 "{[%emt 0:00:05][%eval -0.35,22]}<|%emt=0:00:05|%eval=-0.35,22> 2.Nf3 "
                 "{Good [%csl Rd4,Ge5] move [%cal Gf3e5] indeed}<Good move indeed|%csl=Rd4,Ge5|"
                 "%cal=Gf3e5> => * !1:116:E:unexpected '[' in movetext\n");
}

static void check_comment_fields(const struct game *g)
{
    CHECK_EQ_INT(g->ncomments, 3);
    const struct game_comment *c = &g->comments[g->moves[0].comment_first];
    CHECK_EQ_INT(g->moves[0].comment_count, 1);
    CHECK_EQ_INT(c->len, 19);
    CHECK(!memcmp(c->text, " [%clk 1:02:03.4] ", 18));
    CHECK_EQ_INT(c->plain_len, 0);
    CHECK_EQ_INT(c->cmd_count, 1);
    CHECK(!memcmp(g->cmds[c->cmd_first].name, "clk", 3));
    CHECK_EQ_INT(g->cmds[c->cmd_first].args_len, 9);
    CHECK_EQ_INT(c->line, 1);
    CHECK_EQ_INT(c->col, 7);
    CHECK_EQ_INT(c->off, 6);
    CHECK_EQ_INT(g->post_count, 2);
    CHECK_EQ_INT(g->comments[g->post_first].flags, GAME_COMMENT_LINE);
    CHECK_EQ_INT(g->comments[g->post_first + 1].flags, 0);
}

void test_reader__comment_fields(void)
{
    with_game("1. e4 { [%clk 1:02:03.4] \n} 1-0 ; trailing\n{last}\n", check_comment_fields);
}

void test_reader__variations(void)
{
    EXPECT_GAMES("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6 {French}) 2. Nf3 "
                 "({line start} 2. Bc4 (2. d4) Nf6) Nc6 *",
                 "#1 @0+110 1:1 -  | 1.e4 e5 ( 1...c5 2.Nf3 ( 2.c3 d5 ) 2...d6 ) ( 1...e6 {French} ) "
                 "2.Nf3 ( {line start} 2.Bc4 ( 2.d4 ) Nf6 ) Nc6 => *\n");
}

/* The tree of the game above: indices, parents, depth, contiguity. */
static void check_tree(const struct game *g)
{
    CHECK_EQ_INT(g->nvars, 6);
    const struct game_var *main = &g->vars[0];
    CHECK_EQ_INT(main->count, 4);
    CHECK_EQ_INT(main->parent, UINT32_MAX);
    const struct game_move *e5 = &g->moves[main->first + 1];
    CHECK(!memcmp(e5->text, "e5", 2));
    CHECK_EQ_INT(e5->var_count, 2);
    const struct game_var *sic = &g->vars[e5->var_first];
    const struct game_var *fr = &g->vars[e5->var_first + 1];
    CHECK_EQ_INT(sic->depth, 1);
    CHECK_EQ_INT(sic->parent, main->first + 1);
    CHECK_EQ_INT(sic->count, 3);
    CHECK_EQ_INT(sic->col, 10);
    CHECK(!memcmp(g->moves[sic->first].text, "c5", 2));
    const struct game_move *nf3 = &g->moves[sic->first + 1];
    CHECK_EQ_INT(nf3->var_count, 1);
    const struct game_var *c3 = &g->vars[nf3->var_first];
    CHECK_EQ_INT(c3->depth, 2);
    CHECK_EQ_INT(c3->count, 2);
    CHECK(!memcmp(g->moves[c3->first + 1].text, "d5", 2));
    CHECK_EQ_INT(fr->count, 1);
    CHECK_EQ_INT(g->moves[fr->first].comment_count, 1);
    const struct game_move *w2 = &g->moves[main->first + 2];
    const struct game_var *bc4 = &g->vars[w2->var_first];
    CHECK_EQ_INT(bc4->comment_count, 1);
    CHECK(!memcmp(g->comments[bc4->comment_first].text, "line start", 10));
    /* Every move sits in the slice of the line it names. */
    for (uint32_t i = 0; i < g->nmoves; i++) {
        const struct game_var *v = &g->vars[g->moves[i].var];
        CHECK(i >= v->first && i < v->first + v->count);
    }
}

void test_reader__variation_tree(void)
{
    with_game("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6 {French}) 2. Nf3 "
              "({line start} 2. Bc4 (2. d4) Nf6) Nc6 *",
              check_tree);
}

/* Comments and NAGs on one move, with a variation between them. */
static void check_interleaved(const struct game *g)
{
    const struct game_move *e4 = &g->moves[g->vars[0].first];
    CHECK_EQ_INT(e4->comment_count, 2);
    CHECK(!memcmp(g->comments[e4->comment_first].text, "a", 1));
    CHECK(!memcmp(g->comments[e4->comment_first + 1].text, "b", 1));
    CHECK_EQ_INT(e4->nag_count, 2);
    CHECK_EQ_INT(g->nags[e4->nag_first], 1);
    CHECK_EQ_INT(g->nags[e4->nag_first + 1], 3);
}

void test_reader__interleaved_attachments(void)
{
    with_game("1. e4 $1 {a} (1. d4 $2 {c} d5 $4) $3 {b} e5 *", check_interleaved);
}

void test_reader__german_and_quirks(void)
{
    EXPECT_GAMES("e4 e5 / Lc4 Sc6 / Df3 Lc5 / Dxf7#\n",
                 "#1 @0+34 1:1 -  | e4 e5 Lc4 Sc6 Df3 Lc5 Dxf7#\n");
    EXPECT_GAMES("1. e4 e5 2. 0- 0 0-0-0 3. O - O 0- 0 -0 4. Sf5: ed5: 5. d5xc6 e.p. exd6ep 6. a8(D) "
                 "Dd2(=) 7. Kb1 (=) e1D++ 8. --  Z0 9.0-0+ *",
                 "#1 @0+125 1:1 -  | 1.e4 e5 2.0-0=rejoined 0-0-0 3.O-O=rejoined 0-0-0=rejoined "
                 "4.Sf5: ed5: 5.d5xc6=ep exd6=ep 6.a8(D) Dd2=drawoffer 7.Kb1=drawoffer e1D++ "
                 "8.--=null Z0=null 9.0-0+ => *\n");
    EXPECT_GAMES("1. e4 e.p. *", "#1 @0+12 1:1 -  | 1.e4=ep => *\n");
    /* "ep." (German, with the abbreviation's dot), alone and glued, as "e.p." is read. */
    EXPECT_GAMES("1. e4 ep. *", "#1 @0+11 1:1 -  | 1.e4=ep => *\n");
    EXPECT_GAMES("1. e4ep. d5 *", "#1 @0+13 1:1 -  | 1.e4=ep d5 => *\n");
    EXPECT_GAMES("e.p. 1. e4 *",
                 "#1 @0+12 1:1 B-  | => * !1:1:E:en-passant mark 'e.p.' without a move\n");
}

static void check_quirk_flags(const struct game *g)
{
    CHECK_EQ_INT(g->nmoves, 3);
    CHECK_EQ_INT(g->moves[0].flags, GAME_MOVE_REJOINED);
    CHECK_EQ_INT(g->moves[0].len, 3);
    CHECK(!memcmp(g->moves[0].text, "0-0", 3));
    CHECK_EQ_INT(g->moves[0].col, 1);
    CHECK_EQ_INT(g->moves[1].flags, GAME_MOVE_EP | GAME_MOVE_REJOINED);
    CHECK(!memcmp(g->moves[1].text, "a4xb3+", 6));
    CHECK_EQ_INT(g->moves[2].flags, GAME_MOVE_NULL | GAME_MOVE_DRAW_OFFER);
}

void test_reader__quirk_flags(void)
{
    with_game("0- 0 a4xb3 e.p.+ -- (=) *", check_quirk_flags);
}

void test_reader__unicode_moves(void)
{
    EXPECT_GAMES("1. ♘f3 ♞f6 2. Кf3 Сc5 3. Крe2 3… Фd8-h4 *",
                 "#1 @0+52 1:1 -  | 1.♘f3 ♞f6 2.Кf3 Сc5 3.Крe2 3...Фd8-h4 => *\n");
}

void test_reader__escape_lines_and_whitespace(void)
{
    EXPECT_GAMES("%escape\n[Event \"e\"]\n% [Event \"not a tag\"]\n\f1.\te4\v e5\f*\n",
                 "#1 @0+55 1:1 - [Event \"e\"] | 1.e4 e5 => *\n");
    EXPECT_GAMES("1. e4 % not at the line start\n*",
                 "#1 @0+31 1:1 B-  | 1.e4 => * !1:7:E:unexpected character '%'\n");
}

/* ---------------------------------------------------- line ends, BOM */

void test_reader__line_ends(void)
{
    EXPECT_GAMES("[Event \"a\"]\r\n\r\n1. e4\r\ne5 *\r\n\r\n[Event \"b\"]\r\n1. d4 *\r\n",
                 "#1 @0+30 1:1 - [Event \"a\"] | 1.e4 e5 => *\n"
                 "#2 @30+22 6:1 - [Event \"b\"] | 1.d4 => *\n");
    EXPECT_GAMES("[Event \"a\"]\r\r1. e4\re5 *\r\r[Event \"b\"]\r1. d4 *",
                 "#1 @0+25 1:1 - [Event \"a\"] | 1.e4 e5 => *\n"
                 "#2 @25+19 6:1 - [Event \"b\"] | 1.d4 => *\n");
    /* Mixed: LF, CRLF, lone CR, and a last line without a line end. */
    EXPECT_GAMES("1. e4\n{a\r\nb\rc}\n2. Nf3 $1 *",
                 "#1 @0+26 1:1 -  | 1.e4 {a\\r\\nb\\rc} 2.Nf3 $1 => *\n");
}

static void check_crlf_positions(const struct game *g)
{
    CHECK_EQ_INT(g->moves[1].line, 4);
    CHECK_EQ_INT(g->moves[1].col, 1);
    CHECK_EQ_INT(g->moves[1].off, 15);
    CHECK_EQ_INT(g->result_line, 5);
    CHECK_EQ_INT(g->result_col, 1);
}

void test_reader__positions_with_crlf(void)
{
    with_game("1. e4 {x\r\n\r\n}\r\nNf3\r\n*", check_crlf_positions);
}

void test_reader__bom(void)
{
    EXPECT_GAMES("\xEF\xBB\xBF[Event \"bom\"]\n1. e4 *\n",
                 "#1 @0+25 1:1 M- [Event \"bom\"] | 1.e4 => *\n");
    /* A BOM at the start of a later line (files joined with cat) is skipped too; it
     * stays with the game that follows it (columns count it there). */
    EXPECT_GAMES("1. e4 *\n\xEF\xBB\xBF[Event \"x\"]\n1. d4 *\n",
                 "#1 @0+8 1:1 -  | 1.e4 => *\n#2 @8+23 2:4 M- [Event \"x\"] | 1.d4 => *\n");
}

/* ------------------------------------------------------------ encoding */

void test_reader__cp1252(void)
{
    EXPECT_GAMES("[White \"H\xfc" "bner\"]\n1. e4 {\x93quoted\x94 \x80 5} e5 *\n[Event \"ok \xc3\xbc\"]\n*\n",
                 "#1 @0+43 1:1 C- [White \"Hübner\"] | 1.e4 {“quoted” € 5} e5 => * "
                 "!1:10:N:not valid UTF-8: read as CP1252\n"
                 "#2 @43+18 3:1 - [Event \"ok ü\"] | => *\n");
    /* Undefined CP1252 bytes become C1 controls; the message quotes stay UTF-8. */
    EXPECT_GAMES("1. e\x81 \xff *", "#1 @0+9 1:1 C-  | 1.e\xc2\x81 \xc3\xbf => * "
                                    "!1:5:N:not valid UTF-8: read as CP1252\n");
}

/* ----------------------------------------------------------- boundaries */

void test_reader__boundaries(void)
{
    /* Header-only games, separated by an empty line; an empty line inside one header. */
    EXPECT_GAMES("[Event \"a\"]\n[Site \"s\"]\n\n[Event \"b\"]\n\n[Site \"t\"]\n\n[Event \"c\"]\n",
                 "#1 @0+24 1:1 - [Event \"a\"] [Site \"s\"] |\n"
                 "#2 @24+25 4:1 - [Event \"b\"] [Site \"t\"] |\n"
                 "#3 @49+12 8:1 - [Event \"c\"] |\n");
    /* A repeated Event starts a game even without an empty line. */
    EXPECT_GAMES("[Event \"a\"]\n[Event \"b\"]\n",
                 "#1 @0+12 1:1 - [Event \"a\"] |\n#2 @12+12 2:1 - [Event \"b\"] |\n");
    /* A tag line after movetext, without a result, starts the next game. */
    EXPECT_GAMES("1. e4 e5\n  [Event \"b\"]\n1. d4 *",
                 "#1 @0+9 1:1 -  | 1.e4 e5\n#2 @9+21 2:3 - [Event \"b\"] | 1.d4 => *\n");
    /* Any token after the result starts the next game, on the same line too. */
    EXPECT_GAMES("e4 * d4 1-0 {c} [Event \"x\"] c4 *",
                 "#1 @0+4 1:1 -  | e4 => *\n#2 @4+11 1:6 -  | d4 => 1-0 {c}\n"
                 "#3 @15+17 1:17 - [Event \"x\"] | c4 => *\n");
    /* Junk after the result that cannot start a game stays with it. */
    EXPECT_GAMES("e4 1-0 )\x01 $5\n[Event \"n\"]\n",
                 "#1 @0+13 1:1 -  | e4 => 1-0 !1:8:W:')' after the result ignored\n"
                 "#2 @13+12 2:1 - [Event \"n\"] |\n");
}

void test_reader__comment_with_bracket_lines(void)
{
    /* en-croissant PR #107: a comment line that starts with '[' is comment text. */
    EXPECT_GAMES("[Event \"a\"]\n\n1. e4 {note:\n[Event \"x\"] is quoted\n\n[Not a tag] either} e5 *\n",
                 "#1 @0+74 1:1 - [Event \"a\"] | 1.e4 {note:\\n[Event \"x\"] is quoted\\n\\n"
                 "[Not a tag] either} e5 => *\n");
}

void test_reader__unterminated_comment(void)
{
    /* The comment runs across an empty line and a tag line: the next game starts there. */
    EXPECT_GAMES("[Event \"a\"]\n\n1. e4 { never closed\n2. Nf3 *\n\n[Event \"b\"]\n\n1. d4 *\n",
                 "#1 @0+44 1:1 B- [Event \"a\"] | 1.e4 !3:7:E:unterminated comment\n"
                 "#2 @44+21 6:1 - [Event \"b\"] | 1.d4 => *\n");
    /* ... and at the end of the input. */
    EXPECT_GAMES("1. e4 {x\ny", "#1 @0+10 1:1 B-  | 1.e4 !1:7:E:unterminated comment\n");
}

void test_reader__bad_tag_does_not_split(void)
{
    /* python-chess #904: a broken tag pair spoils the game, not the split. */
    EXPECT_GAMES("[Event \"a\"]\n[White \"x\"y\"\n[Black \"b]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
                 "#1 @0+62 1:1 B- [Event \"a\"] [White \"x\"y\"] [Result \"1-0\"] | 1.e4 => 1-0 "
                 "!2:10:W:unescaped '\"' in value of tag 'White' "
                 "!2:13:W:missing ']' after tag 'White' "
                 "!3:1:E:unterminated value of tag 'Black'\n");
}

/* --------------------------------------------------------- recovery */

void test_reader__recovery(void)
{
    EXPECT_GAMES("1. e4 ( e5 2. Nf3\n[Event \"b\"]\n1. d4 *",
                 "#1 @0+18 1:1 B-  | 1.e4 ( e5 2.Nf3 ) !1:7:E:unterminated variation\n"
                 "#2 @18+19 2:1 - [Event \"b\"] | 1.d4 => *\n");
    EXPECT_GAMES("( e4 ) d4 *", "#1 @0+11 1:1 B-  | => * !1:1:E:variation before the first move\n");
    EXPECT_GAMES("e4 } e5 *\ne4 ] e5 *\ne4 \" e5 *\ne4 <e5> *",
                 "#1 @0+10 1:1 B-  | e4 => * !1:4:E:unexpected character '}'\n"
                 "#2 @10+10 2:1 B-  | e4 => * !2:4:E:unexpected character ']'\n"
                 "#3 @20+10 3:1 B-  | e4 => * !3:4:E:unexpected character '\"'\n"
                 "#4 @30+9 4:1 B-  | e4 => * !4:4:E:unexpected character '<'\n");
}

/* Every game of a file with good and bad games comes back, each bad one with its diagnostic. */
void test_reader__fixtures(void)
{
    static const char *const names[] = {
        "constructs", "german", "unicode", "boundaries", "mixed", "cp1252", "bom_crlf", "lone_cr",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        reader_check_fixture(names[i]);
}

/* The same results whatever the read size: refill, compaction and growth at every byte. */
void test_reader__read_sizes(void)
{
    static const char *const names[] = { "constructs", "boundaries", "mixed", "cp1252", "lone_cr" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t len;
        char path[256];
        snprintf(path, sizeof path, "testdata/reader/%s.pgn", names[i]);
        char *text = reader_slurp(path, &len);
        if (!text)
            continue;
        char *want = parse_all(text, len, NULL, NULL);
        static const size_t sizes[] = { 1, 2, 3, 5, 17, 100, 4096 };
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            struct pgn_reader_opts o;
            pgn_reader_opts_init(&o);
            o.read_size = sizes[k];
            char *got = parse_all(text, len, &o, NULL);
            if (strcmp(got, want))
                FAIL("%s: read size %zu changes the result", names[i], sizes[k]);
            free(got);
        }
        free(want);
        free(text);
    }
}

/* ------------------------------------------------------------- limits */

static void limits_case(const char *text, void (*set)(struct pgn_limits *), const char *want, int line)
{
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    set(&o.limits);
    expect_games_(text, strlen(text), &o, want, line);
    o.read_size = 7; /* the same with a tiny window */
    expect_games_(text, strlen(text), &o, want, line);
}

static void small_comment(struct pgn_limits *l) { l->max_comment = 10; }
static void small_tag(struct pgn_limits *l) { l->max_tag_value = 5; }
static void few_tags(struct pgn_limits *l) { l->max_tags = 2; }
static void few_moves(struct pgn_limits *l) { l->max_moves = 3; }
static void shallow(struct pgn_limits *l) { l->max_depth = 2; }
static void short_token(struct pgn_limits *l) { l->max_token = 8; }
static void few_nags(struct pgn_limits *l) { l->max_nags = 2; }
static void few_comments(struct pgn_limits *l) { l->max_comments = 2; }
static void few_cmds(struct pgn_limits *l) { l->max_cmds = 1; }
static void few_errors(struct pgn_limits *l) { l->max_errors = 1; }

void test_reader__limits(void)
{
    limits_case("[Event \"a\"]\n1. e4 {0123456789A} e5 *\n\n[Event \"b\"]\n1. d4 *\n", small_comment,
                "#1 @0+38 1:1 B- [Event \"a\"] | 1.e4 => * !2:7:E:comment too long (limit 10)\n"
                "#2 @38+20 4:1 - [Event \"b\"] | 1.d4 => *\n",
                __LINE__);
    limits_case("1. e4 ; a rest-of-line comment\n[Event \"b\"]\n*", small_comment,
                "#1 @0+31 1:1 B-  | 1.e4 !1:7:E:comment too long (limit 10)\n"
                "#2 @31+13 2:1 - [Event \"b\"] | => *\n",
                __LINE__);
    limits_case("[Event \"abcdef\"]\n[Site \"s\"]\n1. e4 *\n[Event \"b\"]\n*\n", small_tag,
                "#1 @0+36 1:1 B- [Event \"abcde\"] [Site \"s\"] | 1.e4 => * "
                "!1:1:E:tag value too long (limit 5): 'Event' cut from 6 to 5 bytes\n"
                "#2 @36+14 4:1 - [Event \"b\"] | => *\n",
                __LINE__);
    /* The cut splits no UTF-8 character and no escape. */
    limits_case("[Event \"abcd\xc3\xa9\"]\n[Result \"1-0\"]\n1. e4 1-0\n", small_tag,
                "#1 @0+42 1:1 B- [Event \"abcd\"] [Result \"1-0\"] | 1.e4 => 1-0 "
                "!1:1:E:tag value too long (limit 5): 'Event' cut from 6 to 4 bytes\n",
                __LINE__);
    limits_case("[Event \"abcd\\\\x\"]\n1. e4 *\n", small_tag,
                "#1 @0+26 1:1 B- [Event \"abcd\"] | 1.e4 => * "
                "!1:1:E:tag value too long (limit 5): 'Event' cut from 7 to 4 bytes\n",
                __LINE__);
    limits_case("[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n1. e4 *\n[Event \"b\"]\n*\n", few_tags,
                "#1 @0+32 1:1 B- [A \"1\"] [B \"2\"] | => * !3:1:E:too many tags in one game (limit 2)\n"
                "#2 @32+14 5:1 - [Event \"b\"] | => *\n",
                __LINE__);
    limits_case("1. e4 e5 2. Nf3 Nc6 *\n1. d4 *", few_moves,
                "#1 @0+22 1:1 B-  | 1.e4 e5 2.Nf3 => * !1:17:E:too many moves in one game (limit 3)\n"
                "#2 @22+7 2:1 -  | 1.d4 => *\n",
                __LINE__);
    limits_case("1. e4 (1. d4 (1. c4 (1. f4))) e5 *\n1. d4 *", shallow,
                "#1 @0+35 1:1 B-  | 1.e4 ( 1.d4 ( 1.c4 ) ) => * !1:21:E:variations nested too deep (limit 2)\n"
                "#2 @35+7 2:1 -  | 1.d4 => *\n",
                __LINE__);
    limits_case("1. e4 abcdefghi e5 *\n1. d4 *", short_token,
                "#1 @0+21 1:1 B-  | 1.e4 => * !1:7:E:move token too long (limit 8)\n"
                "#2 @21+7 2:1 -  | 1.d4 => *\n",
                __LINE__);
    limits_case("1. e4 $1 $2 $3 e5 *", few_nags,
                "#1 @0+19 1:1 B-  | 1.e4 $1 $2 => * !1:13:E:too many NAGs in one game (limit 2)\n",
                __LINE__);
    limits_case("{a} 1. e4 {b} {c} e5 *", few_comments,
                "#1 @0+22 1:1 B-  | {a} 1.e4 {b} => * !1:15:E:too many comments in one game (limit 2)\n",
                __LINE__);
    limits_case("1. e4 {[%clk 1] [%clk 2]} *", few_cmds,
                "#1 @0+27 1:1 B-  | 1.e4 {[%clk 1] [%clk 2]}<[%clk 2]|%clk=1> => * "
                "!1:7:E:too many [%commands] in one game (limit 1)\n",
                __LINE__);
    /* Diagnostics past the limit are dropped, but still counted in nbad. */
    limits_case("1. e4 $999 $998 *", few_errors,
                "#1 @0+17 1:1 B-  | 1.e4 => * !1:7:E:NAG '$999' out of range (0-255)\n", __LINE__);
}

static void small_game(struct pgn_limits *l) { l->max_game = 64; }

void test_reader__oversized_game(void)
{
    /* The movetext passes the limit: tags stay, moves go, the next game is intact. */
    limits_case("[Event \"big\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6\n5. O-O Be7 6. Re1 b5\n"
                "7. Bb3 d6 8. c3 O-O *\n\n[Event \"next\"]\n1. d4 *\n",
                small_game,
                "#1 @0+99 1:1 BT- [Event \"big\"] | !4:1:E:game larger than 64 bytes: skipped to the "
                "next game\n"
                "#2 @99+23 6:1 - [Event \"next\"] | 1.d4 => *\n",
                __LINE__);
    /* A comment that passes the limit; a '}' and a tag line inside it are skipped correctly. */
    limits_case("[Event \"c\"]\n1. e4 {aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n"
                "[Event \"in the comment\"]\ncc} e5 *\n\n[Event \"d\"]\n*\n",
                small_game,
                "#1 @0+122 1:1 BT- [Event \"c\"] | !4:1:E:game larger than 64 bytes: skipped to the "
                "next game\n"
                "#2 @122+14 7:1 - [Event \"d\"] | => *\n",
                __LINE__);
    /* An unterminated comment: the next game starts at a tag line after an empty line. */
    limits_case("[Event \"u\"]\n1. e4 { never closed aaaaaaaaaaaaaaaaaaaaaaaaa\nbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n"
                "ccc\n\n[Event \"v\"]\n*\n",
                small_game,
                "#1 @0+95 1:1 BT- [Event \"u\"] | !4:1:E:game larger than 64 bytes: skipped to the "
                "next game\n"
                "#2 @95+14 6:1 - [Event \"v\"] | => *\n",
                __LINE__);
}

/* A line longer than max_game, never held in memory as a whole. */
void test_reader__oversized_line(void)
{
    size_t n = 3u << 20;
    char *text = malloc(n + 64);
    size_t len = 0;
    len += (size_t)sprintf(text, "[Event \"long\"]\n1. ");
    for (; len < n; len++)
        text[len] = (len % 3 == 2) ? ' ' : 'a';
    len += (size_t)sprintf(text + len, "*\n\n[Event \"after\"]\n1. d4 *\n");
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    o.limits.max_game = 4096;
    o.read_size = 1000;
    char *got = parse_all(text, len, &o, NULL);
    char want[512];
    snprintf(want, sizeof want,
             "#1 @0+%zu 1:1 BT- [Event \"long\"] | !2:1:E:game larger than 4096 bytes: skipped to "
             "the next game\n#2 @%zu+24 4:1 - [Event \"after\"] | 1.d4 => *\n",
             len - 24, len - 24);
    CHECK_EQ_STR(got, want);
    free(got);
    /* Without a line end at all, up to the end of the input. */
    text[n - 1] = 'x';
    char *got2 = parse_all(text, n, &o, NULL);
    snprintf(want, sizeof want,
             "#1 @0+%zu 1:1 BT- [Event \"long\"] | !2:1:E:game larger than 4096 bytes: skipped to "
             "the next game\n", n);
    CHECK_EQ_STR(got2, want);
    free(got2);
    free(text);
}

/* ---------------------------------------------------- broken fixtures */

/* testdata/broken/syntax-*: two games each; the first has its error where expected. */
void test_reader__broken_fixtures(void)
{
    static const struct {
        const char *file;
        const char *diag; /* "line:col" of the first game's first diagnostic, or "" */
        int bad;
    } cases[] = {
        { "syntax-bad-nag", "9:7", 1 },
        { "syntax-garbage-token", "9:13", 1 },
        { "syntax-missing-result", "", 0 },
        { "syntax-move-number-mismatch", "", 0 },
        { "syntax-null-move", "", 0 },
        { "syntax-tag-in-movetext", "9:10", 1 },
        { "syntax-tag-without-value", "8:1", 1 },
        { "syntax-unclosed-variation", "9:7", 1 },
        { "syntax-unopened-variation", "9:10", 1 },
        { "syntax-unterminated-comment", "9:7", 1 },
        { "syntax-unterminated-tag", "1:1", 1 },
        { "unknown-move-token", "", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[256];
        size_t len;
        snprintf(path, sizeof path, "testdata/broken/%s.pgn", cases[i].file);
        char *text = reader_slurp(path, &len);
        if (!text)
            continue;
        struct pgn_reader *r;
        struct game g;
        if (pgn_reader_open_mem(&r, text, len, NULL))
            continue;
        uint64_t off = 0;
        int n = 0, rc;
        while ((rc = pgn_reader_next(r, &g)) > 0) {
            n++;
            reader_check_game(&g, text, len, &off);
            if (n == 1) {
                char at[64] = "";
                if (g.nerrors)
                    snprintf(at, sizeof at, "%llu:%u", (unsigned long long)g.errors[0].line,
                             g.errors[0].col);
                if (strcmp(at, cases[i].diag) || !!(g.flags & GAME_BAD) != cases[i].bad)
                    FAIL("%s: first game diagnostic at '%s', expected '%s'", cases[i].file, at,
                         cases[i].diag);
            } else if (g.flags & GAME_BAD) {
                FAIL("%s: game %d is bad", cases[i].file, n);
            }
        }
        if (n != 2 || rc != 0)
            FAIL("%s: %d games (rc %d), expected 2", cases[i].file, n, rc);
        pgn_reader_free(r);
        free(text);
    }
}

/* ------------------------------------------------- random inputs */

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/*
 * PGN-like soup from fragments that exercise every path. Whatever comes in:
 * no crash, spans that partition the input, valid UTF-8 and consistent
 * trees (reader_check_game), and the same result for every read size.
 */
void test_reader__random_inputs(void)
{
    static const char *const frags[] = {
        "[Event \"x\"]\n", "[Site \"a\\\"b\"]", ("[White \"H\xfc" "bner\"]\n"), "\n", "\n\n", "\r\n",
        "\r", " ", "\t", "1.", "12...", "e4", "Nf3", "exd5", "O-O", "0-0", "0- 0", "1-0", "0-1", "*",
        "1/2-1/2", "1 - 0", "{", "}", "{c}", "{[%clk 0:01:02]}", ";x\n", "%esc\n", "(", ")", "(=)",
        "$1", "$300", "!?", "+=", "--", "e.p.", "/", "[", "]", "\"", "\xef\xbb\xbf", "\x01", "½-½",
        "Кf3", "♘f3", "a8(D)", "\xe2\x80\xa6", "[Event \"y\"]", "<", "\\",
    };
    char text[2048];
    /* PGNKIT_FUZZ_ITERS and PGNKIT_FUZZ_SEED run it longer or differently by hand. */
    const char *env = getenv("PGNKIT_FUZZ_ITERS");
    int iters = env ? atoi(env) : 3000;
    if ((env = getenv("PGNKIT_FUZZ_SEED")))
        rng_state = strtoull(env, NULL, 0) | 1;
    for (int iter = 0; iter < iters; iter++) {
        size_t len = 0;
        int nfrag = 1 + (int)rnd(120);
        for (int k = 0; k < nfrag; k++) {
            const char *f = frags[rnd(sizeof frags / sizeof frags[0])];
            size_t fl = strlen(f);
            if (len + fl >= sizeof text)
                break;
            memcpy(text + len, f, fl);
            len += fl;
        }
        struct pgn_reader_opts o;
        pgn_reader_opts_init(&o);
        if (iter % 3 == 0) {
            o.limits.max_game = 40 + rnd(200);
            o.limits.max_comment = 5 + rnd(30);
            o.limits.max_depth = 1 + rnd(3);
        }
        /* A line longer than max_game is flagged as soon as the window cannot hold it, which
         * depends on the read size: compare read sizes only without such lines. */
        size_t longest = 0, cur = 0;
        for (size_t k = 0; k < len; k++) {
            cur = (text[k] == '\n' || text[k] == '\r') ? 0 : cur + 1;
            longest = cur > longest ? cur : longest;
        }
        char *a = parse_all(text, len, &o, NULL);
        o.read_size = 1 + rnd(16);
        char *b = parse_all(text, len, &o, NULL);
        if (longest < o.limits.max_game && strcmp(a, b)) {
            FAIL("iteration %d: read size %zu changes the result\n%s\n%s", iter, o.read_size, a, b);
            fwrite(text, 1, len, stderr);
            free(a);
            free(b);
            return;
        }
        free(a);
        free(b);
        if (test_failures) {
            FAIL("iteration %d failed on %.*s", iter, (int)len, text);
            return;
        }
    }
}

/* Random byte edits of the fixture files: the same checks as test_reader__random_inputs. */
void test_reader__mutations(void)
{
    static const char *const names[] = { "constructs", "german", "unicode", "boundaries",
                                         "mixed",      "cp1252", "bom_crlf", "lone_cr" };
    static const char bytes[] = "{}()[]\";%$*\n\r \t.-01e\xfc\xc3\xbd";
    const char *env = getenv("PGNKIT_FUZZ_ITERS");
    int iters = env ? atoi(env) / 10 : 300;
    for (size_t f = 0; f < sizeof names / sizeof names[0]; f++) {
        char path[256];
        size_t len;
        snprintf(path, sizeof path, "testdata/reader/%s.pgn", names[f]);
        char *orig = reader_slurp(path, &len);
        if (!orig)
            continue;
        char *text = malloc(len + 64);
        for (int iter = 0; iter < iters; iter++) {
            memcpy(text, orig, len);
            size_t n = len;
            for (int k = 1 + (int)rnd(6); k > 0 && n > 1; k--) {
                size_t at = rnd((uint32_t)n);
                switch (rnd(3)) {
                case 0: /* replace */
                    text[at] = bytes[rnd(sizeof bytes - 1)];
                    break;
                case 1: /* delete */
                    memmove(text + at, text + at + 1, n - at - 1);
                    n--;
                    break;
                default: /* insert */
                    if (n < len + 60) {
                        memmove(text + at + 1, text + at, n - at);
                        text[at] = bytes[rnd(sizeof bytes - 1)];
                        n++;
                    }
                }
            }
            struct pgn_reader_opts o;
            pgn_reader_opts_init(&o);
            char *a = parse_all(text, n, &o, NULL);
            o.read_size = 1 + rnd(9);
            char *b = parse_all(text, n, &o, NULL);
            if (strcmp(a, b))
                FAIL("%s mutation %d: read size %zu changes the result", names[f], iter,
                     o.read_size);
            free(a);
            free(b);
            if (test_failures) {
                FAIL("%s mutation %d failed on:", names[f], iter);
                fwrite(text, 1, n, stderr);
                break;
            }
        }
        free(text);
        free(orig);
    }
}

/* ------------------------------------------------------------- nested comments */

/* text read with PGN_READER_NESTED_COMMENTS (in windows of 7 bytes too, and in the reference
 * mode) gives want; read without the flag it gives plain. */
static void nested_case(const char *text, const char *want, const char *plain, int line)
{
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    expect_games_(text, strlen(text), &o, plain, line);
    o.flags = PGN_READER_NESTED_COMMENTS;
    expect_games_(text, strlen(text), &o, want, line);
    o.read_size = 7;
    expect_games_(text, strlen(text), &o, want, line);
    o.read_size = 0;
    o.flags |= PGN_READER_REFERENCE;
    expect_games_(text, strlen(text), &o, want, line);
}

void test_reader__nested_comments(void)
{
    /* One level inside: the braces stay in the text. */
    nested_case("1. e4 {a {b} c} e5 *",
                "#1 @0+20 1:1 -  | 1.e4 {a {b} c} e5 => *\n",
                "#1 @0+20 1:1 B-  | 1.e4 {a {b} c => * !1:15:E:unexpected character '}'\n",
                __LINE__);
    /* Several levels, over lines; a comment before the first move. */
    nested_case("{x {y\n{z}} w}\n1. e4 {}} *",
                "#1 @0+25 1:1 B-  | {x {y\\n{z}} w} 1.e4 {} => * !3:9:E:unexpected character '}'\n",
                "#1 @0+25 1:1 B-  | {x {y\\n{z} => * !2:4:E:unexpected character '}'\n", __LINE__);
    /* Without the flag an inner '{' is only text; an unmatched '}' is a stray byte either way. */
    nested_case("1. e4 {a} } e5 *",
                "#1 @0+16 1:1 B-  | 1.e4 {a} => * !1:11:E:unexpected character '}'\n",
                "#1 @0+16 1:1 B-  | 1.e4 {a} => * !1:11:E:unexpected character '}'\n", __LINE__);
    /* Never closed: an empty line and a tag pair line end it, as any open comment. */
    nested_case("1. e4 {a {b} c\n\n[Event \"n\"]\n1. d4 *",
                "#1 @0+16 1:1 B-  | 1.e4 !1:7:E:unterminated comment\n"
                "#2 @16+19 3:1 - [Event \"n\"] | 1.d4 => *\n",
                "#1 @0+16 1:1 -  | 1.e4 {a {b} c\n"
                "#2 @16+19 3:1 - [Event \"n\"] | 1.d4 => *\n", __LINE__);
}

/* A game over max_game inside a nested comment is skipped to the end of the outermost one: the
 * tag pair line after "}" is still inside it (without the flag it starts the next game). */
void test_reader__nested_comment_oversize(void)
{
    /* Game "a" grows too big inside the inner comment (at line 5); game "y" has a line too long
     * on its own (line 10), so its skip starts at the line's start, outside any comment. */
    static const char text[] = "[Event \"a\"]\n\n1. e4 {x {b\nxxxxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxx\n}\n"
                               "[Event \"x\"]\n} e5 *\n[Event \"y\"]\n1. d4 {xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                               " {b\n}\n[Event \"x\"]\n} e5 *\n[Event \"z\"]\n*\n";
    static const char big[] = "game larger than 40 bytes: skipped to the next game";
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    o.limits.max_game = 40;
    char want[1024];
    snprintf(want, sizeof want,
             "#1 @0+61 1:1 BT- [Event \"a\"] | !5:1:E:%s\n"
             "#2 @61+19 7:1 B- [Event \"x\"] | => * !8:1:E:unexpected character '}'\n"
             "#3 @80+59 9:1 BT- [Event \"y\"] | !10:1:E:%s\n"
             "#4 @139+19 12:1 B- [Event \"x\"] | => * !13:1:E:unexpected character '}'\n"
             "#5 @158+14 14:1 - [Event \"z\"] | => *\n", big, big);
    expect_games_(text, sizeof text - 1, &o, want, __LINE__);
    snprintf(want, sizeof want,
             "#1 @0+80 1:1 BT- [Event \"a\"] | !5:1:E:%s\n"
             "#2 @80+78 9:1 BT- [Event \"y\"] | !10:1:E:%s\n"
             "#3 @158+14 14:1 - [Event \"z\"] | => *\n", big, big);
    o.flags = PGN_READER_NESTED_COMMENTS;
    expect_games_(text, sizeof text - 1, &o, want, __LINE__);
    o.read_size = 7;
    expect_games_(text, sizeof text - 1, &o, want, __LINE__);
}
