/* source_file.c - a PGN file a database was built from: opened, checked for changes, mapped. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "base/error.h"
#include "index/index_fingerprint.h"
#include "source_file.h"
#include "base/banned.h"

/* The magic bytes of what the reader decompresses or unpacks: such a file's
 * offsets are not those of its games, so only a plain file is read in part. */
static int looks_compressed(const unsigned char *h, size_t n)
{
    static const struct { const char *magic; size_t len; } formats[] = {
        { "\x1f\x8b", 2 }, { "\x28\xb5\x2f\xfd", 4 }, { "\xfd" "7zXZ", 5 }, { "BZh", 3 },
        { "PK\x03\x04", 4 }, { "7z\xbc\xaf\x27\x1c", 6 }, { "\x04\x22\x4d\x18", 4 },
    };
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (n >= formats[i].len && !memcmp(h, formats[i].magic, formats[i].len))
            return 1;
    return n >= 262 && !memcmp(h + 257, "ustar", 5); /* tar */
}

const char *source_open(struct source_file *sf, const struct index_source *src)
{
    memset(sf, 0, sizeof *sf);
    const char *path = src->location;
    sf->fd = path ? open(path, O_RDONLY) : -1;
    if (sf->fd < 0)
        sf->fd = open(path = src->path, O_RDONLY);
    if (sf->fd < 0)
        return NULL;
    unsigned char head[512];
    ssize_t n = fstat(sf->fd, &sf->st) == 0 ? pread(sf->fd, head, sizeof head, 0) : -1;
    if (n < 0) {
        int saved = errno;
        close(sf->fd);
        sf->fd = -1;
        errno = saved;
        return NULL;
    }
    sf->compressed = looks_compressed(head, (size_t)n);
    return path;
}

int source_map(struct source_file *sf, uint64_t len)
{
    static unsigned char empty[1];
    if (len == 0) {
        sf->map = empty;
        return PGN_OK;
    }
    void *p = mmap(NULL, (size_t)len, PROT_READ, MAP_PRIVATE, sf->fd, 0);
    if (p == MAP_FAILED)
        return PGN_EIO;
    posix_madvise(p, (size_t)len, POSIX_MADV_SEQUENTIAL);
    sf->map = p;
    sf->map_len = (size_t)len;
    return PGN_OK;
}

void source_close(struct source_file *sf)
{
    if (sf->map_len)
        munmap(sf->map, sf->map_len);
    if (sf->fd >= 0)
        close(sf->fd);
    sf->map = NULL;
    sf->map_len = 0;
    sf->fd = -1;
}

int64_t source_mtime_ns(const struct stat *st)
{
    return (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
}

int source_check(struct source_file *sf, const struct index_source *src)
{
    if (!source_open(sf, src))
        return SOURCE_MISSING;
    uint64_t size = (uint64_t)sf->st.st_size, fp;
    if (size == src->size && source_mtime_ns(&sf->st) == src->mtime_ns)
        return SOURCE_FRESH;
    /* The same size at another time may be an edit the samples miss: changed. */
    if (!src->plain || sf->compressed || size <= src->size)
        return SOURCE_CHANGED;
    if (index_fingerprint(sf->fd, src->indexed_bytes, &fp) != PGN_OK || fp != src->fingerprint)
        return SOURCE_CHANGED;
    return SOURCE_APPENDED;
}
