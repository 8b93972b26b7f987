/* game_out.c - one output stream of games: shared walk, tags, results; UCI and CSV. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "write/game_html.h"
#include "write/game_json.h"
#include "write/game_plain.h"
#include "write/game_print.h"
#include "notation/notation.h"
#include "write/game_rows.h"
#include "pgn/ply_facts.h"
#include "pgn/clock_command.h"
#include "pgn/judge.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "write/game_out.h"
#include "write/game_out_internal.h"
#include "base/json_escape.h"
#include "chess/movegen.h"
#include "pgn/export_format.h"
#include "pgn/pgn_lex.h"
#include "write/pgn_writer.h"
#include "notation/uci.h"
#include "base/utf8.h"
#include "base/ascii.h"
#include "base/banned.h"

/* Per-game work space: tags, comment text. Far above any real game. */
#define GO_SCRATCH_MAX ((size_t)1 << 30)

static const char *const default_columns[] = {
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "plies", "final_fen",
};

static const char *const computed_columns[] = {
    "game", "file", "plies", "result", "end", "start_fen", "final_fen", "moves", "uci",
};

void game_out_opts_init(struct game_out_opts *o)
{
    memset(o, 0, sizeof *o);
    o->format = GO_PGN;
    o->width = PGN_EXPORT_LINE_MAX;
    o->max_plies = UINT32_MAX;
    o->sample = 1.0;
    o->ncolumns = sizeof default_columns / sizeof default_columns[0];
    for (size_t i = 0; i < o->ncolumns; i++)
        o->columns[i] = default_columns[i];
}

int game_out_column_computed(const char *name)
{
    for (size_t i = 0; i < sizeof computed_columns / sizeof computed_columns[0]; i++)
        if (!strcmp(name, computed_columns[i]))
            return 1;
    return 0;
}

int game_out_writes_variations(const struct game_out_opts *o)
{
    if (o->strip & GO_STRIP_VARIATIONS)
        return 0;
    switch (o->format) {
    case GO_PGN:
    case GO_JSON:
    case GO_NDJSON:
    case GO_HTML:
    case GO_LATEX:
    case GO_TYPST:
        return 1;
    case GO_ROWS:
        return !(o->flags & GO_PER_PLY);
    default:
        return 0;
    }
}

void game_out_init(struct game_out *o, const struct game_out_opts *opts)
{
    memset(o, 0, sizeof *o);
    if (opts)
        o->opts = *opts;
    else
        game_out_opts_init(&o->opts);
    /* Print is read by people in any language: English moves get figurines,
     * White's for both sides as in chess books; another language its letters. */
    if ((o->opts.format == GO_LATEX || o->opts.format == GO_TYPST) &&
        o->opts.style.lang == NOTATION_EN)
        o->opts.style.flags |= WRITE_FIGURINE | WRITE_FIGURINE_ONE_SET;
    buf_init(&o->scratch, GO_SCRATCH_MAX);
    buf_init(&o->scratch2, GO_SCRATCH_MAX);
    buf_init(&o->paths, GO_SCRATCH_MAX);
    buf_init(&o->text, GO_SCRATCH_MAX);
    buf_init(&o->notes, GO_SCRATCH_MAX);
}

void game_out_release(struct game_out *o)
{
    buf_release(&o->scratch);
    buf_release(&o->scratch2);
    buf_release(&o->paths);
    buf_release(&o->text);
    buf_release(&o->notes);
}

/* ---- Shared helpers ---------------------------------------------------------- */

void go_put(struct go_game *w, const char *s, size_t n)
{
    if (!w->err)
        w->err = buf_append(w->out, s, n);
}

int go_json_string(struct buf *b, const char *s, size_t n)
{
    int rc = buf_reserve(b, JSON_ESCAPE_MAX(n) + 2);
    if (rc)
        return rc;
    char *d = b->data + b->len;
    *d++ = '"';
    d += json_escape(d, s, n);
    *d++ = '"';
    b->len = (size_t)(d - b->data);
    return PGN_OK;
}

