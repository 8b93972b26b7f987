/* reader_record.c - diagnostics and the records a game is built of: moves, NAGs, comments. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "base/clear_record.h"
#include "base/utf8.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/* Writes the token p[0..n) into out, valid UTF-8 (CP1252 if need be), shortened with "...". */
const char *reader_quote(char out[MSG_TOKEN_MAX * 3 + 8], const unsigned char *p, size_t n)
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

static void vdiag(struct pgn_reader *r, int severity, int code, int detail, uint64_t line,
                  uint32_t col, uint64_t offset, const char *fmt, va_list ap)
{
    if (severity == PGN_SEV_ERROR)
        r->ps.nbad++;
    if (r->rec.errors.len / sizeof(struct pgn_error) >= r->lim.max_errors)
        return;
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    const char *text = arena_memdup(&r->rec.arena, msg, strlen(msg));
    int st = PGN_OK;
    struct pgn_error *e = buf_push(&r->rec.errors, sizeof *e, &st);
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
    e->detail = detail;
}

PRINTF_LIKE(7, 8)
void reader_diag(struct pgn_reader *r, int severity, int code, uint64_t line, uint32_t col,
                 uint64_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(r, severity, code, PGN_REPAIR_NONE, line, col, offset, fmt, ap);
    va_end(ap);
}

PRINTF_LIKE(6, 7)
void reader_repair(struct pgn_reader *r, int detail, uint64_t line, uint32_t col,
                   uint64_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(r, PGN_SEV_WARNING, PGN_ESYNTAX, detail, line, col, offset, fmt, ap);
    va_end(ap);
}

/* Empties (release 0) or frees (release 1) the arena and every vector of rec. */
static inline void records_each(struct reader_records *rec, int release)
{
    struct buf *all[] = { &rec->rtags,  &rec->tags,  &rec->moves, &rec->vars,
                          &rec->comments, &rec->ckeys, &rec->nags, &rec->nkeys,
                          &rec->cmds, &rec->errors, &rec->stack };
    if (release)
        arena_release(&rec->arena);
    else
        arena_reset(&rec->arena);
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (release)
            buf_release(all[i]);
        else
            buf_reset(all[i]);
    }
}

/* A vector's cap in bytes: room for items records and one more. */
static size_t vec_max(uint32_t items, size_t size) { return ((size_t)items + 1) * size; }

void reader_records_init(struct reader_records *rec, const struct pgn_limits *l)
{
    arena_init(&rec->arena, l->max_arena);
    buf_init(&rec->rtags, vec_max(l->max_tags, sizeof(struct raw_tag)));
    buf_init(&rec->tags, vec_max(l->max_tags, sizeof(struct game_tag)));
    buf_init(&rec->moves, vec_max(l->max_moves, sizeof(struct game_move)));
    buf_init(&rec->vars, vec_max(l->max_moves, sizeof(struct game_var)));
    buf_init(&rec->comments, vec_max(l->max_comments, sizeof(struct game_comment)));
    buf_init(&rec->ckeys, vec_max(l->max_comments, sizeof(uint32_t)));
    buf_init(&rec->nags, vec_max(l->max_nags, sizeof(uint16_t)));
    buf_init(&rec->nkeys, vec_max(l->max_nags, sizeof(uint32_t)));
    buf_init(&rec->cmds, vec_max(l->max_cmds, sizeof(struct game_cmd)));
    buf_init(&rec->errors, vec_max(l->max_errors, sizeof(struct pgn_error)));
    buf_init(&rec->stack, vec_max(l->max_depth, sizeof(struct frame)));
}

void reader_records_reset(struct reader_records *rec) { records_each(rec, 0); }

void reader_records_drop_movetext(struct reader_records *rec)
{
    rec->moves.len = rec->comments.len = rec->ckeys.len = rec->nags.len = rec->nkeys.len = 0;
    rec->vars.len = sizeof(struct game_var); /* the main line stays, empty */
}

void reader_records_release(struct reader_records *rec) { records_each(rec, 1); }

void reader_begin_game(struct pgn_reader *r)
{
    reader_records_reset(&r->rec);
    struct parse *ps = &r->ps;
    clear_record(ps, sizeof *ps);
    reader_window_begin_game(&r->win);
    r->lazy_tried = 0;
    r->lazy.active = 0;
    ps->goff = r->win.base + r->win.gstart;
    ps->phase = PHASE_START;
    ps->last = NONE;
    ps->line_tokens = (ptrdiff_t)r->win.pos > r->win.lstart;
    ps->start_line = r->win.line;
    ps->start_col = col_of(&r->win, r->win.pos);
    struct game_var *v = push(r, &r->rec.vars, sizeof *v);
    if (v) {
        memset(v, 0, sizeof *v);
        v->parent = NONE;
    }
}

/* The game ends before the token at buf[idx] (on the current line). */
int reader_end_before(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    size_t split = r->win.lstart > (ptrdiff_t)r->win.gstart ? (size_t)r->win.lstart : r->win.gstart;
    if (split < r->win.gstart + ps->last_end)
        split = r->win.gstart + ps->last_end;
    if (split > idx)
        split = idx;
    ps->split = split;
    r->win.pos = split;
    return 1;
}

