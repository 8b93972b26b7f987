/* io_archive.c - archives and other compressors (zip, 7z, tar, bzip2, xz, ...) through libarchive. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "pgn/io_internal.h"
#include "base/banned.h"

#ifdef HAVE_LIBARCHIVE
#include <dlfcn.h>
#include <pthread.h>
#include <archive.h>
#include <archive_entry.h>

/*
 * libarchive is loaded when the first archive is met, not linked: with
 * its own libraries (libxml2, ICU, libstdc++, ...) it costs every run
 * about 5 million instructions of loading, 2.7% of validating 3 MB of
 * plain PGN. The calls go through this table; the names are the real
 * ones, so the code below reads as libarchive's documentation does.
 */
static struct {
    struct archive *(*read_new)(void);
    int (*read_support_filter_all)(struct archive *);
    int (*read_support_format_all)(struct archive *);
    int (*read_support_format_raw)(struct archive *);
    int (*read_set_callback_data)(struct archive *, void *);
    int (*read_set_read_callback)(struct archive *, archive_read_callback *);
    int (*read_set_seek_callback)(struct archive *, archive_seek_callback *);
    int (*read_open1)(struct archive *);
    int (*read_next_header)(struct archive *, struct archive_entry **);
    la_ssize_t (*read_data)(struct archive *, void *, size_t);
    int (*read_free)(struct archive *);
    int (*format)(struct archive *);
    const char *(*error_string)(struct archive *);
    void (*set_error)(struct archive *, int, const char *, ...);
    mode_t (*entry_filetype)(struct archive_entry *);
    const char *(*entry_pathname)(struct archive_entry *);
    const char *(*entry_pathname_utf8)(struct archive_entry *);
} la;
static int la_loaded; /* 1 when every call above was found */
static pthread_once_t la_once = PTHREAD_ONCE_INIT;

static void la_load(void)
{
    void *h = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        h = dlopen("libarchive.so", RTLD_NOW | RTLD_LOCAL);
    if (!h)
        return;
    struct {
        void **fn;
        const char *name;
    } calls[] = {
        { (void **)&la.read_new, "archive_read_new" },
        { (void **)&la.read_support_filter_all, "archive_read_support_filter_all" },
        { (void **)&la.read_support_format_all, "archive_read_support_format_all" },
        { (void **)&la.read_support_format_raw, "archive_read_support_format_raw" },
        { (void **)&la.read_set_callback_data, "archive_read_set_callback_data" },
        { (void **)&la.read_set_read_callback, "archive_read_set_read_callback" },
        { (void **)&la.read_set_seek_callback, "archive_read_set_seek_callback" },
        { (void **)&la.read_open1, "archive_read_open1" },
        { (void **)&la.read_next_header, "archive_read_next_header" },
        { (void **)&la.read_data, "archive_read_data" },
        { (void **)&la.read_free, "archive_read_free" },
        { (void **)&la.format, "archive_format" },
        { (void **)&la.error_string, "archive_error_string" },
        { (void **)&la.set_error, "archive_set_error" },
        { (void **)&la.entry_filetype, "archive_entry_filetype" },
        { (void **)&la.entry_pathname, "archive_entry_pathname" },
        { (void **)&la.entry_pathname_utf8, "archive_entry_pathname_utf8" },
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        /* POSIX: a function pointer read through dlsym()'s object pointer. */
        void *sym = dlsym(h, calls[i].name);
        if (!sym)
            return;
        memcpy(calls[i].fn, &sym, sizeof sym);
    }
    la_loaded = 1;
}

/*
 * libarchive reads the raw bytes through feed(), from the stage the
 * detection filled: streaming, no seeking, so a zip is read by its local
 * headers, member after member, in constant memory. A format with
 * members (zip, 7z, tar, RAR, ...) yields each regular file as a member:
 * a DECODE_MEMBER, then its bytes. A member is PGN when its name ends in
 * ".pgn" (any case), as TWIC's and pgnmentor's zips have it, or in
 * ".pgn.gz" or ".pgn.zst"; the others are passed over (member_skipped),
 * their bytes never decoded. A member's bytes go through a decoder of its
 * own (x->member), chosen by their content as a file's are: a gzip or
 * zstd member is read decompressed whatever its name. A lone
 * compressed stream (bzip2, xz, lzma, ...: libarchive's "raw" format) has
 * no members: its bytes are the input's, as for gzip.
 */
