/* game_out.h - writing replayed games in every output format, from PGN and JSON to HTML and LaTeX. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_GAME_OUT_H
#define LIB_GAME_OUT_H

#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"
#include "pgn/game.h"
#include "notation/movewrite.h"
#include "replay/replay.h"

/*
 * One output stream of games, shared by every command that writes games
 * (convert, search, ...). The caller owns a struct buf, and after each call
 * writes out and empties it; nothing here does I/O:
 *
 *   struct game_out o;
 *   game_out_init(&o, &opts);                 // opts is copied
 *   game_out_begin(&o, &out);                 // CSV header, JSON '['
 *   for each game g replayed into r without errors (see game_out_game):
 *       game_out_game(&o, &g, &r, &out);      // the game in the chosen format
 *   game_out_end(&o, &out);                   // JSON ']'
 *   game_out_release(&o);
 *
 * Every text written is valid UTF-8. Positions are re-derived by replaying
 * r->moves from r->start (copy-make), so every format and notation comes from
 * the same resolved moves.
 */

enum game_out_format {
    GO_PGN = 0, /* PGN export format */
    GO_JSON,    /* a JSON array, one game object per line */
    GO_NDJSON,  /* one game object per line */
    GO_EPD,     /* one EPD line per selected position */
    GO_FEN,     /* one FEN per selected position */
    GO_UCI,     /* one line per game: the main line in UCI */
    GO_CSV,     /* one row per game, columns chosen by the caller (GO_PER_PLY: per ply) */
    GO_ROWS,    /* one JSON row per game, the lichess Parquet dataset's columns (GO_PER_PLY:
                   one per ply, the columns of game_rows.h) */
    GO_PLAIN,   /* training positions in Stockfish's plain format (game_plain.h) */
    GO_HTML,    /* one self-contained HTML page of the games (game_html.h) */
    GO_LATEX,   /* a LaTeX document for print: xskak and chessboard (game_print.h) */
    GO_TYPST,   /* a Typst document for print: board-n-pieces (game_print.h) */
};

/* What to leave out (enum flags, OR-ed). */
enum game_out_strip {
    GO_STRIP_COMMENTS = 1 << 0,   /* every comment */
    GO_STRIP_VARIATIONS = 1 << 1, /* every variation */
    GO_STRIP_NAGS = 1 << 2,       /* $N annotations */
    GO_STRIP_CLOCKS = 1 << 3,     /* time commands (clock_command_kind): clk, clkc, emt, timestamp */
    GO_STRIP_EVALS = 1 << 4,      /* [%eval] commands */
    GO_STRIP_ARROWS = 1 << 5,     /* [%csl] and [%cal] commands */
    GO_STRIP_COMMANDS = 1 << 6,   /* every [%cmd] command */
    GO_STRIP_TAGS = 1 << 7,       /* the whole tag section */
};

enum game_out_flags {
    GO_SEVEN_TAG_ROSTER = 1 << 0, /* keep only the Seven Tag Roster (and FEN/SetUp) */
    GO_FIX_RESULTS = 1 << 1,      /* Result tag and marker from replay_fixed_result() */
    GO_BOOK_RESULTS = 1 << 2,     /* result marker 1:0 ½:½ 0:1 (German books) */
    GO_MOVE_FEN = 1 << 3,         /* JSON: the FEN after every move; GO_PER_PLY: the FEN before */
    GO_NO_MOVE_NUMBERS = 1 << 4,  /* PGN: no "12." and "12..." */
    GO_NO_RESULTS = 1 << 5,       /* PGN: no result marker after the moves (the tag stays) */
    GO_COMMENT_LINES = 1 << 6,    /* PGN: every comment on lines of its own */
    GO_TOTAL_PLY_COUNT = 1 << 7,  /* a TotalPlyCount tag: every ply written, variations too */
    GO_TAG_ORDER_ONLY = 1 << 8,   /* only the tags tag_order names */
    GO_SPLIT_VARIATIONS = 1 << 9, /* every variation also a game of its own (up to split_depth) */
    GO_PER_PLY = 1 << 10,         /* CSV, rows: one row per main-line ply instead of per game */
};

/* A range of plies for EPD/FEN output: first..last inclusive; GO_PLY_FINAL = the last ply. */
#define GO_PLY_FINAL UINT32_MAX
struct go_ply_range {
    uint32_t first, last;
};

enum { GO_MAX_RANGES = 32, GO_MAX_COLUMNS = 64 };

