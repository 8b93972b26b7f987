/* test_api.c - the public interface (lib/pgnkit.h) against hand counts and published values. */
/* SPDX-License-Identifier: MIT */
#include <limits.h>
#include <pthread.h>
#include "test.h"
#include "pgnkit.h"

/* One game, laid out so that every position below can be counted by hand. */
static const char one_game[] =
    "[Event \"Api\"]\n"                                           /* line 1 */
    "[White \"Anna\"]\n"                                          /* line 2 */
    "[Black \"Bert\"]\n"                                          /* line 3 */
    "[Result \"1-0\"]\n"                                          /* line 4 */
    "\n"                                                          /* line 5 */
    "{Start} 1. e4 {[%clk 1:02:03.5] [%eval 0.34] good} e5 $1\n"  /* line 6 */
    "2. Nf3 (2. Bc4 Nc6 (2... Nf6)) Nc6 {[%eval #-3]} 1-0\n";     /* line 7 */

static struct pgnkit_game *first_game(struct pgnkit_reader **r, const char *text)
{
    struct pgnkit_game *g = NULL;
    CHECK_EQ_INT(pgnkit_reader_open_memory(r, text, strlen(text)), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_reader_next(*r, &g), 1);
    return g;
}

void test_api__status_names(void)
{
    CHECK_EQ_STR(pgnkit_status_name(PGNKIT_OK), "success");
    CHECK_EQ_STR(pgnkit_status_name(PGNKIT_EILLEGAL), "illegal move");
    CHECK_EQ_STR(pgnkit_status_name(PGNKIT_EFEN), "not a valid position");
    CHECK_EQ_STR(pgnkit_status_name(-11), "unknown status");
    CHECK_EQ_STR(pgnkit_status_name(INT_MIN), "unknown status");
    CHECK_EQ_INT(pgnkit_version_number(), 100);
    CHECK_EQ_STR(pgnkit_version_string(), "0.1.0");
    /* The header's version is the Makefile's, which names the shared library. */
    CHECK_EQ_STR(PGNKIT_VERSION_STRING, PGNKIT_VERSION);
}

void test_api__tags_and_moves(void)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, one_game);
    CHECK_EQ_INT(pgnkit_game_tag_count(g), 4);
    CHECK_EQ_STR(pgnkit_game_tag_name(g, 1), "White");
    CHECK_EQ_STR(pgnkit_game_tag_value(g, 2), "Bert");
    CHECK(pgnkit_game_tag_name(g, 4) == NULL);
    CHECK_EQ_STR(pgnkit_game_tag(g, "Black"), "Bert");
    CHECK(pgnkit_game_tag(g, "black") == NULL);
    CHECK_EQ_STR(pgnkit_game_result(g), "1-0");
    CHECK_EQ_INT(pgnkit_game_line(g), 1);
    CHECK_EQ_INT(pgnkit_game_number(g), 1);
    CHECK_EQ_STR(pgnkit_game_file(g), "<memory>");
    CHECK_EQ_INT(pgnkit_game_ply_count(g), 4);
    char san[PGNKIT_MOVE_TEXT_MAX];
    static const char *const uci[] = { "e2e4", "e7e5", "g1f3", "b8c6" };
    static const char *const lan[] = { "e2-e4", "e7-e5", "Ng1-f3", "Nb8-c6" };
    for (size_t ply = 1; ply <= 4; ply++) {
        CHECK_EQ_INT(pgnkit_game_move(g, ply, PGNKIT_UCI, 0, san, sizeof san), 4);
        CHECK_EQ_STR(san, uci[ply - 1]);
        pgnkit_game_move(g, ply, PGNKIT_LAN, 0, san, sizeof san);
        CHECK_EQ_STR(san, lan[ply - 1]);
    }
    int de = pgnkit_language_find("de");
    CHECK(de > 0);
    CHECK_EQ_INT(pgnkit_game_move(g, 3, PGNKIT_SAN, de, san, sizeof san), 3);
    CHECK_EQ_STR(san, "Sf3");
    CHECK_EQ_INT(pgnkit_game_move(g, 5, PGNKIT_SAN, 0, san, sizeof san), 0);
    /* Truncated as snprintf truncates: the full length, a terminated prefix. */
    CHECK_EQ_INT(pgnkit_game_move(g, 3, PGNKIT_LAN, 0, san, 3), 6);
    CHECK_EQ_STR(san, "Ng");
    size_t len;
    const char *text = pgnkit_game_move_text(g, 3, &len);
    CHECK(text && len == 3 && !memcmp(text, "Nf3", 3));
    pgnkit_reader_free(r);
}

