/* pgn_reader.c - streaming PGN reader: input window, game splitting, tokens, tree building. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "base/compiler.h"
#include "base/arena.h"
#include "base/buf.h"
#include "base/clear_record.h"
#include "pgn/io.h"
#include "pgn/pgn_lex.h"
#include "pgn/pgn_reader.h"
#include "base/utf8.h"
#include "base/banned.h"

/*
 * THE WINDOW. buf[0..len) holds input bytes; buf[gstart..) is the current
 * game, which must stay contiguous for its raw span. The lexer works only on
 * buf[pos..safe), where safe is just past the last line end read so far:
 * every token except a {comment} ends before a line end, so the token loops
 * need no bounds checks, and only the line-end handlers meet safe and call
 * refill(). refill() moves the game to the front of the buffer, grows it
 * (to at most 2 * max_game + read_size: the game so far plus one line), and
 * reads; at the end of the input a '\n' sentinel after the data closes the
 * last line. A game is too big when one of its lines starts more than
 * max_game bytes after the game's start (checked at line ends), or when one
 * line alone is longer than max_game (caught at its start by
 * cut_long_line()), so the outcome does not depend on how the input happens
 * to be buffered. Token positions are kept relative to gstart, so
 * moving the window invalidates nothing; pointers are only made when the
 * game is complete (finish_game).
 *
 * THE TREE is recorded in parse order into flat vectors; each comment and
 * NAG remembers its owner. finish_game() groups the arrays by owner with
 * stable counting sorts so that every line's moves and every owner's
 * attachments are contiguous slices. A game without variations is already
 * in order and is not copied.
 */

#define NONE UINT32_MAX
#define OWNER_LINE 0x80000000u /* comment before the first move of line (key & ~OWNER_LINE) */
#define OWNER_POST 0xFFFFFFFFu /* comment after the result */

enum { R_OK = 0, R_END = 1, R_TOOBIG = 2 }; /* refill(); negative: fatal status */

/*
 * The window's allocation holds cap + BUF_PAD bytes, and buf[len..len+BUF_PAD)
 * are zeros (or the '\n' sentinel, then zeros), so that pgn_lex_word_run() may
 * read eight bytes at any byte before safe.
 */
enum { BUF_PAD = 8 };

/* A tag pair as read: offsets into the game's raw span. */
struct raw_tag {
    uint32_t name_off, value_off;
    /* name_len .. id: as in struct game_tag, for resolve_tags() to copy at once */
    uint32_t name_len, value_len;
    uint64_t line;
    uint32_t col;
    uint32_t off;
    uint32_t id;      /* enum game_tag_id */
    uint32_t escaped; /* the value holds backslashes to decode */
};
#define RAW_SAME(f) (offsetof(struct raw_tag, f) - offsetof(struct raw_tag, name_len) == \
                     offsetof(struct game_tag, f) - offsetof(struct game_tag, name_len))
_Static_assert(RAW_SAME(value_len) && RAW_SAME(line) && RAW_SAME(col) && RAW_SAME(off) &&
                   RAW_SAME(id) &&
                   offsetof(struct raw_tag, escaped) == offsetof(struct raw_tag, id) + 4,
               "resolve_tags() copies a raw_tag's name_len .. id over a game_tag's");
#undef RAW_SAME

/* An open line while reading variations: the line and its last move. */
struct frame {
    uint32_t var, last;
};

struct parse {
    uint64_t goff; /* input offset of the game's raw span */
    uint64_t first_line;
    uint32_t first_col;
    uint32_t first_off;
    int started;      /* a token was seen */
    int tagsec;       /* no movetext yet: '[' starts a tag pair */
    int after_result; /* the result was read: only comments may follow */
    int skip;         /* after an error: scan, record nothing */
    int blank;        /* an empty line since the last tag pair */
    int truncated;    /* over max_game: bytes discarded */
    int latin1;       /* not valid UTF-8: decode as CP1252 */
    int bom;
    int junk_warned;
    int cmds_full; /* max_cmds reached */
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
    uint64_t split_abs; /* end of the span (input offset) */
};

struct pgn_reader {
    struct pgn_input *in;
    struct pgn_limits lim;
    size_t read_size;
    char *name;

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
    int moved; /* the window moved since the game began: text pointers are stale */
    int io_status; /* input error, reported once the games before it are out */
    int status;    /* sticky result of pgn_reader_next once it stops */
    int fatal;     /* out of memory while reading a game */
    uint64_t ngames;
    struct pgn_error err;

    struct arena arena;
    struct buf rtags, tags, moves, vars, comments, ckeys, nags, nkeys, cmds, errors, stack;
    struct parse ps;

    /* LAZY MOVETEXT (see skim()) */
    unsigned flags;   /* enum pgn_reader_flags */
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

/* ---------------------------------------------------------------- setup */

void pgn_reader_opts_init(struct pgn_reader_opts *o)
{
    memset(o, 0, sizeof *o);
    struct pgn_limits *l = &o->limits;
    l->max_game = 16u << 20;
    l->max_comment = 1u << 20;
    l->max_tag_value = 64u << 10;
    l->max_token = 255;
    l->max_arena = 64u << 20;
    l->max_tags = 1000;
    l->max_moves = 100000;
    l->max_comments = 100000;
    l->max_nags = 100000;
    l->max_cmds = 100000;
    l->max_depth = 256;
    l->max_errors = 64;
    o->read_size = 256u << 10;
}

static size_t vec_max(uint32_t items, size_t size) { return ((size_t)items + 1) * size; }

/* The reader's lookup tables, built once by lib_init(). */
static void skim_init(void);
static void name_slots_init(void);
static void run_init(void);
static void split_init(void);
void pgn_reader_tables_init(void)
{
    skim_init();
    name_slots_init();
    run_init();
    split_init();
}

static int reader_new(struct pgn_reader **out, struct pgn_input *in, const char *name,
                      const struct pgn_reader_opts *opts)
{
    struct pgn_reader_opts defaults;
    if (!opts) {
        pgn_reader_opts_init(&defaults);
        opts = &defaults;
    }
    struct pgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return PGN_ENOMEM;
    r->in = in;
    r->lim = opts->limits;
    if (r->lim.max_game > UINT32_MAX / 4)
        r->lim.max_game = UINT32_MAX / 4; /* offsets in a game are 32-bit */
    r->read_size = opts->read_size ? opts->read_size : 256u << 10;
    r->name = strdup(opts->name ? opts->name : name);
    r->cap_max = 2 * r->lim.max_game + r->read_size + 2;
    r->cap = 2 * r->read_size + 2;
    if (r->cap > r->cap_max)
        r->cap = r->cap_max;
    r->buf = malloc(r->cap + BUF_PAD);
    if (!r->name || !r->buf) {
        free(r->name);
        free(r->buf);
        free(r);
        return PGN_ENOMEM;
    }
    r->line = 1;
    const struct pgn_limits *l = &r->lim;
    arena_init(&r->arena, l->max_arena);
    buf_init(&r->rtags, vec_max(l->max_tags, sizeof(struct raw_tag)));
    buf_init(&r->tags, vec_max(l->max_tags, sizeof(struct game_tag)));
    buf_init(&r->moves, vec_max(l->max_moves, sizeof(struct game_move)));
    buf_init(&r->vars, vec_max(l->max_moves, sizeof(struct game_var)));
    buf_init(&r->comments, vec_max(l->max_comments, sizeof(struct game_comment)));
    buf_init(&r->ckeys, vec_max(l->max_comments, sizeof(uint32_t)));
    buf_init(&r->nags, vec_max(l->max_nags, sizeof(uint16_t)));
    buf_init(&r->nkeys, vec_max(l->max_nags, sizeof(uint32_t)));
    buf_init(&r->cmds, vec_max(l->max_cmds, sizeof(struct game_cmd)));
    buf_init(&r->errors, vec_max(l->max_errors, sizeof(struct pgn_error)));
    buf_init(&r->stack, vec_max(l->max_depth, sizeof(struct frame)));
    r->err.file = r->name;
    r->flags = opts->flags;
    *out = r;
    return PGN_OK;
}

int pgn_reader_open(struct pgn_reader **out, const char *path, const struct pgn_reader_opts *opts)
{
    struct pgn_input *in;
    *out = NULL;
    int rc = pgn_input_open(&in, path, opts ? opts->read_size : 0);
    if (rc)
        return rc;
    int is_stdin = !path || !strcmp(path, "-");
    rc = reader_new(out, in, is_stdin ? "<stdin>" : path, opts);
    if (rc)
        pgn_input_free(in);
    return rc;
}

int pgn_reader_open_mem(struct pgn_reader **out, const void *data, size_t len,
                        const struct pgn_reader_opts *opts)
{
    struct pgn_input *in;
    *out = NULL;
    int rc = pgn_input_open_mem(&in, data, len);
    if (rc)
        return rc;
    rc = reader_new(out, in, "<memory>", opts);
    if (rc)
        pgn_input_free(in);
    return rc;
}

void pgn_reader_free(struct pgn_reader *r)
{
    if (!r)
        return;
    pgn_input_free(r->in);
    arena_release(&r->arena);
    struct buf *vecs[] = { &r->rtags, &r->tags,  &r->moves, &r->vars,   &r->comments, &r->ckeys,
                           &r->nags,  &r->nkeys, &r->cmds,  &r->errors, &r->stack };
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
        buf_release(vecs[i]);
    free(r->own_buf ? r->own_buf : r->buf);
    free(r->name);
    free(r);
}

const struct pgn_error *pgn_reader_error(const struct pgn_reader *r) { return &r->err; }

uint64_t pgn_reader_offset(const struct pgn_reader *r) { return r->base + r->gstart; }

/* --------------------------------------------------------------- window */

/* Moves buf[keep..len) to the front. Indices before keep become invalid. */
static void compact(struct pgn_reader *r, size_t keep)
{
    if (!keep)
        return;
    memmove(r->buf, r->buf + keep, r->len - keep);
    r->moved = 1;
    r->len -= keep;
    r->pos -= keep;
    r->safe = r->safe > keep ? r->safe - keep : 0;
    r->gstart = r->gstart > keep ? r->gstart - keep : 0;
    r->lstart -= (ptrdiff_t)keep;
    r->base += keep;
}

/*
 * Reads more input after compacting to keep. Returns the bytes read, 0 at
 * the end (an input error counts as the end and is kept in io_status), or
 * PGN_ENOMEM / PGN_ETOOBIG (no room even after growing to cap_max).
 */
static ptrdiff_t fill(struct pgn_reader *r, size_t keep)
{
    if (r->eof)
        return 0;
    if (r->cap - r->len < r->read_size + 1)
        compact(r, keep);
    if (r->cap - r->len < r->read_size + 1 && r->cap < r->cap_max) {
        size_t cap = r->cap * 2;
        if (cap < r->len + r->read_size + 1)
            cap = r->len + r->read_size + 1;
        if (cap > r->cap_max)
            cap = r->cap_max;
        unsigned char *nb = realloc(r->buf, cap + BUF_PAD);
        if (!nb)
            return PGN_ENOMEM;
        r->moved |= nb != r->buf;
        r->buf = nb;
        r->cap = cap;
    }
    if (r->cap - r->len < 2)
        return PGN_ETOOBIG;
    ptrdiff_t n = pgn_input_read(r->in, r->buf + r->len, r->cap - r->len - 1);
    if (n <= 0) {
        r->eof = 1;
        if (n < 0)
            r->io_status = (int)n;
        n = 0;
    }
    r->len += (size_t)n;
    memset(r->buf + r->len, 0, BUF_PAD); /* defined bytes after the data for lookahead */
    return n;
}

/* Index just past the last line end in buf[from..to), or 0. A final '\r' only counts at the end. */
static size_t last_eol(const unsigned char *b, size_t from, size_t to, int eof)
{
    for (size_t i = to; i > from; i--) {
        unsigned c = b[i - 1];
        if (c == '\n' || (c == '\r' && (i < to || eof)))
            return i;
    }
    return 0;
}

/*
 * A line longer than max_game is met at its start, however the input was
 * buffered: cuts safe back to the start of the first such line in
 * buf[pos..safe) and returns R_TOOBIG when that is pos. Scans only when the
 * window holds more than max_game bytes of complete lines (rare).
 */
static int cut_long_line(struct pgn_reader *r)
{
    if (r->safe - r->pos <= r->lim.max_game)
        return R_OK;
    size_t s = r->pos;
    for (size_t i = r->pos; i < r->safe; i++) {
        unsigned c = r->buf[i];
        if (c != '\n' && c != '\r')
            continue;
        if (i - s > r->lim.max_game)
            break;
        if (c == '\r' && r->buf[i + 1] == '\n')
            i++;
        s = i + 1;
    }
    if (s >= r->safe)
        return R_OK;
    r->safe = s;
    return s == r->pos ? R_TOOBIG : R_OK;
}

/* Called with pos == safe: makes at least one more complete line available. */
static int refill(struct pgn_reader *r)
{
    for (;;) {
        if (r->eof) {
            if (r->pos >= r->len)
                return R_END;
            r->buf[r->len] = '\n'; /* close the last line; not part of the data */
            r->safe = r->len + 1;
            return cut_long_line(r);
        }
        /* One line longer than a game may be (a final '\r' may be its end). */
        if (r->len - r->pos - (r->len > r->pos && r->buf[r->len - 1] == '\r') > r->lim.max_game)
            return R_TOOBIG;
        ptrdiff_t n = fill(r, r->gstart);
        if (n < 0)
            return (int)n;
        if (n == 0)
            continue;
        size_t from = r->len - (size_t)n;
        from = from > r->pos ? from - 1 : r->pos; /* a '\r' that was last may now count */
        size_t e = last_eol(r->buf, from, r->len, r->eof);
        if (e) {
            r->safe = e;
            return cut_long_line(r);
        }
    }
}

/* ---------------------------------------------------------- diagnostics */

#define MSG_TOKEN_MAX 40

/* Writes the token p[0..n) into out, valid UTF-8 (CP1252 if need be), shortened with "...". */
static const char *quote(char out[MSG_TOKEN_MAX * 3 + 8], const unsigned char *p, size_t n)
{
    size_t k = n < MSG_TOKEN_MAX ? n : MSG_TOKEN_MAX;
    size_t len;
    if (utf8_valid((const char *)p, n)) {
        len = utf8_clip((const char *)p, n, k);
        memcpy(out, p, len);
    } else {
        len = utf8_from_cp1252(out, (const char *)p, k);
    }
    if (k < n) {
        memcpy(out + len, "...", 3);
        len += 3;
    }
    out[len] = '\0';
    return out;
}

PRINTF_LIKE(7, 8)
static void diag(struct pgn_reader *r, int severity, int code, uint64_t line, uint32_t col,
                 uint64_t offset, const char *fmt, ...)
{
    if (severity == PGN_SEV_ERROR)
        r->ps.nbad++;
    if (r->errors.len / sizeof(struct pgn_error) >= r->lim.max_errors)
        return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *text = arena_memdup(&r->arena, msg, strlen(msg));
    int st = PGN_OK;
    struct pgn_error *e = buf_push(&r->errors, sizeof *e, &st);
    if (!e) {
        if (st == PGN_ENOMEM)
            r->fatal = st;
        return;
    }
    e->file = r->name;
    e->message = text ? text : pgn_strerror(code);
    e->line = line;
    e->col = col;
    e->offset = offset;
    e->code = code;
    e->severity = severity;
}

static uint32_t col_of(const struct pgn_reader *r, size_t idx)
{
    return (uint32_t)((ptrdiff_t)idx - r->lstart + 1);
}

/* A diagnostic about the byte at buf[idx] on the current line. */
#define DIAG_AT(r, sev, code, idx, ...) \
    diag((r), (sev), (code), (r)->line, col_of((r), (idx)), (r)->base + (idx), __VA_ARGS__)

/* A structural error: recorded once, and the rest of the game is only scanned. */
#define FAIL_AT(r, code, idx, ...) \
    do { \
        if (!(r)->ps.skip) { \
            DIAG_AT((r), PGN_SEV_ERROR, (code), (idx), __VA_ARGS__); \
            (r)->ps.skip = 1; \
        } \
    } while (0)

/* ----------------------------------------------------------- recording */

static uint32_t rel(const struct pgn_reader *r, size_t idx) { return (uint32_t)(idx - r->gstart); }

static void *push(struct pgn_reader *r, struct buf *v, size_t size)
{
    int st = PGN_OK;
    void *p = buf_push(v, size, &st);
    if (!p && st == PGN_ENOMEM)
        r->fatal = st;
    return p;
}

#define COUNT_OF(v, type) ((uint32_t)((v).len / sizeof(type)))

static void begin_game(struct pgn_reader *r)
{
    arena_reset(&r->arena);
    struct buf *vecs[] = { &r->rtags, &r->tags,  &r->moves, &r->vars,   &r->comments, &r->ckeys,
                           &r->nags,  &r->nkeys, &r->cmds,  &r->errors, &r->stack };
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
        buf_reset(vecs[i]);
    struct parse *ps = &r->ps;
    clear_record(ps, sizeof *ps);
    r->gstart = r->pos;
    r->moved = 0;
    r->lazy_tried = 0;
    r->lazy.active = 0;
    ps->goff = r->base + r->gstart;
    ps->tagsec = 1;
    ps->last = NONE;
    ps->line_tokens = (ptrdiff_t)r->pos > r->lstart;
    ps->start_line = r->line;
    ps->start_col = col_of(r, r->pos);
    struct game_var *v = push(r, &r->vars, sizeof *v);
    if (v) {
        memset(v, 0, sizeof *v);
        v->parent = NONE;
    }
}

/* Where the game starts, once: its first token's line, column and offset. */
static inline void mark_started(struct parse *ps, uint64_t line, uint32_t col, uint32_t off)
{
    if (!ps->started) {
        ps->started = 1;
        ps->first_line = line;
        ps->first_col = col;
        ps->first_off = off;
    }
}

static void start_token(struct pgn_reader *r, size_t idx)
{
    r->ps.line_tokens++;
    mark_started(&r->ps, r->line, col_of(r, idx), rel(r, idx));
}

/* The game ends before the token at buf[idx] (on the current line). */
static int end_before(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    size_t split = r->lstart > (ptrdiff_t)r->gstart ? (size_t)r->lstart : r->gstart;
    if (split < r->gstart + ps->last_end)
        split = r->gstart + ps->last_end;
    if (split > idx)
        split = idx;
    ps->split = split;
    r->pos = split;
    return 1;
}

/*
 * When over is true: a limit error (what, max) at buf[idx], once, and the
 * rest of the game is only scanned. Returns over.
 */
static int over_limit(struct pgn_reader *r, int over, size_t idx, const char *what,
                      unsigned long long max)
{
    if (over && !r->ps.skip) {
        DIAG_AT(r, PGN_SEV_ERROR, PGN_ETOOBIG, idx, "%s (limit %llu)", what, max);
        r->ps.skip = 1;
    }
    return over;
}

static void add_nag(struct pgn_reader *r, size_t idx, unsigned value)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (ps->last == NONE) {
        DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx, "NAG before the first move of a line ignored");
        return;
    }
    if (over_limit(r, COUNT_OF(r->nags, uint16_t) >= r->lim.max_nags, idx,
                   "too many NAGs in one game", r->lim.max_nags))
        return;
    uint16_t *n = push(r, &r->nags, sizeof *n);
    uint32_t *k = push(r, &r->nkeys, sizeof *k);
    if (n && k) {
        *n = (uint16_t)value;
        *k = ps->last;
    }
}

