/* index_material.h - what the database keeps of a game's material: each run of the main line, where it starts. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_MATERIAL_H
#define LIB_INDEX_MATERIAL_H

#include <stddef.h>
#include <stdint.h>
#include "chess/material.h"
#include "index/index_play.h"
#include "query/game_facts.h"

/*
 * The material runs of a main line (struct material_run, game_facts.h), as
 * game_facts_features() walks them, decide SQ_MATERIAL, SQ_MATERIAL_EITHER and
 * SQ_MATERIAL_END from the database alone, and rule out for SQ_POSITION every
 * game that never has the target's material with the target's side to move
 * after the plies the position index holds.
 *
 * A game's runs take a few bytes (the table game_materials, per chunk one
 * blob: the games one after the other). The first byte says what follows:
 *
 *   IM_UNSURE   no runs: the build could not tell (only the scan decides)
 *   IM_NO_LINE  no runs: the main line has no positions (a bad FEN, a variant)
 *   IM_BLACK    Black is to move at ply 0
 *   IM_CUSTOM   the start material follows in 5 bytes, a nibble per count
 *               (White P N B R Q, then Black's, low nibble first); else it
 *               is the standard start's
 *   IM_PLAY     the game's clock and evaluation fields follow the runs
 *               (index_play.h); without it the game has none
 *   IM_PLAY_UNSURE  they could not be told (only the scan decides them)
 *
 * then one byte per run after the first, and an end byte. Each has a code
 * (bits 0-4) and a ply step d (bits 5-7; 0: a varint of the step follows):
 *
 *   1..29  the run starts d plies after the previous run's start, by a move
 *          of the side to move there: code % 6 is the piece it took
 *          (0 none, 1 + PAWN..QUEEN), code / 6 the piece it promoted to
 *          (0 none, KNIGHT..QUEEN)
 *   0      the same, but with its material in 5 bytes (a change no single
 *          move makes)
 *   31     the end: the last position is d plies after the last run's start
 *          (d may be 0)
 */
enum {
    INDEX_RUNS_MAX = 128,      /* bytes of one game's runs at most (more: stored as IM_UNSURE) */
    INDEX_MATERIAL_MAX = INDEX_RUNS_MAX + INDEX_PLAY_MAX, /* bytes of one game at most */
    INDEX_MATERIAL_RUNS = 64,  /* runs of one game at most (a legal game has fewer than 50) */
};

enum index_material_flags { IM_UNSURE = 1 << 0, IM_NO_LINE = 1 << 1, IM_BLACK = 1 << 2,
                            IM_CUSTOM = 1 << 3, IM_PLAY = 1 << 4, IM_PLAY_UNSURE = 1 << 5,
                            IM_ALL = (1 << 6) - 1 };

/* A game's runs, decoded. */
struct index_material {
    unsigned flags;      /* enum index_material_flags */
    uint32_t nruns;
    uint32_t plies;      /* the ply of the last position */
    struct material_run run[INDEX_MATERIAL_RUNS];
    struct index_play play; /* its clock and evaluation fields (IM_PLAY) */
};

/**
 * The runs of f's game (its features computed, or NULL on failure: ft) and
 * its clock and evaluation fields encoded into out[INDEX_MATERIAL_MAX];
 * returns the length (at least 1).
 */
size_t index_material_encode(struct game_facts *f, const struct game_features *ft,
                             unsigned char *out);

/**
 * Decodes the game at in[0..n) into *m; returns the bytes it takes, or 0
 * when they are not a game's runs (damage).
 */
size_t index_material_decode(const unsigned char *in, size_t n, struct index_material *m);

/** The number of positions of run i of m (its last run lasts to the end). */
static inline uint32_t index_material_run_length(const struct index_material *m, uint32_t i)
{
    return (i + 1 < m->nruns ? m->run[i + 1].ply : m->plies + 1) - m->run[i].ply;
}

/**
 * 1 when m has the material mat at a ply after `after` (-1: any) with side
 * to move side (WHITE, BLACK), else 0. Only for m without IM_UNSURE.
 */
int index_material_reaches(const struct index_material *m, const struct material *mat, int side,
                           int64_t after);

#endif
