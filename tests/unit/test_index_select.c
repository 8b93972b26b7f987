/* test_index_select.c - selective queries through game_keys: which criterion picks, which chunks are read. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "test.h"
#include "base/error.h"
#include "notation/notation.h"
#include "index/index_db_internal.h"
#include "index/index_plan.h"
#include "query/search_query.h"

/*
 * A database of five chunks (20,480 games) made of records alone: game i
 * (from 0) has White "P<i % 1000>", a date in year 2000 + i % 20, White's
 * rating 2000 + i % 800, ECO code i % 500 and 40 + i % 100 plies, a
 * checkmate when i % 50 == 3, a position three times when i % 10 == 0, except
 * games 9000 and 9500 (both in chunk 2, 8192 .. 12287), whose White is
 * "Rare". So --white Rare is 2 games, found in one chunk.
 */
enum { GAMES = 5 * INDEX_CHUNK_GAMES };

static int make_db(const char *path)
{
    struct index_db *db;
    struct index_source src = { .path = (char *)"made.pgn" };
    if (index_db_create(&db, path) || index_db_add_source(db, &src)) {
        fprintf(stderr, "    %s\n", index_db_message(db));
        index_db_close(db);
        return -1;
    }
    char name[16];
    for (uint64_t i = 0; i < GAMES; i++) {
        struct game g;
        memset(&g, 0, sizeof g);
        g.index = i + 1;
        g.offset = i * 100;
        g.raw_size = 100;
        struct index_game ig;
        memset(&ig, 0, sizeof ig);
        ig.material[0] = IM_UNSURE; /* no runs: never read here */
        ig.material_len = 1;
        int len = i == 9000 || i == 9500 ? snprintf(name, sizeof name, "Rare")
                                          : snprintf(name, sizeof name, "P%u", (unsigned)(i % 1000));
        ig.names[IR_WHITE] = name;
        ig.name_lens[IR_WHITE] = (size_t)len;
        int year = 2000 + (int)(i % 20);
        ig.rec.date.lo = year * 10000 + 101;
        ig.rec.date.hi = year * 10000 + 1231;
        ig.rec.white_elo = 2000 + (int)(i % 800);
        ig.rec.black_elo = -1;
        ig.rec.eco = (int)(i % 500);
        ig.rec.result = PGN_RESULT_WHITE;
        ig.rec.plies = 40 + (uint32_t)(i % 100);
        ig.rec.features = i % 50 == 3 ? 1u << IF_CHECKMATE : 0;
        ig.rec.max_repetition = i % 10 == 0 ? 3 : 1;
        if (index_db_store_game(db, src.id, &g, NULL, &ig)) {
            fprintf(stderr, "    %s\n", index_db_message(db));
            index_db_close(db);
            return -1;
        }
    }
    src.games = GAMES;
    int rc = index_db_set_source(db, &src) || index_db_finish(db) ? -1 : 0;
    index_db_close(db);
    return rc;
}

struct fixture {
    char dir[64], path[96];
    struct index_db *db;
};

static int open_fixture(struct fixture *f)
{
    snprintf(f->dir, sizeof f->dir, "/tmp/pgnkit-select.XXXXXX");
    if (!mkdtemp(f->dir))
        return -1;
    snprintf(f->path, sizeof f->path, "%s/made.pgnkit", f->dir);
    return make_db(f->path) || index_db_open(&f->db, f->path, 0) ? -1 : 0;
}

static void close_fixture(struct fixture *f)
{
    index_db_close(f->db);
    unlink(f->path);
    rmdir(f->dir);
}

/* Selects with the criteria (kind, argument pairs, ending at -1): index_plan_select's return. */
static int select_counting(struct fixture *f, struct index_selection *sel, const int *kinds,
                           const char *const *args, int count_only)
{
    struct search_query_opts opts = { .lang = NOTATION_AUTO };
    struct search_query *q;
    struct sq_error err;
    struct index_plan *p;
    if (search_query_new(&q, &opts))
        return -100;
    for (int i = 0; kinds[i] >= 0; i++)
        if (search_query_add(q, kinds[i], args[i], &err))
            return -101;
    int rc = index_plan_new(&p, f->db, q, &opts);
    if (rc == PGN_OK)
        rc = index_plan_select(p, 1, GAMES, count_only, sel);
    index_plan_free(p);
    search_query_free(q);
    return rc;
}

static int select_with(struct fixture *f, struct index_selection *sel, const int *kinds,
                       const char *const *args)
{
    return select_counting(f, sel, kinds, args, 0);
}

/*
 * The two "Rare" games are decided from their one chunk's records; the
 * other chunks are not read at all. The name alone needs no record: its
 * keys list exactly the games it selects.
 */
