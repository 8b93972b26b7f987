/* test_hostile.c - hostile input: lines longer than any game, messages that must stay UTF-8. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "replay/replay.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "base/utf8.h"

#define GAME_A "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
#define GAME_B "[Event \"B\"]\n[Result \"*\"]\n\n1. d4 d5 *\n"

/* A reader of text[0..len) with games of at most max_game bytes (read_size 0: the default). */
static struct pgn_reader *open_limited(const char *text, size_t len, size_t max_game,
                                       size_t read_size)
{
    struct pgn_reader_opts o;
    struct pgn_reader *r;
    pgn_reader_opts_init(&o);
    o.limits.max_game = max_game;
    if (read_size)
        o.read_size = read_size;
    if (pgn_reader_open_mem(&r, text, len, &o)) {
        FAIL("cannot open");
        return NULL;
    }
    return r;
}

/*
 * A line longer than max_game right after a complete game: that game and the
 * one after the line stay intact, the line becomes a game of its own
 * (truncated, too big), and the outcome is the same for every read size. A
 * line of blanks is white space between games: no game at all.
 */
void test_hostile__long_line_after_game(void)
{
    static const char fillers[] = { ' ', '\0', '{', ';', 'x', '(', '\r' };
    static const size_t read_sizes[] = { 0, 1, 7, 100, 999, 1001, 5000 };
    enum { MAX_GAME = 1000, LONG = 3 * MAX_GAME };
    char *text = malloc(sizeof GAME_A + LONG + sizeof GAME_B + 8);
    char *first = NULL;
    for (size_t f = 0; f < sizeof fillers; f++) {
        for (int with_b = 0; with_b < 2; with_b++) {
            size_t len = 0, line_at;
            memcpy(text, GAME_A "\n", sizeof GAME_A);
            len = line_at = sizeof GAME_A;
            memset(text + len, fillers[f] == '\r' ? 'y' : fillers[f], LONG);
            if (fillers[f] == '\r')
                text[len + LONG / 2] = '\r'; /* a lone CR splits it into two long lines */
            len += LONG;
            if (with_b) {
                memcpy(text + len, "\n\n" GAME_B, sizeof GAME_B + 1);
                len += sizeof GAME_B + 1;
            }
            for (size_t k = 0; k < sizeof read_sizes / sizeof read_sizes[0]; k++) {
                struct pgn_reader *r = open_limited(text, len, MAX_GAME, read_sizes[k]);
                struct game g;
                if (!r)
                    continue;
                uint64_t off = 0;
                int n = 0, rc;
                char dump[4096], all[8192] = "";
                size_t used = 0;
                while ((rc = pgn_reader_next(r, &g)) > 0) {
                    n++;
                    reader_check_game(&g, text, len, &off);
                    dump_game(&g, dump, sizeof dump);
                    used += (size_t)snprintf(all + used, sizeof all - used, "%s\n", dump);
                    if (used >= sizeof all)
                        used = sizeof all - 1;
                    int junk = n > 1 && g.offset < line_at + LONG;
                    if (!junk && (g.flags & (GAME_BAD | GAME_TRUNCATED)))
                        FAIL("filler 0x%02x, read size %zu: game %d is bad: %s", fillers[f],
                             read_sizes[k], n, dump);
                    if (junk && !(g.flags & GAME_TRUNCATED))
                        FAIL("filler 0x%02x: the long line is not a truncated game: %s",
                             fillers[f], dump);
                }
                if (rc != 0 || (off != len && !reader_blank_gap(text, off, len)))
                    FAIL("filler 0x%02x: rc %d, spans end at %llu of %zu", fillers[f], rc,
                         (unsigned long long)off, len);
                if (fillers[f] == ' ' ? n != 1 + with_b : n < 2 + with_b)
                    FAIL("filler 0x%02x, read size %zu: %d games", fillers[f], read_sizes[k], n);
                pgn_reader_free(r);
                if (k == 0) {
                    free(first);
                    first = strdup(all);
                } else if (strcmp(first, all)) {
                    FAIL("filler 0x%02x: read size %zu changes the result:\n%s\n%s", fillers[f],
                         read_sizes[k], first, all);
                }
            }
        }
    }
    free(first);
    free(text);
}