void test_api__comments_nags_clocks_evals(void)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, one_game);
    size_t len;
    CHECK_EQ_INT(pgnkit_game_comment_count(g, 0), 1);
    const char *c = pgnkit_game_comment(g, 0, 0, &len);
    CHECK(c && len == 5 && !memcmp(c, "Start", 5));
    c = pgnkit_game_comment(g, 1, 0, &len);
    CHECK(c && len == 4 && !memcmp(c, "good", 4));
    CHECK_EQ_INT(pgnkit_game_comment_count(g, 2), 0);
    CHECK_EQ_INT(pgnkit_game_nag_count(g, 2), 1);
    CHECK_EQ_INT(pgnkit_game_nag(g, 2, 0), 1);
    CHECK_EQ_INT(pgnkit_game_nag(g, 2, 1), -1);
    int64_t ms = 0;
    CHECK_EQ_INT(pgnkit_game_clock(g, 1, &ms), 1);
    CHECK_EQ_INT(ms, ((1 * 60 + 2) * 60 + 3) * 1000 + 500);
    CHECK_EQ_INT(pgnkit_game_clock(g, 2, &ms), 0);
    int cp = 99, mate = 99;
    CHECK_EQ_INT(pgnkit_game_eval(g, 1, &cp, &mate), 1);
    CHECK_EQ_INT(cp, 34);
    CHECK_EQ_INT(mate, 0);
    CHECK_EQ_INT(pgnkit_game_eval(g, 4, &cp, &mate), 1);
    CHECK_EQ_INT(mate, -3);
    CHECK_EQ_INT(pgnkit_game_eval(g, 9, &cp, &mate), 0);
    pgnkit_reader_free(r);
}

void test_api__variations(void)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, one_game);
    /* The main line, (2. Bc4 Nc6 ...) and (2... Nf6) inside it. */
    CHECK_EQ_INT(pgnkit_game_line_count(g), 3);
    CHECK_EQ_INT(pgnkit_game_line_length(g, 0), 4);
    size_t first = 99;
    CHECK_EQ_INT(pgnkit_game_line_variations(g, 0, 2, &first), 1);
    CHECK_EQ_INT(pgnkit_game_line_length(g, first), 2);
    CHECK_EQ_INT(pgnkit_game_line_depth(g, first), 1);
    size_t len;
    const char *m = pgnkit_game_line_move(g, first, 0, &len);
    CHECK(m && len == 3 && !memcmp(m, "Bc4", 3));
    size_t inner;
    CHECK_EQ_INT(pgnkit_game_line_variations(g, first, 1, &inner), 1);
    CHECK_EQ_INT(pgnkit_game_line_depth(g, inner), 2);
    m = pgnkit_game_line_move(g, inner, 0, &len);
    CHECK(m && len == 3 && !memcmp(m, "Nf6", 3));
    CHECK_EQ_INT(pgnkit_game_line_variations(g, 0, 0, &first), 0);
    CHECK(pgnkit_game_line_move(g, 7, 0, &len) == NULL);
    pgnkit_reader_free(r);
}

