/* index_play.h - what the database keeps of a game's clocks and evaluations: the where fields' values. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_PLAY_H
#define LIB_INDEX_PLAY_H

#include <stddef.h>
#include <stdint.h>
#include "query/game_facts.h"

/*
 * The where fields of clocks and evaluations (white_min_clock ..
 * black_accuracy, play_totals.h) are stored as the values game_facts_get
 * gives the scan, so that the database answers them exactly. Most games
 * (over the board, no clocks) have none: they take no byte. A game that
 * has some takes, after its material runs (index_material.h, flag
 * IM_PLAY), a varint mask of the fields present (bit i: field
 * index_play_field(i)) and then each present value as a zigzag varint, in
 * field order.
 */
enum {
    INDEX_PLAY_FIELDS = 16,
    INDEX_PLAY_MAX = 3 + INDEX_PLAY_FIELDS * 10, /* bytes of one game at most */
};

/* A game's clock and evaluation fields, decoded. */
struct index_play {
    unsigned mask;                   /* bit i: field i has a value */
    int64_t value[INDEX_PLAY_FIELDS];
};

/** The field (enum field_id) of slot i (0 .. INDEX_PLAY_FIELDS - 1). */
int index_play_field(int i);

enum { INDEX_PLAY_NO_SLOT = -1 };

/** The slot of field (enum field_id), or INDEX_PLAY_NO_SLOT when the database keeps no such play field. */
int index_play_slot(int field);

enum index_play_result {
    INDEX_PLAY_UNSURE = -1, /* a field could not be worked out: only the scan decides */
    INDEX_PLAY_NONE = 0,    /* the game has none of the fields: nothing written */
};

/**
 * The fields of f's game (complete, not lazy) encoded into
 * out[INDEX_PLAY_MAX]; returns the length, INDEX_PLAY_NONE or
 * INDEX_PLAY_UNSURE (nothing written then).
 */
int index_play_encode(struct game_facts *f, unsigned char *out);

/**
 * Decodes the fields at in[0..n) into *p; returns the bytes they take, or 0
 * when they are damaged.
 */
size_t index_play_decode(const unsigned char *in, size_t n, struct index_play *p);

#endif
