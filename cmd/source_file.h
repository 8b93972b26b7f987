/* source_file.h - a PGN file a database was built from: opened, checked for changes, mapped. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_SOURCE_FILE_H
#define CMD_SOURCE_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include "index/index_db.h"

struct source_file {
    int fd;              /* -1 when not open */
    struct stat st;      /* when opened */
    int compressed;      /* starts with the magic bytes of a compressed or archive format */
    unsigned char *map;  /* source_map(): bytes [0, map_len) */
    size_t map_len;
};

/* What became of a source since it was indexed (source_check). */
enum source_state {
    SOURCE_FRESH,    /* as indexed */
    SOURCE_APPENDED, /* plain, the indexed bytes unchanged, more after them */
    SOURCE_CHANGED,  /* anything else: an edit, a truncation, a new compressed file */
    SOURCE_MISSING,  /* cannot be opened (errno says why) */
};

/**
 * Opens src's file (its absolute location when indexed, else its path as
 * given): the path opened (src's), or NULL with errno set; sf is set
 * either way and must be closed with source_close().
 */
const char *source_open(struct source_file *sf, const struct index_source *src);

/** Maps bytes [0, len) of the open file; PGN_OK or PGN_EIO. */
int source_map(struct source_file *sf, uint64_t len);

/** Unmaps and closes sf (also after a failed source_open). */
void source_close(struct source_file *sf);

/** The modification time of st in nanoseconds since the epoch. */
int64_t source_mtime_ns(const struct stat *st);

/**
 * Opens src's file into sf and compares it with what was indexed: size,
 * modification time, fingerprint (index_fingerprint.h). Returns an enum
 * source_state; sf is open unless SOURCE_MISSING.
 */
int source_check(struct source_file *sf, const struct index_source *src);

#endif
