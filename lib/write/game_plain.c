/* game_plain.c - training positions in Stockfish's plain format, scored by the game's [%eval]s. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "write/game_plain.h"
#include "pgn/ply_facts.h"
#include "notation/uci.h"
#include "base/banned.h"

/* splitmix64's finaliser: a well-mixed 64-bit value of x. */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Whether position ply of game number index is drawn into the sample: the
 * same answer on any thread and in any order. */
static int sampled(const struct game_out_opts *o, uint64_t index, uint32_t ply)
{
    if (o->sample >= 1.0)
        return 1;
    uint64_t r = mix(mix(mix(o->seed) ^ index) ^ ply);
    return (double)(r >> 11) * (1.0 / 9007199254740992.0) < o->sample; /* 53 bits in [0, 1) */
}

void game_plain_write(struct go_game *w)
{
    const struct game *g = w->g;
    const struct game_out_opts *o = &w->o->opts;
    int white_result = w->result == PGN_RESULT_WHITE ? 1 : w->result == PGN_RESULT_BLACK ? -1 : 0;
    if (w->limit - w->first < o->min_plies)
        return;
    if (w->result != PGN_RESULT_WHITE && w->result != PGN_RESULT_BLACK &&
        w->result != PGN_RESULT_DRAW) {
        w->o->unfinished++;
        return;
    }
    struct ply_clocks clocks;
    struct pos p = w->start;
    struct ply_facts prev = { 0 };
    int scored = 0;
    ply_clocks_init(&clocks, NULL);
    /* The [%eval] of the move before the first one written scores its position. */
    if (w->first)
        ply_facts_read(&clocks, g, go_main_move(w, w->first - 1), p.side == WHITE, &prev);
    for (uint32_t k = w->first; k < w->limit && !w->err; k++) {
        uint32_t i = go_main_move(w, k);
        move16 m = w->r->moves[i];
        int null = (g->moves[i].flags & GAME_MOVE_NULL) != 0;
        uint32_t ply = (p.fullmove - 1) * 2 + (p.side == BLACK);
        struct ply_facts f;
        ply_facts_read(&clocks, g, i, p.side == BLACK, &f);
        if (prev.has_eval && !prev.eval.mate) {
            scored = 1;
            if (!null && ply >= o->skip_opening && sampled(o, g->index, ply)) {
                char fen[FEN_MAX], uci[UCI_MAX], line[FEN_MAX + UCI_MAX + 96];
                int sign = p.side == WHITE ? 1 : -1;
                pos_to_fen(&p, o->fen_flags, fen);
                uci_write(&p, m, uci);
                int n = snprintf(line, sizeof line,
                                 "fen %s\nmove %s\nscore %d\nply %u\nresult %d\ne\n", fen, uci,
                                 sign * prev.eval.cp, ply, sign * white_result);
                go_put(w, line, (size_t)n);
            }
        }
        prev = f;
        if (null)
            pos_play_null(&p);
        else
            pos_play(&p, m);
    }
    if (!scored)
        w->o->unevaluated++;
}
