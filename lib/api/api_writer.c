/* api_writer.c - writing games through the public interface: PGN, JSON, EPD, FEN, UCI, CSV, rows. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "api/api_internal.h"
#include "init/lib_init.h"
#include "notation/notation.h"
#include "write/game_out.h"
#include "base/banned.h"

/* Text written per game, at most: the writer's buffer is capped as the reader's games are. */
enum { WRITER_MAX = 256 << 20 };

struct pgnkit_writer {
    struct game_out out;
    struct buf text;
    int begun; /* the text before the first game (CSV header) was written */
};

int pgnkit_writer_new(struct pgnkit_writer **out, int format, int lang)
{
    /* The public formats in their order, as game_out names them. */
    static const struct {
        int format;
        unsigned flags;
    } formats[] = {
        [PGNKIT_FORMAT_PGN] = { GO_PGN, 0 },       [PGNKIT_FORMAT_JSON] = { GO_NDJSON, 0 },
        [PGNKIT_FORMAT_EPD] = { GO_EPD, 0 },       [PGNKIT_FORMAT_FEN] = { GO_FEN, 0 },
        [PGNKIT_FORMAT_UCI] = { GO_UCI, 0 },       [PGNKIT_FORMAT_CSV] = { GO_CSV, 0 },
        [PGNKIT_FORMAT_ROWS] = { GO_ROWS, 0 },
        [PGNKIT_FORMAT_PLY_ROWS] = { GO_ROWS, GO_PER_PLY },
        [PGNKIT_FORMAT_PLY_CSV] = { GO_CSV, GO_PER_PLY },
        [PGNKIT_FORMAT_PLAIN] = { GO_PLAIN, 0 },
    };
    lib_init();
    *out = NULL;
    if (format < 0 || format >= (int)(sizeof formats / sizeof formats[0]) || lang < 0 ||
        lang >= notation_count())
        return PGNKIT_EINVAL;
    struct pgnkit_writer *w = calloc(1, sizeof *w);
    if (!w)
        return PGNKIT_ENOMEM;
    struct game_out_opts opts;
    game_out_opts_init(&opts);
    opts.format = formats[format].format;
    opts.flags |= formats[format].flags;
    opts.style.lang = lang;
    game_out_init(&w->out, &opts);
    buf_init(&w->text, WRITER_MAX);
    *out = w;
    return PGNKIT_OK;
}

int pgnkit_writer_game(struct pgnkit_writer *w, struct pgnkit_game *g, const char **text,
                       size_t *len)
{
    *text = "";
    *len = 0;
    if (g->g.flags & GAME_EMPTY) /* only comments or % lines: no game to write */
        return PGNKIT_OK;
    int rc = api_game_replay(g);
    if (rc)
        return rc;
    /* As convert: a bad variation need not cost the main line where
     * variations are not written. */
    if (g->r.errors && !game_out_writes_variations(&w->out.opts))
        replay_drop_variation_errors(&g->r, &g->g);
    if (g->r.errors || g->r.skipped)
        return PGNKIT_EILLEGAL;
    buf_reset(&w->text);
    if (!w->begun) {
        rc = game_out_begin(&w->out, &w->text);
        if (rc)
            return rc;
        w->begun = 1;
    }
    return api_text_out(&w->text, game_out_game(&w->out, &g->g, &g->r, &w->text), text, len);
}

void pgnkit_writer_free(struct pgnkit_writer *w)
{
    if (!w)
        return;
    game_out_release(&w->out);
    buf_release(&w->text);
    free(w);
}
