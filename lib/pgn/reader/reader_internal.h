/* reader_internal.h - what the reader's files share: state, design notes, fast paths. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_PGN_READER_INTERNAL_H
#define LIB_PGN_READER_INTERNAL_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "base/arena.h"
#include "base/buf.h"
#include "base/compiler.h"
#include "base/simd.h"
#include "pgn/game.h"
#include "pgn/pgn_lex.h"
#include "pgn/pgn_reader.h"

/*
 * THE FILES. pgn_reader.c holds the public calls; reader_window.c the input
 * window; reader_record.c diagnostics and the records a game is built of;
 * reader_parse.c the parser (a dispatch on each token's first byte) and
 * {comments}; reader_words.c the general way through movetext words;
 * reader_tags.c tag pairs and their names; reader_oversize.c games over
 * max_game; reader_blank.c white space between games longer than that;
 * reader_run.c, reader_skim.c and reader_split.c fast paths (see FAST
 * PATHS); reader_finish.c turns the records into a struct game;
 * reader_span.c resets a reader onto one game's span. Functions one file
 * calls in another are named reader_* and declared below.
 *
 * THE PARTS of struct pgn_reader, each with one owner: win, the input
 * window (struct reader_window, THE WINDOW: reader_window.c); ps, where the
 * parse of the game being read stands (struct parse: its phase changes only
 * in parse_enter()); rec, the records the game is built of (struct
 * reader_records, THE RECORDS: reader_record.c); lazy, what a skimmed game
 * needs to be parsed later (reader_skim.c); and the settings (lim, flags,
 * fast_paths, comment_stop), set once when the reader opens. A function
 * takes the part it needs (the window, the parse state, the records or
 * their arena, with the settings it reads as values); only one that needs
 * several parts, or a public call, takes the whole struct pgn_reader.
 * tests/scripts/reader_parts.sh holds the owners and the takers to this.
 *
 * THE WINDOW. buf[0..len) holds input bytes; buf[gstart..) is the current
 * game, which must stay contiguous for its raw span. The lexer works only
 * on buf[pos..safe), where safe is just past the last line end read so far:
 * every token except a {comment} ends before a line end, so the token loops
 * need no bounds checks, and only the line-end handlers meet safe and call
 * reader_refill(). That moves the game to the front of the buffer, grows it
 * (to at most 2 * max_game + read_size: the game so far plus one line), and
 * reads; at the end of the input a '\n' sentinel after the data closes the
 * last line. A game is too big when one of its lines starts more than
 * max_game bytes after the game's start (checked at line ends), or when one
 * line alone is longer than max_game (caught at its start by
 * reader_cut_long_line()), so the outcome does not depend on how the input
 * happens to be buffered. Token positions are kept relative to gstart, so
 * moving the window invalidates nothing; pointers are only made when the
 * game is complete (reader_finish_game()).
 *
 * THE TREE is recorded in parse order into flat vectors; each comment and
 * NAG remembers its owner. reader_finish_game() groups the arrays by owner
 * with stable counting sorts so that every line's moves and every owner's
 * attachments are contiguous slices. A game without variations is already
 * in order and is not copied.
 *
 * FAST PATHS. Most text is read by code that exists only for speed, and
 * each such path must leave exactly what its general path leaves: the same
 * records, positions, diagnostics and parser state. None of them decides
 * anything the general path would decide otherwise; on anything it is not
 * sure of, it stops and leaves the rest to the general path. Under
 * PGN_READER_REFERENCE (pgn_reader.h) the reader takes none of the first
 * five, so tests can compare the two ways on any text, and a build with
 * -DPGN_READER_GENERAL_ONLY (make GENERAL=1) opens every reader so:
 * tests/scripts/reader_general_differential.sh compares that build's
 * output with the usual one's on every file of testdata/, which holds
 * every kind of token. For each: the general path it must agree with, on
 * what, the tests that hold them equal, and what it saves. Issue 35's rule:
 * a fast path kept beside its general path saves at least 5% of the work
 * where it runs (callgrind instructions on 20,000 games, /tmp/slice20k.pgn,
 * against a control build of the same tree without it; "search -c for
 * White Adams" counts the games whose White tag names Adams, reading
 * lazily), or is built from the general path's own body;
 * tests/scripts/fast_paths_measured.sh holds each entry to a figure of 5%
 * or more, or a "one body:" line. The path
 * for one plain word (+0.48%) and the step over the empty line after a
 * result (-0.04%) fell under it and are gone: the general path reads what
 * they read.
 *
 *   reader_tag_run() (reader_tags.c): plain tag pairs in a row.
 *     general: reader_bracket() and tag_pair(), the line ends as tokens()
 *              takes them
 *     agree:   the tag records, line and column, line_tokens, blank, phase
 *     tests:   test_reader_run__reference_testdata, test_reader_runs__tag_*,
 *              test_game_cost__tag_section_blank_line,
 *              reader_general_differential.sh
 *     measured: +6.30% instructions of validate -j 1 without it, 2026-12-06
 *     measured: +48.6% instructions of search -c for White Adams -j 1 without it, 2026-12-06
 *   reader_movetext_run() (reader_run.c): numbers and plain moves in a row.
 *     general: reader_word() and pgn_lex_word() word by word, the line ends
 *              of tokens()
 *     agree:   the move records, the number waiting, line, last_end
 *     tests:   test_reader_run__numbers, __edges, __reference_testdata;
 *              test_reader_runs__sites, __castling, __token_limit;
 *              reader_general_differential.sh
 *     measured: +39.8% instructions of validate -j 1 without it, 2026-12-06
 *              (re-measured on this tree; the table said +10.01% before)
 *   skim() (reader_skim.c, PGN_READER_LAZY): the end of a game, unrecorded.
 *     It runs where a command reads games lazily (search by tags, stats),
 *     never in validate, which reads every move (-0.02% there).
 *     general: reader_parse_game() on the whole game (what
 *              pgn_reader_complete() does later)
 *     agree:   the game's end (ps.split), line and line start
 *     tests:   test_reader_lazy__testdata_equivalent, __mutations,
 *              __corpus_equivalent; fuzz_pgn_reader (compare_lazy);
 *              reader_general_differential.sh (search)
 *     measured: +106.7% instructions of search -c for White Adams -j 1 without it, 2026-12-06
 *   reader_split_plain() (reader_split.c, PGN_READER_SPLIT): a plain game
 *     cut in one pass. It runs only in the reader that splits the input
 *     for the other threads (-j 2 and more, index); the other threads and
 *     validate -j 1 never take it (-0.00% there). Without it the splitting
 *     reader takes the skim. The splitting reader is pgn_reader_next() called
 *     by read_games() on the thread that splits (callgrind, counting each
 *     thread apart). At -j 2 that thread is not the bottleneck: splitting is
 *     6.5% of all the work (9.4% without the path) and the thread works on
 *     games the rest of the time, so -j 2 gains what the total gains
 *     (+3.19%, under the noise of wall and CPU time on a shared machine).
 *     Its own figure counts where a thread only splits (index) or the
 *     threads outrun it: from about 15 threads with it, 11 without.
 *     general: skim(), and so the parser
 *     agree:   the game's end and its lines
 *     tests:   test_reader_lazy__plain_split_mutations, lockstep_split();
 *              fuzz_pgn_reader (PGN_READER_SPLIT);
 *              reader_general_differential.sh (-j 2)
 *     measured: +55.3% instructions of the splitting reader of validate -j 2 without it, 2026-12-06
 *              (56.8 to 88.3 million; with the hand-off to the pipeline
 *              +48.9%; the table said +22.6% before)
 *     measured: +3.19% instructions of validate -j 2 without it, 2026-12-06
 *   the one copy of the tag section in reader_resolve_tags() (UTF-8 games).
 *     general: a copy of each name and value (CP1252 games, and the
 *              general paths alone)
 *     one body: resolve_tags_body() is both, inlined twice with the
 *              section a constant NULL in the general one
 *     agree:   the text of names and values
 *     tests:   test_reader__tags, test_reader__cp1252,
 *              reader_general_differential.sh (UTF-8 games each way)
 *     measured: +0.99% instructions of validate -j 1 without it, 2026-12-06
 *     measured: +7.67% instructions of search -c for White Adams -j 1 without it, 2026-12-06
 *   the base/simd.h scanners (SSE2): the base layer's, for every scan of
 *     bytes; they pay most where the skim scans whole games.
 *     general: their scalar fallbacks (-U__SSE2__)
 *     agree:   the answer
 *     tests:   make check-portable (every test on the fallbacks)
 *     measured: +1.95% instructions of validate -j 1 without it, 2026-12-06
 *     measured: +33.8% instructions of search -c for White Adams -j 1 without it, 2026-12-06
 *
 * The runs (tag and movetext) keep their state in locals and write it back
 * once; that is why they copy what the general path does instead of calling
 * it. Comments in them saying "as tokens() does" name the piece they copy.
 */

