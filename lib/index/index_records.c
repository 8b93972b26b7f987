/* index_records.c - the database's column store: records worked out, written and read back. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "index/index_records.h"
#include "base/banned.h"

static const char *const name_tags[IR_NAMES] = { "White", "Black", "Event", "Site" };

/* A number fact of f: its value, or -1 when missing; *unsure on an error or a value out of 0..limit. */
static int number_fact(struct game_facts *f, int id, int64_t limit, int *unsure)
{
    struct fact_value v;
    int rc = game_facts_get(f, id, 0, &v);
    if (rc < 0 || (rc > 0 && (v.num < 0 || v.num > limit)))
        *unsure = 1;
    return rc > 0 && !*unsure ? (int)v.num : -1;
}

static void name_values(struct game_facts *f, struct index_record *r, const char *values[],
                        size_t lens[])
{
    for (int i = 0; i < IR_NAMES; i++) {
        struct fact_value v;
        values[i] = NULL;
        lens[i] = 0;
        if (game_facts_tag(f, name_tags[i], 0, &v) > 0) {
            values[i] = v.s;
            lens[i] = v.len;
        }
        if (game_facts_tag(f, name_tags[i], 1, &v) > 0)
            r->flags |= IR_DUP_WHITE << i;
    }
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
    struct ml_iter it;
    mainline_first(ml, &it);
    unsigned k = 0;
    while (k < INDEX_OPENING_PLIES && mainline_next(ml, &it) > 0) {
        r->moves[k] = ml->moves[k];
        k++;
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
    if (unsure || r->eco > 0xfffe)
        r->flags |= IR_UNSURE;
    opening_of(f, r);
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void put16(unsigned char *p, int v)
{
    unsigned u = v < 0 ? 0xffffu : (unsigned)v;
    p[0] = (unsigned char)u;
    p[1] = (unsigned char)(u >> 8);
}

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

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
}

uint64_t index_records_checksum(const unsigned char *p, size_t n)
{
    /* Eight bytes a step (a multiply and a rotation): a few milliseconds for a million games. */
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h ^ (h >> 32);
}
