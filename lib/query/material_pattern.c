/* material_pattern.c - material patterns: counts per piece, exact or bounded, for each side. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "query/material_pattern.h"
#include "base/banned.h"

enum { MAX_COUNT = 15, MINOR_MAX = 2 * MAX_COUNT };

/* slot_of() of a letter that names no piece. */
enum { NO_SLOT = -1 };

static int slot_of(char c)
{
    switch (c & ~0x20) {
    case 'K': return KING;
    case 'Q': return QUEEN;
    case 'R': return ROOK;
    case 'B': return BISHOP;
    case 'N': return KNIGHT;
    case 'P': return PAWN;
    case 'L': return MP_MINOR;
    default: return NO_SLOT;
    }
}

/* A side without letters: nothing but the king; the minor pieces only as their letters say. */
static void side_empty(struct material_pattern *p, int side)
{
    memset(p->lo[side], 0, sizeof p->lo[side]);
    memset(p->hi[side], 0, sizeof p->hi[side]);
    p->lo[side][KING] = p->hi[side][KING] = 1;
    p->hi[side][MP_MINOR] = MINOR_MAX;
}

/*
 * One side's letters, from s[*i] up to ':' or the end. Letters without a
 * count add one each; a count sets the number; '+', '-' and '*' turn the
 * number into a bound.
 */
static int parse_side(const char *s, size_t *i, struct material_pattern *p, int side)
{
    unsigned count[MP_SLOTS] = { 0 };
    int named[MP_SLOTS] = { 0 };
    side_empty(p, side);
    while (s[*i] && s[*i] != ':') {
        int slot = slot_of(s[*i]);
        if (slot == NO_SLOT)
            return PGN_ESYNTAX;
        (*i)++;
        unsigned n = 1;
        if (s[*i] >= '0' && s[*i] <= '9') {
            n = 0;
            while (s[*i] >= '0' && s[*i] <= '9' && n <= MAX_COUNT)
                n = n * 10 + (unsigned)(s[(*i)++] - '0');
        }
        count[slot] += n;
        if (count[slot] > (slot == KING ? 1u : MAX_COUNT) || (slot == KING && n == 0)) {
            (*i)--;
            return PGN_ESYNTAX;
        }
        unsigned lo = count[slot], hi = count[slot];
        if (s[*i] == '+' || s[*i] == '-' || s[*i] == '*') {
            char bound = s[(*i)++];
            if (slot == KING)
                return PGN_ESYNTAX;
            lo = bound == '+' ? count[slot] : 0;
            hi = bound == '-' ? count[slot] : slot == MP_MINOR ? MINOR_MAX : MAX_COUNT;
            if (bound == '*')
                lo = 0;
        }
        named[slot] = 1;
        if (slot == KING)
            continue;
        p->lo[side][slot] = (uint8_t)lo;
        p->hi[side][slot] = (uint8_t)hi;
    }
    if (named[MP_MINOR]) {
        /* The L count rules this side's bishops and knights, unless they are named too. */
        if (!named[BISHOP])
            p->hi[side][BISHOP] = MAX_COUNT;
        if (!named[KNIGHT])
            p->hi[side][KNIGHT] = MAX_COUNT;
    }
    return 0;
}

int material_pattern_parse(const char *s, struct material_pattern *out, size_t *err_at)
{
    size_t i = 0;
    if (parse_side(s, &i, out, WHITE) || s[i] != ':')
        goto bad;
    i++;
    if (parse_side(s, &i, out, BLACK) || s[i])
        goto bad;
    return 0;
bad:
    *err_at = i;
    return PGN_ESYNTAX;
}

static int side_fits(const struct material_pattern *p, const struct material *m, int side)
{
    for (int t = PAWN; t < KING; t++)
        if (m->count[side][t] < p->lo[side][t] || m->count[side][t] > p->hi[side][t])
            return 0;
    int minor = m->count[side][BISHOP] + m->count[side][KNIGHT];
    return minor >= p->lo[side][MP_MINOR] && minor <= p->hi[side][MP_MINOR];
}

int material_pattern_fits(const struct material_pattern *p, const struct material *m)
{
    return side_fits(p, m, WHITE) && side_fits(p, m, BLACK);
}

void material_pattern_swap(const struct material_pattern *p, struct material_pattern *out)
{
    struct material_pattern x;
    memcpy(x.lo[WHITE], p->lo[BLACK], sizeof x.lo[WHITE]);
    memcpy(x.hi[WHITE], p->hi[BLACK], sizeof x.hi[WHITE]);
    memcpy(x.lo[BLACK], p->lo[WHITE], sizeof x.lo[BLACK]);
    memcpy(x.hi[BLACK], p->hi[WHITE], sizeof x.hi[BLACK]);
    *out = x;
}

int material_pattern_unreachable(const struct material_pattern *p, const struct material *cur)
{
    for (int c = 0; c < 2; c++) {
        int spare = cur->count[c][PAWN] - p->lo[c][PAWN]; /* pawns free to promote */
        if (spare < 0)
            return 1;
        int missing = 0;
        for (int t = KNIGHT; t <= QUEEN; t++)
            if (p->lo[c][t] > cur->count[c][t])
                missing += p->lo[c][t] - cur->count[c][t];
        int minor = cur->count[c][BISHOP] + cur->count[c][KNIGHT];
        int minor_missing = p->lo[c][MP_MINOR] > minor ? p->lo[c][MP_MINOR] - minor : 0;
        if ((missing > minor_missing ? missing : minor_missing) > spare)
            return 1;
    }
    return 0;
}