static int name_is(const char *name, size_t len, const char *what)
{
    return strlen(what) == len && !memcmp(name, what, len);
}

int go_keep_command(const struct game_out *o, const char *name, size_t len)
{
    unsigned strip = o->opts.strip;
    if (strip & (GO_STRIP_COMMANDS | GO_STRIP_COMMENTS))
        return 0;
    if ((strip & GO_STRIP_CLOCKS) && clock_command_kind(name, len) != CLOCK_NOT_TIME)
        return 0;
    if ((strip & GO_STRIP_EVALS) && name_is(name, len, "eval"))
        return 0;
    if ((strip & GO_STRIP_ARROWS) && (name_is(name, len, "csl") || name_is(name, len, "cal")))
        return 0;
    return 1;
}

/* 1 when s[0..n) is all white space (ascii_is_space), or empty. */
static int all_space(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!ascii_is_space(s[i]))
            return 0;
    return 1;
}

int go_comment_text(struct go_game *w, const struct game_comment *c, const char **s, size_t *n)
{
    const struct game_out *o = w->o;
    enum { CMD_STRIP = GO_STRIP_CLOCKS | GO_STRIP_EVALS | GO_STRIP_ARROWS | GO_STRIP_COMMANDS };
    if (o->opts.strip & GO_STRIP_COMMENTS)
        return 0;
    *s = c->text;
    *n = c->len;
    if (!(o->opts.strip & CMD_STRIP) || !c->cmd_count)
        return 1;
    /* Cut the stripped commands out of the text, keeping everything else in place. */
    struct buf *b = &w->o->scratch2;
    struct pgn_cmd_span cs;
    size_t from = 0;
    int cut = 0;
    buf_reset(b);
    while (pgn_lex_next_command(c->text, c->len, from, &cs)) {
        int keep = go_keep_command(o, c->text + cs.name_off, cs.name_len);
        if (!w->err)
            w->err = buf_append(b, c->text + from, (keep ? cs.end : cs.start) - from);
        cut |= !keep;
        from = cs.end;
    }
    if (!cut)
        return 1;
    if (!w->err)
        w->err = buf_append(b, c->text + from, c->len - from);
    if (w->err || all_space(b->data, b->len))
        return 0;
    *s = b->data;
    *n = b->len;
    return 1;
}

uint32_t go_comment_slot(const struct go_game *w, const struct game_move *m, uint32_t c)
{
    if ((w->o->opts.strip & GO_STRIP_VARIATIONS) || w->path || !m->var_count)
        return 0;
    uint32_t off = w->g->comments[c].off, k = 0;
    while (k < m->var_count && w->g->vars[m->var_first + k].off < off)
        k++;
    return k;
}

const struct game_comment *go_comment_next(struct go_game *w, uint32_t *k, uint32_t end,
                                           const struct game_move *m, uint32_t slot,
                                           const char **s, size_t *n)
{
    for (; *k < end; (*k)++) {
        const struct game_comment *c = &w->g->comments[*k];
        if ((!m || go_comment_slot(w, m, *k) == slot) && go_comment_text(w, c, s, n))
            return c;
    }
    return NULL;
}

const char *go_result_text(const struct game_out *o, int result)
{
    if (o->opts.flags & GO_BOOK_RESULTS) {
        switch (result) {
        case PGN_RESULT_WHITE: return "1:0";
        case PGN_RESULT_BLACK: return "0:1";
        case PGN_RESULT_DRAW: return "\xc2\xbd:\xc2\xbd"; /* ½:½ */
        default: return "*";
        }
    }
    return result == PGN_RESULT_NONE ? "*" : pgn_result_str(result);
}

/* ---- Walk -------------------------------------------------------------------- */

static void walk_line(struct go_game *w, const struct go_visit *v, uint32_t var, uint32_t depth,
                      const struct pos *start, uint32_t ply);

