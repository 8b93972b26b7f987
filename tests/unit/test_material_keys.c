/* test_material_keys.c - the material keys: their layout, a game's keys, and a plan that reads only candidates. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "base/buf.h"
#include "base/error.h"
#include "index/index_db.h"
#include "index/index_material_keys.h"
#include "index/index_plan.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "query/search_query.h"

static struct material parsed(const char *text)
{
    struct material m;
    size_t at;
    memset(&m, 0, sizeof m);
    if (material_parse(text, &m, &at) != 0)
        FAIL("'%s' is no material", text);
    return m;
}

/*
 * The key of KRP:KR by hand: White's pawn count in bits 0-3 (1), White's
 * rooks in bits 12-15 (1), Black's rooks in bits 32-35 (1); its row, 0x25,
 * is (0x100001001 * 0x9e3779b97f4a7c15 mod 2^64) >> 58, worked out apart
 * (with Python). Twenty men besides the kings have a key, 21 none; nor has
 * a count past a nibble or a second king.
 */
void test_material_keys__layout(void)
{
    struct material m = parsed("KRP:KR");
    uint64_t key = material_key_of(&m);
    CHECK_EQ_INT(key & ((1ull << 56) - 1), 0x100001001ull);
    CHECK_EQ_INT(key >> 56, 0x25);
    CHECK_EQ_INT(index_bucket(key), 0x25);
    CHECK_EQ_INT(material_key_with_row(MATERIAL_KEY_UNSURE) >> 56, 0x12);
    m = parsed("KQRRBBNNPPP:KQRRBBNNPPP"); /* 20 men */
    CHECK(material_key_of(&m) != MATERIAL_KEY_NONE);
    m = parsed("KQRRBBNNPPPP:KQRRBBNNPPP"); /* 21 men */
    CHECK(material_key_of(&m) == MATERIAL_KEY_NONE);
    m = parsed("KQ:K");
    m.count[WHITE][QUEEN] = 16;
    CHECK(material_key_of(&m) == MATERIAL_KEY_NONE);
    m = parsed("KQ:K");
    m.count[BLACK][KING] = 2;
    CHECK(material_key_of(&m) == MATERIAL_KEY_NONE);
}

/* The posting of key k in p (NULL when none). */
static const struct index_posting *posting_of(const struct index_postings *p, uint64_t k)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->v[i].key == k)
            return &p->v[i];
    return NULL;
}

/*
 * A game from a set-up position, White to move at ply 0: KRP:KR for plies
 * 0-9 (both sides to move), KR:KR at ply 10 alone (White to move), KR:K
 * at ply 11 alone (Black to move), then KR:KR again from ply 12 to 14
 * (a run the encoding allows: both sides); the start's material, 30 men,
 * has no key. Each material is one posting, with the sides of all its runs.
 */
void test_material_keys__sides_of_runs(void)
{
    struct index_material m;
    memset(&m, 0, sizeof m);
    m.flags = IM_CUSTOM;
    m.nruns = 5;
    m.plies = 14;
    const char *mats[] = { "KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP", "KRP:KR", "KR:KR", "KR:K", "KR:KR" };
    const uint32_t plies[] = { 0, 1, 10, 11, 12 };
    for (int i = 0; i < 5; i++) {
        m.run[i].ply = plies[i];
        m.run[i].mat = parsed(mats[i]);
    }
    struct index_postings p = { 0 };
    CHECK_EQ_INT(material_keys_add_game(&p, 7, &m, 0), PGN_OK);
    CHECK_EQ_INT(p.n, 3);
    struct material krp_kr = parsed("KRP:KR"), kr_kr = parsed("KR:KR"), kr_k = parsed("KR:K");
    const struct index_posting *a = posting_of(&p, material_key_of(&krp_kr));
    const struct index_posting *b = posting_of(&p, material_key_of(&kr_kr));
    const struct index_posting *c = posting_of(&p, material_key_of(&kr_k));
    CHECK(a && a->game == 7 && a->ply == (MK_WHITE | MK_BLACK));
    CHECK(b && b->game == 7 && b->ply == (MK_WHITE | MK_BLACK));
    CHECK(c && c->game == 7 && c->ply == MK_BLACK);
    /* With Black to move first, the lone ply 10 is Black's and ply 11 White's. */
    p.n = 0;
    m.flags |= IM_BLACK;
    m.nruns = 4;
    m.plies = 11;
    CHECK_EQ_INT(material_keys_add_game(&p, 8, &m, 0), PGN_OK);
    b = posting_of(&p, material_key_of(&kr_kr));
    c = posting_of(&p, material_key_of(&kr_k));
    CHECK(b && b->ply == MK_BLACK);
    CHECK(c && c->ply == MK_WHITE);
    /* A game the build could not tell: the unsure key alone, both sides. */
    p.n = 0;
    m.flags = IM_UNSURE;
    CHECK_EQ_INT(material_keys_add_game(&p, 9, &m, 0), PGN_OK);
    CHECK_EQ_INT(p.n, 1);
    CHECK(p.n == 1 && p.v[0].key == material_key_with_row(MATERIAL_KEY_UNSURE) &&
          p.v[0].ply == (MK_WHITE | MK_BLACK));
    index_postings_release(&p);
}