/* A character after a move is quoted whole in the error: the message stays valid UTF-8. */
void test_hostile__move_message_utf8(void)
{
    static const char *const tokens[] = { "Nf3\xc3\xa9", "Nf3\xe2\x99\x98", "e4\xf0\x9f\x98\x80" };
    struct pos p;
    pos_set_start(&p);
    for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++) {
        struct move_error err;
        move16 m;
        int rc = san_read(&p, tokens[i], strlen(tokens[i]), NOTATION_EN, &m, NULL, &err);
        CHECK(rc < 0);
        if (rc && !utf8_valid(err.msg, strlen(err.msg)))
            FAIL("'%s': message not valid UTF-8", tokens[i]);
    }
}

/* A diagnostic cut at its size limit ends on a whole character: here it quotes a long Date. */
void test_hostile__long_message_utf8(void)
{
    char text[1024];
    size_t n = (size_t)snprintf(text, sizeof text, "[Event \"x\"]\n[Date \"");
    for (int i = 0; i < 150; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "\xc3\xa9");
    n += (size_t)snprintf(text + n, sizeof text - n, "\"]\n\n1. e4 *\n");
    struct pgn_reader *r;
    struct game g;
    struct replay rp;
    if (pgn_reader_open_mem(&r, text, n, NULL)) {
        FAIL("cannot open");
        return;
    }
    replay_init(&rp, NULL);
    int diags = 0;
    while (pgn_reader_next(r, &g) > 0 && replay_game(&rp, &g) == PGN_OK)
        for (size_t i = 0; i < rp.ndiags; i++, diags++)
            if (!utf8_valid(rp.diags[i].msg, strlen(rp.diags[i].msg)))
                FAIL("message not valid UTF-8: %s", rp.diags[i].msg);
    CHECK(diags > 0);
    replay_release(&rp);
    pgn_reader_free(r);
}

/*
 * Empty lines after a game, more than max_game bytes of them (LF, CRLF,
 * blanks on them): the game is not too big, and neither it nor the next
 * game holds any of them (counted by hand: the runs are the gap between
 * the spans); lines still count them; the same for every read size.
 */
void test_hostile__blank_run_between_games(void)
{
    static const char *const eols[] = { "\n", "\r\n", " \t\n" };
    static const size_t read_sizes[] = { 0, 1, 7, 100, 999, 5000 };
    enum { MAX_GAME = 1000, LINES = 1500 };
    for (size_t e = 0; e < sizeof eols / sizeof eols[0]; e++) {
        size_t el = strlen(eols[e]), len = 0;
        char *text = malloc(sizeof GAME_A + LINES * el + sizeof GAME_B);
        memcpy(text, GAME_A, sizeof GAME_A - 1);
        len = sizeof GAME_A - 1;
        for (int i = 0; i < LINES; i++, len += el)
            memcpy(text + len, eols[e], el);
        memcpy(text + len, GAME_B, sizeof GAME_B - 1);
        len += sizeof GAME_B - 1;
        for (size_t k = 0; k < sizeof read_sizes / sizeof read_sizes[0]; k++) {
            struct pgn_reader *r = open_limited(text, len, MAX_GAME, read_sizes[k]);
            struct game g;
            if (!r)
                continue;
            int n = 0, rc;
            while ((rc = pgn_reader_next(r, &g)) > 0) {
                n++;
                if (g.flags & (GAME_BAD | GAME_TRUNCATED | GAME_EMPTY))
                    FAIL("eol %zu, read size %zu: game %d flags %u", e, read_sizes[k], n, g.flags);
                uint64_t want_off = n == 1 ? 0 : sizeof GAME_A - 1 + (uint64_t)LINES * el;
                size_t want_len = n == 1 ? sizeof GAME_A - 1 : sizeof GAME_B - 1;
                uint64_t want_line = n == 1 ? 1 : 5 + LINES;
                if (g.offset != want_off || g.raw_len != want_len || g.line != want_line)
                    FAIL("eol %zu, read size %zu: game %d at %llu+%zu line %llu, expected "
                         "%llu+%zu line %llu", e, read_sizes[k], n, (unsigned long long)g.offset,
                         g.raw_len, (unsigned long long)g.line, (unsigned long long)want_off,
                         want_len, (unsigned long long)want_line);
            }
            if (rc != 0 || n != 2)
                FAIL("eol %zu, read size %zu: rc %d, %d games", e, read_sizes[k], rc, n);
            pgn_reader_free(r);
        }
        free(text);
    }
}
