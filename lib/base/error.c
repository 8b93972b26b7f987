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
    if (status < 0)
        status = -status;
    if (status >= PGN_STATUS_COUNT)
        return "unknown error";
    return status_text[status];
}

static const char *severity_text(int severity)
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

int pgn_error_format(const struct pgn_error *e, char *buf, size_t size)
{
    const char *file = e->file ? e->file : "<input>";
    const char *msg = e->message ? e->message : pgn_strerror(e->code);
    if (e->line)
        return snprintf(buf, size, "%s:%llu:%lu: %s: %s", file, (unsigned long long)e->line,
                        (unsigned long)e->col, severity_text(e->severity), msg);
    return snprintf(buf, size, "%s: %s: %s", file, severity_text(e->severity), msg);
}
