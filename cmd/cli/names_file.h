/* names_file.h - --names FILE: a spelling file read once for every command that takes it. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_NAMES_FILE_H
#define CMD_NAMES_FILE_H

#include "pgn/spelling.h"

/**
 * Reads the spelling file at path (spelling.h says the format). Each
 * problem of the file is reported as "FILE:LINE: error: ..." (or
 * "warning:" for a spelling given to two names, which is left alone, as
 * SCID does); after an error, or when the file cannot be read, *status is
 * EXIT_USAGE or EXIT_IO and the result NULL. Free the map with
 * spelling_free(). convert, search and stats read --names here, so the
 * file means the same to each of them.
 */
struct spelling *names_file_read(const char *path, int *status);

#endif
