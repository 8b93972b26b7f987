/* pgn_reader.h - streaming PGN reader: splits the input into games and parses each one. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PGN_READER_H
#define LIB_PGN_READER_H

#include <stddef.h>
#include <stdint.h>
#include "base/error.h"
#include "pgn/game.h"

/*
 * Pull interface (one reader per input; game numbers restart at 1):
 *
 *   struct pgn_reader *r;
 *   struct game g;
 *   int rc = pgn_reader_open(&r, path, NULL);   // NULL or "-" = stdin
 *   while ((rc = pgn_reader_next(r, &g)) > 0)
 *       use(&g);                                 // valid until the next call
 *   if (rc < 0)
 *       report(pgn_reader_error(r));             // I/O error: the input is damaged
 *   pgn_reader_free(r);
 *
 * Memory stays bounded by the limits below whatever the input: the reader
 * keeps only the current game in a sliding window, never the whole input.
 *
 * SYNTAX ONLY. The reader checks PGN structure, not chess: a move token is
 * any run of move-like characters (see pgn_lex.h).
 *
 * GAME BOUNDARIES. A game is: comments, tag pairs, movetext, a result, then
 * comments. A new game starts at
 *   - a tag pair ('[' blanks name blanks '"') that is the first token of its
 *     line, after movetext or a result;
 *   - in the tag section, a tag pair whose name the game already has, when
 *     an empty line came before it or the name is "Event" (header-only
 *     games; an empty line inside one header does not split it);
 *   - a tag pair or a word (move, move number, ...) after the result; stray
 *     characters there (')', '$1', NUL bytes) stay with the game, with a
 *     warning, and so do comments and a second result;
 *   - a tag pair line after an empty line inside an unterminated {comment}
 *     (error "unterminated comment" on the game that opened it).
 * A '[' line inside a {comment} is comment text; a '[' later in a movetext
 * line is an error. A tag pair must be on one line.
 *
 * ERRORS. A broken tag pair, a bad NAG or a misplaced glyph spoils only
 * itself: the error is recorded and parsing goes on. Any other syntax error
 * (an unexpected token or character, an unbalanced parenthesis, a variation
 * before the first move, a tag pair in movetext, a limit) is recorded once
 * and the rest of the game is scanned without being recorded (comments
 * still hide '[' lines, a result still ends the game, so header-less games
 * are not merged); the next game starts at the next boundary.
 *
 * RAW SPANS partition the input: concatenating the raw bytes of all games in
 * order gives the input back byte for byte. A game's span starts where the
 * previous one ended (the first game's at offset 0, BOM and any junk
 * included) and ends at the start of the line holding the next game's first
 * token (or right after this game's last token, if that is later on the
 * same line), or at the end of the input. So blank lines and comments
 * between two games belong to the first one, and a % line or comment before
 * a file's first game belongs to that game; a byte order mark at the start
 * of a line goes with the game that follows it (GAME_BOM). An input that
 * holds nothing but white space yields no game. One exception: white space
 * that would take a span past max_game belongs to no game (see OVERSIZED
 * GAMES), and there the spans leave a gap of white space.
 *
 * OVERSIZED GAMES. White space between games never makes a game too big:
 * when the limit is reached with nothing but blanks and line ends after a
 * game's last token, the game ends with that token's line, and the whole
 * run of blank lines after it belongs to no game (the next game's span
 * starts at the first line that holds something); so do blank lines
 * before any token that reach the limit (the start of the input, a member
 * of only empty lines, one long line of spaces). Otherwise a game is too big when one of its lines
 * starts more than max_game bytes after the game's start, or when a single
 * line is longer than max_game (such a line counts as part of the game in
 * progress, unless
 * that game has read its result: then the line starts the next game, so a
 * complete game before it is kept). It gets GAME_TRUNCATED and a
 * PGN_ETOOBIG error; the rest of it is skipped without being kept in
 * memory, up to the next line that is a tag pair and follows a line that
 * was not one (outside {comments}, or inside one after an empty line), or
 * the end. raw is NULL and raw_len 0, but offset and
 * raw_size still give its span, so the spans still partition the input;
 * tags read before the limit are kept, the movetext is dropped. Callers that
 * pass games through must report such a game instead of copying it.
 */

