/* game_out_internal.h - what the game writers (PGN, JSON, EPD/FEN/UCI/CSV) share. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_OUT_INTERNAL_H
#define LIB_GAME_OUT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "write/game_out.h"

/* A tag as written: after GO_SEVEN_TAG_ROSTER, GO_STRIP_TAGS, GO_FIX_RESULTS, max_plies. */
struct go_tag {
    const char *name, *value;
    uint32_t name_len, value_len;
};

enum { GO_NUM_MAX = 24 };

/* One game being written. */
struct go_game {
    struct game_out *o;
    const struct game *g;
    const struct replay *r;
    struct buf *out;
    int err;               /* first buffer error, sticky */

    uint32_t first;        /* main-line plies left out at the start (drop_plies, drop_before) */
    uint32_t limit;        /* main-line plies up to this one written: limit - first of them */
    struct pos start;      /* the position before main-line ply first */
    const uint32_t *path;  /* GO_SPLIT_VARIATIONS: the moves of the line written as the main
                              line (indices into g->moves), or NULL: g's main line */
    uint32_t path_len;
    uint32_t path_var;     /* the variation path ends with (0: the main line) */
    int have_final;
    struct pos final;      /* after the last main-line ply written */
    int result;            /* enum pgn_result of the marker written */

    struct go_tag *tags;   /* in o->scratch */
    size_t ntags;
    char plycount[GO_NUM_MAX];
    char total_plies[GO_NUM_MAX]; /* TotalPlyCount, with GO_TOTAL_PLY_COUNT */
    char start_fen[FEN_MAX];      /* FEN tag when first > 0 */
    void *ctx;             /* the writer's own state */
};

/* One move of a walk: moves[i] played from *before gives *after. */
struct go_step {
    uint32_t i;
    move16 move;          /* MOVE_NONE for a null move */
    uint32_t ply;         /* 1 for the first move from the start position */
    uint32_t depth;       /* 0 on the main line */
    const struct pos *before, *after;
};

/*
 * Callbacks of go_walk(), in text order: line_begin, then per move: move,
 * the move's variations (each a nested line_begin ... line_end), move_end;
 * then line_end. A line starts from the position before its first move.
 */
struct go_visit {
    void (*line_begin)(struct go_game *w, uint32_t var, uint32_t depth, const struct pos *p);
    void (*move)(struct go_game *w, const struct go_step *s);
    void (*move_end)(struct go_game *w, const struct go_step *s);
    void (*line_end)(struct go_game *w, uint32_t var, uint32_t depth);
};

/**
 * Decides the result marker and the tags to write (w->tags). export: the
 * Seven Tag Roster first (missing ones filled in as the export format
 * wants), then the others in input order; else every tag in input order,
 * none added. Then o->extra's tags are applied. Errors are sticky in w->err.
 */
void go_prepare(struct go_game *w, int export);

/**
 * 1 when ply (last: the final ply) lies in one of the n ranges r: the one
 * reading of a list of plies (opts.ranges, opts.diagrams).
 */
int go_ply_in(const struct go_ply_range *r, size_t n, uint32_t ply, uint32_t last);

/**
 * The text of move m played from before in the chosen notation (opts.style),
 * or "--" for a null move; returns its length.
 */
size_t go_pos_move_text(const struct game_out *o, const struct pos *before, move16 m, int null,
                        char out[MOVE_TEXT_MAX]);

/** EPD, FEN: the positions of the main line that opts.ranges selects (game_epd.c). */
void go_write_positions(struct go_game *w);

/** Index into g->moves of main-line ply k (0-based) of the game as written. */
static inline uint32_t go_main_move(const struct go_game *w, uint32_t k)
{
    return w->path ? w->path[k] : w->g->vars[0].first + k;
}

/** Plies of the main line as written, before max_plies and drop_plies. */
static inline uint32_t go_main_len(const struct go_game *w)
{
    return w->path ? w->path_len : w->g->nvars ? w->g->vars[0].count : 0;
}

/** 1 when the comments before the first move are written (not when plies are dropped). */
static inline int go_lead_comments(const struct go_game *w) { return w->first == 0; }

/**
 * Chooses the main-line plies written (game_plies.c): w->first, w->start and
 * w->limit from drop_plies, drop_before, max_plies and quiescent.
 */
void go_choose_plies(struct go_game *w);

/**
 * GO_SPLIT_VARIATIONS: appends to paths (uint32_t move indices) the line of
 * variation var from the start of the game: the moves before it on the
 * lines it branches from, then its own. Returns its length; errors sticky
 * in w->err.
 */
uint32_t go_variation_path(struct go_game *w, uint32_t var, struct buf *paths);

/**
 * The tags to write (w->tags, w->ntags, in w->o->scratch), as go_prepare()
 * describes; fixed: the Result value a final position decided, or NULL;
 * truncated: the main line is cut (a PlyCount tag gets w->plycount).
 */
void go_prepare_tags(struct go_game *w, int export, const char *fixed, int truncated);

/** Walks the main line (up to w->limit plies) and the variations, unless stripped. */
void go_walk(struct go_game *w, const struct go_visit *v);

/** Appends s[0..n) to the output (errors are sticky in w->err). */
void go_put(struct go_game *w, const char *s, size_t n);
static inline void go_puts(struct go_game *w, const char *s) { go_put(w, s, strlen(s)); }

/** Appends UTF-8 text s[0..n) to b as a JSON string literal: quotes, and json_escape() inside. */
int go_json_string(struct buf *b, const char *s, size_t n);

/** 1 if the [%name] command stays under the strip options. */
int go_keep_command(const struct game_out *o, const char *name, size_t len);

/**
 * The text of comment c as written: its raw text without the stripped
 * commands (in o->scratch2, valid until the next call), or the raw text
 * itself. Returns 0 when the comment is left out (stripped, or empty after
 * stripping), else 1 with *s and *n set.
 */
int go_comment_text(struct go_game *w, const struct game_comment *c, const char **s, size_t *n);

/** The text of the move of s in the chosen notation ("--" for a null move); its length. */
size_t go_move_text(struct go_game *w, const struct go_step *s, char out[MOVE_TEXT_MAX]);

/**
 * The first comment from number *k (moved there) up to end that is written
 * with move m at slot (with m NULL: wherever it stands) and not stripped,
 * its text in *s, *n as go_comment_text() gives it; NULL when none is left.
 * The one test every writer of comments makes:
 *
 *   for (uint32_t k = first; (c = go_comment_next(w, &k, first + count, m, slot, &s, &n)); k++)
 */
const struct game_comment *go_comment_next(struct go_game *w, uint32_t *k, uint32_t end,
                                           const struct game_move *m, uint32_t slot,
                                           const char **s, size_t *n);

/**
 * Where comment c of move m goes: 0 right after the move, k after its k-th
 * variation (comments after a ')' in the text belong to the move the
 * variations replace; their offsets tell where they stood). Always 0 when
 * variations are stripped.
 */
uint32_t go_comment_slot(const struct go_game *w, const struct game_move *m, uint32_t c);

/** The value of the first prepared tag (w->tags) called name, or NULL. */
const char *go_tag_value(const struct go_game *w, const char *name);

/** Appends s[0..n) as one CSV field: quoted (quotes doubled) when it holds , " or a line end. */
void go_csv_field(struct go_game *w, const char *s, size_t n);

/** The result marker text of result (PGN or book style). */
const char *go_result_text(const struct game_out *o, int result);

#endif
