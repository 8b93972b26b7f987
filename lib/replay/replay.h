/* replay.h - replays a parsed game on the rules core and checks it against the Laws and the PGN standard. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_REPLAY_H
#define LIB_REPLAY_H

#include <stddef.h>
#include <stdint.h>
#include "pgn/game.h"
#include "chess/material.h"
#include "chess/position.h"

/*
 * replay_game() takes a game from the reader, sets up its start position
 * (FEN/SetUp, Variant), decides its notation language, resolves and plays
 * every move of the main line and of every variation (a variation from the
 * position before the move it replaces), and checks the game: illegal and
 * ambiguous moves, moves after the end, the result against the final
 * position and the Result tag, check marks, notation, move numbers, tags,
 * time forfeits, play past the fivefold repetition or the 75-move rule.
 *
 * Its diagnostics include the reader's own (syntax, limits, encoding), all
 * sorted by position in the input. Everything lives in a struct replay the
 * caller keeps and reuses from game to game (replay_init/replay_release);
 * results point into it and into the game, and stay valid until the next
 * replay_game() on the same struct or the next pgn_reader_next().
 */

enum { REPLAY_MSG_MAX = 240 };

struct replay_diag {
    int code;             /* enum diag_code */
    int severity;         /* enum pgn_severity, after REPLAY_STRICT/REPLAY_WERROR mapping */
    uint64_t line;        /* 1-based; 0 when the diagnostic has no position */
    uint32_t col;
    uint64_t offset;      /* absolute byte offset in the input */
    uint32_t move;        /* index in game->moves, or UINT32_MAX when not about a move */
    uint32_t move_number; /* full-move number of that move in its line */
    int side;             /* WHITE/BLACK: who made that move */
    int detail;           /* a finer kind: for D_BAD_FEN the enum fen_problem, else 0 */
    char msg[REPLAY_MSG_MAX];
    char fen[FEN_MAX];    /* position before the move, "" when not about a move */
};

/*
 * The ply of the move d is about, counted as validate's JSON counts it from
 * the move's number and side (a variation's plies go on from the move it
 * replaces). Only for a diagnostic about a move (d->move != UINT32_MAX).
 */
static inline uint32_t replay_diag_ply(const struct replay_diag *d)
{
    return 2 * (d->move_number - 1) + (uint32_t)d->side + 1;
}

/* How the main line ended, as far as the rules decide it: the first end
 * reached (FIDE 9.6: a game drawn by fivefold repetition or the 75-move rule
 * stays drawn, whatever is played after). */
enum replay_end {
    END_NONE = 0,       /* the game could go on */
    END_CHECKMATE,      /* the side to move is mated */
    END_STALEMATE,
    END_DEAD,           /* dead position (insufficient material on both sides) */
    END_FIVEFOLD,       /* fivefold repetition (automatic draw) */
    END_SEVENTYFIVE,    /* 75-move rule (automatic draw) */
};

enum replay_flags {
    REPLAY_STRICT = 1 << 0,    /* export-format warnings become errors */
    REPLAY_WERROR = 1 << 1,    /* every warning becomes an error */
    REPLAY_NO_WARN = 1 << 2,   /* drop warnings and notes */
    REPLAY_NO_TAGS = 1 << 3,   /* skip the tag checks */
    REPLAY_TRACE = 1 << 4,     /* keep the main line's clocks and material runs */
};

/* The bit of a diagnostic code in replay_opts.ignore and replay_opts.error. */
#define REPLAY_CODE_BIT(code) ((uint64_t)1 << (code))

struct replay_opts {
    int lang;          /* notation.h id, or NOTATION_AUTO (detect per game) */
    unsigned flags;    /* enum replay_flags */
    uint32_t keep_ply; /* > 0: keep the main-line position after this ply (replay.kept) */
};

/* Per code (REPLAY_CODE_BIT), see replay_set_codes(). */
struct replay_codes {
    uint64_t ignore, error;
};

