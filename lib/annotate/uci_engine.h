/* uci_engine.h - a UCI chess engine run as a child process: start, set options, search, stop. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_UCI_ENGINE_H
#define LIB_UCI_ENGINE_H

#include <stddef.h>

/*
 * The engine runs as a child process (fork/exec) talking over a socket pair
 * (so that writing to a dead engine gives EPIPE, never SIGPIPE). Every read
 * waits at most the timeout for the next line (poll). Nothing here prints or
 * exits: every function returns PGN_OK or an error code, and
 * uci_engine_error() says what went wrong:
 *
 *   PGN_EIO      the engine could not be started, died, or sent nothing
 *                within the timeout (then it is killed: start a new one)
 *   PGN_EINVAL   the engine answered something unusable
 *   PGN_ENOMEM
 *
 * Protocol: uci -> uciok, setoption name N value V, isready -> readyok,
 * ucinewgame, position startpos|fen F [moves m1 m2 ...], go depth|nodes|
 * movetime -> info ... score cp|mate ... pv ..., bestmove.
 */

enum { UCI_PV_MAX = 64, UCI_MULTIPV_MAX = 5, UCI_ERR_MAX = 256 };

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

struct uci_result {
    struct uci_line lines[UCI_MULTIPV_MAX]; /* lines[0] is the best */
    char bestmove[8];                       /* "(none)" when there is no legal move */
    unsigned long long nodes;               /* nodes searched, as the engine last reported */
};

struct uci_engine;

/**
 * Finds an engine program: a name with a '/' as it is, else looked up in
 * PATH and then /usr/games. Writes the path into out (cap bytes); returns 0,
 * or -1 when not found.
 */
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
 * e2e4") and "go" with the limits of s, and reads up to bestmove. Each wait
 * for a line is limited by the timeout plus s->movetime. Returns PGN_OK,
 * PGN_EIO (died, timed out: the engine is killed) or PGN_EINVAL (no score).
 */
int uci_engine_go(struct uci_engine *e, const char *position, const struct uci_search *s,
                  struct uci_result *res);

/** What went wrong last ("" if nothing). Owned by e. */
const char *uci_engine_error(const struct uci_engine *e);

/** Sends quit, waits a moment, kills the engine if needed, frees e (NULL allowed). */
void uci_engine_free(struct uci_engine *e);

#endif
