/* index_material.c - what the database keeps of a game's material: its runs encoded, decoded and tested. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "index/index_bytes.h"
#include "index/index_material.h"
#include "base/banned.h"

enum { CODE_FULL = 0, CODE_END = 31, CODE_BITS = 5, CODES_PER_PROMO = 6, COUNTS_BYTES = 5 };

static const struct material standard_start = {
    { { 8, 2, 2, 2, 1, 1 }, { 8, 2, 2, 2, 1, 1 } }
};

/* The side that made the move leading to the position at ply (> 0). */
static int mover_at(unsigned flags, uint32_t ply)
{
    int first = flags & IM_BLACK ? BLACK : WHITE;
    return first ^ (int)((ply - 1) & 1);
}

/* ---- Encoding ------------------------------------------------------------------ */

static size_t put_counts(unsigned char *out, size_t at, const struct material *m)
{
    for (int i = 0; i < COUNTS_BYTES * 2; i += 2) {
        int c = i / 5, t = i % 5, c2 = (i + 1) / 5, t2 = (i + 1) % 5;
        out[at++] = (unsigned char)(m->count[c][t] | m->count[c2][t2] << 4);
    }
    return at;
}

static size_t put_step(unsigned char *out, size_t at, unsigned code, uint32_t step)
{
    if (step >= 1 && step <= 7) {
        out[at++] = (unsigned char)(code | step << CODE_BITS);
        return at;
    }
    out[at++] = (unsigned char)code;
    return index_put_varint(out, at, step);
}

/* The code of the change from a to b made by mover's move, or CODE_FULL when no one move makes it. */
static unsigned change_code(const struct material *a, const struct material *b, int mover)
{
    int them = mover ^ 1;
    unsigned taken = 0, promoted = 0;
    if (a->count[WHITE][KING] != b->count[WHITE][KING] ||
        a->count[BLACK][KING] != b->count[BLACK][KING])
        return CODE_FULL;
    for (int t = PAWN; t <= QUEEN; t++) {
        int d = b->count[them][t] - a->count[them][t];
        if (d == -1 && !taken)
            taken = (unsigned)t + 1;
        else if (d)
            return CODE_FULL;
    }
    /* Most changes are captures: the mover's own pieces stay as they were. */
    if (!memcmp(a->count[mover], b->count[mover], sizeof a->count[mover]))
        return taken;
    int pawns = b->count[mover][PAWN] - a->count[mover][PAWN];
    for (int t = KNIGHT; t <= QUEEN; t++) {
        int d = b->count[mover][t] - a->count[mover][t];
        if (d == 1 && !promoted && pawns == -1)
            promoted = (unsigned)t;
        else if (d)
            return CODE_FULL;
    }
    if (pawns && !promoted)
        return CODE_FULL;
    return taken + CODES_PER_PROMO * promoted;
}

/* 1 when every count of m fits a nibble (a king's is 1). */
static int counts_fit(const struct material *m)
{
    unsigned all = 0; /* the counts ORed: a bit above the nibble when one does not fit */
    for (int c = 0; c < 2; c++)
        for (int t = PAWN; t < KING; t++)
            all |= m->count[c][t];
    return all <= 15 && m->count[WHITE][KING] == 1 && m->count[BLACK][KING] == 1;
}

/* The runs alone into out[INDEX_RUNS_MAX]; the length (at least 1). */
static size_t runs_encode(struct game_facts *f, const struct game_features *ft, unsigned char *out)
{
    if (ft && f->ml.status != ML_OK) {
        out[0] = IM_NO_LINE;
        return 1;
    }
    out[0] = IM_UNSURE;
    if (!ft || !f->nruns || f->nruns > INDEX_MATERIAL_RUNS || f->runs[0].ply != 0)
        return 1;
    const struct material_run *run = f->runs;
    for (uint32_t i = 0; i < f->nruns; i++)
        if (!counts_fit(&run[i].mat) || (i && run[i].ply <= run[i - 1].ply))
            return 1;
    unsigned flags = f->ml.start.side == BLACK ? IM_BLACK : 0;
    size_t at = 1;
    if (!material_equal(&run[0].mat, &standard_start)) {
        flags |= IM_CUSTOM;
        at = put_counts(out, at, &run[0].mat);
    }
    /* At most a byte of code, 5 of a step and 5 of counts per run. */
    for (uint32_t i = 1; i < f->nruns; i++) {
        if (at + 11 > INDEX_RUNS_MAX)
            return 1;
        unsigned code = change_code(&run[i - 1].mat, &run[i].mat, mover_at(flags, run[i].ply));
        at = put_step(out, at, code, run[i].ply - run[i - 1].ply);
        if (code == CODE_FULL)
            at = put_counts(out, at, &run[i].mat);
    }
    if (at + 6 > INDEX_RUNS_MAX || ft->plies < run[f->nruns - 1].ply)
        return 1;
    at = put_step(out, at, CODE_END, ft->plies - run[f->nruns - 1].ply);
    out[0] = (unsigned char)flags;
    return at;
}

