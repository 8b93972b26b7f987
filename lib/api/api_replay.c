/* api_replay.c - a game's replay through the public interface: diagnostics and main-line positions. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "api/api_internal.h"
#include "replay/diag.h"
#include "base/banned.h"

int api_game_replay(struct pgnkit_game *g)
{
    if (!g->replayed) {
        g->replay_status = replay_game(&g->r, &g->g);
        g->replayed = 1;
    }
    return g->replay_status;
}

long api_game_move_index(struct pgnkit_game *g, size_t ply)
{
    if (!g->g.nvars || ply < 1 || ply > g->g.vars[0].count)
        return API_NO_MOVE;
    return (long)(g->g.vars[0].first + ply - 1);
}

/*
 * The broad class of a diagnostic code: the one table from validate's
 * codes to the public status space. Deviations from the export format and
 * notes are no failure, so they are PGNKIT_OK.
 */
static int diag_status(int code)
{
    switch (code) {
    case D_SYNTAX:
    case D_BAD_MOVE_TEXT:
    case D_RESULT_MISMATCH:
        return PGNKIT_ESYNTAX;
    case D_TOO_BIG:
        return PGNKIT_ETOOBIG;
    case D_ILLEGAL_MOVE:
    case D_MOVE_AFTER_END:
    case D_RESULT_CONTRADICTS:
        return PGNKIT_EILLEGAL;
    case D_AMBIGUOUS_MOVE:
        return PGNKIT_EAMBIGUOUS;
    case D_BAD_FEN:
        return PGNKIT_EFEN;
    case D_ENCODING:
        return PGNKIT_EENCODING;
    default:
        return PGNKIT_OK;
    }
}

int pgnkit_game_diagnostic_count(struct pgnkit_game *g)
{
    int rc = api_game_replay(g);
    if (rc)
        return rc;
    return g->r.ndiags > (size_t)INT32_MAX ? INT32_MAX : (int)g->r.ndiags;
}

int pgnkit_game_diagnostic(struct pgnkit_game *g, size_t i, struct pgnkit_diagnostic *d)
{
    if (api_game_replay(g) || i >= g->r.ndiags)
        return PGNKIT_EINVAL;
    const struct replay_diag *rd = &g->r.diags[i];
    *d = (struct pgnkit_diagnostic){
        .file = g->g.file,
        .line = rd->line,
        .column = rd->col,
        .offset = rd->offset,
        .status = diag_status(rd->code),
        .severity = rd->severity,
        .detail = rd->code,
        .message = rd->msg,
        .fen = rd->fen,
    };
    if (rd->move != UINT32_MAX) {
        const struct game_move *m = &g->g.moves[rd->move];
        d->ply = replay_diag_ply(rd);
        d->move = m->text;
        d->move_len = m->len;
    }
    return PGNKIT_OK;
}

const char *pgnkit_game_end(struct pgnkit_game *g)
{
    return api_game_replay(g) ? "" : replay_end_name(g->r.end);
}

int pgnkit_game_is_valid(struct pgnkit_game *g)
{
    return api_game_replay(g) == PGN_OK && g->r.errors == 0;
}

size_t pgnkit_game_ply_count(struct pgnkit_game *g)
{
    return api_game_replay(g) ? 0 : g->r.plies;
}

/* Makes g->line, the positions of the main line, from the replay's moves. */
static int make_line(struct pgnkit_game *g)
{
    if (g->line_len)
        return PGN_OK;
    int rc = api_game_replay(g);
    if (rc)
        return rc;
    size_t n = (size_t)g->r.plies + 1;
    if (n > g->line_cap) {
        struct pos *grown = realloc(g->line, n * sizeof *grown);
        if (!grown)
            return PGN_ENOMEM;
        g->line = grown;
        g->line_cap = n;
    }
    g->line[0] = g->r.start;
    for (size_t ply = 1; ply < n; ply++) {
        long i = api_game_move_index(g, ply);
        g->line[ply] = g->line[ply - 1];
        if (g->r.moves[i] == MOVE_NONE) /* a null move: the replay played it so */
            pos_play_null(&g->line[ply]);
        else
            pos_play(&g->line[ply], g->r.moves[i]);
    }
    g->line_len = n;
    return PGN_OK;
}

int pgnkit_game_position(struct pgnkit_game *g, size_t ply, struct pgnkit_position *dst)
{
    int rc = make_line(g);
    if (rc)
        return rc;
    if (ply >= g->line_len)
        return PGNKIT_EINVAL;
    dst->p = g->line[ply];
    return PGNKIT_OK;
}

size_t pgnkit_game_move(struct pgnkit_game *g, size_t ply, int format, int lang, char *out,
                        size_t cap)
{
    if (make_line(g) || ply < 1 || ply >= g->line_len)
        return 0;
    long i = api_game_move_index(g, ply);
    return api_write_move(&g->line[ply - 1], g->r.moves[i], format, lang, out, cap);
}