/*
 * Hard limits (defaults in parentheses). Going over one is a PGN_ETOOBIG
 * error on the game, "<what> (limit N)", the game is marked bad and the rest
 * of it is only scanned (or, for max_game, skipped unread); the reader goes
 * on with the next game. Memory: the input window is at most
 * 2 * max_game + read_size; the per-game arrays are bounded by the counts.
 */
/*
 * What a reader warning (struct pgn_error.detail) says the reader repaired:
 * text the PGN standard does not allow, read as real files mean it.
 */
enum pgn_repair {
    PGN_REPAIR_NONE = 0,
    PGN_REPAIR_RESULT_FORM, /* a result with a Unicode dash: "1\u20130"; "remis" */
    PGN_REPAIR_WRAPPER,     /* a forum wrapper "[pgn]" ... "[/pgn]" skipped */
    PGN_REPAIR_TAG_CASE,    /* a common tag name in another case ("fEn"), read as the name */
};

struct pgn_limits {
    size_t max_game;       /* bytes of one game, see OVERSIZED GAMES (16 MiB; at most 1 GiB) */
    size_t max_comment;    /* bytes of one comment (1 MiB) */
    size_t max_tag_value;  /* bytes of one tag value (64 KiB) */
    size_t max_token;      /* bytes of one move token (255) */
    size_t max_arena;      /* bytes of decoded text and scratch per game (64 MiB) */
    uint32_t max_tags;     /* tag pairs per game (1000) */
    uint32_t max_moves;    /* moves per game, variations included; also variations (100,000) */
    uint32_t max_comments; /* comments per game (100,000) */
    uint32_t max_nags;     /* NAGs per game (100,000) */
    uint32_t max_cmds;     /* [%cmd] commands per game (100,000) */
    uint32_t max_depth;    /* nesting of variations (256) */
    uint32_t max_errors;   /* diagnostics kept per game; more are dropped, not an error (64) */
};

/*
 * LAZY MOVETEXT (PGN_READER_LAZY). For callers that look at the tags of
 * every game but at the moves of few (header searches): after the tag
 * section, the reader only skims the movetext for the end of the game, far
 * faster than parsing it. Such a game comes back with GAME_LAZY set: its
 * raw span, tags, file, index, offset, position and the diagnostics of its
 * tag section are final; it has no moves, lines, comments, NAGs or result
 * yet (nvars is 0). pgn_reader_complete() parses the movetext on demand and
 * then the game is exactly what a reader without the flag returns. The skim
 * proves the end of the game only in the plain case (a result, if any,
 * followed by nothing but comments up to the next tag pair line); anything
 * unusual (a word after the result, a '[' inside a comment, junk, huge
 * games) makes the reader parse that game fully at once, without GAME_LAZY.
 * So game boundaries, spans and diagnostics never depend on the flag.
 *
 * SPLITTING ONLY (PGN_READER_SPLIT, with PGN_READER_LAZY). For a reader that
 * only cuts the input into games that are parsed elsewhere (see PARSING A
 * SPAN ELSEWHERE): a GAME_LAZY game then comes back with its span, file,
 * index and position, and of its flags only GAME_LAZY and GAME_BOM; it has
 * no tags and no diagnostics (ntags and nerrors 0), which spares the tag
 * records and the encoding check. pgn_reader_complete() and a re-parse of
 * the span give the game in full, as without the flag. Games that come back
 * without GAME_LAZY are complete, and the boundaries are the same.
 */
/*
 * REFERENCE MODE (PGN_READER_REFERENCE), for tests. The reader reads most
 * text through fast paths, each of which must give what its general path
 * gives (reader_internal.h lists them, with what they agree on and the test
 * that holds them equal). With this flag it takes the general paths only:
 * every tag pair, word and line end one at a time, each tag string copied
 * on its own, no skim and no one-pass split (PGN_READER_LAZY and
 * PGN_READER_SPLIT are then ignored: every game comes complete). A reader with the flag and one without must return the
 * same games, field by field; it is slower, and changes nothing else.
 */