#define NONE UINT32_MAX
#define OWNER_LINE 0x80000000u /* comment before the first move of line (key & ~OWNER_LINE) */
#define OWNER_POST 0xFFFFFFFFu /* comment after the result */

enum { R_OK = 0, R_END = 1, R_TOOBIG = 2 }; /* reader_refill(); negative: fatal status */

/*
 * The window's allocation holds cap + BUF_PAD bytes, and buf[len..len+BUF_PAD)
 * are zeros (or the '\n' sentinel, then zeros), so that a look one byte
 * past a token's end always reads a defined byte.
 */
enum { BUF_PAD = 8 };

#define MSG_TOKEN_MAX 40

enum { SKIM_PARSE = 0, SKIM_LAZY = 1 }; /* reader_lazy_skim() */

enum { NAME_VEC = 16 }; /* bytes of a tag name compared at once */

/* A tag pair as read: offsets into the game's raw span. */
struct raw_tag {
    uint32_t name_off, value_off;
    uint32_t name_len, value_len;
    uint64_t line; /* position of the '[' */
    uint32_t col;
    uint32_t off;
    uint32_t id;      /* enum game_tag_id */
    uint32_t escaped; /* the value holds backslashes to decode */
};

/* An open line while reading variations: the line and its last move. */
struct frame {
    uint32_t var, last;
};

