/* game.c - small helpers over struct game. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "game.h"
#include "banned.h"

const char *pgn_result_str(int result)
{
    switch (result) {
    case PGN_RESULT_WHITE:
        return "1-0";
    case PGN_RESULT_BLACK:
        return "0-1";
    case PGN_RESULT_DRAW:
        return "1/2-1/2";
    case PGN_RESULT_UNKNOWN:
        return "*";
    default:
        return "";
    }
}

const struct game_tag *game_tag(const struct game *g, const char *name)
{
    for (uint32_t i = 0; i < g->ntags; i++)
        if (g->tags[i].name[0] == name[0] && !strcmp(g->tags[i].name, name))
            return &g->tags[i];
    return NULL;
}

const char *game_tag_value(const struct game *g, const char *name)
{
    const struct game_tag *t = game_tag(g, name);
    return t ? t->value : NULL;
}

void game_clear(struct game *g) { memset(g, 0, sizeof *g); }
