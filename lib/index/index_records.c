/* index_records.c - the database's column store: records worked out, written and read back. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "index/index_bytes.h"
#include "index/index_records.h"
#include "base/banned.h"

/* The name tags, in the order of the record's names, with their lengths. */
#define NAME_TAG(s) { s, sizeof s - 1 }
static const struct name_tag {
    const char *name;
    uint32_t len;
} name_tags[IR_NAMES] = {
    NAME_TAG("White"), NAME_TAG("Black"), NAME_TAG("Event"), NAME_TAG("Site"),
};

/* A number fact of f: its value, or -1 when missing; *unsure on an error or a value out of 0..limit. */
static int number_fact(struct game_facts *f, int id, int64_t limit, int *unsure)
{
    struct fact_value v;
    int rc = game_facts_get(f, id, 0, &v);
    if (rc < 0 || (rc > 0 && (v.num < 0 || v.num > limit)))
        *unsure = 1;
    return rc > 0 && !*unsure ? (int)v.num : -1;
}

/* The first value of each name tag, as game_facts_tag() finds it, and a flag
 * for each written twice: one pass over the tags for the four of them. */
static void name_values(struct game_facts *f, struct index_record *r, const char *values[],
                        size_t lens[])
{
    const struct game *g = f->g;
    unsigned found = 0;
    for (int i = 0; i < IR_NAMES; i++) {
        values[i] = NULL;
        lens[i] = 0;
    }
    for (uint32_t k = 0; k < g->ntags; k++) {
        const struct game_tag *t = &g->tags[k];
        for (int i = 0; i < IR_NAMES; i++) {
            if (t->name_len != name_tags[i].len || memcmp(t->name, name_tags[i].name, t->name_len))
                continue;
            if (found & 1u << i)
                r->flags |= IR_DUP_WHITE << i;
            else {
                values[i] = t->value;
                lens[i] = t->value_len;
                found |= 1u << i;
            }
            break;
        }
    }
}

static const int feature_fields[IF_COUNT] = {
    [IF_CHECKMATE] = F_CHECKMATE, [IF_STALEMATE] = F_STALEMATE,
    [IF_DEAD_POSITION] = F_DEAD_POSITION, [IF_FIFTY] = F_FIFTY,
    [IF_SEVENTYFIVE] = F_SEVENTYFIVE, [IF_UNDERPROMOTION] = F_UNDERPROMOTION,
    [IF_THREEFOLD] = F_THREEFOLD, [IF_FIVEFOLD] = F_FIVEFOLD,
};

int index_feature_field(int i) { return feature_fields[i]; }

/* The main-line features (a walk of the whole main line); 1 when one could not be told. */
static int features_of(struct game_facts *f, struct index_record *r)
{
    for (int i = 0; i < IF_COUNT; i++) {
        struct fact_value v;
        int rc = game_facts_get(f, feature_fields[i], 0, &v);
        if (rc < 0)
            return 1;
        if (rc > 0 && v.num)
            r->features |= 1u << i;
    }
    const struct game_features *ft = game_facts_features(f);
    if (!ft)
        return 1;
    r->max_repetition = ft->max_repetition > 255 ? 255 : (unsigned)ft->max_repetition;
    return 0;
}

/* The first main-line moves, as the scan's sq_match_moves walks them. */
static void opening_of(struct game_facts *f, struct index_record *r)
{
    struct mainline *ml = game_facts_mainline(f);
    if (!ml || ml->status != ML_OK)
        return;
    struct pos start;
    pos_set_start(&start);
    if (pos_repetition_key(&ml->start) == pos_repetition_key(&start) && pos_same(&ml->start, &start))
        r->opening |= IO_STANDARD_START;
    /* Moves the replay resolved already (seeded) need no position: the walk
     * would only play them again. The rest are resolved by walking. */
    unsigned want = ml->nmoves < INDEX_OPENING_PLIES ? ml->nmoves : INDEX_OPENING_PLIES;
    unsigned k = 0;
    if (!ml->failed && ml->nresolved >= want) {
        if (want) /* a game of no moves may have no move array at all */
            memcpy(r->moves, ml->moves, want * sizeof *r->moves);
        k = want;
    } else {
        struct ml_iter it;
        mainline_first(ml, &it);
        while (k < INDEX_OPENING_PLIES && mainline_next(ml, &it) > 0) {
            r->moves[k] = ml->moves[k];
            k++;
        }
    }
    r->opening |= k;
}

