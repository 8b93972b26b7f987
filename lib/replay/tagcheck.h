/* tagcheck.h - format checks of tag values (Date, Round, Elo) per the PGN standard. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_TAGCHECK_H
#define LIB_TAGCHECK_H

#include <stddef.h>

/*
 * Each check returns NULL when the value is well-formed, or a static string
 * saying what is wrong. Values are byte ranges (not NUL-terminated).
 */

/** Date "YYYY.MM.DD", any part may be all '?'; month 1-12, day valid for the month. */
const char *tagcheck_date(const char *v, size_t len);
/** Round: "?", "-", or dot-separated positive numbers ("3", "1.2"). */
const char *tagcheck_round(const char *v, size_t len);
/** Elo: a rating or no rating as tagvalue_elo() reads it (blanks around allowed, 0 to 4000). */
const char *tagcheck_elo(const char *v, size_t len);

#endif
