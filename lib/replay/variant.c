/* variant.c - Variant tag values, compared loosely: which name standard chess, which Chess960. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "replay/variant.h"
#include "base/banned.h"

size_t variant_squeeze(const char *v, char *out, size_t cap)
{
    size_t n = 0;
    for (; *v && n + 1 < cap; v++)
        if (ascii_is_alnum(*v))
            out[n++] = (char)(*v | 0x20); /* ASCII: a capital's lowercase; digits stay */
    out[n] = 0;
    return n;
}

/* 1 if value, squeezed, is one of names[0..n). */
static int name_in(const char *value, const char *const *names, size_t n)
{
    char s[64];
    variant_squeeze(value, s, sizeof s);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(s, names[i]))
            return 1;
    return 0;
}

int variant_is_chess960(const char *value)
{
    static const char *const names[] = {
        "chess960", "960", "fischerandom", "fischerrandom", "fischerrandomchess", "frc",
        "chess960frc", "freestyle", "freestylechess", "doublechess960", "dfrc", "shuffle960",
    };
    return name_in(value, names, sizeof names / sizeof names[0]);
}

int variant_is_standard(const char *value)
{
    static const char *const names[] = {
        "", "standard", "normal", "chess", "classical", "orthodox", "fromposition",
        "standardchess", "regular",
    };
    return name_in(value, names, sizeof names / sizeof names[0]);
}
