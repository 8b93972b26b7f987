/* pgnkit.h - the public C interface of libpgnkit: reading, replaying and writing PGN games. */
/* SPDX-License-Identifier: MIT */
#ifndef PGNKIT_H
#define PGNKIT_H

/*
 * libpgnkit is the engine of the pgnkit command: a streaming PGN reader, a
 * replay that checks every move against the FIDE Laws, SAN, LAN and UCI in
 * sixteen languages, Polyglot keys, statistics that merge exactly, and
 * writers for PGN, JSON, EPD, FEN, UCI and CSV. This header is the only one
 * a program includes (with pgnkit_db.h beside it to read a pgnkit
 * database); everything they name starts with pgnkit_ or PGNKIT_, and the
 * library exports nothing else.
 *
 * CONVENTIONS, stated once for every function below.
 *
 * Status. Functions that can fail return int: PGNKIT_OK (0) or a negative
 * enum pgnkit_status. Functions that also return a count use positive
 * values for it. pgnkit_status_name() names a status.
 *
 * Ownership. Handles are opaque. Every handle made by a pgnkit_X_new or
 * pgnkit_X_open function has its pgnkit_X_free, which does nothing given NULL. Strings the
 * library returns are UTF-8, NUL-terminated unless a length is returned with
 * them, and belong to the handle they came from: each function says until
 * when they stay valid. Strings passed in are only read during the call,
 * unless the function says otherwise.
 *
 * Threads. There is no initialisation call and no global mutable state:
 * the library's read-only tables are built once, thread-safely, by the
 * first function that needs them. A handle may be used by one thread at a
 * time; different handles may be used from different threads at once.
 *
 * Bad input never crashes the library: a broken game becomes diagnostics on
 * that game, and the reader goes on with the next one. Memory stays bounded
 * by per-game limits whatever the input.
 */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#if defined(__GNUC__) && __GNUC__ >= 4
#define PGNKIT_API __attribute__((visibility("default")))
#else
#define PGNKIT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ==== Version ========================================================= */

#define PGNKIT_VERSION_MAJOR 0
#define PGNKIT_VERSION_MINOR 1
#define PGNKIT_VERSION_PATCH 0
#define PGNKIT_VERSION_NUMBER \
    (PGNKIT_VERSION_MAJOR * 10000 + PGNKIT_VERSION_MINOR * 100 + PGNKIT_VERSION_PATCH)
#define PGNKIT_VERSION_STRING "0.1.0"

/** The version of the library linked at run time, as PGNKIT_VERSION_NUMBER counts it. */
PGNKIT_API unsigned pgnkit_version_number(void);

/** The version of the library linked at run time, "0.1.0" (static storage). */
PGNKIT_API const char *pgnkit_version_string(void);

/* ==== Status and errors =============================================== */

/*
 * One status space for the whole library. Finer reasons (why a FEN or a
 * move was refused, which check a game failed) travel as detail codes and
 * messages in struct pgnkit_diagnostic, never as more status values.
 */
enum pgnkit_status {
    PGNKIT_OK = 0,
    PGNKIT_ESYNTAX = -1,    /* text that is not PGN (or not a move, not an expression) */
    PGNKIT_EILLEGAL = -2,   /* a move that is not legal in the position */
    PGNKIT_EAMBIGUOUS = -3, /* move text that fits several legal moves */
    PGNKIT_ENOMEM = -4,     /* out of memory */
    PGNKIT_EIO = -5,        /* read error, corrupt or truncated compressed input */
    PGNKIT_ETOOBIG = -6,    /* a hard limit was exceeded */
    PGNKIT_EENCODING = -7,  /* text is not valid UTF-8 (it was read as CP1252) */
    PGNKIT_EINVAL = -8,     /* bad argument */
    PGNKIT_EFORMAT = -9,    /* the input is not text: a picture, a program, an unknown format */
    PGNKIT_EFEN = -10,      /* not a valid position */
};

/**
 * Static English text of a status ("illegal move"); accepts either sign,
 * and gives "unknown status" for a value that is none. Thread-safe.
 */
PGNKIT_API const char *pgnkit_status_name(int status);

/* ==== Reading games =================================================== */

struct pgnkit_reader;
struct pgnkit_game;