/* Appends a move (the limits were checked). */
static inline struct game_move *record_move(struct pgn_reader *r, size_t idx, size_t len,
                                            unsigned flags)
{
    struct parse *ps = &r->ps;
    struct game_move *m;
    if (r->moves.cap - r->moves.len >= sizeof *m) {
        m = (struct game_move *)(r->moves.data + r->moves.len);
        r->moves.len += sizeof *m;
    } else if (!(m = push(r, &r->moves, sizeof *m))) {
        return NULL;
    }
    /* Field by field: a compound literal becomes a slow "rep stos" here. */
    m->text = (const char *)r->buf + idx; /* redone in finish_game if the window moves */
    m->line = r->line;
    m->col = col_of(r, idx);
    m->off = rel(r, idx);
    m->len = (uint32_t)len;
    m->flags = flags | ps->number_flags;
    m->number = ps->number;
    m->var = ps->cur;
    m->nag_first = m->nag_count = 0;
    m->comment_first = m->comment_count = 0;
    m->var_first = m->var_count = 0;
    ps->number = 0;
    ps->number_flags = 0;
    ps->last = COUNT_OF(r->moves, struct game_move) - 1;
    return m;
}

static struct game_move *add_move(struct pgn_reader *r, size_t idx, size_t len, unsigned flags)
{
    if (r->ps.skip)
        return NULL;
    if (over_limit(r, len > r->lim.max_token, idx, "move token too long", r->lim.max_token) ||
        over_limit(r, COUNT_OF(r->moves, struct game_move) >= r->lim.max_moves, idx,
                   "too many moves in one game", r->lim.max_moves))
        return NULL;
    return record_move(r, idx, len, flags);
}

static void add_comment(struct pgn_reader *r, size_t open, size_t body_len, unsigned flags,
                        uint64_t line, uint32_t col)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (over_limit(r, COUNT_OF(r->comments, struct game_comment) >= r->lim.max_comments, open,
                   "too many comments in one game", r->lim.max_comments))
        return;
    struct game_comment *c = push(r, &r->comments, sizeof *c);
    uint32_t *k = push(r, &r->ckeys, sizeof *k);
    if (!c || !k)
        return;
    memset(c, 0, sizeof *c);
    c->off = rel(r, open);
    c->len = (uint32_t)body_len;
    c->flags = flags;
    c->line = line;
    c->col = col;
    *k = ps->after_result ? OWNER_POST : ps->last != NONE ? ps->last : OWNER_LINE | ps->cur;
}

/*
 * An "e.p." mark after the last move. A check mark written after it
 * ("a4xb3 e.p.+") is moved onto the move: its text becomes an arena copy
 * "a4xb3+" (GAME_MOVE_REJOINED).
 */
static void mark_ep(struct pgn_reader *r, const unsigned char *suffix, size_t n)
{
    struct game_move *m = (struct game_move *)r->moves.data + r->ps.last;
    m->flags |= GAME_MOVE_EP;
    if (!n)
        return;
    const char *text = (m->flags & GAME_MOVE_REJOINED) ? m->text
                                                       : (const char *)r->buf + r->gstart + m->off;
    char *t = arena_alloc(&r->arena, m->len + n + 1);
    if (!t)
        return;
    memcpy(t, text, m->len);
    memcpy(t + m->len, suffix, n);
    t[m->len + n] = '\0';
    m->text = t;
    m->len += (uint32_t)n;
    m->flags |= GAME_MOVE_REJOINED;
}

/* "(=)": a draw offer after the last move (ignored before the first). */
static void mark_draw_offer(struct pgn_reader *r)
{
    if (!r->ps.skip && r->ps.last != NONE)
        ((struct game_move *)r->moves.data)[r->ps.last].flags |= GAME_MOVE_DRAW_OFFER;
}

/* The start of the word that ends at b[k] (k itself when none does), not before from. */
static inline size_t word_start(const unsigned char *b, size_t from, size_t k)
{
    while (k > from && (pgn_lex_class[b[k - 1]] & LX_WORD))
        k--;
    return k;
}

static inline int ascii_letter(unsigned c) { return (c | 0x20) - 'a' < 26; }

/* 1 when the word can begin a token split by blanks ("1 - 0", "0- 0"). */
static int glue_chars(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (p[i]) {
        case '0': case '1': case '2': case 'O': case '-': case '/': case ':': case 0xC2: case 0xBD:
            break;
        default:
            return 0;
        }
    }
    return 1;
}

/* Input offset just after the line end at buf[i] (which is '\n' or '\r'). */
static size_t after_eol(const unsigned char *b, size_t i, size_t len)
{
    return (b[i] == '\r' && i + 1 < len && b[i + 1] == '\n') ? i + 2 : i + 1;
}

/*
 * After the result at buf[..i): the line end, the empty line and the '['
 * of the next game that nearly always follow, taken as parse_game() and
 * bracket() take them (two line ends, then the game ends before the '['),
 * instead of three dispatches whose targets mispredict. Returns 1 when the
 * game ended there, 0 with nothing taken when the text goes otherwise.
 */
static int next_game_follows(struct pgn_reader *r, size_t i)
{
    const unsigned char *b = r->buf;
    for (int k = 0; k < 2; k++) {
        if (i >= r->safe || !(pgn_lex_class[b[i]] & LX_EOL))
            return 0;
        i = after_eol(b, i, r->len);
    }
    /* Under max_game here, so it was after the first line end too. */
    if (i >= r->safe || b[i] != '[' || i - r->gstart > r->lim.max_game)
        return 0;
    r->line += 2;
    r->lstart = (ptrdiff_t)i;
    r->ps.line_tokens = 0;
    r->ps.blank = 1;
    return end_before(r, i);
}

/* 1 when the word p[0..n) may start a result written with blanks ("1 - 0"). */
static inline int may_glue(const unsigned char *p, size_t n)
{
    unsigned c0 = p[0];
    return (c0 == '0' || c0 == '1' || c0 == 'O' || c0 == 0xC2) && n < 8 && glue_chars(p, n);
}

/* A move, null move or move number word at buf[idx..idx+n). */
static int word(struct pgn_reader *r, size_t idx, size_t n)
{
    struct parse *ps = &r->ps;
    const unsigned char *p = r->buf + idx;
    struct pgn_word w;
    size_t glued = 0;
    int gkind = 0, gresult = 0;
    /* The blank first: a result mostly ends its line, and then the bytes need no look. */
    if ((p[n] == ' ' || p[n] == '\t') && may_glue(p, n))
        glued = pgn_lex_glue(p, r->buf + r->safe, &gkind, &gresult);
    if (glued) {
        /* "1 - 0", "0- 0": one token written with blanks in it. */
        unsigned char tmp[16];
        size_t k = 0;
        for (size_t i = 0; i < glued && k < sizeof tmp; i++)
            if (p[i] != ' ' && p[i] != '\t')
                tmp[k++] = p[i];
        pgn_lex_word(tmp, k, &w);
        if (gkind == PGN_W_RESULT) {
            w.kind = PGN_W_RESULT;
            w.result = gresult;
        }
        n = glued;
        if (w.kind == PGN_W_MOVE) {
            if (ps->after_result)
                return end_before(r, idx);
            start_token(r, idx);
            ps->tagsec = 0;
            struct game_move *m = add_move(r, idx, n, GAME_MOVE_REJOINED);
            if (m) {
                m->text = arena_memdup(&r->arena, tmp + w.core_off, w.core_len);
                m->len = w.core_len;
                if (!m->text)
                    m->text = "", m->len = 0;
                if (w.nnags)
                    m->flags |= GAME_MOVE_GLUED_NAG;
                for (unsigned i = 0; i < w.nnags; i++)
                    add_nag(r, idx, w.nags[i]);
            }
            ps->last_end = rel(r, idx + n);
            r->pos = idx + n;
            return 0;
        }
    } else {
        pgn_lex_word(p, n, &w);
    }

    if (w.kind == PGN_W_RESULT) {
        start_token(r, idx);
        if (ps->after_result) {
            DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx, "second result token ignored");
        } else {
            if (ps->depth && !ps->skip) {
                const struct game_var *v = (const struct game_var *)r->vars.data + ps->cur;
                diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, v->line, v->col, ps->goff + v->off,
                     "unterminated variation");
                ps->skip = 1;
            }
            ps->result = w.result;
            ps->result_off = rel(r, idx);
            ps->result_len = (uint32_t)n;
            ps->result_line = r->line;
            ps->result_col = col_of(r, idx);
            ps->after_result = 1;
            ps->tagsec = 0;
            ps->last_end = rel(r, idx + n);
            r->pos = idx + n;
            return next_game_follows(r, idx + n);
        }
        ps->last_end = rel(r, idx + n);
        r->pos = idx + n;
        return 0;
    }
    if (ps->after_result)
        return end_before(r, idx);
    start_token(r, idx);
    ps->tagsec = 0;
    ps->last_end = rel(r, idx + n);
    r->pos = idx + n;
    char q[MSG_TOKEN_MAX * 3 + 8];
    switch (w.kind) {
    case PGN_W_MOVE:
    case PGN_W_NULL: {
        if (w.has_number) {
            ps->number = w.number;
            ps->number_flags = GAME_MOVE_GLUED_NUMBER | (w.number_dots ? GAME_MOVE_NUMBER_DOTS : 0);
        }
        unsigned flags = (w.kind == PGN_W_NULL ? GAME_MOVE_NULL : 0) | (w.ep ? GAME_MOVE_EP : 0) |
                         (w.nnags ? GAME_MOVE_GLUED_NAG : 0);
        if (add_move(r, idx + w.core_off, w.core_len, flags))
            for (unsigned i = 0; i < w.nnags; i++)
                add_nag(r, idx, w.nags[i]);
        break;
    }
    case PGN_W_NUMBER:
        ps->number = w.number;
        ps->number_flags = w.number_dots ? GAME_MOVE_NUMBER_DOTS : 0;
        break;
    case PGN_W_DOTS:
        if (ps->number && w.number_dots)
            ps->number_flags |= GAME_MOVE_NUMBER_DOTS;
        break;
    case PGN_W_NAG:
        add_nag(r, idx, w.nags[0]);
        break;
    case PGN_W_EP:
        if (ps->skip)
            break;
        if (ps->last == NONE)
            FAIL_AT(r, PGN_ESYNTAX, idx, "en-passant mark '%s' without a move", quote(q, p, n));
        else
            mark_ep(r, p + w.core_off, w.core_len);
        break;
    case PGN_W_SEPARATOR:
        break;
    default:
        FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected token '%s'", quote(q, p, n));
        break;
    }
    return 0;
}

/* "$n" at buf[idx]. */
static void nag_token(struct pgn_reader *r, size_t idx)
{
    const unsigned char *p = r->buf + idx, *q = p + 1;
    unsigned long v = 0;
    while (pgn_lex_class[*q] & LX_DIGIT) {
        if (v < 100000)
            v = v * 10 + (unsigned)(*q - '0');
        q++;
    }
    size_t n = (size_t)(q - p);
    while (pgn_lex_class[*q] & LX_WORD)
        q++;
    r->ps.last_end = rel(r, (size_t)(q - r->buf));
    r->pos = (size_t)(q - r->buf);
    char t[MSG_TOKEN_MAX * 3 + 8];
    if (n == 1 || q != p + n) {
        if (!r->ps.skip)
            DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "bad NAG '%s'", quote(t, p, (size_t)(q - p)));
        return;
    }
    if (v > 255) {
        if (!r->ps.skip)
            DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "NAG '%s' out of range (0-255)",
                    quote(t, p, n));
        return;
    }
    add_nag(r, idx, (unsigned)v);
}

static void open_variation(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (ps->last == NONE) {
        FAIL_AT(r, PGN_ESYNTAX, idx, "variation before the first move");
        return;
    }
    if (over_limit(r, ps->depth >= r->lim.max_depth, idx, "variations nested too deep",
                   r->lim.max_depth) ||
        over_limit(r, COUNT_OF(r->vars, struct game_var) >= r->lim.max_moves, idx,
                   "too many variations in one game", r->lim.max_moves))
        return;
    struct frame *f = push(r, &r->stack, sizeof *f);
    struct game_var *v = push(r, &r->vars, sizeof *v);
    if (!f || !v)
        return;
    f->var = ps->cur;
    f->last = ps->last;
    memset(v, 0, sizeof *v);
    v->parent = ps->last;
    v->depth = ++ps->depth;
    v->line = r->line;
    v->col = col_of(r, idx);
    v->off = rel(r, idx);
    ps->cur = COUNT_OF(r->vars, struct game_var) - 1;
    ps->last = NONE;
    ps->number = 0;
    ps->number_flags = 0;
}

static void close_variation(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (ps->depth == 0) {
        FAIL_AT(r, PGN_ESYNTAX, idx, "')' without a variation to close");
        return;
    }
    r->stack.len -= sizeof(struct frame);
    const struct frame *f = (const struct frame *)(r->stack.data + r->stack.len);
    ps->cur = f->var;
    ps->last = f->last;
    ps->depth--;
    ps->number = 0;
    ps->number_flags = 0;
}

/* ------------------------------------------------------------ tag names */

/* The common tag names, by enum game_tag_id from GAME_TAG_EVENT on: most names need no copy. */
#define NAME(s) { s, sizeof s - 1 }
static const struct {
    const char *name;
    uint32_t len;
} common_tags[GAME_TAG_COUNT - GAME_TAG_EVENT] = {
    NAME("Event"), NAME("Site"), NAME("Date"), NAME("Round"), NAME("White"), NAME("Black"),
    NAME("Result"), NAME("ECO"), NAME("WhiteElo"), NAME("BlackElo"), NAME("PlyCount"),
    NAME("EventDate"), NAME("Annotator"), NAME("Opening"), NAME("Variation"), NAME("TimeControl"),
    NAME("Termination"), NAME("FEN"), NAME("SetUp"), NAME("Variant"), NAME("WhiteTitle"),
    NAME("BlackTitle"), NAME("WhiteFideId"), NAME("BlackFideId"), NAME("EventType"),
    NAME("EventRounds"), NAME("EventCountry"), NAME("Source"), NAME("SourceDate"),
    NAME("UTCDate"), NAME("UTCTime"), NAME("WhiteRatingDiff"), NAME("BlackRatingDiff"),
    NAME("Mode"), NAME("Board"), NAME("WhiteTeam"), NAME("BlackTeam"),
};
#undef NAME

