/* test_filter.c - PCRE2 filters: compile errors, Unicode case folding, bounded matching. */
/* SPDX-License-Identifier: MIT */
#include <time.h>
#include "test.h"
#include "base/error.h"
#include "query/filter.h"

static struct filter *make(const char *re, unsigned flags, unsigned long limit)
{
    struct filter *f = NULL;
    struct filter_error err;
    if (filter_new(&f, re, strlen(re), flags, limit, &err))
        FAIL("cannot compile '%s': %s", re, err.msg);
    return f;
}

static int matches(struct filter *f, const char *s) { return filter_match(f, s, strlen(s)); }

void test_filter__match(void)
{
    struct filter *f = make("Carlsen", 0, 0);
    if (!f)
        return;
    CHECK(matches(f, "Carlsen, Magnus"));
    CHECK(matches(f, "Magnus Carlsen"));
    CHECK(!matches(f, "carlsen, magnus"));
    CHECK(!matches(f, ""));
    CHECK_EQ_STR(filter_pattern(f), "Carlsen");
    filter_free(f);
    f = make("^B9[0-9]$", 0, 0);
    CHECK(matches(f, "B90") && matches(f, "B99") && !matches(f, "B90a") && !matches(f, "A90"));
    filter_free(f);
    filter_free(NULL);
}

void test_filter__ignore_case_unicode(void)
{
    struct filter *f = make("ÄNDERSSEN|müller", FILTER_ICASE, 0);
    if (!f)
        return;
    CHECK(matches(f, "Ändersen, änderssen"));
    CHECK(matches(f, "MÜLLER"));
    CHECK(!matches(f, "Anderssen"));
    filter_free(f);
    f = make("\\bel\\b", FILTER_ICASE, 0);
    CHECK(matches(f, "Öl El Capitán") && !matches(f, "Elo"));
    filter_free(f);
}

void test_filter__compile_errors(void)
{
    struct filter *f = (struct filter *)1;
    struct filter_error err;
    CHECK_EQ_INT(filter_new(&f, "ab(c", 4, 0, 0, &err), PGN_EINVAL);
    CHECK(f == NULL);
    CHECK_EQ_INT((long long)err.offset, 4);
    CHECK(strstr(err.msg, "parenthes") != NULL);
    CHECK_EQ_INT(filter_new(&f, "a{2,1}", 6, 0, 0, &err), PGN_EINVAL);
    CHECK_EQ_INT(filter_new(&f, "\xff", 1, 0, 0, &err), PGN_EINVAL); /* not UTF-8 */
}

/* Exponential backtracking gives up at the limit instead of hanging, and is counted. */
void test_filter__pathological_pattern_is_bounded(void)
{
    static const char *const patterns[] = { "(a+)+$", "(a|aa)+$", "^(a+)+$", "^(\\w+\\s?)*$" };
    char subject[4096];
    memset(subject, 'a', sizeof subject - 2);
    subject[sizeof subject - 2] = '!';
    subject[sizeof subject - 1] = '\0';
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        struct filter *f = make(patterns[i], 0, 0);
        if (!f)
            continue;
        clock_t t0 = clock();
        for (int k = 0; k < 3; k++)
            CHECK(!matches(f, subject));
        double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (s > 3.0)
            FAIL("'%s' took %.1f s for 3 matches", patterns[i], s);
        CHECK_EQ_INT((long long)filter_limit_hits(f), 3);
        filter_free(f);
    }
    /* The limit is the caller's: a small one stops a shorter search too. */
    struct filter *f = make("(a|aa)+$", 0, 100);
    if (f) {
        CHECK(!matches(f, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"));
        CHECK_EQ_INT((long long)filter_limit_hits(f), 1);
        CHECK(matches(f, "aaaa")); /* an easy match is still found */
        filter_free(f);
    }
}
