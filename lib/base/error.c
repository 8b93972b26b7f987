/* error.c - status texts and diagnostic formatting. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include "base/error.h"
#include "base/banned.h"

static const char *const status_text[PGN_STATUS_COUNT] = {
    "success",
    "syntax error",
    "illegal move",
    "ambiguous move",
    "out of memory",
    "input/output error",
    "limit exceeded",
    "invalid UTF-8",
    "invalid argument",
    "not PGN text",
    "not a valid position",
};

const char *pgn_strerror(int status)
{
    /* Compared before negating: -INT_MIN does not exist. */
    if (status <= -PGN_STATUS_COUNT || status >= PGN_STATUS_COUNT)
        return "unknown error";
    return status_text[status < 0 ? -status : status];
}

const char *pgn_severity_name(int severity)
{
    switch (severity) {
    case PGN_SEV_NOTE:
        return "note";
    case PGN_SEV_WARNING:
        return "warning";
    default:
        return "error";
    }
}

int pgn_location_format(const char *file, uint64_t line, uint32_t col, char *buf, size_t size)
{
    if (!file)
        file = "<input>";
    if (!line)
        return snprintf(buf, size, "%s", file);
    if (!col) /* at the end of the input: no column */
        return snprintf(buf, size, "%s:%llu", file, (unsigned long long)line);
    return snprintf(buf, size, "%s:%llu:%lu", file, (unsigned long long)line, (unsigned long)col);
}

int pgn_error_format(const struct pgn_error *e, char *buf, size_t size)
{
    const char *msg = e->message ? e->message : pgn_strerror(e->code);
    int n = pgn_location_format(e->file, e->line, e->col, buf, size);
    if (n < 0)
        return n;
    size_t used = (size_t)n < size ? (size_t)n : (size ? size - 1 : 0);
    int rest = snprintf(size ? buf + used : NULL, size ? size - used : 0, ": %s: %s",
                        pgn_severity_name(e->severity), msg);
    return rest < 0 ? rest : n + rest;
}
