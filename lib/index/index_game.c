/* index_game.c - what the database keeps of one game, computed apart from the database. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "index/index_game.h"
#include "base/banned.h"

void index_game_of(struct game_facts *f, struct game *g, const struct replay *r,
                   struct index_game *out)
{
    memset(out, 0, sizeof *out);
    game_facts_reset(f, g, NULL);
    if (r) /* its moves are not resolved a second time */
        game_facts_seed(f, r);
    index_record_of(f, &out->rec, out->names, out->name_lens);
    index_walk_of(f, g, r, &out->walk);
    /* The features are computed by now (the record's); a failed walk gives none. */
    const struct game_features *ft = game_facts_features(f);
    out->material_len = index_material_encode(f, f->status == PGN_OK ? ft : NULL, out->material);
    if (r) {
        out->replayed = 1;
        out->plies = r->plies;
        out->valid = r->errors == 0 && !r->skipped;
    }
}
