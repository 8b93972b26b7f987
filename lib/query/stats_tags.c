/* stats_tags.c - the readings of a game's tags that `stats` counts by: result, ratings, dates, speed. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "pgn/tagvalue.h"
#include "query/stats_tags.h"
#include "base/banned.h"

int stats_rating(const struct game *g, const char *tag)
{
    const char *v = game_tag_value(g, tag);
    int r = v ? tagvalue_elo(v, strlen(v)) : TAGVALUE_NO_ELO;
    return r > 0 ? r : 0;
}

int stats_year(const struct game *g)
{
    const char *v = game_tag_value(g, "Date");
    int y = 0;
    if (!v)
        v = game_tag_value(g, "UTCDate");
    if (!v)
        return 0;
    for (int i = 0; i < 4; i++) {
        if (!ascii_is_digit(v[i]))
            return 0;
        y = y * 10 + (v[i] - '0');
    }
    return y;
}

int stats_months(const struct game *g, int *first, int *last)
{
    const struct game_tag *t = game_tag(g, "Date");
    struct date_range d;
    if (!t || tagvalue_date(t->value, t->value_len, &d))
        return 0;
    /* The range is whole days, YYYYMMDD: dropping the day leaves the month. */
    *first = d.lo / 100;
    *last = d.hi / 100;
    return 1;
}

int stats_speed(const struct game *g)
{
    const char *v = game_tag_value(g, "TimeControl");
    struct time_control tc;
    if (v && !strcmp(v, "-"))
        return STATS_SPEED_CORRESPONDENCE;
    if (!v || tagvalue_time_control(v, strlen(v), &tc))
        return STATS_SPEED_UNKNOWN;
    /* time_control_speed() holds lichess's bounds, in search's lower-case names. */
    static const char *const lower[] = { "ultrabullet", "bullet", "blitz", "rapid", "classical" };
    const char *name = time_control_speed(time_control_estimate(&tc));
    for (int k = 0; k < (int)(sizeof lower / sizeof lower[0]); k++)
        if (!strcmp(name, lower[k]))
            return k;
    return STATS_SPEED_CORRESPONDENCE;
}

int stats_result(const struct game *g)
{
    if (g->result != PGN_RESULT_NONE)
        return g->result;
    return pgn_result_of(game_tag_value(g, "Result"));
}