struct io_archive {
    struct archive *a;
    const char *what;   /* "zip archive", for messages */
    size_t handed;      /* stage bytes feed() gave libarchive last time */
    int started;        /* the first header was read */
    int raw;            /* a lone compressed stream: no members */
    int in_member;      /* reading a member's (or the stream's) bytes */
    struct pgn_input *member; /* the member's decoder, once its bytes are asked for */
};

/* What a libarchive read callback returns on failure (archive_read_open(3)). */
enum { ARCHIVE_READ_FAILED = -1 };

static la_ssize_t feed(struct archive *a, void *data, const void **buf)
{
    struct pgn_input *in = data;
    struct io_archive *x = in->archive;
    in->stage_pos += x->handed; /* libarchive is done with them now */
    x->handed = 0;
    int rc = stage_fill(in, 1);
    if (rc) {
        la.set_error(a, EIO, "%s", in->msg);
        return ARCHIVE_READ_FAILED;
    }
    *buf = in->stage + in->stage_pos;
    x->handed = staged(in);
    return (la_ssize_t)x->handed;
}

/*
 * 7z keeps its index at the end, and a zip read from its central directory
 * is surer than by its local headers: where the input is a regular file,
 * libarchive may seek. The position it sees is the file's less what is
 * staged but not yet handed to it; after a seek the stage starts empty, and
 * raw_total follows the file position (the progress of a read).
 */
static la_int64_t seek(struct archive *a, void *data, la_int64_t offset, int whence)
{
    struct pgn_input *in = data;
    struct io_archive *x = in->archive;
    (void)a;
    off_t here = lseek(in->fd, 0, SEEK_CUR);
    if (here < 0)
        return ARCHIVE_FATAL;
    off_t pos = here - (off_t)(staged(in) - x->handed);
    off_t to = whence == SEEK_SET ? (off_t)offset : whence == SEEK_CUR ? pos + (off_t)offset
                                                                        : (off_t)in->raw_size + (off_t)offset;
    if (to < 0 || lseek(in->fd, to, SEEK_SET) < 0)
        return ARCHIVE_FATAL;
    in->stage_pos = in->stage_len = 0;
    x->handed = 0;
    in->raw_eof = 0;
    in->raw_total = (uint64_t)to;
    return (la_int64_t)to;
}

static int fail(struct pgn_input *in, struct io_archive *x)
{
    if (in->status)
        return in->status; /* a read error feed() met */
    /* libarchive reads ahead: a byte position would say little. */
    const char *why = la.error_string(x->a);
    return set_error(in, PGN_EIO, "damaged %s: %s", x->what, why ? why : "unreadable data");
}

/* 1 when name ends in ext (lowercase, with its dot), in any case. */
static int name_ends_in(const char *name, const char *ext)
{
    size_t n = strlen(name), e = strlen(ext);
    if (n < e)
        return 0;
    for (size_t i = 0; i < e; i++)
        if ((name[n - e + i] | 0x20) != ext[i])
            return 0;
    return 1;
}

static int is_pgn_name(const char *name)
{
    return name_ends_in(name, ".pgn") || name_ends_in(name, ".pgn.gz") ||
           name_ends_in(name, ".pgn.zst");
}

/* The raw bytes of the current member, for its own decoder. */
static ptrdiff_t pull_member(void *ctx, unsigned char *dst, size_t cap)
{
    struct pgn_input *in = ctx;
    struct io_archive *x = in->archive;
    la_ssize_t n = la.read_data(x->a, dst, cap);
    return n < 0 ? fail(in, x) : (ptrdiff_t)n;
}

/* Bytes of the current member, decoded by its own decoder: count, 0 at its end, or a status. */
static ptrdiff_t member_bytes(struct pgn_input *in, struct io_archive *x, unsigned char *dst,
                              size_t cap)
{
    if (!x->member && input_open_pull(&x->member, pull_member, in))
        return set_error(in, PGN_ENOMEM, "out of memory");
    ptrdiff_t n = x->member->decode(x->member, dst, cap);
    if (n > 0)
        return n;
    if (n < 0 && !in->status) /* the member's data is damaged, not the archive */
        set_error(in, (int)n, "%s", pgn_input_error(x->member));
    pgn_input_free(x->member);
    x->member = NULL;
    return n < 0 ? in->status : 0;
}

