/* mainline.c - the main line of a game as positions: a light replay for searches, resolved on demand. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "replay/mainline.h"
#include "replay/replay.h"
#include "replay/variant.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "base/banned.h"

void mainline_init(struct mainline *m, int lang)
{
    memset(m, 0, sizeof *m);
    m->lang_opt = lang;
    m->lang = lang;
}

void mainline_release(struct mainline *m)
{
    free(m->moves);
    memset(m, 0, sizeof *m);
}

/* The start position as replay_game() sets it up (FEN, SetUp, Variant). */
static int setup(struct mainline *m, const struct game *g)
{
    const char *variant = game_tag_value(g, "Variant");
    const char *fen = game_tag_value(g, "FEN");
    m->chess960 = 0;
    if (variant && variant_is_chess960(variant))
        m->chess960 = 1;
    else if (variant && !variant_is_standard(variant))
        return ML_VARIANT;
    if (fen) {
        enum fen_problem why;
        int rc = pos_from_fen(&m->start, fen, &why);
        if (why == FEN_CASTLING) { /* repaired as replay_game() does */
            char dropped[FEN_DROPPED_MAX];
            rc = pos_from_fen_repair(&m->start, fen, !m->chess960, dropped, NULL);
        }
        if (rc != PGN_OK)
            return ML_BAD_FEN;
    } else {
        pos_set_start(&m->start);
    }
    if (m->chess960)
        m->start.chess960 = 1;
    return ML_OK;
}

int mainline_reset(struct mainline *m, const struct game *g)
{
    m->g = g;
    m->nresolved = 0;
    m->failed = 0;
    m->seeded_by = NULL;
    m->nseeded = 0;
    m->lang = -2; /* decided on the first move */
    m->nmoves = g->nvars ? g->vars[0].count : 0;
    m->status = setup(m, g);
    if (m->nmoves > m->cap) {
        size_t cap = m->cap ? m->cap : 256;
        while (cap < m->nmoves)
            cap *= 2;
        move16 *p = realloc(m->moves, cap * sizeof *p);
        if (!p)
            return PGN_ENOMEM;
        m->moves = p;
        m->cap = cap;
    }
    return PGN_OK;
}

void mainline_first(const struct mainline *m, struct ml_iter *it)
{
    it->pos = m->start;
    it->ply = 0;
}

int mainline_next(struct mainline *m, struct ml_iter *it)
{
    uint32_t i = it->ply;
    if (m->status != ML_OK || i >= m->nmoves)
        return 0;
    if (i < m->nresolved) {
        move16 mv = m->moves[i];
        if (mv == MOVE_NONE)
            pos_play_null(&it->pos);
        else
            pos_play(&it->pos, mv);
        it->ply++;
        return 1;
    }
    if (m->failed || i != m->nresolved)
        return 0;
    if (m->lang == -2)
        m->lang = replay_language(m->g, m->lang_opt);
    const struct game_move *gm = &m->g->moves[m->g->vars[0].first + i];
    move16 mv = MOVE_NONE;
    if (gm->flags & GAME_MOVE_NULL) {
        if (pos_in_check(&it->pos)) {
            m->failed = 1;
            return 0;
        }
        pos_play_null(&it->pos);
    } else {
        if (san_read(&it->pos, gm->text, gm->len, m->lang, &mv, NULL, NULL) != PGN_OK) {
            m->failed = 1;
            return 0;
        }
        pos_play(&it->pos, mv);
    }
    m->moves[m->nresolved++] = mv;
    it->ply++;
    return 1;
}

/* Whether r may have read main-line move gm in the other of English and
 * German: the letters replay.c's read_other_language() tries (a switch, not
 * strchr(): it runs for every move of every game indexed). */
static int maybe_other_language(const struct game_move *gm, int lang)
{
    if (!gm->len)
        return 0;
    switch (gm->text[0]) {
    case 'D': case 'T': case 'L': case 'S': return lang == NOTATION_EN;
    case 'Q': case 'R': case 'B': case 'N': return lang != NOTATION_EN;
    default: return 0;
    }
}

void mainline_seed(struct mainline *m, const struct replay *r)
{
    /* No main-line move replayed: r's start and language may be a previous game's. */
    if (m->status != ML_OK || m->nresolved || r->skipped || r->plies == 0 ||
        r->start.chess960 != m->start.chess960 || !pos_same(&r->start, &m->start))
        return;
    /* replay_game() reads in replay_language() of its own option (replay.h). */
    int lang = r->opts.lang == m->lang_opt ? r->lang : replay_language(m->g, m->lang_opt);
    if (lang != r->lang)
        return;
    m->lang = lang;
    const struct game_move *gm = &m->g->moves[m->g->vars[0].first];
    const move16 *mv = &r->moves[m->g->vars[0].first];
    uint32_t n = r->plies < m->nmoves ? r->plies : m->nmoves, i = 0;
    if (!r->mixed) { /* every move was read in lang, as the main line reads it */
        memcpy(m->moves, mv, n * sizeof *mv);
        i = n;
    }
    for (; i < n && !(mv[i] != MOVE_NONE && maybe_other_language(&gm[i], lang)); i++)
        m->moves[i] = mv[i];
    m->nresolved = m->nseeded = i;
    m->seeded_by = r;
}

int mainline_agrees(const struct mainline *m, const struct replay *r, uint32_t n)
{
    if (m->status != ML_OK || r->skipped || m->nresolved < n)
        return 0;
    if (m->seeded_by == r && m->nseeded >= n && n) /* seeding checked the start too */
        return 1;
    if (!pos_same(&m->start, &r->start))
        return 0;
    /* A game without moves has nothing to compare (and may have no arrays). */
    return n == 0 || !memcmp(m->moves, r->moves + m->g->vars[0].first, n * sizeof *m->moves);
}

int mainline_resolve_all(struct mainline *m)
{
    if (m->status != ML_OK || m->failed || m->nresolved == m->nmoves)
        return PGN_OK;
    struct ml_iter it;
    mainline_first(m, &it);
    while (mainline_next(m, &it) > 0)
        ;
    return PGN_OK;
}
