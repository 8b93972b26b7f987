/* game_rows.c - games as rows for data tools: one per ply (CSV, NDJSON), one per game (NDJSON). */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "write/game_rows.h"
#include "write/pgn_writer.h"
#include "pgn/ply_facts.h"
#include "base/ascii.h"
#include "notation/uci.h"
#include "base/banned.h"

/* The per-ply columns, in order; COL_FEN only with GO_MOVE_FEN. */
enum ply_column {
    COL_GAME, COL_PLY, COL_MOVE_NUMBER, COL_SIDE, COL_SAN, COL_UCI, COL_FEN, COL_CLOCK,
    COL_TIME_SPENT, COL_EVAL_CP, COL_EVAL_MATE, COL_NAGS, COL_COMMENT, COL_COUNT_
};
static const char *const ply_columns[COL_COUNT_] = {
    "game", "ply", "move_number", "side", "san", "uci", "fen", "clock",
    "time_spent", "eval_cp", "eval_mate", "nags", "comment",
};

/*
 * One row being written: JSON members or CSV fields, in the same calls. The
 * short cells (numbers, words, moves, a FEN: everything but tag values,
 * NAGs and comments) gather in b, which holds all of one row's, so they are
 * stored without checks and reach the output in one append per row (rows
 * are many and small: appending each piece, or formatting numbers with
 * snprintf, made per-ply CSV several times slower than UCI output). Long
 * text goes to the output itself (cell_str), after what b holds.
 */
enum {
    ROW_KEYS_MAX = 24 * 20, /* the JSON names of a row: at most 20, short */
    ROW_BUF = ROW_KEYS_MAX + 16 * 24 + 4 * (MOVE_TEXT_MAX + 8) + 2 * FEN_MAX,
};
struct row {
    struct go_game *w;
    int json;
    int cells;
    size_t n;
    char b[ROW_BUF];
};

static void flush_row(struct row *r)
{
    go_put(r->w, r->b, r->n);
    r->n = 0;
}

/* A short piece of a cell (see struct row: it fits). */
static inline void put(struct row *r, const char *s, size_t n)
{
    assert(r->n + n <= sizeof r->b);
    if (n == 1)
        r->b[r->n] = *s; /* most pieces are a comma or a quote: no call for them */
    else
        memcpy(r->b + r->n, s, n);
    r->n += n;
}

/* v in decimal into the end of t[24], two digits a step; returns where it starts. */
static char *decimal(long long v, char t[24])
{
    static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930"
                                "31323334353637383940414243444546474849505152535455565758596061"
                                "62636465666768697071727374757677787980818283848586878889909192"
                                "93949596979899";
    char *p = t + 24;
    unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    while (a >= 100) {
        unsigned d = (unsigned)(a % 100) * 2;
        a /= 100;
        *--p = pairs[d + 1];
        *--p = pairs[d];
    }
    if (a >= 10) {
        *--p = pairs[a * 2 + 1];
        *--p = pairs[a * 2];
    } else {
        *--p = (char)('0' + a);
    }
    if (v < 0)
        *--p = '-';
    return p;
}

/* v in decimal, without snprintf. */
static void put_int(struct row *r, long long v)
{
    char t[24], *p = decimal(v, t);
    assert(r->n + sizeof t <= sizeof r->b);
    for (; p < t + sizeof t; p++)
        r->b[r->n++] = *p;
}

static inline void key(struct row *r, const char *name)
{
    if (!r->json) {
        /* CSV: a comma between cells, stored at once (the hot path of per-ply CSV). */
        r->b[r->n] = ',';
        r->n += r->cells++ != 0;
        return;
    }
    put(r, r->cells++ ? ",\"" : "{\"", 2);
    put(r, name, strlen(name));
    put(r, "\":", 2);
}

static void put_null(struct row *r)
{
    if (r->json)
        put(r, "null", 4);
}

static void cell_int(struct row *r, const char *name, int has, long long v)
{
    key(r, name);
    if (!has)
        return put_null(r);
    put_int(r, v);
}

/*
 * A cell of text that needs no quoting or escaping in CSV or JSON (moves,
 * FENs, words), written by the caller in place: cell_space() gives room for
 * cap bytes in the row, cell_done() says how many were written.
 */
static char *cell_space(struct row *r, const char *name, size_t cap)
{
    key(r, name);
    if (r->json)
        put(r, "\"", 1);
    assert(r->n + cap + 1 <= sizeof r->b);
    (void)cap;
    return r->b + r->n;
}

static void cell_done(struct row *r, size_t n)
{
    r->n += n;
    if (r->json)
        put(r, "\"", 1);
}

static void cell_word(struct row *r, const char *name, const char *s, size_t n)
{
    char *d = cell_space(r, name, n);
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    cell_done(r, n);
}

/* Any text; s NULL: no value. */
static inline void cell_str(struct row *r, const char *name, const char *s, size_t n)
{
    key(r, name);
    if (!s)
        return put_null(r);
    flush_row(r);
    if (r->json) {
        if (!r->w->err)
            r->w->err = go_json_string(r->w->out, s, n);
    } else {
        go_csv_field(r->w, s, n);
    }
}