/*
 * The common names by a hash of their first eight bytes, zero-padded (a
 * little-endian number): the multiplier, found by a search, sends the 37
 * names to 37 different slots of 64, so a lookup is one probe and one
 * compare, with no loop. Each slot holds its name in sixteen bytes,
 * zero-padded, for one vector compare, its length and its id (0: none).
 */
enum { NAME_VEC = 16, NAME_BITS = 6, NAME_SLOTS = 1 << NAME_BITS };
#define NAME_MUL 0x5cebdd071228844bull
static _Alignas(NAME_VEC) unsigned char slot_name[NAME_SLOTS][NAME_VEC];
static unsigned char slot_len[NAME_SLOTS], slot_id[NAME_SLOTS];

static unsigned name_hash(uint64_t first8)
{
    return (unsigned)((first8 * NAME_MUL) >> (64 - NAME_BITS));
}

/* The first eight bytes of s[0..len), zero-padded, as a little-endian number. */
static uint64_t name_first8(const unsigned char *s, size_t len)
{
    uint64_t k = 0;
    for (size_t i = 0; i < len && i < 8; i++)
        k |= (uint64_t)s[i] << (8 * i);
    return k;
}

static void name_slots_init(void)
{
    for (size_t i = 0; i < sizeof common_tags / sizeof common_tags[0]; i++) {
        const unsigned char *s = (const unsigned char *)common_tags[i].name;
        unsigned h = name_hash(name_first8(s, common_tags[i].len));
        assert(!slot_id[h] && "NAME_MUL no longer sends every common name to its own slot");
        memcpy(slot_name[h], s, common_tags[i].len);
        slot_len[h] = (unsigned char)common_tags[i].len;
        slot_id[h] = (unsigned char)(GAME_TAG_EVENT + i);
    }
}

/*
 * The enum game_tag_id of the tag name s[0..len) (len >= 1). With vec, the
 * sixteen bytes at s are readable and len < 16: the name is compared in one
 * vector operation instead of a memcmp(). A tag name has no NUL byte, so the
 * compare with the zero-padded name also tells a longer or shorter name.
 */
static inline ALWAYS_INLINE unsigned tag_id(const unsigned char *s, size_t len,
                                             int vec)
{
#if defined(__SSE2__)
    if (vec) {
        /* len bytes of ones, then zeros. */
        static const unsigned char ones[2 * NAME_VEC] = {
            255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        };
        __m128i keep = _mm_loadu_si128((const __m128i *)(const void *)(ones + NAME_VEC - len));
        __m128i x = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)s), keep);
        uint64_t first8;
        _mm_storel_epi64((__m128i *)(void *)&first8, x); /* SSE2 is little-endian x86 */
        unsigned h = name_hash(first8);
        __m128i want = _mm_load_si128((const __m128i *)(const void *)slot_name[h]);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(x, want)) == 0xFFFF)
            return slot_id[h];
        return GAME_TAG_OTHER;
    }
#else
    (void)vec;
#endif
    unsigned h = name_hash(name_first8(s, len));
    if (slot_len[h] == len && !memcmp(slot_name[h], s, len))
        return slot_id[h];
    return GAME_TAG_OTHER;
}

unsigned pgn_tag_id(const char *name, size_t len)
{
    return len ? tag_id((const unsigned char *)name, len, 0) : GAME_TAG_OTHER;
}

/* Skips the rest of the line from buf[idx] up to (not including) its line end or ']'. */
static size_t skip_to_bracket(const unsigned char *b, size_t idx)
{
    while (!(pgn_lex_class[b[idx]] & LX_EOL) && b[idx] != ']')
        idx++;
    return b[idx] == ']' ? idx + 1 : idx;
}

/* The record of a tag pair whose '[' is off bytes into the game, with its
 * name at name_off and its value at [v0, vend) (offsets from the game's
 * first byte); line and col are the '['s. */
static inline ALWAYS_INLINE void put_raw_tag(struct raw_tag *rt, uint32_t off,
                                             uint32_t name_off, size_t name_len,
                                             size_t v0, size_t vend, int escaped,
                                             uint64_t line, uint32_t col,
                                             unsigned id)
{
    rt->name_off = name_off;
    rt->name_len = (uint32_t)name_len;
    rt->value_off = (uint32_t)v0;
    rt->value_len = (uint32_t)(vend - v0);
    rt->escaped = (uint32_t)escaped;
    rt->line = line;
    rt->col = col;
    rt->off = off;
    rt->id = id;
}

/*
 * Records the tag pair whose '[' is buf[idx], name buf[name..+name_len) and
 * value buf[v0..vend) (escaped: with backslashes to decode), the limits
 * checked. Returns 0 when out of memory.
 */
static inline int add_tag(struct pgn_reader *r, size_t idx, size_t name, size_t name_len,
                          size_t v0, size_t vend, int escaped, unsigned id)
{
    struct raw_tag *rt = push(r, &r->rtags, sizeof *rt);
    if (!rt)
        return 0;
    put_raw_tag(rt, rel(r, idx), rel(r, name), name_len, rel(r, v0), rel(r, vend), escaped, r->line,
                col_of(r, idx), id);
    return 1;
}

/* A tag pair at buf[idx] ('['), on one line. Errors here spoil only this tag pair. */
static void tag_pair(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    const unsigned char *b = r->buf, *cls = pgn_lex_class;
    size_t q = idx + 1;
    char t[MSG_TOKEN_MAX * 3 + 8];
    while (b[q] == ' ' || b[q] == '\t')
        q++;
    size_t name = q;
    while (cls[b[q]] & LX_TAGNAME)
        q++;
    size_t name_len = q - name;
    while (b[q] == ' ' || b[q] == '\t')
        q++;
    if (!name_len || b[q] != '"') {
        if (!ps->skip) {
            if (!name_len)
                DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "tag pair without a name");
            else
                DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "tag '%s' has no value",
                        quote(t, b + name, name_len));
        }
        r->pos = skip_to_bracket(b, q);
        ps->last_end = rel(r, r->pos);
        return;
    }
    size_t v0 = ++q, vend;
    int escaped = 0, warned = 0;
    for (;;) {
        while (!(cls[b[q]] & LX_VSTOP))
            q++;
        if (b[q] == '\\') {
            escaped = 1;
            q += (cls[b[q + 1]] & LX_EOL) ? 1 : 2;
            continue;
        }
        if (b[q] != '"') {
            if (!ps->skip)
                DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "unterminated value of tag '%s'",
                        quote(t, b + name, name_len));
            r->pos = q;
            ps->last_end = rel(r, q);
            return;
        }
        size_t a = q + 1;
        while (b[a] == ' ' || b[a] == '\t')
            a++;
        if (b[a] == ']') {
            vend = q;
            q = a + 1;
            break;
        }
        /*
         * A quote not followed by ']': a literal quote if a later one closes
         * the value (followed by ']' or by the line end).
         */
        size_t z = a;
        int later = 0;
        while (!(cls[b[z]] & LX_EOL)) {
            if (b[z] == '"') {
                size_t y = z + 1;
                while (b[y] == ' ' || b[y] == '\t')
                    y++;
                if (b[y] == ']' || (cls[b[y]] & LX_EOL)) {
                    later = 1;
                    break;
                }
            }
            z++;
        }
        if (later) {
            if (!warned && !ps->skip)
                DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, q, "unescaped '\"' in value of tag '%s'",
                        quote(t, b + name, name_len));
            warned = 1;
            q++;
            continue;
        }
        vend = q;
        if (!ps->skip) {
            if (cls[b[a]] & LX_EOL)
                DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, a, "missing ']' after tag '%s'",
                        quote(t, b + name, name_len));
            else
                DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, a, "text after the value of tag '%s'",
                        quote(t, b + name, name_len));
        }
        q = skip_to_bracket(b, a);
        break;
    }
    r->pos = q;
    ps->last_end = rel(r, q);
    ps->blank = 0;
    if (ps->skip)
        return;
    if (over_limit(r, vend - v0 > r->lim.max_tag_value, idx, "tag value too long",
                   r->lim.max_tag_value) ||
        over_limit(r, COUNT_OF(r->rtags, struct raw_tag) >= r->lim.max_tags, idx,
                   "too many tags in one game", r->lim.max_tags))
        return;
    add_tag(r, idx, name, name_len, v0, vend, escaped, tag_id(b + name, name_len, 0));
}

/* 1 when the game already has a tag called name[0..n). */
static int has_tag(const struct pgn_reader *r, const unsigned char *name, size_t n)
{
    const struct raw_tag *t = (const struct raw_tag *)r->rtags.data;
    const unsigned char *g = r->buf + r->gstart;
    for (uint32_t i = 0, c = COUNT_OF(r->rtags, struct raw_tag); i < c; i++)
        if (t[i].name_len == n && !memcmp(g + t[i].name_off, name, n))
            return 1;
    return 0;
}

static void unterminated_variation(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    if (ps->depth && !ps->skip) {
        const struct game_var *v = (const struct game_var *)r->vars.data + ps->cur;
        diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, v->line, v->col, ps->goff + v->off,
             "unterminated variation");
        ps->skip = 1;
    }
}

/* '[' at buf[idx]. Returns 1 when it starts the next game. */
static int bracket(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    const unsigned char *name;
    size_t name_len;
    if (ps->after_result)
        return end_before(r, idx);
    if (ps->tagsec) {
        /* A repeated tag may start the next game (header-only games). */
        if (ps->started && (ps->blank || r->buf[idx + 1] == 'E' || r->buf[idx + 1] == ' ') &&
            pgn_lex_tag_start(r->buf + idx, r->buf + r->safe, &name, &name_len) &&
            ((ps->skip && ps->blank) ||
             ((ps->blank || (name_len == 5 && !memcmp(name, "Event", 5))) &&
              has_tag(r, name, name_len))))
            return end_before(r, idx);
        start_token(r, idx);
        tag_pair(r, idx);
        return 0;
    }
    int tag = pgn_lex_tag_start(r->buf + idx, r->buf + r->safe, &name, &name_len);
    if (tag && ps->line_tokens == 0) {
        unterminated_variation(r);
        return end_before(r, idx);
    }
    start_token(r, idx);
    FAIL_AT(r, PGN_ESYNTAX, idx, tag ? "tag pair in movetext" : "unexpected '[' in movetext");
    r->pos = idx + 1;
    ps->last_end = rel(r, idx + 1);
    return 0;
}

/*
 * The first byte of b[k..) that is one of set[0..n), which are the bytes
 * with bit in table: there is one before safe (a line end, say). Sixteen
 * bytes at a time where SSE2 is, one compare per byte of the set.
 */
static inline ALWAYS_INLINE size_t
first_of(const unsigned char *b, size_t k, size_t safe, const char *set, int n,
         const unsigned char *table, unsigned bit)
{
#if defined(__SSE2__)
    while (k + 16 <= safe) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + k));
        __m128i m = _mm_cmpeq_epi8(v, _mm_set1_epi8(set[0]));
#pragma GCC unroll 16
        for (int i = 1; i < n; i++)
            m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(set[i])));
        unsigned mask = (unsigned)_mm_movemask_epi8(m);
        if (mask)
            return k + (size_t)__builtin_ctz(mask);
        k += 16;
    }
#else
    (void)set, (void)n;
#endif
    while (!(table[b[k]] & bit))
        k++;
    return k;
}

/* The first byte of b[k..) that stops a tag value: '"', '\\' or a line end (one comes before safe). */
static inline size_t value_stop(const unsigned char *b, size_t k, size_t safe)
{
    return first_of(b, k, safe, "\"\\\n\r", 4, pgn_lex_class, LX_VSTOP);
}

#if defined(__SSE2__)
/* 0xFF in each byte of x that is an ASCII letter or digit, else 0. */
static inline __m128i ascii_alnum_bytes(__m128i x)
{
    /* Signed compares after a shift by 0x80: x - lo < n for a range [lo, lo + n). */
    __m128i bias = _mm_set1_epi8((char)0x80);
    __m128i letter = _mm_cmplt_epi8(
        _mm_add_epi8(_mm_sub_epi8(_mm_or_si128(x, _mm_set1_epi8(0x20)), _mm_set1_epi8('a')), bias),
        _mm_set1_epi8((char)(0x80 + 26)));
    __m128i digit = _mm_cmplt_epi8(_mm_add_epi8(_mm_sub_epi8(x, _mm_set1_epi8('0')), bias),
                                   _mm_set1_epi8((char)(0x80 + 10)));
    return _mm_or_si128(letter, digit);
}

/* Bit i set when name[i] is a tag name character (A-Z a-z 0-9 _), for the sixteen bytes at name. */
static inline unsigned tag_name_mask(const unsigned char *name)
{
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)name);
    __m128i under = _mm_cmpeq_epi8(x, _mm_set1_epi8('_'));
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(ascii_alnum_bytes(x), under));
}
#endif

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
#if defined(__SSE2__)
    if (name + NAME_VEC <= safe) {
        /* The name's end without a loop whose exit depends on its length. */
        unsigned m = ~tag_name_mask(b + name) & 0xFFFF;
        q = name + (m ? (size_t)__builtin_ctz(m) : NAME_VEC);
        found = m != 0;
    }
#endif
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

/*
 * Plain tag pairs in a row, each '[' name ' ' '"' value '"' ']' with no
 * backslash in the value, and the line ends after them: read as bracket()
 * and tag_pair() read them, and the line ends as parse_game() does. Called
 * at a '[' in the tag section. Returns where it stopped: after the last tag
 * pair or line end it took, or p when it took nothing. What it does not
 * take goes the general way: other spellings, a tag pair that may start the
 * next game, errors and limits, a line end at the end of the window or
 * where the game may grow too big.
 */
static const unsigned char *tag_run(struct pgn_reader *r, const unsigned char *p)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return p;
    /*
     * The state the loop changes stays in locals and goes back to r and ps
     * once, at the end: stores through r would make the compiler reload the
     * limits after every one. Offsets count from the game's first byte, as
     * the records keep them, and the records go straight into the room the
     * vector has; with none left, the general way grows it.
     */
    const unsigned char *const g = r->buf + r->gstart, *const safe = r->buf + r->safe;
    const unsigned char *cls = pgn_lex_class, *done = p;
    const size_t max_value = r->lim.max_tag_value, max_game = r->lim.max_game;
    size_t count = COUNT_OF(r->rtags, struct raw_tag);
    size_t room = (r->rtags.cap - r->rtags.len) / sizeof(struct raw_tag);
    size_t limit = count + room < r->lim.max_tags ? count + room : r->lim.max_tags;
    if (count >= limit)
        return p; /* no array yet (NULL + 0 is undefined), or a full one */
    struct raw_tag *const rt0 = (struct raw_tag *)(r->rtags.data + r->rtags.len);
    struct raw_tag *rt = rt0, *const rt_end = rt0 + (limit - count);
    uint64_t line = r->line;
    ptrdiff_t lbase = r->lstart - (ptrdiff_t)r->gstart - 1; /* col = off - lbase */
    /* Which tag names may start the next game (see bracket()): none, "Event" or any. */
    enum { REPEAT_NONE, REPEAT_EVENT, REPEAT_ANY } repeat =
        !ps->started ? REPEAT_NONE : ps->blank ? REPEAT_ANY : REPEAT_EVENT;
    while (rt < rt_end) {
        size_t name_end, vend;
        int vec;
        if (!plain_tag_pair(g, (size_t)(p - g), (size_t)(safe - g), max_value, &name_end, &vend,
                            &vec))
            break;
        const unsigned char *name = p + 1;
        size_t name_len = (size_t)(g + name_end - name), v0 = name_end + 2;
        unsigned id = tag_id(name, name_len, vec);
        if (repeat == REPEAT_ANY || (repeat == REPEAT_EVENT && id == GAME_TAG_EVENT)) {
            r->rtags.len = (size_t)((char *)rt - r->rtags.data);
            if (has_tag(r, name, name_len))
                break;
        }
        repeat = REPEAT_EVENT;
        uint32_t off = (uint32_t)(p - g);
        put_raw_tag(rt++, off, off + 1, name_len, v0, vend, 0, line,
                    (uint32_t)((ptrdiff_t)off - lbase), id);
        p = done = g + vend + 2;
        unsigned c = *p;
        if (!(cls[c] & LX_EOL))
            break;
        /* The line end, as parse_game() takes it after a token. */
        const unsigned char *n = p + ((c == '\r' && p[1] == '\n') ? 2 : 1);
        if ((size_t)(n - g) > max_game)
            break;
        line++;
        lbase = n - g - 1;
        p = done = n;
        if (p >= safe || *p != '[')
            break;
    }
    if (rt != rt0) {
        /* As start_token() and the line ends would have left them. */
        uint32_t last_end = rt[-1].value_off + rt[-1].value_len + 2;
        mark_started(ps, rt0->line, rt0->col, rt0->off);
        if (done != g + last_end)
            ps->line_tokens = 0; /* the run ends after a line end */
        else if (line == r->line)
            ps->line_tokens++; /* one tag pair, on the line the run began on */
        else
            ps->line_tokens = 1;
        ps->last_end = last_end;
        ps->blank = 0;
        /*
         * The empty line that nearly always ends the tag section, as
         * parse_game() takes one (a line with no token: blank): that is one
         * dispatch fewer per game, whose target would mispredict.
         */
        if (!ps->line_tokens && done < safe && (cls[*done] & LX_EOL)) {
            const unsigned char *n = done + ((*done == '\r' && done[1] == '\n') ? 2 : 1);
            if ((size_t)(n - g) <= max_game) {
                line++;
                lbase = n - g - 1;
                done = n;
                ps->blank = 1;
            }
        }
        r->rtags.len = (size_t)((char *)rt - r->rtags.data);
        r->line = line;
        r->lstart = (ptrdiff_t)r->gstart + lbase + 1;
    }
    return done;
}