/**
 * Opens path for reading games: plain PGN, gzip, zstd, UTF-16 with a byte
 * order mark, and (when the library was built with libarchive) zip, 7z, tar
 * and other archives, whose PGN members are read one after another. The
 * format is found from the content, never from the name. NULL or "-" reads
 * standard input. Returns PGNKIT_OK and *out (free it with
 * pgnkit_reader_free), or PGNKIT_EIO (errno says why) or PGNKIT_ENOMEM with
 * *out = NULL. A file that is not text (a picture, a PDF) opens, and the
 * first pgnkit_reader_next() fails with PGNKIT_EFORMAT.
 */
PGNKIT_API int pgnkit_reader_open(struct pgnkit_reader **out, const char *path);

/**
 * As pgnkit_reader_open(), reading data[0..len) (plain, gzip or zstd),
 * which the caller keeps unchanged until pgnkit_reader_free(). Diagnostics
 * name the input "<memory>".
 */
PGNKIT_API int pgnkit_reader_open_memory(struct pgnkit_reader **out, const void *data,
                                         size_t len);

/**
 * As pgnkit_reader_open(), reading the stream f from where its file
 * descriptor stands (the reader reads a duplicate of the descriptor, so f
 * stays the caller's to close, before or after pgnkit_reader_free()). f
 * must not have been read through stdio: what its buffer holds would be
 * skipped. Diagnostics name the input name (NULL: "<file>"). Returns
 * PGNKIT_OK and *out, PGNKIT_EIO (errno says why), PGNKIT_EINVAL when f
 * has no descriptor, or PGNKIT_ENOMEM.
 */
PGNKIT_API int pgnkit_reader_open_file(struct pgnkit_reader **out, FILE *f, const char *name);

/**
 * Reads the next game. Returns 1 and *game, 0 at the end of the input (of
 * every member of an archive), or a negative status: PGNKIT_EIO when the
 * input is damaged (every game before the damage was returned) or
 * PGNKIT_EFORMAT when it is not PGN text (pgnkit_reader_error() says
 * why), PGNKIT_ENOMEM. After 0 or an error, later calls return the same.
 * Syntax errors and illegal moves are never returned here: they are
 * diagnostics of the game (see "Replay and diagnostics").
 *
 * *game belongs to the reader, and it and every string read from it stay
 * valid until the next pgnkit_reader_next() or pgnkit_reader_free() on the
 * same reader.
 */
PGNKIT_API int pgnkit_reader_next(struct pgnkit_reader *r, struct pgnkit_game **game);

/** Message of the error pgnkit_reader_next() returned ("" if none); owned by r. */
PGNKIT_API const char *pgnkit_reader_error(const struct pgnkit_reader *r);

/** Frees r and every game it returned (NULL is allowed). */
PGNKIT_API void pgnkit_reader_free(struct pgnkit_reader *r);

/* ==== A game: where it is, its tags, its result ======================== */

/** Name of the input the game came from: the path, "ARCHIVE:MEMBER", "<stdin>" or "<memory>". */
PGNKIT_API const char *pgnkit_game_file(const struct pgnkit_game *g);

/** 1-based number of the game in its input (in its archive member). */
PGNKIT_API uint64_t pgnkit_game_number(const struct pgnkit_game *g);

/** 1-based line of the game's first token (0 for a game without one). */
PGNKIT_API uint64_t pgnkit_game_line(const struct pgnkit_game *g);

/** The game's PGN text exactly as it stands in the input; *len gets its length. NULL when over the size limit. */
PGNKIT_API const char *pgnkit_game_raw(const struct pgnkit_game *g, size_t *len);

/**
 * Where the game stands in its input: returns the byte offset of its first
 * byte in the (decompressed) input, and *size (when size is not NULL) the
 * length of its span. The spans of consecutive games partition the input, so
 * [offset, offset + size) is what pgnkit_game_raw() gives, even when that is
 * NULL for a game over the size limit.
 */
PGNKIT_API uint64_t pgnkit_game_offset(const struct pgnkit_game *g, uint64_t *size);

