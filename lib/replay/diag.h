/* diag.h - the diagnostics a game can receive: stable codes, severities, records. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_DIAG_H
#define LIB_DIAG_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h" /* enum pgn_severity */

/*
 * Every diagnostic has a stable code: its name (diag_name) is printed in JSON
 * output and documented in pgnkit-validate(1); scripts may rely on it.
 * Errors make a game invalid. Warnings are deviations from the PGN export
 * format or facts worth knowing; REPLAY_STRICT turns the export-format ones
 * (diag_is_strict) into errors.
 */
enum diag_code {
    /* errors */
    D_SYNTAX,              /* the reader could not parse the text */
    D_TOO_BIG,             /* a hard limit (comment, tag, line, game, depth) was exceeded */
    D_ILLEGAL_MOVE,        /* the move is not legal in the position */
    D_AMBIGUOUS_MOVE,      /* the text fits more than one legal move */
    D_BAD_MOVE_TEXT,       /* the text is not a move in any known notation */
    D_BAD_FEN,             /* FEN tag unreadable or an impossible position */
    D_MOVE_AFTER_END,      /* moves after checkmate or stalemate */
    D_RESULT_MISMATCH,     /* Result tag differs from the movetext result */
    D_RESULT_CONTRADICTS,  /* the result contradicts the final position */
    /* warnings */
    D_MISSING_TAG,         /* a Seven Tag Roster tag is missing */
    D_EMPTY_TAG,           /* a Seven Tag Roster tag is empty */
    D_BAD_DATE,            /* Date not YYYY.MM.DD with ? for unknown parts */
    D_BAD_ROUND,           /* Round not a number, dotted numbers, ? or - */
    D_BAD_ELO,             /* WhiteElo/BlackElo not a plausible rating */
    D_DUPLICATE_TAG,       /* the same tag twice */
    D_CHECK_MARK,          /* + or # missing or wrong */
    D_NOTATION,            /* legal but not standard SAN (long form, 0-0, over-disambiguation...) */
    D_MOVE_NUMBER,         /* a move number that does not fit the position */
    D_NO_RESULT,           /* the game has no termination marker */
    D_NULL_MOVE,           /* a null move (--) */
    D_SETUP_TAG,           /* FEN without SetUp "1" or SetUp without FEN */
    D_TIMEOUT_DRAW,        /* lost on time against a side that cannot mate: a draw */
    D_PAST_FIVEFOLD,       /* play went on after a fivefold repetition */
    D_PAST_75_MOVES,       /* play went on after the 75-move rule */
    D_UNFINISHED_TERMINAL, /* result * although the final position ends the game */
    /* what the reader or the replay repaired to read a game real files write so */
    D_CASTLING_RIGHTS,     /* FEN castling rights without their king or rook: dropped */
    D_IMPLIED_CHESS960,    /* FEN castling of a Chess960 array without a Variant tag */
    D_RESULT_FORM,         /* a result with a Unicode dash ("1\u20130") or "remis" */
    D_UNICODE_DASH,        /* castling written with a Unicode hyphen or dash ("O\u2011O") */
    D_FORUM_WRAPPER,       /* "[pgn]" ... "[/pgn]" around a game: skipped */
    D_TAG_CASE,            /* a common tag name in another case ("fEn"): read as the name */
    D_VARIATION_DROPPED,   /* a move in a variation does not replay; the variation is not output */
    D_MIXED_LANGUAGE,      /* a move read in the other of English and German ("Bb5" among "Sf3") */
    /* export-format deviations only REPLAY_STRICT looks for (strict_checks.c) */
    D_TAG_ORDER,           /* the Seven Tag Roster not first or not in its order */
    D_TAG_SORT,            /* the other tags not in ASCII order of their names */
    D_TAG_FORMAT,          /* a tag pair not alone on its line as [Name "value"], or not one
                              empty line after the tag pairs */
    D_MISSING_MOVE_NUMBER, /* a move without the move number export format gives it */
    D_EXTRA_MOVE_NUMBER,   /* a move number export format does not write */
    D_MOVE_NUMBER_FORM,    /* a move number not written "12. " (White) or "12... " (Black) */
    D_SUFFIX_ANNOTATION,   /* "!", "?" ... glyphs instead of NAGs ($1, $2 ...) */
    D_LINE_LENGTH,         /* a movetext line of 80 characters or more, any line over 255 */
    D_TAB,                 /* a tab character */
    D_SPACING,             /* not one space between movetext tokens, or a space at a line end */
    /* notes */
    D_ENCODING,            /* the game was not UTF-8 and was read as CP1252 */
    D_VARIANT,             /* a chess variant pgnkit does not replay: skipped */
    D_DUPLICATE_GAME,      /* the same start and main line as an earlier game (validate) */
    D_CODE_COUNT
};

/** Stable kebab-case name of a code ("illegal-move"). */
const char *diag_name(int code);
/** Default severity of a code. */
int diag_severity(int code);
/** 1 for warnings that REPLAY_STRICT turns into errors (export-format deviations). */
int diag_is_strict(int code);
/** The code named name (diag_name()'s inverse), or D_NO_CODE when no code has that name. */
enum { D_NO_CODE = -1 };
int diag_find(const char *name);

#endif
