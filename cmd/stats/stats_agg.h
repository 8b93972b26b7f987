/* stats_agg.h - the aggregate of `pgnkit stats`: exact counts and sums per game, merged across workers and runs. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_STATS_AGG_H
#define CMD_STATS_AGG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/hash_table.h"
#include "chess/position.h"
#include "pgn/game.h"
#include "index/index_tree.h"
#include "replay/replay.h"

/*
 * Everything is an exact integer (counts, sums, minima, maxima) so that the
 * aggregates of workers, and of runs over shards of a database (--merge),
 * combine into exactly the aggregate of one run over everything. Averages
 * and percentages are derived only when a report is written.
 */

enum stats_report { R_SUMMARY, R_OPENINGS, R_TREE, R_PLAYERS, R_COUNT };
enum stats_format { FMT_TEXT, FMT_CSV, FMT_TSV, FMT_JSON, FMT_HTML };

/* The report names of --format json ("summary", ...), by enum stats_report. */
extern const char *const stats_report_names[R_COUNT];

/* What a run reports; read only while games are counted (on every worker). */
struct stats_opts {
    int report; /* enum stats_report */
    int format; /* enum stats_format */
    int depth;  /* --tree: moves deep */
    long top;   /* --top: rows of the long tables in text (0: the default) */
    struct pos root; /* --tree: the position */
    char root_fen[FEN_MAX];
    bool bar_color, bar_utf8; /* text --tree: the W/D/B bars in colour, in block characters */
};

/* ---- String-keyed tables of exact integer fields ---- */

enum { NV = 10 }; /* fields per key, at most */

/* How a field combines when partial aggregates are merged. */
enum { SUM = 0, MIN, MAX };

struct table_kind {
    const char *name;       /* the JSON member */
    int nf;
    const char *fields[NV]; /* JSON field names */
    int op[NV];             /* SUM, MIN (0 = none), MAX */
};

/* The fields of the players' and the explorer's tables (a rating sum is followed by its count). */
enum { PL_GAMES, PL_WINS, PL_DRAWS, PL_LOSSES, PL_OPP_SUM, PL_OPP_N, PL_WHITE, PL_BLACK,
       PL_ELO_SUM, PL_ELO_N };
enum { MV_GAMES, MV_WHITE, MV_DRAWS, MV_BLACK, MV_RSUM, MV_RN, MV_OSUM, MV_ON, MV_Y0, MV_Y1 };

struct stats_table {
    const struct table_kind *kind;
    struct hash_table h; /* key -> int64_t[NV] */
};

/* A key and its fields, as stats_table_sorted() lists them (the table's own). */
struct stats_entry {
    const char *key;
    int64_t *v; /* NV fields */
};

/** The fields of key[0..len) in t, zero when it is new; dies on running out of memory. */
int64_t *stats_table_get(struct stats_table *t, const char *key, size_t len);

/**
 * Adds the count n to *total: 0, or -1 (*total unchanged) when n or *total is
 * negative or the sum would pass INT64_MAX. Every count that --merge reads
 * from a file is added through here.
 */
int stats_count_add(int64_t *total, int64_t n);

/**
 * Combines the fields src into dst as the kind k says (SUM, MIN, MAX): 0, or
 * -1 when a sum fails stats_count_add() (dst is then partly combined).
 */
int stats_entry_combine(const struct table_kind *k, int64_t *dst, const int64_t *src);

/** qsort orders: field 0 descending, then key; or by key. */
int stats_by_games(const void *a, const void *b);
int stats_by_key(const void *a, const void *b);

/** Every entry of t sorted by cmp (hash_table_count(&t->h) of them); the caller frees the array. */
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
    /* The tree's nodes by their moves from the root (move16 bytes): each
     * node's SAN path is written once, not once per game (count_nodes). */
    struct hash_table nodes;
    int64_t *root_node; /* the root's, asked for by every game */
    int64_t **first_nodes; /* the nodes of one move after the root, by move16 (NULL: none yet) */
};

/** An empty aggregate. */
void stats_agg_init(struct stats_agg *a);

/** Frees what a holds. */
void stats_agg_release(struct stats_agg *a);

/** Counts one game of plies main-line plies into the length histogram and sum. */
void stats_agg_plies(struct stats_agg *a, size_t plies);

/**
 * Adds count games to the length histogram's bucket plies, not to the sum
 * (merging brings its own): 0, or -1 as stats_count_add().
 */
int stats_agg_plies_add(struct stats_agg *a, size_t plies, int64_t count);

/** Adds s into d. */
void stats_agg_merge(struct stats_agg *d, const struct stats_agg *s);

/** Counts a game the database told (index_tree.h) into a, as stats_count_game() would. */
void stats_count_indexed(const struct stats_opts *o, struct stats_agg *a,
                         const struct index_tree_game *tg);

/** Replays g with r (the caller's) and counts it into a for the report of o; dies on running out of
 * memory. */
void stats_count_game(const struct stats_opts *o, struct stats_agg *a, struct replay *r,
                      const struct game *g);

#endif