enum pgnkit_game_flags {
    PGNKIT_GAME_TOO_BIG = 1 << 0,      /* over the size limit: no raw text, no movetext */
    PGNKIT_GAME_CP1252 = 1 << 1,       /* not valid UTF-8: read as CP1252 */
    PGNKIT_GAME_INPUT_BROKEN = 1 << 2, /* the input broke off in this game (damaged or cut
                                        * short): the next pgnkit_reader_next() fails */
    PGNKIT_GAME_EMPTY = 1 << 3,        /* no game: only comments or % lines (between
                                        * games, or a file of comments); the commands
                                        * neither count nor write it */
};

/**
 * What the reader knows of g without replaying it, as enum
 * pgnkit_game_flags bits. A program that reads a game again from its raw
 * text (another thread, another process) gets the same game unless
 * PGNKIT_GAME_INPUT_BROKEN is set: that diagnostic is the input's, not the
 * text's.
 */
PGNKIT_API unsigned pgnkit_game_flags(const struct pgnkit_game *g);

/** Number of tag pairs, in input order. */
PGNKIT_API size_t pgnkit_game_tag_count(const struct pgnkit_game *g);

/** Name of tag pair i (0 <= i < count), or NULL when i is out of range. */
PGNKIT_API const char *pgnkit_game_tag_name(const struct pgnkit_game *g, size_t i);

/** Value of tag pair i (escapes decoded), or NULL when i is out of range. */
PGNKIT_API const char *pgnkit_game_tag_value(const struct pgnkit_game *g, size_t i);

/** Value of the first tag pair called name (case-sensitive), or NULL. */
PGNKIT_API const char *pgnkit_game_tag(const struct pgnkit_game *g, const char *name);

/** The result marker of the movetext: "1-0", "0-1", "1/2-1/2", "*", or "" when it has none. */
PGNKIT_API const char *pgnkit_game_result(const struct pgnkit_game *g);

/**
 * The result pgnkit convert writes for g: the result marker, else the
 * Result tag when it is "1-0", "0-1", "1/2-1/2" or "*", else "*". Static
 * storage.
 */
PGNKIT_API const char *pgnkit_game_written_result(const struct pgnkit_game *g);

/* ==== Replay and diagnostics ============================================ */

/*
 * The first function below that needs the moves replays the game: sets up
 * its start position (FEN/SetUp tags), decides its notation language from
 * all its moves, resolves and plays every move of the main line and of every
 * variation, and checks the game against the Laws and the PGN standard, as
 * `pgnkit validate` does. This happens once per game.
 */

enum pgnkit_severity { PGNKIT_NOTE = 0, PGNKIT_WARNING = 1, PGNKIT_ERROR = 2 };

/*
 * One diagnostic. Line and column are 1-based (the column counts bytes from
 * the line start; line 0 means no position, column 0 no column); offset
 * counts bytes from the start of the (decompressed) input. status is the
 * broad class (PGNKIT_ESYNTAX, PGNKIT_EILLEGAL, PGNKIT_EAMBIGUOUS,
 * PGNKIT_ETOOBIG, PGNKIT_EENCODING, PGNKIT_EFEN; PGNKIT_OK for a deviation
 * from the PGN export format or a fact worth knowing). detail is the finer,
 * stable kind: pgnkit_detail_name() names it as pgnkit-validate(1) lists
 * it ("illegal-move", "missing-tag"). message is lowercase English with
 * the subject quoted. A diagnostic about a move names it as validate's
 * JSON report does: ply counts the half-moves of its line from 1 (a
 * variation's plies go on from the move it replaces), move is its text as
 * written (move_len bytes, not NUL-terminated) and fen the position before
 * it; otherwise ply is 0, move NULL and fen "". The strings belong to the
 * game.
 */
struct pgnkit_diagnostic {
    const char *file;
    uint64_t line;
    uint32_t column;
    uint64_t offset;
    int status;   /* enum pgnkit_status */
    int severity; /* enum pgnkit_severity */
    int detail;   /* pgnkit_detail_name() */
    const char *message;
    uint32_t ply;
    const char *move;
    size_t move_len;
    const char *fen;
};

/**
 * Number of diagnostics of g (replaying it first), in input order; the
 * reader's own (syntax, limits, encoding) are among them. Returns a
 * negative status (PGNKIT_ENOMEM) when the replay could not be done.
 */
PGNKIT_API int pgnkit_game_diagnostic_count(struct pgnkit_game *g);

