/* index_positions.h - the position index: per chunk of games, the games each position key occurs in. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_POSITIONS_H
#define LIB_INDEX_POSITIONS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The keys a build walks (index_walk.h) go, per chunk of INDEX_CHUNK_GAMES
 * games of a source, into up to INDEX_BUCKETS rows of the table
 * game_positions, by the key's top byte, so that a query reads one small
 * row per chunk (and the chunk's directory, below).
 * A row's blob, with its checksum beside it (integers little endian,
 * varints as index_bytes.h writes them):
 *
 *   u8 top                      the top byte every key of the row shares (the bucket)
 *   varint n                    keys in the row
 *   u56 key[n]                  the low 7 bytes of each key, ascending
 *   then, key after key:
 *        varint count           games of the key
 *        varint game  u8 ply    the first game (in the chunk, 0-based) and the ply
 *                               the key is first met at in it
 *        count - 1 times:
 *        varint step << 1 | p   the next game is step games on (16-bit wrap);
 *        [u8 ply]               p = 1: its own ply follows; p = 0: the same ply
 *
 * The keys stay a fixed width so that a query finds its key by binary
 * search; the postings are steps because a key's games come ascending and
 * nearly always at one ply (on 1.75M games: 13 bytes a key and 3 a posting
 * became 11 and under 1.5).
 *
 * Positions are told apart by their 64-bit repetition key alone (the scan
 * also compares the boards): two positions of one key, which Zobrist keys
 * make about a 1 in 10^19 chance per pair, would be taken for one.
 */
enum { INDEX_BUCKETS = 256 };

/*
 * Only the buckets that hold a key get a row, so that a chunk of one game
 * (a source of one game) takes a few rows, not INDEX_BUCKETS. Bucket
 * INDEX_DIRECTORY of each chunk is its directory: a bitmap of
 * INDEX_BUCKETS bits, bucket b at bit b % 8 of byte b / 8, set when
 * bucket b has a row. A row the directory names that is missing, or one
 * it does not name, is damage; an unnamed bucket has no key.
 */
enum { INDEX_DIRECTORY = INDEX_BUCKETS, INDEX_DIRECTORY_SIZE = INDEX_BUCKETS / 8 };

/** 1 when the directory dir (INDEX_DIRECTORY_SIZE bytes) names bucket. */
static inline int index_directory_has(const unsigned char *dir, unsigned bucket)
{
    return (dir[bucket / 8] >> (bucket % 8)) & 1;
}

struct index_posting {
    uint64_t key;
    uint16_t game;
    uint8_t ply;
};

/* The postings of the chunk being built. */
struct index_postings {
    struct index_posting *v;
    size_t n, cap;
    struct index_posting *spare; /* cap entries: where the sort moves them */
};

/** The row (bucket) of key. */
static inline unsigned index_bucket(uint64_t key) { return (unsigned)(key >> 56); }

/** Adds a posting; PGN_OK or PGN_ENOMEM. */
int index_postings_add(struct index_postings *p, uint64_t key, uint16_t game, uint8_t ply);

/**
 * Sorts p by bucket, key, game (the order of the rows); PGN_OK or
 * PGN_ENOMEM. The sort is stable on the key alone: the postings of each
 * key must come in game order (game after game, as a build and an update
 * add them).
 */
int index_postings_sort(struct index_postings *p);

/**
 * Encodes the postings of one bucket, p->v[*at ..] while in that bucket
 * (sorted), into a blob (*out, owned by the caller, free()) of *len bytes,
 * and moves *at past them. PGN_OK or PGN_ENOMEM.
 */
int index_postings_encode(const struct index_postings *p, size_t *at, unsigned bucket,
                          unsigned char **out, size_t *len);

/**
 * Decodes a row's blob: calls fn(ctx, key, game, ply) for each posting,
 * or with want != 0 only for those of key want (found by binary search;
 * the postings after it are not read: the caller has checked the row's
 * checksum). 0, or PGN_EFORMAT when the blob is malformed (fn may have
 * been called for postings before the damage: the caller drops what it
 * gathered).
 */
typedef void index_posting_fn(void *ctx, uint64_t key, unsigned game, unsigned ply);
int index_postings_decode(const unsigned char *blob, size_t len, uint64_t want,
                          index_posting_fn *fn, void *ctx);

/**
 * Decodes a row's keys alone: calls fn(ctx, key, games) for each key with
 * its count of games. 0, or PGN_EFORMAT as index_postings_decode.
 */
typedef void index_key_fn(void *ctx, uint64_t key, unsigned games);
int index_postings_decode_keys(const unsigned char *blob, size_t len, index_key_fn *fn,
                               void *ctx);

/**
 * Calls fn(ctx, key) for each key of a row's blob, in order, reading the
 * keys alone (a few bytes each at the row's head, not their postings): for
 * a caller that looks its keys up ahead. 0, or PGN_EFORMAT when the keys do
 * not fit in the blob.
 */
typedef void index_row_key_fn(void *ctx, uint64_t key);
int index_postings_keys(const unsigned char *blob, size_t len, index_row_key_fn *fn, void *ctx);

/** Frees p's memory. */
void index_postings_release(struct index_postings *p);

#endif
