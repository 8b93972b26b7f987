/* stats_tags.c - the readings of a game's tags that `stats` counts by: result, ratings, year. */
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

int stats_result(const struct game *g)
{
    if (g->result != PGN_RESULT_NONE)
        return g->result;
    return pgn_result_of(game_tag_value(g, "Result"));
}
