/* stats_clock.c - the clock report of `pgnkit stats`: time use by move number and by clock band. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "pgn/ply_facts.h"
#include "stats/stats_clock.h"
#include "base/banned.h"

const struct table_kind stats_clock_moves_kind = {
    "clock_moves", 4, { "white_ms", "white_count", "black_ms", "black_count" }, { SUM }, 0
};
const struct table_kind stats_clock_bands_kind = {
    "clock_bands", 5, { "moves", "games", "wins", "draws", "losses" }, { SUM }, 0
};

static const int bands[STATS_CLOCK_NBANDS] = STATS_CLOCK_BANDS;

/* The band row named key ("all" or a band's seconds). */
static int64_t *band_row(struct stats_agg *a, int band)
{
    char key[16] = "all";
    if (band >= 0)
        snprintf(key, sizeof key, "%d", bands[band]);
    return stats_table_get(&a->clock_bands, key, strlen(key));
}


int stats_count_clock(struct stats_agg *a, const struct game *g, int first_side,
                      uint32_t first_move, int res)
{
    if (!g->nvars)
        return PGN_OK;
    const struct game_var *line = &g->vars[0];
    struct ply_clocks clocks;
    ply_clocks_init(&clocks, game_tag_value(g, "TimeControl"));
    /* reached[side][0]: the side has a clock; [1 + b]: a move in band b. */
    int reached[2][1 + STATS_CLOCK_NBANDS] = { { 0 } };
    for (uint32_t i = 0; i < line->count; i++) {
        int side = (int)((first_side + i) & 1);
        struct ply_facts f;
        ply_facts_read(&clocks, g, line->first + i, side, &f);
        if (f.has_spent && f.spent_ms >= 0) {
            char key[16];
            int n = snprintf(key, sizeof key, "%lu",
                             (unsigned long)first_move + (unsigned long)((first_side + i) / 2));
            int64_t *row = stats_table_get(&a->clock_moves, key, (size_t)n);
            if (!row)
                return PGN_ENOMEM;
            int rc = stats_count_add(&row[side ? CM_BLACK_MS : CM_WHITE_MS], f.spent_ms);
            if (rc)
                return rc;
            row[side ? CM_BLACK_N : CM_WHITE_N]++;
        }
        if (!f.has_clock)
            continue;
        reached[side][0] = 1;
        for (int b = -1; b < STATS_CLOCK_NBANDS; b++) {
            /* ms < seconds * 1000, in whole seconds as play_side_in_trouble() compares */
            if (b >= 0 && f.clock_ms / 1000 >= bands[b])
                continue;
            int64_t *row = band_row(a, b);
            if (!row)
                return PGN_ENOMEM;
            row[CB_MOVES]++;
            if (b >= 0)
                reached[side][1 + b] = 1;
        }
    }
    for (int side = 0; side < 2; side++)
        for (int b = -1; b < STATS_CLOCK_NBANDS; b++) {
            if (!reached[side][1 + b])
                continue;
            int64_t *row = band_row(a, b);
            if (!row)
                return PGN_ENOMEM;
            row[CB_GAMES]++;
            stats_count_side_result(row, CB_WINS, side, res);
        }
    return PGN_OK;
}
