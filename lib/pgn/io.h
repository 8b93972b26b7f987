/* io.h - byte input from a file, stdin or memory; the format is detected by its magic bytes. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_IO_H
#define LIB_IO_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"

/*
 * An input is a byte source (a file descriptor or a memory block) seen
 * through a decoder chosen from the first bytes: plain text, gzip (one or
 * more concatenated members, inflated with zlib) or zstd (one or more
 * frames, libzstd); for files and standard input also what libarchive reads
 * (zip, 7z, tar and tar.gz/.zst/..., RAR; bzip2, xz, ...: see io_archive.c).
 * An archive's members come one after another: see pgn_input_next_member().
 * UTF-16 with a byte order mark comes out as UTF-8. The file name never
 * matters. Compressed files and
 * standard input are decoded on a thread of the input's own, a few blocks
 * ahead of the reader; memory inputs are decoded inline.
 *
 * Files and standard input whose first bytes are not text (a PDF, an
 * image, a program, a NUL byte on the first line, a compressed format
 * pgnkit does not read) fail at the first read with PGN_EFORMAT and a
 * message "not PGN: looks like a PDF document"; memory inputs are not
 * checked.
 *
 * Errors in compressed data are reported after every byte decoded before the
 * damage has been delivered: pgn_input_read() returns the good bytes first,
 * and the error on the following call. (A gzip member's CRC is only checked
 * at its end, so a corrupt byte can yield bad data before the error.)
 */
struct pgn_input;

enum pgn_compression {
    PGN_COMP_NONE = 0,
    PGN_COMP_GZIP = 1,
    PGN_COMP_ZSTD = 2,
    PGN_COMP_ARCHIVE = 3, /* read through libarchive: an archive, bzip2, xz, ... */
};

/* Default size of one read from the source. */
#define PGN_READ_SIZE (256 * 1024)

/**
 * Opens path for reading; NULL or "-" means standard input (fd 0, which is
 * not closed by pgn_input_free). read_size is the size of each read (0 for
 * PGN_READ_SIZE). Returns PGN_OK and *out, or PGN_EIO (errno says why) or
 * PGN_ENOMEM with *out = NULL. Nothing is read yet.
 */
int pgn_input_open(struct pgn_input **out, const char *path, size_t read_size);

/**
 * As pgn_input_open(), reading the open descriptor fd from where it stands;
 * the input owns fd from then on, and closes it at pgn_input_free() (or at
 * once when the call fails): pass a dup() to keep one's own.
 */
int pgn_input_open_fd(struct pgn_input **out, int fd, size_t read_size);

/**
 * Reads from data[0..len), which the caller keeps alive and unchanged until
 * pgn_input_free(). Plain or gzip, as for files.
 */
int pgn_input_open_mem(struct pgn_input **out, const void *data, size_t len);

/**
 * Reads up to cap decoded bytes into dst. Returns the count (> 0), 0 at the
 * end of the input (or of an archive member: see pgn_input_next_member), or
 * a negative status (PGN_EIO, PGN_ENOMEM, PGN_EFORMAT) once all bytes
 * before the problem were returned; pgn_input_error() describes it. After
 * an error or the end, every later call returns the same value.
 */
ptrdiff_t pgn_input_read(struct pgn_input *in, void *dst, size_t cap);

/**
 * After pgn_input_read() returned 0: moves on to the next member of an
 * archive. Returns 1 with *name (the member's path in the archive,
 * malloc'd: the caller frees it) and *skipped (1 when the member is not
 * PGN by its name and is passed over: read on with another call; 2 when
 * the member just read turned out not to be PGN text, such as an image:
 * *name then says what it looks like, and another call goes on with the
 * next member), 0 when the input has no more members (or is no archive),
 * or a negative status as pgn_input_read() does. Reads then return the
 * member's bytes, decompressed when the member is gzip or zstd data.
 */
int pgn_input_next_member(struct pgn_input *in, char **name, int *skipped);

/** The decoder in use; PGN_COMP_NONE until the first read. */
int pgn_input_compression(const struct pgn_input *in);

/** Message of the last error ("" if none); owned by in. */
const char *pgn_input_error(const struct pgn_input *in);

/**
 * Bytes read from the source so far, as stored (compressed bytes for
 * compressed input); for a progress figure, against the file's size.
 */
uint64_t pgn_input_raw_offset(const struct pgn_input *in);

/** Frees in (NULL is allowed); closes the file unless it is stdin. */
void pgn_input_free(struct pgn_input *in);

#endif
