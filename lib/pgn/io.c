/* io.c - byte sources (fd, memory), the choice of decoder, decoding ahead on a thread. */
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
#include "pgn/io_internal.h"
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
static decode_fn decode_detect;

int set_error(struct pgn_input *in, int status, const char *fmt, ...)
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
    in->fresh = 1;
    *out = in;
    return PGN_OK;
}

/*
 * Reads fd; own_fd: the input's own descriptor, closed by pgn_input_free()
 * or here on failure, and looked at first (standard input is not).
 */
static int input_open_fd(struct pgn_input **out, int fd, int own_fd, size_t read_size)
{
    struct stat st;
    /* A folder opens, then fails at the first read: say so at once. */
    int have_stat = own_fd && fstat(fd, &st) == 0;
    if (have_stat && S_ISDIR(st.st_mode)) {
        close(fd);
        errno = EISDIR;
        return PGN_EIO;
    }
    int rc = input_new(out, read_size ? read_size : PGN_READ_SIZE);
    if (rc) {
        if (own_fd)
            close(fd);
        return rc;
    }
    (*out)->fd = fd;
    (*out)->close_fd = own_fd;
    (*out)->threaded = 1;
    (*out)->sniff = 1;
    if (have_stat && S_ISREG(st.st_mode))
        (*out)->raw_size = (uint64_t)st.st_size;
    return PGN_OK;
}

int pgn_input_open(struct pgn_input **out, const char *path, size_t read_size)
{
    *out = NULL;
    if (!path || !strcmp(path, "-"))
        return input_open_fd(out, 0, 0, read_size);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return PGN_EIO;
    return input_open_fd(out, fd, 1, read_size);
}

int pgn_input_open_fd(struct pgn_input **out, int fd, size_t read_size)
{
    *out = NULL;
    return input_open_fd(out, fd, 1, read_size);
}

int input_open_pull(struct pgn_input **out, pull_fn *pull, void *ctx)
{
    int rc = input_new(out, 64 * 1024);
    if (rc)
        return rc;
    (*out)->pull = pull;
    (*out)->pull_ctx = ctx;
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
    (*out)->raw_size = len;
    return PGN_OK;
}

