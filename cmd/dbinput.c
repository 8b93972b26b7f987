/* dbinput.c - a pgnkit database given as an input: its sources' games, as the scan reads them. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "common.h"
#include "dbinput.h"
#include "index/index_db.h"
#include "source_file.h"
#include "base/banned.h"

int dbinput_is_database(const char *path)
{
    /* Only a regular file is looked into: a pipe's first bytes would be lost. */
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && index_db_is_database(path);
}

/* 1 when path names the file open on sf: then it is the name the scan would use. */
static int same_file(const char *path, const struct source_file *sf)
{
    struct stat st;
    return stat(path, &st) == 0 && st.st_dev == sf->st.st_dev && st.st_ino == sf->st.st_ino;
}

/* Reads one source's indexed games; 0 or -1 (reported). */
static int read_source(struct driver *d, const char *db, const struct index_source *src)
{
    struct source_file sf;
    int state = source_check(&sf, src), rc = -1;
    switch (state) {
    case SOURCE_MISSING:
        error("cannot open '%s' (indexed in '%s'): %s", src->path, db, strerror(errno));
        return -1;
    case SOURCE_CHANGED:
        error("%s changed since it was indexed: run pgnkit index --update %s", src->path, db);
        break;
    case SOURCE_APPENDED:
        warning("%s grew since it was indexed: reading its first %llu bytes (pgnkit index "
                "--update %s adds the rest)", src->path, (unsigned long long)src->indexed_bytes,
                db);
        /* fall through */
    case SOURCE_FRESH:
        /* A plain source is read from a map of its indexed bytes, named as
         * when indexed: the same games, bytes and messages as the scan. */
        if (!src->plain)
            rc = driver_read(d, same_file(src->path, &sf) ? src->path : src->location);
        else if (source_map(&sf, src->indexed_bytes) == PGN_OK)
            rc = driver_read_mem(d, sf.map, src->indexed_bytes, src->path);
        else
            error("cannot read '%s': %s", src->path, strerror(errno));
        break;
    }
    source_close(&sf);
    return rc;
}

int dbinput_read(struct driver *d, const char *path)
{
    struct index_db *db;
    struct index_source *srcs = NULL;
    size_t n = 0;
    if (index_db_open(&db, path, 0) != PGN_OK || index_db_sources(db, &srcs, &n) != PGN_OK) {
        error("cannot read '%s': %s", path, index_db_message(db));
        index_db_close(db);
        return -1;
    }
    index_db_close(db);
    int rc = 0;
    for (size_t i = 0; i < n && !d->stop && !driver_interrupted(); i++)
        rc |= read_source(d, path, &srcs[i]);
    index_sources_free(srcs, n);
    return rc;
}

int dbinput_count_inputs(int n, char *const *inputs)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (!dbinput_is_database(inputs[i])) {
            count++;
            continue;
        }
        struct index_db *db;
        struct index_source *srcs;
        size_t nsrc;
        if (index_db_open(&db, inputs[i], 0) == PGN_OK &&
            index_db_sources(db, &srcs, &nsrc) == PGN_OK)
            index_sources_free(srcs, nsrc);
        else
            nsrc = 1;
        index_db_close(db);
        count += (int)nsrc;
    }
    return count;
}
