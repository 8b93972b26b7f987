/* test_reader_run.c - the reader's fast paths against its reference mode. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "pgn/pgn_lex.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"

/*
 * With PGN_READER_REFERENCE the reader takes its general paths only (no
 * runs of moves or tag pairs: see FAST PATHS in reader_internal.h), and both
 * must give the same games, field by field. Compares text read with the fast
 * paths, in windows of read_size bytes (0: the default), with it read in the
 * reference mode.
 */
static void expect_as_reference(const char *what, const char *text, size_t len,
                                size_t read_size)
{
    struct pgn_reader_opts with, without;
    pgn_reader_opts_init(&with);
    pgn_reader_opts_init(&without);
    if (read_size)
        with.read_size = read_size;
    without.flags = PGN_READER_REFERENCE;
    struct pgn_reader *a, *b;
    if (pgn_reader_open_mem(&a, text, len, &with) != PGN_OK ||
        pgn_reader_open_mem(&b, text, len, &without) != PGN_OK) {
        FAIL("%s: cannot open", what);
        return;
    }
    struct game ga, gb;
    for (unsigned n = 0;; n++) {
        int ra = pgn_reader_next(a, &ga), rb = pgn_reader_next(b, &gb);
        if (ra != rb) {
            FAIL("%s (read size %zu): game %u: %d with fast paths, %d without", what,
                 read_size, n, ra, rb);
            break;
        }
        if (ra <= 0)
            break;
        const char *d = game_diff(&ga, &gb);
        if (d) {
            FAIL("%s (read size %zu): game %u: %s differs", what, read_size, n, d);
            break;
        }
    }
    pgn_reader_free(a);
    pgn_reader_free(b);
}

static void expect_as_without_runs(const char *what, const char *text, size_t read_size)
{
    expect_as_reference(what, text, strlen(text), read_size);
}

/* A small deterministic generator, so that a failure can be replayed. */
static unsigned next_rand(unsigned long long *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(*s >> 33);
}

/*
 * A game of moves numbered from first on: numbers glued to their moves or
 * alone, with one dot or three, moves with and without '+' or '#', one
 * blank or a line end (\n, \r\n, \r) between words. No word over 7 bytes.
 */
static size_t make_game(char *out, size_t size, unsigned long first, unsigned moves,
                        unsigned long long *seed)
{
    static const char *const plain[] = { "e4", "Nf3", "exd5", "Bb5+", "O-O", "Kh8#", "a8=Q+",
                                         "Rxe1+", "h6", "Qd1#", "O-O-O", "Nc6" };
    static const char *const seps[] = { " ", " ", " ", " ", "\n", "\r\n", "\r" };
    size_t n = (size_t)snprintf(out, size, "[Event \"x\"]\n\n");
    for (unsigned i = 0; i < moves && n + 64 < size; i++) {
        unsigned r = next_rand(seed);
        unsigned long number = first + i / 2;
        char num[16];
        int nlen = snprintf(num, sizeof num, "%lu%s", number, (r & 8) ? "..." : ".");
        const char *move = plain[(r >> 4) % (sizeof plain / sizeof plain[0])];
        /* Black's moves have a number one time in eight, White's nearly always. */
        int numbered = (i % 2 == 0) ? (r & 0x70000) != 0 : (r & 0x70000) == 0;
        int glued = (r & 1) && (size_t)nlen + strlen(move) <= 7;
        if (numbered && nlen <= 7) {
            n += (size_t)snprintf(out + n, size - n, "%s", num);
            if (!glued)
                n += (size_t)snprintf(out + n, size - n, "%s",
                                      seps[(r >> 8) % (sizeof seps / sizeof seps[0])]);
        }
        n += (size_t)snprintf(out + n, size - n, "%s%s", move,
                              seps[(r >> 12) % (sizeof seps / sizeof seps[0])]);
    }
    n += (size_t)snprintf(out + n, size - n, "*\n\n");
    return n;
}

/*
 * Move numbers of one to six digits, alone and glued, across the changes
 * in their length (9 to 10, 99 to 100, 999 to 1000, ...), in windows of
 * many sizes, so that numbers and check marks also meet the window's end.
 */
