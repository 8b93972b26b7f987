/* api_status.c - version, status names, and the proof that public and internal codes agree. */
/* SPDX-License-Identifier: MIT */
#include "api/api_internal.h"
#include "base/error.h"
#include "replay/diag.h"
#include "base/banned.h"

/* The public status values are the library's own: nothing translates them. */
#define SAME_STATUS(pub, internal) \
    _Static_assert((int)(pub) == (int)(internal), #pub " differs from " #internal)
SAME_STATUS(PGNKIT_OK, PGN_OK);
SAME_STATUS(PGNKIT_ESYNTAX, PGN_ESYNTAX);
SAME_STATUS(PGNKIT_EILLEGAL, PGN_EILLEGAL);
SAME_STATUS(PGNKIT_EAMBIGUOUS, PGN_EAMBIGUOUS);
SAME_STATUS(PGNKIT_ENOMEM, PGN_ENOMEM);
SAME_STATUS(PGNKIT_EIO, PGN_EIO);
SAME_STATUS(PGNKIT_ETOOBIG, PGN_ETOOBIG);
SAME_STATUS(PGNKIT_EENCODING, PGN_EENCODING);
SAME_STATUS(PGNKIT_EINVAL, PGN_EINVAL);
SAME_STATUS(PGNKIT_EFORMAT, PGN_EFORMAT);
SAME_STATUS(PGNKIT_EFEN, PGN_EFEN);
_Static_assert(PGN_STATUS_COUNT == 11, "a status without a public PGNKIT_ name");

SAME_STATUS(PGNKIT_NOTE, PGN_SEV_NOTE);
SAME_STATUS(PGNKIT_WARNING, PGN_SEV_WARNING);
SAME_STATUS(PGNKIT_ERROR, PGN_SEV_ERROR);

unsigned pgnkit_version_number(void)
{
    return PGNKIT_VERSION_NUMBER;
}

const char *pgnkit_version_string(void)
{
    return PGNKIT_VERSION_STRING;
}

const char *pgnkit_status_name(int status)
{
    /* long: -INT_MIN does not fit an int. */
    long magnitude = status < 0 ? -(long)status : status;
    return magnitude < PGN_STATUS_COUNT ? pgn_strerror(status) : "unknown status";
}

const char *pgnkit_detail_name(int detail)
{
    return detail >= 0 && detail < D_CODE_COUNT ? diag_name(detail) : NULL;
}

const char *pgnkit_severity_name(int severity)
{
    return pgn_severity_name(severity);
}