void test_api__diagnostics(void)
{
    /* Line 3 column 10 is the 'N' of the illegal Nf6 (no white knight reaches f6):
     * offset 12 + 1 for the first two lines, + 9 for "1. e4 e5 ". */
    static const char bad[] = "[Event \"x\"]\n\n1. e4 e5 Nf6 2. d4 *\n";
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, bad);
    CHECK_EQ_INT(pgnkit_game_is_valid(g), 0);
    int n = pgnkit_game_diagnostic_count(g);
    CHECK(n >= 1);
    int found = 0;
    for (int i = 0; i < n; i++) {
        struct pgnkit_diagnostic d;
        CHECK_EQ_INT(pgnkit_game_diagnostic(g, (size_t)i, &d), PGNKIT_OK);
        if (d.severity != PGNKIT_ERROR)
            continue;
        found++;
        CHECK_EQ_INT(d.line, 3);
        CHECK_EQ_INT(d.column, 10);
        CHECK_EQ_INT(d.offset, 22);
        CHECK_EQ_INT(d.status, PGNKIT_EILLEGAL);
        CHECK_EQ_STR(pgnkit_detail_name(d.detail), "illegal-move");
        CHECK_EQ_STR(d.file, "<memory>");
        CHECK_EQ_STR(d.message, "illegal move: no white knight can reach f6");
    }
    CHECK_EQ_INT(found, 1);
    struct pgnkit_diagnostic d;
    CHECK_EQ_INT(pgnkit_game_diagnostic(g, (size_t)n, &d), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_game_ply_count(g), 2); /* the main line stops at the illegal move */
    const char *text;
    size_t len;
    struct pgnkit_writer *w;
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_PGN, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(w, g, &text, &len), PGNKIT_EILLEGAL);
    pgnkit_writer_free(w);
    struct pgnkit_game *none;
    CHECK_EQ_INT(pgnkit_reader_next(r, &none), 0);
    CHECK_EQ_INT(pgnkit_reader_next(r, &none), 0);
    pgnkit_reader_free(r);
}