/* Milliseconds as seconds with the decimals they need: 180, 179.9, 0.125. */
static void cell_seconds(struct row *r, const char *name, int has, int64_t ms)
{
    key(r, name);
    if (!has)
        return put_null(r);
    uint64_t a = ms < 0 ? (uint64_t)0 - (uint64_t)ms : (uint64_t)ms;
    if (ms < 0)
        put(r, "-", 1);
    put_int(r, (long long)(a / 1000));
    char frac[4] = { '.', (char)('0' + a % 1000 / 100), (char)('0' + a % 100 / 10),
                     (char)('0' + a % 10) };
    size_t n = 4;
    while (n > 1 && frac[n - 1] == '0')
        n--;
    if (n > 1)
        put(r, frac, n);
}

static void row_end(struct row *r)
{
    put(r, r->json ? "}\n" : "\n", r->json ? 2 : 1);
    flush_row(r);
}

static int with_fen(const struct go_game *w) { return (w->o->opts.flags & GO_MOVE_FEN) != 0; }

void game_rows_header(struct go_game *w)
{
    for (int c = 0, any = 0; c < COL_COUNT_; c++) {
        if (c == COL_FEN && !with_fen(w))
            continue;
        if (any++)
            go_put(w, ",", 1);
        go_puts(w, ply_columns[c]);
    }
    go_put(w, "\n", 1);
}

/* The move's NAGs as "$1 $14" in o->text; NULL when none (or stripped). */
static const char *nags_text(struct go_game *w, const struct game_move *m, size_t *n)
{
    struct buf *b = &w->o->text;
    if (!m->nag_count || (w->o->opts.strip & GO_STRIP_NAGS))
        return NULL;
    buf_reset(b);
    for (uint32_t k = 0; k < m->nag_count && !w->err; k++) {
        char tmp[GO_NUM_MAX];
        int len = snprintf(tmp, sizeof tmp, "%s$%u", k ? " " : "", w->g->nags[m->nag_first + k]);
        w->err = buf_append(b, tmp, (size_t)len);
    }
    *n = b->len;
    return b->data;
}

/* The plain text of the move's comments, joined by a space, in o->text; NULL when none. */
static const char *comment_text(struct go_game *w, const struct game_move *m, size_t *n)
{
    struct buf *b = &w->o->text;
    if (w->o->opts.strip & GO_STRIP_COMMENTS)
        return NULL;
    buf_reset(b);
    for (uint32_t k = 0; k < m->comment_count && !w->err; k++) {
        const struct game_comment *c = &w->g->comments[m->comment_first + k];
        if (!c->plain_len)
            continue;
        if (b->len)
            w->err = buf_append(b, " ", 1);
        if (!w->err)
            w->err = buf_append(b, c->plain, c->plain_len);
    }
    *n = b->len;
    return b->len ? b->data : NULL;
}

void game_rows_plies(struct go_game *w)
{
    const struct game *g = w->g;
    struct row r = { .w = w, .json = w->o->opts.format == GO_ROWS, .n = 0 };
    struct ply_clocks clocks;
    struct pos pos[2];
    char number[24], *game_number = decimal((long long)g->index, number);
    size_t game_number_len = (size_t)(number + sizeof number - game_number);
    ply_clocks_init(&clocks, go_tag_value(w, "TimeControl"));
    pos[0] = w->start;
    for (uint32_t k = w->first; k < w->limit && !w->err; k++) {
        uint32_t i = go_main_move(w, k), t = (k - w->first) & 1;
        const struct game_move *m = &g->moves[i];
        struct go_step s = { i, w->r->moves[i], k + 1, 0, &pos[t], &pos[t ^ 1] };
        const struct pos *before = s.before;
        struct ply_facts f;
        size_t n = 0; /* the text length of a NAG or comment cell */
        char *d;
        pos[t ^ 1] = *before;
        if (m->flags & GAME_MOVE_NULL) {
            s.move = MOVE_NONE;
            pos_play_null(&pos[t ^ 1]);
        } else {
            pos_play(&pos[t ^ 1], s.move);
        }
        ply_facts_read(&clocks, g, i, before->side == BLACK, &f);

        r.cells = 0;
        key(&r, ply_columns[COL_GAME]);
        put(&r, game_number, game_number_len); /* a number: no quotes in JSON */
        cell_int(&r, ply_columns[COL_PLY], 1,
                 (long long)(before->fullmove - 1) * 2 + (before->side == BLACK) + 1);
        cell_int(&r, ply_columns[COL_MOVE_NUMBER], 1, (long long)before->fullmove);
        cell_word(&r, ply_columns[COL_SIDE], before->side == BLACK ? "black" : "white", 5);
        /* Moves never hold a comma, a quote or a backslash, in any notation. */
        d = cell_space(&r, ply_columns[COL_SAN], MOVE_TEXT_MAX);
        cell_done(&r, go_move_text(w, &s, d));
        d = cell_space(&r, ply_columns[COL_UCI], UCI_MAX);
        if (s.move == MOVE_NONE) {
            memcpy(d, "0000", 4);
            cell_done(&r, 4);
        } else {
            cell_done(&r, (size_t)uci_write(before, s.move, d));
        }
        if (with_fen(w)) {
            d = cell_space(&r, ply_columns[COL_FEN], FEN_MAX);
            cell_done(&r, pos_to_fen(before, w->o->opts.fen_flags, d));
        }
        cell_seconds(&r, ply_columns[COL_CLOCK], f.has_clock, f.clock_ms);
        cell_seconds(&r, ply_columns[COL_TIME_SPENT], f.has_spent, f.spent_ms);
        cell_int(&r, ply_columns[COL_EVAL_CP], f.has_eval && !f.eval.mate, f.eval.cp);
        cell_int(&r, ply_columns[COL_EVAL_MATE], f.has_eval && f.eval.mate, f.eval.mate);
        const char *text = m->nag_count ? nags_text(w, m, &n) : NULL;
        cell_str(&r, ply_columns[COL_NAGS], text, n);
        text = m->comment_count ? comment_text(w, m, &n) : NULL;
        cell_str(&r, ply_columns[COL_COMMENT], text, n);
        row_end(&r);
    }
}