/*
 * THE PHASE of the game being read. It only moves forward:
 *
 *   PHASE_START --first token--> PHASE_TAGS --movetext--> PHASE_MOVES
 *                                     \                        |
 *                                      `------ a result -------+--> PHASE_RESULT
 *
 *   PHASE_START   nothing read yet (blanks and empty lines do not count).
 *                 mark_started(), at the first token of any kind (a tag
 *                 pair, a comment, a % line, a word), records where the game
 *                 starts and moves on to PHASE_TAGS.
 *   PHASE_TAGS    the tag section: a '[' starts a tag pair, or the next game
 *                 when its name repeats one (see reader_bracket()). Comments
 *                 keep the phase; a word, '(' ')' '$' or a stray character
 *                 starts the movetext (PHASE_MOVES), a result PHASE_RESULT.
 *   PHASE_MOVES   movetext: a '[' that is a line's first token ends the
 *                 game, elsewhere it is an error.
 *   PHASE_RESULT  after the result: comments, a second result and stray
 *                 characters stay with the game; a tag pair or a word
 *                 starts the next one.
 *
 * Beside the phase, facts the parser keeps (they do not order): skip (an
 * error was recorded: the rest is scanned, nothing more recorded, in any
 * phase), blank (an empty line since the last tag pair), truncated,
 * latin1, bom, junk_warned and cmds_full.
 */
enum parse_phase { PHASE_START, PHASE_TAGS, PHASE_MOVES, PHASE_RESULT };

/*
 * The transitions, as a table: each token reader names the phase a token
 * moves the game to, and parse_enter() is the one place the phase changes
 * (reader_begin_game() alone sets it back to PHASE_START, for a new game).
 *
 *   from          token                          to             where
 *   PHASE_START   any token                      PHASE_TAGS     mark_started()
 *   PHASE_TAGS    a word, ( ) $ or a stray char  PHASE_MOVES    paren(), dollar(),
 *                                                               stray(), reader_word()
 *   PHASE_TAGS    a result                       PHASE_RESULT   result_word()
 *   PHASE_MOVES   a result                       PHASE_RESULT   result_word()
 *   PHASE_RESULT  a tag pair or a word           (next game)    reader_end_before(),
 *                                                               reader_bracket()
 */
