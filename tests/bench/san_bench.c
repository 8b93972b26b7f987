/* san_bench.c - speed of move reading: SAN parse + resolve + play over a PGN file. */
/* SPDX-License-Identifier: MIT */
/*
 *   san-bench FILE.pgn
 * The file (plain text) is read whole, then cut one game at a time into move
 * tokens by a trivial movetext scanner (tags, comments, variations, NAGs,
 * move numbers and results skipped; a FEN tag sets the start). Only the
 * replay is timed, with the game's text fresh in the cache as a streaming
 * reader would have it: the language is detected from the game's tokens,
 * then every token is read with san_read() and played with pos_play(). A
 * game stops at its first unreadable move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "init/lib_init.h"
#include "notation/notation.h"
#include "chess/position.h"
#include "notation/san.h"

enum { MAX_TOKENS = 4096 };
struct token { const char *s; size_t len; };
struct game {
    struct token tok[MAX_TOKENS];
    size_t n;
    const char *fen; /* value of a FEN tag, or NULL */
};

static int is_result(const char *s, size_t n)
{
    return (n == 3 && (!memcmp(s, "1-0", 3) || !memcmp(s, "0-1", 3)))
        || (n == 7 && !memcmp(s, "1/2-1/2", 7)) || (n == 1 && *s == '*');
}

static void add_token(struct game *g, const char *s, size_t n)
{
    size_t digits = strspn(s, "0123456789");
    if (digits < n && s[digits] == '.') {
        s += digits;
        n -= digits;
    }
    while (n && *s == '.')
        s++, n--;
    if (n && !is_result(s, n) && g->n < MAX_TOKENS)
        g->tok[g->n++] = (struct token){ s, n };
}

/* Cuts the next game out of text at *at (the text ends with a NUL); 0 at the end. */
static int scan_game(const char *text, size_t *at, struct game *g)
{
    size_t i = *at;
    int depth = 0, in_moves = 0, any = 0;
    g->n = 0;
    g->fen = NULL;
    while (text[i]) {
        char c = text[i];
        int line_start = i == 0 || text[i - 1] == '\n';
        if (line_start && c == '[' && in_moves)
            break;
        if (line_start && (c == '[' || c == '%')) {
            if (!strncmp(text + i, "[FEN \"", 6))
                g->fen = text + i + 6;
            any = 1;
            i += strcspn(text + i, "\n");
        } else if (c == '{') {
            i += strcspn(text + i, "}");
            i += text[i] != 0;
        } else if (c == ';') {
            i += strcspn(text + i, "\n");
        } else if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
            i++;
        } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            i++;
        } else {
            size_t n = strcspn(text + i, " \r\n\t{}();");
            in_moves = any = 1;
            if (!depth && c != '$')
                add_token(g, text + i, n);
            i += n;
        }
    }
    *at = i;
    return any;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

int main(int argc, char **argv)
{
    static struct game g;
    lib_init();
    if (argc != 2) {
        fprintf(stderr, "usage: san-bench FILE.pgn\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 3;
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)len + 1);
    if (!text || fread(text, 1, (size_t)len, f) != (size_t)len) {
        perror(argv[1]);
        return 3;
    }
    text[len] = 0;
    fclose(f);

    struct pos start;
    long moves = 0, errors = 0, games = 0;
    double replay = 0;
    size_t at = 0;
    uint64_t check = 0;
    pos_set_start(&start);
    while (scan_game(text, &at, &g)) {
        struct lang_detect d;
        struct pos p = start;
        struct timespec t0;
        if (g.fen) {
            char fen[FEN_MAX];
            snprintf(fen, sizeof fen, "%.*s", (int)strcspn(g.fen, "\""), g.fen);
            if (pos_from_fen(&p, fen, NULL))
                continue;
        }
        games++;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        lang_detect_init(&d);
        for (size_t i = 0; i < g.n; i++)
            lang_detect_add(&d, g.tok[i].s, g.tok[i].len);
        int lang = lang_detect_result(&d);
        for (size_t i = 0; i < g.n; i++) {
            move16 m;
            if (san_read(&p, g.tok[i].s, g.tok[i].len, lang, &m, NULL, NULL)) {
                errors++;
                break;
            }
            pos_play(&p, m);
            moves++;
        }
        replay += seconds_since(&t0);
        check ^= p.key;
    }
    printf("san: %ld moves in %.3f s: %.2f M moves/s\n", moves, replay,
           (double)moves / replay * 1e-6);
    printf("san: %ld games, %ld stopped at an unreadable move, key xor %016llx\n", games, errors,
           (unsigned long long)check);
    free(text);
    return 0;
}