/** Fills *d with diagnostic i of g. Returns PGNKIT_OK, or PGNKIT_EINVAL when i is out of range. */
PGNKIT_API int pgnkit_game_diagnostic(struct pgnkit_game *g, size_t i,
                                      struct pgnkit_diagnostic *d);

/** 1 when g has no error diagnostic (it is a valid game, as validate says), else 0. */
PGNKIT_API int pgnkit_game_is_valid(struct pgnkit_game *g);

/** Stable name of a detail code ("illegal-move"), or NULL for a code that is none. */
PGNKIT_API const char *pgnkit_detail_name(int detail);

/** "error", "warning" or "note". */
PGNKIT_API const char *pgnkit_severity_name(int severity);

/**
 * How the rules ended the main line (replaying g first), in the words of
 * the end column of convert's CSV: "checkmate", "stalemate", "dead
 * position", "fivefold repetition", "75-move rule", or "" when play could
 * go on (or the game could not be replayed). Static storage.
 */
PGNKIT_API const char *pgnkit_game_end(struct pgnkit_game *g);

/* ==== A game's moves, comments, NAGs, clocks, evaluations =============== */

/*
 * Plies of the main line are numbered from 1; ply 0 is the start position
 * (its comments: the game comment before the first move). The replayed
 * plies (pgnkit_game_ply_count, pgnkit_game_move, pgnkit_game_position)
 * stop where the replay stopped: an illegal move ends the main line there.
 * What is read from the text (move text, comments, NAGs, clocks,
 * evaluations) is there for every main-line move as written, up to
 * pgnkit_game_line_length(g, 0). Out-of-range plies give NULL, 0 or -1.
 */

/** Number of main-line plies replayed. */
PGNKIT_API size_t pgnkit_game_ply_count(struct pgnkit_game *g);

/** The move of ply (1-based) as written in the input ("Sf3", "0-0"); *len its length (not NUL-terminated). NULL when out of range. */
PGNKIT_API const char *pgnkit_game_move_text(struct pgnkit_game *g, size_t ply, size_t *len);

enum pgnkit_move_format {
    PGNKIT_SAN = 0, /* Nf3 Nbd7 exd5 e8=Q O-O Qxf7# (the PGN export format) */
    PGNKIT_LAN = 1, /* Ng1-f3 e2-e4 Nf3xe5 O-O */
    PGNKIT_UCI = 2, /* g1f3 e7e8q e1g1 (Chess960: e1h1) */
};

/**
 * Writes the move of ply in format (enum pgnkit_move_format) and language
 * lang (pgnkit_language_find(); 0 = English) into out, at most cap bytes
 * with the NUL (PGNKIT_MOVE_TEXT_MAX always suffices). Returns the length
 * of the full text, as snprintf does, or 0 when ply or lang is out of range.
 */
PGNKIT_API size_t pgnkit_game_move(struct pgnkit_game *g, size_t ply, int format, int lang,
                                   char *out, size_t cap);

/** Number of comments after ply (ply 0: before the first move). */
PGNKIT_API size_t pgnkit_game_comment_count(struct pgnkit_game *g, size_t ply);

/**
 * Comment k after ply: its text without [%cmd] commands, trimmed, pieces
 * joined by one space; *len its length (the text is not NUL-terminated).
 * NULL when out of range.
 */
PGNKIT_API const char *pgnkit_game_comment(struct pgnkit_game *g, size_t ply, size_t k,
                                           size_t *len);

/** Number of NAGs ($1 .. $255, glyphs such as "!?" included) after ply. */
PGNKIT_API size_t pgnkit_game_nag_count(struct pgnkit_game *g, size_t ply);

/** What pgnkit_game_nag() returns for a NAG that is not there. */
#define PGNKIT_NO_NAG (-1)

/** NAG k after ply (1 .. 255), or PGNKIT_NO_NAG when out of range. */
PGNKIT_API int pgnkit_game_nag(struct pgnkit_game *g, size_t ply, size_t k);

/**
 * The clock after ply from a [%clk H:MM:SS(.s)] command in its comments,
 * in milliseconds. Returns 1 and *ms, or 0 when ply has no readable clock.
 */
PGNKIT_API int pgnkit_game_clock(struct pgnkit_game *g, size_t ply, int64_t *ms);