/* Move i played from *before into *after, visited, then its variations. */
static void walk_move(struct go_game *w, const struct go_visit *v, uint32_t i, uint32_t ply,
                      uint32_t depth, const struct pos *before, struct pos *after)
{
    const struct game_move *m = &w->g->moves[i];
    struct go_step s = { i, w->r->moves[i], ply + 1, depth, before, after };
    *after = *before;
    if (m->flags & GAME_MOVE_NULL) {
        pos_play_null(after);
    } else {
        assert(s.move != MOVE_NONE);
        pos_play(after, s.move);
    }
    v->move(w, &s);
    /* A line written as a game of its own (GO_SPLIT_VARIATIONS) has none. */
    if (!(w->o->opts.strip & GO_STRIP_VARIATIONS) && !w->path)
        for (uint32_t j = 0; j < m->var_count; j++)
            walk_line(w, v, m->var_first + j, depth + 1, before, ply);
    if (v->move_end)
        v->move_end(w, &s);
}

/* A variation, all of it. */
static void walk_line(struct go_game *w, const struct go_visit *v, uint32_t var, uint32_t depth,
                      const struct pos *start, uint32_t ply)
{
    const struct game_var *gv = &w->g->vars[var];
    struct pos pos[2]; /* before and after a move, in turn: one copy per move */
    pos[0] = *start;
    v->line_begin(w, var, depth, &pos[0]);
    for (uint32_t k = 0; k < gv->count; k++)
        walk_move(w, v, gv->first + k, ply + k, depth, &pos[k & 1], &pos[(k + 1) & 1]);
    v->line_end(w, var, depth);
}

void go_walk(struct go_game *w, const struct go_visit *v)
{
    struct pos pos[2];
    pos[0] = w->start;
    v->line_begin(w, 0, 0, &pos[0]);
    uint32_t n = w->limit - w->first;
    for (uint32_t k = 0; k < n; k++)
        walk_move(w, v, go_main_move(w, w->first + k), w->first + k, 0, &pos[k & 1],
                  &pos[(k + 1) & 1]);
    w->final = pos[n & 1];
    w->have_final = 1;
    v->line_end(w, 0, 0);
}

/* Plays the main line up to the limit: the final position. */
static const struct pos *final_position(struct go_game *w)
{
    if (w->have_final)
        return &w->final;
    const struct game *g = w->g;
    struct pos p = w->start;
    for (uint32_t k = w->first; k < w->limit; k++) {
        uint32_t i = go_main_move(w, k);
        if (g->moves[i].flags & GAME_MOVE_NULL)
            pos_play_null(&p);
        else
            pos_play(&p, w->r->moves[i]);
    }
    w->final = p;
    w->have_final = 1;
    return &w->final;
}


/* enum replay_end of the game as written: the replay's when the moves
 * written reach the ply that ended it (an automatic draw may come before
 * the final position), else what the last position written is. */
static int game_end(struct go_game *w)
{
    if (!w->path && w->limit >= w->r->end_ply)
        return w->r->end;
    return replay_end_of(final_position(w), END_NONE, 0);
}

size_t go_pos_move_text(const struct game_out *o, const struct pos *before, move16 m, int null,
                        char out[MOVE_TEXT_MAX])
{
    if (null) {
        /* "--" in every notation: readers of movetext know it ("0000" is UCI's own). */
        memcpy(out, "--", 3);
        return 2;
    }
    return move_write(before, m, &o->opts.style, out, MOVE_TEXT_MAX);
}

size_t go_move_text(struct go_game *w, const struct go_step *s, char out[MOVE_TEXT_MAX])
{
    const struct write_style *st = &w->o->opts.style;
    if (s->move == MOVE_NONE || st->format == MOVE_FMT_UCI || (st->flags & WRITE_NO_CHECK))
        return go_pos_move_text(w->o, s->before, s->move, s->move == MOVE_NONE, out);
    /* The position after the move is at hand: the check mark need not replay it. */
    struct write_style plain = *st;
    plain.flags |= WRITE_NO_CHECK;
    size_t n = move_write(s->before, s->move, &plain, out, MOVE_TEXT_MAX);
    if (pos_in_check(s->after) && n + 1 < MOVE_TEXT_MAX) {
        out[n++] = movegen_has_legal(s->after) ? '+' : '#';
        out[n] = 0;
    }
    return n;
}

