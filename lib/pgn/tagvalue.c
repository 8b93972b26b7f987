/* tagvalue.c - tag values read as comparable numbers: dates, Elo, ECO codes, time controls, ranges. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/tagvalue.h"
#include "base/ascii.h"
#include "base/banned.h"


static void trim(const char **s, size_t *len)
{
    while (*len && ascii_is_blank(**s))
        (*s)++, (*len)--;
    while (*len && ascii_is_blank((*s)[*len - 1]))
        (*len)--;
}

/* What part() and date_field() give for a part that is not a number. */
enum { PART_UNKNOWN = -1, PART_BAD = -2 };

/* Reads n digits at s[*i]: their value, or PART_UNKNOWN when they are all '?', or PART_BAD
 * when neither. */
static int part(const char *s, size_t len, size_t *i, size_t n)
{
    if (*i + n > len)
        return PART_BAD;
    int v = 0, q = 0, d = 0;
    for (size_t k = 0; k < n; k++) {
        char c = s[*i + k];
        if (ascii_is_digit(c))
            v = v * 10 + (c - '0'), d++;
        else if (c == '?')
            q++;
        else
            return PART_BAD;
    }
    *i += n;
    if (q == (int)n)
        return PART_UNKNOWN;
    return d == (int)n ? v : PART_BAD;
}

/* A separator (. - /) at s[*i] < len and two digits from 1 to max: their
 * value, or PART_UNKNOWN for "??", or PART_BAD when not that. */
static int date_field(const char *s, size_t len, size_t *i, int max)
{
    if (s[*i] != '.' && s[*i] != '-' && s[*i] != '/')
        return PART_BAD;
    (*i)++;
    int v = part(s, len, i, 2);
    return v >= 0 && (v < 1 || v > max) ? PART_BAD : v;
}

int tagvalue_date(const char *s, size_t len, struct date_range *out)
{
    trim(&s, &len);
    size_t i = 0;
    int year = part(s, len, &i, 4), month = PART_UNKNOWN, day = PART_UNKNOWN;
    if (year < 0)
        return TAGVALUE_NONE;
    if (i < len) {
        if ((month = date_field(s, len, &i, 12)) == PART_BAD)
            return TAGVALUE_NONE;
        if (i < len && (day = date_field(s, len, &i, 31)) == PART_BAD)
            return TAGVALUE_NONE;
    }
    if (i != len)
        return TAGVALUE_NONE;
    int32_t base = (int32_t)year * 10000;
    if (month < 0) {
        out->lo = base + 101;
        out->hi = base + 1231;
    } else if (day < 0) {
        out->lo = base + month * 100 + 1;
        out->hi = base + month * 100 + 31;
    } else {
        out->lo = out->hi = base + month * 100 + day;
    }
    return 0;
}

int tagvalue_number(const char *s, size_t len, int64_t *out)
{
    trim(&s, &len);
    int neg = 0;
    size_t i = 0;
    if (i < len && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    if (i == len || len - i > 18)
        return TAGVALUE_NONE;
    int64_t v = 0;
    for (; i < len; i++) {
        if (!ascii_is_digit(s[i]))
            return TAGVALUE_NONE;
        v = v * 10 + (s[i] - '0');
    }
    *out = neg ? -v : v;
    return 0;
}

int tagvalue_elo(const char *s, size_t len)
{
    trim(&s, &len);
    if (!len || (len == 1 && (s[0] == '?' || s[0] == '-')))
        return TAGVALUE_NO_ELO;
    int64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (!ascii_is_digit(s[i]))
            return TAGVALUE_BAD_ELO;
        v = v * 10 + (s[i] - '0');
        if (v > TAGVALUE_ELO_MAX)
            return TAGVALUE_BAD_ELO;
    }
    return v ? (int)v : TAGVALUE_NO_ELO;
}

int tagvalue_number_reader(const char *tag)
{
    return !strcmp(tag, "WhiteElo") || !strcmp(tag, "BlackElo") ? TAGVALUE_READ_ELO
                                                               : TAGVALUE_READ_NUMBER;
}

int tagvalue_read_number(int reader, const char *s, size_t len, int64_t *out)
{
    if (reader == TAGVALUE_READ_ELO) {
        int elo = tagvalue_elo(s, len);
        if (elo <= 0)
            return TAGVALUE_NONE;
        *out = elo;
        return 0;
    }
    return tagvalue_number(s, len, out);
}

int tagvalue_tag_number(const char *tag, const char *s, size_t len, int64_t *out)
{
    return tagvalue_read_number(tagvalue_number_reader(tag), s, len, out);
}

int tagvalue_eco(const char *s, size_t len)
{
    trim(&s, &len);
    if (len < 3)
        return TAGVALUE_NONE;
    char letter = (char)(s[0] & ~0x20);
    if (letter < 'A' || letter > 'E' || !ascii_is_digit(s[1]) || !ascii_is_digit(s[2]))
        return TAGVALUE_NONE;
    if (len > 3 && ascii_is_digit(s[3]))
        return TAGVALUE_NONE;
    return (letter - 'A') * 100 + (s[1] - '0') * 10 + (s[2] - '0');
}

/* One end of an ECO range: "B", "B9" or "B90"; as its lowest (or highest) code. */
static int eco_end(const char *s, size_t n, int high)
{
    if (n < 1 || n > 3)
        return TAGVALUE_NONE;
    char letter = (char)(s[0] & ~0x20);
    if (letter < 'A' || letter > 'E')
        return TAGVALUE_NONE;
    for (size_t i = 1; i < n; i++)
        if (!ascii_is_digit(s[i]))
            return TAGVALUE_NONE;
    int v = (letter - 'A') * 100;
    if (n == 1)
        return v + (high ? 99 : 0);
    if (n == 2)
        return v + (s[1] - '0') * 10 + (high ? 9 : 0);
    return v + (s[1] - '0') * 10 + (s[2] - '0');
}