int archive_drop_member(struct pgn_input *in)
{
    struct io_archive *x = in->archive;
    if (!x || x->raw || !x->in_member)
        return 0;
    pgn_input_free(x->member);
    x->member = NULL;
    x->in_member = 0; /* libarchive passes over what is left of it */
    return 1;
}

/* The next entry: DECODE_MEMBER for a file, 0 after the last, 1 to go on (a folder), or an error. */
static ptrdiff_t next_entry(struct pgn_input *in, struct io_archive *x)
{
    struct archive_entry *e;
    int r = la.read_next_header(x->a, &e);
    if (r == ARCHIVE_EOF)
        return 0;
    if (r < ARCHIVE_WARN)
        return fail(in, x);
    if (!x->started) {
        x->started = 1;
        x->raw = la.format(x->a) == ARCHIVE_FORMAT_RAW;
    }
    if (x->raw) {
        x->in_member = 1;
        return 1;
    }
    if (la.entry_filetype(e) != AE_IFREG)
        return 1;
    const char *name = la.entry_pathname_utf8(e);
    if (!name)
        name = la.entry_pathname(e);
    in->member_name = strdup(name ? name : "?");
    if (!in->member_name)
        return set_error(in, PGN_ENOMEM, "out of memory");
    in->member_skipped = !is_pgn_name(in->member_name);
    x->in_member = !in->member_skipped;
    return DECODE_MEMBER;
}

static ptrdiff_t decode_archive(struct pgn_input *in, unsigned char *dst, size_t cap)
{
    struct io_archive *x = in->archive;
    for (;;) {
        if (!x->in_member) {
            ptrdiff_t r = next_entry(in, x);
            if (r == 1)
                continue;
            return r;
        }
        ptrdiff_t n;
        if (x->raw) {
            la_ssize_t got = la.read_data(x->a, dst, cap);
            n = got < 0 ? fail(in, x) : (ptrdiff_t)got;
        } else {
            n = member_bytes(in, x, dst, cap);
        }
        if (n != 0)
            return n;
        x->in_member = 0;
    }
}

int archive_start(struct pgn_input *in, const char *what)
{
    pthread_once(&la_once, la_load);
    if (!la_loaded)
        return set_error(in, PGN_EFORMAT, "not PGN: looks like %s (libarchive, which reads it, "
                         "cannot be loaded)", what);
    struct io_archive *x = calloc(1, sizeof *x);
    if (!x)
        return set_error(in, PGN_ENOMEM, "out of memory");
    x->what = what + (!strncmp(what, "an ", 3) ? 3 : !strncmp(what, "a ", 2) ? 2 : 0);
    in->archive = x;
    x->a = la.read_new();
    if (!x->a)
        return set_error(in, PGN_ENOMEM, "out of memory");
    la.read_support_filter_all(x->a);
    la.read_support_format_all(x->a);
    la.read_support_format_raw(x->a);
    la.read_set_callback_data(x->a, in);
    la.read_set_read_callback(x->a, feed);
    if (in->fd >= 0 && in->raw_size > 0)
        la.read_set_seek_callback(x->a, seek);
    if (la.read_open1(x->a) != ARCHIVE_OK) {
        /* Magic bytes libarchive (as built here) does not read: told, not read. */
        const char *why = la.error_string(x->a);
        if (why && !strncmp(why, "Unrecognized archive format", 27))
            return set_error(in, PGN_EFORMAT,
                             "not PGN: looks like %s (this libarchive does not read it)", what);
        return fail(in, x);
    }
    in->comp = PGN_COMP_ARCHIVE;
    in->decode = decode_archive;
    return PGN_OK;
}

void archive_end(struct pgn_input *in)
{
    struct io_archive *x = in->archive;
    if (!x)
        return;
    pgn_input_free(x->member);
    if (x->a)
        la.read_free(x->a);
    free(x);
    in->archive = NULL;
}

#else /* no libarchive: these formats are told, not read */

int archive_start(struct pgn_input *in, const char *what)
{
    return set_error(in, PGN_EFORMAT, "not PGN: looks like %s (pgnkit was built without libarchive)",
                     what);
}

void archive_end(struct pgn_input *in) { (void)in; }

int archive_drop_member(struct pgn_input *in)
{
    (void)in;
    return 0;
}

#endif
