/* harness.c - libFuzzer side of the fuzz targets: failed checks abort the run. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "fuzz.h"

/* What tests/unit/test.h and the helpers shared with the unit tests expect. */
int test_failures;
const char *test_root = ".";

FILE *test_open(const char *relpath)
{
    FILE *f = fopen(relpath, "rb");
    if (!f)
        FAIL("cannot open %s", relpath);
    return f;
}

void fuzz_done(void)
{
    if (test_failures) {
        fprintf(stderr, "fuzz: %d check(s) failed\n", test_failures);
        abort();
    }
}
