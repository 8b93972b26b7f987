/* index_records.h - the database's column store: one fixed record per game, in blobs of 4096 games. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_RECORDS_H
#define LIB_INDEX_RECORDS_H

#include <stddef.h>
#include <stdint.h>
#include "pgn/tagvalue.h"
#include "query/game_facts.h"

/*
 * What the tag criteria of a search read, worked out at build time by the
 * same functions the scan calls (game_facts_get), so that a query decides
 * them from the records alone, exactly. A record is 40 bytes, little endian:
 *
 *    0  u32 white     4 u32 black    8 u32 event   12 u32 site   name ids (0: no tag)
 *   16  i32 date.lo  20 i32 date.hi                              F_DATE (IR_NO_DATE: none)
 *   24  u16 white_elo 26 u16 black_elo 28 u16 eco                0xffff: none
 *   30  u8 result (enum pgn_result of F_RESULT; 0: none)  31 u8 flags (enum index_record_flags)
 *   32  u32 plies                                                 F_PLIES
 *   36  u8 features (bit per enum index_feature)  37 u8 max_repetition (255: 255 or more)
 *   38  u16 0 (reserved)
 *
 * The records of a source are stored in game number order, INDEX_CHUNK_GAMES
 * to a row of the table game_records, with a checksum of the blob: a damaged
 * or truncated blob is found before it is believed.
 */
enum { INDEX_RECORD_SIZE = 40, INDEX_CHUNK_GAMES = 4096 };

/* The main-line features, as game_facts_get gives them (the record's byte 36). */
enum index_feature {
    IF_CHECKMATE, IF_STALEMATE, IF_DEAD_POSITION, IF_FIFTY, IF_SEVENTYFIVE, IF_UNDERPROMOTION,
    IF_THREEFOLD, IF_FIVEFOLD, IF_COUNT
};

/** The field (enum field_id) of feature i (enum index_feature). */
int index_feature_field(int i);

/*
 * The openings (table game_openings): per chunk, row 0 holds a u16 per game
 * (bits 0-5: the main-line moves walked from the start, at most
 * INDEX_OPENING_PLIES, fewer when the main line ends or a move does not
 * resolve there; IO_STANDARD_START: the main line starts at the standard
 * position, as sq_match_moves compares it; IO_EMPTY and IO_UNSURE: the
 * record's IR_EMPTY and IR_UNSURE, so that a query on the moves alone needs
 * no records), row r (1..30) the move16 of ply r of each game (0 past the
 * moves walked), each row a blob of its own with its checksum: SQ_MOVES
 * "1. e4 c5" reads rows 0 to 2 only.
 */
enum { INDEX_OPENING_PLIES = 30, INDEX_OPENING_ROWS = INDEX_OPENING_PLIES + 1 };

/*
 * Rows INDEX_OPENING_PACKED on are stored as zstd frames
 * (index_size_blob.h): 8 KB a row of 4,096 games became 4.4 to 6.4 KB on
 * the benchmark file, and the rows past ply 10 together 12.9 bytes a game
 * instead of 40 on 1.75M games. The first rows stay plain: unpacking a
 * chunk's row costs about 150,000 instructions, which doubled a query on
 * the first 10 plies (SQ_MOVES) when rows 5 on were packed; a line of up
 * to five moves reads plain rows only.
 */
enum { INDEX_OPENING_PACKED = 11 };
enum { IO_PLIES_MASK = 0x3f, IO_STANDARD_START = 1 << 6, IO_EMPTY = 1 << 7, IO_UNSURE = 1 << 8 };

enum index_record_flags {
    IR_EMPTY = 1 << 0,    /* GAME_EMPTY: not a game, never selected */
    IR_UNSURE = 1 << 1,   /* a fact could not be worked out: only the scan decides */
    IR_NO_DATE = 1 << 2,  /* no F_DATE */
    IR_DUP_WHITE = 1 << 3, /* + IR_WHITE..IR_SITE: that tag repeats, and a regex */
};                         /* on it sees every value (only the scan can tell) */

enum { IR_WHITE, IR_BLACK, IR_EVENT, IR_SITE, IR_NAMES };

struct index_record {
    uint32_t name[IR_NAMES];
    struct date_range date;
    int white_elo, black_elo, eco; /* -1: none */
    int result;                    /* enum pgn_result, PGN_RESULT_NONE: no F_RESULT */
    uint32_t plies;
    unsigned flags;
    unsigned features;       /* bit per enum index_feature */
    unsigned max_repetition; /* ft->max_repetition, 255 at most */
    unsigned opening;                       /* row 0's value (IO_*) */
    uint16_t moves[INDEX_OPENING_PLIES];    /* the first moves, as the main line resolves them */
    /* Filled by a query that reads them, not stored in the record: */
    uint32_t chunk_at; /* the game's place in its chunk */
    uint64_t number;   /* its number in its source (1: the first game) */
    const unsigned char *const *rows; /* the chunk's opening rows read (row r: ply r), or NULL */
    uint64_t reach;    /* the reach of its walk (index_walk.h) */
    const struct index_material *material; /* its material runs, NULL until a decider asks */
};

/**
 * The facts of f's game (complete: not lazy) into *r, all but the name ids
 * (zeroed); *values (IR_NAMES entries) get the first value of each name tag
 * (NULL when missing) and *lens their lengths.
 */
void index_record_of(struct game_facts *f, struct index_record *r, const char *values[IR_NAMES],
                     size_t lens[IR_NAMES]);

/** Writes r as INDEX_RECORD_SIZE bytes at out. */
void index_record_encode(const struct index_record *r, unsigned char *out);

/** Reads the record at in into *r. */
void index_record_decode(const unsigned char *in, struct index_record *r);

/** The checksum of a blob of records (every byte counts). */
uint64_t index_records_checksum(const unsigned char *p, size_t n);

#endif