/**
 * The time the move of ply took, from an [%emt H:MM:SS(.s)] command in its
 * comments, in milliseconds. Returns 1 and *ms, or 0 when ply has none.
 */
PGNKIT_API int pgnkit_game_elapsed(struct pgnkit_game *g, size_t ply, int64_t *ms);

/**
 * The evaluation after ply from an [%eval] command in its comments, from
 * White's point of view: "[%eval 0.34]" gives *cp 34 and *mate 0, "[%eval
 * #-3]" gives *cp 0 and *mate -3. Returns 1, or 0 when ply has none.
 */
PGNKIT_API int pgnkit_game_eval(struct pgnkit_game *g, size_t ply, int *cp, int *mate);

/*
 * Variations, as lines: line 0 is the main line as written (all its moves,
 * whether they replay or not), every other line a variation. A line's moves
 * are numbered from 0; the variations that replace move k of a line are
 * lines first .. first + count - 1.
 */

/** Number of lines: 1 plus the number of variations at every depth. */
PGNKIT_API size_t pgnkit_game_line_count(const struct pgnkit_game *g);

/** Number of moves of line (0 when line is out of range). */
PGNKIT_API size_t pgnkit_game_line_length(const struct pgnkit_game *g, size_t line);

/** Nesting depth of line: 0 for the main line, 1 for its variations, ... */
PGNKIT_API size_t pgnkit_game_line_depth(const struct pgnkit_game *g, size_t line);

/** Move k of line as written; *len its length (not NUL-terminated). NULL when out of range. */
PGNKIT_API const char *pgnkit_game_line_move(const struct pgnkit_game *g, size_t line, size_t k,
                                             size_t *len);

/** Number of variations replacing move k of line; *first gets the first of their line numbers. */
PGNKIT_API size_t pgnkit_game_line_variations(const struct pgnkit_game *g, size_t line,
                                              size_t k, size_t *first);

/* ==== Positions and moves =============================================== */

struct pgnkit_position;

/*
 * A move of a position: 16 bits that mean something only together with the
 * position they were made for (from, to, promotion and kind of move).
 */
typedef uint16_t pgnkit_move;

/* Most legal moves a position can have, and the longest move text, NUL included. */
#define PGNKIT_MAX_MOVES 256
#define PGNKIT_MOVE_TEXT_MAX 32
#define PGNKIT_FEN_MAX 128

/** A new position, the standard start position. Returns PGNKIT_OK and *out, or PGNKIT_ENOMEM. */
PGNKIT_API int pgnkit_position_new(struct pgnkit_position **out);

/** A new copy of p. Returns PGNKIT_OK and *out, or PGNKIT_ENOMEM. */
PGNKIT_API int pgnkit_position_copy(struct pgnkit_position **out,
                                    const struct pgnkit_position *p);

/** Frees p (NULL is allowed). */
PGNKIT_API void pgnkit_position_free(struct pgnkit_position *p);

/**
 * Sets p from a FEN, X-FEN or Shredder-FEN (the move counters may be left
 * out, as in EPD). Returns PGNKIT_OK, or PGNKIT_EFEN with p unchanged and,
 * when why is not NULL, the reason ("pawn on rank 1 or 8") in
 * why[0..why_cap).
 */
PGNKIT_API int pgnkit_position_set_fen(struct pgnkit_position *p, const char *fen, char *why,
                                       size_t why_cap);

/**
 * Writes the FEN of p into out (PGNKIT_FEN_MAX bytes suffice), as
 * snprintf does. The en-passant square is written only when an en-passant
 * capture is legal.
 */
PGNKIT_API size_t pgnkit_position_fen(const struct pgnkit_position *p, char *out, size_t cap);

/**
 * Sets dst to the position of g after ply (0: the start position, from the
 * FEN tag if any). Returns PGNKIT_OK, or PGNKIT_EINVAL when ply is past
 * pgnkit_game_ply_count().
 */
PGNKIT_API int pgnkit_game_position(struct pgnkit_game *g, size_t ply,
                                    struct pgnkit_position *dst);

/** 0 when White is to move, 1 when Black is. */
PGNKIT_API int pgnkit_position_side(const struct pgnkit_position *p);