/* Published Polyglot keys (the Polyglot book format's reference values). */
void test_api__polyglot_keys(void)
{
    struct pgnkit_position *p;
    CHECK_EQ_INT(pgnkit_position_new(&p), PGNKIT_OK);
    CHECK(pgnkit_position_key(p) == 0x463b96181691fc9cULL);
    pgnkit_move m;
    CHECK_EQ_INT(pgnkit_position_parse_uci(p, "e2e4", &m), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_play(p, m), PGNKIT_OK);
    CHECK(pgnkit_position_key(p) == 0x823c9b50fd114196ULL);
    CHECK_EQ_INT(pgnkit_position_parse_move(p, "d5", 0, &m, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_play(p, m), PGNKIT_OK);
    CHECK(pgnkit_position_key(p) == 0x0756b94461c50fb0ULL);
    char fen[PGNKIT_FEN_MAX];
    pgnkit_position_fen(p, fen, sizeof fen);
    CHECK_EQ_STR(fen, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    CHECK_EQ_INT(pgnkit_position_side(p), 0);
    pgnkit_position_free(p);
}

void test_api__moves_in_languages(void)
{
    struct pgnkit_position *p;
    CHECK_EQ_INT(pgnkit_position_new(&p), PGNKIT_OK);
    pgnkit_move moves[PGNKIT_MAX_MOVES], m;
    CHECK_EQ_INT(pgnkit_position_legal_moves(p, moves), 20);
    int de = pgnkit_language_find("de"), fr = pgnkit_language_find("fr");
    CHECK_EQ_INT(pgnkit_language_count(), 16);
    CHECK_EQ_STR(pgnkit_language_name(de), "de");
    CHECK_EQ_INT(pgnkit_language_find("auto"), PGNKIT_LANG_AUTO);
    CHECK_EQ_INT(pgnkit_language_find("xx"), -2);
    CHECK_EQ_INT(pgnkit_position_parse_move(p, "Sf3", de, &m, NULL, 0), PGNKIT_OK);
    char text[PGNKIT_MOVE_TEXT_MAX];
    pgnkit_position_write_move(p, m, PGNKIT_UCI, 0, text, sizeof text);
    CHECK_EQ_STR(text, "g1f3");
    pgnkit_position_write_move(p, m, PGNKIT_SAN, fr, text, sizeof text);
    CHECK_EQ_STR(text, "Cf3");
    char why[128];
    CHECK_EQ_INT(pgnkit_position_parse_move(p, "Nf4", 0, &m, why, sizeof why), PGNKIT_EILLEGAL);
    CHECK(why[0] != 0);
    CHECK_EQ_INT(pgnkit_position_parse_move(p, "hello", 0, &m, NULL, 0), PGNKIT_ESYNTAX);
    CHECK_EQ_INT(pgnkit_position_parse_move(p, "e4", 99, &m, NULL, 0), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_position_parse_uci(p, "e2e5", &m), PGNKIT_EILLEGAL);
    /* Two knights reach d2 from b1 and f3: SAN names the file. */
    CHECK_EQ_INT(pgnkit_position_set_fen(p, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", NULL, 0),
                 PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_parse_move(p, "Nd2", 0, &m, NULL, 0), PGNKIT_EAMBIGUOUS);
    CHECK_EQ_INT(pgnkit_position_parse_uci(p, "b1d2", &m), PGNKIT_OK);
    pgnkit_position_write_move(p, m, PGNKIT_SAN, 0, text, sizeof text);
    CHECK_EQ_STR(text, "Nbd2");
    CHECK_EQ_INT(pgnkit_position_play(p, (pgnkit_move)0xffff), PGNKIT_EILLEGAL);
    CHECK_EQ_INT(pgnkit_position_write_move(p, (pgnkit_move)0xffff, 0, 0, text, sizeof text), 0);
    pgnkit_position_free(p);
}

void test_api__fen_and_states(void)
{
    struct pgnkit_position *p, *q;
    CHECK_EQ_INT(pgnkit_position_new(&p), PGNKIT_OK);
    char why[128] = "";
    /* Refused, with the position unchanged. */
    CHECK_EQ_INT(pgnkit_position_set_fen(p, "8/8/8/8/8/8/8/8 w - - 0 1", why, sizeof why),
                 PGNKIT_EFEN);
    CHECK(why[0] != 0);
    CHECK(pgnkit_position_key(p) == 0x463b96181691fc9cULL);
    CHECK_EQ_INT(pgnkit_position_state(p), 0);
    /* Fool's mate. */
    CHECK_EQ_INT(pgnkit_position_set_fen(
                     p, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", NULL, 0),
                 PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_state(p), PGNKIT_CHECK | PGNKIT_CHECKMATE);
    /* Stalemate: black king a8, white queen b6, white king c8... a8 has no move. */
    CHECK_EQ_INT(pgnkit_position_set_fen(p, "k7/8/1Q6/8/8/8/8/2K5 b - - 0 1", NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_state(p), PGNKIT_STALEMATE);
    /* King and bishop against king: nobody can mate. */
    CHECK_EQ_INT(pgnkit_position_set_fen(p, "8/8/4k3/8/8/2B5/8/4K3 w - - 0 1", NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_position_state(p), PGNKIT_DEAD);
    CHECK_EQ_INT(pgnkit_position_copy(&q, p), PGNKIT_OK);
    CHECK(pgnkit_position_key(q) == pgnkit_position_key(p));
    pgnkit_position_free(q);
    pgnkit_position_free(p);
    pgnkit_position_free(NULL);
}

void test_api__write_pgn_and_uci(void)
{
    static const char game[] = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 {ok} Nc6 *\n";
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, game);
    struct pgnkit_writer *w;
    const char *text;
    size_t len;
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_PGN, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(w, g, &text, &len), PGNKIT_OK);
    CHECK_EQ_STR(text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                       "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
                       "1. e4 e5 2. Nf3 {ok} 2... Nc6 *\n\n"); /* a number after a comment */
    CHECK_EQ_INT(len, strlen(text));
    pgnkit_writer_free(w);
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_UCI, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(w, g, &text, &len), PGNKIT_OK);
    CHECK(strstr(text, "e2e4 e7e5 g1f3 b8c6") != NULL);
    pgnkit_writer_free(w);
    CHECK_EQ_INT(pgnkit_writer_new(&w, 42, 0), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_PGN, 99), PGNKIT_EINVAL);
    pgnkit_writer_free(NULL);
    pgnkit_reader_free(r);
}

void test_api__writer_rows_per_ply_and_plain(void)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, one_game);
    struct pgnkit_writer *w;
    const char *text;
    size_t len;
    /* By hand from one_game: the clock of 1. e4 is 3723.5 s, its eval 34 cp,
     * 1... e5 has $1, 2... Nc6 a mate in 3 for Black; no TimeControl, so no
     * time spent. */
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_PLY_CSV, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(w, g, &text, &len), PGNKIT_OK);
    CHECK_EQ_STR(text, "game,ply,move_number,side,san,uci,clock,time_spent,eval_cp,eval_mate,"
                       "nags,comment\n"
                       "1,1,1,white,e4,e2e4,3723.5,,34,,,good\n"
                       "1,2,1,black,e5,e7e5,,,,,$1,\n"
                       "1,3,2,white,Nf3,g1f3,,,,,,\n"
                       "1,4,2,black,Nc6,b8c6,,,,-3,,\n");
    pgnkit_writer_free(w);
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_PLAIN, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(w, g, &text, &len), PGNKIT_OK);
    /* The one position with a centipawn score: after 1. e4, Black to move. */
    CHECK_EQ_STR(text, "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                       "move e7e5\nscore -34\nply 1\nresult -1\ne\n");
    pgnkit_writer_free(w);
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_ROWS, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(w, g, &text, &len), PGNKIT_OK);
    CHECK(strstr(text, "{\"Event\":\"Api\",\"Site\":null,\"White\":\"Anna\",") == text);
    CHECK(strstr(text, "\"WhiteElo\":null,") != NULL);
    pgnkit_writer_free(w);
    CHECK_EQ_INT(pgnkit_writer_new(&w, PGNKIT_FORMAT_PLAIN + 1, 0), PGNKIT_EINVAL);
    pgnkit_reader_free(r);
}