/* ---- Tags and result --------------------------------------------------------- */

/* Plies of line var (at most limit of them) and of the variations of those moves, as walked. */
static uint64_t plies_written(const struct go_game *w, uint32_t var, uint32_t limit)
{
    const struct game *g = w->g;
    const struct game_var *gv = &g->vars[var];
    uint32_t n = gv->count < limit ? gv->count : limit;
    uint64_t total = n;
    if (w->o->opts.strip & GO_STRIP_VARIATIONS)
        return total;
    for (uint32_t k = 0; k < n; k++) {
        const struct game_move *m = &g->moves[gv->first + k];
        for (uint32_t j = 0; j < m->var_count; j++)
            total += plies_written(w, m->var_first + j, UINT32_MAX);
    }
    return total;
}

/* Plies of the main line as written and of the variations of those moves. */
static uint64_t main_plies_written(const struct go_game *w)
{
    uint64_t total = w->limit - w->first;
    if ((w->o->opts.strip & GO_STRIP_VARIATIONS) || w->path)
        return total;
    for (uint32_t k = w->first; k < w->limit; k++) {
        const struct game_move *m = &w->g->moves[go_main_move(w, k)];
        for (uint32_t j = 0; j < m->var_count; j++)
            total += plies_written(w, m->var_first + j, UINT32_MAX);
    }
    return total;
}

void go_prepare(struct go_game *w, int export)
{
    const struct game *g = w->g;
    const struct game_out_opts *o = &w->o->opts;
    uint32_t main = g->nvars ? g->vars[0].count : 0;
    w->first = 0;
    w->limit = main < o->max_plies ? main : o->max_plies;
    w->result = PGN_RESULT_UNKNOWN;
    if (!w->r) {
        /* A game passed through as read: its tags as they are. */
        go_prepare_tags(w, export, NULL, 0);
        return;
    }

    go_choose_plies(w);
    main = go_main_len(w);
    w->result = w->path_var ? PGN_RESULT_UNKNOWN /* a variation: not a finished game */
                            : game_result(g);
    const char *fixed = w->path_var ? "*" : NULL;
    if (o->flags & GO_FIX_RESULTS) {
        int end = game_end(w);
        if (end == END_CHECKMATE)
            w->result = final_position(w)->side == WHITE ? PGN_RESULT_BLACK : PGN_RESULT_WHITE;
        else if (end != END_NONE)
            w->result = PGN_RESULT_DRAW;
        int token = w->limit == main ? replay_fixed_result(w->r, g) : PGN_RESULT_NONE;
        if (end == END_NONE && token != PGN_RESULT_NONE)
            w->result = token; /* tag and token disagree: see replay_fixed_result() */
        if (end != END_NONE || token != PGN_RESULT_NONE)
            fixed = pgn_result_str(w->result);
    }
    int truncated = w->limit < main || w->first || w->path_var;
    if (truncated)
        snprintf(w->plycount, sizeof w->plycount, "%u", w->limit - w->first);
    if (w->first) {
        pos_to_fen(&w->start, w->o->opts.fen_flags, w->start_fen);
    }
    if ((o->flags & GO_TOTAL_PLY_COUNT) && g->nvars)
        snprintf(w->total_plies, sizeof w->total_plies, "%llu",
                 (unsigned long long)main_plies_written(w));
    go_prepare_tags(w, export, fixed, truncated);
}

const char *go_tag_value(const struct go_game *w, const char *name)
{
    for (size_t i = 0; i < w->ntags; i++)
        if (!strcmp(w->tags[i].name, name))
            return w->tags[i].value;
    return NULL;
}

