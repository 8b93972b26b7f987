/* test_index_game.c - what the database keeps of one game, checked against hand counts. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "index/index_game.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "replay_util.h"

static char name_copy[IR_NAMES][64];

/*
 * The first game of text, as the index's workers see it: replayed with the
 * trace the build asks for (replayed = 1), or left for the facts to walk (0).
 * Its names are copied to name_copy (valid until the next call). 0 when it
 * could not be read.
 */
static int game_of(const char *text, int replayed, struct index_game *out)
{
    struct pgn_reader *r;
    struct game g;
    struct replay rp;
    struct game_facts f;
    struct replay_opts ro = { .lang = NOTATION_AUTO, .flags = REPLAY_TRACE,
                              .keep_ply = INDEX_WALK_PLIES };
    int ok = 0;
    replay_init(&rp, &ro);
    game_facts_init(&f, NOTATION_AUTO);
    if (pgn_reader_open_mem(&r, text, strlen(text), NULL) == PGN_OK) {
        if (pgn_reader_next(r, &g) > 0 && (!replayed || replay_game(&rp, &g) == PGN_OK)) {
            index_game_of(&f, &g, replayed ? &rp : NULL, out);
            ok = 1;
            /* The names point into the game, which goes with the reader. */
            for (int i = 0; i < IR_NAMES; i++)
                if (out->names[i]) {
                    ok &= out->name_lens[i] < sizeof name_copy[i];
                    snprintf(name_copy[i], sizeof name_copy[i], "%.*s", (int)out->name_lens[i],
                             out->names[i]);
                    out->names[i] = name_copy[i];
                }
        }
        pgn_reader_free(r);
    }
    game_facts_release(&f);
    replay_release(&rp);
    return ok;
}

/* The knights go out and back twice: plies 4, 5 and 6 are the positions of
 * plies 0, 1 and 2 again, kept once each at their first ply. */
void test_index_game__walk_keeps_a_position_once(void)
{
    static const char text[] = "[Result \"*\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. e4 *\n";
    for (int replayed = 0; replayed < 2; replayed++) {
        struct index_game ig;
        if (!game_of(text, replayed, &ig)) {
            FAIL("the game did not read");
            return;
        }
        CHECK_EQ_INT(ig.walk.n, 5);
        static const uint8_t plies[5] = { 0, 1, 2, 3, 7 };
        for (uint32_t i = 0; i < 5 && i < ig.walk.n; i++)
            CHECK_EQ_INT(ig.walk.ply[i], plies[i]);
        for (uint32_t i = 0; i < ig.walk.n; i++)
            for (uint32_t j = 0; j < i; j++)
                CHECK(ig.walk.key[i] != ig.walk.key[j]);
        CHECK_EQ_INT(ig.rec.max_repetition, 2); /* each of plies 0-2 comes back once */
    }
}

/* Each name tag's first value is the one kept; a second one sets its flag only. */
void test_index_game__names_first_value_and_repeats(void)
{
    static const char text[] = "[White \"Anna\"]\n[Site \"Oslo\"]\n[White \"Berta\"]\n"
                               "[Whites \"no\"]\n[Black \"Cleo\"]\n[Site \"Bergen\"]\n"
                               "[Result \"*\"]\n\n1. e4 *\n";
    struct index_game ig;
    if (!game_of(text, 1, &ig)) {
        FAIL("the game did not read");
        return;
    }
    static const char *const want[IR_NAMES] = { "Anna", "Cleo", NULL, "Oslo" };
    for (int i = 0; i < IR_NAMES; i++) {
        if (!want[i]) {
            CHECK(ig.names[i] == NULL);
            CHECK_EQ_INT(ig.name_lens[i], 0);
            continue;
        }
        CHECK(ig.names[i] != NULL);
        if (ig.names[i]) {
            CHECK_EQ_INT(ig.name_lens[i], strlen(want[i]));
            CHECK(!memcmp(ig.names[i], want[i], strlen(want[i])));
        }
    }
    CHECK_EQ_INT(ig.rec.flags & (IR_DUP_WHITE << 0), IR_DUP_WHITE << 0);
    CHECK_EQ_INT(ig.rec.flags & (IR_DUP_WHITE << 1), 0);
    CHECK_EQ_INT(ig.rec.flags & (IR_DUP_WHITE << 2), 0);
    CHECK_EQ_INT(ig.rec.flags & (IR_DUP_WHITE << 3), IR_DUP_WHITE << 3);
}

