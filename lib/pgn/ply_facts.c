/* ply_facts.c - what the comments after a move say as facts: clock, time spent, evaluation. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/ply_facts.h"
#include "base/ascii.h"
#include "pgn/clock_command.h"
#include "base/banned.h"

/* 1 and *ms when s[0..n) is whole seconds (at most 9 digits), else 0. */
static int whole_seconds(const char *s, size_t n, int64_t *ms)
{
    int64_t v = 0;
    if (n == 0 || n > 9)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!ascii_is_digit(s[i]))
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    *ms = v * 1000;
    return 1;
}

void ply_clocks_init(struct ply_clocks *c, const char *time_control)
{
    memset(c, 0, sizeof *c);
    if (!time_control)
        return;
    size_t n = strlen(time_control);
    const char *plus = memchr(time_control, '+', n);
    size_t base_len = plus ? (size_t)(plus - time_control) : n;
    if (!whole_seconds(time_control, base_len, &c->base_ms) ||
        (plus && !whole_seconds(plus + 1, n - base_len - 1, &c->increment_ms)))
        return;
    c->has_base = 1;
}

void ply_facts_read(struct ply_clocks *c, const struct game *g, uint32_t move, int side,
                    struct ply_facts *f)
{
    const struct game_move *m = &g->moves[move];
    const struct game_cmd *clk = NULL, *emt = NULL, *eval = NULL;
    memset(f, 0, sizeof *f);
    /* One pass over the move's commands; the first of each name counts. */
    for (uint32_t k = 0; k < m->comment_count; k++) {
        const struct game_comment *cm = &g->comments[m->comment_first + k];
        for (uint32_t j = 0; j < cm->cmd_count; j++) {
            const struct game_cmd *cmd = &g->cmds[cm->cmd_first + j];
            enum clock_command_kind kind = clock_command_kind(cmd->name, cmd->name_len);
            if (kind == CLOCK_LEFT && !clk)
                clk = cmd;
            else if (kind == CLOCK_SPENT && !emt)
                emt = cmd;
            else if (cmd->name_len == 4 && !memcmp(cmd->name, "eval", 4) && !eval)
                eval = cmd;
        }
    }
    f->has_clock = clk && clock_command_left(clk->name, clk->name_len, clk->args, clk->args_len,
                                                 &f->clock_ms);
    f->has_eval = eval && eval_command_read(eval->args, eval->args_len, &f->eval) == 0;
    if (emt && clock_command_ms(emt->args, emt->args_len, &f->spent_ms) == 0) {
        f->has_spent = 1;
    } else if (f->has_clock && (c->has_last[side] || (c->has_base && !c->moved[side]))) {
        int64_t before = c->has_last[side] ? c->last_ms[side] : c->base_ms;
        f->spent_ms = before - f->clock_ms + c->increment_ms;
        f->has_spent = 1;
    }
    /* A move without a clock breaks the chain: the next difference would span two moves. */
    c->has_last[side] = f->has_clock;
    c->last_ms[side] = f->clock_ms;
    c->moved[side] = 1;
}