struct game_out_opts {
    int format;               /* enum game_out_format */
    struct write_style style; /* notation of the moves (zeroed: English SAN) */
    unsigned flags;           /* enum game_out_flags */
    unsigned strip;           /* enum game_out_strip */
    unsigned width;           /* PGN movetext line width in characters; 0 = no limit */
    uint32_t max_plies;       /* keep this many main-line plies; UINT32_MAX = all */
    int32_t drop_plies;       /* leave out this many plies at the start; < 0: keep only the
                                 last -drop_plies; 0: none (a FEN tag gives the new start) */
    const char *drop_before;  /* leave out the plies up to the first main-line comment holding
                                 this text (the caller's string), and that comment; NULL: none */
    uint32_t quiescent;       /* with max_plies: go on until this many plies without capture,
                                 check or promotion end the moves written; 0: none */
    uint32_t split_depth;     /* GO_SPLIT_VARIATIONS: variations at most this deep; 0: all */
    int fen_flags;            /* pos_to_fen() flags of every FEN written: FEN_SHREDDER,
                               * FEN_EP_ALWAYS (0: X-FEN, the default of pgnkit(1)) */
    /* EPD/FEN: the plies written (0 = start position); none = every position */
    struct go_ply_range ranges[GO_MAX_RANGES];
    size_t nranges;
    /* GO_HTML, GO_LATEX, GO_TYPST: a diagram after these main-line plies
     * (0 = the start position, GO_PLY_FINAL = the last), besides the moves
     * whose comment holds "[#]"; none: only at those markers */
    struct go_ply_range diagrams[GO_MAX_RANGES];
    size_t ndiagrams;
    /* Tags written first, in this order (then the others as usual); with
     * GO_TAG_ORDER_ONLY the only ones. Tags never written: drop_tags (but
     * FEN, SetUp and Variant, which the moves need). The strings are the
     * caller's and must outlive the stream. */
    const char *const *tag_order;
    size_t ntag_order;
    const char *const *drop_tags;
    size_t ndrop_tags;
    /* CSV: column names, each a computed field (see game_out_column_computed) or
     * a tag name; the strings are the caller's and must outlive the stream */
    const char *columns[GO_MAX_COLUMNS];
    size_t ncolumns;
    /* GO_PLAIN: positions before ply skip_opening left out; games of fewer
     * than min_plies plies left out; each position kept with probability
     * sample (1: all), drawn from seed, the game's number and the ply, so
     * the same positions come out on any number of threads */
    uint32_t skip_opening, min_plies;
    double sample;
    uint64_t seed;
};

/**
 * Fills o with the defaults: PGN, English SAN, width 79 (export format's
 * lines under 80, PGN_EXPORT_LINE_MAX), all plies, default CSV columns,
 * every training position (sample 1).
 */
void game_out_opts_init(struct game_out_opts *o);

/**
 * 1 if name is a computed CSV column: game, file, plies, result, end,
 * start_fen, final_fen, moves, uci. Any other name is read as a tag name.
 */
int game_out_column_computed(const char *name);

/*
 * Additions to one game, for annotators. The caller fills a struct go_extra,
 * points o->extra at it for one game_out_game() or game_out_retag() call and
 * owns every string (they must live until that call returns). Tags apply to
 * every format that writes tags (PGN, JSON, CSV columns); additions to moves
 * only to PGN: game_out_game() refuses them in another format (PGN_EINVAL)
 * rather than drop them silently.
 */
struct go_extra_tag {
    const char *name;  /* the first tag of that name gets value, else the tag is added */
    const char *value; /* NULL: every tag of that name is removed instead */
};

enum { GO_EXTRA_NAGS = 2, GO_EXTRA_COMMENTS = 4, GO_EXTRA_LINES = 5 };

struct go_move_extra {
    int replace_nags;                       /* drop the move's own NAGs 1..6 (?! ? ?? ! !! !?) */
    uint32_t drop_comments;                 /* bit k: leave out the move's own comment k (k < 32) */
    uint16_t nags[GO_EXTRA_NAGS];           /* added after the move's own NAGs */
    uint32_t nnags;
    const char *comments[GO_EXTRA_COMMENTS]; /* {comments} added after the move's own */
    uint32_t ncomments;
    const char *lines[GO_EXTRA_LINES]; /* variations after them: movetext units separated
                                          by single spaces, e.g. "12... Qxd5 13. Nf3" */
    uint32_t nlines;
};

struct go_extra {
    const struct go_extra_tag *tags;
    size_t ntags;
    const struct go_move_extra *moves; /* indexed like game->moves, or NULL */
    const char *start_comment;         /* with moves: a {comment} before the first move of
                                        * the main line, after its own (NULL: none) */
};

