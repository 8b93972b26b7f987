/* io_gzip.c - the gzip decoder: one or more members, inflated with ISA-L or zlib. */
/* SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/io_internal.h"
#include "base/simd.h"
#include "base/banned.h"
#ifdef HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

/*
 * Inflating is most of the cost of reading .pgn.gz: zlib's inflate kept
 * 0.60-0.77 of plain throughput at -j 2. ISA-L's (built in when the build
 * finds libisal, `make ISAL=0` without) is several times faster. Both
 * decoders read the same members the same way: gz_next_member() finds the
 * next member or the zero padding after one, and the errors are worded
 * alike. The CRC and length of each member are checked by both.
 */
#ifdef HAVE_ISAL
struct io_isal {
    struct inflate_state st;
};
static decode_fn decode_isal;
#endif

int gzip_start(struct pgn_input *in)
{
    in->comp = PGN_COMP_GZIP;
#ifdef HAVE_ISAL
    in->isal = malloc(sizeof *in->isal);
    if (!in->isal)
        return set_error(in, PGN_ENOMEM, "out of memory");
    isal_inflate_init(&in->isal->st);
    in->isal->st.crc_flag = ISAL_GZIP;
    in->decode = decode_isal;
    return PGN_OK;
#else
    if (inflateInit2(&in->z, 16 + MAX_WBITS) != Z_OK)
        return set_error(in, PGN_ENOMEM, "cannot initialise zlib");
    in->z_live = 1;
    in->decode = decode_gzip;
    return PGN_OK;
#endif
}

void gzip_end(struct pgn_input *in)
{
    if (in->z_live)
        inflateEnd(&in->z);
    in->z_live = 0;
    free(in->isal);
    in->isal = NULL;
}

/* Ready for the next member. */
static void gz_reset(struct pgn_input *in)
{
#ifdef HAVE_ISAL
    if (in->isal) {
        isal_inflate_reset(&in->isal->st);
        in->isal->st.crc_flag = ISAL_GZIP;
        return;
    }
#endif
    inflateReset(&in->z);
}

/*
 * After a member ends: another member (magic bytes), zero padding (ignored,
 * as gzip(1) does) or the end. Returns 1 to go on inflating, 0 at the end,
 * or an error.
 */
static int gz_next_member(struct pgn_input *in)
{
    for (;;) {
        int rc = stage_fill(in, 2);
        if (rc)
            return rc;
        size_t n = staged(in);
        const unsigned char *m = in->stage + in->stage_pos;
        if (n == 0)
            return 0;
        if (n >= 2 && m[0] == 0x1f && m[1] == 0x8b) {
            gz_reset(in);
            in->member_done = 0;
            return 1;
        }
        size_t zeros = 0;
        while (zeros < n && m[zeros] == 0)
            zeros++;
        if (zeros < n)
            return set_error(in, PGN_EIO, "trailing garbage after gzip data at compressed byte %llu",
                             raw_consumed(in) + zeros);
        in->stage_pos += zeros;
    }
}

/*
 * Before each inflate call: the next member when one ended, and staged
 * input. Returns 1 to inflate, or 0 with *err (PGN_OK at the end).
 */
static int gz_ready(struct pgn_input *in, int *err)
{
    if (in->member_done) {
        int rc = gz_next_member(in);
        if (rc <= 0) {
            *err = rc;
            if (rc == 0)
                in->done = 1;
            return 0;
        }
    }
    if (staged(in) == 0 && (*err = stage_fill(in, 1)) != PGN_OK)
        return 0;
    return 1;
}

ptrdiff_t decode_gzip(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    z_stream *z = &in->z;
    if (cap > UINT_MAX)
        cap = UINT_MAX;
    z->next_out = dst;
    z->avail_out = (uInt)cap;
    int err = PGN_OK;
    while (z->avail_out > 0 && gz_ready(in, &err)) {
        z->next_in = in->stage + in->stage_pos;
        z->avail_in = (uInt)staged(in);
        int ret = inflate(z, Z_NO_FLUSH);
        in->stage_pos = (size_t)(z->next_in - in->stage);
        if (ret == Z_STREAM_END) {
            in->member_done = 1;
        } else if (ret == Z_OK) {
            continue;
        } else if (ret == Z_BUF_ERROR && staged(in) == 0 && in->raw_eof) {
            err = set_error(in, PGN_EIO,
                            "truncated gzip data: unexpected end of input after %llu bytes",
                            raw_consumed(in));
            break;
        } else if (ret == Z_BUF_ERROR) {
            continue;
        } else if (ret == Z_MEM_ERROR) {
            err = set_error(in, PGN_ENOMEM, "out of memory in zlib");
            break;
        } else {
            err = set_error(in, PGN_EIO, "corrupt gzip data (%s) near compressed byte %llu",
                            z->msg ? z->msg : "bad data", raw_consumed(in));
            break;
        }
    }
    size_t produced = cap - z->avail_out;
    if (produced)
        return (ptrdiff_t)produced; /* an error waits in in->status for the next call */
    return err;
}

#ifdef HAVE_ISAL
static const char *isal_error_text(int ret)
{
    switch (ret) {
    case ISAL_INVALID_BLOCK: return "invalid block";
    case ISAL_INVALID_SYMBOL: return "invalid symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "incorrect header";
    case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    default: return "bad data";
    }
}

/* As decode_gzip(), with ISA-L's inflate. */
static ptrdiff_t decode_isal(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    struct inflate_state *st = &in->isal->st;
    if (cap > UINT32_MAX)
        cap = UINT32_MAX;
    st->next_out = dst;
    st->avail_out = (uint32_t)cap;
    int err = PGN_OK;
    while (st->avail_out > 0 && gz_ready(in, &err)) {
        st->next_in = in->stage + in->stage_pos;
        st->avail_in = (uint32_t)(staged(in) > UINT32_MAX ? UINT32_MAX : staged(in));
        uint32_t out_before = st->avail_out, in_before = st->avail_in;
        int ret = isal_inflate(st);
        simd_clear_upper_state();
        in->stage_pos = (size_t)(st->next_in - in->stage);
        if (ret < 0) {
            err = set_error(in, PGN_EIO, "corrupt gzip data (%s) near compressed byte %llu",
                            isal_error_text(ret), raw_consumed(in));
            break;
        }
        if (st->block_state == ISAL_BLOCK_FINISH) {
            in->member_done = 1;
        } else if (staged(in) == 0 && in->raw_eof && st->avail_out == out_before &&
                   st->avail_in == in_before) {
            err = set_error(in, PGN_EIO,
                            "truncated gzip data: unexpected end of input after %llu bytes",
                            raw_consumed(in));
            break;
        }
    }
    size_t produced = cap - st->avail_out;
    if (produced)
        return (ptrdiff_t)produced; /* an error waits in in->status for the next call */
    return err;
}
#endif

int gzip_holds_tar(const unsigned char *p, size_t n)
{
    unsigned char head[TAR_PEEK];
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return 0;
    z.next_in = (unsigned char *)p;
    z.avail_in = n > UINT_MAX ? UINT_MAX : (uInt)n;
    z.next_out = head;
    z.avail_out = sizeof head;
    inflate(&z, Z_NO_FLUSH);
    size_t got = sizeof head - z.avail_out;
    inflateEnd(&z);
    return io_is_tar(head, got);
}
