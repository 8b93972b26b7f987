/* text_fit.c - fitting text into a picture's width: a safe width estimate and line breaking. */
/* SPDX-License-Identifier: MIT */
#include "picture/text_fit.h"
#include "base/banned.h"

/*
 * The advance of each printable ASCII character, ' ' to '~', in hundredths
 * of the font size: the widest of DejaVu Sans, DejaVu Serif, Liberation
 * Sans and Liberation Serif (the default fonts of Linux browsers; the
 * others' metrics are close to Liberation's), rounded up, as Chromium
 * measured them. A character of another script is given more than the
 * widest Cyrillic capital ('Ш', 115), the en dash and minus sign their own.
 */
static const unsigned char ascii_widths[95] = {
     32,  41,  46,  84,  64,  96,  90,  28,  40,  40,  50,  84,  32,  37,  32,  34,
     64,  64,  64,  64,  64,  64,  64,  64,  64,  64,  34,  34,  84,  84,  84,  56,
    102,  73,  74,  77,  81,  73,  70,  80,  88,  40,  50,  75,  67, 103,  88,  82,
     68,  82,  76,  69,  67,  85,  73, 103,  73,  73,  70,  40,  34,  40,  84,  56,
     50,  62,  65,  57,  65,  62,  38,  65,  65,  32,  32,  61,  32,  98,  65,  62,
     65,  65,  48,  53,  41,  65,  60,  86,  60,  60,  53,  64,  34,  64,  84,
};

static int ascii_width(unsigned char c)
{
    return c >= ' ' && c <= '~' ? ascii_widths[c - ' '] : 0;
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
        return 50; /* the en dash of "White – Black" */
    if (*len == 3 && c == 0xE2 && (unsigned char)s[i + 1] == 0x88 &&
        (unsigned char)s[i + 2] == 0x92)
        return 84; /* the minus sign of the graph's ticks */
    return 116;
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

int text_words_fit(const char *s, size_t n, double width, double size)
{
    size_t at = 0;
    while (at < n) {
        size_t end = at;
        while (end < n && s[end] != ' ')
            end++;
        if (text_width(s + at, end - at, size) > width)
            return 0;
        at = end + 1;
    }
    return 1;
}