void test_index_select__reads_only_chunks_with_candidates(void)
{
    struct fixture f;
    if (open_fixture(&f)) {
        FAIL("cannot make the database");
        return;
    }
    struct index_selection sel;
    static const int alone[] = { SQ_WHITE, -1 };
    static const char *const alone_args[] = { "^Rare$" };
    uint64_t before = f.db->record_reads;
    CHECK_EQ_INT(select_with(&f, &sel, alone, alone_args), 1);
    CHECK_EQ_INT(f.db->record_reads - before, 0);
    CHECK_EQ_INT(sel.yes, 2);
    index_selection_release(&sel);

    static const int kinds[] = { SQ_WHITE, SQ_PLIES_MIN, -1 };
    static const char *const args[] = { "^Rare$", "0" };
    before = f.db->record_reads;
    CHECK_EQ_INT(select_with(&f, &sel, kinds, args), 1);
    CHECK_EQ_INT(f.db->record_reads - before, 1);
    CHECK_EQ_INT(sel.n, 2);
    CHECK_EQ_INT(sel.yes, 2);
    if (sel.n == 2) {
        CHECK_EQ_INT(sel.number[0], 9001);
        CHECK_EQ_INT(sel.number[1], 9501);
    }
    index_selection_release(&sel);
    close_fixture(&f);
}

/*
 * The cheapest criterion picks, wherever it stands: an ECO range that holds
 * every game, then the rare name, reads one chunk as the name alone does;
 * a rating range of half the games is not selective (0: every record is
 * decided), and neither is either end of a date range, but both ends
 * together narrow one field's keys to one year in twenty (1,024 games),
 * of which --plies-max 59 keeps those with i % 100 <= 19 (counted below by
 * a loop over the game numbers, not by the code under test).
 */
void test_index_select__cheapest_first(void)
{
    struct fixture f;
    if (open_fixture(&f)) {
        FAIL("cannot make the database");
        return;
    }
    struct index_selection sel;
    static const int eco_then_name[] = { SQ_ECO, SQ_WHITE, -1 };
    static const char *const eco_args[] = { "A00-E99", "^Rare$" };
    uint64_t before = f.db->record_reads;
    CHECK_EQ_INT(select_with(&f, &sel, eco_then_name, eco_args), 1);
    CHECK_EQ_INT(f.db->record_reads - before, 1);
    CHECK_EQ_INT(sel.n, 2);
    index_selection_release(&sel);

    static const int elo[] = { SQ_WHITE_ELO, -1 };
    static const char *const elo_args[] = { "2000-2399" };
    CHECK_EQ_INT(select_with(&f, &sel, elo, elo_args), 0);
    CHECK_EQ_INT(sel.n, 0);

    static const int from[] = { SQ_DATE_FROM, -1 };
    static const char *const from_args[] = { "2010" };
    CHECK_EQ_INT(select_with(&f, &sel, from, from_args), 0);

    static const int range[] = { SQ_DATE_FROM, SQ_PLIES_MAX, SQ_DATE_TO, -1 };
    static const char *const range_args[] = { "2010", "59", "2010.12.31" };
    before = f.db->record_reads;
    CHECK_EQ_INT(select_with(&f, &sel, range, range_args), 1);
    uint64_t want = 0;
    for (uint64_t i = 0; i < GAMES; i++)
        want += i % 20 == 10 && 40 + i % 100 <= 59;
    CHECK_EQ_INT(sel.n, want);
    CHECK_EQ_INT(sel.yes, want);
    CHECK(f.db->record_reads - before <= 5);
    index_selection_release(&sel);
    close_fixture(&f);
}

/*
 * Counting one year (both ends of a date range on the one field the keys
 * hold it in) takes the lengths of the year's key rows: 20,480 / 20 = 1,024
 * games, no game listed, no record read. A range whose ends cut a key's
 * span (ratings 2008-2023: keys of 16 points) reads the records at its
 * ends: 16 ratings of 800, 16 * 20,480 / 800 = 409.6, so 409 or 410 by
 * where the residues fall (counted by a loop, not by the code under test).
 */
void test_index_select__counts_without_records(void)
{
    struct fixture f;
    if (open_fixture(&f)) {
        FAIL("cannot make the database");
        return;
    }
    struct index_selection sel;
    static const int year[] = { SQ_DATE_FROM, SQ_DATE_TO, -1 };
    static const char *const year_args[] = { "2010", "2010.12.31" };
    uint64_t before = f.db->record_reads;
    CHECK_EQ_INT(select_counting(&f, &sel, year, year_args, 1), 1);
    CHECK_EQ_INT(sel.yes, GAMES / 20);
    CHECK_EQ_INT(sel.n, 0);
    CHECK_EQ_INT(f.db->record_reads - before, 0);
    index_selection_release(&sel);

    static const int elo[] = { SQ_WHITE_ELO, -1 };
    static const char *const elo_args[] = { "2008-2023" };
    before = f.db->record_reads;
    CHECK_EQ_INT(select_counting(&f, &sel, elo, elo_args, 1), 1);
    uint64_t want = 0;
    for (uint64_t i = 0; i < GAMES; i++)
        want += 2000 + i % 800 >= 2008 && 2000 + i % 800 <= 2023;
    CHECK_EQ_INT(sel.yes, want);
    CHECK_EQ_INT(f.db->record_reads - before, 0);
    index_selection_release(&sel);
    close_fixture(&f);
}

