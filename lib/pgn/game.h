/* game.h - struct game: the parsed form of one PGN game (syntax only, no chess). */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_H
#define LIB_GAME_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"

/*
 * OWNERSHIP. pgn_reader_next() fills a caller-provided struct game. Every
 * pointer in it points into memory owned by the reader (its input window,
 * its per-game arena and its node arrays) and stays valid until the next
 * pgn_reader_next() or pgn_reader_free() on the same reader. Copy what must
 * live longer.
 *
 * TEXT. All strings of the parsed form are valid UTF-8. A game that is not
 * valid UTF-8 is decoded as CP1252 (flag GAME_CP1252, one PGN_EENCODING
 * note) and its strings are transcoded copies; raw stays byte-exact. Tag
 * names and values are NUL-terminated; the other strings are (pointer,
 * length) pairs that may point into the raw text and are NOT terminated.
 *
 * POSITIONS. line and col are 1-based (col counts bytes from the start of
 * the line; LF, CRLF and a lone CR each end a line); off is the byte offset
 * from game->offset, so the absolute offset is game->offset + off.
 *
 * TREE. Flat arrays, indices instead of pointers:
 *
 *   vars[0]            the main line; vars[v].first/count select its moves
 *   moves[i]           one move; the variations that replace it are
 *                      vars[var_first .. var_first + var_count), in text order
 *   comments, nags     slices [x_first, x_first + x_count) owned by a move
 *                      (after it), by a variation (before its first move;
 *                      for vars[0]: the game comment) or by the game (after
 *                      the result: post_first/post_count)
 *
 * The moves of one line are contiguous, so a replay is:
 *
 *   static void walk(const struct game *g, const struct game_var *v)
 *   {
 *       for (uint32_t i = 0; i < v->count; i++) {
 *           const struct game_move *m = &g->moves[v->first + i];
 *           for (uint32_t k = 0; k < m->var_count; k++)
 *               walk(g, &g->vars[m->var_first + k]); // from the position before m
 *           play(m);
 *       }
 *   }
 *   walk(g, &g->vars[0]);
 */

enum pgn_result {
    PGN_RESULT_NONE = 0,    /* no result token */
    PGN_RESULT_WHITE = 1,   /* 1-0 */
    PGN_RESULT_BLACK = 2,   /* 0-1 */
    PGN_RESULT_DRAW = 3,    /* 1/2-1/2 */
    PGN_RESULT_UNKNOWN = 4, /* * */
};

/** "1-0", "0-1", "1/2-1/2", "*" or "" (PGN_RESULT_NONE). */
const char *pgn_result_str(int result);

/** The enum pgn_result v spells exactly ("1-0", ..., "*"), PGN_RESULT_NONE for other text or NULL. */
int pgn_result_of(const char *v);

enum game_move_flags {
    GAME_MOVE_NULL = 1 << 0,         /* a null move: "--" or "Z0" */
    GAME_MOVE_EP = 1 << 1,           /* marked en passant: "e.p."/"ep" after it or glued; not in text */
    GAME_MOVE_REJOINED = 1 << 2,     /* text is rebuilt, not a slice of raw: "0- 0" gives "0-0";
                                        "a4xb3 e.p.+" gives "a4xb3+" (with GAME_MOVE_EP) */
    GAME_MOVE_DRAW_OFFER = 1 << 3,   /* "(=)" after it */
    GAME_MOVE_NUMBER_DOTS = 1 << 4,  /* its number was written "12..." or "12…" */
    GAME_MOVE_GLUED_NUMBER = 1 << 5, /* its number was glued to it: "12.Nf3" */
    GAME_MOVE_GLUED_NAG = 1 << 6,    /* glyphs glued to it ("Nf3!?") were moved to its NAGs */
};

/*
 * A move token. text is the move exactly as written, minus a glued move
 * number, glued annotation glyphs (! ? !! ?? !? ?! ± ∓ ⩲ ⩱ ∞, which become
 * NAGs) and an "e.p." mark (GAME_MOVE_EP): "Nf3+", "Sg1-f3", "0-0",
 * "exd6", "Sf5:", "♘f3". What it means is for the notation engine.
 */
