/* test_san_paths.c - the fast paths of move reading agree with the general code. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "notation/notation.h"
#include "chess/movegen.h"
#include "notation/movewrite.h"
#include "chess/position.h"
#include "notation/san.h"
#include "notation/san_fast.h"

/*
 * san_parse() reads the usual English shapes in one pass and everything else
 * with the general parser. A leading space sends any token to the general
 * parser (it skips spaces, the fast path refuses them), so each generated
 * token is read both ways and must give the same status and san_parts.
 */
static void compare_parse(const char *tok, int lang, int *fails)
{
    char spaced[32];
    struct san_parts a, b;
    size_t n = strlen(tok);
    spaced[0] = ' ';
    memcpy(spaced + 1, tok, n + 1);
    int ra = san_parse(tok, n, lang, &a, NULL);
    int rb = san_parse(spaced, n + 1, lang, &b, NULL);
    if (ra != rb || (ra == PGN_OK && memcmp(&a, &b, sizeof a))) {
        if (++*fails <= 10)
            FAIL("'%s' (%s): fast path %d, general parser %d%s", tok, notation_get(lang)->name,
                 ra, rb, ra == rb ? ", different parts" : "");
    }
}

void test_san_paths__parse_shapes(void)
{
    static const char *const letter[] = { "", "N", "B", "K", "P", "D", "x" };
    static const char *const file[] = { "", "a", "h", "x", "i" };
    static const char *const rank[] = { "", "1", "8", "0" };
    static const char *const sep[] = { "", "x", ":", "-" };
    static const char *const dfile[] = { "a", "h", "O", "" };
    static const char *const drank[] = { "1", "8", "9", "" };
    static const char *const promo[] = { "", "=Q", "=B", "=K", "=P", "Q", "=" };
    static const char *const suffix[] = { "", "+", "#", "++", "e.p." };
    static const int langs[] = { NOTATION_EN, NOTATION_DE };
#define N_OF(a) (sizeof a / sizeof a[0])
    int fails = 0;
    char tok[32];
    for (size_t l = 0; l < N_OF(langs); l++)
        for (size_t i0 = 0; i0 < N_OF(letter); i0++)
            for (size_t i1 = 0; i1 < N_OF(file); i1++)
                for (size_t i2 = 0; i2 < N_OF(rank); i2++)
                    for (size_t i3 = 0; i3 < N_OF(sep); i3++)
                        for (size_t i4 = 0; i4 < N_OF(dfile); i4++)
                            for (size_t i5 = 0; i5 < N_OF(drank); i5++)
                                for (size_t i6 = 0; i6 < N_OF(promo); i6++)
                                    for (size_t i7 = 0; i7 < N_OF(suffix); i7++) {
                                        snprintf(tok, sizeof tok, "%s%s%s%s%s%s%s%s", letter[i0],
                                                 file[i1], rank[i2], sep[i3], dfile[i4],
                                                 drank[i5], promo[i6], suffix[i7]);
                                        if (tok[0])
                                            compare_parse(tok, langs[l], &fails);
                                    }
    static const char *const castles[] = {
        "O-O", "O-O-O", "0-0", "0-0-0", "O-0", "o-o", "O-O+", "O-O-O#", "0-0-0+", "O-O-O-O",
        "OO", "O-", "O-O=Q", "O-O++", "0-O-0", "O--O", "O-Oe4",
    };
    for (size_t l = 0; l < N_OF(langs); l++)
        for (size_t i = 0; i < N_OF(castles); i++)
            compare_parse(castles[i], langs[l], &fails);
    CHECK_EQ_INT(fails, 0);
}

/*
 * san_read_plain(), the replay's one-pass reading, must give the move and
 * flags san_read() gives whenever it answers (it may decline), and call the
 * text standard exactly when it is san_write()'s text.
 * Positions: random games from the start (fixed seed, so checks, pins,
 * promotions and en passant come up) and the perft positions; tokens: the
 * SAN of every legal move and variations of it (no 'x', a wrong 'x',
 * origins, marks, other letters), onto every destination of a legal move.
 */
static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

static unsigned rng(unsigned n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33) % n;
}

/* Length of s without its trailing check or mate marks. */
static size_t unmarked(const char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '+' || s[n - 1] == '#'))
        n--;
    return n;
}

static void compare_read(const struct pos *p, const char *tok, int *fails, int *plain)
{
    int in_check = pos_in_check(p);
    for (int known = 0; known < 2; known++) {
        struct san_parts b;
        move16 ma = MOVE_NONE, mb = MOVE_NONE;
        unsigned got = san_read_plain(p, known ? in_check : 1, tok, strlen(tok), NOTATION_EN, &ma);
        if (!got)
            continue;
        ++*plain;
        int rc = san_read(p, tok, strlen(tok), NOTATION_EN, &mb, &b, NULL);
        /* PLAIN_STANDARD: exactly when the text is the SAN. */
        char san[MOVE_TEXT_MAX];
        san_write(p, mb, san);
        int is_san = rc == PGN_OK && unmarked(tok) == unmarked(san)
                  && !memcmp(tok, san, unmarked(san));
        const char *what = rc != PGN_OK || ma != mb ? "move"
                         : (got & 0xFF) != b.flags ? "flags"
                         : !(got & PLAIN_STANDARD) != !is_san ? "standard" : NULL;
        if (what) {
            char fen[FEN_MAX];
            pos_to_fen(p, 0, fen);
            if (++*fails <= 10)
                FAIL("'%s' in %s: plain %04x %#x, san_read %d %04x %#x: %s differs", tok, fen, ma,
                     got, rc, mb, b.flags, what);
        }
    }
}

