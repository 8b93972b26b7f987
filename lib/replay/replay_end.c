/* replay_end.c - the end of a replayed game: how the rules end it, against the result written. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "chess/movegen.h"
#include "pgn/tagvalue.h"
#include "replay/diag.h"
#include "replay/replay_internal.h"
#include "base/banned.h"

static const char *const color_name[2] = { "White", "Black" };

static int result_of(const char *v)
{
    if (!strcmp(v, "1-0"))
        return PGN_RESULT_WHITE;
    if (!strcmp(v, "0-1"))
        return PGN_RESULT_BLACK;
    if (!strcmp(v, "1/2-1/2"))
        return PGN_RESULT_DRAW;
    if (!strcmp(v, "*"))
        return PGN_RESULT_UNKNOWN;
    return PGN_RESULT_NONE;
}

/* Where findings about the end are reported: the result, else just after the
 * last main-line move, else the start of the game. */
struct end_place {
    uint64_t line, off;
    uint32_t col;
};

static struct end_place end_place(const struct game *g)
{
    struct end_place at = { g->line, g->offset, g->col };
    if (g->result_text) {
        at.line = g->result_line, at.col = g->result_col, at.off += g->result_off;
    } else if (g->vars[0].count) {
        const struct game_move *last = &g->moves[g->vars[0].first + g->vars[0].count - 1];
        at.line = last->line, at.col = last->col + last->len, at.off += last->off + last->len;
    }
    return at;
}

/* A mate or stalemate after an automatic draw does not end a drawn game. */
int replay_end_of(const struct pos *final, int draw_end, int draw_dead)
{
    if (draw_end != END_NONE && !draw_dead)
        return draw_end;
    int state = movegen_state(final);
    return state == STATE_CHECKMATE ? END_CHECKMATE
         : state == STATE_STALEMATE ? END_STALEMATE
         : pos_is_dead(final) ? END_DEAD : END_NONE;
}

/* The result the game gives: its result token, checked against the Result
 * tag, or the tag's when there is no token (reported). PGN_RESULT_NONE
 * when neither gives one. */
static int written_result(struct replay *r, const struct game *g, const struct game_tag *tag,
                          const struct end_place *at)
{
    int tag_result = tag ? result_of(tag->value) : PGN_RESULT_NONE;
    int result = g->result;
    if (result == PGN_RESULT_NONE) {
        if (g->nmoves || !tag)
            replay_add(r, D_NO_RESULT, at->line, at->col, at->off,
                       "the game has no result (1-0, 0-1, 1/2-1/2 or *)");
        result = tag_result;
    } else if (tag_result != PGN_RESULT_NONE && tag_result != result) {
        replay_add(r, D_RESULT_MISMATCH, at->line, at->col, at->off,
                   "Result tag \"%s\" differs from the game's result '%.*s'", tag->value,
                   (int)g->result_len, g->result_text);
    }
    return result;
}

/* A result against the end r->end the rules found in r->final, and a win
 * on time against the winner's material. */
static void check_result(struct replay *r, const struct known_tags *tags, int result,
                         const struct end_place *at)
{
    const struct pos *f = &r->final;
    uint64_t line = at->line, off = at->off;
    uint32_t col = at->col;
    const char *res = pgn_result_str(result);
    int decisive = result == PGN_RESULT_WHITE || result == PGN_RESULT_BLACK;
    switch (r->end) {
    case END_CHECKMATE: {
        int winner = f->side ^ 1;
        int expect = winner == WHITE ? PGN_RESULT_WHITE : PGN_RESULT_BLACK;
        if (result == PGN_RESULT_UNKNOWN)
            replay_add(r, D_UNFINISHED_TERMINAL, line, col, off,
                       "result '*' but %s is checkmated (%s)", color_name[f->side],
                       pgn_result_str(expect));
        else if (result != expect)
            replay_add(r, D_RESULT_CONTRADICTS, line, col, off,
                       "result %s contradicts the final position: %s is checkmated (%s)", res,
                       color_name[f->side], pgn_result_str(expect));
        return;
    }
    case END_STALEMATE:
    case END_DEAD: {
        const char *why = r->end == END_STALEMATE ? "stalemate" : "a dead position";
        if (result == PGN_RESULT_UNKNOWN)
            replay_add(r, D_UNFINISHED_TERMINAL, line, col, off,
                       "result '*' but the game ended in %s (1/2-1/2)", why);
        else if (decisive)
            replay_add(r, D_RESULT_CONTRADICTS, line, col, off,
                       "result %s contradicts the final position: %s is a draw", res, why);
        return;
    }
    case END_FIVEFOLD:
    case END_SEVENTYFIVE:
        if (decisive)
            replay_add(r, r->end == END_FIVEFOLD ? D_PAST_FIVEFOLD : D_PAST_75_MOVES, line, col,
                       off, "result %s, but the game was already drawn by %s", res,
                       r->end == END_FIVEFOLD ? "fivefold repetition" : "the 75-move rule");
        return;
    default:
        break;
    }
    const struct game_tag *term = tags->tag[KT_TERMINATION];
    if (decisive && term && tagvalue_time_forfeit(term->value)) {
        int winner = result == PGN_RESULT_WHITE ? WHITE : BLACK;
        if (!pos_can_mate(f, winner))
            replay_add(r, D_TIMEOUT_DRAW, line, col, off,
                       "%s won on time but cannot mate with the material left: a draw under "
                       "the FIDE Laws (1/2-1/2)", color_name[winner]);
    }
}

int replay_fixed_result(const struct replay *r, const struct game *g)
{
    switch (r->end) {
    case END_CHECKMATE: return r->final.side == WHITE ? PGN_RESULT_BLACK : PGN_RESULT_WHITE;
    case END_NONE: break;
    default: return PGN_RESULT_DRAW;
    }
    const char *v = game_tag_value(g, "Result");
    int tag = v ? result_of(v) : PGN_RESULT_NONE;
    if (g->result == PGN_RESULT_NONE || tag == PGN_RESULT_NONE || tag == g->result)
        return PGN_RESULT_NONE;
    return g->result == PGN_RESULT_UNKNOWN ? tag : g->result;
}

void replay_check_end(struct replay *r, const struct game *g, const struct known_tags *tags,
                      const struct auto_draw *draw)
{
    struct end_place at = end_place(g);
    r->end = replay_end_of(&r->final, draw->end, draw->dead);
    r->end_ply = r->end != END_NONE && r->end == draw->end ? draw->ply : r->plies;
    int result = written_result(r, g, tags->tag[KT_RESULT], &at);
    if (result != PGN_RESULT_NONE)
        check_result(r, tags, result, &at);
}

const char *replay_end_name(int end)
{
    switch (end) {
    case END_CHECKMATE: return "checkmate";
    case END_STALEMATE: return "stalemate";
    case END_DEAD: return "dead position";
    case END_FIVEFOLD: return "fivefold repetition";
    case END_SEVENTYFIVE: return "75-move rule";
    default: return "";
    }
}