/*
 * NESTED COMMENTS (PGN_READER_NESTED_COMMENTS). The PGN standard ends a
 * {comment} at its first '}', so "{a {b} c}" is the comment "a {b", then
 * the word "c" and a stray '}'. Some editors and old files nest braces in
 * comments; with this flag a '{' inside a comment opens a level and the
 * comment ends at the '}' that closes the outermost one: "{a {b} c}" is one
 * comment whose text is "a {b} c" (braces kept, as they stand). Everything
 * else reads as without the flag, and a comment that never closes ends as
 * any unterminated comment does (an empty line, then a tag pair line, or
 * the end of the input).
 */
enum pgn_reader_flags {
    PGN_READER_LAZY = 1 << 0,            /* skim the movetext; see LAZY MOVETEXT */
    PGN_READER_SPLIT = 1 << 1,           /* lazy games carry only their span; see SPLITTING ONLY */
    PGN_READER_REFERENCE = 1 << 2,       /* the general paths only; see REFERENCE MODE */
    PGN_READER_NESTED_COMMENTS = 1 << 3, /* braces nest inside {comments}; see NESTED COMMENTS */
};

struct pgn_reader_opts {
    struct pgn_limits limits;
    const char *name; /* name for diagnostics; default: the path, "<stdin>" or "<memory>" */
    size_t read_size; /* bytes per read (256 KiB) */
    unsigned flags;   /* enum pgn_reader_flags */
};

struct pgn_reader;

/** Fills o with the defaults. */
void pgn_reader_opts_init(struct pgn_reader_opts *o);

/** Builds the reader's byte classes and tag-name slots; lib_init() calls it once. */
void pgn_reader_tables_init(void);

/**
 * The enum game_tag_id of the tag name name[0..len): what the reader sets
 * in struct game_tag.id, for tags made elsewhere (GAME_TAG_UNSET).
 */
unsigned pgn_tag_id(const char *name, size_t len);

/**
 * Opens path (NULL or "-" = standard input; plain or gzip, detected from the
 * content) with opts (NULL = defaults; copied). Returns PGN_OK and *out, or
 * PGN_EIO (errno tells why) / PGN_ENOMEM with *out = NULL.
 */
int pgn_reader_open(struct pgn_reader **out, const char *path, const struct pgn_reader_opts *opts);

/**
 * As pgn_reader_open, reading the open descriptor fd, which the reader owns
 * from then on (see pgn_input_open_fd()); diagnostics say name (NULL:
 * "<file>").
 */
int pgn_reader_open_fd(struct pgn_reader **out, int fd, const char *name,
                       const struct pgn_reader_opts *opts);

/** As pgn_reader_open, reading data[0..len), which must outlive the reader. */
int pgn_reader_open_mem(struct pgn_reader **out, const void *data, size_t len,
                        const struct pgn_reader_opts *opts);

/**
 * Reads the next game into *g (see game.h for ownership). Returns 1 for a
 * game, 0 at the end of the input, or a negative status: PGN_EIO when the
 * input is unreadable or damaged (every game before the damage has been
 * returned, the last one with a PGN_EIO error diagnostic; see
 * pgn_reader_error()), PGN_ENOMEM. After 0 or an error, later calls return
 * the same. Syntax errors are never returned here: they are diagnostics in
 * g->errors, with GAME_BAD set.
 */
int pgn_reader_next(struct pgn_reader *r, struct game *g);

/**
 * Completes g, the game the last pgn_reader_next() on r returned, when it
 * has GAME_LAZY: parses its movetext and refills *g, which is then the game
 * a reader without PGN_READER_LAZY returns (earlier pointers into g stay
 * valid until the next pgn_reader_next()). Does nothing for a complete game.
 * Returns PGN_OK, PGN_ENOMEM, or PGN_EINVAL when g is not that game.
 */
int pgn_reader_complete(struct pgn_reader *r, struct game *g);

/** Details of the error pgn_reader_next() returned (code PGN_OK if none); owned by r. */
const struct pgn_error *pgn_reader_error(const struct pgn_reader *r);

