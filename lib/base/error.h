/* error.h - library status codes (errors are values) and diagnostic records. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ERROR_H
#define LIB_ERROR_H

#include <stddef.h>
#include <stdint.h>

/*
 * Library functions return int: PGN_OK (0) or a negative enum pgn_status.
 * Functions that also return a count (pgn_reader_next, pgn_input_read) use
 * positive values for it.
 */
enum pgn_status {
    PGN_OK = 0,
    PGN_ESYNTAX = -1,    /* text that is not PGN */
    PGN_EILLEGAL = -2,   /* a move that is not legal in the position */
    PGN_EAMBIGUOUS = -3, /* move text that fits several legal moves */
    PGN_ENOMEM = -4,     /* out of memory */
    PGN_EIO = -5,        /* read error, corrupt or truncated compressed input */
    PGN_ETOOBIG = -6,    /* a hard limit was exceeded */
    PGN_EENCODING = -7,  /* text is not valid UTF-8 (it was read as CP1252) */
    PGN_EINVAL = -8,     /* bad argument */
    PGN_EFORMAT = -9,    /* the input is not text: a picture, a program, an unknown format */
    PGN_EFEN = -10,      /* not a valid position */
};
#define PGN_STATUS_COUNT 11

/** Static English text for a status ("syntax error"); accepts either sign. */
const char *pgn_strerror(int status);

/* Same values as enum diag_severity in diag.h. */
enum pgn_severity { PGN_SEV_NOTE = 0, PGN_SEV_WARNING = 1, PGN_SEV_ERROR = 2 };

/*
 * One diagnostic: where (file, line, column, byte offset), what (code,
 * severity) and a message (lowercase, no full stop, valid UTF-8, subject
 * quoted with '...'). Line and column are 1-based; the column counts bytes
 * from the line start; the offset counts bytes from the start of the
 * (decompressed) input. Line 0 means "no position". The strings belong to
 * whoever produced the record (see pgn_reader.h).
 */
struct pgn_error {
    const char *file;
    const char *message;
    uint64_t line;
    uint64_t offset;
    uint32_t col;
    int code;     /* enum pgn_status */
    int severity; /* enum pgn_severity */
    int detail;   /* a finer kind the producer defines (the reader: enum pgn_repair), 0 if none */
};

/**
 * Writes "file:line:col: error: message" (gcc style; "file: error: message"
 * without a position) into buf, NUL-terminated and truncated to size.
 * Returns the length the full text would have, as snprintf does.
 */
int pgn_error_format(const struct pgn_error *e, char *buf, size_t size);

/* Internal helper: return code from the current function when cond holds. */
#define RETURN_ERR_IF(cond, code) \
    do { \
        if (cond) \
            return (code); \
    } while (0)

#endif