struct parse {
    uint64_t goff; /* input offset of the game's raw span */
    uint64_t first_line;
    uint32_t first_col;
    uint32_t first_off;
    enum parse_phase phase;
    int skip;        /* after an error: scan, record nothing */
    int blank;       /* an empty line since the last tag pair */
    int truncated;   /* over max_game: bytes discarded */
    int latin1;      /* not valid UTF-8: decode as CP1252 */
    int bom;         /* a byte order mark starts the input */
    int junk_warned; /* the warning for junk after the result was given */
    int cmds_full;   /* max_cmds reached */
    uint32_t depth;
    uint32_t cur;  /* the line being read */
    uint32_t last; /* its last move, or NONE */
    uint32_t number, number_flags; /* a move number waiting for its move */
    uint32_t line_tokens;          /* tokens on the current line (only 0 or not matters) */
    uint32_t last_end;             /* end of the last token (game-relative) */
    int result;
    uint32_t result_off, result_len, result_col;
    uint64_t result_line;
    const char *result_text; /* set early when the raw bytes go away */
    uint32_t nbad;
    uint32_t post_first, post_count; /* comments after the result */
    uint64_t start_line;             /* line of the span's first byte */
    uint32_t start_col;              /* its column */
    size_t split;       /* end of the span (buffer index) */
    size_t resume;      /* where the next game begins when white space after the
                         * span belongs to no game (reader_blank_run()), or 0 */
    uint64_t split_abs; /* end of the span (input offset) */
};

/* The one place the phase changes: see the table above enum parse_phase. */
static inline void parse_enter(struct parse *ps, enum parse_phase to)
{
    assert(to >= ps->phase); /* the phase only moves forward */
    ps->phase = to;
}

/*
 * THE WINDOW's state (see THE WINDOW above): the input, its bytes and the
 * positions in them. reader_window.c owns it: only its functions read
 * input into buf, grow it or move it (and so change base, or set moved).
 * The token readers read buf and move pos, line and lstart forward.
 */
struct reader_window {
    struct pgn_input *in;
    size_t read_size;
    unsigned char *buf;
    size_t cap, cap_max;
    /* The reader's own window while buf is a caller's span (pgn_reader_parse_span). */
    unsigned char *own_buf;
    size_t len;       /* bytes in buf */
    size_t safe;      /* buf[pos..safe) is complete lines */
    size_t pos;       /* next byte to read */
    size_t gstart;    /* start of the current game */
    ptrdiff_t lstart; /* start of the current line; < 0 once moved out of the window */
    uint64_t line;    /* current line number */
    uint64_t base;    /* input offset of buf[0] */
    int eof;
    int moved;     /* the window moved since the game began: text pointers are stale */
    int io_status; /* input error, reported once the games before it are out */
};

/*
 * THE RECORDS of the game being read, in parse order (see THE TREE above):
 * tag pairs as read (rtags) and resolved (tags), moves, lines (vars),
 * comments and NAGs with their owners' keys, clock commands, diagnostics,
 * the stack of open variations, and the arena their text lives in.
 * reader_record.c owns their life: reader_records_init(),
 * reader_records_reset() for each game, reader_records_release(); the
 * token readers append to them through its functions, and reader_finish.c
 * orders them into a struct game.
 */
struct reader_records {
    struct arena arena;
    struct buf rtags, tags, moves, vars, comments, ckeys, nags, nkeys, cmds, errors, stack;
};

struct pgn_reader {
    struct reader_window win; /* the input window */
    struct pgn_limits lim;
    char *name; /* the input's, or the current archive member's (see reader_member.c) */
    char *input_name;                 /* the input's own name once a member is read, or NULL */
    struct member_name *member_names; /* names of the members met, freed with the reader */

    int status;    /* sticky result of pgn_reader_next once it stops */
    int fatal;     /* out of memory while reading a game */
    int skip_blank; /* the next game begins after the blank lines at pos (reader_blank.c) */
    uint64_t ngames;
    struct pgn_error err;

    struct reader_records rec; /* what the game being read is built of */
    struct parse ps;           /* where its parse stands */

    /* LAZY MOVETEXT (see skim()) */
    unsigned flags;   /* enum pgn_reader_flags */
    int fast_paths;   /* 0 under PGN_READER_REFERENCE: see FAST PATHS */
    /* What ends a brace comment scan: LX_CSTOP, or LX_NSTOP (also '{') with
     * PGN_READER_NESTED_COMMENTS, where a '{' in a comment opens a level. */
    unsigned char comment_stop;
    int lazy_tried;   /* the current game was offered to skim() */
    struct lazy {
        int active;           /* the game last returned is lazy */
        struct parse ps;      /* parser state at its first movetext word */
        size_t word_rel;      /* that word, relative to the game start */
        ptrdiff_t lstart_rel; /* its line start, relative to the game start */
        uint64_t line;
        size_t nerrors, nrtags; /* lengths of errors and rtags then (bytes) */
        size_t gstart;          /* the game's start in buf (no refill since the skim) */
    } lazy;
};

