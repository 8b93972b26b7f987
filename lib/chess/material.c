/* material.c - material signatures: the pieces of each type each side has ("KRP:KR"). */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "chess/material.h"
#include "base/banned.h"

/* Letters in writing order: K Q R B N P. */
static const char letters[] = "KQRBNP";
static const int order[] = { KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN };

/* letter_type() of a letter that names no piece. */
enum { NO_TYPE = -1 };

static int letter_type(char c)
{
    c = (char)(c & ~0x20);
    for (int i = 0; i < 6; i++)
        if (letters[i] == c)
            return order[i];
    return NO_TYPE;
}

int material_parse(const char *s, struct material *out, size_t *err_at)
{
    memset(out, 0, sizeof *out);
    int side = WHITE;
    size_t i = 0;
    for (; s[i]; i++) {
        if (s[i] == ':') {
            if (side == BLACK)
                goto bad;
            side = BLACK;
            continue;
        }
        int t = letter_type(s[i]);
        if (t == NO_TYPE)
            goto bad;
        if (out->count[side][t] == (t == KING ? 1 : 15))
            goto bad;
        out->count[side][t]++;
    }
    if (side != BLACK)
        goto bad;
    out->count[WHITE][KING] = out->count[BLACK][KING] = 1;
    return 0;
bad:
    *err_at = i;
    return PGN_ESYNTAX;
}

/*
 * One pass over the (at most 32) pieces, counted by their code on the
 * board array, instead of twelve population counts: built without
 * -mpopcnt, each of those is a call into libgcc, and a build (a material
 * run starts at every capture) spent 6% of its time there (measured:
 * callgrind, pgnkit index on 20,000 games).
 */
void material_of(const struct pos *p, struct material *out)
{
    uint8_t n[16] = { 0 }; /* by piece code: (colour << 3) | (type + 1) */
    for (bitboard b = pos_occupied(p); b;)
        n[p->board[bb_pop(&b)]]++;
    for (int c = 0; c < 2; c++)
        for (int t = PAWN; t <= KING; t++)
            out->count[c][t] = n[piece_make(c, t)];
}

int material_equal(const struct material *a, const struct material *b)
{
    return !memcmp(a, b, sizeof *a);
}

int material_unreachable(const struct material *cur, const struct material *target)
{
    for (int c = 0; c < 2; c++) {
        int pawns = cur->count[c][PAWN] - target->count[c][PAWN];
        if (pawns < 0)
            return 1;
        int missing = 0;
        for (int t = KNIGHT; t <= QUEEN; t++)
            if (target->count[c][t] > cur->count[c][t])
                missing += target->count[c][t] - cur->count[c][t];
        if (missing > pawns)
            return 1;
    }
    return 0;
}

size_t material_format(const struct material *m, char out[MATERIAL_MAX])
{
    size_t n = 0;
    for (int c = 0; c < 2; c++) {
        if (c)
            out[n++] = ':';
        for (int i = 0; i < 6; i++)
            for (int k = 0; k < m->count[c][order[i]] && n < MATERIAL_MAX - 2; k++)
                out[n++] = letters[i];
    }
    out[n] = '\0';
    return n;
}
