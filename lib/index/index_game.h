/* index_game.h - what the database keeps of one game, computed apart from the database (on any thread). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_GAME_H
#define LIB_INDEX_GAME_H

#include <stddef.h>
#include <stdint.h>
#include "index/index_material.h"
#include "index/index_records.h"
#include "index/index_walk.h"
#include "pgn/game.h"
#include "query/game_facts.h"
#include "replay/replay.h"

/*
 * A build splits each game's work in two: index_game_of() computes the
 * record, the walk and the replay's verdict from the game alone (the slow
 * part: facts, positions), which a worker thread can do; the writer then
 * stores them with index_db_store_game() (index_db.h), which gives the
 * names their ids and writes the rows in input order.
 */
struct index_game {
    struct index_record rec; /* name ids still 0: the database gives them */
    struct index_walk walk;
    const char *names[IR_NAMES]; /* the name tags' values, NULL when missing (into g's text) */
    size_t name_lens[IR_NAMES];
    unsigned char material[INDEX_MATERIAL_MAX]; /* the material runs, encoded */
    size_t material_len;
    int replayed;                /* plies and valid are the replay's */
    uint32_t plies;
    int valid;
};

/**
 * Computes *out of g (complete) with f, the caller's facts (initialised,
 * reused from game to game), and r, g's replay (NULL: not replayed). Reads
 * g and r, writes only f and *out: one f per thread. out->names point into
 * g's tags: valid while g is.
 */
void index_game_of(struct game_facts *f, struct game *g, const struct replay *r,
                   struct index_game *out);

#endif
