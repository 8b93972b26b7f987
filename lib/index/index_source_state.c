/* index_source_state.c - whether a database's source file is still the file that was indexed. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "index/index_fingerprint.h"
#include "index/index_source_state.h"
#include "base/banned.h"

/* The magic bytes of what the reader decompresses or unpacks: such a file's
 * offsets are not those of its games, so only a plain file is read in part. */
int index_looks_compressed(const unsigned char *h, size_t n)
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

int64_t index_mtime_ns(const struct stat *st)
{
    return (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
}

int index_source_state(const struct index_source *src, int fd, const struct stat *st,
                       int compressed)
{
    uint64_t size = (uint64_t)st->st_size, fp;
    /* Records that say more bytes were indexed than there are cannot be read. */
    if (src->plain && src->indexed_bytes > size)
        return INDEX_SOURCE_CHANGED;
    if (size == src->size && index_mtime_ns(st) == src->mtime_ns)
        return INDEX_SOURCE_FRESH;
    /* The same size at another time may be an edit the samples miss: changed. */
    if (!src->plain || compressed || size <= src->size)
        return INDEX_SOURCE_CHANGED;
    if (index_fingerprint(fd, src->indexed_bytes, &fp) != PGN_OK || fp != src->fingerprint)
        return INDEX_SOURCE_CHANGED;
    return INDEX_SOURCE_APPENDED;
}
