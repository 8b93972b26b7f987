/* utf8.c - UTF-8 validation (block-at-a-time ASCII fast path) and CP1252 decoding. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>
#include "base/simd.h"
#include "base/utf8.h"
#include "base/banned.h"

#define HIGH_BITS 0x8080808080808080ULL

static int ascii_word(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    return !(w & HIGH_BITS);
}

/* A prefix of p[0..n) that is ASCII, found a block at a time: 64 bytes, then 8. */
static size_t ascii_blocks(const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; i + 64 <= n; i += 64)
        if (!simd_ascii64(p + i))
            break;
    while (i + 8 <= n && ascii_word(p + i))
        i += 8;
    return i;
}

int utf8_is_ascii(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = ascii_blocks(p, n); i < n; i++)
        if (p[i] >= 0x80)
            return 0;
    return 1;
}

size_t utf8_valid_prefix(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        if (p[i] < 0x80) {
            i += ascii_blocks(p + i, n - i);
            while (i < n && p[i] < 0x80)
                i++;
            continue;
        }
        unsigned c = p[i];
        size_t len;
        unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0; /* no overlong forms */
            else if (c == 0xED)
                hi = 0x9F; /* no surrogates */
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F; /* at most U+10FFFF */
        } else {
            return i;
        }
        if (n - i < len || p[i + 1] < lo || p[i + 1] > hi)
            return i;
        for (size_t k = 2; k < len; k++)
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
        i += len;
    }
    return n;
}

/* Unicode code points of CP1252 bytes 0x80..0x9F (undefined bytes map to themselves). */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

size_t utf8_from_cp1252(char *dst, const char *src, size_t n)
{
    unsigned char *o = (unsigned char *)dst;
    const unsigned char *p = (const unsigned char *)src;
    for (size_t i = 0; i < n; i++) {
        unsigned c = p[i];
        if (c < 0x80) {
            *o++ = (unsigned char)c;
            continue;
        }
        if (c < 0xA0)
            c = cp1252_high[c - 0x80];
        if (c < 0x800) {
            *o++ = (unsigned char)(0xC0 | (c >> 6));
            *o++ = (unsigned char)(0x80 | (c & 0x3F));
        } else {
            *o++ = (unsigned char)(0xE0 | (c >> 12));
            *o++ = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            *o++ = (unsigned char)(0x80 | (c & 0x3F));
        }
    }
    return (size_t)(o - (unsigned char *)dst);
}

size_t utf8_clip(const char *s, size_t n, size_t max)
{
    if (n <= max)
        return n;
    /* Back up over continuation bytes to the start of the cut sequence. */
    while (max > 0 && ((unsigned char)s[max] & 0xC0) == 0x80)
        max--;
    return max;
}
