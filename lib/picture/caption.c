/* caption.c - the words of a diagram's caption in the notation languages pgnkit writes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "notation/notation.h"
#include "picture/board_svg.h"
#include "base/banned.h"

/*
 * "after" in each language of notation.c, with where the move goes: most
 * put the word before it; Finnish and Hungarian put a postposition after.
 * A language missing here is captioned in English.
 */
static const struct {
    const char *lang, *before, *after;
} words[] = {
    { "en", "after ", "" },  { "de", "nach ", "" },    { "fr", "après ", "" },
    { "es", "tras ", "" },   { "it", "dopo ", "" },    { "pt", "após ", "" },
    { "nl", "na ", "" },     { "sv", "efter ", "" },   { "da", "efter ", "" },
    { "no", "etter ", "" },  { "fi", "", " jälkeen" }, { "pl", "po ", "" },
    { "cs", "po ", "" },     { "hu", "", " után" },    { "ro", "după ", "" },
    { "ru", "после ", "" },
};

size_t board_caption_after(int lang, uint32_t move_number, int side, const char *san, char *out,
                           size_t cap)
{
    const struct notation *n = notation_get(lang);
    size_t w = 0;
    for (size_t i = 0; n && i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(words[i].lang, n->name))
            w = i;
    int len = snprintf(out, cap, "%s%u%s%s%s", words[w].before, move_number,
                       side == WHITE ? "." : "...", san, words[w].after);
    return len < 0 ? 0 : (size_t)len;
}
