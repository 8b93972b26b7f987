/* search_mark.c - search's --match-tag and --mark-matches: the selected games as read, marked where they matched. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "chess/position.h"
#include "cli/common.h"
#include "query/repertoire.h"
#include "search/search_mark.h"
#include "write/game_marks.h"
#include "base/banned.h"

int search_mark_active(const struct search_mark *m) { return m->text || m->tag; }

int search_mark_text(struct search_mark *m, const char *text)
{
    if (strchr(text, '}') || strchr(text, '\n') || strchr(text, '\r')) {
        error("--mark-matches takes text for a comment: no '}' and no line end, not '%s'", text);
        return -1;
    }
    m->text = text;
    return 0;
}

static int by_ply(const void *a, const void *b)
{
    uint32_t x = ((const struct sq_mark *)a)->ply, y = ((const struct sq_mark *)b)->ply;
    return (x > y) - (x < y);
}

static int material_kind(int criterion)
{
    return criterion == SQ_MATERIAL || criterion == SQ_MATERIAL_EITHER ||
           criterion == SQ_MATERIAL_END;
}

/* The FEN of each mark's position into fens (FEN_MAX apart), walking the main line once. */
static void mark_fens(struct game_facts *f, const struct game_mark *gm, size_t n, char *fens)
{
    struct ml_iter it;
    struct mainline *ml = game_facts_mainline(f);
    if (!ml)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", f->g->file, f->g->index, pgn_strerror(f->status));
    mainline_first(ml, &it);
    for (size_t k = 0; k < n; k++) {
        while (it.ply < gm[k].ply && mainline_next(ml, &it) > 0)
            ;
        pos_to_fen(&it.pos, 0, fens + k * FEN_MAX);
    }
}

int search_mark_game(const struct search_mark *m, struct search_query *q, struct game_facts *f,
                     const struct game *g, struct buf *out)
{
    if (!g->raw)
        return 1;
    struct sq_mark *marks = xcalloc(search_query_count(q) + 1, sizeof *marks);
    int n = search_query_marks(q, f, marks);
    if (n < 0)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(n));
    /* The tag of the first criterion that has one: the material's side, the repertoire's exit. */
    const char *tag = NULL, *tag_name = NULL;
    char exit_text[REPERTOIRE_EXIT_TEXT_MAX];
    for (int k = 0; m->tag && !tag && k < n; k++) {
        struct repertoire_exit e;
        if (material_kind(marks[k].criterion)) {
            tag_name = "MaterialMatch";
            tag = marks[k].swapped ? "Black" : "White";
        } else if (marks[k].criterion == SQ_REPERTOIRE && search_query_repertoire_exit(q, f, &e) > 0) {
            repertoire_exit_text(&e, exit_text);
            tag_name = "RepertoireExit";
            tag = exit_text;
        }
    }
    /* One comment per ply, in the order of the moves. */
    size_t ncomments = 0;
    struct game_mark *gm = xcalloc((size_t)n + 1, sizeof *gm);
    qsort(marks, (size_t)n, sizeof *marks, by_ply);
    for (int k = 0; m->text && k < n; k++)
        if (!ncomments || gm[ncomments - 1].ply != marks[k].ply)
            gm[ncomments++] = (struct game_mark){ marks[k].ply, m->text, strlen(m->text) };
    char *fens = NULL;
    if (ncomments && !strcmp(m->text, "FEN")) {
        fens = xmalloc(ncomments * FEN_MAX);
        mark_fens(f, gm, ncomments, fens);
        for (size_t k = 0; k < ncomments; k++) {
            gm[k].text = fens + k * FEN_MAX;
            gm[k].len = strlen(gm[k].text);
        }
    }
    int rc = game_marks_write(g, tag_name, tag, gm, ncomments, out);
    free(fens);
    free(gm);
    free(marks);
    if (rc)
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index,
            rc == PGN_ENOMEM ? "out of memory" : pgn_strerror(rc));
    return 0;
}
