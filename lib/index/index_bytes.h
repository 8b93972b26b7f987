/* index_bytes.h - inside lib/index: little-endian integers of the database's blobs, one way. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_BYTES_H
#define LIB_INDEX_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* The blobs are little endian whatever the machine, so that a database
 * moves between machines as a file. */

/** Writes the low bytes bytes of v at p, lowest first. */
static inline void index_put_le(unsigned char *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/** Reads bytes bytes at p, lowest first. */
static inline uint64_t index_get_le(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/** Writes v at out[at..] as a varint (7 bits a byte, lowest first); returns the end. */
static inline size_t index_put_varint(unsigned char *out, size_t at, uint64_t v)
{
    do {
        out[at++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    return at;
}

/** Reads a varint at in[*at..n) into *v, moving *at past it; 0 when it is cut short or too long. */
static inline int index_get_varint(const unsigned char *in, size_t n, size_t *at, uint64_t *v)
{
    *v = 0;
    for (int shift = 0; shift < 64 && *at < n; shift += 7) {
        unsigned char b = in[(*at)++];
        *v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return 1;
    }
    return 0;
}

/*
 * Lists of game numbers (the unsure games, the late games of a group) are
 * kept ascending as varint steps from the number before (from 0): a step of
 * 0, or one past the source's games, is damage.
 */

/** Writes number (above *last) as a step at out[at..] and makes it *last; returns the end. */
static inline size_t index_put_number(unsigned char *out, size_t at, uint64_t *last,
                                      uint64_t number)
{
    at = index_put_varint(out, at, number - *last);
    *last = number;
    return at;
}

/** Reads the step at in[*at..n) onto *number (of at most games); 0 when the list is malformed. */
static inline int index_get_number(const unsigned char *in, size_t n, size_t *at, uint64_t games,
                                   uint64_t *number)
{
    uint64_t step;
    if (!index_get_varint(in, n, at, &step) || !step || step > games - *number)
        return 0;
    *number += step;
    return 1;
}

#endif