/*
 * Text after the result that cannot start a game (a stray ')', '$n', NUL
 * bytes...): the game keeps it, with one warning. Returns the index after it.
 */
static size_t after_result_junk(struct pgn_reader *r, size_t idx, size_t n)
{
    char q[MSG_TOKEN_MAX * 3 + 8];
    if (!r->ps.junk_warned) {
        r->ps.junk_warned = 1;
        const unsigned char *p = r->buf + idx;
        if (n == 1 && (*p < 0x20 || *p == 0x7f))
            DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx,
                    "control character 0x%02x after the result ignored", *p);
        else
            DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx, "'%s' after the result ignored",
                    quote(q, p, n));
    }
    r->ps.line_tokens++;
    r->ps.last_end = rel(r, idx + n);
    return idx + n;
}

/* ------------------------------------------------------------ oversize */

static void resolve_tags(struct pgn_reader *r);

/*
 * The game grew past max_game. Keep what is already resolved (tags, the
 * result text), drop the movetext, and skip the rest without keeping it:
 * the next game starts at a tag pair line that follows a line that was not
 * one (outside {comments}, or inside one after an empty line), or at the
 * end. Lines may be longer than the window here; they are scanned in pieces.
 */
static int oversize(struct pgn_reader *r, int in_comment)
{
    struct parse *ps = &r->ps;
    if (r->pos > r->len)
        r->pos = r->len; /* past the sentinel that closed the last line */
    if (!ps->started)
        start_token(r, r->pos); /* a game that is one long line: locate it there */
    diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, r->line, 1, r->base + r->pos,
         "game larger than %llu bytes: skipped to the next game",
         (unsigned long long)r->lim.max_game);
    ps->truncated = 1;
    ps->latin1 = !utf8_valid((const char *)r->buf + r->gstart, r->pos - r->gstart);
    resolve_tags(r);
    if (ps->result) {
        ps->result_text = arena_memdup(&r->arena, r->buf + r->gstart + ps->result_off,
                                       ps->result_len);
        if (ps->latin1 && ps->result_text && !utf8_valid(ps->result_text, ps->result_len))
            ps->result_text = pgn_result_str(ps->result), ps->result_len = (uint32_t)strlen(ps->result_text);
    }
    r->moves.len = r->comments.len = r->ckeys.len = r->nags.len = r->nkeys.len = 0;
    r->vars.len = sizeof(struct game_var);
    ps->cur = 0;
    ps->last = NONE;
    ps->depth = 0;

    const unsigned char *cls = pgn_lex_class;
    /* Was the line before pos empty? (It is still in the window.) */
    size_t i0 = r->pos;
    if (i0 > r->gstart && r->buf[i0 - 1] == '\n')
        i0--;
    if (i0 > r->gstart && r->buf[i0 - 1] == '\r')
        i0--;
    while (i0 > r->gstart && (cls[r->buf[i0 - 1]] & LX_SPACE))
        i0--;
    int prev_blank = i0 == r->gstart || (cls[r->buf[i0 - 1]] & LX_EOL);
    int prev_tag = ps->tagsec && !in_comment;
    r->gstart = r->pos; /* nothing before pos is needed any more */
    for (;;) {
        /* At a line start: look ahead far enough to recognise a tag pair (as far as fits). */
        while (r->len - r->pos < 256 && !r->eof) {
            ptrdiff_t n = fill(r, r->pos);
            r->gstart = r->pos;
            if (n == PGN_ETOOBIG)
                break;
            if (n < 0)
                return (int)n;
        }
        if (r->pos >= r->len)
            break;
        size_t p = r->pos;
        while (p < r->len && (r->buf[p] == ' ' || r->buf[p] == '\t'))
            p++;
        const unsigned char *name;
        size_t name_len;
        int tag = p < r->len && r->buf[p] == '[' &&
                  pgn_lex_tag_start(r->buf + p, r->buf + r->len, &name, &name_len);
        if (tag && (in_comment ? prev_blank : !prev_tag))
            break;
        int blank = 1, skip_line = tag || (!in_comment && r->buf[r->pos] == '%');
        /* Scan to the end of the line, in pieces if it does not fit. */
        for (;;) {
            size_t i = p;
            while (i < r->len && !(cls[r->buf[i]] & LX_EOL)) {
                unsigned c = r->buf[i];
                if (!(cls[c] & LX_SPACE))
                    blank = 0;
                if (!skip_line) {
                    if (in_comment) {
                        in_comment = c != '}';
                    } else if (c == '{') {
                        in_comment = 1;
                    } else if (c == ';') {
                        skip_line = 1;
                    }
                }
                i++;
            }
            if (i < r->len && (i + 1 < r->len || r->eof)) {
                r->pos = after_eol(r->buf, i, r->len);
                r->line++;
                r->lstart = (ptrdiff_t)r->pos;
                break;
            }
            if (r->eof) {
                r->pos = r->len;
                break;
            }
            r->pos = i; /* keep a final '\r' to pair it with a '\n' that may follow */
            ptrdiff_t n = fill(r, r->pos);
            r->gstart = r->pos;
            if (n < 0)
                return (int)n;
            p = r->pos;
        }
        prev_blank = blank;
        prev_tag = tag;
        if (r->pos >= r->len && r->eof)
            break;
    }
    ps->split = r->pos;
    ps->split_abs = r->base + r->pos;
    r->gstart = r->pos;
    r->lstart = (ptrdiff_t)r->pos;
    r->safe = last_eol(r->buf, r->pos, r->len, r->eof);
    if (r->safe < r->pos)
        r->safe = r->pos;
    cut_long_line(r); /* the next refill() reports a long line at pos */
    return 1;
}

/* -------------------------------------------------------------- comments */

enum { C_DONE = 0, C_GAME_ENDS = 1 };

/*
 * The {comment} at buf[r->pos]. Returns C_DONE with pos after the '}', or
 * C_GAME_ENDS (split set) when the input ends inside it or it runs across
 * an empty line followed by a tag pair line, or a fatal status.
 */
static int brace_comment(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    size_t open = r->pos;
    uint32_t open_rel = rel(r, open);
    uint64_t line0 = r->line;
    uint32_t col0 = col_of(r, open);
    uint64_t off0 = r->base + open;
    int too_long = 0;
    size_t q = open + 1;
    for (;;) {
        const unsigned char *b = r->buf;
        while (!(cls[b[q]] & LX_CSTOP))
            q++;
        size_t body = q - (r->gstart + open_rel + 1);
        if (body > r->lim.max_comment && !too_long) {
            too_long = 1;
            if (!ps->skip)
                diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, line0, col0, off0, "comment too long (limit %llu)",
                     (unsigned long long)r->lim.max_comment);
            ps->skip = 1;
        }
        if (b[q] == '}') {
            open = r->gstart + open_rel;
            if (!too_long)
                add_comment(r, open, body, 0, line0, col0);
            r->pos = q + 1;
            ps->last_end = rel(r, q + 1);
            return C_DONE;
        }
        /* A line end inside the comment. */
        size_t eol = q;
        uint32_t prev_rel = rel(r, (size_t)(r->lstart > (ptrdiff_t)r->gstart ? (size_t)r->lstart : r->gstart));
        uint32_t eol_rel = rel(r, eol);
        q += (b[q] == '\r' && b[q + 1] == '\n') ? 2 : 1;
        r->line++;
        r->lstart = (ptrdiff_t)q;
        if (q - r->gstart > r->lim.max_game &&
            (q <= r->len || r->len - r->gstart > r->lim.max_game)) {
            r->pos = q;
            return oversize(r, 1);
        }
        if (q >= r->safe) {
            r->pos = q;
            int rc = refill(r);
            if (rc == R_TOOBIG)
                return oversize(r, 1);
            if (rc < 0)
                return rc;
            if (rc == R_END) {
                if (!ps->skip)
                    diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, line0, col0, off0, "unterminated comment");
                ps->skip = 1;
                ps->split = r->len;
                return C_GAME_ENDS;
            }
            q = r->pos;
        }
        /* An empty line, then a tag pair line: the comment was never closed. */
        const unsigned char *name;
        size_t name_len, t = q;
        b = r->buf;
        while (b[t] == ' ' || b[t] == '\t')
            t++;
        if (b[t] == '[' && pgn_lex_tag_start(b + t, b + r->safe, &name, &name_len)) {
            size_t s = r->gstart + prev_rel, e = r->gstart + eol_rel;
            while (s < e && (cls[b[s]] & (LX_SPACE | LX_EOL)))
                s++;
            if (s == e && prev_rel > open_rel) {
                if (!ps->skip)
                    diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, line0, col0, off0, "unterminated comment");
                ps->skip = 1;
                ps->split = q;
                r->pos = q;
                return C_GAME_ENDS;
            }
        }
    }
}

/* ------------------------------------------------------------------ skim */

enum { SKIM_PARSE = 0, SKIM_LAZY = 1 };

/* Bytes skim() looks at; the others (letters, blanks, move punctuation) it passes over. */
enum { SK_PLAIN = 0, SK_SPACE, SK_WORD8, SK_EOL, SK_LBRACE, SK_SEMI, SK_STAR, SK_PAREN, SK_DOLLAR,
       SK_OTHER };
static unsigned char skim_class[256];
static unsigned char skim_hot[256]; /* bytes that may matter on a line: see skim() */
static const char skim_hot_bytes[] = "\n\r-/:*{};[\xC2\xEF";

static void skim_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned char k = SK_OTHER;
        if (c == 0xC2 || c == 0xEF) /* "½-½", a byte order mark */
            k = SK_WORD8;
        else if (pgn_lex_class[c] & LX_WORD)
            k = SK_PLAIN;
        else if (pgn_lex_class[c] & LX_SPACE)
            k = SK_SPACE;
        else if (pgn_lex_class[c] & LX_EOL)
            k = SK_EOL;
        else if (c == '{')
            k = SK_LBRACE;
        else if (c == ';')
            k = SK_SEMI;
        else if (c == '*')
            k = SK_STAR;
        else if (c == '(' || c == ')')
            k = SK_PAREN;
        else if (c == '$')
            k = SK_DOLLAR;
        skim_class[c] = k;
        skim_hot[c] = c && strchr(skim_hot_bytes, (int)c);
    }
}

/*
 * The word starting at b[*i]: 1 when word() would read a result there, 0
 * when not, -1 to give up. *i moves past what word() would take.
 */
static int skim_word(const unsigned char *b, size_t *i, const unsigned char *end)
{
    const unsigned char *cls = pgn_lex_class;
    const unsigned char *p = b + *i, *q = p;
    unsigned c = *p;
    if (c == 0xEF)
        return -1;
    if (cls[c] & LX_DIGIT) {
        while (cls[*q] & LX_DIGIT)
            q++;
        if (*q == '.') { /* a move number, maybe with its move: never a result */
            while (cls[*q] & LX_WORD)
                q++;
            *i = (size_t)(q - b);
            return 0;
        }
    } else if (c != 0xC2) {
        while (cls[*q] & LX_WORD)
            q++;
        *i = (size_t)(q - b);
        return 0;
    }
    while (cls[*q] & LX_WORD)
        q++;
    size_t n = (size_t)(q - p);
    if (*q == '(')
        return -1;
    if ((c == '0' || c == '1' || c == 0xC2) && n < 8 && glue_chars(p, n) &&
        (*q == ' ' || *q == '\t')) {
        int kind, result;
        size_t glued = pgn_lex_glue(p, end, &kind, &result);
        if (glued) {
            *i += glued;
            return kind == PGN_W_RESULT;
        }
    }
    struct pgn_word w;
    pgn_lex_word(p, n, &w);
    *i = (size_t)(q - b);
    return w.kind == PGN_W_RESULT;
}

/*
 * The first byte of b[k..) in skim_hot, or one before it that is not, which
 * the caller passes over (there is a line end before safe). Sixteen bytes
 * at a time where SSE2 is, with a superset that takes fewer compares than
 * one per byte of skim_hot: every byte below 0x0E (line ends, tabs, NUL) or
 * above 0x7F ("½", a byte order mark, any UTF-8), ':' with ';', and '{' '}'
 * with 'y' and DEL.
 */
static inline size_t next_hot(const unsigned char *b, size_t k, size_t safe)
{
#if defined(__SSE2__)
    while (k + 16 <= safe) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b + k));
        __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x0E)); /* signed: bytes >= 0x80 too */
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('/')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('*')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('[')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), _mm_set1_epi8(';')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_and_si128(v, _mm_set1_epi8((char)0xF9)),
                                           _mm_set1_epi8('y')));
        unsigned mask = (unsigned)_mm_movemask_epi8(m);
        if (mask)
            return k + (size_t)__builtin_ctz(mask);
        k += 16;
    }
#endif
    while (!skim_hot[b[k]])
        k++;
    return k;
}

/*
 * Every spelling of a result has a '-', '/', ':', '*' or '½' (glued ones
 * too), and starts with a digit, '½' or is '*'. So the rest of a line from
 * b[*i] (a token boundary) ends no game and opens no comment when those
 * bytes, braces, ';' and '[' occur in it only inside words that start with a
 * letter ("O-O", "e2-e4", "Sf3:e5"): such a word is a move, and no glued
 * result or castling can take it in. Returns 1 with *i at the line end when
 * the rest of the line is such; else 2 with *i at the token to read word by
 * word from (what comes before it on the line holds no result), or 0 to
 * read the line word by word from *i.
 */
static inline int clean_rest(const unsigned char *b, size_t *i, size_t safe)
{
    const unsigned char *cls = pgn_lex_class;
    size_t k = *i;
    for (;;) {
        k = next_hot(b, k, safe);
        unsigned c = b[k];
        if (!skim_hot[c]) { /* next_hot()'s superset */
            k++;
            continue;
        }
        if (cls[c] & LX_EOL)
            break;
        if (!(cls[c] & LX_WORD)) { /* '{' ';' '*' '[': a token of its own */
            *i = k;
            return 2;
        }
        size_t w = word_start(b, *i, k);
        if (ascii_letter(b[w]) && w != k) {
            while (cls[b[k]] & LX_WORD)
                k++;
            continue;
        }
        /* A word that may be a result: start at it, unless the word before may glue onto it. */
        if (w > *i) {
            size_t e = w;
            while (e > *i && (b[e - 1] == ' ' || b[e - 1] == '\t'))
                e--;
            size_t v = word_start(b, *i, e);
            if (e == w || v == e || may_glue(b + v, e - v))
                return 0;
        }
        *i = w;
        return 2;
    }
    *i = k;
    return 1;
}

