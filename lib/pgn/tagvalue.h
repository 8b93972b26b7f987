/* tagvalue.h - tag values read as comparable numbers: dates, Elo, ECO codes, time controls, ranges. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_TAGVALUE_H
#define LIB_TAGVALUE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Lenient readers for the values that searches compare. Each takes a byte
 * range (not NUL-terminated) unless it says otherwise, allocates nothing and
 * says "unknown" instead of failing on values that are not well-formed.
 */

/* What a reader below returns for text that is no value of its kind: not an
 * error (the value is unknown), so not an enum pgn_status. */
enum { TAGVALUE_NONE = -1 };

/*
 * A date with unknown parts stands for every day it may be: the range
 * [lo, hi] of YYYYMMDD numbers. "2015.06.??" is [20150601, 20150631] (days
 * past a month's end do not matter for comparisons), "2015.??.??" and
 * "2015" are [20150101, 20151231].
 */
struct date_range {
    int32_t lo, hi;
};

/**
 * Reads a date "YYYY.MM.DD" whose month and day may be "??" (or missing:
 * "2015", "2015.06"); '-' and '/' may separate the parts too. Returns 0 and
 * *out, or TAGVALUE_NONE when the year is unknown or the text is not such a
 * date (month outside 1-12, day outside 1-31, other characters).
 */
int tagvalue_date(const char *s, size_t len, struct date_range *out);

/*
 * RATINGS (WhiteElo, BlackElo). The one reading every command makes of
 * them: validate's bad-elo check, search's criteria and where expressions, stats and
 * the database all call tagvalue_elo(), so no two of them can disagree on
 * what a game's rating is. Blanks around the value do not count; then it is
 *
 *   a rating     digits whose value is 1 to TAGVALUE_ELO_MAX ("2700", " 2700 ")
 *   no rating    "", "?", "-" or zero ("0", "0000"): the ways files write
 *                an unrated player
 *   not a rating anything else ("2700+", "-5", "5000", "27OO"): validate
 *                warns (bad-elo); every other command reads it as no rating
 *
 * The upper bound is above every human and engine rating list; a value past
 * it is a typing error, and counting it would bend averages and ranges.
 */
enum { TAGVALUE_ELO_MAX = 4000, TAGVALUE_NO_ELO = -1, TAGVALUE_BAD_ELO = -2 };

/** The rating s[0..len) holds (1..TAGVALUE_ELO_MAX), TAGVALUE_NO_ELO or TAGVALUE_BAD_ELO, as above. */
int tagvalue_elo(const char *s, size_t len);

/**
 * An ECO code "A00".."E99" as 0..499 (letter * 100 + number); what follows
 * the three characters (Scid's "B90a") is ignored. TAGVALUE_NONE when it is
 * not one.
 */
int tagvalue_eco(const char *s, size_t len);

/**
 * A range of ECO codes (NUL-terminated): "B90-B99", "B90", "B9" (B90-B99),
 * "B" (B00-B99), "A-C" (A00-C99); lowercase letters allowed. Returns 0 with
 * [*lo, *hi], or TAGVALUE_NONE.
 */
int tagvalue_eco_range(const char *s, int *lo, int *hi);

/*
 * A time control, from the TimeControl tag of the PGN standard: "300+2"
 * (seconds and increment), "300", "40/7200:3600" (moves per period, the
 * first period counts), "40/5400+30:1800+30", "*180" (sandclock). base and
 * increment are in seconds.
 */
struct time_control {
    int32_t base, increment;
    int32_t moves; /* moves of the first period, 0 when it is the whole game */
};

/**
 * Reads a TimeControl value; 0 and *tc, or TAGVALUE_NONE for "-", "?", ""
 * and anything unreadable.
 */
int tagvalue_time_control(const char *s, size_t len, struct time_control *tc);

/** Estimated duration of a game in seconds, as lichess counts it: base + 40 * increment. */
int64_t time_control_estimate(const struct time_control *tc);

/**
 * The speed class of an estimated duration, with lichess' bounds:
 * "ultrabullet" (< 30 s), "bullet" (< 180), "blitz" (< 480), "rapid"
 * (< 1500), "classical" (< 21600, six hours), else "correspondence":
 * lichess's bounds. Static storage.
 */
const char *time_control_speed(int64_t estimate);

/**
 * [lo, hi] of the estimates of a speed class name (as above), or
 * TAGVALUE_NONE when name is none.
 */
int time_control_speed_range(const char *name, int64_t *lo, int64_t *hi);

/**
 * A range of whole numbers (NUL-terminated): "N", "N-M", "N-" (no upper
 * bound), "-M" (no lower bound; from 0), blanks not allowed. Returns 0 with
 * [*lo, *hi] (INT64_MAX when open), or TAGVALUE_NONE.
 */
int tagvalue_range(const char *s, int64_t *lo, int64_t *hi);

/** A whole number, optionally signed, blanks around allowed: 0 and *out, or TAGVALUE_NONE. */
int tagvalue_number(const char *s, size_t len, int64_t *out);

/**
 * The number the tag named tag (NUL-terminated) holds in its value
 * s[0..len): for WhiteElo and BlackElo the rating tagvalue_elo() reads (no
 * number when it reads none), for other tags tagvalue_number(). 0 and *out,
 * or TAGVALUE_NONE. Everything that compares tags as numbers asks here, or
 * in the two steps below when one tag's values are read many times.
 */
int tagvalue_tag_number(const char *tag, const char *s, size_t len, int64_t *out);

/* How a tag's value reads as a number, told by the tag's name. */
enum tagvalue_number_reader {
    TAGVALUE_READ_NUMBER, /* tagvalue_number() */
    TAGVALUE_READ_ELO,    /* tagvalue_elo(), a positive rating or none */
};

/** The reader (enum tagvalue_number_reader) of the tag named tag (NUL-terminated). */
int tagvalue_number_reader(const char *tag);

/**
 * The number s[0..len) holds as reader (enum tagvalue_number_reader) reads
 * it: tagvalue_tag_number() of a tag whose reader that is. 0 and *out, or
 * TAGVALUE_NONE.
 */
int tagvalue_read_number(int reader, const char *s, size_t len, int64_t *out);

/*
 * How a Termination tag says a game ended: the values of the PGN standard
 * (8.1.1.12) and lichess ("Normal", "Time forfeit", "Abandoned", "Rules
 * infraction", "Unterminated"), read in any case and anywhere in the value
 * ("White won on time", "adjudication by TD"). Each kind is told apart
 * from the others: an abandoned game (often without a move) is not a
 * resignation, a disqualification is not a loss on time.
 */
enum termination_kind {
    TERMINATION_OTHER,        /* none, "Normal", or a text not recognised */
    TERMINATION_TIME,         /* contains "time" or "flag": "Time forfeit", "flag fall" */
    TERMINATION_ABANDONED,    /* contains "abandon" */
    TERMINATION_RULES,        /* contains "infraction": "Rules infraction" */
    TERMINATION_ADJUDICATION, /* contains "adjudicat" */
    TERMINATION_UNTERMINATED, /* contains "unterminated" */
};

/** The kind of a Termination value (NUL-terminated; NULL: no tag), as above. */
int tagvalue_termination(const char *termination);

/** 1 when tagvalue_termination() says TERMINATION_TIME: the game was lost on time. */
int tagvalue_time_forfeit(const char *termination);

#endif