int tagvalue_eco_range(const char *s, int *lo, int *hi)
{
    const char *dash = strchr(s, '-');
    size_t n = dash ? (size_t)(dash - s) : strlen(s);
    *lo = eco_end(s, n, 0);
    *hi = dash ? eco_end(dash + 1, strlen(dash + 1), 1) : eco_end(s, n, 1);
    return *lo < 0 || *hi < 0 || *lo > *hi ? TAGVALUE_NONE : 0;
}

/* Digits at s[*i] as a number (at most 9 of them); -1 when there are none. */
static int32_t digits(const char *s, size_t len, size_t *i)
{
    size_t start = *i;
    int32_t v = 0;
    while (*i < len && ascii_is_digit(s[*i]) && *i - start < 9)
        v = v * 10 + (s[(*i)++] - '0');
    return *i == start || (*i < len && ascii_is_digit(s[*i])) ? -1 : v;
}

int tagvalue_time_control(const char *s, size_t len, struct time_control *tc)
{
    trim(&s, &len);
    size_t i = 0;
    tc->base = tc->increment = 0;
    tc->moves = 0;
    if (i < len && s[i] == '*') { /* sandclock */
        i++;
        tc->base = digits(s, len, &i);
        return tc->base < 0 || i != len ? TAGVALUE_NONE : 0;
    }
    int32_t a = digits(s, len, &i);
    if (a < 0)
        return TAGVALUE_NONE;
    if (i < len && s[i] == '/') { /* moves/seconds */
        i++;
        tc->moves = a;
        a = digits(s, len, &i);
        if (a < 0)
            return TAGVALUE_NONE;
    }
    tc->base = a;
    if (i < len && s[i] == '+') {
        i++;
        tc->increment = digits(s, len, &i);
        if (tc->increment < 0)
            return TAGVALUE_NONE;
    }
    /* Later periods (":1800+30") do not change the estimate; check their form only. */
    while (i < len && s[i] == ':') {
        i++;
        while (i < len && (ascii_is_digit(s[i]) || s[i] == '/' || s[i] == '+'))
            i++;
    }
    return i == len ? 0 : TAGVALUE_NONE;
}

int64_t time_control_estimate(const struct time_control *tc)
{
    return (int64_t)tc->base + 40 * (int64_t)tc->increment;
}

static const struct {
    const char *name;
    int64_t lo, hi;
} speeds[] = {
    { "ultrabullet", 0, 29 }, { "bullet", 30, 179 }, { "blitz", 180, 479 },
    { "rapid", 480, 1499 },   { "classical", 1500, 21599 },
    { "correspondence", 21600, INT64_MAX },
};

const char *time_control_speed(int64_t estimate)
{
    for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
        if (estimate <= speeds[i].hi)
            return speeds[i].name;
    return "classical";
}

int time_control_speed_range(const char *name, int64_t *lo, int64_t *hi)
{
    for (size_t i = 0; i < sizeof speeds / sizeof speeds[0]; i++)
        if (!strcmp(name, speeds[i].name)) {
            *lo = speeds[i].lo;
            *hi = speeds[i].hi;
            return 0;
        }
    return TAGVALUE_NONE;
}

static int whole(const char *s, size_t n, int64_t *v)
{
    if (!n || !ascii_is_digit(s[0]))
        return TAGVALUE_NONE;
    return tagvalue_number(s, n, v);
}

int tagvalue_range(const char *s, int64_t *lo, int64_t *hi)
{
    const char *dash = strchr(s, '-');
    size_t n = strlen(s);
    if (!n)
        return TAGVALUE_NONE;
    if (!dash) {
        if (whole(s, n, lo))
            return TAGVALUE_NONE;
        *hi = *lo;
        return 0;
    }
    size_t a = (size_t)(dash - s), b = n - a - 1;
    if (!a && !b)
        return TAGVALUE_NONE;
    *lo = 0;
    *hi = INT64_MAX;
    if (a && whole(s, a, lo))
        return TAGVALUE_NONE;
    if (b && whole(dash + 1, b, hi))
        return TAGVALUE_NONE;
    return *lo > *hi ? TAGVALUE_NONE : 0;
}

/* 1 when hay contains needle (lower case) in any case. */
static int contains_icase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t k = 0;
        while (k < n && hay[k] && (hay[k] | 32) == needle[k])
            k++;
        if (k == n)
            return 1;
    }
    return 0;
}

int tagvalue_termination(const char *termination)
{
    static const struct {
        const char *word;
        int kind;
    } words[] = {
        /* "unterminated" first: it holds no other word, but it is the more specific */
        { "unterminated", TERMINATION_UNTERMINATED }, { "abandon", TERMINATION_ABANDONED },
        { "infraction", TERMINATION_RULES },          { "adjudicat", TERMINATION_ADJUDICATION },
        { "time", TERMINATION_TIME },                 { "flag", TERMINATION_TIME },
    };
    for (size_t i = 0; termination && i < sizeof words / sizeof words[0]; i++)
        if (contains_icase(termination, words[i].word))
            return words[i].kind;
    return TERMINATION_OTHER;
}

int tagvalue_time_forfeit(const char *termination)
{
    return tagvalue_termination(termination) == TERMINATION_TIME;
}
