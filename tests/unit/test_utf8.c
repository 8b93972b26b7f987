/* test_utf8.c - UTF-8 validation, CP1252 transcoding, and the buffer and arena helpers. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "base/arena.h"
#include "base/buf.h"
#include "base/utf8.h"

void test_utf8__validation(void)
{
    static const struct {
        const char *s;
        size_t prefix; /* length of the valid prefix */
    } cases[] = {
        { "", 0 },
        { "plain ASCII text that is long enough for the word-at-a-time path", 64 },
        { "H\xc3\xbc" "bner", 7 },
        { "\xe2\x99\x98" "f3 \xf0\x9f\x98\x80", 10 },
        { "H\xfc" "bner", 1 },             /* Latin-1 */
        { "ab\xc3", 2 },                   /* cut sequence */
        { "\xc0\xaf", 0 },                 /* overlong */
        { "\xe0\x80\xaf", 0 },             /* overlong */
        { "\xed\xa0\x80", 0 },             /* surrogate */
        { "\xf4\x90\x80\x80", 0 },         /* above U+10FFFF */
        { "\xf5\x80\x80\x80", 0 },
        { "ok\x80", 2 },                   /* stray continuation */
        { "0123456789abcdef0123456789abcdef0123456789\xff", 42 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = strlen(cases[i].s);
        CHECK_EQ_INT(utf8_valid_prefix(cases[i].s, n), cases[i].prefix);
        CHECK_EQ_INT(utf8_valid(cases[i].s, n), cases[i].prefix == n);
    }
    CHECK(utf8_is_ascii("abcdefghijklmnopq", 17));
    CHECK(!utf8_is_ascii("abcdefghijklmnop\xc3\xbc", 18));
}

/* The ASCII fast path goes 64 and 8 bytes at a time: a non-ASCII byte anywhere in or after a block. */
void test_utf8__blocks(void)
{
    char s[200];
    for (size_t at = 0; at < sizeof s; at++) {
        memset(s, 'a', sizeof s);
        s[at] = (char)0xff;
        CHECK_EQ_INT(utf8_valid_prefix(s, sizeof s), at);
        CHECK(!utf8_is_ascii(s, sizeof s));
        CHECK(utf8_is_ascii(s, at));
        if (at + 1 < sizeof s) {
            s[at] = (char)0xc3, s[at + 1] = (char)0xbc; /* ü */
            CHECK_EQ_INT(utf8_valid_prefix(s, sizeof s), sizeof s);
            CHECK_EQ_INT(utf8_valid_prefix(s, at + 1), at); /* cut in two */
        }
    }
}

void test_utf8__cp1252(void)
{
    char out[3 * 256 + 1];
    char all[256];
    for (int i = 0; i < 256; i++)
        all[i] = (char)i;
    size_t n = utf8_from_cp1252(out, all, 256);
    CHECK(utf8_valid(out, n));
    static const struct {
        const char *in, *out;
    } cases[] = {
        { "H\xfc" "bner", "Hübner" }, { "\x80", "€" },     { "\x93q\x94", "“q”" },
        { "\x8a\x9a\x9f", "ŠšŸ" },     { "\xe9\xe8", "éè" }, { "\x81\x9d", "\xc2\x81\xc2\x9d" },
        { "\xa0\xff", "\xc2\xa0ÿ" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        n = utf8_from_cp1252(out, cases[i].in, strlen(cases[i].in));
        out[n] = '\0';
        CHECK_EQ_STR(out, cases[i].out);
    }
    /* utf8_clip never cuts a sequence in two. */
    CHECK_EQ_INT(utf8_clip("a\xc3\xbc" "b", 4, 2), 1);
    CHECK_EQ_INT(utf8_clip("a\xc3\xbc" "b", 4, 3), 3);
    CHECK_EQ_INT(utf8_clip("ab", 2, 5), 2);
}

void test_utf8__buf_cap(void)
{
    struct buf b = BUF_INIT(100);
    CHECK_EQ_INT(buf_append(&b, "hello", 5), PGN_OK);
    char big[200];
    memset(big, 'x', sizeof big);
    CHECK_EQ_INT(buf_append(&b, big, 96), PGN_ETOOBIG);
    CHECK_EQ_INT(b.len, 5);
    CHECK_EQ_INT(buf_append(&b, big, 95), PGN_OK);
    CHECK_EQ_INT(b.len, 100);
    CHECK(b.cap <= 100);
    CHECK(!memcmp(b.data, "hello", 5));
    int st = PGN_OK;
    CHECK(buf_push(&b, 1, &st) == NULL);
    CHECK_EQ_INT(st, PGN_ETOOBIG);
    buf_reset(&b);
    CHECK_EQ_INT(b.len, 0);
    buf_release(&b);
    CHECK(b.data == NULL);
}

void test_utf8__arena(void)
{
    struct arena a;
    arena_init(&a, 200000);
    char *p = arena_alloc(&a, 10), *q = arena_alloc(&a, 1);
    CHECK(p && q && ((uintptr_t)p % 16) == 0 && ((uintptr_t)q % 16) == 0 && q != p);
    CHECK_EQ_STR(arena_memdup(&a, "abc", 2), "ab");
    CHECK_EQ_STR(arena_printf(&a, "%d-%s", 42, "x"), "42-x");
    char *long_text = arena_printf(&a, "%0300d", 7);
    CHECK(long_text && strlen(long_text) == 300 && long_text[299] == '7');
    CHECK(arena_alloc(&a, 150000) != NULL); /* a new, larger chunk */
    CHECK(arena_alloc(&a, 60000) == NULL); /* over the cap */
    CHECK_EQ_INT(a.err, PGN_ETOOBIG);
    arena_reset(&a);
    CHECK_EQ_INT(a.err, PGN_OK);
    CHECK_EQ_INT(a.used, 0);
    CHECK(arena_alloc(&a, 150000) != NULL); /* fits the kept chunk */
    arena_release(&a);
    arena_release(&a);
}
