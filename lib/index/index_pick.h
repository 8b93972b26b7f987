/* index_pick.h - which ranges of game_keys hold every game a search criterion may select. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_PICK_H
#define LIB_INDEX_PICK_H

#include <stddef.h>
#include <stdint.h>
#include "index/index_db_internal.h"
#include "index/index_keys.h"
#include "query/filter.h"
#include "query/search_criterion.h"

/*
 * A criterion's ranges of keys (index_keys.h) list a superset of the games
 * it answers yes or maybe for from their records (index_plan.c): the
 * records then decide those games exactly. A criterion whose answer the
 * keys do not follow (a position, a material, a repetition count below
 * IK_REPETITION_MIN, a regex that matches thousands of names) has no ranges. The sure part of a
 * range is what the criterion alone selects without reading a record.
 *
 *   struct index_key_set s = { 0 };
 *   if (index_pick_ranges(&s, c, names, nnames, slot, PICK_ALL) == 1) ... s.r[0 .. s.n)
 *   index_key_set_release(&s);
 */
struct index_key_set {
    struct index_key_range *r;
    size_t n, cap;
};

enum index_pick_mode {
    PICK_ALL,   /* the games the criterion may select */
    PICK_MAYBE, /* only those it leaves to the scan whatever their values (a name
                   on which its regex gave up, a repeated name tag) */
};

/** Names that a name criterion may list by their ids at most; past them it has no ranges. */
enum { PICK_NAMES_MAX = 2048 };

/**
 * Adds to *s the ranges of criterion c (mode: enum index_pick_mode); a name
 * criterion passes names[id] (the verdict of its regex on name id, nnames
 * of them) and slot (IR_WHITE.., -1: none), others NULL, 0 and NULL; a
 * where expression passes the ranges of one of its conjuncts as fixed
 * (index_pick_where.h), else NULL.
 * Returns 1 when added (possibly none: PICK_MAYBE of a criterion that never
 * says maybe), 0 when the keys cannot list them, or PGN_ENOMEM.
 */
int index_pick_ranges(struct index_key_set *s, const struct criterion *c,
                      const unsigned char *names, uint32_t nnames, const int slot[2],
                      const struct index_key_set *fixed, int mode);

/**
 * Adds the range of raw values [lo, hi] of field (stored as index_key_value
 * gives them); with sure, the stored values whose raw values all lie inside
 * are its sure part (the criterion compares the key's raw value alone).
 * PGN_OK or PGN_ENOMEM.
 */
int index_key_set_add(struct index_key_set *s, int field, int64_t lo, int64_t hi, int sure);

/**
 * Narrows the one range of a (and its sure part) to its overlap with the
 * one range of b (same field): 1, else 0 (a unchanged).
 */
int index_pick_narrow(struct index_key_set *a, const struct index_key_set *b);

/**
 * The verdict (enum index_verdict) of regex re on a name: INDEX_MAYBE when
 * it gave up at its limit there (the scan would say so), else yes or no.
 */
int index_regex_verdict(struct filter *re, const char *s, size_t len);

/**
 * Sets (*v)[id] to verdict, growing the array *v of *n verdicts (the new
 * ones INDEX_NO) to hold it: PGN_OK or PGN_ENOMEM.
 */
int index_verdicts_set(unsigned char **v, uint32_t *n, uint32_t id, int verdict);

/** Appends range r to s: PGN_OK or PGN_ENOMEM. */
int index_key_set_push(struct index_key_set *s, struct index_key_range r);

/** Appends the ranges of b to a: PGN_OK or PGN_ENOMEM. */
int index_key_set_add_all(struct index_key_set *a, const struct index_key_set *b);

/* A criterion of a query as index_pick_choose() reads it. */
struct index_pick_crit {
    const struct criterion *c;
    const unsigned char *names; /* a name criterion's verdict per name id (else NULL) */
    uint32_t nnames;
    const int *slot;            /* a name criterion's slots (else NULL) */
    const struct index_key_set *fixed; /* a where expression's conjunct's (else NULL) */
    int blocks;                 /* fixed: the last conjunct of its expression */
};

/**
 * Chooses the keys that list the fewest games holding every game a query
 * may select. crit[0..n) are its first criteria, those decided from the
 * records (total: all of its criteria), in the order they run: a game one
 * of them turns down is a no unless an earlier one left it to the scan
 * (the PICK_MAYBE ranges, with the records that decide nothing, go along
 * with any choice), so the keys of any of them, up to the first that may
 * answer maybe whatever its keys say, will do. Each one's are narrowed by
 * the others' on the same field (a date range is two criteria) and
 * counted; the smallest count wins: its ranges into *best and its count
 * into *count, 1; 0 when none has keys. The sure parts stay only when the
 * query is that one criterion, or criteria on that one field alone: then a
 * game in them is a yes of the query. st is the caller's statement cache.
 * PGN_ENOMEM, PGN_EIO (index_db_message()).
 */
int index_pick_choose(struct index_db *db, sqlite3_stmt **st, int64_t source,
                      const struct index_pick_crit *crit, size_t n, size_t total,
                      struct index_key_set *best, uint64_t *count);

/** The ranges of set without their sure parts into *out: PGN_OK or PGN_ENOMEM. */
int index_pick_unsure_parts(const struct index_key_set *set, struct index_key_set *out);

/** 1 when set has sure parts, all on one field (a game is in one of them at most). */
int index_pick_sure_on_one_field(const struct index_key_set *set);

/** Frees the ranges (the struct is the caller's; it is left empty). */
void index_key_set_release(struct index_key_set *s);

#endif
