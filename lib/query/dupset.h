/* dupset.h - the two sets of games seen, for duplicate detection: exact keys, and digests. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_DUPSET_H
#define LIB_DUPSET_H

#include <stddef.h>
#include <stdint.h>
#include "query/dup_key.h"

/*
 * Both sets answer "was this game seen before?" for the one notion of the
 * same game (dup_key.h), and test_dupset.c holds their answers equal. There
 * are two because they promise different things, at different costs:
 *
 *   struct dupset     exact: keeps a copy of every key and compares bytes,
 *                     so two different games are never taken for one.
 *                     search uses it (unique games, repeats, a check file):
 *                     a game it wrongly took for a duplicate would be
 *                     dropped from the output, i.e. lost. About the key
 *                     length plus 64 bytes a game (hash_table.h).
 *   struct dup_seen   digests: 16 bytes a game kept in the slot itself,
 *                     24-byte slots at most half full, no key copies and
 *                     one probe a game. validate uses it on its reading
 *                     thread for the duplicate-game note, which only
 *                     informs: a collision of two 64-bit hashes at once
 *                     would add a wrong note, never lose a game. Built on
 *                     hash_table it would take about 80 bytes a game
 *                     instead of 48 and an allocation per game, on every
 *                     validate run.
 */

/*
 * Keys are byte strings (game_facts_dup_key() makes one per game). A key is
 * found by its 64-bit hash and then compared byte for byte with the keys of
 * the same hash, so two different keys are never taken for equal, however
 * unlikely a hash collision. The set keeps a copy of every key: memory grows
 * with the keys added (about the key length plus 64 bytes per key).
 */
struct dupset;

/** A new empty set: PGN_OK and *out, or PGN_ENOMEM. */
int dupset_new(struct dupset **out);

/**
 * Adds key[0..len). Returns 1 when the set did not hold it, 0 when an equal
 * key was added before (the set is unchanged), or PGN_ENOMEM.
 */
int dupset_add(struct dupset *s, const void *key, size_t len);

/** 1 when s holds key[0..len), 0 when not (it only reads: safe on threads once built). */
int dupset_has(const struct dupset *s, const void *key, size_t len);

/** Number of distinct keys. */
uint64_t dupset_count(const struct dupset *s);

/** Frees s (NULL is allowed). */
void dupset_free(struct dupset *s);

/*
 * The digests of the games seen so far, each with the number the caller
 * gave it: open addressing on the digest, one slot of 24 bytes a game, at
 * most half full. Made for validate's reading thread, which meets every game
 * once: one probe into a compact array per game, nothing else.
 */
struct dup_seen_slot;
struct dup_seen {
    struct dup_seen_slot *slots; /* NULL until the first digest */
    size_t mask, count;
};

/** An empty set (allocates nothing). */
void dup_seen_init(struct dup_seen *s);

/**
 * Adds digest d with number id, unless the set holds d already. Returns
 * the number the earlier equal digest was added with, UINT32_MAX when d is
 * new (and now added), or PGN_ENOMEM when memory ran out (the set is unchanged).
 */
int64_t dup_seen_add(struct dup_seen *s, const struct dup_digest *d, uint32_t id);

/** Frees what s holds; s is empty again. */
void dup_seen_release(struct dup_seen *s);

#endif