void index_record_of(struct game_facts *f, struct index_record *r, const char *values[IR_NAMES],
                     size_t lens[IR_NAMES])
{
    memset(r, 0, sizeof *r);
    if (f->g->flags & GAME_EMPTY)
        r->flags |= IR_EMPTY;
    name_values(f, r, values, lens);
    int unsure = 0;
    r->white_elo = number_fact(f, F_WHITE_ELO, 0xfffe, &unsure);
    r->black_elo = number_fact(f, F_BLACK_ELO, 0xfffe, &unsure);
    int64_t plies = number_fact(f, F_PLIES, 0x7fffffff, &unsure);
    r->plies = plies < 0 ? 0 : (uint32_t)plies;
    struct fact_value v;
    int rc = game_facts_get(f, F_DATE, 0, &v);
    if (rc > 0)
        r->date = v.date;
    else
        r->flags |= IR_NO_DATE;
    unsure |= rc < 0;
    /* The ECO and the result as match_eco() and match_result() read them. */
    r->eco = -1;
    if ((rc = game_facts_get(f, F_ECO, 0, &v)) > 0)
        r->eco = tagvalue_eco(v.s, v.len);
    unsure |= rc < 0;
    if ((rc = game_facts_get(f, F_RESULT, 0, &v)) > 0)
        r->result = v.len == 3 ? (v.s[0] == '1' ? PGN_RESULT_WHITE : PGN_RESULT_BLACK)
                  : v.len == 7 ? PGN_RESULT_DRAW : PGN_RESULT_UNKNOWN;
    unsure |= rc < 0;
    opening_of(f, r);
    unsure |= features_of(f, r);
    if (unsure || r->eco > 0xfffe)
        r->flags |= IR_UNSURE;
    r->opening |= (r->flags & IR_EMPTY ? IO_EMPTY : 0) | (r->flags & IR_UNSURE ? IO_UNSURE : 0);
}

static void put32(unsigned char *p, uint32_t v) { index_put_le(p, v, 4); }

static void put16(unsigned char *p, int v)
{
    unsigned u = v < 0 ? 0xffffu : (unsigned)v;
    p[0] = (unsigned char)u;
    p[1] = (unsigned char)(u >> 8);
}

static uint32_t get32(const unsigned char *p) { return (uint32_t)index_get_le(p, 4); }

static int get16(const unsigned char *p)
{
    unsigned u = (unsigned)p[0] | (unsigned)p[1] << 8;
    return u == 0xffffu ? -1 : (int)u;
}

void index_record_encode(const struct index_record *r, unsigned char *out)
{
    for (int i = 0; i < IR_NAMES; i++)
        put32(out + 4 * i, r->name[i]);
    put32(out + 16, (uint32_t)r->date.lo);
    put32(out + 20, (uint32_t)r->date.hi);
    put16(out + 24, r->white_elo);
    put16(out + 26, r->black_elo);
    put16(out + 28, r->eco);
    out[30] = (unsigned char)r->result;
    out[31] = (unsigned char)r->flags;
    put32(out + 32, r->plies);
    out[36] = (unsigned char)r->features;
    out[37] = (unsigned char)r->max_repetition;
    out[38] = out[39] = 0;
}

void index_record_decode(const unsigned char *in, struct index_record *r)
{
    for (int i = 0; i < IR_NAMES; i++)
        r->name[i] = get32(in + 4 * i);
    r->date.lo = (int32_t)get32(in + 16);
    r->date.hi = (int32_t)get32(in + 20);
    r->white_elo = get16(in + 24);
    r->black_elo = get16(in + 26);
    r->eco = get16(in + 28);
    r->result = in[30];
    r->flags = in[31];
    r->plies = get32(in + 32);
    r->features = in[36];
    r->max_repetition = in[37];
}

uint64_t index_records_checksum(const unsigned char *p, size_t n)
{
    /* Four lanes of eight bytes a step (a multiply and a shift each, in
     * parallel): a few milliseconds for the records of a million games. */
    uint64_t h[4] = { 0x9e3779b97f4a7c15ull ^ n, 0xc2b2ae3d27d4eb4full, 0x165667b19e3779f9ull,
                      0x27d4eb2f165667c5ull };
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * k, 8);
            h[k] = (h[k] ^ w) * 0xff51afd7ed558ccdull;
            h[k] ^= h[k] >> 29;
        }
    uint64_t x = h[0] ^ (h[1] * 3) ^ (h[2] * 5) ^ (h[3] * 7);
    for (; i < n; i++)
        x = (x ^ p[i]) * 0x100000001b3ull;
    return x ^ (x >> 32);
}
