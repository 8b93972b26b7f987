/* test_dupset.c - the exact set of byte strings behind --unique. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "query/dupset.h"
#include "base/error.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "query/dup_key.h"
#include "query/game_facts.h"

void test_dupset__exact(void)
{
    struct dupset *s;
    if (dupset_new(&s)) {
        FAIL("no memory");
        return;
    }
    CHECK_EQ_INT(dupset_add(s, "abc", 3), 1);
    CHECK_EQ_INT(dupset_add(s, "abc", 3), 0);
    CHECK_EQ_INT(dupset_add(s, "abd", 3), 1);
    CHECK_EQ_INT(dupset_add(s, "ab", 2), 1);
    CHECK_EQ_INT(dupset_add(s, "", 0), 1);
    CHECK_EQ_INT(dupset_add(s, "", 0), 0);
    CHECK_EQ_INT(dupset_add(s, "ab\0", 3), 1); /* bytes, not C strings */
    CHECK_EQ_INT((long long)dupset_count(s), 5);
    dupset_free(s);
    dupset_free(NULL);
}

/* Many keys: growth keeps every key, and equal keys are found again. */
void test_dupset__many_keys(void)
{
    struct dupset *s;
    if (dupset_new(&s)) {
        FAIL("no memory");
        return;
    }
    char key[64];
    int fresh = 0, again = 0;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 50000; i++) {
            int n = snprintf(key, sizeof key, "game-%d-%d", i, i * 7919 % 1000);
            int rc = dupset_add(s, key, (size_t)n);
            fresh += rc == 1;
            again += rc == 0;
        }
    CHECK_EQ_INT(fresh, 50000);
    CHECK_EQ_INT(again, 50000);
    dupset_free(s);
}

/* dupset_has: only reads, for a check file's keys. */
void test_dupset__has(void)
{
    struct dupset *s;
    if (dupset_new(&s)) {
        FAIL("no memory");
        return;
    }
    CHECK(!dupset_has(s, "abc", 3));
    CHECK_EQ_INT(dupset_add(s, "abc", 3), 1);
    CHECK(dupset_has(s, "abc", 3));
    CHECK(!dupset_has(s, "ab", 2));
    CHECK_EQ_INT((long long)dupset_count(s), 1);
    dupset_free(s);
}

/* ---- The duplicate key of games without moves ------------------------------ */

/* 1: a forfeit; 2: another forfeit, other players; 3: game 1's tags in
 * another order; 4: game 1's tags with a move; 5: one move, other tags. */
static const char forfeits[] =
    "[White \"Ahn\"]\n[Black \"Berg\"]\n[Result \"1-0\"]\n\n1-0\n\n"
    "[White \"Cruz\"]\n[Black \"Dahl\"]\n[Result \"0-1\"]\n\n0-1\n\n"
    "[Result \"1-0\"]\n[Black \"Berg\"]\n[White \"Ahn\"]\n\n1-0\n\n"
    "[White \"Ahn\"]\n[Black \"Berg\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
    "[White \"Eno\"]\n[Black \"Fox\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";

/*
 * Which earlier game each game repeats, by the key search uses
 * (game_facts_dup_key) and by the digest validate uses (dup_digest_of_replay):
 * "00104" reads game 3 repeats game 1, game 5 game 4, the others nothing.
 * The two sets that keep them (dupset.h) answer alike: "nnyny", games 3 and 5 seen before.
 */