/* The main line, space-separated, in the given notation (UCI or the chosen one). */
static void write_main_line(struct go_game *w, int uci)
{
    const struct game *g = w->g;
    struct pos p = w->start;
    char mv[MOVE_TEXT_MAX];
    for (uint32_t k = w->first; k < w->limit; k++) {
        uint32_t i = go_main_move(w, k);
        move16 m = w->r->moves[i];
        int null = (g->moves[i].flags & GAME_MOVE_NULL) != 0;
        size_t n;
        if (uci) {
            n = null ? 4 : (size_t)uci_write(&p, m, mv);
            if (null)
                memcpy(mv, "0000", 5);
        } else {
            n = go_pos_move_text(w->o, &p, m, null, mv);
        }
        if (k > w->first)
            go_put(w, " ", 1);
        go_put(w, mv, n);
        if (null)
            pos_play_null(&p);
        else
            pos_play(&p, m);
    }
}

/* ---- CSV --------------------------------------------------------------------- */

void go_csv_field(struct go_game *w, const char *s, size_t n)
{
    if (!memchr(s, ',', n) && !memchr(s, '"', n) && !memchr(s, '\n', n) && !memchr(s, '\r', n)) {
        go_put(w, s, n);
        return;
    }
    go_put(w, "\"", 1);
    for (const char *q; (q = memchr(s, '"', n)) != NULL; n -= (size_t)(q + 1 - s), s = q + 1) {
        go_put(w, s, (size_t)(q - s));
        go_put(w, "\"\"", 2);
    }
    go_put(w, s, n);
    go_put(w, "\"", 1);
}

static void csv_column(struct go_game *w, const char *col)
{
    char tmp[FEN_MAX];
    if (!game_out_column_computed(col)) {
        const char *v = go_tag_value(w, col);
        if (v)
            go_csv_field(w, v, strlen(v));
    } else if (!strcmp(col, "game")) {
        int n = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)w->g->index);
        go_put(w, tmp, (size_t)n);
    } else if (!strcmp(col, "file")) {
        go_csv_field(w, w->g->file ? w->g->file : "", w->g->file ? strlen(w->g->file) : 0);
    } else if (!strcmp(col, "plies")) {
        int n = snprintf(tmp, sizeof tmp, "%u", w->limit - w->first);
        go_put(w, tmp, (size_t)n);
    } else if (!strcmp(col, "result")) {
        go_puts(w, pgn_result_str(w->result));
    } else if (!strcmp(col, "end")) {
        const char *end = replay_end_name(game_end(w));
        go_csv_field(w, end, strlen(end));
    } else if (!strcmp(col, "start_fen")) {
        go_put(w, tmp, pos_to_fen(&w->start, w->o->opts.fen_flags, tmp));
    } else if (!strcmp(col, "final_fen")) {
        go_put(w, tmp, pos_to_fen(final_position(w), w->o->opts.fen_flags, tmp));
    } else {
        /* moves or uci: moves never hold a comma, quote or line break. */
        write_main_line(w, !strcmp(col, "uci"));
    }
}

static void write_csv_row(struct go_game *w)
{
    const struct game_out_opts *o = &w->o->opts;
    for (size_t c = 0; c < o->ncolumns; c++) {
        if (c)
            go_put(w, ",", 1);
        csv_column(w, o->columns[c]);
    }
    go_put(w, "\n", 1);
}

/* ---- Stream ---------------------------------------------------------------- */

