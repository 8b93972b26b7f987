/* tagcheck.c - format checks of tag values. */
/* SPDX-License-Identifier: MIT */
#include "replay/tagcheck.h"
#include "base/ascii.h"
#include "pgn/tagvalue.h"
#include "base/banned.h"


/* What date_part() gives for a field of '?' only, and for a malformed one. */
enum { PART_UNKNOWN = -1, PART_MALFORMED = -2 };

/* Reads a fixed-width field of digits or of '?' only: its value, PART_UNKNOWN
 * or PART_MALFORMED. */
static int date_part(const char *v, int width)
{
    int value = 0, unknown = 0;
    for (int i = 0; i < width; i++) {
        if (v[i] == '?')
            unknown++;
        else if (ascii_is_digit(v[i]))
            value = value * 10 + (v[i] - '0');
        else
            return PART_MALFORMED;
    }
    if (unknown == width)
        return PART_UNKNOWN;
    return unknown ? PART_MALFORMED : value;
}

const char *tagcheck_date(const char *v, size_t len)
{
    static const int days[13] = { 0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (len != 10 || v[4] != '.' || v[7] != '.')
        return "not in the form YYYY.MM.DD";
    int y = date_part(v, 4), m = date_part(v + 5, 2), d = date_part(v + 8, 2);
    if (y == -2 || m == -2 || d == -2)
        return "not in the form YYYY.MM.DD";
    if (m == 0 || m > 12)
        return "month out of range";
    if (d == 0 || d > 31 || (m > 0 && d > days[m]))
        return "day out of range";
    if (y >= 0 && m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return "day out of range";
    return NULL;
}

const char *tagcheck_round(const char *v, size_t len)
{
    /* Dot-separated parts, each a number or "?" (round unknown, board 1: "?.1"). */
    static const char *const why = "not a round number such as 3 or 1.2";
    if (len == 1 && v[0] == '-')
        return NULL;
    if (len == 0)
        return "empty";
    size_t part = 0;
    int unknown = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i == len || v[i] == '.') {
            if (part == 0 || (unknown && part != 1))
                return why;
            part = 0;
            unknown = 0;
        } else if (ascii_is_digit(v[i]) && !unknown) {
            part++;
        } else if (v[i] == '?' && part == 0) {
            part++;
            unknown = 1;
        } else {
            return why;
        }
    }
    return NULL;
}

const char *tagcheck_elo(const char *v, size_t len)
{
    /* The shared reading: what search and stats take for no rating passes here too. */
    return tagvalue_elo(v, len) == TAGVALUE_BAD_ELO ? "not a rating from 0 to 4000" : NULL;
}
