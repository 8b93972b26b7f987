/* polyglot_entry.c - the Polyglot opening book format: 16-byte entries, their moves, lookups. */
/* SPDX-License-Identifier: MIT */
#include "book/polyglot_entry.h"
#include "base/error.h"
#include "chess/movegen.h"
#include "base/banned.h"

static void put_be(uint8_t *out, uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; i--, v >>= 8)
        out[i] = (uint8_t)(v & 0xff);
}

static uint64_t get_be(const uint8_t *in, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | in[i];
    return v;
}

void polyglot_entry_put(uint8_t out[POLYGLOT_ENTRY_SIZE], const struct polyglot_entry *e)
{
    put_be(out, e->key, 8);
    put_be(out + 8, e->move, 2);
    put_be(out + 10, e->weight, 2);
    put_be(out + 12, e->learn, 4);
}

void polyglot_entry_get(const uint8_t in[POLYGLOT_ENTRY_SIZE], struct polyglot_entry *e)
{
    e->key = get_be(in, 8);
    e->move = (uint16_t)get_be(in + 8, 2);
    e->weight = (uint16_t)get_be(in + 10, 2);
    e->learn = (uint32_t)get_be(in + 12, 4);
}

uint16_t polyglot_move_of(move16 m)
{
    /* move16 already writes castling as king takes rook and en passant as
     * the pawn's step to the passed square: only the fields move around. */
    unsigned promo = move_flag(m) == MF_PROMOTION ? (unsigned)(move_promo(m) - KNIGHT + 1) : 0;
    return (uint16_t)((unsigned)move_to(m) | (unsigned)move_from(m) << 6 | promo << 12);
}

move16 polyglot_move_in(const struct pos *p, uint16_t book_move)
{
    /* Matching against the legal moves decodes every kind of move with the
     * one spelling rule above, and refuses what the position cannot play. */
    struct movelist list;
    movegen_legal(p, &list);
    for (int i = 0; i < list.n; i++)
        if (polyglot_move_of(list.moves[i]) == book_move)
            return list.moves[i];
    return MOVE_NONE;
}

int polyglot_book_check(size_t len)
{
    return len % POLYGLOT_ENTRY_SIZE ? PGN_EFORMAT : PGN_OK;
}

size_t polyglot_book_find(const uint8_t *data, size_t n, uint64_t key, size_t *count)
{
    size_t lo = 0, hi = n; /* the first entry whose key is >= key is in [lo, hi] */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (get_be(data + mid * POLYGLOT_ENTRY_SIZE, 8) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < n && get_be(data + end * POLYGLOT_ENTRY_SIZE, 8) == key)
        end++;
    *count = end - lo;
    return lo;
}