/*
 * LAZY MOVETEXT. Called at the first word of a game's movetext (buf[pos],
 * the game still in its tag section): scans ahead for the end of the game
 * without recording anything. It accepts only the plain case, where it can
 * tell for sure that parse_game() would end the game at the same byte:
 * moves, numbers, NAGs, parentheses and comments, at most one result (found
 * as word() finds it: glued forms and pgn_lex_word), after it only blanks,
 * comments and % lines, and then a tag pair line outside any comment, or the
 * end of the input. Anything else (a word or junk after the result, a '['
 * or % elsewhere, a tag pair line inside a comment, control characters, a
 * possible byte order mark, a game near max_game) gives up: the caller then
 * parses the game from pos as usual. Nothing but the window changes here.
 *
 * Only word starts can be results, and of those only words starting with a
 * digit (not followed by a dot) or with "½": the scan passes over every
 * other byte of a line with one table lookup.
 *
 * Returns SKIM_LAZY with ps->split, pos, line and lstart where parse_game()
 * would leave them; SKIM_PARSE with pos, line and lstart as they were (the
 * window may have grown or moved); or a fatal status.
 */
static int skim(struct pgn_reader *r)
{
    const unsigned char *cls = pgn_lex_class;
    const unsigned char *sk = skim_class;
    const size_t word_rel = r->pos - r->gstart;
    const ptrdiff_t lstart_rel = r->lstart - (ptrdiff_t)r->gstart;
    const uint64_t line0 = r->line;
    const unsigned char *b = r->buf;
    size_t i = r->pos;        /* next byte */
    ptrdiff_t ls = r->lstart; /* start of its line */
    uint64_t line = r->line;
    int after_result, in_comment = 0;
    size_t end;

    after_result = skim_word(b, &i, b + r->safe);
    if (after_result < 0)
        goto parse;
    if (!after_result) {
        int clean = clean_rest(b, &i, r->safe);
        if (clean == 1)
            goto eol;
        if (clean == 2)
            goto token;
    }
    for (;;) {
        unsigned c;
        if (in_comment) {
            while (!(cls[b[i]] & LX_CSTOP))
                i++;
            if (b[i] == '}') {
                in_comment = 0;
                i++;
                goto token;
            }
            goto eol;
        }
        if (!after_result) {
            for (;;) {
                /* Letters, digits and punctuation inside words. */
                while ((c = b[i]), sk[c] == SK_PLAIN)
                    i++;
                /* The usual boundary: a blank, then a move or a move number ("12."). */
                unsigned d = b[i + 1];
                if (c != ' ' || sk[d] != SK_PLAIN)
                    break;
                if (cls[d] & LX_DIGIT) {
                    size_t q = i + 2;
                    while (cls[b[q]] & LX_DIGIT)
                        q++;
                    if (b[q] != '.')
                        break;
                    i = q + 1;
                    continue;
                }
                i += 2;
            }
        } else {
            /* After the result: nothing but blanks and comments. */
            while ((c = b[i]), (cls[c] & LX_SPACE))
                i++;
            if (sk[c] != SK_EOL && c != '{' && c != ';')
                goto parse;
        }
        switch (sk[c]) {
        case SK_SPACE:
            do
                i++;
            while (cls[b[i]] & LX_SPACE);
            goto token;
        case SK_WORD8:
            if (cls[b[i - 1]] & LX_WORD) { /* inside a word */
                i++;
                continue;
            }
            goto token;
        case SK_LBRACE:
            in_comment = 1;
            i++;
            continue;
        case SK_SEMI:
            while (!(cls[b[i]] & LX_EOL))
                i++;
            continue;
        case SK_STAR:
            after_result = 1;
            i++;
            continue;
        case SK_PAREN:
            i++;
            goto token;
        case SK_DOLLAR:
            i++;
            while (cls[b[i]] & LX_WORD)
                i++;
            continue;
        case SK_EOL:
            break;
        default: /* '[' or '%' inside a line, '}' ']' '"' control characters: errors */
            goto parse;
        }
    eol:
        /* b[i] ends a line (also inside a comment). */
        i += (b[i] == '\r' && b[i + 1] == '\n') ? 2 : 1;
        line++;
        ls = (ptrdiff_t)i;
        if (i - r->gstart > r->lim.max_game / 2)
            goto parse;
        if (i >= r->safe) {
            size_t irel = i - r->gstart;
            r->pos = i;
            int rc = refill(r);
            b = r->buf;
            i = r->gstart + irel;
            ls = (ptrdiff_t)i;
            if (rc == R_END && !in_comment) {
                end = r->len;
                break;
            }
            if (rc < 0 && rc != PGN_ETOOBIG)
                return rc;
            if (rc != R_OK)
                goto parse;
        }
        {
            /* A tag pair as the first token of a line ends the game. */
            size_t k = i;
            while (cls[b[k]] & LX_SPACE)
                k++;
            if (b[k] == '[') {
                const unsigned char *name;
                size_t name_len;
                if (in_comment || !pgn_lex_tag_start(b + k, b + r->safe, &name, &name_len))
                    goto parse;
                end = (size_t)ls;
                break;
            }
            if (in_comment)
                continue;
            if (b[i] == '%') { /* an escape line */
                while (!(cls[b[i]] & LX_EOL))
                    i++;
                continue;
            }
            i = k;
            if (!after_result && clean_rest(b, &i, r->safe) == 1)
                goto eol; /* else read words from i */
        }
    token:
        /* b[i] may start a word: only digits and "½" may make a result. */
        if (after_result)
            continue;
        c = b[i];
        if (cls[c] & LX_DIGIT) {
            size_t q = i + 1;
            while (cls[b[q]] & LX_DIGIT)
                q++;
            if (b[q] == '.') { /* a move number, maybe with its move */
                i = q + 1;
                continue;
            }
        } else if (c != 0xC2 && c != 0xEF) {
            continue;
        }
        after_result = skim_word(b, &i, b + r->safe);
        if (after_result < 0)
            goto parse;
    }
    if (end - r->gstart > r->lim.max_game / 2)
        goto parse;
    r->ps.split = end;
    r->pos = end < r->len ? end : i;
    r->line = line;
    r->lstart = ls;
    return SKIM_LAZY;
parse:
    r->pos = r->gstart + word_rel;
    r->line = line0;
    r->lstart = (ptrdiff_t)r->gstart + lstart_rel;
    return SKIM_PARSE;
}

/* What pgn_reader_complete() needs to parse the game again from buf[idx]
 * (its first movetext word, or its first byte), saved before the game is
 * skimmed or split. */
static void lazy_save(struct pgn_reader *r, size_t idx)
{
    struct lazy *z = &r->lazy;
    r->lazy_tried = 1;
    copy_record(&z->ps, &r->ps, sizeof z->ps);
    z->word_rel = idx - r->gstart;
    z->lstart_rel = r->lstart - (ptrdiff_t)r->gstart;
    z->line = r->line;
    z->nerrors = r->errors.len;
    z->nrtags = r->rtags.len;
}

/* Offers the game to skim() at its first movetext word buf[idx]; saves what completion needs. */
static int lazy_skim(struct pgn_reader *r, size_t idx)
{
    struct lazy *z = &r->lazy;
    r->pos = idx;
    lazy_save(r, idx);
    start_token(r, idx);
    int rc = skim(r);
    if (rc == SKIM_LAZY) {
        z->active = 1;
        z->gstart = r->gstart;
    } else {
        r->ps = z->ps;
    }
    return rc;
}

/* ----------------------------------------------------------- plain split */

/*
 * SPLITTING ONLY without the tag pass and the skim. Most games of a
 * database are nothing but tag pair lines, empty lines and lines of moves
 * that end in the result, and with PGN_READER_SPLIT nothing of them is
 * wanted but where they end. split_plain() takes such a game from its first
 * byte in one pass over its bytes and ends it where parse_game() and skim()
 * do: at the next line that starts with a tag pair. What it takes is
 * narrower than what skim() takes (a game's first word included), so every
 * game it splits is a game skim() would have split at the same byte.
 * Comments closed on their line, NAGs and variations may come between the
 * moves (lichess writes a clock comment after each). Anything else
 * (comments over lines, escape lines, tabs, control or non-ASCII bytes
 * outside tag values, moves and comments, a second Event tag, a word that
 * could join the result, the end of the window or of the input) leaves the
 * game untouched to the usual way.
 */

/* What split_plain() makes of a byte of a line of moves (SPLIT_OTHER: see split_token()). */
enum { SPLIT_MOVE = 0, SPLIT_EOL, SPLIT_MARK, SPLIT_OTHER };
static unsigned char split_class[256];

static void split_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned char k = SPLIT_OTHER;
        if (c < 128 && ((pgn_lex_class[c] & LX_DIGIT) || ascii_letter(c)))
            k = SPLIT_MOVE;
        else if (c && strchr(" .+#=!?", (int)c))
            k = SPLIT_MOVE;
        else if (c == '\n' || c == '\r')
            k = SPLIT_EOL;
        else if (c && strchr("-/*", (int)c)) /* every result has one of them */
            k = SPLIT_MARK;
        split_class[c] = k;
    }
}

/*
 * The first byte of b[k..) that is not a letter, a digit, ' ', '.' or '+'
 * (nearly all of a line of moves); there is a line end before safe.
 */
static inline size_t split_stop(const unsigned char *b, size_t k, size_t safe)
{
#if defined(__SSE2__)
    while (k + 16 <= safe) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(b + k));
        __m128i punct = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')),
                                     _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('.')),
                                                  _mm_cmpeq_epi8(x, _mm_set1_epi8('+'))));
        unsigned mask = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(ascii_alnum_bytes(x), punct))
                      & 0xFFFF;
        if (mask)
            return k + (size_t)__builtin_ctz(mask);
        k += 16;
    }
#endif
    while (split_class[b[k]] == SPLIT_MOVE)
        k++;
    return k;
}

/* After the line end at b[k] ('\n' or "\r\n"): the next line's start, or 0
 * when b[k] ends no line that way or no complete line follows in the window. */
static inline size_t split_eol(const unsigned char *b, size_t k, size_t safe, uint64_t *lines)
{
    k += b[k] == '\r';
    if (b[k] != '\n')
        return 0;
    ++*lines;
    return k + 1 < safe ? k + 1 : 0;
}

/* 1 when c may follow a result: a blank or a line end. */
static inline int split_after_result(unsigned c)
{
    return c == ' ' || split_class[c] == SPLIT_EOL;
}

/*
 * After the token at b[k] that is not a word, on the line starting at ls:
 * a comment closed on its line, a NAG, or a parenthesis; 0 for anything
 * else. A '(' right after a word that starts with a digit ("12(") is left
 * to the usual way, as skim_word() leaves it.
 */
static size_t split_token(const struct pgn_reader *r, size_t ls, size_t k)
{
    const unsigned char *b = r->buf, *cls = pgn_lex_class;
    size_t q = k + 1;
    switch (b[k]) {
    case '{':
        while (!(cls[b[q]] & LX_CSTOP))
            q++;
        return b[q] == '}' && q - k - 1 <= r->lim.max_comment ? q + 1 : 0;
    case '$':
        while (b[q] - (unsigned)'0' < 10)
            q++;
        return q > k + 1 && !(cls[b[q]] & LX_WORD) ? q : 0;
    case '(': {
        size_t w = word_start(b, ls, k);
        return w < k && b[w] - (unsigned)'0' < 10 ? 0 : q;
    }
    case ')':
        return q;
    default:
        return 0;
    }
}

/*
 * The result at b[w..e) on the line starting at ls ends the game, with
 * lines line ends so far: nothing but blanks may follow it up to a line
 * that starts with a tag pair, where the game ends. Returns that line's
 * start, or 0. A word before the result that pgn_lex_glue() may join with
 * it ("O-O 1-0") is left to the usual way, as skim() leaves it.
 */
static size_t split_end(const struct pgn_reader *r, size_t ls, size_t w, size_t e,
                        uint64_t *lines)
{
    const unsigned char *b = r->buf, *cls = pgn_lex_class;
    size_t v = w;
    while (v > ls && b[v - 1] == ' ')
        v--;
    if (v > ls && (cls[b[v - 1]] & LX_WORD)) {
        size_t u = word_start(b, ls, v);
        if (may_glue(b + u, v - u))
            return 0;
    } else if (v > ls && b[v - 1] != '}' && b[v - 1] != ')') {
        return 0;
    }
    size_t k = e;
    for (;;) {
        while (b[k] == ' ')
            k++;
        if (!(k = split_eol(b, k, r->safe, lines)))
            return 0;
        if (b[k] == '[')
            break;
    }
    const unsigned char *name;
    size_t name_len;
    if (!pgn_lex_tag_start(b + k, b + r->safe, &name, &name_len))
        return 0;
    return k;
}

/*
 * The game at r->gstart (begin_game() done) split in one pass when it is
 * plain as above: sets its end and the lazy state as skim() would, and
 * returns 1; else 0, with nothing changed.
 */
static int split_plain(struct pgn_reader *r)
{
    const unsigned char *b = r->buf, *cls = pgn_lex_class;
    const size_t g = r->gstart, safe = r->safe;
    size_t k = g, end = 0;
    uint64_t lines = 0;
    unsigned tags = 0, events = 0;
    if (r->io_status || r->lstart != (ptrdiff_t)g || g >= safe)
        return 0;
    /* Tag pairs, one to a line: '[' name ' ' '"' value '"' ']'. */
    while (b[k] == '[') {
        size_t name_end, vend;
        int vec;
        if (!plain_tag_pair(b, k, safe, r->lim.max_tag_value, &name_end, &vend, &vec))
            return 0;
        /* A second Event tag would start the next game (see bracket()). */
        events += name_end - k == 6 && !memcmp(b + k + 1, "Event", 5);
        if (!(k = split_eol(b, vend + 2, safe, &lines)))
            return 0;
        tags++;
    }
    if (!tags || events > 1 || tags > r->lim.max_tags)
        return 0;
    while (b[k] == '\n' || b[k] == '\r')
        if (!(k = split_eol(b, k, safe, &lines)))
            return 0;
    /* Lines of moves, from a word (where skim() would start). */
    if (!ascii_letter(b[k]) && b[k] - (unsigned)'0' >= 10)
        return 0;
    size_t ls = k; /* the line's start */
    while (!end) {
        k = split_stop(b, k, safe);
        unsigned c = b[k];
        switch (split_class[c]) {
        case SPLIT_MOVE: /* '#' '=' '!' '?' */
            k++;
            continue;
        case SPLIT_EOL:
            if (!(k = split_eol(b, k, safe, &lines)))
                return 0;
            ls = k;
            continue;
        case SPLIT_MARK:
            break;
        default:
            if (!(k = split_token(r, ls, k)))
                return 0;
            continue;
        }
        /* '-' '/' '*': in a move ("O-O", "e2-e4"), in a move after its
         * number ("12.O-O"), or the result, which must end the game. */
        size_t w = word_start(b, ls, k);
        if (c == '*') {
            if (w != k || !split_after_result(b[k + 1]))
                return 0;
            end = split_end(r, ls, k, k + 1, &lines);
            if (!end)
                return 0;
            break;
        }
        if (w == k)
            return 0;
        size_t d = w;
        while (b[d] - (unsigned)'0' < 10)
            d++;
        if (ascii_letter(b[w]) || (d > w && b[d] == '.')) {
            while (b[d] == '.')
                d++;
            if (!ascii_letter(b[d]))
                return 0; /* "12.1-0" */
            while (cls[b[k]] & LX_WORD)
                k++;
            continue;
        }
        size_t e = k;
        while (cls[b[e]] & LX_WORD)
            e++;
        if (d == w || pgn_lex_result(b + w, e - w) < 0 || !split_after_result(b[e]))
            return 0;
        end = split_end(r, ls, w, e, &lines);
        if (!end)
            return 0;
    }
    if (end - g > r->lim.max_game / 2)
        return 0;
    struct parse *ps = &r->ps;
    /* For pgn_reader_complete(): the whole game to parse again. */
    lazy_save(r, g);
    r->lazy.gstart = g;
    r->lazy.active = 1;
    mark_started(ps, r->line, col_of(r, g), 0);
    ps->split = end;
    r->line += lines;
    r->lstart = (ptrdiff_t)end;
    r->pos = end;
    return 1;
}

/* ---------------------------------------------------------------- parse */

/*
 * "O-O" or "O-O-O", maybe with '+' or '#', at w[0..q): castling as
 * pgn_lex_word() reads it, and not a word that word() would join with the
 * next one ("O-O -O", "O-O - O"): 0 when the next word continues it.
 * pgn_lex_glue() joins words only into a prefix of one of its spellings, or
 * into castling and nothing but + # ! ?; from "O-O" that needs a next word
 * starting with '-' ("O-O-O"), and from "O-O-O" nothing goes on. So
 * "O-O 10.Nc3" is plain castling, and is not handed to word() for a join
 * that cannot happen.
 */
