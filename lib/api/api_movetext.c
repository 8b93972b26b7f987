/* api_movetext.c - a game's movetext as written: moves, comments, NAGs, clocks, evaluations, variations. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "api/api_internal.h"
#include "pgn/clock_command.h"
#include "pgn/eval_command.h"
#include "base/banned.h"

/*
 * What follows ply: its comments and NAGs (ply 0: the comments before the
 * first move, and no NAG). Returns 0 when ply is not a move of the main
 * line as written.
 */
struct after_ply {
    uint32_t comment_first, comment_count;
    uint32_t nag_first, nag_count;
};

static int after_ply(struct pgnkit_game *g, size_t ply, struct after_ply *a)
{
    if (!g->g.nvars)
        return 0;
    if (ply == 0) {
        const struct game_var *v = &g->g.vars[0];
        *a = (struct after_ply){ v->comment_first, v->comment_count, 0, 0 };
        return 1;
    }
    long i = api_game_move_index(g, ply);
    if (i < 0)
        return 0;
    const struct game_move *m = &g->g.moves[i];
    *a = (struct after_ply){ m->comment_first, m->comment_count, m->nag_first, m->nag_count };
    return 1;
}

const char *pgnkit_game_move_text(struct pgnkit_game *g, size_t ply, size_t *len)
{
    long i = api_game_move_index(g, ply);
    if (i < 0)
        return NULL;
    if (len)
        *len = g->g.moves[i].len;
    return g->g.moves[i].text;
}

size_t pgnkit_game_comment_count(struct pgnkit_game *g, size_t ply)
{
    struct after_ply a;
    return after_ply(g, ply, &a) ? a.comment_count : 0;
}

const char *pgnkit_game_comment(struct pgnkit_game *g, size_t ply, size_t k, size_t *len)
{
    struct after_ply a;
    if (!after_ply(g, ply, &a) || k >= a.comment_count)
        return NULL;
    const struct game_comment *c = &g->g.comments[a.comment_first + k];
    if (len)
        *len = c->plain_len;
    return c->plain;
}

size_t pgnkit_game_nag_count(struct pgnkit_game *g, size_t ply)
{
    struct after_ply a;
    return after_ply(g, ply, &a) ? a.nag_count : 0;
}

int pgnkit_game_nag(struct pgnkit_game *g, size_t ply, size_t k)
{
    struct after_ply a;
    if (!after_ply(g, ply, &a) || k >= a.nag_count)
        return PGNKIT_NO_NAG;
    return g->g.nags[a.nag_first + k];
}

/*
 * The first command after ply, in its comments' order, that wants() accepts
 * (with name for it), or NULL.
 */
static const struct game_cmd *command_after(struct pgnkit_game *g, size_t ply,
                                            int (*wants)(const struct game_cmd *, const char *),
                                            const char *name)
{
    struct after_ply a;
    if (!after_ply(g, ply, &a))
        return NULL;
    for (uint32_t c = 0; c < a.comment_count; c++) {
        const struct game_comment *cm = &g->g.comments[a.comment_first + c];
        for (uint32_t k = 0; k < cm->cmd_count; k++) {
            const struct game_cmd *cmd = &g->g.cmds[cm->cmd_first + k];
            if (wants(cmd, name))
                return cmd;
        }
    }
    return NULL;
}

static int named(const struct game_cmd *cmd, const char *name)
{
    return cmd->name_len == strlen(name) && !memcmp(cmd->name, name, cmd->name_len);
}

static int time_left(const struct game_cmd *cmd, const char *unused)
{
    (void)unused;
    return clock_command_kind(cmd->name, cmd->name_len) == CLOCK_LEFT;
}

static int time_spent(const struct game_cmd *cmd, const char *unused)
{
    (void)unused;
    return clock_command_kind(cmd->name, cmd->name_len) == CLOCK_SPENT;
}

int pgnkit_game_clock(struct pgnkit_game *g, size_t ply, int64_t *ms)
{
    const struct game_cmd *cmd = command_after(g, ply, time_left, NULL);
    return cmd && clock_command_left(cmd->name, cmd->name_len, cmd->args, cmd->args_len, ms);
}

int pgnkit_game_elapsed(struct pgnkit_game *g, size_t ply, int64_t *ms)
{
    const struct game_cmd *cmd = command_after(g, ply, time_spent, NULL);
    return cmd && clock_command_ms(cmd->args, cmd->args_len, ms) == 0;
}

int pgnkit_game_eval(struct pgnkit_game *g, size_t ply, int *cp, int *mate)
{
    const struct game_cmd *cmd = command_after(g, ply, named, "eval");
    struct pgn_eval e;
    if (!cmd || eval_command_read(cmd->args, cmd->args_len, &e))
        return 0;
    *cp = e.cp;
    *mate = e.mate;
    return 1;
}

size_t pgnkit_game_line_count(const struct pgnkit_game *g)
{
    return g->g.nvars;
}

size_t pgnkit_game_line_length(const struct pgnkit_game *g, size_t line)
{
    return line < g->g.nvars ? g->g.vars[line].count : 0;
}

size_t pgnkit_game_line_depth(const struct pgnkit_game *g, size_t line)
{
    return line < g->g.nvars ? g->g.vars[line].depth : 0;
}

/* Move k of line, or NULL. */
static const struct game_move *line_move(const struct pgnkit_game *g, size_t line, size_t k)
{
    if (line >= g->g.nvars || k >= g->g.vars[line].count)
        return NULL;
    return &g->g.moves[g->g.vars[line].first + k];
}

const char *pgnkit_game_line_move(const struct pgnkit_game *g, size_t line, size_t k,
                                  size_t *len)
{
    const struct game_move *m = line_move(g, line, k);
    if (m && len)
        *len = m->len;
    return m ? m->text : NULL;
}

size_t pgnkit_game_line_variations(const struct pgnkit_game *g, size_t line, size_t k,
                                   size_t *first)
{
    const struct game_move *m = line_move(g, line, k);
    if (first)
        *first = m ? m->var_first : 0;
    return m ? m->var_count : 0;
}