/* ------------------------------------------------------- between the files */

/* reader_member.c: frees the members' names; r->name is then the input's again, or NULL. */
void reader_member_names_free(struct pgn_reader *r);

/* pgn_reader.c: the tables of reader_skim.c, reader_tags.c, reader_run.c and reader_split.c. */
void reader_skim_init(void);
void reader_tag_names_init(void);
void reader_run_init(void);
void reader_split_init(void);

/* reader_window.c: THE WINDOW. */

/** Sets up *w to read from in (owned by *w from now on) with a buffer for read_size bytes
 * at a time, growing to hold a game of max_game bytes. Returns PGN_OK, or PGN_ENOMEM with in
 * still the caller's. */
int reader_window_init(struct reader_window *w, struct pgn_input *in, size_t read_size,
                       size_t max_game);

/** Frees the buffer and the input of *w. */
void reader_window_release(struct reader_window *w);

/** Empties *w for a new input read through the same in (an archive's next member): lines and
 * offsets count from the start again. */
void reader_window_restart(struct reader_window *w);

/** A game begins at pos: the window keeps it from there, and its text pointers are fresh. */
void reader_window_begin_game(struct reader_window *w);

/** Counts lines, columns and offsets of *w as if its next byte were at line, col and offset of
 * the input. */
void reader_window_place(struct reader_window *w, uint64_t line, uint32_t col, uint64_t offset);

/** Makes data[0..len) (the caller's, cap bytes usable, zero-padded) the whole of the input of *w;
 * its own buffer is kept for reader_window_release(). */
void reader_window_span(struct reader_window *w, unsigned char *data, size_t len, size_t cap);

/**
 * Reads more input after compacting the window to keep. Returns the bytes
 * read, 0 at the end (an input error counts as the end and is kept in
 * io_status), or PGN_ENOMEM / PGN_ETOOBIG (no room even after growing to cap_max).
 */
ptrdiff_t reader_fill(struct reader_window *w, size_t keep);

/** Index just past the last line end in b[from..to), or 0. A final '\r' only counts at the end
 * (eof). */
size_t reader_last_eol(const unsigned char *b, size_t from, size_t to, int eof);

/**
 * Cuts safe back to the start of the first line longer than max_game in
 * buf[pos..safe); returns R_TOOBIG when that line starts at pos, else R_OK.
 */
int reader_cut_long_line(struct reader_window *w, size_t max_game);

/** Called with pos == safe: makes at least one more complete line available (R_OK), or R_END,
 * R_TOOBIG, a fatal status. */
int reader_refill(struct reader_window *w, size_t max_game);

/* reader_record.c: diagnostics and records. */

/** Writes the token p[0..n) into out, valid UTF-8 (CP1252 if need be), shortened with "...".
 * Returns out. */
const char *reader_quote(char out[MSG_TOKEN_MAX * 3 + 8], const unsigned char *p, size_t n);

/** Records a diagnostic (an error counts in ps.nbad); over max_errors it is dropped. Out of memory
 * sets r->fatal. */
PRINTF_LIKE(7, 8)
void reader_diag(struct pgn_reader *r, int severity, int code, uint64_t line, uint32_t col,
                 uint64_t offset, const char *fmt, ...);

/* The longest common tag name ("WhiteRatingDiff"): longer names need no case-blind look. */
enum { REPAIR_TAG_NAME_MAX = 15 };

/** The enum game_tag_id of a common tag name written in any case, else GAME_TAG_OTHER. */
unsigned reader_tag_id_nocase(const char *name, size_t len);

/** A warning that the reader repaired something (detail: enum pgn_repair), as reader_diag(). */
PRINTF_LIKE(6, 7)
void reader_repair(struct pgn_reader *r, int detail, uint64_t line, uint32_t col,
                   uint64_t offset, const char *fmt, ...);

/** Sets up empty records, each vector capped by the limits l. */
void reader_records_init(struct reader_records *rec, const struct pgn_limits *l);

/** Empties the records for the next game (their memory is kept). */
void reader_records_reset(struct reader_records *rec);

