/* tag_normalise.c - dates, rounds and results as the PGN standard spells them, from the forms files use. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "pgn/game.h"
#include "pgn/pgn_lex.h"
#include "pgn/tag_normalise.h"
#include "base/banned.h"

/* ---- Dates ---- */

/* A date's parts, 0 where not known. */
struct ymd {
    int y, m, d;
};

/* Reads digits at *s: their value and count (at most 4), -1 when none. */
static int number(const char **s, int *ndigits)
{
    int v = 0, n = 0;
    while (ascii_is_digit(**s) && n < 5)
        v = v * 10 + (*(*s)++ - '0'), n++;
    *ndigits = n;
    return n ? v : -1;
}

/* The month an English name or its first three letters stand for (1-12), or 0. */
static int month_named(const char **s)
{
    static const char *const months[12] = { "january", "february", "march",     "april",
                                            "may",     "june",     "july",      "august",
                                            "september", "october", "november", "december" };
    size_t n = 0;
    char word[16];
    while (ascii_is_letter((*s)[n]) && n < sizeof word - 1) {
        word[n] = (char)((*s)[n] | 0x20);
        n++;
    }
    if (n < 3)
        return 0;
    for (int k = 0; k < 12; k++)
        if ((n == 3 && !memcmp(word, months[k], 3)) ||
            (n == strlen(months[k]) && !memcmp(word, months[k], n))) {
            *s += n;
            if (**s == '.')
                (*s)++; /* "Jun." */
            return k + 1;
        }
    return 0;
}

static void skip_blanks(const char **s)
{
    while (ascii_is_blank(**s))
        (*s)++;
}

/* A date with an English month name: "June 16, 2015", "16 June 2015", "Jun 2015". */
static int read_named(const char *s, struct ymd *out)
{
    int n, first = number(&s, &n);
    if (first >= 0) { /* "16 June 2015" */
        if (n > 2)
            return 0;
        skip_blanks(&s);
        if (!(out->m = month_named(&s)))
            return 0;
        out->d = first;
    } else {
        if (!(out->m = month_named(&s)))
            return 0;
        skip_blanks(&s);
        const char *at = s;
        int day = number(&s, &n);
        if (day >= 0 && n <= 2 && (*s == ',' || ascii_is_blank(*s))) {
            out->d = day; /* "June 16, 2015" */
            if (*s == ',')
                s++;
        } else {
            s = at; /* "June 2015" */
        }
    }
    skip_blanks(&s);
    out->y = number(&s, &n);
    return n == 4 && !*s;
}

/* A date of digits and one kind of separator, year first or last. */
static int read_numeric(const char *s, struct ymd *out)
{
    int part[3], len[3], nparts = 0;
    char sep = 0;
    for (;;) {
        if (s[0] == '?' ) { /* an unknown part: "??" or "????" */
            int n = 0;
            while (s[n] == '?')
                n++;
            part[nparts] = 0;
            len[nparts] = n;
            s += n;
        } else if ((part[nparts] = number(&s, &len[nparts])) < 0) {
            return 0;
        }
        nparts++;
        if (!*s)
            break;
        if (nparts == 3 || (*s != '.' && *s != '-' && *s != '/') || (sep && *s != sep))
            return 0;
        sep = *s++;
    }
    if (len[0] == 4) {
        out->y = part[0];
        out->m = nparts > 1 ? part[1] : 0;
        out->d = nparts > 2 ? part[2] : 0;
        return (nparts < 2 || len[1] <= 2) && (nparts < 3 || len[2] <= 2);
    }
    if (nparts != 3 || len[2] != 4 || len[0] > 2 || len[1] > 2)
        return 0;
    out->y = part[2];
    if (sep != '/' || part[0] > 12) {
        out->d = part[0], out->m = part[1];
        return sep != '/' || part[0] > 12;
    }
    if (part[1] > 12) { /* US order: month first */
        out->m = part[0], out->d = part[1];
        return 1;
    }
    return 0; /* 06/07/2015: either order */
}