/*
 * What a print format (GO_LATEX, GO_TYPST) could not show of the last game
 * written, one note each, for the caller to say: a NAG its package has no
 * symbol for, left out.
 */
struct go_note {
    uint32_t move;      /* index into g->moves of the move it is about */
    unsigned nag;       /* the NAG left out */
    const char *format; /* "LaTeX", "Typst" (static) */
};

struct game_out {
    struct game_out_opts opts;
    uint64_t games;      /* games written so far */
    struct buf scratch;  /* per-game work space (tags, comment text) */
    struct buf scratch2;
    struct buf paths;    /* GO_SPLIT_VARIATIONS: the lines written as games */
    struct buf text;     /* GO_ROWS: a game's movetext, before it becomes a JSON string */
    uint64_t unevaluated; /* GO_PLAIN: games left out, no position with an evaluation */
    uint64_t unfinished;  /* GO_PLAIN: games left out, no result (*) to learn from */
    const struct go_extra *extra; /* additions to the next game written, or NULL */
    struct buf notes;     /* struct go_note of the last game written (print formats) */
};

/**
 * 1 when o writes variations: PGN, JSON, NDJSON and per-game rows (their
 * movetext), unless stripped. The one answer to "may a game whose
 * variations do not replay still be written from its main line?" (see
 * replay_drop_variation_errors()): only when this is 0. Every writer of
 * games (convert, the API's writer) asks here.
 */
int game_out_writes_variations(const struct game_out_opts *o);

/** Prepares o with a copy of opts (NULL = defaults). No allocation yet. */
void game_out_init(struct game_out *o, const struct game_out_opts *opts);

/** Frees what o allocated. */
void game_out_release(struct game_out *o);

/**
 * Appends what comes before the first game (CSV header row, JSON '[') to
 * out. Returns PGN_OK, PGN_ENOMEM or PGN_ETOOBIG (out is over its cap).
 */
int game_out_begin(struct game_out *o, struct buf *out);

/**
 * Appends game g to out in the chosen format. g must have been replayed into
 * r with every move resolved: no errors (r->errors == 0), or with
 * GO_FIX_RESULTS only errors about a result that replay_fixed_result()
 * replaces. Not for skipped variants. Returns PGN_OK, PGN_ENOMEM or
 * PGN_ETOOBIG; on error out may hold part of the game (truncate it to its
 * length before the call); PGN_EINVAL (nothing appended) when o->extra adds
 * to moves and the format is not PGN.
 */
int game_out_game(struct game_out *o, const struct game *g, const struct replay *r,
                  struct buf *out);

/**
 * Appends game g in PGN with its tags rewritten and its movetext as read:
 * what comes before the tags (comments, % lines) and a new line, the tag
 * section exactly as game_out_game() writes it (o->extra's tags included),
 * then the movetext byte for byte, from its first line to its last
 * non-blank byte (see game_cut() in game.h), and an empty line. The lines
 * written end with "\r\n" when the input's first line does, else "\n". For
 * annotations that only touch tags: no move is written again. g must be
 * replayed into r as for game_out_game(). Returns PGN_OK, PGN_ENOMEM,
 * PGN_ETOOBIG, or PGN_EINVAL (nothing appended) when the game cannot be
 * written so: game_cut() fails (no raw text, CP1252, ...), or the options
 * would change the movetext (a format other than PGN, strip options, plies,
 * GO_FIX_RESULTS, GO_BOOK_RESULTS, GO_NO_MOVE_NUMBERS, GO_NO_RESULTS,
 * GO_COMMENT_LINES, a notation other than English SAN,
 * o->extra with additions to moves); then write it with game_out_game().
 * The width option does not apply.
 */
int game_out_retag(struct game_out *o, const struct game *g, const struct replay *r,
                   struct buf *out);

/**
 * Appends game g as read, for games that cannot be converted (invalid,
 * variants): PGN gets its raw text (CP1252 transcoded to UTF-8, byte order
 * mark and trailing blank lines dropped), JSON an object {"tags": {...},
 * "valid": false, "raw": "..."}. Other formats write nothing. Returns
 * PGN_OK, PGN_EINVAL when g has no raw text (over the size limit),
 * PGN_ENOMEM or PGN_ETOOBIG.
 */
int game_out_raw(struct game_out *o, const struct game *g, struct buf *out);

/**
 * The notes of the last game game_out_game() wrote (see struct go_note), in
 * text order, owned by o and valid until the next call on o; their number.
 */
size_t game_out_notes(const struct game_out *o, const struct go_note **notes);

/** Appends what comes after the last game (JSON ']'). Same returns as game_out_begin. */
int game_out_end(struct game_out *o, struct buf *out);

#endif
