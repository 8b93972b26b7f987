/* game_epd.c - the positions of a game as EPD records or FEN lines, with what its comments say. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include "chess/position.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "pgn/judge.h"
#include "pgn/ply_facts.h"
#include "write/game_out.h"
#include "write/game_out_internal.h"
#include "base/banned.h"

/* EPD, FEN: an empty list of ranges selects every position. */
static int ply_selected(const struct game_out_opts *o, uint32_t ply, uint32_t last)
{
    return !o->nranges || go_ply_in(o->ranges, o->nranges, ply, last);
}

/*
 * The EPD operations of what the comments after move (the one that led to
 * the position, side to move stm) say: "ce N;" (centipawns from the side to
 * move's view) from its [%eval], or "dm N;" when the side to move mates in
 * N; then "c0 \"...\";" to "c9" with its comments' text (commands left out;
 * EPD strings cannot hold a double quote, so one becomes a single quote,
 * and line ends become spaces).
 */
static void write_epd_facts(struct go_game *w, uint32_t move, int stm)
{
    const struct game *g = w->g;
    const struct game_move *m = &g->moves[move];
    unsigned strip = w->o->opts.strip;
    char tmp[48];
    if (!(strip & (GO_STRIP_EVALS | GO_STRIP_COMMANDS | GO_STRIP_COMMENTS))) {
        struct ply_clocks clocks;
        struct ply_facts f;
        ply_clocks_init(&clocks, NULL);
        ply_facts_read(&clocks, g, move, stm == WHITE, &f);
        int sign = stm == WHITE ? 1 : -1;
        if (f.has_eval && !f.eval.mate)
            go_put(w, tmp, (size_t)snprintf(tmp, sizeof tmp, " ce %d;", sign * f.eval.cp));
        else if (f.has_eval && sign * f.eval.mate > 0)
            go_put(w, tmp, (size_t)snprintf(tmp, sizeof tmp, " dm %d;", sign * f.eval.mate));
    }
    if (strip & GO_STRIP_COMMENTS)
        return;
    for (uint32_t c = 0, k = 0; c < m->comment_count && k < 10; c++) {
        const struct game_comment *cm = &g->comments[m->comment_first + c];
        if (!cm->plain_len)
            continue;
        go_put(w, tmp, (size_t)snprintf(tmp, sizeof tmp, " c%u \"", k++));
        for (uint32_t i = 0; i < cm->plain_len; i++) {
            char ch = cm->plain[i];
            ch = ch == '"' ? '\'' : ch == '\n' || ch == '\r' ? ' ' : ch;
            go_put(w, &ch, 1);
        }
        go_put(w, "\";", 2);
    }
}

/*
 * "bm MOVE;" when a comment after the move played from p names the best
 * one ("Mistake. Nc3 was best.", judge_comment_best()) and it is a legal
 * move there; the first such comment counts.
 */
static void write_epd_best(struct go_game *w, const struct pos *p, uint32_t played)
{
    const struct game *g = w->g;
    const struct game_move *m = &g->moves[played];
    if (w->o->opts.strip & GO_STRIP_COMMENTS)
        return;
    for (uint32_t c = 0; c < m->comment_count; c++) {
        const struct game_comment *cm = &g->comments[m->comment_first + c];
        const char *word;
        size_t len = judge_comment_best(cm->plain, cm->plain_len, &word);
        move16 best;
        if (!len || san_read(p, word, len, NOTATION_EN, &best, NULL, NULL) != PGN_OK)
            continue;
        char mv[MOVE_TEXT_MAX], tmp[MOVE_TEXT_MAX + 8];
        go_pos_move_text(w->o, p, best, 0, mv);
        go_put(w, tmp, (size_t)snprintf(tmp, sizeof tmp, " bm %s;", mv));
        return;
    }
}

static void write_position(struct go_game *w, const struct pos *p, uint32_t ply, move16 next,
                           uint32_t played, uint32_t prev)
{
    int has_next = played != UINT32_MAX;
    char fen[FEN_MAX], line[FEN_MAX + MOVE_TEXT_MAX + 96];
    if (w->o->opts.format == GO_FEN) {
        size_t n = pos_to_fen(p, w->o->opts.fen_flags, fen);
        fen[n++] = '\n';
        go_put(w, fen, n);
        return;
    }
    pos_to_fen(p, FEN_NO_COUNTERS | w->o->opts.fen_flags, fen);
    int n = snprintf(line, sizeof line, "%s hmvc %u; fmvn %u;", fen, p->halfmove, p->fullmove);
    if (has_next) {
        char mv[MOVE_TEXT_MAX];
        go_pos_move_text(w->o, p, next, next == MOVE_NONE, mv);
        n += snprintf(line + n, sizeof line - (size_t)n, " sm %s;", mv);
    }
    go_put(w, line, (size_t)n);
    if (has_next && next != MOVE_NONE)
        write_epd_best(w, p, played);
    if (prev != UINT32_MAX)
        write_epd_facts(w, prev, p->side);
    n = snprintf(line, sizeof line, " id \"%llu:%u\";\n", (unsigned long long)w->g->index, ply);
    go_put(w, line, (size_t)n);
}

void go_write_positions(struct go_game *w)
{
    const struct game *g = w->g;
    struct pos p = w->start;
    for (uint32_t k = w->first; k <= w->limit; k++) {
        uint32_t i = k < w->limit ? go_main_move(w, k) : 0;
        move16 m = k < w->limit ? w->r->moves[i] : MOVE_NONE;
        if (ply_selected(&w->o->opts, k, w->limit))
            write_position(w, &p, k, m, k < w->limit ? i : UINT32_MAX,
                           k ? go_main_move(w, k - 1) : UINT32_MAX);
        if (k == w->limit)
            break;
        if (g->moves[i].flags & GAME_MOVE_NULL)
            pos_play_null(&p);
        else
            pos_play(&p, m);
    }
}