void test_api__bad_input(void)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    CHECK_EQ_INT(pgnkit_reader_open(&r, "/nonexistent/api.pgn"), PGNKIT_EIO);
    CHECK(r == NULL);
    CHECK_EQ_INT(pgnkit_reader_open_memory(&r, NULL, 3), PGNKIT_EINVAL);
    CHECK_EQ_INT(pgnkit_reader_open_memory(&r, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_reader_next(r, &g), 0);
    CHECK_EQ_STR(pgnkit_reader_error(r), "");
    pgnkit_reader_free(r);
    pgnkit_reader_free(NULL);
    /* Junk: a game with a syntax error, never a crash. */
    static const char junk[] = "1. e4 ))) {unterminated\n";
    g = first_game(&r, junk);
    CHECK_EQ_INT(pgnkit_game_is_valid(g), 0);
    /* A warning on the missing tags at 1:1, then the stray ')' at 1:7. */
    struct pgnkit_diagnostic d;
    CHECK_EQ_INT(pgnkit_game_diagnostic_count(g), 2);
    CHECK_EQ_INT(pgnkit_game_diagnostic(g, 0, &d), PGNKIT_OK);
    CHECK_EQ_INT(d.status, PGNKIT_OK);
    CHECK_EQ_INT(d.severity, PGNKIT_WARNING);
    CHECK_EQ_STR(pgnkit_detail_name(d.detail), "missing-tag");
    CHECK_EQ_INT(pgnkit_game_diagnostic(g, 1, &d), PGNKIT_OK);
    CHECK_EQ_INT(d.status, PGNKIT_ESYNTAX);
    CHECK_EQ_INT(d.line, 1);
    CHECK_EQ_INT(d.column, 7);
    pgnkit_reader_free(r);
}

