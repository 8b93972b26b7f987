/* uci_engine.h - a UCI chess engine run as a child process: start, set options, search, stop. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_UCI_ENGINE_H
#define LIB_UCI_ENGINE_H

#include <stddef.h>
#include "chess/position.h"

/*
 * The engine runs as a child process (fork/exec) in a process group of its
 * own, talking over a socket pair (so that writing to a dead engine gives
 * EPIPE, never SIGPIPE). Killing it kills the whole group: a wrapper script's
 * children go with it. Every answer has a deadline (poll): the timeout for
 * uciok and readyok, and for a search the timeout plus the movetime from
 * "go" to "bestmove", however many info lines come in between. Nothing here
 * prints or exits: every function returns PGN_OK or an error code, and
 * uci_engine_error() says what went wrong:
 *
 *   PGN_EIO      the engine could not be started, died, or did not answer
 *                within its deadline (then it is killed: start a new one)
 *   PGN_EINVAL   the engine answered something unusable
 *   PGN_ENOMEM
 *
 * Protocol: uci -> uciok, setoption name N value V, isready -> readyok,
 * ucinewgame, position startpos|fen F [moves m1 m2 ...], go depth|nodes|
 * movetime -> info ... score cp|mate ... pv ..., bestmove.
 */

enum { UCI_PV_MAX = 64, UCI_MULTIPV_MAX = 5, UCI_ERR_MAX = 256, UCI_BAD_MAX = 4,
       UCI_BAD_TEXT = 160 };

struct uci_line {
    int valid;        /* a score was seen for this line */
    int mate;         /* mate in N from the side to move's view (0: cp is valid) */
    int cp;           /* centipawns from the side to move's view */
    int depth;
    int npv;
    char pv[UCI_PV_MAX][8]; /* the moves of the line, UCI text */
};

struct uci_search {
    long depth, nodes, movetime; /* the first non-zero of nodes, depth, movetime is the limit */
    int multipv;                 /* 1..UCI_MULTIPV_MAX */
};

/* A line of the engine's output that was not used, and why. */
struct uci_bad {
    char why[64];           /* "the score is not a number", "illegal move 'e2e5' in the pv" */
    char line[UCI_BAD_TEXT]; /* the line as sent, cut at UCI_BAD_TEXT - 1 bytes */
};

struct uci_result {
    struct uci_line lines[UCI_MULTIPV_MAX]; /* lines[0] is the best */
    char bestmove[8];      /* as sent ("(none)", "0000": no move); "" when it was illegal */
    unsigned long long nodes; /* nodes searched, as the engine last reported */
    int nbad;              /* lines not used (or cut: a pv at its illegal move) */
    struct uci_bad bad[UCI_BAD_MAX]; /* the first min(nbad, UCI_BAD_MAX) of them */
};

struct uci_engine;

/**
 * Finds an engine program: a name with a '/' as it is, else looked up in
 * PATH and then /usr/games. Writes the path into out (cap bytes); returns 0,
 * or UCI_ENGINE_NOT_FOUND (an answer, not an error status).
 */
enum { UCI_ENGINE_NOT_FOUND = -1 };
int uci_engine_find(const char *name, char *out, size_t cap);

/**
 * Starts the engine at path and waits for uciok (timeout_ms per line).
 * *out receives the engine even on failure, for uci_engine_error(); free it
 * with uci_engine_free(). Returns PGN_OK, PGN_EIO or PGN_ENOMEM.
 */
int uci_engine_start(struct uci_engine **out, const char *path, int timeout_ms);

/** Sends "setoption name NAME value VALUE" (value may be NULL: a button). */
int uci_engine_setoption(struct uci_engine *e, const char *name, const char *value);

/** Sends isready and waits for readyok. */
int uci_engine_isready(struct uci_engine *e);

/** Sends ucinewgame and waits for readyok. */
int uci_engine_newgame(struct uci_engine *e);

/**
 * Sends the position command (text after "position ", e.g. "startpos moves
 * e2e4") and "go" with the limits of s, and reads up to bestmove, which must
 * come within the timeout plus s->movetime of "go". at (may be NULL) is the
 * position searched: the moves of every pv and the best move must be legal
 * there. Output that cannot be used is not taken and is listed in
 * res->bad: a score that is not a whole number or is beyond what [%eval]
 * holds (judge.h), "mate 0" (a searched position is never mated yet), a pv
 * cut at its first illegal move, an illegal bestmove. Returns PGN_OK,
 * PGN_EIO (died, timed out: the engine is killed) or PGN_EINVAL (no usable
 * score).
 */
int uci_engine_go(struct uci_engine *e, const char *position, const struct pos *at,
                  const struct uci_search *s, struct uci_result *res);

/** What went wrong last ("" if nothing). Owned by e. */
const char *uci_engine_error(const struct uci_engine *e);

/**
 * Sends quit, waits a moment for the engine to exit, kills what is left of
 * its process group, frees e (NULL allowed).
 */
void uci_engine_free(struct uci_engine *e);

#endif
