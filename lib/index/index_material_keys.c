/* index_material_keys.c - the material keys: the keys of a game's material runs. */
/* SPDX-License-Identifier: MIT */
#include "base/error.h"
#include "index/index_material_keys.h"
#include "base/banned.h"

enum { COUNT_BITS = 4, COUNT_MAX = (1 << COUNT_BITS) - 1 };

uint64_t material_key_of(const struct material *m)
{
    uint64_t key = 0;
    int shift = 0, men = 0;
    for (int c = 0; c < 2; c++) {
        if (m->count[c][KING] != 1)
            return MATERIAL_KEY_NONE;
        for (int t = PAWN; t <= QUEEN; t++, shift += COUNT_BITS) {
            if (m->count[c][t] > COUNT_MAX)
                return MATERIAL_KEY_NONE;
            key |= (uint64_t)m->count[c][t] << shift;
            men += m->count[c][t];
        }
    }
    return men <= MATERIAL_KEY_MEN ? material_key_with_row(key) : MATERIAL_KEY_NONE;
}

int material_keys_add_game(struct index_postings *p, uint16_t game, const struct index_material *m,
                        int unsure)
{
    if (unsure || (m->flags & (IM_UNSURE | IM_NO_LINE)))
        return index_postings_add(p, material_key_with_row(MATERIAL_KEY_UNSURE), game,
                                  MK_WHITE | MK_BLACK);
    int first = m->flags & IM_BLACK ? BLACK : WHITE;
    size_t mine = p->n; /* the game's postings start here */
    for (uint32_t i = 0; i < m->nruns; i++) {
        uint64_t key = material_key_of(&m->run[i].mat);
        uint32_t lo = m->run[i].ply, len = index_material_run_length(m, i);
        /* A material without a key is no keyed question's: the plan asks
         * the keys only for a position whose material has one. */
        if (!len || key == MATERIAL_KEY_NONE)
            continue;
        /* Two plies in a row have both sides to move; one ply has its own. */
        unsigned sides = len > 1 ? MK_WHITE | MK_BLACK
                                 : ((first ^ (int)(lo & 1)) == WHITE ? MK_WHITE : MK_BLACK);
        /* A material met twice (a set-up start, a promotion that brings a
         * count back) is one posting with the sides of both. */
        size_t k = mine;
        while (k < p->n && p->v[k].key != key)
            k++;
        if (k < p->n)
            p->v[k].ply |= (uint8_t)sides;
        else if (index_postings_add(p, key, game, (uint8_t)sides))
            return PGN_ENOMEM;
    }
    return PGN_OK;
}
