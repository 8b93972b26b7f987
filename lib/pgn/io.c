/* io.c - byte sources (fd, memory) and decoders (plain, gzip via zlib inflate). */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <zlib.h>
#include <zstd.h>
#include "base/compiler.h"
#include "pgn/io.h"
#include "base/banned.h"

/*
 * Compressed input is decoded on a thread of its own, so that inflating
 * overlaps with parsing: the decoder fills a few fixed blocks ahead of the
 * reader (constant memory), and pgn_input_read() takes them in order.
 *
 * zlib's gz* layer would also read plain files, but it drops the bytes that
 * the failing inflate() call produced and silently ignores trailing garbage,
 * so the gzip decoder drives inflate() itself. Decoders pull raw bytes through
 * source_read(); the plain decoder reads straight into the caller's buffer.
 */
struct pgn_input;
typedef ptrdiff_t decode_fn(struct pgn_input *in, unsigned char *dst, size_t cap);

struct pgn_input {
    /* source */
    int fd; /* -1 for memory */
    int close_fd;
    const unsigned char *mem;
    size_t mem_len, mem_pos;
    int raw_eof;
    uint64_t raw_total; /* raw bytes read from the source */

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

    struct prefetch *ahead; /* decoding thread, for compressed input */

    int threaded; /* decode compressed input on a thread (files and stdin) */
    int status; /* sticky: error or end */
    int done;
    char msg[192];
};

static decode_fn decode_detect, decode_plain, decode_gzip, decode_zstd;

PRINTF_LIKE(3, 4)
static int set_error(struct pgn_input *in, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->msg, sizeof in->msg, fmt, ap);
    va_end(ap);
    in->status = status;
    return status;
}

static int input_new(struct pgn_input **out, size_t stage_cap)
{
    struct pgn_input *in = calloc(1, sizeof *in);
    if (!in)
        return PGN_ENOMEM;
    in->stage = malloc(stage_cap);
    if (!in->stage) {
        free(in);
        return PGN_ENOMEM;
    }
    in->stage_cap = stage_cap;
    in->fd = -1;
    in->decode = decode_detect;
    *out = in;
    return PGN_OK;
}

int pgn_input_open(struct pgn_input **out, const char *path, size_t read_size)
{
    *out = NULL;
    int fd = 0, is_stdin = !path || !strcmp(path, "-");
    if (!is_stdin) {
        fd = open(path, O_RDONLY);
        if (fd < 0)
            return PGN_EIO;
        /* A folder opens, then fails at the first read: say so at once. */
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            errno = EISDIR;
            return PGN_EIO;
        }
    }
    int rc = input_new(out, read_size ? read_size : PGN_READ_SIZE);
    if (rc) {
        if (!is_stdin)
            close(fd);
        return rc;
    }
    (*out)->fd = fd;
    (*out)->close_fd = !is_stdin;
    (*out)->threaded = 1;
    return PGN_OK;
}

int pgn_input_open_mem(struct pgn_input **out, const void *data, size_t len)
{
    *out = NULL;
    int rc = input_new(out, 64 * 1024);
    if (rc)
        return rc;
    (*out)->mem = data;
    (*out)->mem_len = len;
    return PGN_OK;
}

/* Raw bytes from the source: count, 0 at its end, or PGN_EIO. */
static ptrdiff_t source_read(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    if (in->raw_eof)
        return 0;
    ptrdiff_t n;
    if (in->fd < 0) {
        size_t left = in->mem_len - in->mem_pos;
        n = (ptrdiff_t)(left < cap ? left : cap);
        memcpy(dst, in->mem + in->mem_pos, (size_t)n);
        in->mem_pos += (size_t)n;
    } else {
        if (cap > (size_t)SSIZE_MAX)
            cap = (size_t)SSIZE_MAX;
        do
            n = read(in->fd, dst, cap);
        while (n < 0 && errno == EINTR);
        if (n < 0)
            return set_error(in, PGN_EIO, "read error: %s (after %llu bytes)",
                             strerror(errno), (unsigned long long)in->raw_total);
    }
    if (n == 0)
        in->raw_eof = 1;
    in->raw_total += (uint64_t)n;
    return n;
}

/* Makes at least need unconsumed bytes available in the stage, unless the source ends. */
static int stage_fill(struct pgn_input *in, size_t need)
{
    while (in->stage_len - in->stage_pos < need && !in->raw_eof) {
        if (in->stage_pos) {
            memmove(in->stage, in->stage + in->stage_pos, in->stage_len - in->stage_pos);
            in->stage_len -= in->stage_pos;
            in->stage_pos = 0;
        }
        ptrdiff_t n = source_read(in, in->stage + in->stage_len, in->stage_cap - in->stage_len);
        if (n < 0)
            return (int)n;
        in->stage_len += (size_t)n;
    }
    return PGN_OK;
}

