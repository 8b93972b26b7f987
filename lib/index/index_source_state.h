/* index_source_state.h - whether a database's source file is still the file that was indexed. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_SOURCE_STATE_H
#define LIB_INDEX_SOURCE_STATE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include "index/index_db.h"

/*
 * The one place that decides whether a source may be read through its
 * records: the command's database input and the library's database handle
 * (pgnkit_db.h) both ask here, so they refuse the same stale files.
 */
enum index_source_state {
    INDEX_SOURCE_FRESH,    /* as indexed */
    INDEX_SOURCE_APPENDED, /* plain, the indexed bytes unchanged, more after them */
    INDEX_SOURCE_CHANGED,  /* anything else: an edit, a truncation, a new compressed file */
};

/** A file's modification time in ns since the epoch, as the sources table holds it. */
int64_t index_mtime_ns(const struct stat *st);

/** 1 when head[0..n), a file's first bytes, are those of a compressed file or an archive. */
int index_looks_compressed(const unsigned char *head, size_t n);

/**
 * The state (enum index_source_state) of src, open on fd with status *st;
 * compressed as index_looks_compressed() says of its first bytes. May read
 * the file's fingerprint (index_fingerprint.h).
 */
int index_source_state(const struct index_source *src, int fd, const struct stat *st,
                       int compressed);

#endif