/** Drops the movetext's records (moves, comments, NAGs, lines but the main one); tags and
 * diagnostics stay. */
void reader_records_drop_movetext(struct reader_records *rec);

/** Frees the records' memory. */
void reader_records_release(struct reader_records *rec);

/** Resets the per-game records and the parser state for a game starting at pos. */
void reader_begin_game(struct pgn_reader *r);

/** The game ends before the token at buf[idx] (on the current line): sets ps.split and pos;
 * returns 1. */
int reader_end_before(struct pgn_reader *r, size_t idx);

/** When over: a limit error (what, max) at buf[idx], once, and the rest of the game is only
 * scanned. Returns over. */
int reader_over_limit(struct pgn_reader *r, int over, size_t idx, const char *what,
                      unsigned long long max);

/** The NAG value after the last move (a warning before the first move of a line). */
void reader_add_nag(struct pgn_reader *r, size_t idx, unsigned value);

/**
 * The move token buf[idx..idx+len), after the limits are checked; with
 * rejoined, its text is an arena copy of rejoined[0..rejoined_len) (a token
 * written with blanks in it). Returns NULL when none was recorded.
 */
struct game_move *reader_add_move(struct pgn_reader *r, size_t idx, size_t len,
                                  const unsigned char *rejoined, size_t rejoined_len,
                                  unsigned flags);

/** The comment opening at buf[open] with body_len bytes, owned by the last move, the line or the
 * result. */
void reader_add_comment(struct pgn_reader *r, size_t open, size_t body_len, unsigned flags,
                        uint64_t line, uint32_t col);

/** '(' at buf[idx]: a variation of the last move. */
void reader_open_variation(struct pgn_reader *r, size_t idx);

/** ')' at buf[idx]: back to the line the variation left. */
void reader_close_variation(struct pgn_reader *r, size_t idx);

/** At the end of a game inside a variation: the error, on the '(' of the innermost one. */
void reader_unterminated_variation(struct pgn_reader *r);

/* reader_words.c: the general way through movetext words. */

/** A move, null move, move number, result or glyph word at buf[idx..idx+n). Returns 1 when the game
 * ends before or after it. */
int reader_word(struct pgn_reader *r, size_t idx, size_t n);

/** "$n" at buf[idx]. */
void reader_nag_token(struct pgn_reader *r, size_t idx);

/** n bytes at buf[idx] after the result that cannot start a game: kept, with one warning. Returns
 * the index after them. */
size_t reader_after_result_junk(struct pgn_reader *r, size_t idx, size_t n);

/* reader_tags.c: tag pairs. */

/** '[' at buf[idx], the general way. Returns 1 when it starts the next game. */
int reader_bracket(struct pgn_reader *r, size_t idx);

/** FAST PATH: plain tag pairs in a row from p (a '[' in the tag section). Returns where it stopped,
 * p when it took nothing. */
const unsigned char *reader_tag_run(struct pgn_reader *r, const unsigned char *p);

/** The name of the common tag id (>= GAME_TAG_EVENT); static storage. */
const char *reader_common_tag_name(unsigned id);

/* reader_blank.c */

/**
 * A line end more than max_game bytes after the game's start; q is the
 * start of the next line. When nothing but blanks and line ends come after
 * the game's last token (or there is no token yet), the game is not too
 * big: white space between games belongs to no game. Returns 1 when the
 * game ends after the line of its last token (ps->split), the reading
 * resumes at q (ps->resume) and the next game begins after the blank lines
 * that follow (r->skip_blank): all of them are in no game's span; 0 when
 * no game had begun (the blank lines are dropped, the game begins after
 * them, and reading goes on); BLANK_TOO_BIG when there is more than white
 * space, so the game is too big (reader_oversize()); or a fatal status.
 */
enum { BLANK_TOO_BIG = 2 };
int reader_blank_run(struct pgn_reader *r, size_t q);

/** 1 when buf[from, to) holds nothing but blanks and line ends, else 0. */
int reader_only_blank(const struct reader_window *w, size_t from, size_t to);

/**
 * Moves pos (at a line start) past the lines that hold nothing but blanks,
 * reading on without keeping them (gstart follows pos), and clears
 * r->skip_blank. Returns 0 or a fatal status.
 */
int reader_skip_blank(struct pgn_reader *r);

