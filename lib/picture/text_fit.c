/* text_fit.c - fitting text into a picture's width: a safe width estimate and line breaking. */
/* SPDX-License-Identifier: MIT */
#include "picture/text_fit.h"
#include "base/banned.h"

/*
 * Widths in hundredths of the font size, each class at or above the widest
 * of its characters in DejaVu Sans and DejaVu Serif: 'I' is 47, 'r' 48,
 * digits 64, 'H' 87, 'W' 110 there. Other scripts (Cyrillic, Greek,
 * accented capitals) are given a full em, the en dash half of one.
 */
static int ascii_width(unsigned char c)
{
    switch (c) {
    case ' ': case '.': case ',': case ':': case ';': case '\'': case '!': case '|':
    case 'i': case 'j': case 'l': case '`':
        return 40;
    case 'I': case 'J': case 'f': case 't': case 'r': case '(': case ')': case '[': case ']':
    case '-': case '"': case '/': case '\\': case '{': case '}':
        return 52;
    case 'm': case 'w': case 'M': case 'W': case '@': case '%':
        return 112;
    default:
        return c >= 'A' && c <= 'Z' ? 90 : 66;
    }
}

/* The width of the character at s[i] (of n), and its length in bytes. */
static int char_width(const char *s, size_t n, size_t i, size_t *len)
{
    unsigned char c = (unsigned char)s[i];
    *len = 1;
    if (c < 0x80)
        return ascii_width(c);
    /* A lead byte and its continuation bytes are one character. */
    while (i + *len < n && ((unsigned char)s[i + *len] & 0xC0) == 0x80)
        (*len)++;
    if (*len == 3 && c == 0xE2 && (unsigned char)s[i + 1] == 0x80 &&
        (unsigned char)s[i + 2] == 0x93)
        return 52; /* the en dash of "White – Black" */
    return 100;
}

double text_width(const char *s, size_t n, double size)
{
    long hundredths = 0;
    size_t len;
    for (size_t i = 0; i < n; i += len)
        hundredths += char_width(s, n, i, &len);
    return (double)hundredths * size / 100.0;
}

size_t text_line(const char *s, size_t n, size_t at, double width, double size, size_t *next)
{
    long room = (long)(width * 100.0 / size), used = 0;
    size_t i = at, fit = at, len = 1;
    while (i < n) {
        int w = char_width(s, n, i, &len);
        if (used + w > room)
            break;
        used += w;
        i += len;
        if (i == n || s[i] == ' ')
            fit = i; /* the line may end after this word */
    }
    if (i == n)
        fit = n;
    else if (fit == at)
        fit = i > at ? i : at + len; /* one word wider than the line: broken, never lost */
    size_t end = fit;
    while (end > at && s[end - 1] == ' ')
        end--;
    while (fit < n && s[fit] == ' ')
        fit++;
    *next = fit;
    return end - at;
}

unsigned text_lines(const char *s, size_t n, double width, double size, unsigned max)
{
    unsigned count = 0;
    size_t at = 0;
    while (at < n && count <= max) {
        text_line(s, n, at, width, size, &at);
        count++;
    }
    return count;
}
