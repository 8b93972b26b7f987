/* lichess_fields.h - the members of a lichess API record that its PGN is written from, read with or without a tree. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_LICHESS_FIELDS_H
#define LIB_LICHESS_FIELDS_H

#include <stddef.h>
#include <jansson.h>
#include "base/buf.h"
#include "pgn/record_pgn.h"

/*
 * A lichess record has some twenty members that its PGN comes from, and
 * a jansson tree of the whole record cost more than the rest of reading
 * it. So the members are gathered into this flat form, from the record's
 * text (lichess_fields_scan: yajl events, no tree) or, where the fast
 * reader stands aside, from the jansson tree (lichess_fields_of_tree):
 * the PGN is then written from one form by one body of code
 * (lichess_json.c), whichever way the record was read.
 */
enum lichess_field {
    LF_PGN, LF_STATUS, LF_ID, LF_WINNER, LF_VARIANT, LF_PERF, LF_RATED, LF_TOURNAMENT,
    LF_SIMUL, LF_CREATED_AT, LF_INITIAL_FEN, LF_MOVES, LF_CLOCKS, LF_ANALYSIS,
    LF_WHITE_NAME, LF_WHITE_AI_LEVEL, LF_WHITE_RATING, LF_WHITE_RATING_DIFF,
    LF_BLACK_NAME, LF_BLACK_AI_LEVEL, LF_BLACK_RATING, LF_BLACK_RATING_DIFF,
    LF_CLOCK_INITIAL, LF_CLOCK_INCREMENT, LF_OPENING_ECO, LF_OPENING_NAME,
    LF_COUNT
};

/* The members of one element of "analysis" and of "clocks", by ply. */
enum lichess_ply_field {
    LP_CLOCK,     /* clocks[k] */
    LP_ANALYSIS,  /* analysis[k] itself (must be an object) */
    LP_EVAL, LP_MATE, LP_JUDGMENT_NAME, LP_JUDGMENT_COMMENT, LP_VARIATION,
    LP_COUNT
};

struct lichess_ply {
    struct record_value v[LP_COUNT];
};

struct lichess_fields {
    struct record_value v[LF_COUNT]; /* RECORD_MISSING where the record has none */
    struct buf plies;                /* struct lichess_ply by ply, nplies of them */
    size_t nplies;
    struct buf strings;              /* the scan's copies of its strings */
};

/** The member's path in the record ("players.white.rating"), as messages name it. */
const char *lichess_field_path(int field);

/** Its path within an element of "analysis" ("judgment.name"), or "" for LP_CLOCK and LP_ANALYSIS. */
const char *lichess_ply_path(int field);

/** An empty f; lichess_fields_release() frees what it grows. */
void lichess_fields_init(struct lichess_fields *f);

/** Frees f's memory (f may be filled again). */
void lichess_fields_release(struct lichess_fields *f);

/** The ply k's members (all missing past the arrays' ends): never NULL. */
const struct lichess_ply *lichess_fields_ply(const struct lichess_fields *f, size_t k);

/**
 * Fills f from the JSON object at text[0..n), read to the first object's
 * end (the bytes in *used) without a tree. 1 when done; 0 when the fast
 * reader stands aside (json_fast.h: bytes outside printable ASCII, \u
 * escapes, bad or cut JSON) or the record names one of these members
 * twice (jansson keeps the last, whole objects included): then f is to be
 * filled from the jansson tree. Strings point into f, valid until f is
 * filled again.
 */
int lichess_fields_scan(struct lichess_fields *f, const char *text, size_t n, size_t *used);

/**
 * Fills f from the record rec (an object). PGN_OK, or PGN_ETOOBIG when
 * its arrays are beyond reason (or memory ran out). Strings point into rec.
 */
int lichess_fields_of_tree(struct lichess_fields *f, json_t *rec);

/**
 * The PGN text of the record f was filled from, as lichess writes it
 * (lichess_json.c): 0, or RECORD_FAILED with rp->why naming the field at
 * fault. lichess_record_pgn() is this after lichess_fields_of_tree().
 */
int lichess_fields_pgn(const struct lichess_fields *f, struct record_pgn *rp);

#endif