/** The Polyglot key of p (the start position's is 0x463b96181691fc9c). */
PGNKIT_API uint64_t pgnkit_position_key(const struct pgnkit_position *p);

enum pgnkit_position_state {
    PGNKIT_CHECK = 1 << 0,     /* the side to move is in check */
    PGNKIT_CHECKMATE = 1 << 1, /* ... and has no legal move */
    PGNKIT_STALEMATE = 1 << 2, /* not in check and no legal move */
    PGNKIT_DEAD = 1 << 3,      /* no sequence of legal moves can mate (FIDE 5.2.2), as far as proved */
};

/** The state of p as enum pgnkit_position_state bits (0: play goes on). */
PGNKIT_API unsigned pgnkit_position_state(const struct pgnkit_position *p);

/** Writes every legal move of p into moves; returns their count. */
PGNKIT_API size_t pgnkit_position_legal_moves(const struct pgnkit_position *p,
                                              pgnkit_move moves[PGNKIT_MAX_MOVES]);

/* Notation languages: 16 of them, English (0) first. */

/** Number of notation languages. */
PGNKIT_API int pgnkit_language_count(void);

/** ISO 639-1 code of language id ("en", "de"), or NULL when id is out of range. */
PGNKIT_API const char *pgnkit_language_name(int id);

/** Id of the language called name ("de"), PGNKIT_LANG_AUTO for "auto", or -2 when none. */
PGNKIT_API int pgnkit_language_find(const char *name);

#define PGNKIT_LANG_AUTO (-1) /* read a move in whatever language its letters say */

/**
 * Reads text (a move in SAN or long algebraic notation, in language lang or
 * PGNKIT_LANG_AUTO; figurines too) as a legal move of p. Returns PGNKIT_OK
 * and *move, or PGNKIT_ESYNTAX, PGNKIT_EILLEGAL or PGNKIT_EAMBIGUOUS with
 * the reason ("the knight on d7 is pinned") in why[0..why_cap) when why is
 * not NULL. Check marks are not verified.
 */
PGNKIT_API int pgnkit_position_parse_move(const struct pgnkit_position *p, const char *text,
                                          int lang, pgnkit_move *move, char *why,
                                          size_t why_cap);

/**
 * Reads text as a UCI move of p ("e2e4", "e7e8q"; castling as e1g1 or
 * e1h1). Returns PGNKIT_OK and *move, or PGNKIT_EILLEGAL when it is not a
 * legal move of p in UCI.
 */
PGNKIT_API int pgnkit_position_parse_uci(const struct pgnkit_position *p, const char *text,
                                         pgnkit_move *move);

/** Plays move on p. Returns PGNKIT_OK, or PGNKIT_EILLEGAL (p unchanged) when it is not legal. */
PGNKIT_API int pgnkit_position_play(struct pgnkit_position *p, pgnkit_move move);

/**
 * Writes legal move of p in format (enum pgnkit_move_format) and language
 * lang (0 = English; UCI has none) into out, as snprintf does. Returns the
 * length of the full text, or 0 when move is not legal or lang not a
 * language.
 */
PGNKIT_API size_t pgnkit_position_write_move(const struct pgnkit_position *p, pgnkit_move move,
                                             int format, int lang, char *out, size_t cap);

/* ==== Writing games ===================================================== */

struct pgnkit_writer;

enum pgnkit_format {
    PGNKIT_FORMAT_PGN = 0, /* PGN export format: roster first, lines under 80 characters */
    PGNKIT_FORMAT_JSON,    /* one JSON object per game, on one line */
    PGNKIT_FORMAT_EPD,     /* one EPD line per position of the main line */
    PGNKIT_FORMAT_FEN,     /* one FEN per position of the main line */
    PGNKIT_FORMAT_UCI,     /* one line per game: the main line in UCI */
    PGNKIT_FORMAT_CSV,     /* one row per game after a header row: game, file, plies, result, ... */
    PGNKIT_FORMAT_ROWS,    /* one JSON row per game, the lichess Parquet dataset's columns:
                              Event, ..., WhiteElo (a number), ..., movetext */
    PGNKIT_FORMAT_PLY_ROWS, /* one JSON row per ply: game, ply, move_number, side, san, uci,
                               clock, time_spent, eval_cp, eval_mate, nags, comment */
    PGNKIT_FORMAT_PLY_CSV, /* the same columns as CSV, after a header row */
    PGNKIT_FORMAT_PLAIN,   /* training positions, Stockfish's plain format: fen, move,
                              score, ply, result, e (positions scored by [%eval]) */
};