enum { GAMES = 2 * 4096 + 10, ENDGAME_A = 100, ENDGAME_B = 2 * 4096 + 5, CROWD = 5001,
       CROWD_GAMES = MATERIAL_KEY_DIRECT + 2 };

/* 1 when game i (from 1) of write_games is king and pawn against king. */
static int is_endgame(int i)
{
    return i == ENDGAME_A || i == ENDGAME_B || (i >= CROWD && i < CROWD + CROWD_GAMES);
}

/* GAMES games: openings without a capture (no key), but the endgames
 * is_endgame() names (numbers from 1). */
static void write_games(struct buf *b)
{
    for (int i = 1; i <= GAMES; i++) {
        char game[256];
        int n = is_endgame(i)
                    ? snprintf(game, sizeof game, "[Event \"%d\"]\n[SetUp \"1\"]\n[FEN \"8/8/4k3/"
                               "8/8/4K3/4P3/8 w - - 0 60\"]\n\n60. Kd3 Kd5 *\n\n", i)
                    : snprintf(game, sizeof game, "[Event \"%d\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n",
                               i);
        buf_append(b, game, (size_t)n);
    }
}

/* Builds the database of write_games' games at path; 1 when done. */
static int build(const char *path)
{
    struct buf text = BUF_INIT(1 << 24);
    write_games(&text);
    struct pgn_reader *r;
    struct index_db *db;
    char name[] = "games.pgn";
    struct index_source src = { .path = name };
    if (pgn_reader_open_mem(&r, text.data, text.len, NULL) ||
        index_db_create(&db, path) != PGN_OK || index_db_add_source(db, &src) != PGN_OK) {
        FAIL("cannot start the build");
        return 0;
    }
    struct game g;
    int ok = 1;
    while (ok && pgn_reader_next(r, &g) > 0) {
        ok = index_db_add_game(db, src.id, &g, NULL, NULL) == PGN_OK;
        src.games++;
    }
    ok = ok && index_db_set_source(db, &src) == PGN_OK && index_db_finish(db) == PGN_OK;
    index_db_close(db);
    pgn_reader_free(r);
    buf_release(&text);
    CHECK_EQ_INT(src.games, GAMES);
    return ok;
}

/* A database of write_games' games, built anew at path[64] (named after tag); 1 when done. */
static int fresh_database(char *path, const char *tag)
{
    snprintf(path, 64, "/tmp/pgnkit-keys-%s%ld.pgnkit", tag, (long)getpid());
    unlink(path);
    if (build(path))
        return 1;
    unlink(path);
    return 0;
}

