/* test_record_reader.c - games as data turned into PGN text: lichess's export, rows, detection. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "test.h"
#include "reader_util.h"
#include "pgn/lichess_fields.h"
#include "pgn/record_pgn.h"
#include "pgn/record_reader.h"
#include "base/banned.h"

/* The one-line PGN text a converter makes of the JSON text rec; "" after a failure (why in *why). */
static const char *convert_one(record_pgn_fn *fn, const char *rec, char *out, size_t cap,
                               char *why, size_t why_cap)
{
    json_error_t e;
    json_t *v = json_loads(rec, 0, &e);
    struct record_pgn rp = { .text = BUF_INIT(1 << 20) };
    out[0] = why[0] = 0;
    if (!v) {
        FAIL("fixture is not JSON: %s", e.text);
        return out;
    }
    if (fn(v, &rp) == 0)
        snprintf(out, cap, "%.*s", (int)rp.text.len, rp.text.data);
    snprintf(why, why_cap, "%s", rp.why);
    buf_release(&rp.text);
    json_decref(v);
    return out;
}

/*
 * The tags in lichess's export order, with its spellings (an increment of 5,
 * the draw's result and termination, no rating differences in a casual game),
 * and a clock comment per move rounded to the second as lila's export does
 * (60350 cs = 603.5 s is 0:10:04); written by hand from lila's PgnDump.
 */
void test_record_reader__lichess_export_text(void)
{
    char out[4096], why[256];
    convert_one(lichess_record_pgn,
                "{\"id\":\"Hk3Dt2Zm\",\"rated\":false,\"variant\":\"standard\",\"perf\":\"rapid\","
                "\"createdAt\":1714572061000,\"status\":\"draw\",\"players\":{\"white\":{\"user\":"
                "{\"name\":\"Carol\"},\"rating\":1720},\"black\":{\"user\":{\"name\":\"Dave\"},"
                "\"rating\":1705}},\"opening\":{\"eco\":\"D30\",\"name\":\"Queen's Gambit Declined\"},"
                "\"moves\":\"d4 d5 c4\",\"clocks\":[60000,60000,60350],"
                "\"clock\":{\"initial\":600,\"increment\":5}}",
                out, sizeof out, why, sizeof why);
    CHECK_EQ_STR(why, "");
    CHECK_EQ_STR(out,
                 "[Event \"Casual Rapid game\"] [Site \"https://lichess.org/Hk3Dt2Zm\"]"
                 " [GameId \"Hk3Dt2Zm\"] [Date \"2024.05.01\"] [Round \"-\"] [White \"Carol\"]"
                 " [Black \"Dave\"] [Result \"1/2-1/2\"] [UTCDate \"2024.05.01\"]"
                 " [UTCTime \"14:01:01\"] [WhiteElo \"1720\"] [BlackElo \"1705\"]"
                 " [Variant \"Standard\"] [TimeControl \"600+5\"] [ECO \"D30\"]"
                 " [Opening \"Queen's Gambit Declined\"] [Termination \"Normal\"]"
                 " 1. d4 {[%clk 0:10:00]} 1... d5 {[%clk 0:10:00]} 2. c4 {[%clk 0:10:04]}"
                 " 1/2-1/2");
}

/*
 * The numbers of the tags as lichess writes them, by hand: a rating
 * difference of 0 as "+0" and a negative one with its minus, a rating of 0,
 * a clock of 0+0 and one of 1000000000 s, the most a record may give; createdAt 0 is the
 * epoch, 253402300799999 ms the last second of 9999. Black's "ratingDiff"
 * is 0, White's -12; the long id is cut to 64 characters in Site only.
 */
