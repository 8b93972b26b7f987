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
    PGN_EFEN = -10,      /* not a valid position (the reason: enum fen_problem, chess/position.h) */
};
#define PGN_STATUS_COUNT 11

/**
 * Static English text for a status ("syntax error"); accepts either sign.
 * The one place a status is named: the reasons below a status (a FEN's
 * problem, a move's) are details the producer words itself. A value that is
 * no status (INT_MIN included) gives "unknown error".
 */
const char *pgn_strerror(int status);

/* How grave a diagnostic is, the reader's (struct pgn_error) and the replay's (diag.h) alike. */
enum pgn_severity { PGN_SEV_NOTE = 0, PGN_SEV_WARNING = 1, PGN_SEV_ERROR = 2 };

/** "note", "warning" or "error" (anything else), static storage. */
const char *pgn_severity_name(int severity);

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
 * Writes the location "file:line:col" (gcc style; "file:line" when col is 0,
 * "file" when line is 0; a NULL file reads "<input>") into buf, NUL-terminated
 * and truncated to size. The one place a diagnostic's location is spelt.
 * Returns the length the full text would have, as snprintf does.
 */
int pgn_location_format(const char *file, uint64_t line, uint32_t col, char *buf, size_t size);

/**
 * Writes "file:line:col: error: message" (the location as pgn_location_format
 * spells it, then the severity and the message, or pgn_strerror(code) when
 * message is NULL) into buf, NUL-terminated and truncated to size. Returns
 * the length the full text would have, as snprintf does.
 */
int pgn_error_format(const struct pgn_error *e, char *buf, size_t size);

/* Internal helper: return code from the current function when cond holds. */
#define RETURN_ERR_IF(cond, code) \
    do { \
        if (cond) \
            return (code); \
    } while (0)

#endif
