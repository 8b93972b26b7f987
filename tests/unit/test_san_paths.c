/* test_san_paths.c - the fast paths of move reading agree with the general code. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "notation.h"
#include "position.h"
#include "san.h"

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
    if (ra != rb || (ra == MOVE_OK && memcmp(&a, &b, sizeof a))) {
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
