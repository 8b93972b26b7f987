/* game_facts.h - what searches ask about a game, computed on demand: tag values, movetext counts, main-line features. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_FACTS_H
#define LIB_GAME_FACTS_H

#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"
#include "pgn/game.h"
#include "replay/mainline.h"
#include "chess/material.h"
#include "replay/replay.h"
#include "pgn/tagvalue.h"
#include "query/play_totals.h"

/*
 * A struct game_facts answers questions about the current game and does
 * only the work a question needs, in four levels of cost:
 *
 *   FACTS_TAGS      tag values (names, ratings, dates, ECO, ...): works on a
 *                   lazily read game (GAME_LAZY, see pgn_reader.h)
 *   FACTS_MOVETEXT  counts from the movetext (plies, comments, variations):
 *                   completes a lazy game through the reader
 *   FACTS_MAINLINE  positions of the main line (struct mainline, light)
 *   FACTS_REPLAY    replay_game() with every check (validity)
 *
 * So a search whose tag criteria fail never parses moves, and one that
 * fails on the first moves never reads the rest. One struct serves game
 * after game (game_facts_reset); its workspaces are kept.
 *
 * FIELDS are the named values of the where language and of the criteria
 * built on it: game_facts_get() returns a field's value(s) for the current
 * game. A field can be missing (no tag, no rating, an illegal game's end);
 * it then has no value. "player" has two values (White and Black),
 * "comment" one per comment.
 */

enum facts_level { FACTS_TAGS = 0, FACTS_MOVETEXT, FACTS_MAINLINE, FACTS_REPLAY };

enum fact_type { FT_STR = 0, FT_NUM, FT_DATE, FT_BOOL };

enum field_id {
    /* tags */
    F_WHITE, F_BLACK, F_PLAYER, F_EVENT, F_SITE, F_DATE, F_YEAR, F_ROUND, F_RESULT, F_ECO,
    F_OPENING, F_ANNOTATOR, F_WHITE_ELO, F_BLACK_ELO, F_MIN_ELO, F_MAX_ELO, F_ELO_DIFF,
    F_TIME_CONTROL, F_SPEED, F_TIME_ESTIMATE, F_VARIANT, F_TERMINATION, F_GAME,
    /* movetext */
    F_PLIES, F_MOVES, F_COMMENTS, F_VARIATIONS, F_COMMENT, F_HAS_COMMENTS, F_HAS_VARIATIONS,
    /* main line */
    F_WHITE_MIN_CLOCK, F_BLACK_MIN_CLOCK, F_TIME_CONTROL_BASE, F_TIME_CONTROL_INCREMENT,
    F_WHITE_TIME_USED, F_BLACK_TIME_USED, F_EVAL_FINAL, F_MAX_EVAL_SWING, F_WHITE_BLUNDERS,
    F_WHITE_MISTAKES, F_WHITE_INACCURACIES, F_BLACK_BLUNDERS, F_BLACK_MISTAKES,
    F_BLACK_INACCURACIES, F_WHITE_ACCURACY, F_BLACK_ACCURACY,
    F_CHECKMATE, F_STALEMATE, F_DEAD_POSITION, F_THREEFOLD, F_FIVEFOLD, F_FIFTY, F_SEVENTYFIVE,
    F_UNDERPROMOTION, F_MATERIAL,
    /* replay */
    F_VALID,
    F_FIELD_COUNT
};

struct fact_value {
    int type;               /* enum fact_type */
    const char *s;          /* FT_STR, and the tag text of FT_DATE and tag-based FT_NUM */
    size_t len;             /* (s is valid UTF-8, not NUL-terminated; NULL for computed numbers) */
    int64_t num;            /* FT_NUM; FT_BOOL 0 or 1 */
    struct date_range date; /* FT_DATE */
};

/* The whole main line, as far as it resolves (FACTS_MAINLINE). */
struct game_features {
    int complete;        /* every main-line move resolved */
    int end;             /* enum replay_end: how the main line ended first (as struct replay's) */
    int final_dead;      /* the final position is dead (stalemate or not, ended first or not) */
    int max_repetition;  /* most occurrences of one position (FIDE identity) */
    int max_halfmove;    /* highest halfmove clock */
    int fifty;           /* the clock reached 100 in a position that is not mate: a claim
                          * was possible (a mate ends the game first, FIDE 5.1.1) */
    int seventyfive;     /* the clock reached 150 in a position that is not mate */
    int underpromotion;  /* a promotion to a knight, bishop or rook */
    uint32_t plies;      /* main-line moves resolved */
    struct material final_material;
};

