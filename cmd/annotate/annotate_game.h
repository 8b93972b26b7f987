/* annotate_game.h - annotating one game on a worker of `pgnkit annotate`: tags, judgments, engine evaluations. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_ANNOTATE_GAME_H
#define CMD_ANNOTATE_GAME_H

#include <stdint.h>
#include <stdio.h>
#include "pgn/judge.h"
#include "annotate/uci_engine.h"
#include "base/arena.h"
#include "base/buf.h"
#include "chess/position.h"
#include "pgn/game.h"
#include "replay/replay.h"
#include "write/game_out.h"

enum { MAX_ENGINE_OPTIONS = 64, MAX_EXTRA_TAGS = 24 };

/* The options (read by every worker) and, on the reading thread, the counts. */
struct annotate {
    int eco, plycount, termination, final_fen, hash, fen_comments, hash_comments, judge, quiet;
    int in_movetext; /* an annotation goes into the movetext (FEN comments, judgments) */
    int rewrite;     /* the movetext is written again, not copied as read */
    int nested_comments; /* --nested-comments: braces nest in the inputs' comments */
    int judge_model; /* enum judge_model */
    int use_engine;
    const char *engine_name;
    char engine_path[4096];
    struct uci_search search;
    long pv_plies, timeout_ms, jobs;
    char *engine_options[MAX_ENGINE_OPTIONS];
    int nengine_options;
    struct replay_opts ropts;
    struct game_out_opts go;
    /* counts, on the reading thread */
    uint64_t games, annotated, invalid, skipped, engine_failed;
    uint64_t unjudged; /* --judge without an engine on games with no [%eval] */
    uint64_t plies_done;
    int io_failed;
};

/* ---- Per-worker state ---- */


/* The evaluation of one main-line position, White's point of view. */
struct peval {
    int have;
    int terminal; /* checkmate or stalemate: not searched, no [%eval] written */
    struct judge_eval e;
    struct uci_result res; /* engine only: the search of this position */
};

struct worker {
    const struct annotate *a;
    struct replay r;
    struct game_out out;
    struct uci_engine *engine;
    int chess960; /* UCI_Chess960 as last set: -1 unknown */
    int unjudged; /* the game being annotated had no [%eval] to judge by */
    const char *start_comment; /* the start position's [%eval] (engine), or NULL */
    struct arena strings;
    struct go_move_extra *extras;
    size_t extras_cap;
    struct pos *pos;
    struct peval *ev;
    size_t pos_cap;
    struct buf cmd; /* the position command */
};

/* What became of a game. */
/* OUT_UNJUDGED: written, but --judge found no [%eval] to judge by (a note says so). */
enum outcome { OUT_ANNOTATED, OUT_INVALID, OUT_SKIPPED, OUT_ENGINE_FAILED, OUT_EMPTY, OUT_INTERRUPTED,
               OUT_UNJUDGED };

/** Sets up w for the options a (which must outlive it); starts no engine. */
void annotate_worker_init(struct worker *w, const struct annotate *a);

/** Stops w's engine and frees what w holds. */
void annotate_worker_release(struct worker *w);

/**
 * Starts w's engine with the options of w->a: PGN_OK, or an error status
 * with the engine's message in err[0..cap).
 */
int annotate_engine_start(struct worker *w, char *err, size_t cap);

/**
 * Annotates g into out, its diagnostics to diag, on w; *plies_out is the
 * number of main-line plies annotated. Returns an enum outcome. When only
 * tags change, the movetext is copied as read (game_out_retag), else
 * written again. Dies on running out of memory.
 */
int annotate_game(struct worker *w, const struct game *g, struct buf *out, FILE *diag,
                  uint32_t *plies_out);

#endif
