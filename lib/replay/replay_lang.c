/* replay_lang.c - the language a game's moves are read in: English at once, else detected. */
/* SPDX-License-Identifier: MIT */
#include "notation/notation.h"
#include "replay/replay_internal.h"
#include "base/banned.h"

/*
 * 1 when every piece letter in the game's moves is one of English SAN's (K
 * Q R B N P) and no byte is beyond ASCII: then detection picks English (the
 * first language of the table, and one that has all those letters), decided
 * here by OR-ing bits instead of counting symbols token by token.
 */
static uint32_t letter_bit[256]; /* bit c - 'A' for capitals, the top bit beyond ASCII */

void replay_lang_init(void)
{
    for (unsigned c = 'A'; c <= 'Z'; c++)
        letter_bit[c] = 1u << (c - 'A');
    for (unsigned c = 0x80; c < 256; c++)
        letter_bit[c] = 1u << 31;
}

uint32_t replay_text_letters(const char *text, uint32_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    if (n - 1 < 4) /* bytes 0, n-1, n/2 and (n-1)/2 are all of them up to four */
        return letter_bit[s[0]] | letter_bit[s[n - 1]] | letter_bit[s[n / 2]]
             | letter_bit[s[(n - 1) / 2]];
    uint32_t seen = 0;
    for (uint32_t k = 0; k < n; k++)
        seen |= letter_bit[s[k]];
    return seen;
}

int replay_english_letters(uint32_t seen)
{
    uint32_t foreign = (notation_capitals(NOTATION_AUTO) & ~notation_capitals(NOTATION_EN))
                     | 1u << 31;
    return !(seen & foreign);
}

/* 1 when no move of g has a letter foreign to English (see letter_bit). */
static int english_letters_only(const struct game *g)
{
    uint32_t seen = 0;
    for (uint32_t i = 0; i < g->nmoves; i++)
        seen |= replay_text_letters(g->moves[i].text, g->moves[i].len);
    return replay_english_letters(seen);
}

int replay_language(const struct game *g, int lang)
{
    if (lang != NOTATION_AUTO)
        return lang;
    if (english_letters_only(g))
        return NOTATION_EN;
    struct lang_detect d;
    lang_detect_init(&d);
    for (uint32_t i = 0; i < g->nmoves; i++)
        lang_detect_add(&d, g->moves[i].text, g->moves[i].len);
    return lang_detect_result(&d);
}
