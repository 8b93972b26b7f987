/* index_keys.h - posting lists of games by tag value: the B-tree that finds a query's few games. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_KEYS_H
#define LIB_INDEX_KEYS_H

#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>
#include "index/index_records.h"

/*
 * The records answer every tag criterion exactly, but reading all of them
 * costs time in proportion to the database. The table game_keys lists,
 * per value of a record's field, which games of a chunk hold it:
 *
 *   game_keys(source, field, value, chunk, games)   WITHOUT ROWID,
 *   PRIMARY KEY(source, field, value, chunk); games: one u16 little
 *   endian per game, ascending by place:
 *
 *     15..12  the low bits the coarsening dropped (rating % 16, plies % 8;
 *             0 for the other fields)
 *     11..0   the game's place in the chunk (0 .. 4095)
 *
 *
 * so a range of values is one range of the B-tree, and the games it lists
 * are candidates: a superset of those the criterion selects, whose records
 * then decide exactly (index_plan.c). The value is the record's own value
 * (the same game_facts reading the scan makes), coarsened where a range is
 * what people ask (a year for a date, 16 points of rating, 8 plies): fewer
 * rows, same answers. A rating's or a ply count's dropped bits ride in the
 * spare high bits of each game's place, so a range that cuts a key's 16
 * points reads that key's row, not the records: exact at no extra byte.
 * A date range's ends are decided by the records. The fields:
 *
 *   IK_WHITE .. IK_SITE  name id (0, no tag: no key)
 *   IK_DATE              year of the date's first day (no date: no key)
 *   IK_WHITE_ELO, IK_BLACK_ELO  rating / 16 (none: no key)
 *   IK_ECO               tagvalue_eco (none: no key)
 *   IK_RESULT            enum pgn_result (none: no key)
 *   IK_PLIES             plies / 8
 *   IK_UNSURE            value 0: a record that decides nothing (IR_UNSURE);
 *                        such a game has no other key
 *   IK_DUP               value IR_WHITE..IR_SITE: that name tag repeats (a
 *                        regex sees every value); it has no name key there
 *   IK_FEATURE           value enum index_feature: the game has it (a
 *                        checkmate, a threefold repetition ...); none: no key
 *   IK_REPETITION        the most times a position comes (max_repetition),
 *                        when 3 or more (255: 255 or more); fewer: no key
 *
 * So a game listed under a value has that value for sure: a count of the
 * values strictly inside a range needs no record. A game that is no game
 * (IR_EMPTY) has no key: no query selects it.
 */
enum index_key_field {
    IK_WHITE, IK_BLACK, IK_EVENT, IK_SITE, IK_DATE, IK_WHITE_ELO, IK_BLACK_ELO, IK_ECO,
    IK_RESULT, IK_PLIES, IK_UNSURE, IK_DUP, IK_FEATURE, IK_REPETITION, IK_FIELDS
};

/* The least max_repetition that has a key: twice is too common to be worth one. */
enum { IK_REPETITION_MIN = 3 };

/** How many low bits of field's raw value its key drops and its postings keep (0: none). */
int index_key_low_bits(int field);

/** The stored value of field for the raw value v (the coarsening above). */
int64_t index_key_value(int field, int64_t v);

/** The raw values field's stored value v stands for: [*min, *max]. */
void index_key_raw_bounds(int field, int64_t v, int64_t *min, int64_t *max);

/*
 * One range of values of one field: the games whose key lies in [lo, hi]
 * (stored values); those in [sure_lo, sure_hi] (empty when sure_lo >
 * sure_hi) the query selects for sure, without their records. For a field
 * whose postings keep the low bits (index_key_low_bits), only the games
 * whose raw value lies in [raw_lo, raw_hi] count at all: the ends of a
 * rating range are exact without a record.
 */
struct index_key_range {
    int field;
    int64_t lo, hi;
    int64_t sure_lo, sure_hi;
    int64_t raw_lo, raw_hi;
};

/*
 * Writing: the keys of the n records (INDEX_RECORD_SIZE bytes each) of
 * chunk chunk of source, with the prepared insert st (?1 source, ?2 field,
 * ?3 value, ?4 chunk, ?5 games). Returns SQLITE_OK, SQLITE_NOMEM or the
 * code of a failed step.
 */
int index_keys_write(sqlite3_stmt *st, int64_t source, uint64_t chunk,
                     const unsigned char *records, uint32_t n);

/*
 * Reading. The games of source whose keys lie in any of the n ranges: a
 * list of game places (from 0: chunk * INDEX_CHUNK_GAMES + place) shifted
 * left by one, the low bit set unless every range that holds the game holds
 * it for sure (else its record decides), sorted by game, without repeats.
 */
struct index_picks {
    uint64_t *game;
    size_t n, cap;
};

/**
 * How many postings the ranges hold in source (a game in two ranges counts
 * twice; sure: only those of their sure parts), stopping once past cap, into *count. *st is the caller's cache
 * (sqlite3_finalize it when done). SQLITE_OK or SQLite's code.
 */
int index_keys_count(sqlite3 *h, sqlite3_stmt **st, int64_t source,
                     const struct index_key_range *r, size_t n, int sure, uint64_t cap,
                     uint64_t *count);

/**
 * Appends the games of the ranges to *out, then sorts it and drops repeats.
 * SQLITE_OK, SQLITE_NOMEM, SQLITE_CORRUPT (a list that is not one) or
 * SQLite's code.
 */
int index_keys_collect(sqlite3 *h, sqlite3_stmt **st, int64_t source,
                       const struct index_key_range *r, size_t n, struct index_picks *out);

/** Frees the list (the struct is the caller's; it is left empty). */
void index_picks_release(struct index_picks *p);

#endif
