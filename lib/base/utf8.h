/* utf8.h - UTF-8 validation and CP1252 (Windows Latin-1) to UTF-8 transcoding. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_UTF8_H
#define LIB_UTF8_H

#include <stddef.h>

#define UTF8_BOM "\xEF\xBB\xBF"
#define UTF8_BOM_LEN 3

/**
 * Length of the longest valid UTF-8 prefix of s[0..n): n when all of s is
 * valid (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF).
 */
size_t utf8_valid_prefix(const char *s, size_t n);

/** 1 when s[0..n) is valid UTF-8. */
static inline int utf8_valid(const char *s, size_t n)
{
    return utf8_valid_prefix(s, n) == n;
}

/** 1 when s[0..n) has no byte >= 0x80. */
int utf8_is_ascii(const char *s, size_t n);

/* The most bytes one CP1252 byte becomes in UTF-8. */
#define CP1252_UTF8_MAX 3

/**
 * Transcodes CP1252 text to UTF-8 into dst, which must hold
 * n * CP1252_UTF8_MAX bytes; returns the bytes written (no NUL). The five
 * bytes CP1252 leaves undefined (0x81 0x8D 0x8F 0x90 0x9D) become the C1
 * control characters of the same value, as in the WHATWG encoding standard,
 * so the conversion is lossless.
 */
size_t utf8_from_cp1252(char *dst, const char *src, size_t n);

/**
 * The largest length <= max that does not cut a UTF-8 sequence of the valid
 * UTF-8 text s[0..n) in two.
 */
size_t utf8_clip(const char *s, size_t n, size_t max);

#endif
