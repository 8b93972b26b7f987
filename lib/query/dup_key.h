/* dup_key.h - the duplicate key of a game, the one notion of "the same game" search and validate share. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_DUP_KEY_H
#define LIB_DUP_KEY_H

#include <stdint.h>
#include "base/buf.h"
#include "chess/position.h"
#include "pgn/game.h"
#include "replay/replay.h"

/*
 * Two games have equal keys exactly when they start from the same position
 * (FEN without move counters) and their main lines are the same moves. Tags,
 * comments, NAGs and variations do not count. A main line that stops at a
 * move that does not resolve goes on with the text of the remaining moves; a
 * game that is not replayed (a variant, a bad FEN) gives its Variant and FEN
 * tags and the text of its main line.
 *
 * A game without main-line moves (a forfeit, an abandoned game, a round's
 * pairing) has nothing of its own in that: its key adds every tag, name and
 * value, in name order. Two such games are then duplicates only when their
 * tags are the same too, and forfeits between different players are kept.
 * search (--unique, --duplicates, --check-file, with or without a database)
 * and validate (the duplicate-game note) both key games here; a game of
 * comments only (GAME_EMPTY) takes no part (dup_key_counts()).
 */

/** 1 when g takes part in duplicate detection: every game but one of comments only. */
int dup_key_counts(const struct game *g);

/**
 * Appends the key of g to out. start is the start position, or NULL when
 * the game is not replayed; moves[0 .. nresolved) are its first main-line
 * moves (MOVE_NONE for a null move), chess960 whether castling is written
 * in Shredder FEN. Returns PGN_OK, PGN_ENOMEM or PGN_ETOOBIG (from out).
 */
int dup_key_append(struct buf *out, const struct game *g, const struct pos *start, int chess960,
                   const move16 *moves, uint32_t nresolved);

/**
 * Appends the key of g from its replay r (replay_game() of g on r, just
 * done): the same bytes game_facts_dup_key() gives for g. Returns as
 * dup_key_append() does.
 */
int dup_key_of_replay(struct buf *out, const struct game *g, const struct replay *r);

/*
 * A digest of the key of a game: what validate keeps of every game instead
 * of the key itself, to be fast and small. Games with equal keys have equal
 * digests; games with different keys have equal digests only when two
 * 64-bit hashes collide at once (the hash of the key, and the Polyglot key
 * of the position after the replayed main line).
 */
struct dup_digest {
    uint64_t key_hash, final_key;
};

/**
 * The digest of g from its replay r (as dup_key_of_replay()); scratch is
 * used for the rare games whose main line does not replay to its end.
 * Returns PGN_OK, PGN_ENOMEM or PGN_ETOOBIG (from scratch).
 */
int dup_digest_of_replay(struct dup_digest *out, const struct game *g, const struct replay *r,
                         struct buf *scratch);

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
 * new (and now added), or PGN_ENOMEM when memory ran out (the set is
 * unchanged).
 */
int64_t dup_seen_add(struct dup_seen *s, const struct dup_digest *d, uint32_t id);

/** Frees what s holds; s is empty again. */
void dup_seen_release(struct dup_seen *s);

#endif
