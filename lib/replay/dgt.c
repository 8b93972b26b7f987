/* dgt.c - a DGT board's habits in a game: the kings-on-the-centre result signal, taken-back moves. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "notation/san.h"
#include "replay/dgt.h"
#include "replay/replay.h"
#include "base/banned.h"

/* The square main-line move i of g takes a king to when it is d4, d5, e4 or e5; else SQ_NONE. */
static int king_to_centre(const struct game *g, uint32_t i, int lang)
{
    const struct game_move *m = &g->moves[g->vars[0].first + i];
    struct san_parts sp;
    if (m->flags & GAME_MOVE_NULL || san_parse(m->text, m->len, lang, &sp, NULL) != PGN_OK)
        return SQ_NONE;
    if (sp.kind != SAN_MOVE || sp.pieces != (1u << KING) || sp.to_rank < 0)
        return SQ_NONE;
    if ((sp.to_file != 3 && sp.to_file != 4) || (sp.to_rank != 3 && sp.to_rank != 4))
        return SQ_NONE;
    return sp.to_rank * 8 + sp.to_file;
}

/* Light centre squares are d5 and e4: file + rank odd (a1 is dark). */
static int light(int sq) { return ((sq & 7) + (sq >> 3)) & 1; }

static int signal_result(const uint8_t king_sq[2])
{
    int w = light(king_sq[WHITE]), b = light(king_sq[BLACK]);
    if (w != b)
        return PGN_RESULT_DRAW;
    return w ? PGN_RESULT_WHITE : PGN_RESULT_BLACK;
}

int dgt_read(struct mainline *ml, const struct game *g, struct dgt_facts *out)
{
    memset(out, 0, sizeof *out);
    out->result = PGN_RESULT_NONE;
    out->takebacks = g->nvars ? g->nvars - 1 : 0;
    if (!g->nvars || g->vars[0].count == 0)
        return PGN_OK;
    int rc = mainline_reset(ml, g);
    if (rc != PGN_OK)
        return rc;
    if (ml->status != ML_OK)
        return PGN_OK;
    uint32_t n = g->vars[0].count;
    /* The positions before the last two moves, as far as the main line replays. */
    struct ml_iter it;
    struct pos before[2]; /* before[k]: before move n - 2 + k */
    int reached[2] = { 0, 0 };
    mainline_first(ml, &it);
    for (;;) {
        if (it.ply + 2 >= n) {
            before[it.ply + 2 - n] = it.pos;
            reached[it.ply + 2 - n] = 1;
        }
        if (it.ply + 1 >= n || (rc = mainline_next(ml, &it)) <= 0)
            break;
    }
    if (rc < 0)
        return rc;
    int lang = ml->lang >= 0 ? ml->lang : NOTATION_AUTO;
    int last = king_to_centre(g, n - 1, lang);
    if (last == SQ_NONE)
        return PGN_OK;
    int prev = n >= 2 ? king_to_centre(g, n - 2, lang) : SQ_NONE;
    if (prev != SQ_NONE && prev != last && reached[0]) {
        /* Both kings moved onto the centre, one move each. */
        int side = before[0].side;
        out->king_sq[side] = (uint8_t)prev;
        out->king_sq[!side] = (uint8_t)last;
        out->signal_plies = 2;
    } else if (reached[1]) {
        /* One king moved there; the other stood there already. */
        int side = before[1].side, other = before[1].king[!side];
        if ((other & 7) < 3 || (other & 7) > 4 || (other >> 3) < 3 || (other >> 3) > 4 ||
            other == last)
            return PGN_OK;
        out->king_sq[side] = (uint8_t)last;
        out->king_sq[!side] = (uint8_t)other;
        out->signal_plies = 1;
    } else {
        return PGN_OK;
    }
    out->result = signal_result(out->king_sq);
    return PGN_OK;
}

/* out->tags: g's tags with the Result tag set to result (added when missing), copied to a. */
static int set_result_tag(const struct game *g, int result, struct arena *a, struct game *out)
{
    struct game_tag *tags = arena_alloc(a, (g->ntags + 1) * sizeof *tags);
    if (!tags)
        return PGN_ENOMEM;
    memcpy(tags, g->tags, g->ntags * sizeof *tags);
    const char *v = pgn_result_str(result);
    uint32_t i = 0;
    while (i < g->ntags && strcmp(tags[i].name, "Result"))
        i++;
    if (i == g->ntags) {
        memset(&tags[i], 0, sizeof tags[i]);
        tags[i].name = "Result";
        tags[i].name_len = 6;
        tags[i].id = GAME_TAG_RESULT;
        out->ntags = g->ntags + 1;
    }
    tags[i].value = v;
    tags[i].value_len = (uint32_t)strlen(v);
    out->tags = tags;
    return PGN_OK;
}

int dgt_clean(const struct game *g, const struct dgt_facts *f, struct arena *a, struct game *out)
{
    *out = *g;
    if (!g->nvars)
        return PGN_OK;
    const struct game_var *main = &g->vars[0];
    uint32_t keep = main->count - f->signal_plies;
    struct game_var *var = arena_alloc(a, sizeof *var);
    struct game_move *moves = arena_alloc(a, (keep ? keep : 1) * sizeof *moves);
    if (!var || !moves)
        return PGN_ENOMEM;
    *var = *main;
    var->first = 0;
    var->count = keep;
    memcpy(moves, g->moves + main->first, keep * sizeof *moves);
    for (uint32_t i = 0; i < keep; i++) {
        moves[i].var = 0;
        moves[i].var_first = moves[i].var_count = 0;
    }
    out->vars = var;
    out->nvars = 1;
    out->moves = moves;
    out->nmoves = keep;
    if (f->result == PGN_RESULT_NONE)
        return PGN_OK;
    out->result = f->result;
    out->result_text = pgn_result_str(f->result);
    out->result_len = (uint32_t)strlen(out->result_text);
    return set_result_tag(g, f->result, a, out);
}