/* reader_oversize.c */

/** The game grew past max_game (in_comment: the braces open inside a {comment}, 0 outside one):
 * keeps what is resolved, skips the rest. Returns 1, 0 when there was nothing but white space
 * (no game: the reader begins one again after it and reads on), or a fatal status. */
int reader_oversize(struct pgn_reader *r, int in_comment);

/* reader_skim.c: LAZY MOVETEXT. */

/** What pgn_reader_complete() needs to parse the game again from buf[idx], saved before a skim or a
 * split. */
void reader_lazy_save(struct pgn_reader *r, size_t idx);

/** FAST PATH: offers the game to the skim at its first movetext word buf[idx]. Returns SKIM_LAZY,
 * SKIM_PARSE or a fatal status. */
int reader_lazy_skim(struct pgn_reader *r, size_t idx);

/* reader_split.c: SPLITTING ONLY. */

/** FAST PATH: the game at gstart split in one pass when it is plain: 1, else 0 with nothing
 * changed. */
int reader_split_plain(struct pgn_reader *r);

/* reader_run.c */

/** FAST PATH: the bulk of movetext from the word at p. Returns where it stopped, p when it took
 * nothing. */
const unsigned char *reader_movetext_run(struct pgn_reader *r, const unsigned char *p);

/* reader_parse.c */

/** Reads tokens until the game ends: 1 with ps.split set, 0 when no token is left, or a fatal
 * status. */
int reader_parse_game(struct pgn_reader *r);

/* reader_finish.c */

/** The raw tag records as struct game_tag in r->rec.tags (text resolved); empties r->rec.rtags. */
void reader_resolve_tags(struct pgn_reader *r);

/** Fills *g from the records of the game just parsed. Returns PGN_OK or PGN_ENOMEM. */
int reader_finish_game(struct pgn_reader *r, struct game *g);

/** Fills *g for a game the skim or the split read to its end (GAME_LAZY). Returns PGN_OK or
 * PGN_ENOMEM. */
int reader_finish_lazy(struct pgn_reader *r, struct game *g);

/* ------------------------------------------------- helpers of several files */

/* The column of buf[idx] on the current line. */
static inline uint32_t col_of(const struct reader_window *w, size_t idx)
{
    return (uint32_t)((ptrdiff_t)idx - w->lstart + 1);
}

/* A diagnostic about the byte at buf[idx] on the current line. */
#define DIAG_AT(r, sev, code, idx, ...) \
    reader_diag((r), (sev), (code), (r)->win.line, col_of(&(r)->win, (idx)), \
                (r)->win.base + (idx), __VA_ARGS__)

/* A structural error: recorded once, and the rest of the game is only scanned. */
#define FAIL_AT(r, code, idx, ...) \
    do { \
        if (!(r)->ps.skip) { \
            DIAG_AT((r), PGN_SEV_ERROR, (code), (idx), __VA_ARGS__); \
            (r)->ps.skip = 1; \
        } \
    } while (0)

/* buf[idx]'s offset from the game's first byte, as the records keep it. */
static inline uint32_t rel(const struct reader_window *w, size_t idx)
{
    return (uint32_t)(idx - w->gstart);
}

static inline void *push(struct pgn_reader *r, struct buf *v, size_t size)
{
    int st = PGN_OK;
    void *p = buf_push(v, size, &st);
    if (!p && st == PGN_ENOMEM)
        r->fatal = st;
    return p;
}

#define COUNT_OF(v, type) ((uint32_t)((v).len / sizeof(type)))

/* Where the game starts, once: its first token's line, column and offset. */
static inline void mark_started(struct parse *ps, uint64_t line, uint32_t col, uint32_t off)
{
    if (ps->phase == PHASE_START) {
        parse_enter(ps, PHASE_TAGS);
        ps->first_line = line;
        ps->first_col = col;
        ps->first_off = off;
    }
}

static inline void start_token(struct pgn_reader *r, size_t idx)
{
    r->ps.line_tokens++;
    mark_started(&r->ps, r->win.line, col_of(&r->win, idx), rel(&r->win, idx));
}

/*
 * Fills the move record m: every move record is written here, by the
 * general way (record_move()) and by the run (reader_run.c) alike. The
 * counts of its NAGs, comments and variations start at 0 for build_tree()
 * to add up. text is redone in reader_finish_game() if the window moves. Field by
 * field: a compound literal becomes a slow "rep stos" here.
 */
