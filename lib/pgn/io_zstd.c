/* io_zstd.c - the zstd decoder: one or more frames, with libzstd. */
/* SPDX-License-Identifier: MIT */
#include "pgn/io_internal.h"
#include "base/banned.h"

int zstd_start(struct pgn_input *in)
{
    in->zs = ZSTD_createDStream();
    if (!in->zs || ZSTD_isError(ZSTD_initDStream(in->zs)))
        return set_error(in, PGN_ENOMEM, "cannot initialise zstd");
    in->zs_pending = 1;
    in->comp = PGN_COMP_ZSTD;
    in->decode = decode_zstd;
    return PGN_OK;
}

/*
 * zstd: concatenated frames and skippable frames are handled by the library;
 * the input may only end where a frame ends.
 */
ptrdiff_t decode_zstd(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    ZSTD_outBuffer out = { dst, cap, 0 };
    int err = PGN_OK;
    while (out.pos < out.size) {
        if (staged(in) == 0) {
            err = stage_fill(in, 1);
            if (err)
                break;
            if (staged(in) == 0) {
                if (in->zs_pending != 0)
                    err = set_error(in, PGN_EIO,
                                    "truncated zstd data: unexpected end of input after %llu bytes",
                                    (unsigned long long)in->raw_total);
                else
                    in->done = 1;
                break;
            }
        }
        ZSTD_inBuffer inb = { in->stage + in->stage_pos, staged(in), 0 };
        size_t ret = ZSTD_decompressStream(in->zs, &out, &inb);
        in->stage_pos += inb.pos;
        if (ZSTD_isError(ret)) {
            err = set_error(in, PGN_EIO, "corrupt zstd data (%s) near compressed byte %llu",
                            ZSTD_getErrorName(ret), raw_consumed(in));
            break;
        }
        in->zs_pending = ret;
    }
    if (out.pos)
        return (ptrdiff_t)out.pos; /* an error waits in in->status for the next call */
    return err;
}

int zstd_holds_tar(const unsigned char *p, size_t n)
{
    unsigned char head[TAR_PEEK];
    ZSTD_DStream *zs = ZSTD_createDStream();
    if (!zs)
        return 0;
    ZSTD_outBuffer out = { head, sizeof head, 0 };
    ZSTD_inBuffer inb = { p, n, 0 };
    while (out.pos < out.size && inb.pos < inb.size)
        if (ZSTD_isError(ZSTD_decompressStream(zs, &out, &inb)))
            break;
    ZSTD_freeDStream(zs);
    return io_is_tar(head, out.pos);
}