int tag_normalise_date(const char *value, char out[TAG_DATE_LEN + 1])
{
    struct ymd t = { 0, 0, 0 };
    const char *s = value;
    skip_blanks(&s);
    size_t len = strlen(s);
    while (len && ascii_is_blank(s[len - 1]))
        len--;
    char text[40];
    if (len >= sizeof text)
        return 0;
    memcpy(text, s, len);
    text[len] = 0;
    if (!len || !strcmp(text, "?") || !strcmp(text, "????")) {
        t.y = 0;
    } else if (!read_numeric(text, &t) && !read_named(text, &t)) {
        return 0;
    }
    if (t.y < 0 || t.y > 9999 || t.m < 0 || t.m > 12 || t.d < 0 || t.d > 31 || (!t.m && t.d))
        return 0;
    /* "????.??.??", then the parts known over their question marks. */
    memcpy(out, "????.??.??", TAG_DATE_LEN + 1);
    if (t.y)
        for (int i = 3, y = t.y; i >= 0; i--, y /= 10)
            out[i] = (char)('0' + y % 10);
    if (t.m)
        out[5] = (char)('0' + t.m / 10), out[6] = (char)('0' + t.m % 10);
    if (t.d)
        out[8] = (char)('0' + t.d / 10), out[9] = (char)('0' + t.d % 10);
    return strcmp(out, value) != 0;
}

/* ---- Rounds ---- */

int tag_normalise_round(const char *value, char out[TAG_ROUND_MAX + 1])
{
    const char *s = value;
    skip_blanks(&s);
    /* A word before the number: "Round", "Rd.", "Rd", "R", any case. */
    static const char *const words[] = { "round", "rd.", "rd", "r" };
    for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
        size_t n = strlen(words[k]), i = 0;
        while (i < n && s[i] && (s[i] | 0x20) == words[k][i])
            i++;
        if (i == n && (ascii_is_digit(s[n]) || ascii_is_blank(s[n]))) {
            s += n;
            skip_blanks(&s);
            break;
        }
    }
    size_t len = 0;
    for (;;) {
        if (!ascii_is_digit(*s))
            return 0;
        while (*s == '0' && ascii_is_digit(s[1]))
            s++; /* leading zeros */
        while (ascii_is_digit(*s)) {
            if (len == TAG_ROUND_MAX)
                return 0;
            out[len++] = *s++;
        }
        if (*s != '.')
            break;
        if (len == TAG_ROUND_MAX)
            return 0;
        out[len++] = *s++;
    }
    skip_blanks(&s);
    if (*s)
        return 0;
    out[len] = 0;
    return strcmp(out, value) != 0;
}

/* ---- Results ---- */

int tag_normalise_result(const char *value)
{
    char text[32];
    size_t n = 0;
    for (const char *s = value; *s; s++)
        if (!ascii_is_blank(*s)) {
            if (n == sizeof text - 1)
                return PGN_RESULT_NONE;
            text[n++] = *s == ',' ? '.' : *s;
        }
    text[n] = 0;
    int r = pgn_lex_result((const unsigned char *)text, n);
    if (r != PGN_LEX_UNKNOWN)
        return r;
    /* What results tables write, never a movetext token. */
    static const struct {
        const char *text;
        int result;
    } table_forms[] = {
        { "0.5-0.5", PGN_RESULT_DRAW }, { "0.5:0.5", PGN_RESULT_DRAW },
        { "+/-", PGN_RESULT_WHITE },    { "+:-", PGN_RESULT_WHITE },
        { "-/+", PGN_RESULT_BLACK },    { "-:+", PGN_RESULT_BLACK },
    };
    for (size_t k = 0; k < sizeof table_forms / sizeof *table_forms; k++)
        if (!strcmp(text, table_forms[k].text))
            return table_forms[k].result;
    return PGN_RESULT_NONE;
}
