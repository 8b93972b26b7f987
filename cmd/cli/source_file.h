/* source_file.h - a PGN file a database was built from: opened, checked for changes, read. */
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
    unsigned char *buf;  /* source_read_range(): the bytes last read */
    size_t cap;          /* bytes buf can hold */
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

/* What source_read_range() found. */
enum source_read_status {
    SOURCE_READ_OK = 0,
    SOURCE_READ_FAILED = -1,  /* an I/O error (errno says which) */
    SOURCE_READ_CHANGED = -2, /* the file is shorter than asked, or changed since it was opened */
};

/**
 * Reads bytes [offset, offset + len) of the open file into sf's buffer
 * (grown as needed; out of memory dies) and points *data at them, valid
 * until the next source_read_range() or source_close(). The file is read, not
 * mapped, so a file cut while it is read is an answer, never a signal.
 * Returns an enum source_read_status.
 */
int source_read_range(struct source_file *sf, uint64_t offset, size_t len, const unsigned char **data);

/** The error message of a source_read_range() status other than SOURCE_READ_OK. */
const char *source_read_strerror(int status);

/** Frees sf's buffer and closes it (also after a failed source_open). */
void source_close(struct source_file *sf);

/**
 * Opens src's file into sf and compares it with what was indexed: size,
 * modification time, fingerprint (index_fingerprint.h); a plain source
 * shorter than its indexed bytes is changed whatever else the records say.
 * This is the one place that decides whether a source is as indexed.
 * Returns an enum source_state; sf is open unless SOURCE_MISSING.
 */
int source_check(struct source_file *sf, const struct index_source *src);

#endif