size_t index_material_encode(struct game_facts *f, const struct game_features *ft,
                             unsigned char *out)
{
    size_t at = runs_encode(f, ft, out);
    int play = index_play_encode(f, out + at);
    if (play == INDEX_PLAY_UNSURE)
        out[0] |= IM_PLAY_UNSURE;
    if (play <= 0)
        return at;
    out[0] |= IM_PLAY;
    return at + (size_t)play;
}

/* ---- Decoding ------------------------------------------------------------------ */

static int get_counts(const unsigned char *in, size_t n, size_t *at, struct material *m)
{
    if (n - *at < COUNTS_BYTES)
        return 0;
    for (int i = 0; i < COUNTS_BYTES * 2; i++) {
        unsigned nib = (in[*at + (size_t)i / 2] >> (i & 1 ? 4 : 0)) & 15;
        m->count[i / 5][i % 5] = (uint8_t)nib;
    }
    m->count[WHITE][KING] = m->count[BLACK][KING] = 1;
    *at += COUNTS_BYTES;
    return 1;
}

/* Applies change code (1..29) by mover to *m; 0 when m has not the pieces it takes. */
static int apply_code(unsigned code, int mover, struct material *m)
{
    unsigned taken = code % CODES_PER_PROMO, promoted = code / CODES_PER_PROMO;
    if (promoted > QUEEN)
        return 0;
    if (taken) {
        uint8_t *c = &m->count[mover ^ 1][taken - 1];
        if (!*c)
            return 0;
        --*c;
    }
    if (promoted) {
        if (!m->count[mover][PAWN] || m->count[mover][promoted] == 15)
            return 0;
        m->count[mover][PAWN]--;
        m->count[mover][promoted]++;
    }
    return 1;
}

/* The runs of in[0..n) into *m; the bytes they take, or 0 (damage). */
static size_t runs_decode(const unsigned char *in, size_t n, struct index_material *m)
{
    if (m->flags & (IM_UNSURE | IM_NO_LINE))
        return 1;
    size_t at = 1;
    struct material cur = standard_start;
    if ((m->flags & IM_CUSTOM) && !get_counts(in, n, &at, &cur))
        return 0;
    m->run[0].ply = 0;
    m->run[0].mat = cur;
    m->nruns = 1;
    while (at < n) {
        unsigned code = in[at] & 31;
        uint64_t step = in[at++] >> CODE_BITS;
        if (!step && !index_get_varint(in, n, &at, &step))
            return 0;
        uint64_t ply = m->run[m->nruns - 1].ply + step;
        if (step > UINT32_MAX || ply > UINT32_MAX)
            return 0;
        if (code == CODE_END) {
            m->plies = (uint32_t)ply;
            return at;
        }
        if (!step || code > 29 || m->nruns == INDEX_MATERIAL_RUNS)
            return 0;
        if (code == CODE_FULL ? !get_counts(in, n, &at, &cur)
                              : !apply_code(code, mover_at(m->flags, (uint32_t)ply), &cur))
            return 0;
        m->run[m->nruns].ply = (uint32_t)ply;
        m->run[m->nruns++].mat = cur;
    }
    return 0;
}

size_t index_material_decode(const unsigned char *in, size_t n, struct index_material *m)
{
    if (!n || (in[0] & ~(unsigned)IM_ALL) || (in[0] & IM_PLAY && in[0] & IM_PLAY_UNSURE))
        return 0;
    m->flags = in[0];
    m->nruns = 0;
    m->plies = 0;
    m->play.mask = 0;
    size_t at = runs_decode(in, n, m);
    if (!at || !(m->flags & IM_PLAY))
        return at;
    size_t play = index_play_decode(in + at, n - at, &m->play);
    return play ? at + play : 0;
}

int index_material_reaches(const struct index_material *m, const struct material *mat, int side,
                           int64_t after)
{
    int first = m->flags & IM_BLACK ? BLACK : WHITE;
    for (uint32_t i = 0; i < m->nruns; i++) {
        if (!material_equal(&m->run[i].mat, mat))
            continue;
        int64_t lo = m->run[i].ply, hi = lo + index_material_run_length(m, i) - 1;
        if (lo <= after)
            lo = after + 1;
        /* Two plies in a row have both sides to move; one has its own. */
        if (hi > lo || (hi == lo && (first ^ (int)(lo & 1)) == side))
            return 1;
    }
    return 0;
}