/* The material runs of the first game of text, encoded and read back; 0 when
 * it did not read or is not nruns runs to ply plies. */
static int runs_of(const char *text, uint32_t nruns, uint32_t plies, struct index_material *m)
{
    struct index_game ig;
    if (!game_of(text, 1, &ig)) {
        FAIL("the game did not read");
        return 0;
    }
    CHECK(index_material_decode(ig.material, ig.material_len, m) > 0);
    CHECK_EQ_INT(m->nruns, nruns);
    CHECK_EQ_INT(m->plies, plies);
    return m->nruns == nruns;
}

/* The material runs read back: a capture each side, then (from a set-up
 * position) a promotion that captures and one that does not. */
void test_index_game__material_runs_read_back(void)
{
    struct index_material m;
    if (runs_of("[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 *\n", 3, 5, &m)) {
        CHECK_EQ_INT(m.run[1].ply, 3);
        CHECK_EQ_INT(m.run[1].mat.count[BLACK][PAWN], 7);
        CHECK_EQ_INT(m.run[1].mat.count[WHITE][PAWN], 8);
        CHECK_EQ_INT(m.run[2].ply, 4);
        CHECK_EQ_INT(m.run[2].mat.count[WHITE][PAWN], 7);
        CHECK_EQ_INT(m.run[2].mat.count[BLACK][QUEEN], 1);
    }
    static const char promo[] = "[FEN \"r3k3/1P5P/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n"
                                "[Result \"*\"]\n\n1. bxa8=Q+ Kf7 2. h8=N+ Ke7 *\n";
    if (runs_of(promo, 3, 4, &m)) {
        CHECK_EQ_INT(m.run[0].mat.count[WHITE][PAWN], 2);
        CHECK_EQ_INT(m.run[0].mat.count[BLACK][ROOK], 1);
        CHECK_EQ_INT(m.run[1].ply, 1);
        CHECK_EQ_INT(m.run[1].mat.count[WHITE][PAWN], 1);
        CHECK_EQ_INT(m.run[1].mat.count[WHITE][QUEEN], 1);
        CHECK_EQ_INT(m.run[1].mat.count[BLACK][ROOK], 0);
        CHECK_EQ_INT(m.run[2].ply, 3);
        CHECK_EQ_INT(m.run[2].mat.count[WHITE][PAWN], 0);
        CHECK_EQ_INT(m.run[2].mat.count[WHITE][KNIGHT], 1);
        CHECK_EQ_INT(m.run[2].mat.count[WHITE][QUEEN], 1);
    }
}

/* The trace's runs of one game against the walk's (which counts the board
 * at each position): same plies, same counts. */
static void compare_runs(const char *rel, struct game *g, struct replay *rp,
                         struct game_facts *f, void *ctx)
{
    unsigned long *runs = ctx;
    if (!rp->complete || rp->skipped)
        return;
    const struct game_features *ft = game_facts_features(f);
    if (!ft || !ft->complete || ft->plies != rp->plies)
        return;
    if (f->nruns != rp->nruns) {
        FAIL("%s: game %llu: %u runs traced, %u walked", rel, (unsigned long long)g->index,
             rp->nruns, f->nruns);
        return;
    }
    for (uint32_t i = 0; i < f->nruns; i++)
        if (f->runs[i].ply != rp->runs[i].ply || !material_equal(&f->runs[i].mat, &rp->runs[i].mat)) {
            FAIL("%s: game %llu: run %u differs", rel, (unsigned long long)g->index, i);
            break;
        }
    *runs += f->nruns;
}

/* Every game of one file through compare_runs(). */
static void compare_file_runs(const char *rel, void *ctx)
{
    replay_each_game(rel, REPLAY_TRACE, compare_runs, ctx);
}

void test_index_game__traced_runs_are_counted_runs(void)
{
    static const char *const dirs[] = { "testdata", "testdata/corpus", "testdata/notation",
                                        "testdata/search" };
    unsigned long runs = 0;
    reader_each_pgn(dirs, sizeof dirs / sizeof dirs[0], compare_file_runs, &runs);
    CHECK(runs > 5000);
}
