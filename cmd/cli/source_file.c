/* source_file.c - a PGN file a database was built from: opened, checked for changes, read. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "base/error.h"
#include "cli/common.h"
#include "index/index_source_state.h"
#include "cli/source_file.h"
#include "base/banned.h"

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
    sf->compressed = index_looks_compressed(head, (size_t)n);
    return path;
}

/* 1 when the open file's size or time is not what it was when opened. */
static int changed_since_open(const struct source_file *sf)
{
    struct stat now;
    return fstat(sf->fd, &now) != 0 || now.st_size != sf->st.st_size ||
           index_mtime_ns(&now) != index_mtime_ns(&sf->st);
}

int source_read_range(struct source_file *sf, uint64_t offset, size_t len, const unsigned char **data)
{
    if (len + 1 > sf->cap) {
        sf->cap = len + 1;
        sf->buf = xrealloc(sf->buf, sf->cap);
    }
    *data = sf->buf;
    size_t done = 0;
    while (done < len) {
        ssize_t n = pread(sf->fd, sf->buf + done, len - done, (off_t)(offset + done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return SOURCE_READ_FAILED;
        if (n == 0)
            return SOURCE_READ_CHANGED; /* cut short since it was checked */
        done += (size_t)n;
    }
    /* Bytes rewritten in place while they were read are not the games indexed. */
    return changed_since_open(sf) ? SOURCE_READ_CHANGED : SOURCE_READ_OK;
}

const char *source_read_strerror(int status)
{
    return status == SOURCE_READ_CHANGED ? "it changed while it was read" : strerror(errno);
}

void source_close(struct source_file *sf)
{
    free(sf->buf);
    if (sf->fd >= 0)
        close(sf->fd);
    sf->buf = NULL;
    sf->cap = 0;
    sf->fd = -1;
}

int source_check(struct source_file *sf, const struct index_source *src)
{
    if (!source_open(sf, src))
        return SOURCE_MISSING;
    switch (index_source_state(src, sf->fd, &sf->st, sf->compressed)) {
    case INDEX_SOURCE_FRESH: return SOURCE_FRESH;
    case INDEX_SOURCE_APPENDED: return SOURCE_APPENDED;
    default: return SOURCE_CHANGED;
    }
}