static int plain_castling(const unsigned char *w, const unsigned char *q)
{
    size_t n = (size_t)(q - w);
    int marked = n && (q[-1] == '+' || q[-1] == '#');
    n -= (size_t)marked;
    if (!((n == 3 && !memcmp(w, "O-O", 3)) || (n == 5 && !memcmp(w, "O-O-O", 5))))
        return 0;
    if (!marked && n == 3 && (*q == ' ' || *q == '\t')) {
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q == '-')
            return 0;
    }
    return 1;
}

/* What movetext_run() asks of a byte, in one lookup (a mix of pgn_lex_class and pgn_lex_move). */
enum { RC_WORD = 1, RC_DIGIT = 2, RC_START = 4, RC_LAST = 8, RC_EOL = 16, RC_E = 32,
       RC_DOTP = 64 };
static unsigned char run_class[256];

static void run_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned k = 0, cl = pgn_lex_class[c], mv = pgn_lex_move[c];
        k |= (cl & LX_WORD) ? RC_WORD : 0;
        k |= (cl & LX_DIGIT) ? RC_DIGIT : 0;
        k |= (cl & LX_EOL) ? RC_EOL : 0;
        /* May start a move: "e" only when not "e.p." or "ep" (see run_token()). */
        k |= ((mv & LM_FIRST) || c == 'e' || c == 'O') ? RC_START : 0;
        k |= (mv & LM_LAST) ? RC_LAST : 0;
        k |= c == 'e' ? RC_E : 0;
        k |= (c == '.' || c == 'p') ? RC_DOTP : 0;
        run_class[c] = (unsigned char)k;
    }
}

/* GCC packs the fields of a move record into vector registers, which costs more than it saves. */
#define HOT_LOOP NOINLINE NO_SLP_VECTORIZE

/* movetext_run()'s state, in locals once run_token() is inlined. */
struct run {
    const unsigned char *p;    /* the next word */
    const unsigned char *last; /* end of the last word taken */
    const unsigned char *lend; /* end of the last line end taken */
    struct game_move *m;       /* the next move record */
    uint32_t lbase;            /* col = off - lbase (mod 2^32), as col_of() counts */
    uint64_t line;
};

/* What movetext_run() does not change. */
struct run_env {
    const unsigned char *g;    /* the game's first byte */
    const unsigned char *safe;
    struct game_move *mend;    /* no room for a move record here */
    size_t max_token, max_game;
    uint32_t var;
#if defined(__SSE2__)
    __m128i tail; /* number 0, var, then zeros: see put_tail() */
#endif
};

/*
 * The last 32 bytes of a move record: its number, its line, and the counts
 * of its NAGs, comments and variations, which build_tree() adds up from 0.
 * All but the number are the same for every move of a run, so where SSE2 is
 * they are two sixteen-byte stores of a value made once per run.
 */
#define MOVE_TAIL offsetof(struct game_move, number)
_Static_assert(offsetof(struct game_move, var) == MOVE_TAIL + 4 &&
                   offsetof(struct game_move, nag_first) == MOVE_TAIL + 8 &&
                   offsetof(struct game_move, nag_count) == MOVE_TAIL + 12 &&
                   offsetof(struct game_move, comment_first) == MOVE_TAIL + 16 &&
                   offsetof(struct game_move, comment_count) == MOVE_TAIL + 20 &&
                   offsetof(struct game_move, var_first) == MOVE_TAIL + 24 &&
                   offsetof(struct game_move, var_count) == MOVE_TAIL + 28 &&
                   sizeof(struct game_move) == MOVE_TAIL + 32,
               "put_tail() writes number .. var_count as eight packed uint32_t at the end");

static inline ALWAYS_INLINE void put_tail(struct game_move *m,
                                          const struct run_env *e,
                                          uint32_t number)
{
#if defined(__SSE2__)
    char *t = (char *)m + MOVE_TAIL;
    _mm_storeu_si128((__m128i *)(void *)t, _mm_or_si128(_mm_cvtsi32_si128((int)number), e->tail));
    _mm_storeu_si128((__m128i *)(void *)(t + 16), _mm_setzero_si128());
#else
    m->number = number;
    m->var = e->var;
    m->nag_first = m->nag_count = 0;
    m->comment_first = m->comment_count = 0;
    m->var_first = m->var_count = 0;
#endif
}

/*
 * A word's first byte and a pgn_lex_word_run() cover at most this many
 * bytes: shorter words need no test against max_token, which movetext_run()
 * leaves to the caller when it is smaller.
 */
enum { RUN_SHORT = 8 };

/* What run_number() read. */
enum { RN_STOP, RN_ALONE, RN_GLUED };

/*
 * Reads the move number at p (a digit), "12." or "12..." alone or glued to a
 * move ("12.Nf3"): returns what it was, with the number, its flags and the
 * byte after its dots, or RN_STOP when movetext_run() must not take it.
 */
static inline ALWAYS_INLINE int run_number(const unsigned char *p,
                                           uint32_t *number, uint32_t *nflags,
                                           const unsigned char **after)
{
    const unsigned char *const rc = run_class;
    /*
     * Most numbers have one digit or two, which a loop over the digits
     * would tell apart with a branch that goes either way: so the second
     * digit is counted without one, and only three or more take the loop.
     * p[1] may be read: p is a byte of the data, which BUF_PAD bytes follow.
     */
    uint32_t d0 = (uint32_t)(p[0] - '0'), d1 = (uint32_t)(p[1] - '0');
    uint32_t two = d1 < 10;
    uint32_t num = d0 + (d0 * 9 + d1) * two; /* d0 or d0 d1, without a branch */
    size_t nd = 1 + two;
    const unsigned char *w = p + nd;
    if (*w != '.') {
        if (!(rc[*w] & RC_DIGIT)) /* a result ("1-0"), or a word not taken */
            return RN_STOP;
        /* Rare: move 100 and on. */
        for (unsigned c; rc[c = p[nd]] & RC_DIGIT; nd++)
            num = num * 10 + (uint32_t)(c - '0');
        w = p + nd;
        if (*w != '.' || nd > 9)
            return RN_STOP;
    }
    /* Branches only for what is rare: more than one dot. */
    uint32_t f = 0;
    if (*++w == '.') {
        f = GAME_MOVE_NUMBER_DOTS;
        while (*++w == '.')
            ;
    }
    *number = num;
    *nflags = f;
    *after = w;
    if (rc[*w] & RC_WORD)
        return RN_GLUED;
    return *w == '(' ? RN_STOP : RN_ALONE;
}

/*
 * Takes the move at w (a word, or the rest of one after a glued number) with
 * the number written before it: returns 1 with s->last at its end, or 0 (s
 * unchanged) when movetext_run() must not take it.
 */
static inline ALWAYS_INLINE int run_move(struct run *s, const struct run_env *e,
                                         const unsigned char *w, uint32_t num,
                                         uint32_t nf)
{
    const unsigned char *const rc = run_class;
    unsigned k = rc[*w];
    if (!(k & RC_START))
        return 0;
    /* buf has BUF_PAD bytes after the data. At most RUN_SHORT bytes so far. */
    const unsigned char *q = w + 1 + pgn_lex_word_run(w + 1);
    if (rc[*q] & RC_WORD) { /* rare: a longer word */
        do
            q++;
        while (rc[*q] & RC_WORD);
        if ((size_t)(q - w) > e->max_token)
            return 0;
    }
    struct game_move *m = s->m;
    if (*q == '(' || !(rc[q[-1]] & RC_LAST) || m == e->mend)
        return 0;
    /* "e.p.+", "ep+": an e.p. mark, as word() reads it ('.' or 'p' is rare there in a move). */
    if ((rc[w[1]] & RC_DOTP) && (k & RC_E))
        return 0;
    if (*w == 'O' && !plain_castling(w, q))
        return 0;
    uint32_t off = (uint32_t)(w - e->g);
    m->text = (const char *)w; /* redone in finish_game if the window moves */
    m->line = s->line;
    m->col = off - s->lbase;
    m->off = off;
    m->len = (uint32_t)(q - w);
    m->flags = nf;
    put_tail(m, e, num);
    s->m = m + 1;
    s->last = q;
    return 1;
}

/*
 * Takes the blank or the line end after the token that ends at s->last, and
 * returns 1 when a word follows (s->p), else 0. Inlined at each site.
 */
static inline ALWAYS_INLINE int run_sep(struct run *s, const struct run_env *e)
{
    const unsigned char *const rc = run_class, *q = s->last;
    if (*q == ' ') {
        if (!(rc[q[1]] & RC_WORD))
            return 0;
        s->p = q + 1;
        return 1;
    }
    if (!(rc[*q] & RC_EOL))
        return 0;
    /* A line end, as parse_game() takes it after a token. */
    const unsigned char *p = q + ((*q == '\r' && q[1] == '\n') ? 2 : 1);
    if ((size_t)(p - e->g) > e->max_game)
        return 0;
    s->line++;
    s->lbase = (uint32_t)(p - e->g) - 1;
    s->lend = p;
    if (p >= e->safe || !(rc[*p] & RC_WORD))
        return 0;
    s->p = p;
    return 1;
}

/*
 * The bulk of movetext in one loop, with the parser's state in locals: move
 * numbers ("12.", "12..."), plain moves ("Nf3", "exd5", "e8=Q+") and both
 * glued ("12.Nf3"), one blank or one line end apart, taken exactly as the
 * word-by-word fast path and the line-end case in parse_game() take them;
 * castling too, as word() takes it. Called at a word of the movetext proper
 * (a token seen, the tag section over, no error, no result yet). Returns
 * where it stopped (after the last word or line end it took), or p when it
 * took nothing. The first word it does not take is left to the caller, and
 * so is a line end that the caller must see: at the end of the window, or
 * where the game may grow too big.
 *
 * Whether a token starts with a move number depends on the tokens before it
 * ("12.Nf3 Nc6 13.", "12. Nf3 Nc6 13."), so the loop is a state machine whose
 * sites are the tokens before: each site has its own copies of the code for
 * a number and for a move, with their own branches, and each branch nearly
 * always goes one way, which the branch predictor learns. A site only
 * guesses what comes, but knows the number waiting for its move: none but
 * after a number alone, which has a site of its own.
 */
static HOT_LOOP const unsigned char *movetext_run(struct pgn_reader *r, const unsigned char *p)
{
    /* run_move() checks the token limit only for words longer than RUN_SHORT.
     * A result ("1-0", "1/2-1/2"), which the run would only refuse after
     * setting itself up, is mostly where it was entered a second time. */
    if (r->lim.max_token < RUN_SHORT
        || ((pgn_lex_class[p[0]] & LX_DIGIT) && (p[1] == '-' || p[1] == '/')))
        return p;
    struct parse *ps = &r->ps;
    const unsigned char *const start = p, *const rc = run_class, *w;
    size_t room = (r->moves.cap - r->moves.len) / sizeof(struct game_move);
    uint32_t count = COUNT_OF(r->moves, struct game_move), first = count;
    uint32_t limit = count + (uint32_t)(room < r->lim.max_moves ? room : r->lim.max_moves);
    if (limit > r->lim.max_moves)
        limit = r->lim.max_moves;
    /* No array before the first move (room 0): no pointer either (NULL + 0 is undefined). */
    struct game_move *m0 = r->moves.data ? (struct game_move *)(r->moves.data + r->moves.len) : NULL;
    const struct run_env e = {
        .g = r->buf + r->gstart,
        .safe = r->buf + r->safe,
        .mend = m0 ? m0 + (limit - count) : NULL,
        .max_token = r->lim.max_token,
        .max_game = r->lim.max_game,
        .var = ps->cur,
#if defined(__SSE2__)
        .tail = _mm_set_epi32(0, 0, (int)ps->cur, 0),
#endif
    };
    struct run s = {
        .p = p, .last = p, .lend = p, .m = m0,
        .lbase = (uint32_t)(r->lstart - 1 - (ptrdiff_t)r->gstart),
        .line = r->line,
    };
    /* The number waiting for its move: 0 but at after_number. */
    uint32_t number = ps->number, nflags = ps->number_flags, num, nf;
    if (number || nflags)
        goto after_number;
    /*
     * A site takes a token and its separator, then goes to the site for the
     * tokens so far. Numbers come after Black's move.
     */
#define RUN_MOVE(w, num, nf, next)                                                                 \
    do {                                                                                           \
        if (run_move(&s, &e, (w), (num), (nf)) && run_sep(&s, &e))                                 \
            goto next;                                                                             \
        goto out;                                                                                  \
    } while (0)
#define RUN_NUMBERED_MOVE(next_glued)                                                              \
    do {                                                                                           \
        switch (run_number(s.p, &num, &nf, &w)) {                                                  \
        case RN_GLUED: /* "12.Nf3" */                                                              \
            RUN_MOVE(w, num, nf | GAME_MOVE_GLUED_NUMBER, next_glued);                             \
        case RN_ALONE: /* "12." */                                                                 \
            number = num;                                                                          \
            nflags = nf;                                                                           \
            s.last = w;                                                                            \
            if (run_sep(&s, &e))                                                                   \
                goto after_number;                                                                 \
            goto out;                                                                              \
        default:                                                                                   \
            goto out;                                                                              \
        }                                                                                          \
    } while (0)
after_black:
    if (rc[*s.p] & RC_DIGIT)
        RUN_NUMBERED_MOVE(before_black);
    RUN_MOVE(s.p, 0, 0, after_black);
after_number: /* "12. " ("12. 13." is rare: left to the caller) */
    if ((rc[*s.p] & RC_DIGIT) || !run_move(&s, &e, s.p, number, nflags))
        goto out;
    number = nflags = 0;
    if (run_sep(&s, &e))
        goto before_black;
    goto out;
before_black: /* "12.Nf3 ", "12. Nf3 " */
    if (rc[*s.p] & RC_DIGIT)
        RUN_NUMBERED_MOVE(before_black);
    RUN_MOVE(s.p, 0, 0, after_black);
#undef RUN_NUMBERED_MOVE
#undef RUN_MOVE
out:
    if (s.last == start)
        return start;
    /* line_tokens: only whether it is 0 matters. */
    ps->line_tokens = s.lend > s.last ? 0 : ps->line_tokens + 1;
    ps->number = number;
    ps->number_flags = nflags;
    ps->last_end = (uint32_t)(s.last - e.g);
    if (s.lend != start) {
        r->line = s.line;
        r->lstart = s.lend - r->buf;
    }
    if (s.m != m0) {
        count = first + (uint32_t)(s.m - m0);
        r->moves.len = (size_t)count * sizeof *s.m;
        ps->last = count - 1;
    }
    return s.lend > s.last ? s.lend : s.last;
}

/*
 * Reads tokens until the game ends. Returns 1 with ps->split set, 0 when
 * the input holds no further token, or a fatal status.
 */
