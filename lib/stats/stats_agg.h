/* stats_agg.h - the statistics aggregate: exact counts and sums per game, merged across threads and runs. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_STATS_AGG_H
#define LIB_STATS_AGG_H

#include <stddef.h>
#include <stdint.h>
#include "base/hash_table.h"
#include "chess/position.h"
#include "pgn/game.h"
#include "index/index_tree.h"
#include "replay/replay.h"
#include "stats/tree_buckets.h"

/*
 * Everything is an exact integer (counts, sums, minima, maxima) so that the
 * aggregates of threads, and of runs over shards of a database (merged
 * from their JSON, stats_json_merge.h), combine into exactly the aggregate
 * of one run over everything. Averages and percentages are derived only
 * when a report is written.
 *
 * ERRORS. Every function that can fail returns PGN_OK or a negative enum
 * pgn_status: PGN_ENOMEM when memory runs out, PGN_ETOOBIG when a sum would
 * pass INT64_MAX. After a failure the aggregate holds part of what was
 * being added; it can still be released.
 *
 * THREADS. An aggregate belongs to one thread at a time: each thread counts
 * into its own and the owner merges them at the end (stats_agg_merge).
 */

enum stats_report { R_SUMMARY, R_OPENINGS, R_TREE, R_PLAYERS, R_CLOCK, R_COUNT };

/* The report names of the JSON ("summary", ...), by enum stats_report. */
extern const char *const stats_report_names[R_COUNT];

/* What is counted; read only while games are counted (by every thread). */
struct stats_opts {
    int report; /* enum stats_report */
    int depth;  /* R_TREE: moves deep (1 .. INDEX_TREE_DEPTH_MAX) */
    struct pos root; /* R_TREE: the position */
    char root_fen[FEN_MAX]; /* R_TREE: its FEN without the move counters, as the JSON names it */
    int by;     /* R_TREE: enum tree_by, rows also counted per rating group or speed */
};

/**
 * Sets o for report (enum stats_report); for R_TREE from root (NULL: the
 * start position) to depth moves. PGN_OK, or PGN_EINVAL for a report or a
 * depth that is none.
 */
int stats_opts_set(struct stats_opts *o, int report, const struct pos *root, int depth);

/** 1 when aggregates counted with a and with b may be merged (same report, root and depth). */
int stats_opts_same(const struct stats_opts *a, const struct stats_opts *b);

/* ---- String-keyed tables of exact integer fields ---- */

enum { NV = 14 }; /* fields per key, at most */

/* How a field combines when partial aggregates are merged. */
enum { SUM = 0, MIN, MAX };

struct table_kind {
    const char *name;       /* the JSON member */
    int nf;
    const char *fields[NV]; /* JSON field names */
    int op[NV];             /* SUM, MIN (0 = none), MAX */
    int optional_from;      /* fields from here on (0: none) are written only when not 0 and
                             * read as 0 when missing: files written before them still merge */
};

/*
 * The fields of the players' and the explorer's tables (a rating sum is
 * followed by its count). A player's accuracies (query/game_accuracy.h) are
 * summed in hundredths, one per game that has one; PL_CLOCKED counts the
 * games where the player's moves carry clocks and evaluations, PL_TROUBLE
 * those among them with a time-trouble move (play_side_in_trouble() under
 * PLAY_TROUBLE_SECONDS).
 */
enum { PL_GAMES, PL_WINS, PL_DRAWS, PL_LOSSES, PL_OPP_SUM, PL_OPP_N, PL_WHITE, PL_BLACK,
       PL_ELO_SUM, PL_ELO_N, PL_ACC_SUM, PL_ACC_N, PL_CLOCKED, PL_TROUBLE };
enum { MV_GAMES, MV_WHITE, MV_DRAWS, MV_BLACK, MV_RSUM, MV_RN, MV_OSUM, MV_ON, MV_Y0, MV_Y1 };
/* The fields of the tree's rows per bucket (moves_by: "BUCKET\tPATH"). */
enum { MB_GAMES, MB_WHITE, MB_DRAWS, MB_BLACK };

struct stats_table {
    const struct table_kind *kind;
    struct hash_table h; /* key -> int64_t[kind->nf] */
};

/* A key and its fields, as stats_table_sorted() lists them (the table's own). */
struct stats_entry {
    const char *key;
    int64_t *v; /* kind->nf fields */
};

/** The fields of key[0..len) in t, zero when it is new; NULL when memory runs out. */
int64_t *stats_table_get(struct stats_table *t, const char *key, size_t len);

/**
 * Adds the count n to *total: PGN_OK, or PGN_ETOOBIG (*total unchanged)
 * when n or *total is negative or the sum would pass INT64_MAX. Every count
 * that a merge adds goes through here.
 */
int stats_count_add(int64_t *total, int64_t n);

