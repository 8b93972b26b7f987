/* game_plies.c - which plies a game is written with: dropped at the start, kept to a quiet position, variations as lines. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "write/game_out.h"
#include "write/game_out_internal.h"
#include "chess/movegen.h"
#include "base/banned.h"

/* The main-line ply whose comments first hold text; main when none does. */
static uint32_t comment_ply(const struct go_game *w, const char *text, uint32_t main)
{
    size_t n = strlen(text);
    for (uint32_t k = 0; k < main; k++) {
        const struct game_move *m = &w->g->moves[go_main_move(w, k)];
        for (uint32_t c = 0; c < m->comment_count; c++) {
            const struct game_comment *gc = &w->g->comments[m->comment_first + c];
            for (uint32_t at = 0; n && at + n <= gc->len; at++)
                if (gc->text[at] == text[0] && !memcmp(gc->text + at, text, n))
                    return k;
        }
    }
    return main;
}

/* Plays main-line ply k of w from *p. */
static void play(const struct go_game *w, uint32_t k, struct pos *p)
{
    uint32_t i = go_main_move(w, k);
    if (w->g->moves[i].flags & GAME_MOVE_NULL)
        pos_play_null(p);
    else
        pos_play(p, w->r->moves[i]);
}

/* 1 when main-line ply k, played from *before, captures, promotes or gives check. */
static int noisy(const struct go_game *w, uint32_t k, const struct pos *before)
{
    uint32_t i = go_main_move(w, k);
    if (w->g->moves[i].flags & GAME_MOVE_NULL)
        return 0;
    move16 m = w->r->moves[i];
    if (pos_captured(before, m) || move_flag(m) == MF_PROMOTION)
        return 1;
    struct pos after = *before;
    pos_play(&after, m);
    return pos_in_check(&after);
}

/*
 * pgn-extract's --quiescent: the moves written go on past the limit until
 * the last `quiet` of them captured nothing, promoted nothing and gave no
 * check (or the game ends).
 */
static uint32_t quiet_limit(const struct go_game *w, uint32_t limit, uint32_t main, uint32_t quiet)
{
    struct pos p = w->start;
    uint32_t calm = 0; /* quiet plies just before ply k */
    for (uint32_t k = w->first; k < main; k++) {
        if (k >= limit && calm >= quiet)
            return k;
        calm = noisy(w, k, &p) ? 0 : calm + 1;
        play(w, k, &p);
    }
    return main;
}

void go_choose_plies(struct go_game *w)
{
    const struct game_out_opts *o = &w->o->opts;
    uint32_t main = go_main_len(w);
    uint32_t first = 0;
    if (o->drop_plies > 0)
        first = (uint32_t)o->drop_plies < main ? (uint32_t)o->drop_plies : main;
    else if (o->drop_plies < 0)
        first = main > (uint32_t)-(int64_t)o->drop_plies ? main - (uint32_t)-(int64_t)o->drop_plies : 0;
    if (o->drop_before) {
        uint32_t k = comment_ply(w, o->drop_before, main);
        if (k < main && k + 1 > first)
            first = k + 1;
    }
    w->start = w->r->start;
    for (uint32_t k = 0; k < first; k++)
        play(w, k, &w->start);
    w->first = first;
    uint32_t room = main - first;
    w->limit = first + (o->max_plies < room ? o->max_plies : room);
    if (o->quiescent && w->limit < main)
        w->limit = quiet_limit(w, w->limit, main, o->quiescent);
}

/* Appends the moves of line var before its move at index end (its own moves only). */
static void append_line(struct go_game *w, uint32_t var, uint32_t end, struct buf *paths,
                        uint32_t *len)
{
    const struct game_var *gv = &w->g->vars[var];
    if (var) {
        /* What comes before: the line of the move it replaces, up to that move. */
        uint32_t parent = gv->parent;
        append_line(w, w->g->moves[parent].var, parent, paths, len);
    }
    for (uint32_t i = gv->first; i < end && !w->err; i++) {
        w->err = buf_append(paths, &i, sizeof i);
        ++*len;
    }
}

uint32_t go_variation_path(struct go_game *w, uint32_t var, struct buf *paths)
{
    uint32_t len = 0;
    const struct game_var *gv = &w->g->vars[var];
    append_line(w, var, gv->first + gv->count, paths, &len);
    return len;
}

int go_ply_in(const struct go_ply_range *r, size_t n, uint32_t ply, uint32_t last)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t a = r[i].first == GO_PLY_FINAL ? last : r[i].first;
        uint32_t b = r[i].last == GO_PLY_FINAL ? last : r[i].last;
        if (a <= ply && ply <= b)
            return 1;
    }
    return 0;
}