/* The verdicts (into verdict[GAMES]) and counters of criterion arg on the database at path. */
static void plan_counts(const char *path, int criterion, const char *arg, unsigned char *verdict,
                        size_t *yes, size_t *maybe, struct index_plan_counts *counts)
{
    struct index_db *db = NULL;
    struct search_query *q = NULL;
    struct search_query_opts opts = { .lang = NOTATION_AUTO };
    struct sq_error err;
    struct index_plan *plan = NULL;
    *yes = *maybe = 0;
    memset(counts, 0, sizeof *counts);
    if (index_db_open(&db, path, 0) != PGN_OK || search_query_new(&q, &opts) != PGN_OK ||
        search_query_add(q, criterion, arg, &err) != PGN_OK ||
        index_plan_new(&plan, db, q, &opts) != PGN_OK ||
        index_plan_source(plan, 1, GAMES, verdict) != PGN_OK) {
        FAIL("cannot plan '%s'", arg);
    } else {
        for (size_t i = 0; i < GAMES; i++) {
            *maybe += verdict[i] == INDEX_MAYBE;
            *yes += verdict[i] == INDEX_YES;
        }
        index_plan_counts(plan, counts);
    }
    index_plan_free(plan);
    search_query_free(q);
    index_db_close(db);
}

/*
 * A position of king and pawn against king, after 60. Kd3 (Black to move):
 * the material keys leave the games that have that material with Black to
 * move, and rule out all the others without reading their chunk's records
 * (the plan's counters say so). The one game in chunk 0 and the one in
 * chunk 2 are left to the scan; the MATERIAL_KEY_DIRECT + 2 games in chunk 1
 * are too many for that, so that chunk's records are read and decide them:
 * they meet the position at ply 1, in the position index.
 */
void test_material_keys__late_position_reads_only_candidates(void)
{
    char path[64];
    if (!fresh_database(path, "p"))
        return;
    unsigned char *verdict = calloc(GAMES, 1);
    size_t yes, maybe;
    struct index_plan_counts counts;
    plan_counts(path, SQ_POSITION, "8/8/4k3/8/8/3K4/4P3/8 b - - 1 60", verdict, &yes, &maybe,
                &counts);
    CHECK_EQ_INT(maybe, 2);
    CHECK_EQ_INT(yes, CROWD_GAMES);
    CHECK_EQ_INT(verdict[ENDGAME_A - 1], INDEX_MAYBE);
    CHECK_EQ_INT(verdict[ENDGAME_B - 1], INDEX_MAYBE);
    CHECK_EQ_INT(verdict[CROWD - 1], INDEX_YES);
    CHECK_EQ_INT(counts.candidates, 2 + CROWD_GAMES);
    CHECK_EQ_INT(counts.chunks, 1);
    CHECK_EQ_INT(counts.decided, CROWD_GAMES);
    free(verdict);
    unlink(path);
}

/*
 * --material-end KP:K, one exact material: the same keys leave the endgames
 * (with either side to move), and the runs of their three chunks decide
 * them all (yes: a material needs no source, however few the candidates).
 * KQ:K, which no game has, reads no chunk; --material-either K:KP (the colours swapped fit) is KP:K's.
 */
void test_material_keys__material_through_keys(void)
{
    char path[64];
    if (!fresh_database(path, "m"))
        return;
    size_t yes, maybe;
    struct index_plan_counts c;
    unsigned char *verdict = calloc(GAMES, 1);
    plan_counts(path, SQ_MATERIAL_END, "KP:K", verdict, &yes, &maybe, &c);
    CHECK_EQ_INT(yes, 2 + CROWD_GAMES);
    CHECK_EQ_INT(maybe, 0);
    CHECK_EQ_INT(c.candidates, 2 + CROWD_GAMES);
    CHECK_EQ_INT(c.chunks, 3);
    CHECK_EQ_INT(c.decided, 2 + CROWD_GAMES);
    plan_counts(path, SQ_MATERIAL_END, "KQ:K", verdict, &yes, &maybe, &c);
    CHECK_EQ_INT(yes + maybe, 0);
    CHECK_EQ_INT(c.candidates, 0);
    CHECK_EQ_INT(c.chunks, 0);
    plan_counts(path, SQ_MATERIAL_EITHER, "K:KP", verdict, &yes, &maybe, &c);
    CHECK_EQ_INT(yes, 2 + CROWD_GAMES);
    CHECK_EQ_INT(maybe, 0);
    CHECK_EQ_INT(c.chunks, 3);
    free(verdict);
    unlink(path);
}