/*
 * When over is true: a limit error (what, max) at buf[idx], once, and the
 * rest of the game is only scanned. Returns over.
 */
int reader_over_limit(struct pgn_reader *r, int over, size_t idx, const char *what,
                      unsigned long long max)
{
    if (over && !r->ps.skip) {
        DIAG_AT(r, PGN_SEV_ERROR, PGN_ETOOBIG, idx, "%s (limit %llu)", what, max);
        r->ps.skip = 1;
    }
    return over;
}

void reader_add_nag(struct pgn_reader *r, size_t idx, unsigned value)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (ps->last == NONE) {
        DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, idx,
                "NAG before the first move of a line ignored");
        return;
    }
    if (reader_over_limit(r, COUNT_OF(r->rec.nags, uint16_t) >= r->lim.max_nags, idx,
                   "too many NAGs in one game", r->lim.max_nags))
        return;
    uint16_t *n = push(r, &r->rec.nags, sizeof *n);
    uint32_t *k = push(r, &r->rec.nkeys, sizeof *k);
    if (n && k) {
        *n = (uint16_t)value;
        *k = ps->last;
    }
}

struct game_move *reader_add_move(struct pgn_reader *r, size_t idx, size_t len,
                                  const unsigned char *rejoined, size_t rejoined_len,
                                  unsigned flags)
{
    if (r->ps.skip)
        return NULL;
    if (reader_over_limit(r, len > r->lim.max_token, idx, "move token too long",
                          r->lim.max_token) ||
        reader_over_limit(r, COUNT_OF(r->rec.moves, struct game_move) >= r->lim.max_moves, idx,
                          "too many moves in one game", r->lim.max_moves))
        return NULL;
    const unsigned char *text = r->win.buf + idx;
    if (rejoined) {
        text = (const unsigned char *)arena_memdup(&r->rec.arena, rejoined, rejoined_len);
        len = text ? rejoined_len : 0;
        if (!text)
            text = (const unsigned char *)"";
    }
    return record_move(r, idx, text, len, flags);
}

void reader_add_comment(struct pgn_reader *r, size_t open, size_t body_len, unsigned flags,
                        uint64_t line, uint32_t col)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (reader_over_limit(r, COUNT_OF(r->rec.comments, struct game_comment) >= r->lim.max_comments,
                          open, "too many comments in one game", r->lim.max_comments))
        return;
    struct game_comment *c = push(r, &r->rec.comments, sizeof *c);
    uint32_t *k = push(r, &r->rec.ckeys, sizeof *k);
    if (!c || !k)
        return;
    memset(c, 0, sizeof *c);
    c->off = rel(&r->win, open);
    c->len = (uint32_t)body_len;
    c->flags = flags;
    c->line = line;
    c->col = col;
    *k = ps->phase == PHASE_RESULT ? OWNER_POST
         : ps->last != NONE        ? ps->last
                                   : OWNER_LINE | ps->cur;
}

void reader_open_variation(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (ps->last == NONE) {
        FAIL_AT(r, PGN_ESYNTAX, idx, "variation before the first move");
        return;
    }
    if (reader_over_limit(r, ps->depth >= r->lim.max_depth, idx, "variations nested too deep",
                   r->lim.max_depth) ||
        reader_over_limit(r, COUNT_OF(r->rec.vars, struct game_var) >= r->lim.max_moves, idx,
                   "too many variations in one game", r->lim.max_moves))
        return;
    struct frame *f = push(r, &r->rec.stack, sizeof *f);
    struct game_var *v = push(r, &r->rec.vars, sizeof *v);
    if (!f || !v)
        return;
    f->var = ps->cur;
    f->last = ps->last;
    memset(v, 0, sizeof *v);
    v->parent = ps->last;
    v->depth = ++ps->depth;
    v->line = r->win.line;
    v->col = col_of(&r->win, idx);
    v->off = rel(&r->win, idx);
    ps->cur = COUNT_OF(r->rec.vars, struct game_var) - 1;
    ps->last = NONE;
    ps->number = 0;
    ps->number_flags = 0;
}

void reader_close_variation(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return;
    if (ps->depth == 0) {
        FAIL_AT(r, PGN_ESYNTAX, idx, "')' without a variation to close");
        return;
    }
    r->rec.stack.len -= sizeof(struct frame);
    const struct frame *f = (const struct frame *)(r->rec.stack.data + r->rec.stack.len);
    ps->cur = f->var;
    ps->last = f->last;
    ps->depth--;
    ps->number = 0;
    ps->number_flags = 0;
}

void reader_unterminated_variation(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    if (ps->depth && !ps->skip) {
        const struct game_var *v = (const struct game_var *)r->rec.vars.data + ps->cur;
        reader_diag(r, PGN_SEV_ERROR, PGN_ESYNTAX, v->line, v->col, ps->goff + v->off,
             "unterminated variation");
        ps->skip = 1;
    }
}

