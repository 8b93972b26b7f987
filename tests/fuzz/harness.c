/* harness.c - libFuzzer side of the fuzz targets: failed checks abort the run. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "fuzz.h"
#include "annotate/eco.h"
#include "init/lib_init.h"

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

/* libFuzzer calls this once, before the first input: the library's tables. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    lib_init();
    return eco_init();
}

void fuzz_done(void)
{
    if (test_failures) {
        fprintf(stderr, "fuzz: %d check(s) failed\n", test_failures);
        abort();
    }
}