static int parse_game(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    const unsigned char *cls = pgn_lex_class;
    for (;;) {
        if (r->fatal)
            return r->fatal;
        if (r->pos >= r->safe) {
            int rc = refill(r);
            if (rc == R_TOOBIG) {
                if (ps->after_result) {
                    /* A line too long for any game, after a complete one: it starts the next. */
                    ps->split = r->pos;
                    return 1;
                }
                return oversize(r, 0);
            }
            if (rc < 0)
                return rc;
            if (rc == R_END) {
                unterminated_variation(r);
                ps->split = r->len;
                return ps->started;
            }
        }
        const unsigned char *b = r->buf;
        const unsigned char *p = b + r->pos;
        const unsigned char *safe = b + r->safe;
        int ends = 0;
        while (p < safe && !ends) {
            unsigned c = *p;
            size_t idx = (size_t)(p - b);
            switch (pgn_lex_kind[c]) {
            case LK_WS:
                p++;
                while (cls[*p] & LX_SPACE)
                    p++;
                continue;
            case LK_NL:
                p += (c == '\r' && p[1] == '\n') ? 2 : 1;
                r->line++;
                r->lstart = p - b;
                if (!ps->line_tokens)
                    ps->blank = 1;
                ps->line_tokens = 0;
                if ((size_t)(p - b) - r->gstart > r->lim.max_game &&
                    ((size_t)(p - b) <= r->len || r->len - r->gstart > r->lim.max_game)) {
                    r->pos = (size_t)(p - b);
                    return oversize(r, 0);
                }
                continue;
            case LK_WORD: {
            word_start:
                if (ps->tagsec && (r->flags & PGN_READER_LAZY) && !r->lazy_tried && c != 0xEF) {
                    int rc = lazy_skim(r, idx);
                    if (rc != SKIM_PARSE)
                        return rc;
                    b = r->buf; /* the window may have moved */
                    safe = b + r->safe;
                    p = b + r->pos;
                    idx = r->pos;
                }
                if (c == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
                    /*
                     * A byte order mark: at the start of the input, or of a file
                     * cat'ed on (there it stays with the game that follows).
                     */
                    if (r->base + idx == 0) {
                        ps->bom = 1;
                        r->lstart += 3; /* columns count from after it */
                    }
                    p += 3;
                    continue;
                }
                if (!ps->tagsec && !ps->after_result && !ps->skip && ps->started) {
                    const unsigned char *after = movetext_run(r, p);
                    if (after != p) {
                        p = after;
                        continue;
                    }
                }
                const unsigned char *q = p + 1;
                while (cls[*q] & LX_WORD)
                    q++;
                if (*q != '(' && !ps->after_result && !ps->skip) {
                    /*
                     * Fast path for the bulk of movetext: a move number ("12.",
                     * "12...") and a plain move ("Nf3", "exd5", "e8=Q+"), also glued
                     * ("12.Nf3"). Everything else goes through word().
                     */
                    const unsigned char *m = p;
                    uint32_t num = 0, nflags = 0;
                    if (cls[c] & LX_DIGIT) {
                        const unsigned char *d = p;
                        while (cls[*d] & LX_DIGIT)
                            num = num * 10 + (uint32_t)(*d++ - '0');
                        if (*d != '.' || d - p > 9)
                            goto slow_word;
                        m = d + 1;
                        while (*m == '.')
                            m++;
                        nflags = m - d >= 2 ? GAME_MOVE_NUMBER_DOTS : 0;
                        if (m == q) {
                            start_token(r, idx);
                            ps->tagsec = 0;
                            ps->number = num;
                            ps->number_flags = nflags;
                            ps->last_end = rel(r, (size_t)(q - b));
                            p = q;
                            goto next_token;
                        }
                        nflags |= GAME_MOVE_GLUED_NUMBER;
                    }
                    unsigned m0 = *m;
                    size_t mn = (size_t)(q - m);
                    if (((pgn_lex_move[m0] & LM_FIRST) ||
                         (m0 == 'e' && m[1] != '.' && m[1] != 'p')) &&
                        (pgn_lex_move[q[-1]] & LM_LAST) && mn <= r->lim.max_token &&
                        COUNT_OF(r->moves, struct game_move) < r->lim.max_moves) {
                        start_token(r, idx);
                        ps->tagsec = 0;
                        if (m != p) {
                            ps->number = num;
                            ps->number_flags = nflags;
                        }
                        record_move(r, (size_t)(m - b), mn, 0);
                        ps->last_end = rel(r, (size_t)(q - b));
                        p = q;
                        goto next_token;
                    }
                }
            slow_word:;
                unsigned draw = 0;
                if (*q == '(') {
                    if (q[1] == '=' && q[2] == ')')
                        draw = 1; /* "Qd2(=)" */
                    else if ((q[1] | 0x20) >= 'a' && (q[1] | 0x20) <= 'z' && q[2] == ')' &&
                             !(cls[q[3]] & LX_WORD))
                        q += 3; /* "a8(D)": a promotion */
                }
                r->pos = idx;
                ends = word(r, idx, (size_t)(q - p));
                if (!ends && draw) {
                    mark_draw_offer(r);
                    r->pos += 3;
                    ps->last_end = rel(r, r->pos);
                }
                p = b + r->pos;
            next_token:
                /* A blank and another word: skip the dispatch. */
                if (*p == ' ' && (cls[p[1]] & LX_WORD) && !ends) {
                    p++;
                    c = *p;
                    idx = (size_t)(p - b);
                    goto word_start;
                }
                continue;
            }
            case LK_LBRACE:
                start_token(r, idx);
                r->pos = idx;
                {
                    int rc = brace_comment(r);
                    if (rc < 0)
                        return rc;
                    if (rc == C_GAME_ENDS) {
                        if (!ps->truncated) {
                            unterminated_variation(r);
                            r->pos = ps->split;
                        }
                        return 1;
                    }
                }
                b = r->buf; /* the window may have moved */
                safe = b + r->safe;
                p = b + r->pos;
                continue;
            case LK_SEMI: {
                start_token(r, idx);
                const unsigned char *q = p + 1;
                while (!(cls[*q] & LX_EOL))
                    q++;
                if (!over_limit(r, (size_t)(q - p - 1) > r->lim.max_comment, idx,
                                "comment too long", r->lim.max_comment))
                    add_comment(r, idx, (size_t)(q - p - 1), GAME_COMMENT_LINE, r->line,
                                col_of(r, idx));
                ps->last_end = rel(r, (size_t)(q - b));
                p = q;
                continue;
            }
            case LK_PERCENT:
                if ((ptrdiff_t)idx == r->lstart) {
                    /* An escape line: ignored. */
                    start_token(r, idx);
                    while (!(cls[*p] & LX_EOL))
                        p++;
                    ps->last_end = rel(r, (size_t)(p - b));
                    continue;
                }
                break;
            case LK_LPAREN:
                if (ps->after_result) {
                    p = b + after_result_junk(r, idx, 1);
                    continue;
                }
                start_token(r, idx);
                ps->tagsec = 0;
                if (p[1] == '=' && p[2] == ')') {
                    mark_draw_offer(r); /* "(=)" */
                    p += 3;
                } else {
                    open_variation(r, idx);
                    p++;
                }
                ps->last_end = rel(r, (size_t)(p - b));
                continue;
            case LK_RPAREN:
                if (ps->after_result) {
                    p = b + after_result_junk(r, idx, 1);
                    continue;
                }
                start_token(r, idx);
                ps->tagsec = 0;
                close_variation(r, idx);
                p++;
                ps->last_end = rel(r, (size_t)(p - b));
                continue;
            case LK_LBRACK:
                if (ps->tagsec) {
                    const unsigned char *after = tag_run(r, p);
                    if (after != p) {
                        p = after;
                        continue;
                    }
                }
                r->pos = idx;
                ends = bracket(r, idx);
                p = b + r->pos;
                continue;
            case LK_DOLLAR:
                if (ps->after_result) {
                    const unsigned char *q = p + 1;
                    while (cls[*q] & LX_WORD)
                        q++;
                    p = b + after_result_junk(r, idx, (size_t)(q - p));
                    continue;
                }
                start_token(r, idx);
                ps->tagsec = 0;
                nag_token(r, idx);
                p = b + r->pos;
                continue;
            case LK_STAR:
                r->pos = idx;
                ends = word(r, idx, 1);
                p = b + r->pos;
                continue;
            default:
                break;
            }
            /* Any other byte: '}' ']' '"' '<' '>' control characters, a misplaced '%'. */
            if (ps->after_result) {
                p = b + after_result_junk(r, idx, 1);
                continue;
            }
            start_token(r, idx);
            ps->tagsec = 0;
            if (c < 0x20 || c == 0x7f)
                FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected control character 0x%02x", c);
            else
                FAIL_AT(r, PGN_ESYNTAX, idx, "unexpected character '%c'", (char)c);
            p++;
            ps->last_end = rel(r, (size_t)(p - b));
        }
        if (ends)
            return 1;
        r->pos = (size_t)(p - b);
    }
}

/* ------------------------------------------------------------- finishing */

/* UTF-8 for s[0..len) of the game: itself, unless the game is CP1252 and s is not ASCII. */
static const char *utf8_text(struct pgn_reader *r, const char *s, uint32_t len, uint32_t *out_len)
{
    *out_len = len;
    if (!r->ps.latin1 || utf8_is_ascii(s, len))
        return s;
    char *d = arena_alloc(&r->arena, (size_t)len * CP1252_UTF8_MAX + 1);
    if (!d) {
        *out_len = 0;
        return "";
    }
    size_t n = utf8_from_cp1252(d, s, len);
    d[n] = '\0';
    *out_len = (uint32_t)n;
    return d;
}

/* UTF-8 text of the game's raw bytes [off, off + len): zero-copy unless transcoded. */
static const char *text_at(struct pgn_reader *r, uint32_t off, uint32_t len, uint32_t *out_len)
{
    return utf8_text(r, (const char *)r->buf + r->gstart + off, len, out_len);
}

/* Decodes \" and \\ in place; other backslashes stay. Returns the new length. */
static size_t unescape(char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
            i++;
        s[o++] = s[i];
    }
    s[o] = '\0';
    return o;
}

/* NUL-terminated arena copy of raw bytes [off, off + len), transcoded and unescaped as needed. */
static const char *tag_text(struct pgn_reader *r, uint32_t off, uint32_t len, int escaped,
                            uint32_t *out_len)
{
    const char *s = (const char *)r->buf + r->gstart + off;
    int transcode = r->ps.latin1 && !utf8_is_ascii(s, len);
    char *d = arena_alloc(&r->arena, (size_t)len * (transcode ? CP1252_UTF8_MAX : 1) + 1);
    if (!d) {
        *out_len = 0;
        return "";
    }
    size_t n = transcode ? utf8_from_cp1252(d, s, len) : len;
    if (!transcode)
        memcpy(d, s, len);
    d[n] = '\0';
    if (escaped)
        n = unescape(d, n);
    *out_len = (uint32_t)n;
    return d;
}

/* The name of tag rt: a common name needs no copy. */
static const char *tag_name(struct pgn_reader *r, const struct raw_tag *rt, uint32_t *out_len)
{
    if (rt->id >= GAME_TAG_EVENT) {
        *out_len = rt->name_len;
        return common_tags[rt->id - GAME_TAG_EVENT].name;
    }
    return tag_text(r, rt->name_off, rt->name_len, 0, out_len);
}

static void resolve_tags(struct pgn_reader *r)
{
    const struct raw_tag *rt = (const struct raw_tag *)r->rtags.data;
    uint32_t n = COUNT_OF(r->rtags, struct raw_tag);
    struct game_tag *t = n ? push(r, &r->tags, n * sizeof *t) : NULL;
    if (!t)
        return;
    /*
     * UTF-8 games: one copy of the whole tag section, each name and value
     * cut out of it in place (a NUL over the byte after it, values
     * unescaped in place), instead of a copy per string.
     */
    uint32_t lo = rt[0].name_off, hi = rt[n - 1].value_off + rt[n - 1].value_len + 1;
    char *copy = r->ps.latin1 ? NULL : arena_alloc(&r->arena, hi - lo);
    if (copy)
        memcpy(copy, r->buf + r->gstart + lo, hi - lo);
    /* Where the value is not unescaped, its length is the raw one. */
    const size_t same = offsetof(struct raw_tag, escaped) - offsetof(struct raw_tag, name_len);
    if (copy) {
        for (uint32_t i = 0; i < n; i++) {
            char *name = copy + (rt[i].name_off - lo), *value = copy + (rt[i].value_off - lo);
            memcpy(&t[i].name_len, &rt[i].name_len, same);
            name[rt[i].name_len] = '\0'; /* the blank or quote after the name */
            t[i].name = name;
            t[i].value = value;
            if (rt[i].escaped)
                t[i].value_len = (uint32_t)unescape(value, rt[i].value_len);
            else
                value[rt[i].value_len] = '\0'; /* the closing quote */
        }
    } else {
        for (uint32_t i = 0; i < n; i++) {
            memcpy(&t[i].name_len, &rt[i].name_len, same);
            t[i].name = tag_name(r, &rt[i], &t[i].name_len);
            t[i].value = tag_text(r, rt[i].value_off, rt[i].value_len, (int)rt[i].escaped,
                                  &t[i].value_len);
        }
    }
    r->rtags.len = 0;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

static void trim(const char **s, uint32_t *n)
{
    while (*n && is_space(**s))
        (*s)++, (*n)--;
    while (*n && is_space((*s)[*n - 1]))
        (*n)--;
}

/*
 * Adds a piece of comment text to the plain text: the first piece is kept
 * as a pointer; with text on both sides of a command the pieces are joined
 * in the arena, separated by one space.
 */
static void add_piece(struct pgn_reader *r, uint32_t *pieces, const char **piece,
                      uint32_t *piece_len, char **joined, uint32_t *jlen, uint32_t len,
                      const char *seg, uint32_t seg_len)
{
    if (!seg_len)
        return;
    if (*pieces == 1) {
        *joined = arena_alloc(&r->arena, (size_t)len + 1);
        if (*joined) {
            memcpy(*joined, *piece, *piece_len);
            *jlen = *piece_len;
        }
    }
    if (*pieces >= 1 && *joined) {
        (*joined)[(*jlen)++] = ' ';
        memcpy(*joined + *jlen, seg, seg_len);
        *jlen += seg_len;
    }
    if (*pieces == 0) {
        *piece = seg;
        *piece_len = seg_len;
    }
    ++*pieces;
}

/* Sets text, plain and the commands of comment c. */
static void resolve_comment(struct pgn_reader *r, struct game_comment *c)
{
    uint32_t len;
    const char *s = text_at(r, c->off + 1, c->len, &len);
    c->text = s;
    c->len = len;
    c->cmd_first = COUNT_OF(r->cmds, struct game_cmd);
    struct pgn_cmd_span cs;
    size_t from = 0;
    const char *piece = NULL;
    uint32_t piece_len = 0, pieces = 0;
    char *joined = NULL;
    uint32_t jlen = 0;
    for (;;) {
        int found = pgn_lex_next_command(s, len, from, &cs);
        const char *seg = s + from;
        uint32_t seg_len = (uint32_t)((found ? cs.start : len) - from);
        trim(&seg, &seg_len);
        add_piece(r, &pieces, &piece, &piece_len, &joined, &jlen, len, seg, seg_len);
        if (!found)
            break;
        if (COUNT_OF(r->cmds, struct game_cmd) >= r->lim.max_cmds) {
            /* Over the limit: the rest of the comment stays text. */
            if (!r->ps.cmds_full)
                diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, c->line, c->col, r->ps.goff + c->off,
                     "too many [%%commands] in one game (limit %lu)",
                     (unsigned long)r->lim.max_cmds);
            r->ps.cmds_full = 1;
            found = 0;
            seg = s + cs.start;
            seg_len = (uint32_t)(len - cs.start);
            trim(&seg, &seg_len);
            add_piece(r, &pieces, &piece, &piece_len, &joined, &jlen, len, seg, seg_len);
            break;
        }
        struct game_cmd *cmd = push(r, &r->cmds, sizeof *cmd);
        if (!cmd)
            break;
        cmd->name = s + cs.name_off;
        cmd->name_len = (uint32_t)cs.name_len;
        cmd->args = s + cs.args_off;
        cmd->args_len = (uint32_t)cs.args_len;
        from = cs.end;
    }
    c->cmd_count = COUNT_OF(r->cmds, struct game_cmd) - c->cmd_first;
    if (joined) {
        joined[jlen] = '\0';
        c->plain = joined;
        c->plain_len = jlen;
    } else {
        c->plain = pieces ? piece : s;
        c->plain_len = pieces ? piece_len : 0;
    }
    const char *t = s;
    uint32_t tl = len;
    trim(&t, &tl);
    if (tl && pgn_lex_result((const unsigned char *)t, tl) >= 0)
        c->flags |= GAME_COMMENT_RESULT;
}

/*
 * Stable counting sort of n elements of size sz by keys[i] < nkeys; keys
 * are reordered too. If newpos is not NULL it receives each element's new
 * index. Returns 1 if anything moved, 0 if the order was already right,
 * or a negative status.
 */
static int group(struct pgn_reader *r, void *base, uint32_t n, size_t sz, uint32_t *keys,
                 uint32_t nkeys, uint32_t *newpos)
{
    uint32_t i = 1;
    while (i < n && keys[i] >= keys[i - 1])
        i++;
    if (i >= n)
        return 0;
    uint32_t *start = arena_alloc(&r->arena, ((size_t)nkeys + 1) * sizeof *start);
    char *tmp = arena_alloc(&r->arena, (size_t)n * sz);
    uint32_t *tk = arena_alloc(&r->arena, (size_t)n * sizeof *tk);
    if (!start || !tmp || !tk)
        return r->arena.err;
    memset(start, 0, ((size_t)nkeys + 1) * sizeof *start);
    for (i = 0; i < n; i++)
        start[keys[i] + 1]++;
    for (i = 0; i < nkeys; i++)
        start[i + 1] += start[i];
    for (i = 0; i < n; i++) {
        uint32_t d = start[keys[i]]++;
        memcpy(tmp + (size_t)d * sz, (char *)base + (size_t)i * sz, sz);
        tk[d] = keys[i];
        if (newpos)
            newpos[i] = d;
    }
    memcpy(base, tmp, (size_t)n * sz);
    memcpy(keys, tk, (size_t)n * sizeof *keys);
    return 1;
}

