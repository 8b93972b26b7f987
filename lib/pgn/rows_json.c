/* rows_json.c - a row of games as data: tag-named fields and "movetext" (the lichess Parquet schema). */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "pgn/record_pgn.h"
#include "base/banned.h"

/*
 * The rows that duckdb -json, jq or pandas write from the lichess Parquet
 * dataset (one game per row): every field but "movetext" is a tag, in the
 * row's order, its value a string or a number (ratings and dates may be
 * numbers; a whole number pandas wrote as 1500.0 is 1500); null means the
 * game has no such tag. Dates written as SQL dates (2024-01-31) become PGN
 * dates (2024.01.31), and so do dates written as numbers: 20240131, a year
 * alone (2024.??.??), or milliseconds since 1970 (what pandas' to_json
 * writes by default; from 10^11, March 1973, on, so that no other form is
 * read so). A row with UTCDate and no Date (the Parquet schema has no Date)
 * gets Date = UTCDate, as lichess's PGN has. The move text ends with its
 * result; when it does not, the Result field's is added, as the reader
 * wants one.
 */

/* The PGN spelling of a date field written as an SQL date. */
static int is_sql_date(const char *s, size_t n)
{
    if (n != 10 || s[4] != '-' || s[7] != '-')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return 0;
    return 1;
}

static int is_date_tag(const char *name)
{
    size_t n = strlen(name);
    return n >= 4 && !strcmp(name + n - 4, "Date");
}

/*
 * The PGN date of a date field written as the whole number v (see above)
 * into text; 0 when v is none of those forms (then its digits are kept).
 */
static int number_date(int64_t v, char text[64])
{
    if (v >= 1000 && v <= 9999) {
        snprintf(text, 64, "%04d.??.??", (int)v);
        return 1;
    }
    if (v >= 10000101 && v <= 99991231) {
        int month = (int)(v / 100 % 100), day = (int)(v % 100);
        if (month < 1 || month > 12 || day < 1 || day > 31)
            return 0;
        snprintf(text, 64, "%04d.%02d.%02d", (int)(v / 10000), month, day);
        return 1;
    }
    if (v < 100000000000 && v > -100000000000)
        return 0;
    int64_t sec = v / 1000 - (v % 1000 < 0); /* floor: before 1970 too */
    time_t t = (time_t)sec;
    struct tm tm;
    if ((int64_t)t != sec || !gmtime_r(&t, &tm))
        return 0;
    snprintf(text, 64, "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    return 1;
}

static int tag_of_field(struct record_pgn *rp, const char *name, json_t *v)
{
    char text[64];
    if (json_is_null(v))
        return 0;
    if (!*name || strpbrk(name, " \t\r\n\"[]{}"))
        return record_bad(rp, name, "is not a tag name");
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        size_t n = json_string_length(v);
        if (is_date_tag(name) && is_sql_date(s, n)) {
            snprintf(text, sizeof text, "%.4s.%.2s.%.2s", s, s + 5, s + 8);
            return record_tag_str(rp, name, text);
        }
        return record_tag(rp, name, s, n);
    }
    double d = json_is_real(v) ? json_real_value(v) : 0;
    int whole_real = json_is_real(v) && isfinite(d) && floor(d) == d && fabs(d) < 9e15;
    if (json_is_integer(v) || whole_real) {
        int64_t whole = whole_real ? (int64_t)d : (int64_t)json_integer_value(v);
        if (!is_date_tag(name) || !number_date(whole, text))
            snprintf(text, sizeof text, "%" PRId64, whole);
    } else if (json_is_real(v) && isfinite(d)) {
        snprintf(text, sizeof text, "%.17g", d);
    } else {
        return record_bad(rp, name, "must be a string or a number");
    }
    return record_tag_str(rp, name, text);
}

/*
 * The last word of the move text outside comments and variations, to see
 * whether it is a result: a comment may follow the result ("1-0 {won on
 * time}"), as pgnkit writes a game's last comment.
 */
static void last_word(const char *s, size_t n, const char **w, size_t *wn)
{
    int depth = 0;
    *w = s;
    *wn = 0;
    for (size_t i = 0; i < n;) {
        char c = s[i];
        if (c == '{') {
            while (i < n && s[i] != '}')
                i++;
            i++;
        } else if (c == ';') {
            while (i < n && s[i] != '\n')
                i++;
        } else if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : depth > 0 ? -1 : 0;
            i++;
        } else if (strchr(" \t\r\n", c)) {
            i++;
        } else {
            size_t a = i;
            while (i < n && !strchr(" \t\r\n{};()", s[i]))
                i++;
            if (!depth) {
                *w = s + a;
                *wn = i - a;
            }
        }
    }
}

int rows_record_pgn(json_t *rec, struct record_pgn *rp)
{
    if (record_not_object(rp, rec))
        return RECORD_FAILED;
    const char *name, *moves;
    size_t n;
    json_t *v;
    int r = record_string(rp, rec, "movetext", &moves, &n);
    if (r <= 0)
        return r < 0 ? RECORD_FAILED : record_bad(rp, "movetext", "missing");
    /* The lichess Parquet rows have UTCDate but no Date; lichess's own PGN
     * gives both the same value, so the game gets it as its Date too
     * rather than "????.??.??". */
    json_t *date = json_object_get(rec, "Date");
    int date_from_utc = !date || json_is_null(date);
    json_object_foreach(rec, name, v) {
        if (date_from_utc && !strcmp(name, "UTCDate") && tag_of_field(rp, "Date", v))
            return RECORD_FAILED;
        if (strcmp(name, "movetext") && tag_of_field(rp, name, v))
            return RECORD_FAILED;
    }
    if ((rp->text.len && record_put(rp, " ", 1)) || record_put_pgn(rp, moves, n))
        return RECORD_FAILED;
    const char *w, *result;
    size_t wn, rn;
    last_word(moves, n, &w, &wn);
    if (record_is_result(w, wn))
        return 0;
    r = record_string(rp, rec, "Result", &result, &rn);
    if (r < 0)
        return RECORD_FAILED;
    if (!r || !record_is_result(result, rn))
        result = "*", rn = 1;
    return record_put(rp, " ", 1) || record_put(rp, result, rn) ? RECORD_FAILED : 0;
}