/* Counts --white-elo lo-hi alone: sel.yes, and the records it read into *reads. */
static uint64_t count_elo(struct fixture *f, const char *range, uint64_t *reads)
{
    struct index_selection sel;
    static const int elo[] = { SQ_WHITE_ELO, -1 };
    const char *const args[] = { range };
    uint64_t before = f->db->record_reads;
    int rc = select_counting(f, &sel, elo, args, 1);
    uint64_t yes = rc == 1 ? sel.yes : UINT64_MAX;
    *reads = f->db->record_reads - before;
    index_selection_release(&sel);
    return yes;
}

/*
 * A rating range counts from the keys alone wherever its ends fall: on the
 * 16-point grid (2016-2031), off it at both ends (2009-2010, inside one
 * key; 2017-2046), or past every rating (3000-3100: none). Each is held
 * to a loop over the game numbers.
 */
void test_index_select__rating_range_ends_without_records(void)
{
    struct fixture f;
    if (open_fixture(&f)) {
        FAIL("cannot make the database");
        return;
    }
    static const char *const ranges[][3] = { { "2016-2031", "2016", "2031" },
                                             { "2009-2010", "2009", "2010" },
                                             { "2017-2046", "2017", "2046" },
                                             { "3000-3100", "3000", "3100" } };
    for (size_t k = 0; k < sizeof ranges / sizeof *ranges; k++) {
        int lo = atoi(ranges[k][1]), hi = atoi(ranges[k][2]);
        uint64_t want = 0, reads;
        for (uint64_t i = 0; i < GAMES; i++)
            want += 2000 + (int)(i % 800) >= lo && 2000 + (int)(i % 800) <= hi;
        CHECK_EQ_INT(count_elo(&f, ranges[k][0], &reads), want);
        CHECK_EQ_INT(reads, 0);
    }
    close_fixture(&f);
}

/*
 * The game features through their keys: --checkmate (games with i % 50 ==
 * 3) is counted and listed without a record; --repetition 3 (i % 10 == 0)
 * too; with a name criterion before it, only the chunks the cheaper keys
 * name are read (the two "Rare" games are in chunk 2; 9000 % 10 == 0).
 */
void test_index_select__features_through_keys(void)
{
    struct fixture f;
    if (open_fixture(&f)) {
        FAIL("cannot make the database");
        return;
    }
    uint64_t mates = 0, repeats = 0;
    for (uint64_t i = 0; i < GAMES; i++)
        mates += i % 50 == 3, repeats += i % 10 == 0;
    struct index_selection sel;
    static const int mate[] = { SQ_CHECKMATE, -1 };
    static const char *const no_args[] = { NULL };
    uint64_t before = f.db->record_reads;
    CHECK_EQ_INT(select_counting(&f, &sel, mate, no_args, 1), 1);
    CHECK_EQ_INT(sel.yes, mates);
    CHECK_EQ_INT(f.db->record_reads - before, 0);
    index_selection_release(&sel);

    CHECK_EQ_INT(select_with(&f, &sel, mate, no_args), 1);
    CHECK_EQ_INT(sel.n, mates);
    CHECK_EQ_INT(f.db->record_reads - before, 0);
    if (sel.n)
        CHECK_EQ_INT(sel.number[0], 4);
    index_selection_release(&sel);

    static const int rep[] = { SQ_REPETITION, -1 };
    static const char *const three[] = { "3" };
    CHECK_EQ_INT(select_counting(&f, &sel, rep, three, 1), 1);
    CHECK_EQ_INT(sel.yes, repeats);
    CHECK_EQ_INT(f.db->record_reads - before, 0);
    index_selection_release(&sel);

    static const int name_rep[] = { SQ_WHITE, SQ_REPETITION, -1 };
    static const char *const name_rep_args[] = { "^Rare$", "3" };
    CHECK_EQ_INT(select_with(&f, &sel, name_rep, name_rep_args), 1);
    CHECK_EQ_INT(sel.n, 2);
    CHECK_EQ_INT(sel.yes, 2);
    CHECK_EQ_INT(f.db->record_reads - before, 1);
    index_selection_release(&sel);
    close_fixture(&f);
}
