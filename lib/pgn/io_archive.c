/* io_archive.c - archives and other compressors (zip, 7z, tar, bzip2, xz, ...) through libarchive. */
/* SPDX-License-Identifier: MIT */
#include "pgn/io_internal.h"
#include "base/banned.h"

int archive_start(struct pgn_input *in, const char *what)
{
    return set_error(in, PGN_EFORMAT, "not PGN: looks like %s", what);
}

void archive_end(struct pgn_input *in) { (void)in; }