struct replay {
    /* results of the last replay_game() */
    struct replay_diag *diags;
    size_t ndiags;
    int errors;            /* diagnostics of severity error: the game is invalid when > 0 */
    int warnings;
    int hidden;            /* warnings dropped by opts.ignore */
    int skipped;           /* 1 when the game is a variant pgnkit does not replay */
    int lang;              /* language the moves were read in */
    uint32_t mixed;        /* moves (of any line) read in the other of English and German */
    int chess960;
    struct pos start;      /* start position (after FEN/SetUp) */
    struct pos final;      /* position after the last main-line move replayed */
    uint32_t plies;        /* main-line plies replayed */
    int complete;          /* 1 when the whole main line replayed */
    int end;               /* enum replay_end: how the main line ended first */
    uint32_t end_ply;      /* the main-line ply that ended it (plies, unless an automatic draw) */
    move16 *moves;         /* moves[i] for game->moves[i], MOVE_NONE if not replayed */
    struct pos kept;       /* after main-line ply opts.keep_ply, when plies reached it */
    uint64_t *keys;        /* repetition key of each main-line position, [0 .. plies] */
    /* With REPLAY_TRACE, of the main-line positions [0 .. plies]: the
     * halfmove clock of each, and the material runs (nruns of them, as
     * material_run_starts() cuts them), so that a reader of those facts
     * need not play the moves again. */
    uint16_t *clocks;
    struct material_run *runs;
    uint32_t nruns;

    /* workspace */
    size_t diag_cap, move_cap;
    size_t key_cap, clock_cap, run_cap;
    struct replay_opts opts;
    struct replay_codes codes;
};

/** Builds the replay's lookup tables; lib_init() calls it once. */
void replay_tables_init(void);

/** Prepares r (no allocation until the first game). */
void replay_init(struct replay *r, const struct replay_opts *opts);

/**
 * Sets what r does per code, from the next replay_game() on (replay_init()
 * sets none): warnings and notes of the codes in c->ignore are dropped and
 * counted in r->hidden, whatever the options say; warnings and notes of
 * the codes in c->error become errors. Errors are never dropped.
 */
void replay_set_codes(struct replay *r, const struct replay_codes *c);

/**
 * For a caller that does not output the variations of g (the last game
 * replay_game() replayed on r): turns every error about a move in a
 * variation (illegal, ambiguous, not a move, after the end) into the
 * warning variation-dropped, under r's options (REPLAY_STRICT and REPLAY_WERROR keep
 * it an error), so that a valid main line is not lost. Returns the number
 * of errors that became warnings.
 */
int replay_drop_variation_errors(struct replay *r, const struct game *g);

/** Frees what r allocated. */
void replay_release(struct replay *r);

/**
 * Replays and checks g. Returns PGN_OK, or PGN_ENOMEM when memory ran out
 * (then the results are incomplete). Whether the game is valid is
 * r->errors == 0.
 */
int replay_game(struct replay *r, const struct game *g);

/**
 * The end (enum replay_end) of a complete main line ending in position
 * final, whose first automatic draw was draw_end (END_FIVEFOLD,
 * END_SEVENTYFIVE, or END_NONE when none came), reached in a dead position
 * or not as draw_dead says: that draw unless a dead position came first,
 * else checkmate, stalemate, dead position or END_NONE as final is. The one
 * rule struct replay's end and the searches' end follow.
 */
int replay_end_of(const struct pos *final, int draw_end, int draw_dead);

/**
 * The name of end (enum replay_end) as the CSV end column and the library's
 * pgnkit_game_end() spell it: "checkmate", ... "75-move rule"; "" for
 * END_NONE. The one table of these words. Static storage.
 */
const char *replay_end_name(int end);

/**
 * The result a writer that fixes results (GO_FIX_RESULTS) gives g,
 * replayed into r: the one an end of the rules decides (r->end: checkmate,
 * stalemate, dead position, fivefold repetition, 75-move rule); else, when
 * the Result tag and the movetext's result token disagree, the token's (as
 * pgn-extract's --fixresulttags does), unless the token is '*' and the tag gives a result
 * (a movetext that forgot its result loses nothing). PGN_RESULT_NONE when
 * neither rule gives one (no end, and tag and token agree, or one is missing).
 */
int replay_fixed_result(const struct replay *r, const struct game *g);

/**
 * The language replay_game() reads the moves of g in: lang when it is one
 * (a notation.h id), else, for NOTATION_AUTO, the one lang_detect chooses
 * from every move token of g (English at once when no token has a letter of
 * another language). For light replays that must read moves the same way.
 */
int replay_language(const struct game *g, int lang);

#endif
