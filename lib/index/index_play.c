/* index_play.c - what the database keeps of a game's clocks and evaluations, encoded and decoded. */
/* SPDX-License-Identifier: MIT */
#include "index/index_bytes.h"
#include "index/index_play.h"
#include "base/banned.h"

/* The slots, in the order they are stored: never reorder (the schema). */
static const int play_fields[INDEX_PLAY_FIELDS] = {
    F_WHITE_MIN_CLOCK, F_BLACK_MIN_CLOCK, F_TIME_CONTROL_BASE, F_TIME_CONTROL_INCREMENT,
    F_WHITE_TIME_USED, F_BLACK_TIME_USED, F_EVAL_FINAL,        F_MAX_EVAL_SWING,
    F_WHITE_BLUNDERS,  F_WHITE_MISTAKES,  F_WHITE_INACCURACIES, F_BLACK_BLUNDERS,
    F_BLACK_MISTAKES,  F_BLACK_INACCURACIES, F_WHITE_ACCURACY, F_BLACK_ACCURACY,
};

int index_play_field(int i) { return play_fields[i]; }

int index_play_slot(int field)
{
    for (int i = 0; i < INDEX_PLAY_FIELDS; i++)
        if (play_fields[i] == field)
            return i;
    return INDEX_PLAY_NO_SLOT;
}

int index_play_encode(struct game_facts *f, unsigned char *out)
{
    struct index_play p = { 0 };
    const struct play_totals *t = game_facts_play(f);
    if (!t)
        return INDEX_PLAY_UNSURE;
    if (!play_totals_any(t))
        return INDEX_PLAY_NONE; /* most games: no field to ask for */
    for (int i = 0; i < INDEX_PLAY_FIELDS; i++) {
        struct fact_value v;
        int rc = game_facts_get(f, play_fields[i], 0, &v);
        if (rc < 0)
            return INDEX_PLAY_UNSURE;
        if (rc > 0) {
            p.mask |= 1u << i;
            p.value[i] = v.num;
        }
    }
    if (!p.mask)
        return INDEX_PLAY_NONE;
    size_t at = index_put_varint(out, 0, p.mask);
    for (int i = 0; i < INDEX_PLAY_FIELDS; i++)
        if (p.mask & (1u << i)) {
            /* Zigzag: small negative evaluations take one byte or two, as positive ones. */
            uint64_t u = (uint64_t)p.value[i];
            at = index_put_varint(out, at, (u << 1) ^ (p.value[i] < 0 ? UINT64_MAX : 0));
        }
    return (int)at;
}

size_t index_play_decode(const unsigned char *in, size_t n, struct index_play *p)
{
    size_t at = 0;
    uint64_t mask, u;
    if (!index_get_varint(in, n, &at, &mask) || !mask || mask >> INDEX_PLAY_FIELDS)
        return 0;
    p->mask = (unsigned)mask;
    for (int i = 0; i < INDEX_PLAY_FIELDS; i++) {
        p->value[i] = 0;
        if (!(p->mask & (1u << i)))
            continue;
        if (!index_get_varint(in, n, &at, &u))
            return 0;
        p->value[i] = (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
    }
    return at;
}