void test_record_reader__lichess_numbers(void)
{
    char out[4096], why[256];
    convert_one(lichess_record_pgn,
                "{\"id\":\"a\",\"rated\":true,\"perf\":\"blitz\",\"createdAt\":0,"
                "\"status\":\"resign\",\"winner\":\"black\",\"players\":{\"white\":{\"user\":"
                "{\"name\":\"W\"},\"rating\":0,\"ratingDiff\":-12},\"black\":{\"aiLevel\":3,"
                "\"rating\":10000,\"ratingDiff\":0}},\"moves\":\"e4\","
                "\"clock\":{\"initial\":0,\"increment\":0}}",
                out, sizeof out, why, sizeof why);
    CHECK_EQ_STR(why, "");
    CHECK_EQ_STR(out,
                 "[Event \"Rated Blitz game\"] [Site \"https://lichess.org/a\"] [GameId \"a\"]"
                 " [Date \"1970.01.01\"] [Round \"-\"] [White \"W\"] [Black \"lichess AI level 3\"]"
                 " [Result \"0-1\"] [UTCDate \"1970.01.01\"] [UTCTime \"00:00:00\"]"
                 " [WhiteElo \"0\"] [BlackElo \"10000\"] [WhiteRatingDiff \"-12\"]"
                 " [BlackRatingDiff \"+0\"] [Variant \"Standard\"] [TimeControl \"0+0\"]"
                 " [ECO \"?\"] [Opening \"?\"] [Termination \"Normal\"] 1. e4 0-1");
    convert_one(lichess_record_pgn,
                "{\"id\":\"0123456789012345678901234567890123456789012345678901234567890123456789\","
                "\"createdAt\":253402300799999,\"status\":\"started\",\"players\":{},"
                "\"clock\":{\"initial\":1000000000,\"increment\":1}}",
                out, sizeof out, why, sizeof why);
    CHECK_EQ_STR(why, "");
    CHECK_EQ_STR(out,
                 "[Event \"Casual  game\"]"
                 " [Site \"https://lichess.org/0123456789012345678901234567890123456789012345678901234567890123\"]"
                 " [GameId \"0123456789012345678901234567890123456789012345678901234567890123456789\"]"
                 " [Date \"9999.12.31\"] [Round \"-\"] [White \"Anonymous\"] [Black \"Anonymous\"]"
                 " [Result \"*\"] [UTCDate \"9999.12.31\"] [UTCTime \"23:59:59\"]"
                 " [WhiteElo \"?\"] [BlackElo \"?\"] [Variant \"Standard\"]"
                 " [TimeControl \"1000000000+1\"] [ECO \"?\"] [Opening \"?\"]"
                 " [Termination \"Unterminated\"] *");
}

/* Evaluations as lichess prints them (pawns, a Scala double), mate as #N, and a judged move. */
void test_record_reader__lichess_evals(void)
{
    char out[4096], why[256];
    convert_one(lichess_record_pgn,
                "{\"id\":\"x\",\"status\":\"resign\",\"winner\":\"black\",\"players\":{},"
                "\"moves\":\"e4 e5 Qh5 Nc6 Bc4\",\"analysis\":[{\"eval\":17},{\"eval\":-100},"
                "{\"eval\":5},{\"mate\":-3},{\"eval\":-1234,\"judgment\":{\"name\":\"Mistake\","
                "\"comment\":\"Mistake. Nf3 was best.\"},\"variation\":\"Nf3 d6\"}]}",
                out, sizeof out, why, sizeof why);
    CHECK_EQ_STR(why, "");
    const char *moves = strstr(out, " 1. e4");
    CHECK(moves != NULL);
    CHECK_EQ_STR(moves ? moves : "",
                 " 1. e4 {[%eval 0.17]} 1... e5 {[%eval -1.0]} 2. Qh5 {[%eval 0.05]}"
                 " 2... Nc6 {[%eval #-3]} 3. Bc4? {[%eval -12.34]}"
                 " { Mistake. Nf3 was best. } ( 3. Nf3 d6 ) 0-1");
}

/* A row's numbers (pandas' 1500.0 too) and SQL dates become tag text; nulls are no tag. */
void test_record_reader__rows_fields(void)
{
    char out[4096], why[256];
    convert_one(rows_record_pgn,
                "{\"Event\":\"E\",\"WhiteElo\":1500.0,\"BlackElo\":1499,\"WhiteTitle\":null,"
                "\"UTCDate\":\"2024-01-31\",\"Result\":\"0-1\",\"movetext\":\"1. e4 e5\"}",
                out, sizeof out, why, sizeof why);
    CHECK_EQ_STR(why, "");
    CHECK_EQ_STR(out, "[Event \"E\"] [WhiteElo \"1500\"] [BlackElo \"1499\"]"
                      " [Date \"2024.01.31\"] [UTCDate \"2024.01.31\"] [Result \"0-1\"]"
                      " 1. e4 e5 0-1");
    convert_one(rows_record_pgn, "{\"Event\":\"E\",\"WhiteElo\":[1]}", out, sizeof out, why,
                sizeof why);
    CHECK_EQ_STR(why, "field 'movetext': missing");
    convert_one(rows_record_pgn, "{\"WhiteElo\":{\"a\":1},\"movetext\":\"*\"}", out, sizeof out,
                why, sizeof why);
    CHECK_EQ_STR(why, "field 'WhiteElo': must be a string or a number");
}