/**
 * ARCHIVES. An input that is an archive (zip, 7z, tar, ...) is read member
 * by member: pgn_reader_next() returns 0 at the end of each. Then this
 * moves r on to the next member. Returns 1 when r now reads a PGN member
 * (a name ending in ".pgn"): games and diagnostics name it *name,
 * "ARCHIVE:MEMBER", and lines, offsets and game numbers count from 1
 * again; 2 when the next member is not PGN and is passed over (*name
 * names it; call again); 3 when the member just read was not PGN text
 * after all (an image, say: it gave no game; *name names it,
 * pgn_reader_error() says what it looks like, code PGN_EFORMAT; call again
 * for the next member); 0 when there is no other member (or the input is
 * no archive); or a negative status, with pgn_reader_error() saying why.
 * A member that is gzip or zstd data is read decompressed; a name ending
 * in ".pgn.gz" or ".pgn.zst" is PGN too.
 * *name stays valid until pgn_reader_free().
 */
int pgn_reader_next_member(struct pgn_reader *r, const char **name);

/** Bytes of (decompressed) input consumed so far: the end of the last game's span. */
uint64_t pgn_reader_offset(const struct pgn_reader *r);

/** Bytes of the input file read so far, as stored (compressed bytes for compressed input). */
uint64_t pgn_reader_raw_offset(const struct pgn_reader *r);

/*
 * PARSING A SPAN ELSEWHERE (for worker threads). A game's raw span and where
 * it starts in its input are enough to parse that game again on another
 * reader: a reader reset onto the span returns the game with the same
 * positions, offsets, diagnostics, file name and number as the reader that
 * split the input, lazy or not according to its own flags, given the same
 * limits (a reader without PGN_READER_LAZY gives what pgn_reader_complete()
 * gives). This holds for the games that reader returned with GAME_LAZY: the
 * skim proved that they end where their span ends, whatever follows.
 *
 *   pgn_reader_span_origin(main, &g, &o);            // g: lazy, just returned
 *   ... copy g.raw[0..g.raw_len) and o to another thread, with
 *       PGN_SPAN_PAD bytes after the copy ...
 *   pgn_reader_parse_span(w, copy, len, g.file, &o);  // w: that thread's reader
 *   pgn_reader_next(w, &full);                        // the same game, parsed
 */
struct pgn_span_origin {
    uint64_t index;  /* the game's number in its input */
    uint64_t offset; /* input offset of the span's first byte */
    uint64_t line;   /* line and column of that byte */
    uint32_t col;
};

/**
 * Fills *o for g, the game the last pgn_reader_next() on r returned.
 * Returns PGN_OK, or PGN_EINVAL when g is not that game, has no raw text
 * (GAME_TRUNCATED), or ends at an input error (which only r can report:
 * complete such a game with pgn_reader_complete()).
 */
int pgn_reader_span_origin(const struct pgn_reader *r, const struct game *g,
                           struct pgn_span_origin *o);

/* Bytes after a span that pgn_reader_parse_span() may write and read. */
enum { PGN_SPAN_PAD = 24 };

/**
 * Makes r read data[0..len), the span of one game starting at *o of an
 * input called name (copied; NULL keeps r's name), instead of its input:
 * the next pgn_reader_next() returns that game as described under PARSING
 * A SPAN ELSEWHERE, the call after it 0. r parses the span where it is,
 * and overwrites data[len..len + PGN_SPAN_PAD), which must be there: a
 * worker parses the copy it was handed, and copies nothing again. data is
 * the caller's and must stay until r is reset again or freed; the games r
 * returns from it point into it. Earlier games of r become invalid. Returns
 * PGN_OK, PGN_ENOMEM, or PGN_ETOOBIG when len is over r's max_game.
 */
int pgn_reader_parse_span(struct pgn_reader *r, unsigned char *data, size_t len, const char *name,
                          const struct pgn_span_origin *o);

/**
 * Before the first pgn_reader_next() on r: its input is the rest of a
 * larger input from *o on, the start of a game's span there (an index
 * reading what was appended): numbers, lines, columns and offsets count as
 * in that input. Returns PGN_OK, or PGN_EINVAL when r has read already.
 */
int pgn_reader_set_origin(struct pgn_reader *r, const struct pgn_span_origin *o);

/** Frees r and everything it returned (NULL is allowed). */
void pgn_reader_free(struct pgn_reader *r);

#endif
