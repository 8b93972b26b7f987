/* diag.c - names and severities of the diagnostic codes. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "replay/diag.h"
#include "base/banned.h"

/* replay_opts keeps a set of codes in 64 bits. */
_Static_assert(D_CODE_COUNT <= 64, "diagnostic codes must fit a uint64_t bit set");

static const struct {
    const char *name;
    unsigned char severity;
    unsigned char strict;
} table[D_CODE_COUNT] = {
    [D_SYNTAX] = { "syntax", SEV_ERROR, 0 },
    [D_TOO_BIG] = { "too-big", SEV_ERROR, 0 },
    [D_ILLEGAL_MOVE] = { "illegal-move", SEV_ERROR, 0 },
    [D_AMBIGUOUS_MOVE] = { "ambiguous-move", SEV_ERROR, 0 },
    [D_BAD_MOVE_TEXT] = { "bad-move-text", SEV_ERROR, 0 },
    [D_BAD_FEN] = { "bad-fen", SEV_ERROR, 0 },
    [D_MOVE_AFTER_END] = { "move-after-end", SEV_ERROR, 0 },
    [D_RESULT_MISMATCH] = { "result-mismatch", SEV_ERROR, 0 },
    [D_RESULT_CONTRADICTS] = { "result-contradicts-position", SEV_ERROR, 0 },
    [D_MISSING_TAG] = { "missing-tag", SEV_WARNING, 1 },
    [D_EMPTY_TAG] = { "empty-tag", SEV_WARNING, 1 },
    [D_BAD_DATE] = { "bad-date", SEV_WARNING, 1 },
    [D_BAD_ROUND] = { "bad-round", SEV_WARNING, 1 },
    [D_BAD_ELO] = { "bad-elo", SEV_WARNING, 1 },
    [D_DUPLICATE_TAG] = { "duplicate-tag", SEV_WARNING, 1 },
    [D_CHECK_MARK] = { "check-mark", SEV_WARNING, 1 },
    [D_NOTATION] = { "notation", SEV_WARNING, 1 },
    [D_MOVE_NUMBER] = { "move-number", SEV_WARNING, 1 },
    [D_NO_RESULT] = { "no-result", SEV_WARNING, 1 },
    [D_NULL_MOVE] = { "null-move", SEV_WARNING, 1 },
    [D_SETUP_TAG] = { "setup-tag", SEV_WARNING, 1 },
    [D_TIMEOUT_DRAW] = { "timeout-draw", SEV_WARNING, 0 },
    [D_PAST_FIVEFOLD] = { "past-fivefold", SEV_WARNING, 0 },
    [D_PAST_75_MOVES] = { "past-75-moves", SEV_WARNING, 0 },
    [D_UNFINISHED_TERMINAL] = { "unfinished-terminal", SEV_WARNING, 0 },
    [D_CASTLING_RIGHTS] = { "castling-rights", SEV_WARNING, 1 },
    [D_IMPLIED_CHESS960] = { "implied-chess960", SEV_WARNING, 1 },
    [D_RESULT_FORM] = { "result-form", SEV_WARNING, 1 },
    [D_UNICODE_DASH] = { "unicode-dash", SEV_WARNING, 1 },
    [D_FORUM_WRAPPER] = { "forum-wrapper", SEV_WARNING, 1 },
    [D_TAG_CASE] = { "tag-case", SEV_WARNING, 1 },
    [D_VARIATION_DROPPED] = { "variation-dropped", SEV_WARNING, 1 },
    [D_MIXED_LANGUAGE] = { "mixed-language", SEV_WARNING, 1 },
    [D_TAG_ORDER] = { "tag-order", SEV_WARNING, 1 },
    [D_TAG_SORT] = { "tag-sort", SEV_WARNING, 1 },
    [D_TAG_FORMAT] = { "tag-format", SEV_WARNING, 1 },
    [D_MISSING_MOVE_NUMBER] = { "missing-move-number", SEV_WARNING, 1 },
    [D_EXTRA_MOVE_NUMBER] = { "extra-move-number", SEV_WARNING, 1 },
    [D_MOVE_NUMBER_FORM] = { "move-number-form", SEV_WARNING, 1 },
    [D_SUFFIX_ANNOTATION] = { "suffix-annotation", SEV_WARNING, 1 },
    [D_LINE_LENGTH] = { "line-length", SEV_WARNING, 1 },
    [D_TAB] = { "tab", SEV_WARNING, 1 },
    [D_SPACING] = { "spacing", SEV_WARNING, 1 },
    [D_ENCODING] = { "encoding", SEV_NOTE, 0 },
    [D_VARIANT] = { "variant", SEV_NOTE, 0 },
    [D_DUPLICATE_GAME] = { "duplicate-game", SEV_NOTE, 0 },
};

const char *diag_name(int code)
{
    return code >= 0 && code < D_CODE_COUNT ? table[code].name : "unknown";
}

int diag_severity(int code)
{
    return code >= 0 && code < D_CODE_COUNT ? table[code].severity : SEV_ERROR;
}

int diag_is_strict(int code)
{
    return code >= 0 && code < D_CODE_COUNT && table[code].strict;
}

int diag_find(const char *name)
{
    for (int code = 0; code < D_CODE_COUNT; code++)
        if (!strcmp(table[code].name, name))
            return code;
    return -1;
}

const char *diag_severity_name(int severity)
{
    switch (severity) {
    case SEV_NOTE: return "note";
    case SEV_WARNING: return "warning";
    default: return "error";
    }
}
