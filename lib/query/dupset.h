/* dupset.h - an exact set of byte strings, for duplicate detection: hashed, then verified byte for byte. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_DUPSET_H
#define LIB_DUPSET_H

#include <stddef.h>
#include <stdint.h>

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

#endif