void test_reader_run__numbers(void)
{
    static const unsigned long firsts[] = { 1, 5, 9, 95, 99, 100, 995, 999, 1000, 9998, 99999 };
    static const size_t sizes[] = { 0, 1, 2, 3, 5, 7, 8, 9, 13, 16, 31, 64 };
    unsigned long long seed = 1;
    char text[16384];
    for (size_t f = 0; f < sizeof firsts / sizeof firsts[0]; f++)
        for (unsigned round = 0; round < 4; round++) {
            size_t n = 0;
            for (unsigned g = 0; g < 3; g++)
                n += make_game(text + n, sizeof text - n, firsts[f], 24 + 7 * g, &seed);
            char what[64];
            snprintf(what, sizeof what, "numbers from %lu, round %u", firsts[f], round);
            for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
                expect_as_without_runs(what, text, sizes[k]);
        }
}

/* Numbers and words that a run must stop at or leave to the general way. */
void test_reader_run__edges(void)
{
    static const char *const texts[] = {
        "1.e4 e5 2.Nf3 1-0\n",
        "1. e4 e5 2. Nf3 0-1\r\n",
        "1.e4 e5 10.Nf3 1/2-1/2\n",
        "99.e4 e5 100.Nf3 Nc6 101. Bb5 a6 1000.a4 *\n",
        "100.e4 1000.e5 100... Nf3 1000... Nc6 *\n",
        "9.e4 10.e5 11.Nf3 Nc6+ 12.Bb5+ a6# *\n",
        "1.e4+ e5+\n2.Nf3+\r\nNc6+\r3.Bb5# *\n",
        "1.e4 e5 12 Nf3 Nc6 123 Bb5 1234 a6 *\n",
        "1.e4 e5 12.. Nf3 123.. Nc6 1234... Bb5 12...e4 *\n",
        "1.e4 e5 2.(Nf3) 12.(Nc6) 123.(Bb5) *\n",
        "1.e4 e5 12.+ 123.# 1234.+ *\n",
        "1.e4+! e5+? 2.Nf3!? Nc6#! *\n",
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O+ Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 *\n",
        ("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 "
         "10.d4 Nbd7 11.c4 c6 12.cxb5 axb5 13.Nc3 Bb7 14.Bg5 b4 15.Nb1 h6 16.Bh4 c5 17.dxe5 *\n"),
        "1.e4 e5 9.Nf3 99.Nc6 999.Bb5 9999.a6 99999.a4 *\n",
        "1.e4 e5 2.Nf3 3",
        "1.e4 e5 2.Nf3 33",
        "1.e4 e5 2.Nf3 333",
        "1.e4 e5 2.Nf3 333.",
        "1.e4 e5 2.Nf3 e5+",
        /* CP1252 superscripts are no digits: "\xb2." is a move, as pgn_lex_word() says. */
        "1.e4 \xb2. e5 \xb9.Nf3 \xb3 Nc6 $\xb2 *\n",
    };
    static const size_t sizes[] = { 0, 1, 2, 3, 4, 5, 6, 7, 9, 11, 17 };
    char text[1024];
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        snprintf(text, sizeof text, "[Event \"x\"]\n\n%s", texts[i]);
        char what[32];
        snprintf(what, sizeof what, "text %zu", i);
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
            expect_as_without_runs(what, text, sizes[k]);
    }
}

/* Every file of testdata/, in three window settings, as the reference mode reads it. */
static void reference_file(const char *rel, void *ctx)
{
    (void)ctx;
    size_t len;
    char *text = reader_slurp(rel, &len);
    if (!text)
        return;
    static const size_t sizes[] = { 0, 7, 64 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        expect_as_reference(rel, text, len, sizes[k]);
    free(text);
}

void test_reader_run__reference_testdata(void)
{
    static const char *const dirs[] = {
        "testdata",        "testdata/corpus",   "testdata/broken", "testdata/reader",
        "testdata/notation", "testdata/search", "testdata/hostile", "testdata/lenient",
    };
    CHECK(reader_each_pgn(dirs, sizeof dirs / sizeof dirs[0], reference_file, NULL) > 10);
}
