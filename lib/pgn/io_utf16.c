/* io_utf16.c - UTF-16 (LE or BE, with a byte order mark) transcoded to UTF-8 as it is read. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "pgn/io_internal.h"
#include "base/banned.h"

/*
 * The decoder's bytes go through a buffer of their own, are read as 16-bit
 * units in the byte order the BOM gave, and come out as UTF-8 without the
 * BOM: the reader then sees UTF-8 text, so its columns and offsets count
 * bytes of that text. A surrogate without its pair, and an odd byte at the
 * end, become U+FFFD (the reader reads it as any other character).
 */
struct io_utf16 {
    int big_endian;
    unsigned char *buf;
    size_t cap, pos, len;
    int ended;          /* the decoder returned end_rc: nothing more to pull */
    ptrdiff_t end_rc;   /* 0, DECODE_MEMBER or a status */
    unsigned char out[4];
    size_t out_len, out_pos; /* a character that did not fit in the caller's room */
};

enum { UTF16_BUF = 64 * 1024 };

int utf16_start(struct pgn_input *in, int order, const unsigned char *first, size_t n)
{
    struct io_utf16 *u = calloc(1, sizeof *u);
    size_t cap = n > UTF16_BUF ? n : UTF16_BUF;
    if (!u || !(u->buf = malloc(cap))) {
        free(u);
        return PGN_ENOMEM;
    }
    u->big_endian = order == 2;
    u->cap = cap;
    memcpy(u->buf, first + 2, n - 2); /* without the BOM */
    u->len = n - 2;
    in->utf16 = u;
    return PGN_OK;
}

void utf16_end(struct pgn_input *in)
{
    if (!in->utf16)
        return;
    free(in->utf16->buf);
    free(in->utf16);
    in->utf16 = NULL;
}

/* Pulls more bytes from the decoder, keeping the unread ones. */
static void utf16_refill(struct pgn_input *in, struct io_utf16 *u)
{
    memmove(u->buf, u->buf + u->pos, u->len - u->pos);
    u->len -= u->pos;
    u->pos = 0;
    ptrdiff_t n = in->decode(in, u->buf + u->len, u->cap - u->len);
    if (n > 0) {
        u->len += (size_t)n;
    } else {
        u->ended = 1;
        u->end_rc = n;
    }
}

static unsigned unit_at(const struct io_utf16 *u, size_t i)
{
    const unsigned char *p = u->buf + i;
    return u->big_endian ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
}

static size_t utf8_put(unsigned char *d, unsigned long c)
{
    if (c < 0x80) {
        d[0] = (unsigned char)c;
        return 1;
    }
    if (c < 0x800) {
        d[0] = (unsigned char)(0xc0 | c >> 6);
        d[1] = (unsigned char)(0x80 | (c & 0x3f));
        return 2;
    }
    if (c < 0x10000) {
        d[0] = (unsigned char)(0xe0 | c >> 12);
        d[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
        d[2] = (unsigned char)(0x80 | (c & 0x3f));
        return 3;
    }
    d[0] = (unsigned char)(0xf0 | c >> 18);
    d[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
    d[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
    d[3] = (unsigned char)(0x80 | (c & 0x3f));
    return 4;
}

/* The next character into u->out, or 0 when more bytes are needed first (or at the end). */
static int next_char(struct io_utf16 *u)
{
    size_t avail = u->len - u->pos;
    if (avail < 2) {
        if (!u->ended || avail == 0)
            return 0;
        u->pos = u->len; /* an odd byte at the very end */
        u->out_len = utf8_put(u->out, 0xfffd);
        return 1;
    }
    unsigned long c = unit_at(u, u->pos);
    size_t used = 2;
    if (c >= 0xd800 && c < 0xdc00) {
        if (avail < 4 && !u->ended)
            return 0;
        unsigned lo = avail >= 4 ? unit_at(u, u->pos + 2) : 0;
        if (lo >= 0xdc00 && lo < 0xe000) {
            c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
            used = 4;
        } else {
            c = 0xfffd;
        }
    } else if (c >= 0xdc00 && c < 0xe000) {
        c = 0xfffd;
    }
    u->pos += used;
    u->out_len = utf8_put(u->out, c);
    return 1;
}

ptrdiff_t utf16_decode(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    struct io_utf16 *u = in->utf16;
    size_t n = 0;
    while (n < cap) {
        if (u->out_pos < u->out_len) {
            dst[n++] = u->out[u->out_pos++];
            continue;
        }
        /* The common case: ASCII, two bytes in, one out. */
        while (n < cap && u->len - u->pos >= 2) {
            unsigned c = unit_at(u, u->pos);
            if (c >= 0x80)
                break;
            dst[n++] = (unsigned char)c;
            u->pos += 2;
        }
        if (n == cap)
            break;
        u->out_pos = u->out_len = 0;
        if (!next_char(u)) {
            if (u->ended)
                break;
            utf16_refill(in, u);
        }
    }
    if (n)
        return (ptrdiff_t)n;
    return u->end_rc;
}
