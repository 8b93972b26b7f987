/* test_dupset.c - the exact set of byte strings behind --unique. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "query/dupset.h"
#include "base/error.h"

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