/* Different handles from different threads at once. */
static void *read_all(void *arg)
{
    (void)arg;
    long plies = 0;
    for (int round = 0; round < 20; round++) {
        struct pgnkit_reader *r;
        struct pgnkit_game *g;
        if (pgnkit_reader_open_memory(&r, one_game, strlen(one_game)))
            return NULL;
        while (pgnkit_reader_next(r, &g) > 0)
            plies += (long)pgnkit_game_ply_count(g);
        pgnkit_reader_free(r);
    }
    return (void *)plies;
}

void test_api__threads(void)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++)
        CHECK_EQ_INT(pthread_create(&t[i], NULL, read_all, NULL), 0);
    for (int i = 0; i < 4; i++) {
        void *plies;
        pthread_join(t[i], &plies);
        CHECK_EQ_INT((long)plies, 20 * 4);
    }
}

void test_api__query(void)
{
    static const char games[] =
        "[White \"Steinitz, Wilhelm\"]\n[Black \"Zukertort\"]\n[WhiteElo \"2600\"]\n\n"
        "1. e4 e5 2. Nf3 Nc6 1-0\n\n"
        "[White \"Zukertort\"]\n[Black \"Steinitz, Wilhelm\"]\n[WhiteElo \"2500\"]\n\n"
        "1. d4 d5 0-1\n";
    struct pgnkit_query *white, *where, *mate;
    char why[256];
    CHECK_EQ_INT(pgnkit_query_new(&white, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(white, "white", "steinitz", NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_new(&where, PGNKIT_QUERY_ICASE), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(where, "where", "plies < 4 and white_elo >= 2500", why,
                                  sizeof why), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_new(&mate, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(mate, "checkmate", NULL, NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(mate, "no-such-thing", "x", why, sizeof why), PGNKIT_EINVAL);
    CHECK_EQ_STR(why, "no such criterion");
    CHECK_EQ_INT(pgnkit_query_add(mate, "white", NULL, NULL, 0), PGNKIT_EINVAL);
    why[0] = 0;
    CHECK_EQ_INT(pgnkit_query_add(mate, "where", "plies <", why, sizeof why), PGNKIT_EINVAL);
    CHECK(why[0] != 0);
    CHECK_EQ_INT(pgnkit_query_add(mate, "eco", "Z99", NULL, 0), PGNKIT_EINVAL);
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    CHECK_EQ_INT(pgnkit_reader_open_memory(&r, games, strlen(games)), PGNKIT_OK);
    /* Case matters without PGNKIT_QUERY_ICASE: "steinitz" is nobody. */
    int expect_where[] = { 0, 1 }, i = 0;
    while (pgnkit_reader_next(r, &g) > 0 && i < 2) {
        CHECK_EQ_INT(pgnkit_query_match(white, g), 0);
        CHECK_EQ_INT(pgnkit_query_match(where, g), expect_where[i]);
        CHECK_EQ_INT(pgnkit_query_match(mate, g), 0);
        i++;
    }
    CHECK_EQ_INT(i, 2);
    pgnkit_reader_free(r);
    pgnkit_query_free(white);
    pgnkit_query_free(where);
    pgnkit_query_free(mate);
    pgnkit_query_free(NULL);
    /* The same criterion, in the name's own case, matches the first game only. */
    CHECK_EQ_INT(pgnkit_query_new(&white, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(white, "white", "Steinitz", NULL, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_reader_open_memory(&r, games, strlen(games)), PGNKIT_OK);
    int expect_white[] = { 1, 0 };
    for (i = 0; i < 2 && pgnkit_reader_next(r, &g) > 0; i++)
        CHECK_EQ_INT(pgnkit_query_match(white, g), expect_white[i]);
    CHECK_EQ_INT(i, 2);
    pgnkit_reader_free(r);
    pgnkit_query_free(white);
}

/* An entry of comments only is no game: flagged, and no query matches it (search writes none). */
void test_api__query_skips_entries_that_are_no_game(void)
{
    /* By hand: comments with no tag, move or result are no game; one move is one. */
    static const char *const texts[] = { "{only a comment}\n\n{another}\n", "1. e4 *\n" };
    static const int expect_game[] = { 0, 1 };
    struct pgnkit_query *all, *where;
    CHECK_EQ_INT(pgnkit_query_new(&all, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_new(&where, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_query_add(where, "where", "plies < 10", NULL, 0), PGNKIT_OK);
    for (int t = 0; t < 2; t++) {
        struct pgnkit_reader *r;
        struct pgnkit_game *g;
        int entries = 0;
        CHECK_EQ_INT(pgnkit_reader_open_memory(&r, texts[t], strlen(texts[t])), PGNKIT_OK);
        while (pgnkit_reader_next(r, &g) > 0) {
            int empty = (pgnkit_game_flags(g) & PGNKIT_GAME_EMPTY) != 0;
            CHECK_EQ_INT(empty, !expect_game[t]);
            CHECK_EQ_INT(pgnkit_query_match(all, g), expect_game[t]);
            CHECK_EQ_INT(pgnkit_query_match(where, g), expect_game[t]);
            entries++;
        }
        CHECK(entries >= 1);
        pgnkit_reader_free(r);
    }
    pgnkit_query_free(all);
    pgnkit_query_free(where);
}

/* A FILE of the caller's: read from where it stands, and still the caller's afterwards. */
void test_api__reader_file(void)
{
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f)
        return;
    fputs("junk line\n", f);
    fputs(one_game, f);
    fflush(f);
    CHECK_EQ_INT(fseek(f, 10, SEEK_SET), 0); /* past "junk line\n" */
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    CHECK_EQ_INT(pgnkit_reader_open_file(&r, f, "mine.pgn"), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_reader_next(r, &g), 1);
    CHECK_EQ_STR(pgnkit_game_file(g), "mine.pgn");
    CHECK_EQ_STR(pgnkit_game_tag(g, "White"), "Anna");
    CHECK_EQ_INT(pgnkit_game_ply_count(g), 4);
    CHECK_EQ_INT(pgnkit_game_is_valid(g), 1);
    CHECK_EQ_INT(pgnkit_reader_next(r, &g), 0);
    pgnkit_reader_free(r);
    CHECK_EQ_INT(fseek(f, 0, SEEK_SET), 0);
    CHECK_EQ_INT(fgetc(f), 'j');
    fclose(f);
    CHECK_EQ_INT(pgnkit_reader_open_file(&r, NULL, NULL), PGNKIT_EINVAL);
}

/* As convert: FEN drops a bad variation and keeps the main line; PGN, which writes it, refuses. */
void test_api__writer_variation_errors(void)
{
    static const char game[] = "1. e4 e5 (1... Qxh2) 2. Nf3 *\n";
    struct pgnkit_reader *r;
    struct pgnkit_game *g = first_game(&r, game);
    struct pgnkit_writer *pgn, *fen;
    const char *text;
    size_t len;
    CHECK_EQ_INT(pgnkit_writer_new(&pgn, PGNKIT_FORMAT_PGN, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_new(&fen, PGNKIT_FORMAT_FEN, 0), PGNKIT_OK);
    CHECK_EQ_INT(pgnkit_writer_game(pgn, g, &text, &len), PGNKIT_EILLEGAL);
    CHECK_EQ_INT(pgnkit_writer_game(fen, g, &text, &len), PGNKIT_OK);
    CHECK_EQ_STR(text, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                       "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
                       "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
                       "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    CHECK_EQ_INT(pgnkit_game_is_valid(g), 1); /* the variation's error is a warning now */
    pgnkit_reader_free(r);
    /* A comment alone is a game of the reader's with nothing to write. */
    g = first_game(&r, "{only a comment}\n");
    CHECK_EQ_INT(pgnkit_writer_game(pgn, g, &text, &len), PGNKIT_OK);
    CHECK_EQ_INT(len, 0);
    CHECK_EQ_STR(text, "");
    pgnkit_writer_free(pgn);
    pgnkit_writer_free(fen);
    pgnkit_reader_free(r);
}
