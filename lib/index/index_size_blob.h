/* index_size_blob.h - inside lib/index: chunk blobs stored squeezed by zstd, and read back. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_SIZE_BLOB_H
#define LIB_INDEX_SIZE_BLOB_H

#include <stddef.h>
#include <zstd.h>

/*
 * A column blob of a chunk (one value per game, game after game) repeats
 * itself: the opening rows past ply 10 (index_records.h) hold the same
 * moves over and over. Such a blob is stored as one zstd frame (with its
 * size in the frame header) and its checksum is taken over the frame, so a
 * damaged row is caught before zstd reads it; a frame that then does not
 * give the size the reader expects is damage too.
 *
 * The contexts are kept from blob to blob, so that zstd does not allocate
 * and set up a context for each 8 KB row.
 */
struct index_blob_packer {
    ZSTD_CCtx *c;
    ZSTD_DCtx *d;
    unsigned char *out; /* the last frame packed */
    size_t cap;
};

/**
 * Packs data[0..n) into one frame, at *frame (p's, valid until the next
 * call) of *len bytes. PGN_OK or PGN_ENOMEM.
 */
int index_blob_pack(struct index_blob_packer *p, const void *data, size_t n,
                    const unsigned char **frame, size_t *len);

/**
 * Unpacks the frame frame[0..len) into dst, of cap bytes, and its size into
 * *n. PGN_OK, PGN_EFORMAT when it is not one whole frame or holds more than
 * cap bytes, or PGN_ENOMEM.
 */
int index_blob_unpack(struct index_blob_packer *p, const unsigned char *frame, size_t len,
                      void *dst, size_t cap, size_t *n);

/** Frees p's contexts and buffer; p may be all zero. */
void index_blob_packer_release(struct index_blob_packer *p);

#endif