static size_t staged(const struct pgn_input *in) { return in->stage_len - in->stage_pos; }

static ptrdiff_t decode_detect(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    int rc = stage_fill(in, 4);
    if (rc)
        return rc;
    const unsigned char *m = in->stage + in->stage_pos;
    size_t n = staged(in);
    if (n >= 2 && m[0] == 0x1f && m[1] == 0x8b) {
        if (inflateInit2(&in->z, 16 + MAX_WBITS) != Z_OK)
            return set_error(in, PGN_ENOMEM, "cannot initialise zlib");
        in->z_live = 1;
        in->comp = PGN_COMP_GZIP;
        in->decode = decode_gzip;
    } else if (n >= 4 && m[0] == 0x28 && m[1] == 0xb5 && m[2] == 0x2f && m[3] == 0xfd) {
        in->zs = ZSTD_createDStream();
        if (!in->zs || ZSTD_isError(ZSTD_initDStream(in->zs)))
            return set_error(in, PGN_ENOMEM, "cannot initialise zstd");
        in->zs_pending = 1;
        in->comp = PGN_COMP_ZSTD;
        in->decode = decode_zstd;
    } else {
        in->decode = decode_plain;
    }
    return in->decode(in, dst, cap);
}

static ptrdiff_t decode_plain(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    size_t n = staged(in);
    if (n) {
        if (n > cap)
            n = cap;
        memcpy(dst, in->stage + in->stage_pos, n);
        in->stage_pos += n;
        return (ptrdiff_t)n;
    }
    return source_read(in, dst, cap);
}

/* Compressed bytes consumed so far, for error messages. */
static unsigned long long gz_consumed(const struct pgn_input *in)
{
    return (unsigned long long)(in->raw_total - staged(in));
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
            inflateReset(&in->z);
            in->member_done = 0;
            return 1;
        }
        size_t zeros = 0;
        while (zeros < n && m[zeros] == 0)
            zeros++;
        if (zeros < n)
            return set_error(in, PGN_EIO, "trailing garbage after gzip data at compressed byte %llu",
                             gz_consumed(in) + zeros);
        in->stage_pos += zeros;
    }
}

static ptrdiff_t decode_gzip(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    z_stream *z = &in->z;
    if (cap > UINT_MAX)
        cap = UINT_MAX;
    z->next_out = dst;
    z->avail_out = (uInt)cap;
    int err = PGN_OK;
    while (z->avail_out > 0) {
        if (in->member_done) {
            int rc = gz_next_member(in);
            if (rc <= 0) {
                err = rc;
                if (rc == 0)
                    in->done = 1;
                break;
            }
        }
        if (staged(in) == 0) {
            err = stage_fill(in, 1);
            if (err)
                break;
        }
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
                            gz_consumed(in));
            break;
        } else if (ret == Z_BUF_ERROR) {
            continue;
        } else if (ret == Z_MEM_ERROR) {
            err = set_error(in, PGN_ENOMEM, "out of memory in zlib");
            break;
        } else {
            err = set_error(in, PGN_EIO, "corrupt gzip data (%s) near compressed byte %llu",
                            z->msg ? z->msg : "bad data", gz_consumed(in));
            break;
        }
    }
    size_t produced = cap - z->avail_out;
    if (produced)
        return (ptrdiff_t)produced; /* an error waits in in->status for the next call */
    return err;
}

/*
 * zstd: concatenated frames and skippable frames are handled by the library;
 * the input may only end where a frame ends.
 */
static ptrdiff_t decode_zstd(struct pgn_input *in, unsigned char *dst, size_t cap)
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
                            ZSTD_getErrorName(ret), gz_consumed(in));
            break;
        }
        in->zs_pending = ret;
    }
    if (out.pos)
        return (ptrdiff_t)out.pos; /* an error waits in in->status for the next call */
    return err;
}

/* ---- Decoding ahead on a thread ------------------------------------------ */

enum { AHEAD_SLOTS = 4, AHEAD_SLOT_SIZE = 256 * 1024 };

struct prefetch {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    unsigned char *slot[AHEAD_SLOTS];
    size_t len[AHEAD_SLOTS];
    int head, count;   /* filled slots: head .. head + count - 1 (mod AHEAD_SLOTS) */
    size_t head_pos;   /* bytes of the head slot already taken */
    int finished;      /* the decoder returned end or error: final */
    ptrdiff_t final;
    int stop;
};

/* Decodes one slot at a time while there is room; the decoder's state is
 * touched by this thread only once it runs. */
