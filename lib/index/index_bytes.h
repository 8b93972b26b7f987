/* index_bytes.h - inside lib/index: little-endian integers of the database's blobs, one way. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_BYTES_H
#define LIB_INDEX_BYTES_H

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

#endif