static inline ALWAYS_INLINE void put_move(struct game_move *m, const unsigned char *text,
                                          uint64_t line, uint32_t col, uint32_t off,
                                          uint32_t len, uint32_t flags, uint32_t number,
                                          uint32_t var)
{
    m->text = (const char *)text;
    m->line = line;
    m->col = col;
    m->off = off;
    m->len = len;
    m->flags = flags;
    m->number = number;
    m->var = var;
    m->nag_first = m->nag_count = 0;
    m->comment_first = m->comment_count = 0;
    m->var_first = m->var_count = 0;
}

/*
 * Appends the move whose token is at buf[idx], with text[0..len) (the
 * token, or an arena copy of a rejoined one), the limits checked, and the
 * number waiting for it. Returns NULL when out of memory.
 */
static inline struct game_move *record_move(struct pgn_reader *r, size_t idx,
                                            const unsigned char *text, size_t len,
                                            unsigned flags)
{
    struct parse *ps = &r->ps;
    struct game_move *m;
    if (r->rec.moves.cap - r->rec.moves.len >= sizeof *m) {
        m = (struct game_move *)(r->rec.moves.data + r->rec.moves.len);
        r->rec.moves.len += sizeof *m;
    } else if (!(m = push(r, &r->rec.moves, sizeof *m))) {
        return NULL;
    }
    put_move(m, text, r->win.line, col_of(&r->win, idx), rel(&r->win, idx), (uint32_t)len,
             flags | ps->number_flags, ps->number, ps->cur);
    ps->number = 0;
    ps->number_flags = 0;
    ps->last = COUNT_OF(r->rec.moves, struct game_move) - 1;
    return m;
}

/* "(=)": a draw offer after the last move (ignored before the first). */
static inline void mark_draw_offer(struct pgn_reader *r)
{
    if (!r->ps.skip && r->ps.last != NONE)
        ((struct game_move *)r->rec.moves.data)[r->ps.last].flags |= GAME_MOVE_DRAW_OFFER;
}

/* The start of the word that ends at b[k] (k itself when none does), not before from. */
static inline size_t word_start(const unsigned char *b, size_t from, size_t k)
{
    while (k > from && (pgn_lex_class[b[k - 1]] & LX_WORD))
        k--;
    return k;
}


/* Input offset just after the line end at buf[i] (which is '\n' or '\r'). */
static inline size_t after_eol(const unsigned char *b, size_t i, size_t len)
{
    return (b[i] == '\r' && i + 1 < len && b[i + 1] == '\n') ? i + 2 : i + 1;
}

/* The first byte of b[k..) that stops a tag value: '"', '\\' or a line end (one comes before safe).
 */
static inline size_t value_stop(const unsigned char *b, size_t k, size_t safe)
{
    return simd_first_of(b, k, safe, "\"\\\n\r", 4, pgn_lex_class, LX_VSTOP);
}

/*
 * The tag pair at b[k] ('[') when it is plain, '[' name ' ' '"' value '"'
 * ']' with no backslash in a value of max_value bytes at most: its name
 * ends at *name_end and its value at *vend (the value starts two bytes
 * after the name); 0 for any other spelling. There is a line end before
 * safe. *vec tells that the name is shorter than sixteen bytes, which are
 * readable (tag_id()'s vector compare).
 */
static inline ALWAYS_INLINE int plain_tag_pair(const unsigned char *b, size_t k,
                                               size_t safe, size_t max_value,
                                               size_t *name_end, size_t *vend,
                                               int *vec)
{
    size_t name = k + 1, q = name;
    int found = 0;
    if (name + NAME_VEC <= safe) {
        /* The name's end without a loop whose exit depends on its length. */
        q = name + simd_name_run16(b + name);
        found = q < name + NAME_VEC;
    }
    if (!found) /* names of sixteen bytes or more, or near safe */
        while (pgn_lex_class[b[q]] & LX_TAGNAME)
            q++;
    *vec = found;
    if (q == name || b[q] != ' ' || b[q + 1] != '"')
        return 0;
    size_t v = value_stop(b, q + 2, safe);
    if (b[v] != '"' || b[v + 1] != ']' || v - (q + 2) > max_value)
        return 0;
    *name_end = q;
    *vend = v;
    return 1;
}


#endif
