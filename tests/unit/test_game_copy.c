/* test_game_copy.c - copies of games stay complete after the reader has moved on. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "pgn/game_copy.h"
#include "pgn/pgn_reader.h"

static int same(const char *a, const char *b, size_t n)
{
    return (!a && !b) || (a && b && !memcmp(a, b, n));
}

static void compare(const struct game *a, const struct game *b)
{
    CHECK(a->index == b->index && a->offset == b->offset && a->raw_len == b->raw_len);
    CHECK(same(a->raw, b->raw, a->raw_len));
    CHECK(!strcmp(a->file, b->file));
    CHECK_EQ_INT(a->ntags, b->ntags);
    for (uint32_t i = 0; i < a->ntags && i < b->ntags; i++)
        CHECK(!strcmp(a->tags[i].name, b->tags[i].name) && !strcmp(a->tags[i].value, b->tags[i].value));
    CHECK_EQ_INT(a->nmoves, b->nmoves);
    for (uint32_t i = 0; i < a->nmoves && i < b->nmoves; i++)
        CHECK(a->moves[i].len == b->moves[i].len && same(a->moves[i].text, b->moves[i].text, a->moves[i].len));
    CHECK_EQ_INT(a->nvars, b->nvars);
    CHECK(!a->nvars || !memcmp(a->vars, b->vars, a->nvars * sizeof *a->vars));
    CHECK_EQ_INT(a->ncomments, b->ncomments);
    for (uint32_t i = 0; i < a->ncomments && i < b->ncomments; i++) {
        CHECK(same(a->comments[i].text, b->comments[i].text, a->comments[i].len));
        CHECK(same(a->comments[i].plain, b->comments[i].plain, a->comments[i].plain_len));
    }
    CHECK_EQ_INT(a->ncmds, b->ncmds);
    for (uint32_t i = 0; i < a->ncmds && i < b->ncmds; i++)
        CHECK(same(a->cmds[i].args, b->cmds[i].args, a->cmds[i].args_len));
    CHECK_EQ_INT(a->nnags, b->nnags);
    CHECK(!a->nnags || !memcmp(a->nags, b->nags, a->nnags * sizeof *a->nags));
    CHECK(a->result == b->result && same(a->result_text, b->result_text, a->result_len));
    CHECK_EQ_INT(a->nerrors, b->nerrors);
    for (uint32_t i = 0; i < a->nerrors && i < b->nerrors; i++)
        CHECK(!strcmp(a->errors[i].message, b->errors[i].message));
}

/* Copies every game of a file while reading it, then reads the file again
 * and compares each game with its copy. */
static void check_file(const char *rel, size_t min_games)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", test_root, rel);
    struct arena a;
    arena_init(&a, (size_t)1 << 30);
    struct game copies[128], g;
    size_t n = 0;
    struct pgn_reader *r;
    if (pgn_reader_open(&r, path, NULL) != PGN_OK) {
        FAIL("cannot open %s", path);
        return;
    }
    while (n < 128 && pgn_reader_next(r, &g) > 0)
        CHECK(game_copy(&copies[n++], &g, &a) == PGN_OK);
    pgn_reader_free(r);
    if (n < min_games)
        FAIL("%s: %zu games", rel, n);
    if (pgn_reader_open(&r, path, NULL) != PGN_OK) {
        FAIL("cannot reopen %s", path);
        return;
    }
    for (size_t i = 0; i < n && pgn_reader_next(r, &g) > 0; i++)
        compare(&g, &copies[i]);
    pgn_reader_free(r);
    arena_release(&a);
}

void test_game_copy__outlives_the_reader(void)
{
    check_file("testdata/sample.pgn", 39);                     /* comments, variations, clocks */
    check_file("testdata/corpus/otb_dortmund_latin1.pgn", 30); /* transcoded strings */
    check_file("testdata/reader/constructs.pgn", 2);           /* every construct */
    check_file("testdata/reader/mixed.pgn", 12);               /* errors and recovery */
}