struct pgn_reader;

struct game_facts {
    struct game *g;
    struct pgn_reader *reader; /* completes g when it is lazy; NULL for complete games */
    struct mainline ml;
    struct replay replay;
    struct game_features feat;
    struct play_totals play; /* clocks and evaluations (HAVE_PLAY) */
    const struct replay *seed; /* game_facts_seed(), or NULL */
    unsigned have; /* what is known about g (bits, internal) */
    int status;    /* PGN_OK, or the first error (PGN_ENOMEM, PGN_EINVAL) */
    char material_text[MATERIAL_MAX];

    /*
     * Where the last main-line criterion met the game, for search_query_marks():
     * the ply of the position (0: the start), -1 when it does not say; and 1
     * when its pattern fitted with the colours swapped (the *-either criteria).
     */
    int64_t hit_ply;
    int hit_swapped;

    /* The material runs of the main line, in order, as far as it resolves:
     * filled by game_facts_features() (runs[0..nruns), valid with it; the
     * database keeps them, see index_material.h). */
    struct material_run *runs;
    uint32_t nruns;

    /* How often each level was reached, for statistics (never reset). */
    uint64_t completions, walks, replays;

    /* workspace */
    uint64_t *keys;
    uint16_t *clocks;
    size_t key_cap;
    size_t run_cap;
};

/** Prepares f; lang (a notation.h id or NOTATION_AUTO) is how moves are read. */
void game_facts_init(struct game_facts *f, int lang);

/** Frees what f allocated. */
void game_facts_release(struct game_facts *f);

/**
 * Starts on game g, which may be lazy when reader is the reader that just
 * returned it. g and reader must stay valid while f is used on g.
 */
void game_facts_reset(struct game_facts *f, struct game *g, struct pgn_reader *reader);

/**
 * After game_facts_reset(): the main line takes the moves r (replay_game()
 * of the same game, valid while f is used on it) resolved, rather than
 * reading them again (mainline_seed()), and when r was replayed with
 * REPLAY_TRACE, the features take its keys, clocks and material runs
 * rather than playing the moves again; the answers stay the same.
 */
void game_facts_seed(struct game_facts *f, const struct replay *r);

/**
 * Makes level (enum facts_level) available: completes a lazy game, sets up
 * the main line, or replays. Returns PGN_OK or an error status (also kept
 * in f->status); the level is then not available.
 */
int game_facts_need(struct game_facts *f, int level);

/** The main line, set up (FACTS_MAINLINE); NULL on error. */
struct mainline *game_facts_mainline(struct game_facts *f);

/** The features of the whole main line; NULL on error. */
const struct game_features *game_facts_features(struct game_facts *f);

/** The clocks and evaluations of the main line summed up (play_totals.h); NULL on error. */
const struct play_totals *game_facts_play(struct game_facts *f);

/** replay_game() of g (FACTS_REPLAY); NULL on error. */
const struct replay *game_facts_replay(struct game_facts *f);

/* What facts_field_find() returns for a name that is no field. */
enum { FACTS_NO_FIELD = -1 };

/** The field called name[0..len) (lowercase, as in the where language), or FACTS_NO_FIELD. */
int facts_field_find(const char *name, size_t len);

/** Name, type (enum fact_type) and level (enum facts_level) of field id. */
const char *facts_field_name(int id);
int facts_field_type(int id);
int facts_field_level(int id);
/** The tag field id reads (its number as tagvalue_tag_number() reads it), or NULL for a computed one. */
const char *facts_field_tag(int id);

/**
 * Value number k (0 for all but the many-valued fields) of field id for the
 * current game: 1 and *v, 0 when there is no such value (missing field, or
 * k past the last), or a negative status when a level could not be reached.
 */
int game_facts_get(struct game_facts *f, int id, uint32_t k, struct fact_value *v);

/**
 * Appends to out the duplicate key of the current game: its start position
 * and main-line moves, so that two games have equal keys exactly when they
 * start from the same position (FEN without move counters) and their main
 * lines are the same moves. A main line that stops at a move that does not
 * resolve goes on with the text of the remaining moves; a game that is not
 * replayed (a variant, a bad FEN) gives its Variant and FEN tags and the
 * text of its main line. Returns PGN_OK or an error (PGN_ENOMEM,
 * PGN_ETOOBIG from out).
 */
int game_facts_dup_key(struct game_facts *f, struct buf *out);

/** Value number k of the tag called name (tags may repeat): 1 and *v (FT_STR), or 0. */
int game_facts_tag(struct game_facts *f, const char *name, uint32_t k, struct fact_value *v);

#endif
