/* fenwalk.c - example: print the FEN of every main-line position of every valid game. */
/* SPDX-License-Identifier: MIT */
/*
 * fenwalk FILE...: the start position and the position after each move, one
 * FEN a line, game after game, as `pgnkit convert --format fen` writes
 * them. Invalid games are left out, as convert leaves them out. The walk
 * plays each move on a position of its own, from its UCI text.
 */
#include <stdio.h>
#include <pgnkit.h>

int main(int argc, char **argv)
{
    struct pgnkit_position *p;
    if (pgnkit_position_new(&p) != PGNKIT_OK)
        return 3;
    for (int i = 1; i < argc; i++) {
        struct pgnkit_reader *r;
        struct pgnkit_game *g;
        if (pgnkit_reader_open(&r, argv[i]) != PGNKIT_OK) {
            fprintf(stderr, "fenwalk: cannot open '%s'\n", argv[i]);
            return 3;
        }
        while (pgnkit_reader_next(r, &g) > 0) {
            if (!pgnkit_game_is_valid(g))
                continue;
            size_t plies = pgnkit_game_ply_count(g);
            char fen[PGNKIT_FEN_MAX], uci[PGNKIT_MOVE_TEXT_MAX];
            if (pgnkit_game_position(g, 0, p) != PGNKIT_OK)
                return 3;
            for (size_t ply = 0; ply <= plies; ply++) {
                pgnkit_move m;
                if (ply > 0) {
                    pgnkit_game_move(g, ply, PGNKIT_UCI, 0, uci, sizeof uci);
                    /* A null move has no UCI of its own: take the game's position. */
                    if (pgnkit_position_parse_uci(p, uci, &m) != PGNKIT_OK ||
                        pgnkit_position_play(p, m) != PGNKIT_OK)
                        pgnkit_game_position(g, ply, p);
                }
                pgnkit_position_fen(p, fen, sizeof fen);
                puts(fen);
            }
        }
        pgnkit_reader_free(r);
    }
    pgnkit_position_free(p);
    return 0;
}
