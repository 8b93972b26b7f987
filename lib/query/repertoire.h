/* repertoire.h - an opening repertoire (a PGN with variations) as a tree of allowed moves, and where a game leaves it. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_REPERTOIRE_H
#define LIB_REPERTOIRE_H

#include <stdint.h>
#include "chess/position.h"
#include "notation/movewrite.h"
#include "replay/mainline.h"

/*
 * A repertoire is read from a PGN file: every move of every game of the
 * file, main lines and variations alike, is an allowed move from the
 * position before it. All games of the file are merged.
 *
 * Nodes are positions, matched by their repetition key, not move paths: a
 * trainer prepares positions, so a game that reaches a prepared position by
 * another order of prepared moves (1. d4 Nf6 2. c4 where the file has
 * 1. c4 Nf6 2. d4) is still in the book there, and the moves prepared in
 * either line are allowed.
 *
 * A game leaves the repertoire at the first main-line move played in a
 * position that has prepared moves when that move is not one of them. A
 * position without prepared moves is the end of the book: the game went
 * past it, it did not leave it. The exit is by "us" when the mover is the
 * repertoire's side (a deviation from our preparation) and by "them" when
 * it is the other side (the opponent left the book); with both sides, by
 * the mover's colour only.
 */
enum repertoire_side { REP_SIDE_BOTH = 0, REP_SIDE_WHITE, REP_SIDE_BLACK };
enum repertoire_exit_kind { REP_EXIT_ANY = 0, REP_EXIT_US, REP_EXIT_THEM };

struct repertoire;

/* Where a game left the repertoire. */
struct repertoire_exit {
    uint32_t ply;      /* main-line moves before the exit move (its position's ply) */
    move16 move;       /* the move not in the repertoire */
    int mover;         /* WHITE or BLACK */
    struct pos before; /* the position it was played in */
};

enum { REPERTOIRE_MSG_MAX = 300, REPERTOIRE_EXIT_TEXT_MAX = 16 + MOVE_TEXT_MAX };

/**
 * Reads the repertoire file at path (moves in language lang, a notation.h
 * id or NOTATION_AUTO) into *out (free with repertoire_free). Returns
 * PGN_OK; PGN_EINVAL with msg "FILE:LINE:COL: why" for a file that cannot
 * be opened, has no moves, or has an illegal, ambiguous or unreadable
 * move in any line; or PGN_ENOMEM.
 */
int repertoire_read(struct repertoire **out, const char *path, int lang,
                    char msg[REPERTOIRE_MSG_MAX]);

/** Frees r (NULL is allowed). */
void repertoire_free(struct repertoire *r);

/** Number of distinct (position, move) pairs of r. */
uint32_t repertoire_size(const struct repertoire *r);

/**
 * The first exit of the main line of ml (status ML_OK) from r into *out:
 * 1 when it has one, 0 when the game stays in the book until its end or
 * until the book ends, or PGN_ENOMEM.
 */
int repertoire_first_exit(const struct repertoire *r, struct mainline *ml,
                          struct repertoire_exit *out);

/** REP_EXIT_US or REP_EXIT_THEM: who made exit e for a repertoire of side (enum repertoire_side); REP_EXIT_ANY with both sides. */
int repertoire_exit_kind(int side, const struct repertoire_exit *e);

/** Writes e as a move number and SAN, "12...Nd7" or "3.Bb5", into out; returns the length. */
size_t repertoire_exit_text(const struct repertoire_exit *e, char out[REPERTOIRE_EXIT_TEXT_MAX]);

struct buf;

/**
 * Appends to out the main-line moves of ml before exit e, numbered
 * ("1.e4 e5 2.Nf3"; "" for an exit at the first move): the path by which
 * that game reached the exit's position. PGN_OK or PGN_ENOMEM.
 */
int repertoire_exit_path(struct mainline *ml, const struct repertoire_exit *e, struct buf *out);

#endif