void test_dupset__games_without_moves_compare_tags(void)
{
    struct pgn_reader *r;
    if (pgn_reader_open_mem(&r, forfeits, sizeof forfeits - 1, NULL)) {
        FAIL("cannot read");
        return;
    }
    struct game_facts f;
    struct replay rp;
    struct replay_opts ro = { .lang = NOTATION_AUTO };
    struct buf keys[5], scratch = BUF_INIT(1 << 20);
    struct dup_digest digests[5];
    struct game g;
    game_facts_init(&f, NOTATION_AUTO);
    replay_init(&rp, &ro);
    size_t n = 0;
    while (n < 5 && pgn_reader_next(r, &g) > 0) {
        buf_init(&keys[n], 1 << 20);
        game_facts_reset(&f, &g, r);
        CHECK_EQ_INT(game_facts_dup_key(&f, &keys[n]), PGN_OK);
        CHECK(dup_key_counts(&g));
        CHECK_EQ_INT(replay_game(&rp, &g), PGN_OK);
        CHECK_EQ_INT(dup_digest_of_replay(&digests[n], &g, &rp, &scratch), PGN_OK);
        n++;
    }
    CHECK_EQ_INT((int)n, 5);
    char by_key[6] = "", by_digest[6] = "";
    for (size_t i = 0; i < n; i++) {
        by_key[i] = by_digest[i] = '0';
        for (size_t j = i; j-- > 0;) {
            if (keys[i].len == keys[j].len && !memcmp(keys[i].data, keys[j].data, keys[i].len))
                by_key[i] = (char)('1' + j);
            if (!memcmp(&digests[i], &digests[j], sizeof digests[i]))
                by_digest[i] = (char)('1' + j);
        }
    }
    CHECK_EQ_STR(by_key, "00104");
    CHECK_EQ_STR(by_digest, "00104");
    struct dupset *exact = NULL;
    struct dup_seen seen;
    char in_exact[6] = "", in_seen[6] = "", first_seen[6] = "";
    CHECK_EQ_INT(dupset_new(&exact), PGN_OK);
    dup_seen_init(&seen);
    for (size_t i = 0; exact && i < n; i++) {
        in_exact[i] = dupset_add(exact, keys[i].data, keys[i].len) == 0 ? 'y' : 'n';
        int64_t earlier = dup_seen_add(&seen, &digests[i], (uint32_t)i + 1);
        in_seen[i] = earlier == UINT32_MAX ? 'n' : 'y';
        first_seen[i] = earlier == UINT32_MAX ? '0' : (char)('0' + earlier);
    }
    CHECK_EQ_STR(in_exact, "nnyny");
    CHECK_EQ_STR(in_seen, "nnyny");
    CHECK_EQ_STR(first_seen, "00104"); /* game 3 names game 1, game 5 game 4 */
    CHECK_EQ_INT(dupset_count(exact), 3);
    dupset_free(exact);
    dup_seen_release(&seen);
    for (size_t i = 0; i < n; i++)
        buf_release(&keys[i]);
    buf_release(&scratch);
    replay_release(&rp);
    game_facts_release(&f);
    pgn_reader_free(r);
}

/*
 * The key of a game without moves, byte for byte as dup_key.h describes it
 * (written by hand): "V", the empty Variant and FEN, then "T" and every tag
 * name and value in name order. It lands after what out holds already
 * (three bytes: the list put_tags sorts in out's spare room is aligned),
 * and a second key after the first.
 */
void test_dupset__key_of_a_game_without_moves(void)
{
    static const char pgn[] =
        "[White \"Kasparov\"]\n[Black \"Karpov\"]\n[Event \"Forfeit\"]\n[Result \"1-0\"]\n\n1-0\n\n"
        "[Round \"\"]\n[Event \"E\"]\n\n*\n";
    static const char want[] =
        "abc"
        "V\0\0TBlack\0Karpov\0Event\0Forfeit\0Result\0" "1-0\0White\0Kasparov\0"
        "V\0\0TEvent\0E\0Round\0\0";
    struct pgn_reader *r;
    struct game g;
    struct buf out = BUF_INIT(1 << 20);
    if (pgn_reader_open_mem(&r, pgn, sizeof pgn - 1, NULL)) {
        FAIL("cannot read");
        return;
    }
    CHECK_EQ_INT(buf_append(&out, "abc", 3), PGN_OK);
    for (int i = 0; i < 2; i++) {
        CHECK(pgn_reader_next(r, &g) > 0);
        CHECK_EQ_INT(dup_key_append(&out, &g, NULL, 0, NULL, 0), PGN_OK);
    }
    CHECK_EQ_INT((long long)out.len, (long long)(sizeof want - 1));
    CHECK(out.len == sizeof want - 1 && !memcmp(out.data, want, out.len));
    pgn_reader_free(r);
    buf_release(&out);
}