static void *prefetch_main(void *arg)
{
    struct pgn_input *in = arg;
    struct prefetch *a = in->ahead;
    for (;;) {
        pthread_mutex_lock(&a->mu);
        while (a->count == AHEAD_SLOTS && !a->stop)
            pthread_cond_wait(&a->changed, &a->mu);
        if (a->stop) {
            pthread_mutex_unlock(&a->mu);
            return NULL;
        }
        int s = (a->head + a->count) % AHEAD_SLOTS;
        pthread_mutex_unlock(&a->mu);

        ptrdiff_t n = in->status ? in->status : in->done ? 0 : in->decode(in, a->slot[s],
                                                                           AHEAD_SLOT_SIZE);
        pthread_mutex_lock(&a->mu);
        if (n > 0) {
            a->len[s] = (size_t)n;
            a->count++;
        } else {
            a->finished = 1;
            a->final = n;
        }
        pthread_cond_broadcast(&a->changed);
        pthread_mutex_unlock(&a->mu);
        if (n <= 0)
            return NULL;
    }
}

static int prefetch_start(struct pgn_input *in)
{
    struct prefetch *a = calloc(1, sizeof *a);
    if (!a)
        return PGN_ENOMEM;
    for (int i = 0; i < AHEAD_SLOTS; i++) {
        a->slot[i] = malloc(AHEAD_SLOT_SIZE);
        if (!a->slot[i]) {
            while (i--)
                free(a->slot[i]);
            free(a);
            return PGN_ENOMEM;
        }
    }
    pthread_mutex_init(&a->mu, NULL);
    pthread_cond_init(&a->changed, NULL);
    in->ahead = a;
    if (pthread_create(&a->thread, NULL, prefetch_main, in) != 0) {
        in->ahead = NULL;
        for (int i = 0; i < AHEAD_SLOTS; i++)
            free(a->slot[i]);
        free(a);
        return PGN_OK; /* no thread: decode inline */
    }
    return PGN_OK;
}

static ptrdiff_t prefetch_read(struct prefetch *a, unsigned char *dst, size_t cap)
{
    pthread_mutex_lock(&a->mu);
    while (a->count == 0 && !a->finished)
        pthread_cond_wait(&a->changed, &a->mu);
    ptrdiff_t n;
    if (a->count == 0) {
        n = a->final;
    } else {
        size_t left = a->len[a->head] - a->head_pos;
        size_t take = left < cap ? left : cap;
        memcpy(dst, a->slot[a->head] + a->head_pos, take);
        a->head_pos += take;
        if (a->head_pos == a->len[a->head]) {
            a->head = (a->head + 1) % AHEAD_SLOTS;
            a->count--;
            a->head_pos = 0;
            pthread_cond_broadcast(&a->changed);
        }
        n = (ptrdiff_t)take;
    }
    pthread_mutex_unlock(&a->mu);
    return n;
}

static void prefetch_stop(struct prefetch *a)
{
    pthread_mutex_lock(&a->mu);
    a->stop = 1;
    pthread_cond_broadcast(&a->changed);
    pthread_mutex_unlock(&a->mu);
    pthread_join(a->thread, NULL);
    pthread_mutex_destroy(&a->mu);
    pthread_cond_destroy(&a->changed);
    for (int i = 0; i < AHEAD_SLOTS; i++)
        free(a->slot[i]);
    free(a);
}

ptrdiff_t pgn_input_read(struct pgn_input *in, void *dst, size_t cap)
{
    if (in->ahead)
        return cap ? prefetch_read(in->ahead, dst, cap) : 0;
    if (in->status)
        return in->status;
    if (in->done || cap == 0)
        return 0;
    ptrdiff_t n = in->decode(in, dst, cap);
    if (n == 0)
        in->done = 1;
    /* Once the format is known, compressed input moves to its own thread. */
    if (n > 0 && in->comp != PGN_COMP_NONE && !in->ahead && in->threaded) {
        int rc = prefetch_start(in);
        if (rc)
            return set_error(in, rc, "out of memory");
    }
    return n;
}

int pgn_input_compression(const struct pgn_input *in) { return in->comp; }

const char *pgn_input_error(const struct pgn_input *in) { return in->msg; }

void pgn_input_free(struct pgn_input *in)
{
    if (!in)
        return;
    if (in->ahead)
        prefetch_stop(in->ahead);
    if (in->zs)
        ZSTD_freeDStream(in->zs);
    if (in->z_live)
        inflateEnd(&in->z);
    if (in->close_fd)
        close(in->fd);
    free(in->stage);
    free(in);
}

uint64_t pgn_input_raw_offset(const struct pgn_input *in)
{
    /* Counted by the decoding thread for compressed input: a progress
     * figure, read without the lock, may lag by one read. */
    return __atomic_load_n(&in->raw_total, __ATOMIC_RELAXED);
}