struct game_move {
    const char *text;
    uint64_t line;
    uint32_t col;
    uint32_t off;
    uint32_t len;
    uint32_t flags;  /* enum game_move_flags */
    uint32_t number; /* move number written before it, 0 if none */
    uint32_t var;    /* index in vars of the line it belongs to */
    uint32_t nag_first, nag_count;
    uint32_t comment_first, comment_count; /* comments after it */
    uint32_t var_first, var_count;         /* variations replacing it */
};

/* A line: vars[0] is the main line, the others are RAVs. */
struct game_var {
    uint32_t first, count;                 /* its moves: moves[first .. first + count) */
    uint32_t parent;                       /* the move it replaces (UINT32_MAX for vars[0]) */
    uint32_t depth;                        /* 0 for the main line */
    uint32_t comment_first, comment_count; /* comments before its first move */
    uint64_t line; /* position of its '(' (vars[0]: of the game's first token) */
    uint32_t col;
    uint32_t off;
};

/* A "[%name args]" command inside a comment, e.g. name "clk", args "0:03:00". */
struct game_cmd {
    const char *name;
    const char *args; /* trimmed */
    uint32_t name_len, args_len;
};

enum game_comment_flags {
    GAME_COMMENT_LINE = 1 << 0,   /* a ';' rest-of-line comment (else a {brace} comment) */
    GAME_COMMENT_RESULT = 1 << 1, /* holds nothing but a result, e.g. {0-1} */
};

/*
 * A comment. text is everything between the braces (or after ';' up to the
 * line end); plain is text without its commands, trimmed, pieces joined by
 * one space; cmds[cmd_first .. cmd_first + cmd_count) are the commands.
 */
struct game_comment {
    const char *text;
    const char *plain;
    uint32_t len, plain_len;
    uint32_t cmd_first, cmd_count;
    uint32_t flags; /* enum game_comment_flags */
    uint32_t col;
    uint64_t line; /* position of '{' or ';' */
    uint32_t off;
};

/*
 * The common tag names, so that a reader of the tags can tell them without
 * comparing strings: struct game_tag.id. The reader sets it on every tag;
 * tags made elsewhere (zeroed) have GAME_TAG_UNSET, and pgn_tag_id() looks
 * their names up.
 */
enum game_tag_id {
    GAME_TAG_UNSET = 0, /* not looked up */
    GAME_TAG_OTHER,     /* none of the names below */
    GAME_TAG_EVENT, GAME_TAG_SITE, GAME_TAG_DATE, GAME_TAG_ROUND, GAME_TAG_WHITE,
    GAME_TAG_BLACK, GAME_TAG_RESULT, GAME_TAG_ECO, GAME_TAG_WHITE_ELO, GAME_TAG_BLACK_ELO,
    GAME_TAG_PLY_COUNT, GAME_TAG_EVENT_DATE, GAME_TAG_ANNOTATOR, GAME_TAG_OPENING,
    GAME_TAG_VARIATION, GAME_TAG_TIME_CONTROL, GAME_TAG_TERMINATION, GAME_TAG_FEN,
    GAME_TAG_SETUP, GAME_TAG_VARIANT, GAME_TAG_WHITE_TITLE, GAME_TAG_BLACK_TITLE,
    GAME_TAG_WHITE_FIDE_ID, GAME_TAG_BLACK_FIDE_ID, GAME_TAG_EVENT_TYPE, GAME_TAG_EVENT_ROUNDS,
    GAME_TAG_EVENT_COUNTRY, GAME_TAG_SOURCE, GAME_TAG_SOURCE_DATE, GAME_TAG_UTC_DATE,
    GAME_TAG_UTC_TIME, GAME_TAG_WHITE_RATING_DIFF, GAME_TAG_BLACK_RATING_DIFF, GAME_TAG_MODE,
    GAME_TAG_BOARD, GAME_TAG_WHITE_TEAM, GAME_TAG_BLACK_TEAM,
    GAME_TAG_COUNT
};

/* A tag pair; value has \" and \\ decoded. Both strings are NUL-terminated. */
struct game_tag {
    const char *name;
    const char *value;
    uint32_t name_len, value_len;
    uint64_t line; /* position of '[' */
    uint32_t col;
    uint32_t off;
    uint32_t id; /* enum game_tag_id of name */
};

