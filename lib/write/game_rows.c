/* game_rows.c - games as rows for data tools: one per ply (CSV, NDJSON), one per game (NDJSON). */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "write/game_rows.h"
#include "write/pgn_writer.h"
#include "write/ply_facts.h"
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

/* One row being written: JSON members or CSV fields, in the same calls. */
struct row {
    struct go_game *w;
    int json;
    int cells;
};

static void key(struct row *r, const char *name)
{
    struct go_game *w = r->w;
    if (r->json) {
        go_put(w, r->cells ? ",\"" : "{\"", 2);
        go_puts(w, name);
        go_put(w, "\":", 2);
    } else if (r->cells) {
        go_put(w, ",", 1);
    }
    r->cells++;
}

static void put_null(struct row *r)
{
    if (r->json)
        go_put(r->w, "null", 4);
}

static void cell_int(struct row *r, const char *name, int has, long long v)
{
    char tmp[GO_NUM_MAX];
    key(r, name);
    if (!has)
        return put_null(r);
    go_put(r->w, tmp, (size_t)snprintf(tmp, sizeof tmp, "%lld", v));
}

/* s NULL: no value. */
static void cell_str(struct row *r, const char *name, const char *s, size_t n)
{
    key(r, name);
    if (!s)
        return put_null(r);
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
    char tmp[48];
    key(r, name);
    if (!has)
        return put_null(r);
    uint64_t a = ms < 0 ? (uint64_t)0 - (uint64_t)ms : (uint64_t)ms;
    int n = snprintf(tmp, sizeof tmp, "%s%llu", ms < 0 ? "-" : "", (unsigned long long)(a / 1000));
    unsigned frac = (unsigned)(a % 1000);
    if (frac) {
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, ".%03u", frac);
        while (tmp[n - 1] == '0')
            n--;
    }
    go_put(r->w, tmp, (size_t)n);
}

static void row_end(struct row *r)
{
    go_put(r->w, r->json ? "}\n" : "\n", r->json ? 2 : 1);
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
    struct row r = { .w = w, .json = w->o->opts.format == GO_ROWS };
    struct ply_clocks clocks;
    struct pos pos[2];
    ply_clocks_init(&clocks, go_tag_value(w, "TimeControl"));
    pos[0] = w->start;
    for (uint32_t k = w->first; k < w->limit && !w->err; k++) {
        uint32_t i = go_main_move(w, k), t = (k - w->first) & 1;
        const struct game_move *m = &g->moves[i];
        struct go_step s = { i, w->r->moves[i], k + 1, 0, &pos[t], &pos[t ^ 1] };
        const struct pos *before = s.before;
        struct ply_facts f;
        char text[FEN_MAX + MOVE_TEXT_MAX]; /* a FEN or a move */
        size_t n;
        pos[t ^ 1] = *before;
        if (m->flags & GAME_MOVE_NULL) {
            s.move = MOVE_NONE;
            pos_play_null(&pos[t ^ 1]);
        } else {
            pos_play(&pos[t ^ 1], s.move);
        }
        ply_facts_read(&clocks, g, i, before->side == BLACK, &f);

        r.cells = 0;
        cell_int(&r, ply_columns[COL_GAME], 1, (long long)g->index);
        cell_int(&r, ply_columns[COL_PLY], 1,
                 (long long)(before->fullmove - 1) * 2 + (before->side == BLACK) + 1);
        cell_int(&r, ply_columns[COL_MOVE_NUMBER], 1, (long long)before->fullmove);
        const char *side = before->side == BLACK ? "black" : "white";
        cell_str(&r, ply_columns[COL_SIDE], side, strlen(side));
        n = go_move_text(w, &s, text);
        cell_str(&r, ply_columns[COL_SAN], text, n);
        if (s.move == MOVE_NONE) {
            memcpy(text, "0000", 5);
            n = 4;
        } else {
            n = (size_t)uci_write(before, s.move, text);
        }
        cell_str(&r, ply_columns[COL_UCI], text, n);
        if (with_fen(w)) {
            n = pos_to_fen(before, w->o->opts.fen_flags, text);
            cell_str(&r, ply_columns[COL_FEN], text, n);
        }
        cell_seconds(&r, ply_columns[COL_CLOCK], f.has_clock, f.clock_ms);
        cell_seconds(&r, ply_columns[COL_TIME_SPENT], f.has_spent, f.spent_ms);
        cell_int(&r, ply_columns[COL_EVAL_CP], f.has_eval && !f.eval.mate, f.eval.cp);
        cell_int(&r, ply_columns[COL_EVAL_MATE], f.has_eval && f.eval.mate, f.eval.mate);
        const char *s_nags = nags_text(w, m, &n);
        cell_str(&r, ply_columns[COL_NAGS], s_nags, n);
        const char *s_comment = comment_text(w, m, &n);
        cell_str(&r, ply_columns[COL_COMMENT], s_comment, n);
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
    enum kind { TEXT, NUMBER, DATE };
    static const struct {
        const char *name;
        enum kind kind;
    } columns[] = {
        { "Event", TEXT },          { "Site", TEXT },           { "White", TEXT },
        { "Black", TEXT },          { "Result", TEXT },         { "WhiteTitle", TEXT },
        { "BlackTitle", TEXT },     { "WhiteElo", NUMBER },     { "BlackElo", NUMBER },
        { "WhiteRatingDiff", NUMBER }, { "BlackRatingDiff", NUMBER }, { "UTCDate", DATE },
        { "UTCTime", TEXT },        { "ECO", TEXT },            { "Opening", TEXT },
        { "Termination", TEXT },    { "TimeControl", TEXT },
    };
    struct row r = { .w = w, .json = 1 };
    for (size_t c = 0; c < sizeof columns / sizeof columns[0]; c++) {
        const char *v = go_tag_value(w, columns[c].name);
        long long n = 0;
        char date[11];
        if (columns[c].kind == NUMBER) {
            int has = v && whole_number(v, &n);
            cell_int(&r, columns[c].name, has, n);
        } else if (columns[c].kind == DATE) {
            cell_str(&r, columns[c].name, v && iso_date(v, date) ? date : NULL, 10);
        } else {
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