/* Puts every line's moves and every owner's comments and NAGs into contiguous slices. */
static int build_tree(struct pgn_reader *r)
{
    struct game_move *m = (struct game_move *)r->moves.data;
    struct game_var *v = (struct game_var *)r->vars.data;
    struct game_comment *c = (struct game_comment *)r->comments.data;
    uint32_t nm = COUNT_OF(r->moves, struct game_move);
    uint32_t nv = COUNT_OF(r->vars, struct game_var);
    uint32_t nc = COUNT_OF(r->comments, struct game_comment);
    uint32_t nn = COUNT_OF(r->nags, uint16_t);
    struct parse *ps = &r->ps;
    int rc;

    /* Comments. Keys: v before line v's first move, nv + i after move i, nv + nm after the result. */
    uint32_t *ck = (uint32_t *)r->ckeys.data;
    for (uint32_t i = 0; i < nc; i++)
        ck[i] = ck[i] == OWNER_POST ? nv + nm : (ck[i] & OWNER_LINE) ? ck[i] & ~OWNER_LINE : nv + ck[i];
    if ((rc = group(r, c, nc, sizeof *c, ck, nv + nm + 1, NULL)) < 0)
        return rc;
    ps->post_first = nc;
    ps->post_count = 0;
    for (uint32_t i = 0; i < nc; i++) {
        uint32_t k = ck[i], *first, *count;
        if (k < nv) {
            first = &v[k].comment_first;
            count = &v[k].comment_count;
        } else if (k < nv + nm) {
            first = &m[k - nv].comment_first;
            count = &m[k - nv].comment_count;
        } else {
            first = &ps->post_first;
            count = &ps->post_count;
        }
        if (!*count)
            *first = i;
        ++*count;
    }

    /* NAGs. Key: the move they follow. */
    uint32_t *nk = (uint32_t *)r->nkeys.data;
    if ((rc = group(r, r->nags.data, nn, sizeof(uint16_t), nk, nm, NULL)) < 0)
        return rc;
    for (uint32_t i = 0; i < nn; i++) {
        if (!m[nk[i]].nag_count)
            m[nk[i]].nag_first = i;
        m[nk[i]].nag_count++;
    }

    if (nv > 1) {
        /* Variations. Key: 1 + the move they replace (the main line keeps key 0). */
        uint32_t *vk = arena_alloc(&r->arena, (size_t)nv * sizeof *vk);
        uint32_t *vpos = arena_alloc(&r->arena, (size_t)nv * sizeof *vpos);
        uint32_t *mk = arena_alloc(&r->arena, ((size_t)nm + 1) * sizeof *mk);
        uint32_t *mpos = arena_alloc(&r->arena, ((size_t)nm + 1) * sizeof *mpos);
        if (!vk || !vpos || !mk || !mpos)
            return r->arena.err;
        for (uint32_t i = 0; i < nv; i++)
            vk[i] = v[i].parent == NONE ? 0 : v[i].parent + 1;
        if ((rc = group(r, v, nv, sizeof *v, vk, nm + 1, vpos)) < 0)
            return rc;
        for (uint32_t i = 0; rc == 0 && i < nv; i++)
            vpos[i] = i;
        for (uint32_t i = 1; i < nv; i++) {
            struct game_move *pm = &m[v[i].parent];
            if (!pm->var_count)
                pm->var_first = i;
            pm->var_count++;
        }
        /* Moves. Key: their line's new index. */
        for (uint32_t i = 0; i < nm; i++)
            mk[i] = m[i].var = vpos[m[i].var];
        if ((rc = group(r, m, nm, sizeof *m, mk, nv, mpos)) < 0)
            return rc;
        for (uint32_t i = 0; rc == 0 && i < nm; i++)
            mpos[i] = i;
        for (uint32_t i = 1; i < nv; i++)
            v[i].parent = mpos[v[i].parent];
    }
    if (nv == 1) {
        v[0].first = 0;
        v[0].count = nm;
        return PGN_OK;
    }
    for (uint32_t i = 0; i < nm; i++) {
        struct game_var *l = &v[m[i].var];
        if (!l->count)
            l->first = i;
        l->count++;
    }
    return PGN_OK;
}

/* Line and column of the byte at game-relative offset off. */
static void locate(const struct pgn_reader *r, size_t off, uint64_t *line, uint32_t *col)
{
    const unsigned char *g = r->buf + r->gstart;
    uint64_t l = r->ps.start_line;
    ptrdiff_t ls = 1 - (ptrdiff_t)r->ps.start_col; /* offset of the line start */
    for (size_t i = 0; i < off; i++) {
        if (g[i] == '\n' || (g[i] == '\r' && g[i + 1] != '\n')) {
            l++;
            ls = (ptrdiff_t)i + 1;
        }
    }
    *line = l;
    *col = (uint32_t)((ptrdiff_t)off - ls + 1);
}

/*
 * What every finished game gets, lazy or not: number, span, position, the
 * read error at the end of the input, and (not truncated, unless span_only)
 * the encoding check and the tags.
 */
static void finish_span(struct pgn_reader *r, struct game *g, int span_only)
{
    struct parse *ps = &r->ps;
    size_t split = ps->truncated ? r->pos : (ps->split < r->len ? ps->split : r->len);
    const char *raw = (const char *)r->buf + r->gstart;
    size_t raw_len = ps->truncated ? 0 : split - r->gstart;
    game_clear(g);
    g->file = r->name;
    g->index = ++r->ngames;
    g->offset = ps->goff;
    g->raw_size = ps->truncated ? ps->split_abs - ps->goff : raw_len;
    g->raw = ps->truncated ? NULL : raw;
    g->raw_len = raw_len;
    g->line = ps->first_line;
    g->col = ps->first_col;

    if (r->io_status && split >= r->len)
        diag(r, PGN_SEV_ERROR, PGN_EIO, r->line, col_of(r, r->len), r->base + r->len, "%s",
             pgn_input_error(r->in));
    if (!ps->truncated && !span_only) {
        size_t good = utf8_valid_prefix(raw, raw_len);
        if (good < raw_len) {
            uint64_t line;
            uint32_t col;
            ps->latin1 = 1;
            locate(r, good, &line, &col);
            diag(r, PGN_SEV_NOTE, PGN_EENCODING, line, col, ps->goff + good,
                 "not valid UTF-8: read as CP1252");
        }
        resolve_tags(r);
    }
}

static int finish_game(struct pgn_reader *r, struct game *g)
{
    struct parse *ps = &r->ps;
    const char *raw = (const char *)r->buf + r->gstart;
    finish_span(r, g, 0);
    size_t raw_len = g->raw_len; /* 0 when truncated */
    if (!ps->truncated) {
        struct game_move *m = (struct game_move *)r->moves.data;
        if (r->moved || ps->latin1)
            for (uint32_t i = 0, n = COUNT_OF(r->moves, struct game_move); i < n; i++)
                m[i].text = (m[i].flags & GAME_MOVE_REJOINED)
                                ? utf8_text(r, m[i].text, m[i].len, &m[i].len) /* arena copy */
                                : text_at(r, m[i].off, m[i].len, &m[i].len);
        struct game_comment *c = (struct game_comment *)r->comments.data;
        for (uint32_t i = 0, n = COUNT_OF(r->comments, struct game_comment); i < n; i++)
            resolve_comment(r, &c[i]);
        if (ps->result)
            ps->result_text = text_at(r, ps->result_off, ps->result_len, &ps->result_len);
    } else if (ps->latin1) {
        diag(r, PGN_SEV_NOTE, PGN_EENCODING, ps->first_line, ps->first_col, ps->goff,
             "not valid UTF-8: read as CP1252");
    }
    if (ps->latin1)
        g->flags |= GAME_CP1252;
    if (ps->truncated)
        g->flags |= GAME_TRUNCATED;
    if (!ps->result && !ps->truncated) {
        /* No result token, but a comment that holds one: "{0-1}". Say so; keep the comment. */
        const struct game_comment *c = (const struct game_comment *)r->comments.data;
        for (uint32_t i = 0, n = COUNT_OF(r->comments, struct game_comment); i < n; i++)
            if (c[i].flags & GAME_COMMENT_RESULT) {
                diag(r, PGN_SEV_WARNING, PGN_ESYNTAX, c[i].line, c[i].col, ps->goff + c[i].off,
                     "result only in a comment");
                break;
            }
    }
    struct game_var *v0 = (struct game_var *)r->vars.data;
    v0->line = ps->first_line;
    v0->col = ps->first_col;
    v0->off = ps->first_off;
    int rc = build_tree(r);
    if (rc < 0) {
        if (rc == PGN_ENOMEM)
            return rc;
        diag(r, PGN_SEV_ERROR, rc, ps->first_line, ps->first_col, ps->goff,
             "game needs too much memory (limit %llu bytes)", (unsigned long long)r->lim.max_arena);
    }
    g->post_first = ps->post_first;
    g->post_count = ps->post_count;
    if (r->arena.err && r->arena.err != PGN_ENOMEM)
        diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, ps->first_line, ps->first_col, ps->goff,
             "game needs too much memory (limit %llu bytes)", (unsigned long long)r->lim.max_arena);
    if (r->arena.err == PGN_ENOMEM || r->fatal)
        return PGN_ENOMEM;

    g->tags = (const struct game_tag *)r->tags.data;
    g->ntags = COUNT_OF(r->tags, struct game_tag);
    g->moves = (const struct game_move *)r->moves.data;
    g->nmoves = COUNT_OF(r->moves, struct game_move);
    g->vars = (const struct game_var *)r->vars.data;
    g->nvars = COUNT_OF(r->vars, struct game_var);
    g->comments = (const struct game_comment *)r->comments.data;
    g->ncomments = COUNT_OF(r->comments, struct game_comment);
    g->nags = (const uint16_t *)r->nags.data;
    g->nnags = COUNT_OF(r->nags, uint16_t);
    g->cmds = (const struct game_cmd *)r->cmds.data;
    g->ncmds = COUNT_OF(r->cmds, struct game_cmd);
    g->result = ps->result;
    if (ps->result) {
        g->result_text = ps->result_text;
        g->result_len = ps->result_len;
        g->result_line = ps->result_line;
        g->result_col = ps->result_col;
        g->result_off = ps->result_off;
    }
    if (ps->bom || (raw_len >= 3 && !memcmp(raw, UTF8_BOM, 3)))
        g->flags |= GAME_BOM;
    if (!g->ntags && !g->nmoves && !g->result && !ps->truncated) {
        g->flags |= GAME_EMPTY;
        diag(r, PGN_SEV_WARNING, PGN_ESYNTAX, ps->first_line, ps->first_col, ps->goff,
             "no tag pair, move or result here: only comments");
    }
    if (ps->nbad)
        g->flags |= GAME_BAD;
    g->errors = (const struct pgn_error *)r->errors.data;
    g->nerrors = COUNT_OF(r->errors, struct pgn_error);
    g->nbad = ps->nbad;
    return PGN_OK;
}

/*
 * A game skim() read to its end: raw span, tags and the diagnostics so far,
 * as finish_game() makes them (with PGN_READER_SPLIT only the span); the
 * movetext waits for pgn_reader_complete().
 */
static int finish_lazy(struct pgn_reader *r, struct game *g)
{
    struct parse *ps = &r->ps;
    const char *raw = (const char *)r->buf + r->gstart;
    int span_only = (r->flags & PGN_READER_SPLIT) != 0;
    finish_span(r, g, span_only);
    size_t raw_len = g->raw_len;
    if (r->arena.err == PGN_ENOMEM || r->fatal)
        return PGN_ENOMEM;
    g->flags = GAME_LAZY;
    if (ps->bom || (raw_len >= 3 && !memcmp(raw, UTF8_BOM, 3)))
        g->flags |= GAME_BOM;
    if (span_only)
        return PGN_OK; /* the tags and diagnostics stay in r for pgn_reader_complete() */
    if (ps->latin1)
        g->flags |= GAME_CP1252;
    if (ps->nbad)
        g->flags |= GAME_BAD;
    g->tags = (const struct game_tag *)r->tags.data;
    g->ntags = COUNT_OF(r->tags, struct game_tag);
    g->errors = (const struct pgn_error *)r->errors.data;
    g->nerrors = COUNT_OF(r->errors, struct pgn_error);
    g->nbad = ps->nbad;
    return PGN_OK;
}

int pgn_reader_complete(struct pgn_reader *r, struct game *g)
{
    struct lazy *z = &r->lazy;
    if (!(g->flags & GAME_LAZY))
        return PGN_OK;
    if (!z->active || g->index != r->ngames)
        return PGN_EINVAL;
    /* Back to the first movetext word, as it was before the skim... */
    size_t end = r->pos;
    uint64_t end_line = r->line;
    ptrdiff_t end_lstart = r->lstart;
    r->gstart = z->gstart;
    r->pos = z->gstart + z->word_rel;
    r->line = z->line;
    r->lstart = (ptrdiff_t)z->gstart + z->lstart_rel;
    r->ps = z->ps;
    r->errors.len = z->nerrors;
    r->rtags.len = z->nrtags;
    r->tags.len = 0;
    r->ngames--;
    z->active = 0;
    /* ...and parse from there: the skim proved where the game ends. */
    int rc = parse_game(r);
    if (rc > 0) {
        assert(r->ps.split == end || (end == r->len && r->ps.split >= r->len));
        rc = finish_game(r, g);
    } else if (rc == 0) {
        rc = PGN_EINVAL;
    }
    r->pos = end;
    r->gstart = end;
    r->line = end_line;
    r->lstart = end_lstart;
    if (rc < 0)
        r->status = r->fatal = rc;
    return rc;
}

int pgn_reader_next(struct pgn_reader *r, struct game *g)
{
    if (r->status)
        return r->status < 0 ? r->status : 0;
    begin_game(r);
    int rc = (r->flags & PGN_READER_SPLIT) && split_plain(r) ? 1 : parse_game(r);
    if (rc > 0) {
        rc = r->lazy.active ? finish_lazy(r, g) : finish_game(r, g);
        if (rc == PGN_OK) {
            if (!r->ps.truncated)
                r->pos = r->ps.split < r->len ? r->ps.split : r->len;
            r->gstart = r->pos;
            return 1;
        }
    }
    if (rc == 0 && r->io_status)
        rc = r->io_status;
    r->status = rc ? rc : 1;
    if (rc < 0) {
        r->err.code = rc;
        r->err.severity = PGN_SEV_ERROR;
        r->err.line = r->line;
        r->err.col = 0;
        r->err.offset = r->base + r->len;
        r->err.message = rc == r->io_status ? pgn_input_error(r->in) : pgn_strerror(rc);
    }
    return rc;
}

/* ---------------------------------------------------------- span re-parse */

enum { SPAN_PAD = 16 };

int pgn_reader_span_origin(const struct pgn_reader *r, const struct game *g,
                           struct pgn_span_origin *o)
{
    const struct parse *ps = &r->ps;
    if (g->index != r->ngames || g->offset != ps->goff || ps->truncated || !g->raw)
        return PGN_EINVAL;
    /* The game that ends at an input error holds that error: only this reader can say it. */
    size_t split = ps->split < r->len ? ps->split : r->len;
    if (r->io_status && split >= r->len)
        return PGN_EINVAL;
    o->index = g->index;
    o->offset = g->offset;
    o->line = ps->start_line;
    o->col = ps->start_col;
    return PGN_OK;
}

_Static_assert(PGN_SPAN_PAD >= SPAN_PAD + BUF_PAD, "a span parsed in place has the window's padding");

int pgn_reader_parse_span(struct pgn_reader *r, unsigned char *data, size_t len, const char *name,
                          const struct pgn_span_origin *o)
{
    if (len > r->lim.max_game)
        return PGN_ETOOBIG;
    if (name && strcmp(name, r->name)) {
        char *copy = strdup(name);
        if (!copy)
            return PGN_ENOMEM;
        free(r->name);
        r->name = copy;
    }
    /* The window is kept for pgn_reader_free(); the span, padded as the window is, replaces it. */
    if (!r->own_buf)
        r->own_buf = r->buf;
    r->buf = data;
    r->cap = len + SPAN_PAD;
    memset(data + len, 0, PGN_SPAN_PAD); /* the line-end sentinel and defined lookahead */
    r->len = len;
    r->safe = r->pos = r->gstart = 0;
    /* Columns and offsets count from where the span started in its input. */
    r->lstart = 1 - (ptrdiff_t)o->col;
    r->line = o->line;
    r->base = o->offset;
    r->eof = 1; /* nothing is read from r->in: the span is all there is */
    r->moved = 0;
    r->io_status = r->status = r->fatal = 0;
    r->ngames = o->index - 1;
    memset(&r->err, 0, sizeof r->err);
    r->err.file = r->name;
    r->lazy.active = 0;
    return PGN_OK;
}
