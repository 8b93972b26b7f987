/* game_series.c - a game's evaluation and clock after each main-line ply, as its graph draws them. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "pgn/clock_command.h"
#include "picture/chart_svg.h"
#include "picture/game_series.h"
#include "base/banned.h"

/* [%eval 0.17], [%eval -1.5], [%eval #-3]: centipawns for White (mates as +-CHART_MATE_CP). */
static double eval_cp(const char *a, size_t n)
{
    char t[32];
    if (!n || n >= sizeof t)
        return CHART_NONE;
    memcpy(t, a, n);
    t[n] = 0;
    char *end;
    if (t[0] == '#') {
        double m = strtod(t + 1, &end);
        return end == t + 1 ? CHART_NONE : m < 0 || t[1] == '-' ? -CHART_MATE_CP : CHART_MATE_CP;
    }
    double pawns = strtod(t, &end);
    return end == t || (*end && *end != ',') ? CHART_NONE : pawns * 100.0;
}

/* [%clk 1:05:30], [%clk 0:00:59.5] or [%clkc 5950]: seconds, read as the library reads clocks. */
static double clock_seconds(const struct game_cmd *c)
{
    int64_t ms;
    return clock_command_left(c->name, c->name_len, c->args, c->args_len, &ms)
               ? (double)ms / 1000.0 : CHART_NONE;
}

static int cmd_is(const struct game_cmd *c, const char *name)
{
    return c->name_len == strlen(name) && !memcmp(c->name, name, c->name_len);
}

size_t game_series(const struct game *g, double *eval, double *clock)
{
    if (!g->nvars)
        return 0;
    const struct game_var *line = &g->vars[0];
    size_t found = 0;
    for (size_t k = 0; k < line->count; k++) {
        const struct game_move *mv = &g->moves[line->first + k];
        eval[k] = clock[k] = CHART_NONE;
        for (uint32_t c = 0; c < mv->comment_count; c++) {
            const struct game_comment *cm = &g->comments[mv->comment_first + c];
            for (uint32_t i = 0; i < cm->cmd_count; i++) {
                const struct game_cmd *cmd = &g->cmds[cm->cmd_first + i];
                if (cmd_is(cmd, "eval"))
                    eval[k] = eval_cp(cmd->args, cmd->args_len);
                else if (clock_command_kind(cmd->name, cmd->name_len) == CLOCK_LEFT)
                    clock[k] = clock_seconds(cmd);
            }
        }
        found += eval[k] != CHART_NONE || clock[k] != CHART_NONE;
    }
    return found;
}