ptrdiff_t source_read(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    if (in->raw_eof)
        return 0;
    ptrdiff_t n;
    if (in->pull) {
        n = in->pull(in->pull_ctx, dst, cap);
        if (n < 0)
            return set_error(in, (int)n, "%s", pgn_strerror((int)n));
    } else if (in->fd < 0) {
        size_t left = in->mem_len - in->mem_pos;
        n = (ptrdiff_t)(left < cap ? left : cap);
        if (n) /* an empty memory input may have no buffer at all (NULL) */
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

int stage_fill(struct pgn_input *in, size_t need)
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

/* Enough first bytes to tell every format: tar's magic is at offset 257;
 * compressed, enough to decompress 512 bytes. */
enum { DETECT_BYTES = 512, COMPRESSED_PEEK = 64 * 1024 };

/*
 * Stages the first bytes: at least 4, and up to DETECT_BYTES until a line
 * end comes (a tar header has none), so that text from a pipe that stalls
 * is not held back.
 */
static int stage_first(struct pgn_input *in)
{
    size_t want = DETECT_BYTES < in->stage_cap ? DETECT_BYTES : in->stage_cap;
    int rc = stage_fill(in, 4);
    while (!rc && staged(in) < want && !in->raw_eof &&
           !memchr(in->stage + in->stage_pos, '\n', staged(in)))
        rc = stage_fill(in, staged(in) + 1);
    return rc;
}

static ptrdiff_t decode_detect(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    int rc = stage_first(in);
    if (rc)
        return rc;
    const char *what;
    enum io_kind kind = io_detect(in->stage + in->stage_pos, staged(in), &what);
    if ((kind == IO_GZIP || kind == IO_ZSTD) && in->sniff) {
        /* tar.gz and tar.zst go to libarchive, for their members. */
        rc = stage_fill(in, COMPRESSED_PEEK < in->stage_cap ? COMPRESSED_PEEK : in->stage_cap);
        if (rc)
            return rc;
        const unsigned char *p = in->stage + in->stage_pos;
        if (kind == IO_GZIP ? gzip_holds_tar(p, staged(in)) : zstd_holds_tar(p, staged(in))) {
            what = kind == IO_GZIP ? "a tar.gz archive" : "a tar.zst archive";
            kind = IO_ARCHIVE;
        }
    }
    if (kind == IO_GZIP)
        rc = gzip_start(in);
    else if (kind == IO_ZSTD)
        rc = zstd_start(in);
    else if (kind == IO_ARCHIVE && in->sniff)
        rc = archive_start(in, what);
    else
        in->decode = decode_plain;
    if (rc)
        return rc;
    return in->decode(in, dst, cap);
}

ptrdiff_t decode_plain(struct pgn_input *in, unsigned char *dst, size_t cap)
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

/*
 * The first decoded bytes of a stream or an archive member: a UTF-16 byte
 * order mark switches to the transcoder; bytes that are not text end the
 * input with one error, before anything of them is returned.
 */
static ptrdiff_t first_bytes(struct pgn_input *in, unsigned char *dst, ptrdiff_t n, size_t cap)
{
    int order = io_utf16_bom(dst, (size_t)n);
    if (order) {
        int rc = utf16_start(in, order, dst, (size_t)n);
        if (rc)
            return set_error(in, rc, "out of memory");
        return utf16_decode(in, dst, cap);
    }
    const char *what = io_not_text(dst, (size_t)n);
    if (what)
        return set_error(in, PGN_EFORMAT, "not PGN: looks like %s", what);
    return n;
}

/* What the reading side or the decoding thread calls: the decoder and the steps over it. */
static ptrdiff_t decode_top(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    ptrdiff_t n = in->utf16 ? utf16_decode(in, dst, cap) : in->decode(in, dst, cap);
    if (n > 0 && in->fresh && in->sniff) {
        in->fresh = 0;
        n = first_bytes(in, dst, n, cap);
        if (n == PGN_EFORMAT && archive_drop_member(in)) {
            /* One member that is not PGN ends only itself: said, and the next one read. */
            free(in->member_name);
            in->member_name = strdup(in->msg);
            if (!in->member_name)
                return set_error(in, PGN_ENOMEM, "out of memory");
            in->status = 0;
            return DECODE_MEMBER_FAILED;
        }
    }
    if (n == DECODE_MEMBER) {
        utf16_end(in);
        in->fresh = 1;
    }
    return n;
}

/* ---- Decoding ahead on a thread ------------------------------------------ */

enum { AHEAD_SLOTS = 4, AHEAD_SLOT_SIZE = 256 * 1024 };

/*
 * A slot holds decoded bytes, or (len 0) the start of an archive's next
 * member: its name travels in the slot, to be taken by
 * pgn_input_next_member() once the bytes before it were read.
 */
struct prefetch {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t changed;
    unsigned char *slot[AHEAD_SLOTS];
    size_t len[AHEAD_SLOTS];
    char *member[AHEAD_SLOTS]; /* len 0: the next member's name */
    int skipped[AHEAD_SLOTS];  /* ...and whether it is passed over */
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

        ptrdiff_t n = in->status ? in->status : in->done ? 0 : decode_top(in, a->slot[s],
                                                                        AHEAD_SLOT_SIZE);
        pthread_mutex_lock(&a->mu);
        if (n > 0 || n == DECODE_MEMBER || n == DECODE_MEMBER_FAILED) {
            a->len[s] = n > 0 ? (size_t)n : 0;
            if (n <= 0) {
                a->member[s] = in->member_name;
                a->skipped[s] = n == DECODE_MEMBER_FAILED ? 2 : in->member_skipped;
                in->member_name = NULL;
            }
            a->count++;
        } else {
            a->finished = 1;
            a->final = n;
        }
        pthread_cond_broadcast(&a->changed);
        pthread_mutex_unlock(&a->mu);
        if (n <= 0 && n != DECODE_MEMBER && n != DECODE_MEMBER_FAILED)
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

/* Waits for a filled slot or the end; returns with a->mu held. */
static void prefetch_wait(struct prefetch *a)
{
    pthread_mutex_lock(&a->mu);
    while (a->count == 0 && !a->finished)
        pthread_cond_wait(&a->changed, &a->mu);
}

static void prefetch_pop(struct prefetch *a)
{
    a->member[a->head] = NULL;
    a->head = (a->head + 1) % AHEAD_SLOTS;
    a->count--;
    a->head_pos = 0;
    pthread_cond_broadcast(&a->changed);
}

static ptrdiff_t prefetch_read(struct prefetch *a, unsigned char *dst, size_t cap)
{
    prefetch_wait(a);
    ptrdiff_t n;
    if (a->count == 0) {
        n = a->final;
    } else if (a->len[a->head] == 0) {
        n = 0; /* the member ends here: pgn_input_next_member() goes on */
    } else {
        size_t left = a->len[a->head] - a->head_pos;
        size_t take = left < cap ? left : cap;
        memcpy(dst, a->slot[a->head] + a->head_pos, take);
        a->head_pos += take;
        if (a->head_pos == a->len[a->head])
            prefetch_pop(a);
        n = (ptrdiff_t)take;
    }
    pthread_mutex_unlock(&a->mu);
    return n;
}

static int prefetch_next_member(struct prefetch *a, char **name, int *skipped)
{
    prefetch_wait(a);
    int rc;
    if (a->count == 0) {
        rc = (int)a->final;
    } else if (a->len[a->head] != 0) {
        rc = PGN_EINVAL; /* bytes of the current member are still unread */
    } else {
        *name = a->member[a->head];
        *skipped = a->skipped[a->head];
        prefetch_pop(a);
        rc = 1;
    }
    pthread_mutex_unlock(&a->mu);
    return rc;
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
    for (int i = 0; i < AHEAD_SLOTS; i++) {
        free(a->slot[i]);
        free(a->member[i]);
    }
    free(a);
}

ptrdiff_t pgn_input_read(struct pgn_input *in, void *dst, size_t cap)
{
    if (in->ahead)
        return cap ? prefetch_read(in->ahead, dst, cap) : 0;
    if (in->status)
        return in->status;
    if (in->done || in->at_member || cap == 0)
        return 0;
    ptrdiff_t n = decode_top(in, dst, cap);
    if (n == DECODE_MEMBER || n == DECODE_MEMBER_FAILED) {
        in->at_member = 1;
        in->member_failed = n == DECODE_MEMBER_FAILED;
        return 0;
    }
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

int pgn_input_next_member(struct pgn_input *in, char **name, int *skipped)
{
    *name = NULL;
    *skipped = 0;
    if (in->ahead)
        return prefetch_next_member(in->ahead, name, skipped);
    if (in->status)
        return in->status;
    if (!in->at_member && in->member_skipped && !in->done) {
        /* Nothing of a member passed over is decoded: what follows is the next member. */
        unsigned char none;
        ptrdiff_t n = decode_top(in, &none, 1);
        if (n == DECODE_MEMBER || n == DECODE_MEMBER_FAILED) {
            in->at_member = 1;
            in->member_failed = n == DECODE_MEMBER_FAILED;
        } else if (n == 0) {
            in->done = 1;
        } else {
            return n < 0 ? (int)n : PGN_EINVAL;
        }
    }
    if (!in->at_member)
        return 0;
    in->at_member = 0;
    *name = in->member_name;
    *skipped = in->member_failed ? 2 : in->member_skipped;
    /* Nothing more of a failed member is decoded either. */
    in->member_skipped |= in->member_failed;
    in->member_failed = 0;
    in->member_name = NULL;
    return 1;
}

int pgn_input_compression(const struct pgn_input *in) { return in->comp; }

const char *pgn_input_error(const struct pgn_input *in) { return in->msg; }

void pgn_input_free(struct pgn_input *in)
{
    if (!in)
        return;
    if (in->ahead)
        prefetch_stop(in->ahead);
    gzip_end(in);
    if (in->zs)
        ZSTD_freeDStream(in->zs);
    archive_end(in);
    utf16_end(in);
    free(in->member_name);
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