int game_out_begin(struct game_out *o, struct buf *out)
{
    struct go_game w = { .o = o, .out = out };
    if (o->opts.format == GO_JSON) {
        go_put(&w, "[", 1);
    } else if (o->opts.format == GO_HTML) {
        game_html_begin(&w);
    } else if (o->opts.format == GO_CSV && (o->opts.flags & GO_PER_PLY)) {
        game_rows_header(&w);
    } else if (o->opts.format == GO_CSV) {
        for (size_t c = 0; c < o->opts.ncolumns; c++) {
            if (c)
                go_put(&w, ",", 1);
            go_csv_field(&w, o->opts.columns[c], strlen(o->opts.columns[c]));
        }
        go_put(&w, "\n", 1);
    } else if (o->opts.format == GO_LATEX || o->opts.format == GO_TYPST) {
        const struct print_text *t =
            &(o->opts.format == GO_LATEX ? &print_latex : &print_typst)->doc_begin;
        go_put(&w, t->s, t->n);
    }
    return w.err;
}

int game_out_end(struct game_out *o, struct buf *out)
{
    struct go_game w = { .o = o, .out = out };
    if (o->opts.format == GO_JSON)
        go_put(&w, "\n]\n", 3);
    else if (o->opts.format == GO_HTML)
        game_html_end(&w);
    else if (o->opts.format == GO_LATEX || o->opts.format == GO_TYPST)
        go_put(&w, (o->opts.format == GO_LATEX ? &print_latex : &print_typst)->doc_end.s,
               (o->opts.format == GO_LATEX ? &print_latex : &print_typst)->doc_end.n);
    return w.err;
}


/* One game in the chosen format: g's main line, or (path) a variation as a game. */
static int write_one(struct game_out *o, const struct game *g, const struct replay *r,
                     struct buf *out, const uint32_t *path, uint32_t path_len, uint32_t var)
{
    struct go_game w = { .o = o, .g = g, .r = r, .out = out, .path = path, .path_len = path_len,
                         .path_var = var };
    int format = o->opts.format;
    /* Per-game rows carry the tags as the export format writes them (a real
     * Result, SetUp and Variant where the FEN needs them), as the PGN the
     * rows reader (rows_json.c) makes of them will: rows -> PGN -> rows is
     * the same. */
    go_prepare(&w, format == GO_PGN || format == GO_HTML || (format == GO_ROWS && !(o->opts.flags & GO_PER_PLY)));
    if (w.err)
        return w.err;
    switch (format) {
    case GO_PGN:
        pgn_write_game(&w);
        break;
    case GO_JSON:
    case GO_NDJSON:
        if (format == GO_JSON)
            go_put(&w, o->games ? ",\n" : "\n", o->games ? 2 : 1);
        game_json_write(&w);
        if (format == GO_NDJSON)
            go_put(&w, "\n", 1);
        break;
    case GO_EPD:
    case GO_FEN:
        go_write_positions(&w);
        break;
    case GO_UCI:
        write_main_line(&w, 1);
        go_put(&w, "\n", 1);
        break;
    case GO_CSV:
    case GO_ROWS:
        if (o->opts.flags & GO_PER_PLY)
            game_rows_plies(&w); /* the same columns in both */
        else if (format == GO_CSV)
            write_csv_row(&w);
        else
            game_rows_game(&w);
        break;
    case GO_PLAIN:
        game_plain_write(&w);
        break;
    case GO_HTML:
        game_html_write(&w);
        break;
    case GO_LATEX:
        game_print_write(&w, &print_latex);
        break;
    case GO_TYPST:
        game_print_write(&w, &print_typst);
        break;
    }
    if (!w.err)
        o->games++;
    return w.err;
}

int game_out_game(struct game_out *o, const struct game *g, const struct replay *r,
                  struct buf *out)
{
    assert(r->complete && !r->skipped);
    buf_reset(&o->notes);
    if (o->extra && o->extra->moves && o->opts.format != GO_PGN)
        return PGN_EINVAL;
    if (!(o->opts.flags & GO_SPLIT_VARIATIONS) || !g->nvars)
        return write_one(o, g, r, out, NULL, 0, 0);
    /* The main line, then every variation (vars are in text order), each a
     * game of its own from the start, without variations. */
    int rc = 0;
    for (uint32_t v = 0; v < g->nvars && !rc; v++) {
        if (o->opts.split_depth && g->vars[v].depth > o->opts.split_depth)
            continue;
        struct go_game w = { .o = o, .g = g, .r = r };
        buf_reset(&o->paths);
        uint32_t n = go_variation_path(&w, v, &o->paths);
        rc = w.err ? w.err
                   : write_one(o, g, r, out, (const uint32_t *)(void *)o->paths.data, n, v);
    }
    return rc;
}