/**
 * A new writer of games in format (enum pgnkit_format), moves in SAN of
 * language lang (0 = English), as pgnkit-convert(1) writes them in that
 * format and language (PGNKIT_FORMAT_PLY_ROWS and PGNKIT_FORMAT_PLY_CSV
 * are its rows and CSV formats one row per ply; their columns and
 * PGNKIT_FORMAT_PLAIN's records are described there). Returns PGNKIT_OK and *out, PGNKIT_EINVAL for a format or
 * language that is none, or PGNKIT_ENOMEM.
 */
PGNKIT_API int pgnkit_writer_new(struct pgnkit_writer **out, int format, int lang);

/**
 * Writes g (replaying it first), as `pgnkit convert` writes it. Returns
 * PGNKIT_OK with the text in *text (NUL-terminated) and its length in *len
 * (a CSV header row comes before the first game's row; a game that is only
 * comments gives no text), owned by w and valid until the next call on w;
 * PGNKIT_EILLEGAL (nothing written) when g has errors, as convert leaves
 * such a game out; PGNKIT_ENOMEM or PGNKIT_ETOOBIG. For the formats that
 * write no variations (EPD, FEN, UCI, CSV), errors in variations first
 * become warnings of g, as in convert, so that a valid main line is
 * written.
 */
PGNKIT_API int pgnkit_writer_game(struct pgnkit_writer *w, struct pgnkit_game *g,
                                  const char **text, size_t *len);

/** Frees w (NULL is allowed). */
PGNKIT_API void pgnkit_writer_free(struct pgnkit_writer *w);

/* ==== Queries =========================================================== */

struct pgnkit_query;

enum pgnkit_query_flags {
    PGNKIT_QUERY_ICASE = 1 << 0, /* every regular expression ignores case (search -i) */
};

/**
 * A new query that every game matches, until criteria are added; flags is
 * enum pgnkit_query_flags. Returns PGNKIT_OK and *out, or PGNKIT_ENOMEM.
 */
PGNKIT_API int pgnkit_query_new(struct pgnkit_query **out, unsigned flags);

/**
 * Adds a criterion that a game must meet as well, named as the long option
 * of pgnkit-search(1) without its dashes, with its argument as that option
 * takes it (NULL for criteria without one): ("white", "Carlsen"),
 * ("eco", "B90-B99"), ("position", FEN), ("checkmate", NULL), and ("where",
 * "white_elo > 2700 and plies < 60") for a where expression. The argument
 * is compiled once, here (regular expressions with PCRE2's JIT). Returns
 * PGNKIT_OK; PGNKIT_EINVAL for a name that is no criterion or an argument
 * it refuses, with the reason in why[0..why_cap) when why is not NULL;
 * PGNKIT_ENOMEM.
 */
PGNKIT_API int pgnkit_query_add(struct pgnkit_query *q, const char *name, const char *arg,
                                char *why, size_t why_cap);

/**
 * 1 when g meets every criterion of q, 0 when not, or a negative status
 * (PGNKIT_ENOMEM). The cheapest criteria run first: a game that fails on
 * its tags is not replayed. An entry that is no game (PGNKIT_GAME_EMPTY)
 * matches no query, not even one without criteria, as `pgnkit search`
 * writes no such entry. q may be used on games of any reader, one game
 * at a time.
 */
PGNKIT_API int pgnkit_query_match(struct pgnkit_query *q, struct pgnkit_game *g);

/** Frees q (NULL is allowed). */
PGNKIT_API void pgnkit_query_free(struct pgnkit_query *q);

/* ==== Stats ============================================================= */

/*
 * The aggregates of pgnkit-stats(1): exact counts and sums over games (never
 * averages), so that aggregates made apart, on several threads or over
 * shards of a collection, merge into exactly the aggregate of one pass over
 * every game. The JSON text of an aggregate is the one pgnkit-stats(1)
 * writes in its JSON format, byte for byte, and merges back exactly.
 *
 * Threads: a handle is used by one thread at a time. To count on several
 * threads, give each its own handle (same report, root and depth) and merge
 * them into one at the end with pgnkit_stats_merge().
 */

