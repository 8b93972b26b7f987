/* index_size_blob.c - chunk blobs stored squeezed by zstd, and read back. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <zstd_errors.h>
#include "base/error.h"
#include "index/index_size_blob.h"
#include "base/banned.h"

/* zstd's own default level: on the opening rows of the benchmark file,
 * level 1 left 5% more bytes. */
enum { PACK_LEVEL = 3 };

int index_blob_pack(struct index_blob_packer *p, const void *data, size_t n,
                    const unsigned char **frame, size_t *len)
{
    if (!p->c && !(p->c = ZSTD_createCCtx()))
        return PGN_ENOMEM;
    size_t bound = ZSTD_compressBound(n);
    if (bound > p->cap) {
        unsigned char *out = realloc(p->out, bound);
        if (!out)
            return PGN_ENOMEM;
        p->out = out;
        p->cap = bound;
    }
    size_t got = ZSTD_compressCCtx(p->c, p->out, p->cap, data, n, PACK_LEVEL);
    if (ZSTD_isError(got))
        return ZSTD_getErrorCode(got) == ZSTD_error_memory_allocation ? PGN_ENOMEM : PGN_EIO;
    *frame = p->out;
    *len = got;
    return PGN_OK;
}

int index_blob_unpack(struct index_blob_packer *p, const unsigned char *frame, size_t len,
                      void *dst, size_t cap, size_t *n)
{
    if (!p->d && !(p->d = ZSTD_createDCtx()))
        return PGN_ENOMEM;
    /* The frame says its size: more than cap is damage, not a cut answer. */
    unsigned long long size = ZSTD_getFrameContentSize(frame, len);
    if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > cap ||
        ZSTD_findFrameCompressedSize(frame, len) != len)
        return PGN_EFORMAT;
    size_t got = ZSTD_decompressDCtx(p->d, dst, cap, frame, len);
    if (ZSTD_isError(got))
        return ZSTD_getErrorCode(got) == ZSTD_error_memory_allocation ? PGN_ENOMEM : PGN_EFORMAT;
    if (got != size)
        return PGN_EFORMAT;
    *n = got;
    return PGN_OK;
}

void index_blob_packer_release(struct index_blob_packer *p)
{
    ZSTD_freeCCtx(p->c);
    ZSTD_freeDCtx(p->d);
    free(p->out);
    memset(p, 0, sizeof *p);
}
