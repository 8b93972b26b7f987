/* tag_normalise.h - dates, rounds and results as the PGN standard spells them, from the forms files use. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PGN_TAG_NORMALISE_H
#define LIB_PGN_TAG_NORMALISE_H

#include <stddef.h>

/*
 * Each function reads one tag value (NUL-terminated) and, when it knows the
 * form and the standard spells it otherwise, writes the standard spelling
 * to out and returns 1; it returns 0 when the value is already standard or
 * is no form it knows (then it is left alone: guessing would lose data).
 */

enum { TAG_DATE_LEN = 10, TAG_ROUND_MAX = 64 };

/**
 * A date as "YYYY.MM.DD" with "??" for each part not known (out has room
 * for TAG_DATE_LEN + 1). Forms read, with 1 or 2 digits for month and day:
 * "2015.6.16", "2015-06-16", "2015/06/16", "2015", "2015.06", "2015-06";
 * day first with the year last: "16.06.2015", "16-06-2015", and
 * "16/06/2015" only when the day is over 12 (06/07/2015 may be either
 * order, and is left alone); English month names: "June 16, 2015",
 * "16 June 2015", "Jun 2015" (three letters or the whole name, any case);
 * "?", "" and "????" as "????.??.??".
 */
int tag_normalise_date(const char *value, char out[TAG_DATE_LEN + 1]);

/**
 * A round as its number: "Round 3", "round 3", "Rd. 3", "Rd 3", "R3",
 * "R 3" and "03" are "3"; "3.1" (round 3, board 1) and "3.01" keep their
 * dot and lose their leading zeros ("03.01" is "3.1"); blanks around go.
 * "?", "-" and other words are left alone. out has room for TAG_ROUND_MAX
 * + 1 bytes; a longer value is left alone.
 */
int tag_normalise_round(const char *value, char out[TAG_ROUND_MAX + 1]);

/**
 * The enum pgn_result a Result tag spells, in any form the movetext's
 * result token may take (pgn_lex_result(): "1:0", "½-½", "1/2", ...),
 * blanks inside allowed ("1 - 0"), or as results tables write them:
 * "0.5-0.5", "0,5-0,5", and the forfeit forms "+/-", "+:-" (a win for
 * White), "-/+", "-:+" (for Black). PGN_RESULT_NONE otherwise.
 */
int tag_normalise_result(const char *value);

#endif
