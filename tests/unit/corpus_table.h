/* corpus_table.h - the real-game files the reader's corpus tests read, with their game counts. */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_UNIT_CORPUS_TABLE_H
#define TESTS_UNIT_CORPUS_TABLE_H

#include <stddef.h>

struct corpus_file {
    const char *name;    /* bundled: relative to the repository root; large: to $PGNKIT_CORPUS */
    unsigned long games; /* counted without pgnkit (see corpus_table.c), never by it */
};

/** Called with a file's full path and its table row. */
typedef void corpus_fn(const char *path, const struct corpus_file *file, void *ctx);

/**
 * Calls fn for every file of the bundled corpus (testdata/corpus/ and the
 * gzip sample, always there: a missing one is a failure, and so is a .pgn
 * file of testdata/corpus/ the table does not list), then, when
 * $PGNKIT_CORPUS names the large corpus (the project's shared files,
 * outside the repository), for each of its files up to max_large_bytes
 * (0: any size). Returns 0; or 1 when the large corpus was asked for and
 * some of its files are missing, with the reason in why[0..why_size) for
 * the caller's SKIP: the test could not run as asked.
 */
int corpus_each(size_t max_large_bytes, corpus_fn *fn, void *ctx, char *why, size_t why_size);

#endif
