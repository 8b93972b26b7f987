/* json_escape.c - the one JSON string escaper (see json_escape.h for what it escapes and why). */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/json_escape.h"
#include "base/banned.h"

size_t json_escape(char *dst, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    char *d = dst;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f) {
            *d++ = (char)c;
            continue;
        }
        *d++ = '\\';
        switch (c) {
        case '"': *d++ = '"'; break;
        case '\\': *d++ = '\\'; break;
        case '\n': *d++ = 'n'; break;
        case '\r': *d++ = 'r'; break;
        case '\t': *d++ = 't'; break;
        default:
            memcpy(d, "u00", 3);
            d += 3;
            *d++ = hex[c >> 4];
            *d++ = hex[c & 15];
        }
    }
    return (size_t)(d - dst);
}