/**
 * Combines the fields src into dst as the kind k says (SUM, MIN, MAX):
 * PGN_OK, or PGN_ETOOBIG when a sum fails stats_count_add() (dst is then
 * partly combined).
 */
int stats_entry_combine(const struct table_kind *k, int64_t *dst, const int64_t *src);

/**
 * Adds a game of result res (enum pgn_result) to the side's (0 White, 1
 * Black) counts v[wins], v[wins + 1] (draws), v[wins + 2] (losses); a game
 * without a decided or drawn result adds nothing.
 */
void stats_count_side_result(int64_t *v, int wins, int side, int res);

/** qsort orders: field 0 descending, then key; or by key. */
int stats_by_games(const void *a, const void *b);
int stats_by_key(const void *a, const void *b);

/**
 * Every entry of t sorted by cmp (hash_table_count(&t->h) of them), in an
 * array the caller frees; NULL when memory runs out.
 */
struct stats_entry *stats_table_sorted(const struct stats_table *t,
                                       int (*cmp)(const void *, const void *));

/* ---- The aggregate ---- */

enum term {
    T_CHECKMATE, T_RESIGNATION, T_TIME, T_STALEMATE, T_REPETITION, T_FIFTY, T_SEVENTYFIVE,
    T_DEAD, T_AGREED, T_UNFINISHED,
    /* Shown only when counted; a stats JSON file written before them lacks them. */
    T_ABANDONED, T_RULES, T_ADJUDICATION, T_COUNT
};
/* Names of the terminations (enum term) and of the results (enum pgn_result). */
extern const char *const stats_term_names[T_COUNT];
extern const char *const stats_result_names[5];

enum { ELO_BUCKETS = 40 }; /* 100-point buckets, 0-99 .. 3900+ */

struct stats_agg {
    int64_t games, valid, invalid, skipped;
    int64_t results[5]; /* by enum pgn_result */
    int64_t elo_sum, elo_n, elo_hist[ELO_BUCKETS];
    int64_t plies_sum;
    int64_t *plies_hist; /* games by main-line length in plies */
    size_t plies_cap;
    int64_t term[T_COUNT];
    struct stats_table years, variants, events;
    struct stats_table openings, players, moves;
    struct stats_table moves_by; /* R_TREE with by: the rows per bucket, "BUCKET\tPATH" */
    struct stats_table clock_moves, clock_bands; /* stats/stats_clock.h */
    /* The tree's nodes by their moves from the root (move16 bytes): each
     * node's SAN path is written once, not once per game (count_nodes). */
    struct hash_table nodes;
    int64_t *root_node; /* the root's, asked for by every game */
    int64_t **first_nodes; /* the nodes of one move after the root, by move16 (NULL: none yet) */
};

/** An empty aggregate; allocates nothing yet. */
void stats_agg_init(struct stats_agg *a);

/** Frees what a holds. */
void stats_agg_release(struct stats_agg *a);

/**
 * Adds count games to the length histogram's bucket plies, not to the sum
 * (merging brings its own): PGN_OK, PGN_ETOOBIG as stats_count_add(), or
 * PGN_ENOMEM.
 */
int stats_agg_plies_add(struct stats_agg *a, size_t plies, int64_t count);

/**
 * Adds s into d (both counted with the same stats_opts): the one merge of
 * aggregates, for threads and for handles alike. PGN_OK, PGN_ETOOBIG or
 * PGN_ENOMEM.
 */
int stats_agg_merge(struct stats_agg *d, const struct stats_agg *s);

/**
 * The fields (MB_*) of the tree row path (its SAN moves from the root,
 * space-separated) in bucket (a tree_bucket_names() name), or NULL when no
 * game of the bucket reached it.
 */
const int64_t *stats_tree_bucket_row(const struct stats_agg *a, const char *bucket,
                                     const char *path);

/** Counts a game the database told (index_tree.h) into a, as stats_count_game() would. */
int stats_count_indexed(const struct stats_opts *o, struct stats_agg *a,
                        const struct index_tree_game *tg);

/**
 * Counts what a database's counts table told of the tree (one move deep,
 * index_tree_counted()) into a, as stats_count_indexed() would of each of
 * its games. PGN_OK or PGN_ENOMEM.
 */
int stats_count_counts(const struct stats_opts *o, struct stats_agg *a,
                       const struct index_tree_counts *c);

/**
 * Counts g into a for the report of o; r holds g's replay (replay_game()
 * returned PGN_OK on it). A game without moves or tags (GAME_EMPTY) is
 * not counted. PGN_OK or PGN_ENOMEM.
 */
int stats_count_replayed(const struct stats_opts *o, struct stats_agg *a,
                         const struct replay *r, const struct game *g);

/** Replays g with r (the caller's) and counts it as stats_count_replayed(). */
int stats_count_game(const struct stats_opts *o, struct stats_agg *a, struct replay *r,
                     const struct game *g);

#endif
