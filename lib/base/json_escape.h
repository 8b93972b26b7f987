/* json_escape.h - the one JSON string escaper, used by every JSON writer of pgnkit. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_JSON_ESCAPE_H
#define LIB_JSON_ESCAPE_H

#include <stddef.h>

/*
 * Bytes are written as they are, but for '"' and '\' (escaped as \" and \\),
 * newline, carriage return and tab (\n, \r, \t) and the other control
 * characters, 0x00-0x1f and DEL (0x7f), which become \u00XX. RFC 8259 allows
 * a raw DEL, but it is invisible or disruptive on terminals and in logs, and
 * escaping it costs nothing in meaning: a JSON reader gives the same byte
 * back. Bytes 0x80 and up pass unchanged (the text is UTF-8).
 */

/* The most bytes json_escape() writes for n bytes of input: \u00XX for each. */
#define JSON_ESCAPE_MAX(n) (6 * (size_t)(n))

/**
 * Writes s[0..n) escaped, without quotes, to dst, which has room for
 * JSON_ESCAPE_MAX(n) bytes. Returns the number of bytes written (no NUL).
 */
size_t json_escape(char *dst, const char *s, size_t n);

#endif
