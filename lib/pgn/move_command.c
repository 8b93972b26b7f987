/* move_command.c - the [%name ...] command that the comments after a move hold. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/move_command.h"
#include "base/banned.h"

const struct game_cmd *move_command_find(const struct game *g, uint32_t move, const char *name)
{
    const struct game_move *m = &g->moves[move];
    size_t len = strlen(name);
    for (uint32_t c = 0; c < m->comment_count; c++) {
        const struct game_comment *cm = &g->comments[m->comment_first + c];
        for (uint32_t k = 0; k < cm->cmd_count; k++) {
            const struct game_cmd *cmd = &g->cmds[cm->cmd_first + k];
            if (cmd->name_len == len && !memcmp(cmd->name, name, len))
                return cmd;
        }
    }
    return NULL;
}