/* The first record decides the source; PGN, pgnkit's own JSON and empty input are not records. */
void test_record_reader__detection(void)
{
    static const struct {
        const char *text;
        int source;
    } cases[] = {
        { "\n\n{\"id\":\"a\",\"players\":{},\"status\":\"draw\"}\n", RECORD_LICHESS },
        { "{\"games\":[]}", RECORD_CHESSCOM },
        { "{\"pgn\":\"1. e4 *\",\"white\":{\"username\":\"a\"}}", RECORD_CHESSCOM },
        { "[{\"movetext\":\"1. e4 *\"}]", RECORD_ROWS },
        { "[Event \"x\"]\n\n1. e4 *\n", 0 },
        { "{ a comment } 1. e4 *\n", 0 },
        { "{\"tags\":{},\"moves\":[{\"san\":\"e4\"}]}", 0 },
        { "", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *path = reader_temp_file(cases[i].text, strlen(cases[i].text), ".txt");
        struct record_reader *r = NULL;
        if (!path || record_reader_open(&r, path, RECORD_AUTO) != PGN_OK) {
            FAIL("cannot open case %zu", i);
            continue;
        }
        int got = record_reader_detect(r);
        if (got != cases[i].source)
            FAIL("case %zu: source %d, expected %d", i, got, cases[i].source);
        record_reader_free(r);
    }
    record_reader_free(NULL);
}

/* Every record is a game or a message naming its line, number and field; blank lines are none. */
void test_record_reader__bad_records_named(void)
{
    static const char text[] =
        "{\"movetext\":\"1. e4 *\"}\n"
        "\n"
        "{\"movetext\":7}\n"
        "{\"movetext\":\"1. d4 *\"\n"
        "{\"movetext\":\"1. c4 *\"}\n";
    const char *path = reader_temp_file(text, strlen(text), ".ndjson");
    struct record_reader *r = NULL;
    if (!path || record_reader_open(&r, path, RECORD_ROWS) != PGN_OK) {
        FAIL("cannot open the fixture");
        return;
    }
    struct record rec;
    int status = -100;
    CHECK_EQ_INT(record_reader_next(r, &rec), RECORD_GAME);
    CHECK_EQ_INT((int)rec.line, 1);
    CHECK_EQ_INT(record_reader_next(r, &rec), RECORD_BAD);
    const char *m = record_reader_message(r, &status);
    CHECK_EQ_INT(status, PGN_ESYNTAX);
    CHECK(strstr(m, ":3: record 2: field 'movetext': must be a string") != NULL);
    CHECK_EQ_INT(record_reader_next(r, &rec), RECORD_BAD);
    m = record_reader_message(r, NULL);
    CHECK(strstr(m, ": record 3: bad JSON") != NULL);
    CHECK_EQ_INT(record_reader_next(r, &rec), RECORD_GAME);
    CHECK_EQ_INT((int)rec.line, 5);
    CHECK_EQ_INT((int)rec.index, 4);
    CHECK_EQ_INT(record_reader_next(r, &rec), RECORD_END);
    record_reader_free(r);
}

/* The text of rec made by lichess_fields_scan (1) or refused by it (0); out and why as convert_one. */
static int scan_one(const char *rec, char *out, size_t cap, char *why, size_t why_cap)
{
    struct lichess_fields f;
    struct record_pgn rp = { .text = BUF_INIT(1 << 20) };
    size_t used = 0;
    lichess_fields_init(&f);
    out[0] = why[0] = 0;
    int scanned = lichess_fields_scan(&f, rec, strlen(rec), &used);
    if (scanned) {
        CHECK_EQ_INT((int)used, (int)strlen(rec));
        if (lichess_fields_pgn(&f, &rp) == 0)
            snprintf(out, cap, "%.*s", (int)rp.text.len, rp.text.data);
        snprintf(why, why_cap, "%s", rp.why);
    }
    buf_release(&rp.text);
    lichess_fields_release(&f);
    return scanned;
}

/*
 * The members of a lichess record read without a tree give what the
 * jansson tree gives, text for text and problem for problem, on records
 * that put them in every odd place: members of the same name deeper down,
 * wrong types, nulls, arrays in arrays, a judged move with its line. Where
 * a member comes twice the scan must stand aside: jansson keeps the last
 * (a whole object, members the first one had included), which the hand
 * count below says (WhiteElo "?", as the second "players" has no rating).
 */
void test_record_reader__lichess_scan_agrees_with_tree(void)
{
#define HEAD "{\"id\":\"x1\",\"status\":\"mate\",\"createdAt\":1714557600000,"
    static const char *const scanned[] = {
        HEAD "\"players\":{\"white\":{\"user\":{\"name\":\"A\"},\"rating\":1500,"
        "\"ratingDiff\":-3},\"black\":{\"aiLevel\":4}},\"winner\":\"white\","
        "\"moves\":\"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#\",\"clocks\":[18000,17990,17950,17000,"
        "16999,16950,16000],\"clock\":{\"initial\":180,\"increment\":2},"
        "\"analysis\":[{\"eval\":17},{\"eval\":-20},{\"mate\":-3},{\"eval\":0},"
        "{\"eval\":250,\"best\":\"d2d4\"},{\"mate\":1,\"judgment\":{\"name\":\"Blunder\","
        "\"comment\":\"Checkmate is now unavoidable.\"},\"variation\":\"g6 Qf3 Nf6\"}]}",
        HEAD "\"players\":{},\"moves\":\"d4\",\"source\":{\"moves\":\"e4\","
        "\"players\":{\"white\":{\"rating\":1}}},\"x\":[[{\"clocks\":[1]}]]}",
        HEAD "\"players\":[],\"moves\":\"d4\",\"rated\":true,\"perf\":\"blitz\"}",
        HEAD "\"players\":{},\"moves\":\"d4\",\"analysis\":null}",
        HEAD "\"players\":{},\"moves\":\"d4 d5\",\"analysis\":[{\"eval\":\"x\"}]}",
        HEAD "\"players\":{},\"moves\":\"d4 d5\",\"analysis\":[{},[1]]}",
        HEAD "\"players\":{},\"moves\":\"d4 d5\",\"clocks\":[1.0]}",
        HEAD "\"players\":{\"white\":{\"user\":{\"name\":{\"first\":\"A\"}}}},"
        "\"moves\":\"d4\"}",
        HEAD "\"players\":{},\"moves\":\"d4\",\"clocks\":{\"0\":1}}",
        HEAD "\"players\":{},\"moves\":\"d4 d5\",\"winner\":null,"
        "\"a_key_far_longer_than_any_path_the_scan_keeps_a_place_for_in_its_buffer_of_paths"
        "_so_it_must_pass_it_over_whole_and_still_find_the_members_that_come_after_it\":"
        "{\"moves\":\"e4\"},\"opening\":{\"eco\":\"A40\",\"name\":\"Queen's Pawn\"}}",
    };
    static const char *const refused[] = {
        HEAD "\"players\":{\"white\":{\"rating\":1500}},\"players\":{},\"moves\":\"e4\"}",
        HEAD "\"players\":{},\"moves\":\"e4\",\"moves\":\"d4\"}",
        HEAD "\"players\":{},\"moves\":\"e4\",\"analysis\":[{\"judgment\":{\"name\":"
        "\"Blunder\"},\"judgment\":{}}]}",
        HEAD "\"players\":{\"white\":{\"user\":{\"name\":\"Caf\u00e9\"}}},\"moves\":\"e4\"}",
    };
#undef HEAD
    char want[4096], got[4096], why_want[256], why_got[256];
    for (size_t i = 0; i < sizeof scanned / sizeof scanned[0]; i++) {
        convert_one(lichess_record_pgn, scanned[i], want, sizeof want, why_want, sizeof why_want);
        CHECK(scan_one(scanned[i], got, sizeof got, why_got, sizeof why_got));
        CHECK_EQ_STR(got, want);
        CHECK_EQ_STR(why_got, why_want);
    }
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        CHECK(!scan_one(refused[i], got, sizeof got, why_got, sizeof why_got));
    /* The last "players" is the whole of it: no rating, as counted by hand. */
    convert_one(lichess_record_pgn, refused[0], want, sizeof want, why_want, sizeof why_want);
    CHECK(strstr(want, "[WhiteElo \"?\"]") != NULL);
}
