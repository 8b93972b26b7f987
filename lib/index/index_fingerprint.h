/* index_fingerprint.h - a cheap fingerprint of a file's first bytes: an append or an edit. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_FINGERPRINT_H
#define LIB_INDEX_FINGERPRINT_H

#include <stdint.h>

/*
 * The fingerprint of bytes [0, len) of the file open on fd: a 64-bit hash
 * of the length, the first and the last 64 KiB of the range and 64 blocks
 * of 4 KiB spread evenly between them (about 640 KiB read whatever the
 * size). An append leaves it as it was; an edit of the sampled bytes, a
 * truncation or an insertion (which moves the last block) changes it. An
 * edit elsewhere that keeps the size is caught by the modification time.
 */
enum { INDEX_FP_EDGE = 64 * 1024, INDEX_FP_BLOCK = 4096, INDEX_FP_BLOCKS = 64 };

/** Sets *out; PGN_OK, or PGN_EIO (errno says why) when the bytes cannot be read. */
int index_fingerprint(int fd, uint64_t len, uint64_t *out);

#endif