/* ---- Per game: the lichess dataset's columns ---------------------------------- */

/* A tag that is a whole number, sign allowed ("+5" as lichess writes rating changes). */
static int whole_number(const char *v, long long *out)
{
    const char *p = v;
    int neg = *p == '-';
    long long n = 0;
    if (*p == '-' || *p == '+')
        p++;
    if (!*p || strlen(p) > 15)
        return 0;
    for (; *p; p++) {
        if (!ascii_is_digit(*p))
            return 0;
        n = n * 10 + (*p - '0');
    }
    *out = neg ? -n : n;
    return 1;
}

/* "2024.01.31" as "2024-01-31" in out[11]; 0 when it is not a whole date. */
static int iso_date(const char *v, char out[11])
{
    if (strlen(v) != 10 || v[4] != '.' || v[7] != '.')
        return 0;
    for (int i = 0; i < 10; i++) {
        if (i == 4 || i == 7)
            out[i] = '-';
        else if (ascii_is_digit(v[i]))
            out[i] = v[i];
        else
            return 0;
    }
    out[10] = 0;
    return 1;
}

void game_rows_game(struct go_game *w)
{
    /*
     * ROSTER: a Seven Tag Roster tag, whose "?" is PGN's way of saying
     * unknown (export format): null, as the tag's absence is, so that rows
     * -> PGN (which writes "?" for it) -> rows gives the rows back.
     * OPTIONAL: only when the game has the tag: the dataset (standard games
     * from the start) has no such column, but a game from a set-up position
     * cannot be replayed without it.
     */
    enum kind { TEXT, ROSTER, NUMBER, DATE, OPTIONAL };
    static const struct {
        const char *name;
        enum kind kind;
    } columns[] = {
        { "Event", ROSTER },        { "Site", ROSTER },         { "White", ROSTER },
        { "Black", ROSTER },        { "Result", TEXT },         { "WhiteTitle", TEXT },
        { "BlackTitle", TEXT },     { "WhiteElo", NUMBER },     { "BlackElo", NUMBER },
        { "WhiteRatingDiff", NUMBER }, { "BlackRatingDiff", NUMBER }, { "UTCDate", DATE },
        { "UTCTime", TEXT },        { "ECO", TEXT },            { "Opening", TEXT },
        { "Termination", TEXT },    { "TimeControl", TEXT },    { "Variant", OPTIONAL },
        { "SetUp", OPTIONAL },      { "FEN", OPTIONAL },
    };
    struct row r = { .w = w, .json = 1, .n = 0 };
    for (size_t c = 0; c < sizeof columns / sizeof columns[0]; c++) {
        const char *v = go_tag_value(w, columns[c].name);
        long long n = 0;
        char date[11];
        if (columns[c].kind == NUMBER) {
            int has = v && whole_number(v, &n);
            cell_int(&r, columns[c].name, has, n);
        } else if (columns[c].kind == DATE) {
            cell_str(&r, columns[c].name, v && iso_date(v, date) ? date : NULL, 10);
        } else if (columns[c].kind != OPTIONAL || v) {
            if (columns[c].kind == ROSTER && v && !strcmp(v, "?"))
                v = NULL;
            cell_str(&r, columns[c].name, v, v ? strlen(v) : 0);
        }
    }
    /* The movetext goes to o->text first: it becomes one JSON string. */
    struct buf *out = w->out, *text = &w->o->text;
    buf_reset(text);
    w->out = text;
    pgn_write_movetext(w, 0);
    w->out = out;
    cell_str(&r, "movetext", text->data ? text->data : "", text->len);
    row_end(&r);
}
