/* api_internal.h - the handles of the public interface (pgnkit.h) and what its files share. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_API_INTERNAL_H
#define LIB_API_INTERNAL_H

#include <stddef.h>
#include "pgnkit.h"
#include "base/buf.h"
#include "chess/position.h"
#include "index/index_tree.h"
#include "pgn/game.h"
#include "pgn/pgn_reader.h"
#include "query/search_query.h"
#include "replay/replay.h"

/*
 * A game as the interface hands it out: the reader's parsed game, and what
 * the replay made of it, done on the first call that needs it. One lives in
 * each reader and is refilled by every pgnkit_reader_next().
 */
struct pgnkit_game {
    struct game g;
    struct replay r;
    int replayed;       /* 1 once replay_game() ran on g */
    int replay_status;  /* what it returned */
    struct pos *line;   /* main-line positions [0 .. r.plies], made on demand */
    size_t line_len;    /* 0 until made */
    size_t line_cap;
    struct pgn_reader *reader; /* the reader that returned g */
};

struct pgnkit_reader {
    struct pgn_reader *in;
    struct pgnkit_game game;
    int status;      /* the error that ended reading, PGN_OK if none */
    int have_game;   /* game.r holds a replay to release */
};

struct pgnkit_position {
    struct pos p;
};

/** Replays g once (later calls return the first call's status). */
int api_game_replay(struct pgnkit_game *g);

/* What api_game_move_index() returns for a ply the main line does not have. */
enum { API_NO_MOVE = -1 };

/** The game's language-neutral main-line index of ply (1-based) in g->g.moves, or API_NO_MOVE. */
long api_game_move_index(struct pgnkit_game *g, size_t ply);

/**
 * The one place that turns a move of a position into text, for the games'
 * plies and for positions alike: format is enum pgnkit_move_format, lang a
 * notation id. Returns the length as snprintf does, 0 for a bad format or
 * language. A null move (MOVE_NONE) is written "--" ("0000" in UCI).
 */
size_t api_write_move(const struct pos *p, move16 m, int format, int lang, char *out,
                      size_t cap);

struct pgnkit_db;

/*
 * A game of the tree walk: what the tree reads of it (tg), its number in
 * the database (pgnkit_db_game_pgn()), and the game itself when it was
 * read from its source (NULL when the records told it). Returns 0 to go
 * on, else a PGNKIT_ status that ends the walk.
 */
typedef int api_tree_fn(void *ctx, const struct index_tree_game *tg, uint64_t number,
                        const struct game *g);

/**
 * The one walk of a database's games for a tree at root to depth moves:
 * every game, told from the records where they can, else read and
 * replayed, handed to fn in the order of the sources (within a source, the
 * told games first). PGNKIT_OK, fn's status, or PGNKIT_EIO, PGNKIT_EFORMAT,
 * PGNKIT_ENOMEM (pgnkit_db_error() says what).
 */
int api_db_tree_walk(struct pgnkit_db *db, const struct pos *root, int depth, api_tree_fn *fn,
                     void *ctx);

/*
 * A source's counts at the root (index_tree_counted()): the counts of the
 * games they tell, their game numbers in the source; before is the games
 * of the database's sources before it. 0 to go on, else a PGNKIT_ status.
 */
typedef int api_counted_fn(void *ctx, const struct index_tree_counts *c, uint64_t before);

/**
 * The same walk one move deep, but each source whose counts table tells the
 * root hands them to counted at once; only the games the counts cannot tell
 * go to fn, as api_db_tree_walk() hands them. Statuses as api_db_tree_walk().
 */
int api_db_tree_counted(struct pgnkit_db *db, const struct pos *root, api_tree_fn *fn,
                        api_counted_fn *counted, void *ctx);

/**
 * Hands fn the games numbers[0..n) of the database (its numbering, as
 * pgnkit_db_game_pgn()), read and replayed as api_db_tree_walk() reads a
 * game its records cannot tell, in the order of the database. Statuses as
 * api_db_tree_walk().
 */
int api_db_tree_games(struct pgnkit_db *db, const struct pos *root, const uint64_t *numbers,
                      size_t n, api_tree_fn *fn, void *ctx);

/** The criteria of q, for a database's plan (index_plan.h). */
const struct search_query *api_query_criteria(const struct pgnkit_query *q);

/** The options q's criteria were built with. */
const struct search_query_opts *api_query_opts(const struct pgnkit_query *q);

/**
 * The one matcher of the interface: 1 when q matches game g, read by
 * reader (for what the query asks of it beyond g), else 0.
 */
int api_query_match_game(struct pgnkit_query *q, struct game *g, struct pgn_reader *reader);

/** Copies src (length n) into out[0..cap) NUL-terminated, as snprintf("%s") would. */
size_t api_copy_text(char *out, size_t cap, const char *src, size_t n);

/**
 * Hands the text a writer just put in b to the caller, as the interface
 * returns texts: rc is the writer's status; on success a NUL goes after the
 * text (not counted, so that it reads as a C string too) and *text, *len
 * get it; on failure they get "" and 0. Returns the status.
 */
int api_text_out(struct buf *b, int rc, const char **text, size_t *len);

#endif
