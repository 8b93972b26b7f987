/* test_mainline.c - the light main-line replay reads the same moves as replay_game(). */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "query/game_facts.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "replay_util.h"

/* One game: the same start, the same moves, stops at the same move, the same end. */
static void compare_game(const char *rel, struct game *g, struct replay *rp,
                         struct game_facts *f, void *ctx)
{
    (void)ctx;
    const struct game_features *ft = game_facts_features(f);
    const struct mainline *ml = &f->ml;
    if (!ft) {
        FAIL("%s: game %llu: no features", rel, (unsigned long long)g->index);
        return;
    }
    if (rp->skipped || !g->nvars) {
        CHECK(ml->status != ML_OK || !g->nvars);
        return;
    }
    if (ml->status != ML_OK) {
        /* a FEN replay_game refuses too */
        CHECK(rp->errors > 0);
        return;
    }
    CHECK(pos_same(&ml->start, &rp->start));
    uint32_t first = g->vars[0].first;
    if (ml->nresolved != rp->plies)
        FAIL("%s: game %llu: %u main-line moves read, replay_game %u", rel,
             (unsigned long long)g->index, ml->nresolved, rp->plies);
    for (uint32_t i = 0; i < ml->nresolved && i < rp->plies; i++)
        if (ml->moves[i] != rp->moves[first + i]) {
            FAIL("%s: game %llu: move %u differs", rel, (unsigned long long)g->index, i);
            break;
        }
    CHECK_EQ_INT(ft->complete, rp->complete);
    if (rp->complete && g->nbad == 0 &&
        (rp->end == END_CHECKMATE || rp->end == END_STALEMATE || rp->end == END_DEAD ||
         ft->end != END_NONE))
        if (ft->end != rp->end)
            FAIL("%s: game %llu: end %d, replay_game %d", rel, (unsigned long long)g->index,
                 ft->end, rp->end);
    if (rp->end == END_FIVEFOLD)
        CHECK(ft->max_repetition >= 5);
}

/* Every game of one file through compare_game(). */
static void compare_file(const char *rel, void *ctx)
{
    unsigned long *total = ctx;
    *total += replay_each_game(rel, REPLAY_NO_TAGS, compare_game, NULL);
}

void test_mainline__same_moves_as_replay(void)
{
    static const char *const dirs[] = { "testdata", "testdata/corpus", "testdata/broken",
                                        "testdata/notation", "testdata/search" };
    unsigned long games = 0;
    reader_each_pgn(dirs, sizeof dirs / sizeof dirs[0], compare_file, &games);
    CHECK(games > 500);
}

/* A second walk plays the moves already read; a partial walk resolves no further than asked. */
void test_mainline__resolves_on_demand(void)
{
    static const char text[] = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *";
    struct pgn_reader *r;
    struct game g;
    struct mainline ml;
    mainline_init(&ml, NOTATION_AUTO);
    if (pgn_reader_open_mem(&r, text, sizeof text - 1, NULL) || pgn_reader_next(r, &g) <= 0) {
        FAIL("cannot read");
        return;
    }
    CHECK_EQ_INT(mainline_reset(&ml, &g), PGN_OK);
    CHECK_EQ_INT(ml.nmoves, 10);
    struct ml_iter it;
    mainline_first(&ml, &it);
    for (int i = 0; i < 3; i++)
        CHECK_EQ_INT(mainline_next(&ml, &it), 1);
    CHECK_EQ_INT(ml.nresolved, 3);
    mainline_first(&ml, &it);
    int n = 0;
    while (mainline_next(&ml, &it) > 0)
        n++;
    CHECK_EQ_INT(n, 10);
    CHECK_EQ_INT(ml.nresolved, 10);
    CHECK(!ml.failed);
    char fen[FEN_MAX];
    pos_to_fen(&it.pos, 0, fen);
    CHECK_EQ_STR(fen, "r1bqk2r/1pppbppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 6");
    mainline_release(&ml);
    pgn_reader_free(r);
}

/* The features of a main line seeded with replay_game()'s moves, against those read alone. */
static void compare_seeded_file(const char *rel, void *ctx)
{
    unsigned long *total = ctx;
    size_t len;
    char *text = reader_slurp(rel, &len);
    if (!text)
        return;
    struct pgn_reader *r;
    struct game g;
    struct replay rp;
    struct game_facts alone, seeded;
    struct replay_opts ro = { .lang = NOTATION_AUTO, .flags = 0 };
    replay_init(&rp, &ro);
    game_facts_init(&alone, NOTATION_AUTO);
    game_facts_init(&seeded, NOTATION_AUTO);
    if (pgn_reader_open_mem(&r, text, len, NULL) == PGN_OK) {
        while (pgn_reader_next(r, &g) > 0 && replay_game(&rp, &g) == PGN_OK) {
            game_facts_reset(&alone, &g, r);
            game_facts_reset(&seeded, &g, r);
            game_facts_seed(&seeded, &rp);
            const struct game_features *a = game_facts_features(&alone);
            const struct game_features *s = game_facts_features(&seeded);
            (*total)++;
            if (!a || !s) {
                FAIL("%s: game %llu: no features", rel, (unsigned long long)g.index);
                continue;
            }
            struct mainline *ma = &alone.ml, *ms = &seeded.ml;
            if (ma->nresolved != ms->nresolved || ma->failed != ms->failed ||
                (ma->nresolved &&
                 memcmp(ma->moves, ms->moves, ma->nresolved * sizeof *ma->moves)) ||
                a->complete != s->complete || a->end != s->end ||
                a->final_dead != s->final_dead || a->max_repetition != s->max_repetition ||
                a->max_halfmove != s->max_halfmove || a->fifty != s->fifty ||
                a->seventyfive != s->seventyfive || a->underpromotion != s->underpromotion ||
                a->plies != s->plies)
                FAIL("%s: game %llu: seeded main line differs", rel,
                     (unsigned long long)g.index);
        }
        pgn_reader_free(r);
    }
    replay_release(&rp);
    game_facts_release(&alone);
    game_facts_release(&seeded);
    free(text);
}

void test_mainline__seeded_as_read_alone(void)
{
    static const char *const dirs[] = { "testdata", "testdata/corpus", "testdata/broken",
                                        "testdata/notation", "testdata/search",
                                        "testdata/lenient", "testdata/index" };
    unsigned long games = 0;
    reader_each_pgn(dirs, sizeof dirs / sizeof dirs[0], compare_seeded_file, &games);
    CHECK(games > 500);
}