int game_out_retag(struct game_out *o, const struct game *g, const struct replay *r,
                   struct buf *out)
{
    const struct game_out_opts *op = &o->opts;
    static const struct write_style english;
    struct game_cut c;
    assert(r->complete && !r->skipped);
    buf_reset(&o->notes);
    /* Only what changes tags alone: anything that rewrites the movetext is refused. */
    if (op->format != GO_PGN || op->strip || op->max_plies < g->vars[0].count ||
        op->drop_plies || op->drop_before ||
        (op->flags & (GO_FIX_RESULTS | GO_BOOK_RESULTS | GO_NO_MOVE_NUMBERS | GO_NO_RESULTS |
                      GO_COMMENT_LINES | GO_SPLIT_VARIATIONS)) ||
        memcmp(&op->style, &english, sizeof english) || (o->extra && o->extra->moves) ||
        game_cut(g, &c))
        return PGN_EINVAL;
    struct go_game w = { .o = o, .g = g, .r = r, .out = out };
    /* The lines written end as the input's first line does: no mixed line ends. */
    const char *nl = memchr(g->raw, '\n', g->raw_len);
    const char *eol = nl && nl > g->raw && nl[-1] == '\r' ? "\r\n" : "\n";
    size_t eol_len = strlen(eol);
    go_prepare(&w, 1);
    if (c.lead_len) {
        go_put(&w, g->raw + c.lead, c.lead_len);
        go_put(&w, eol, eol_len);
    }
    pgn_write_tags(&w, eol);
    go_put(&w, g->raw + c.text, c.text_len);
    go_put(&w, eol, eol_len);
    go_put(&w, eol, eol_len);
    if (!w.err)
        o->games++;
    return w.err;
}

/* Raw text of g as valid UTF-8 without BOM and trailing blank lines, in o->scratch2. */
static int raw_text(struct game_out *o, const struct game *g, const char **s, size_t *n)
{
    const char *p = g->raw;
    size_t len = g->raw_len;
    if (len >= UTF8_BOM_LEN && !memcmp(p, UTF8_BOM, UTF8_BOM_LEN))
        p += UTF8_BOM_LEN, len -= UTF8_BOM_LEN;
    while (len && ascii_is_space(p[len - 1]))
        len--;
    if (!utf8_valid(p, len)) {
        struct buf *b = &o->scratch2;
        buf_reset(b);
        int rc = buf_reserve(b, len * CP1252_UTF8_MAX);
        if (rc)
            return rc;
        b->len = utf8_from_cp1252(b->data, p, len);
        p = b->data;
        len = b->len;
    }
    *s = p;
    *n = len;
    return PGN_OK;
}

int game_out_raw(struct game_out *o, const struct game *g, struct buf *out)
{
    struct go_game w = { .o = o, .g = g, .out = out };
    const char *s;
    size_t n;
    int format = o->opts.format;
    if (format != GO_PGN && format != GO_JSON && format != GO_NDJSON)
        return PGN_OK;
    if (!g->raw)
        return PGN_EINVAL;
    int rc = raw_text(o, g, &s, &n);
    if (rc)
        return rc;
    if (format == GO_PGN) {
        go_put(&w, s, n);
        go_put(&w, "\n\n", 2);
    } else {
        if (format == GO_JSON)
            go_put(&w, o->games ? ",\n" : "\n", o->games ? 2 : 1);
        go_prepare(&w, 0);
        game_json_write_raw(&w, s, n);
        if (format == GO_NDJSON)
            go_put(&w, "\n", 1);
    }
    if (!w.err)
        o->games++;
    return w.err;
}
