/* index_walk.h - what the database keeps of a game's first positions: their keys, where they lead, its stats facts. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_INDEX_WALK_H
#define LIB_INDEX_WALK_H

#include <stdint.h>
#include "chess/material.h"
#include "chess/position.h"
#include "pgn/game.h"
#include "query/game_facts.h"
#include "replay/replay.h"

/*
 * The position index answers "which games reach this position" for the
 * positions of plies 0 to INDEX_WALK_PLIES of each main line, and proves
 * for most other games that they never can. Per game the build keeps:
 *
 *  - the repetition key (pos_repetition_key) of each position of the main
 *    line up to that ply, as the scan's mainline walk plays it, with the
 *    first ply it occurs at (the table game_positions, see index_positions.h);
 *  - the reach of the last position walked: castling rights, the pawns on
 *    their start squares and the material. Those never come back, so a
 *    target position that needs more of them is out of reach for the rest
 *    of the game (the same proof sq_match_position() gives up on);
 *  - what the stats tree (index_tree.h) counts of the game (stats_agg.c reads these from
 *    the tags and the replay; the same reading is done here), so that the
 *    tree at a position is counted from the database alone.
 *
 * A record of INDEX_WALK_SIZE bytes per game, little endian, in blobs of
 * INDEX_CHUNK_GAMES games (the table game_walks):
 *
 *    0  u64 reach   bits  0-3  castling rights (CR_*)
 *                         4-11 White's pawns on a2..h2, 12-19 Black's on a7..h7
 *                        20-59 counts, 4 bits each: White P N B R Q, Black P N B R Q
 *                        60    WALK_ENDED: the main line has no position after it
 *                        61    WALK_UNSURE: the walk could not be made (only the scan tells)
 *    8  u8  flags (enum index_walk_flags)
 *    9  u8  result, as stats reads it (enum pgn_result)
 *   10  u16 replayed main-line plies (65535: that many or more)
 *   12  u32 White's rating, 16 u32 Black's, as stats reads them (0: none)
 *   20  u16 year, as stats reads it (0: none)
 *   22  u16 bits 0-2  speed, as stats reads it (enum stats_speed)
 *           bits 3-6  first month of the Date (stats_months(); 0: no date)
 *           bits 7-10 last month of the Date
 *           bits 11-15 0
 *           The Date's year is the year above; when it is not (a Date the
 *           year reading and the date reading see differently), both months
 *           are WALK_MONTH_UNSURE and only the game's replay tells its months.
 */
enum { INDEX_WALK_PLIES = 30, INDEX_WALK_SIZE = 24 };

enum { WALK_ENDED = 60, WALK_UNSURE = 61 };

enum { WALK_MONTH_UNSURE = 15 };

enum index_walk_flags {
    IW_EMPTY = 1 << 0,     /* not a game: stats does not count it */
    IW_INVALID = 1 << 1,   /* the replay found errors */
    IW_SKIPPED = 1 << 2,   /* a variant the replay does not play */
    IW_TREE = 1 << 3,      /* the replay's positions are the walk's, and it has moves:
                            * the tree can be counted from the database */
};

struct index_walk {
    uint32_t n;                            /* distinct positions walked */
    uint64_t key[INDEX_WALK_PLIES + 1];    /* their keys, in the order first met */
    uint8_t ply[INDEX_WALK_PLIES + 1];     /* the ply each is first met at */
    uint64_t reach;
    unsigned flags;
    int result;
    uint32_t rplies;
    uint32_t white_elo, black_elo, year;
    uint32_t speed;                        /* enum stats_speed */
    uint32_t month_first, month_last;      /* 1-12 in year; 0: no date; WALK_MONTH_UNSURE */
};

/**
 * The walk of the game of f (whose mainline has been read, as after
 * index_record_of) into *w; r is its replay (NULL: not replayed, then the
 * tree is not counted from the database).
 */
void index_walk_of(struct game_facts *f, const struct game *g, const struct replay *r,
                   struct index_walk *w);

/** Writes w's record (INDEX_WALK_SIZE bytes) at out. */
void index_walk_encode(const struct index_walk *w, unsigned char *out);

/** Reads the record at in into *w (n stays 0: the keys are not in the record). */
void index_walk_decode(const unsigned char *in, struct index_walk *w);

/** 1 when the tree's counts take the game's positions from its walk: a game, played, IW_TREE. */
static inline int index_walk_told(const struct index_walk *w)
{
    return !(w->flags & (IW_EMPTY | IW_SKIPPED)) && (w->flags & IW_TREE);
}

/** 1 for a decided result (1-0, 1/2-1/2, 0-1): the explorer's mean ratings and listed games are of those. */
static inline int index_walk_decided(int result)
{
    return result == PGN_RESULT_WHITE || result == PGN_RESULT_DRAW || result == PGN_RESULT_BLACK;
}

/*
 * A target position as the reach test reads it: made once per query from
 * the position (index_target_of), tested per game (index_reach_rules_out).
 */
struct index_target {
    uint64_t key;
    uint8_t castling;
    uint8_t home[2];     /* the target's pawns on their start squares, a file a bit */
    int side;            /* the side to move */
    struct material mat;
};

/** The target of position p. */
void index_target_of(const struct pos *p, struct index_target *t);

/**
 * 1 when the reach of a game proves it never reaches t after the last position
 * walked (it needs a castling right, a pawn on its start square or material the
 * game no longer has, or the main line ends there), else 0.
 */
int index_reach_rules_out(uint64_t reach, const struct index_target *t);

#endif
