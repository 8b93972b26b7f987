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
    [D_SYNTAX] = { "syntax", PGN_SEV_ERROR, 0 },
    [D_TOO_BIG] = { "too-big", PGN_SEV_ERROR, 0 },
    [D_ILLEGAL_MOVE] = { "illegal-move", PGN_SEV_ERROR, 0 },
    [D_AMBIGUOUS_MOVE] = { "ambiguous-move", PGN_SEV_ERROR, 0 },
    [D_BAD_MOVE_TEXT] = { "bad-move-text", PGN_SEV_ERROR, 0 },
    [D_BAD_FEN] = { "bad-fen", PGN_SEV_ERROR, 0 },
    [D_MOVE_AFTER_END] = { "move-after-end", PGN_SEV_ERROR, 0 },
    [D_RESULT_MISMATCH] = { "result-mismatch", PGN_SEV_ERROR, 0 },
    [D_RESULT_CONTRADICTS] = { "result-contradicts-position", PGN_SEV_ERROR, 0 },
    [D_MISSING_TAG] = { "missing-tag", PGN_SEV_WARNING, 1 },
    [D_EMPTY_TAG] = { "empty-tag", PGN_SEV_WARNING, 1 },
    [D_BAD_DATE] = { "bad-date", PGN_SEV_WARNING, 1 },
    [D_BAD_ROUND] = { "bad-round", PGN_SEV_WARNING, 1 },
    [D_BAD_ELO] = { "bad-elo", PGN_SEV_WARNING, 1 },
    [D_DUPLICATE_TAG] = { "duplicate-tag", PGN_SEV_WARNING, 1 },
    [D_CHECK_MARK] = { "check-mark", PGN_SEV_WARNING, 1 },
    [D_NOTATION] = { "notation", PGN_SEV_WARNING, 1 },
    [D_MOVE_NUMBER] = { "move-number", PGN_SEV_WARNING, 1 },
    [D_NO_RESULT] = { "no-result", PGN_SEV_WARNING, 1 },
    [D_NULL_MOVE] = { "null-move", PGN_SEV_WARNING, 1 },
    [D_SETUP_TAG] = { "setup-tag", PGN_SEV_WARNING, 1 },
    [D_TIMEOUT_DRAW] = { "timeout-draw", PGN_SEV_WARNING, 0 },
    [D_PAST_FIVEFOLD] = { "past-fivefold", PGN_SEV_WARNING, 0 },
    [D_PAST_75_MOVES] = { "past-75-moves", PGN_SEV_WARNING, 0 },
    [D_UNFINISHED_TERMINAL] = { "unfinished-terminal", PGN_SEV_WARNING, 0 },
    [D_CASTLING_RIGHTS] = { "castling-rights", PGN_SEV_WARNING, 1 },
    [D_IMPLIED_CHESS960] = { "implied-chess960", PGN_SEV_WARNING, 1 },
    [D_RESULT_FORM] = { "result-form", PGN_SEV_WARNING, 1 },
    [D_UNICODE_DASH] = { "unicode-dash", PGN_SEV_WARNING, 1 },
    [D_FORUM_WRAPPER] = { "forum-wrapper", PGN_SEV_WARNING, 1 },
    [D_TAG_CASE] = { "tag-case", PGN_SEV_WARNING, 1 },
    [D_VARIATION_DROPPED] = { "variation-dropped", PGN_SEV_WARNING, 1 },
    [D_MIXED_LANGUAGE] = { "mixed-language", PGN_SEV_WARNING, 1 },
    [D_TAG_ORDER] = { "tag-order", PGN_SEV_WARNING, 1 },
    [D_TAG_SORT] = { "tag-sort", PGN_SEV_WARNING, 1 },
    [D_TAG_FORMAT] = { "tag-format", PGN_SEV_WARNING, 1 },
    [D_MISSING_MOVE_NUMBER] = { "missing-move-number", PGN_SEV_WARNING, 1 },
    [D_EXTRA_MOVE_NUMBER] = { "extra-move-number", PGN_SEV_WARNING, 1 },
    [D_MOVE_NUMBER_FORM] = { "move-number-form", PGN_SEV_WARNING, 1 },
    [D_SUFFIX_ANNOTATION] = { "suffix-annotation", PGN_SEV_WARNING, 1 },
    [D_LINE_LENGTH] = { "line-length", PGN_SEV_WARNING, 1 },
    [D_TAB] = { "tab", PGN_SEV_WARNING, 1 },
    [D_SPACING] = { "spacing", PGN_SEV_WARNING, 1 },
    [D_ENCODING] = { "encoding", PGN_SEV_NOTE, 0 },
    [D_VARIANT] = { "variant", PGN_SEV_NOTE, 0 },
    [D_DUPLICATE_GAME] = { "duplicate-game", PGN_SEV_NOTE, 0 },
};

const char *diag_name(int code)
{
    return code >= 0 && code < D_CODE_COUNT ? table[code].name : "unknown";
}

int diag_severity(int code)
{
    return code >= 0 && code < D_CODE_COUNT ? table[code].severity : PGN_SEV_ERROR;
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
    return D_NO_CODE;
}