struct pgnkit_stats;

enum pgnkit_stats_report {
    PGNKIT_STATS_SUMMARY = 0, /* results, ratings, lengths, terminations, years, variants, events */
    PGNKIT_STATS_OPENINGS,    /* games by ECO code and opening name, found by position */
    PGNKIT_STATS_TREE,        /* the moves played from a root position, like an opening explorer */
    PGNKIT_STATS_PLAYERS,     /* per player: games, score, own and opponents' ratings */
    PGNKIT_STATS_CLOCK,       /* time spent by move number; moves, games and results by clock band */
};

/* The deepest opening tree, in moves from its root. */
#define PGNKIT_STATS_DEPTH_MAX 20

/**
 * A new, empty aggregate for report (enum pgnkit_stats_report). For
 * PGNKIT_STATS_TREE, root is the position the tree starts from (NULL: the
 * standard start position; only read during the call) and depth how many
 * moves deep it goes (1 .. PGNKIT_STATS_DEPTH_MAX); the other reports
 * ignore both. Returns PGNKIT_OK and *out (free it with pgnkit_stats_free),
 * PGNKIT_EINVAL (*out = NULL) for a report or depth that is none, or
 * PGNKIT_ENOMEM.
 */
PGNKIT_API int pgnkit_stats_new(struct pgnkit_stats **out, int report,
                                const struct pgnkit_position *root, int depth);

/**
 * Counts g (replaying it first, if no function has) into s, as `pgnkit
 * stats` counts a game. A reader's entry that is no game (only comments)
 * is not counted. Returns PGNKIT_OK or PGNKIT_ENOMEM (s may then hold part
 * of the game's counts). g stays the reader's.
 */
PGNKIT_API int pgnkit_stats_add(struct pgnkit_stats *s, struct pgnkit_game *g);

/**
 * Adds every count of src into dst, which must have been made with the
 * same report (and, for a tree, the same root and depth). src is
 * unchanged. Returns PGNKIT_OK; PGNKIT_EINVAL when the reports differ or
 * src is dst; PGNKIT_ETOOBIG when a total would pass INT64_MAX; or
 * PGNKIT_ENOMEM. After PGNKIT_ETOOBIG or PGNKIT_ENOMEM, dst holds part of
 * src's counts: free it.
 */
PGNKIT_API int pgnkit_stats_merge(struct pgnkit_stats *dst, const struct pgnkit_stats *src);

/**
 * Adds the aggregate in the JSON text json[0..len) (written earlier by
 * pgnkit_stats_json() or by pgnkit-stats(1) in JSON) to s; its report
 * (root and depth for a tree) must be s's. Returns PGNKIT_OK, or:
 * PGNKIT_EFORMAT when the text is not JSON, not such an aggregate, or
 * holds a count that is none (negative, not a whole number);
 * PGNKIT_EINVAL for another report, root or depth, or json NULL;
 * PGNKIT_ETOOBIG when a total would pass INT64_MAX; PGNKIT_ENOMEM. On
 * failure the first reason ("'<memory>': member 'games' is negative") is
 * written into why[0..why_cap) when why is not NULL, and s may hold part
 * of the text's counts: free it. Bad text never crashes.
 */
PGNKIT_API int pgnkit_stats_merge_json(struct pgnkit_stats *s, const char *json, size_t len,
                                       char *why, size_t why_cap);

/**
 * The JSON text of s: one object on one line, ending with a newline, the
 * bytes pgnkit-stats(1) writes in JSON for the same games. Returns
 * PGNKIT_OK with the text in *text (NUL-terminated) and its length in
 * *len, owned by s and valid until the next call on s (as the writer's
 * texts are the writer's: nothing for the caller to free); or
 * PGNKIT_ENOMEM (*text = "", *len = 0).
 */
PGNKIT_API int pgnkit_stats_json(struct pgnkit_stats *s, const char **text, size_t *len);

/** Frees s and its text (NULL is allowed). */
PGNKIT_API void pgnkit_stats_free(struct pgnkit_stats *s);

#ifdef __cplusplus
}
#endif

#endif