enum game_flags {
    GAME_BAD = 1 << 0,       /* has at least one error diagnostic */
    GAME_TRUNCATED = 1 << 1, /* over the game size limit: raw is NULL, no movetext */
    GAME_CP1252 = 1 << 2,    /* not valid UTF-8: parsed form transcoded from CP1252 */
    GAME_BOM = 1 << 3,       /* raw starts with a UTF-8 byte order mark */
    GAME_EMPTY = 1 << 4,     /* no game: only comments or % lines, and no error
                              * (junk between games is GAME_BAD, not this) */
    GAME_LAZY = 1 << 5,      /* movetext not parsed yet: see pgn_reader_complete() */
};

struct game {
    const char *file; /* name of the input, for messages */
    uint64_t index;   /* 1-based number of the game in its input */

    /*
     * The raw span: bytes [offset, offset + raw_size) of the input. The
     * spans of consecutive games partition the input. raw/raw_len are those
     * bytes, byte-exact (raw_len == raw_size) unless GAME_TRUNCATED (then
     * raw is NULL and raw_len 0). See pgn_reader.h for where spans end.
     */
    uint64_t offset;
    uint64_t raw_size;
    const char *raw;
    size_t raw_len;

    uint64_t line; /* position of the game's first token */
    uint32_t col;
    uint32_t flags; /* enum game_flags */

    const struct game_tag *tags; /* in input order */
    uint32_t ntags;
    uint32_t nmoves;
    const struct game_move *moves;
    const struct game_var *vars; /* vars[0] = main line; nvars >= 1 */
    uint32_t nvars;
    uint32_t ncomments;
    const struct game_comment *comments;
    const uint16_t *nags; /* NAG values 0..255 */
    uint32_t nnags;
    uint32_t ncmds;
    const struct game_cmd *cmds;
    uint32_t post_first, post_count; /* comments after the result */

    int result;              /* enum pgn_result of the result token */
    uint32_t result_len;     /* result_text as written ("1 - 0", "½-½", "1:0") */
    const char *result_text; /* NULL when result is PGN_RESULT_NONE */
    uint64_t result_line;
    uint32_t result_col;
    uint32_t result_off;

    const struct pgn_error *errors; /* diagnostics in input order */
    uint32_t nerrors;
    uint32_t nbad; /* how many of them are errors (PGN_SEV_ERROR) */
};

/** The first tag called name (case-sensitive), or NULL. */
const struct game_tag *game_tag(const struct game *g, const char *name);

/** Value of the first tag called name, or NULL. */
const char *game_tag_value(const struct game *g, const char *name);

/**
 * The result g stands for, as the writers write it: its result token, else
 * its Result tag when that spells a result, else PGN_RESULT_UNKNOWN ("*").
 * The one rule the writers and the public pgnkit_game_written_result() follow.
 */
int game_result(const struct game *g);

/*
 * The raw text of a game cut around its tag section, for writers that
 * replace the tags and copy the rest byte for byte: offsets into raw.
 */
struct game_cut {
    size_t lead, lead_len; /* what stands before the first tag pair (comments, % lines),
                              blanks and byte order mark left out; lead_len 0 when none */
    size_t text, text_len; /* the movetext: from the start of the first non-blank line
                              after the last tag pair's line (of the span when there is
                              no tag) to the last non-blank byte of the span */
};

/* What game_cut() returns for a game it cannot cut: an answer, not an error. */
enum { GAME_NOT_CUT = -1 };

/**
 * Cuts g (see struct game_cut). Returns 0, or GAME_NOT_CUT when the game
 * cannot be cut so: no raw text (GAME_TRUNCATED), GAME_CP1252 (raw is not UTF-8),
 * GAME_LAZY, no movetext after the tags, or a comment, move or result
 * standing between the first tag pair and the end of the last one's line.
 */
int game_cut(const struct game *g, struct game_cut *c);

/** Zeroes g. A zeroed game has no lines at all (nvars 0), unlike any the reader returns. */
void game_clear(struct game *g);

#endif