static void tokens_of(const struct pos *p, int *fails, int *plain)
{
    static const char *const variants[] = { "", "+", "#" };
    struct movelist list;
    int n = movegen_legal(p, &list);
    for (int i = 0; i < n; i++) {
        char san[MOVE_TEXT_MAX], tok[MOVE_TEXT_MAX + 8];
        int from = move_from(list.moves[i]), to = move_king_to(list.moves[i]);
        san_write(p, list.moves[i], san);
        san[strcspn(san, "+#")] = 0;
        const char *sq = san + strlen(san) - 2;
        for (size_t v = 0; v < 3; v++) {
            snprintf(tok, sizeof tok, "%s%s", san, variants[v]);
            compare_read(p, tok, fails, plain);
        }
        if (move_flag(list.moves[i]) != MF_NORMAL)
            continue;
        for (int letter = 0; letter < 7; letter++) {
            static const char letters[] = "PNBRQK";
            char l[2] = { letter < 6 ? letters[letter] : 0, 0 };
            char f = (char)('a' + sq_file(from)), r = (char)('1' + sq_rank(from));
            snprintf(tok, sizeof tok, "%s%c%c", l, 'a' + sq_file(to), '1' + sq_rank(to));
            compare_read(p, tok, fails, plain);
            snprintf(tok, sizeof tok, "%sx%c%c+", l, 'a' + sq_file(to), '1' + sq_rank(to));
            compare_read(p, tok, fails, plain);
            snprintf(tok, sizeof tok, "%s%c%s", l, f, sq);
            compare_read(p, tok, fails, plain);
            snprintf(tok, sizeof tok, "%s%cx%s", l, r, sq);
            compare_read(p, tok, fails, plain);
            snprintf(tok, sizeof tok, "%s%c%cx%s#", l, f, r, sq);
            compare_read(p, tok, fails, plain);
            snprintf(tok, sizeof tok, "%s%c%s", l, (char)('a' + (sq_file(from) + 1) % 8), sq);
            compare_read(p, tok, fails, plain);
        }
    }
}

void test_san_paths__read_plain(void)
{
    int fails = 0, plain = 0;
    for (int game = 0; game < 24; game++) {
        struct pos p;
        pos_set_start(&p);
        for (int ply = 0; ply < 160; ply++) {
            struct movelist list;
            int n = movegen_legal(&p, &list);
            if (!n)
                break;
            if (ply % 3 == 0 || pos_in_check(&p))
                tokens_of(&p, &fails, &plain);
            /* Prefer captures and pawn moves now and then: more endings. */
            move16 m = list.moves[rng((unsigned)n)];
            for (int k = 0; k < 3 && !pos_captured(&p, m); k++)
                m = list.moves[rng((unsigned)n)];
            pos_play(&p, m);
        }
    }
    static const char *const epds[] = { "tests/data/tricky.epd", "tests/data/cpw.epd",
                                        "tests/data/standard.epd" };
    for (size_t i = 0; i < sizeof epds / sizeof epds[0]; i++) {
        FILE *f = test_open(epds[i]);
        char line[512];
        while (f && fgets(line, sizeof line, f)) {
            struct pos p;
            line[strcspn(line, ";\n")] = 0;
            if (line[0] && line[0] != '#' && pos_from_fen(&p, line, NULL) == PGN_OK)
                tokens_of(&p, &fails, &plain);
        }
        if (f)
            fclose(f);
    }
    /* Short tokens, each in a buffer of its own size: nothing may be read
     * before or after it (AddressSanitizer builds check). */
    static const char *const shorts[] = { "e+", "+", "#", "e", "4", "x", "e4", "Kx", "h8#",
                                          "O-O", "0-", "N+", "=Q", "e8=", "exd1", "bxa8" };
    struct pos start;
    pos_set_start(&start);
    for (size_t i = 0; i < sizeof shorts / sizeof shorts[0]; i++) {
        size_t n = strlen(shorts[i]);
        char *tok = malloc(n);
        struct san_parts sp;
        move16 m;
        memcpy(tok, shorts[i], n);
        san_read_plain(&start, 0, tok, n, NOTATION_EN, &m);
        san_parse(tok, n, NOTATION_EN, &sp, NULL);
        free(tok);
    }
    CHECK_EQ_INT(fails, 0);
    CHECK(plain > 10000);
}

/* NOTATION_AUTO: each token is read in the language its own letters suggest. */
void test_san_paths__auto_language(void)
{
    static const struct { const char *tok, *uci; } cases[] = {
        { "e4", "e2e4" }, { "Nf3", "g1f3" }, { "Sf3", "g1f3" }, { "Pe4", "e2e4" },
        { "O-O", NULL }, { "♘f3", "g1f3" },
    };
    struct pos p;
    pos_set_start(&p);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct san_parts sp;
        move16 m = MOVE_NONE;
        int rc = san_read(&p, cases[i].tok, strlen(cases[i].tok), NOTATION_AUTO, &m, &sp, NULL);
        if (!cases[i].uci) {
            CHECK(rc != PGN_OK);
            continue;
        }
        char uci[8];
        snprintf(uci, sizeof uci, "%c%c%c%c", 'a' + sq_file(move_from(m)), '1' + sq_rank(move_from(m)),
                 'a' + sq_file(move_to(m)), '1' + sq_rank(move_to(m)));
        if (rc != PGN_OK || strcmp(uci, cases[i].uci))
            FAIL("'%s': %d %s, expected %s", cases[i].tok, rc, uci, cases[i].uci);
        CHECK(san_parse(cases[i].tok, strlen(cases[i].tok), NOTATION_AUTO, &sp, NULL) == PGN_OK);
    }
}
