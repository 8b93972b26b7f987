/* io_internal.h - the state of an input and the calls its decoders share (io*.c only). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_IO_INTERNAL_H
#define LIB_IO_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>
#include <zstd.h>
#include "base/compiler.h"
#include "pgn/io.h"

/*
 * DECODERS. An input is a byte source (fd or memory), a staging buffer of
 * raw bytes the decoder has not consumed yet, and one decoder, chosen from
 * the first bytes (io_detect.c). A decoder fills dst[0..cap) and returns the
 * count, 0 at the end, a negative status (set_error() wrote the message), or
 * DECODE_MEMBER: the current member of an archive ended and the next one
 * begins (in->member_name, in->member_skipped say which).
 *
 * Over the decoder sit two optional steps, applied to the first decoded
 * bytes of every stream and archive member (in->fresh): the check that the
 * text is text at all (io_detect.c), and the UTF-16 to UTF-8 transcoder
 * (io_utf16.c), which then pulls from the decoder. decode_top() is what the
 * reading side or the decoding thread calls.
 */
struct pgn_input;
typedef ptrdiff_t decode_fn(struct pgn_input *in, unsigned char *dst, size_t cap);

/* A decoder's "this archive member ended, another begins": never a status. */
#define DECODE_MEMBER ((ptrdiff_t)-1000)
/* decode_top()'s "this archive member is not PGN (in->member_name says why):
 * passed over, the next one follows": never a status. */
#define DECODE_MEMBER_FAILED ((ptrdiff_t)-1001)

/** A source of raw bytes other than a file or memory: count, 0 at its end, or a status. */
typedef ptrdiff_t pull_fn(void *ctx, unsigned char *dst, size_t cap);

struct io_archive;
struct io_utf16;
struct io_isal;

struct pgn_input {
    /* source */
    int fd; /* -1 for memory */
    int close_fd;
    const unsigned char *mem;
    size_t mem_len, mem_pos;
    pull_fn *pull; /* when set, the source (an archive member), with pull_ctx */
    void *pull_ctx;
    int raw_eof;
    uint64_t raw_total; /* raw bytes read from the source */
    uint64_t raw_size;  /* the file's size when it is a regular file, else 0 */

    /* staging buffer for raw bytes the decoder has not consumed yet */
    unsigned char *stage;
    size_t stage_cap, stage_pos, stage_len;

    decode_fn *decode;
    int comp;
    z_stream z;
    int z_live;
    int member_done; /* a gzip member ended; look for the next one */
    ZSTD_DStream *zs;
    size_t zs_pending; /* ZSTD_decompressStream's hint: 0 when a frame just ended */
    struct io_isal *isal;       /* ISA-L inflate state (io_gzip.c), or NULL */
    struct io_archive *archive; /* libarchive state (io_archive.c), or NULL */
    struct io_utf16 *utf16;     /* transcoder, once a UTF-16 BOM was seen, or NULL */

    /* The member an archive decoder just moved to (DECODE_MEMBER): a
     * malloc'd name, taken by whoever hands it on. */
    char *member_name;
    int member_skipped;

    int sniff;    /* check the first bytes of each stream (files and stdin only) */
    int fresh;    /* the next decoded bytes are a stream's or member's first */

    struct prefetch *ahead; /* decoding thread, for compressed input */

    int threaded; /* decode compressed input on a thread (files and stdin) */
    int status;   /* sticky: error or end */
    int done;
    int at_member; /* inline decoding: a member ended; pgn_input_next_member() goes on */
    int member_failed; /* ...because it is not PGN: member_name says why */
    char msg[192];
};

/** Records status and its message in in; returns status. */
int set_error(struct pgn_input *in, int status, const char *fmt, ...) PRINTF_LIKE(3, 4);

/** Raw bytes from the source: count, 0 at its end, or PGN_EIO. */
ptrdiff_t source_read(struct pgn_input *in, unsigned char *dst, size_t cap);

/** Makes at least need unconsumed bytes available in the stage, unless the source ends. */
int stage_fill(struct pgn_input *in, size_t need);

/** Unconsumed bytes in the stage. */
static inline size_t staged(const struct pgn_input *in) { return in->stage_len - in->stage_pos; }

/** Compressed bytes consumed so far, for error messages. */
static inline unsigned long long raw_consumed(const struct pgn_input *in)
{
    return (unsigned long long)(in->raw_total - staged(in));
}

/* The decoders of io.c (plain), io_gzip.c and io_zstd.c. */
decode_fn decode_plain, decode_gzip, decode_zstd;

/** Sets in up for gzip (ISA-L or zlib); PGN_OK or a status. */
int gzip_start(struct pgn_input *in);
/** Frees what gzip_start() took. */
void gzip_end(struct pgn_input *in);
/** Sets in up for zstd; PGN_OK or a status. */
int zstd_start(struct pgn_input *in);

/**
 * What the staged first bytes are, decided by magic bytes (io_detect.c):
 * IO_PLAIN, IO_GZIP, IO_ZSTD, IO_ARCHIVE (a format libarchive reads), or
 * IO_BINARY with *what naming it ("a PDF document").
 */
enum io_kind { IO_PLAIN, IO_GZIP, IO_ZSTD, IO_ARCHIVE, IO_BINARY };
enum io_kind io_detect(const unsigned char *p, size_t n, const char **what);

/**
 * The first decoded bytes p[0..n) of a stream: NULL when they may be text,
 * else what they look like ("a PNG image").
 */
const char *io_not_text(const unsigned char *p, size_t n);

/* Decompressed bytes enough to see a tar header's magic (at 257). */
enum { TAR_PEEK = 512 };
/** 1 when p[0..n) starts with a tar header (its "ustar" magic). */
int io_is_tar(const unsigned char *p, size_t n);
/** 1 when the gzip (zstd) data p[0..n) starts a tar archive; p is left as it is. */
int gzip_holds_tar(const unsigned char *p, size_t n);
int zstd_holds_tar(const unsigned char *p, size_t n);

/** Whether p[0..n) starts with a UTF-16 byte order mark: 1 little-endian, 2 big-endian, else 0. */
int io_utf16_bom(const unsigned char *p, size_t n);

/**
 * Switches in to UTF-16 (order 1 LE, 2 BE): first[0..n), already decoded,
 * then the decoder's bytes, are transcoded to UTF-8, the BOM dropped.
 * PGN_OK or PGN_ENOMEM.
 */
int utf16_start(struct pgn_input *in, int order, const unsigned char *first, size_t n);
/** Transcoded bytes into dst, as a decoder returns them. */
ptrdiff_t utf16_decode(struct pgn_input *in, unsigned char *dst, size_t cap);
/** Frees the transcoder (NULL state allowed); later bytes pass unchanged. */
void utf16_end(struct pgn_input *in);

/** Sets in up to read an archive or a libarchive filter (bzip2, xz, ...); PGN_OK or a status. */
int archive_start(struct pgn_input *in, const char *what);
/** Frees what archive_start() took. */
void archive_end(struct pgn_input *in);
/**
 * When in is reading a member of an archive (not a lone compressed
 * stream): passes over the rest of that member and returns 1; else 0.
 */
int archive_drop_member(struct pgn_input *in);
/**
 * A new input whose raw bytes come from pull(ctx, ...), decoded as a
 * stream is (gzip, zstd or plain; no archive, no text check): an archive
 * member's own decoder. PGN_OK or PGN_ENOMEM; pgn_input_free() frees it.
 */
int input_open_pull(struct pgn_input **out, pull_fn *pull, void *ctx);

#endif
