/* main.c - unit-test runner: runs every collected test, or those named on the command line. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdlib.h>
#include "test.h"
#include "annotate/eco.h"
#include "init/lib_init.h"

int test_failures;
const char *test_root = ".";
/* Why the current test cannot run; empty while it can (test_skip sets it). */
static char skip_reason[512];

struct unit { const char *name; void (*fn)(void); };
#define UNIT(name) { #name, name },
static const struct unit units[] = {
#include "unit_list.h"
};
#undef UNIT

FILE *test_open(const char *relpath)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", test_root, relpath);
    FILE *f = fopen(path, "rb");
    if (!f)
        FAIL("cannot open %s", path);
    return f;
}

void test_skip(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(skip_reason, sizeof skip_reason, fmt, ap);
    va_end(ap);
    /* An empty reason would read as "not skipped". */
    if (!skip_reason[0])
        snprintf(skip_reason, sizeof skip_reason, "no reason given");
}

static int selected(const char *name, int argc, char **argv)
{
    if (argc < 2)
        return 1;
    for (int i = 1; i < argc; i++)
        if (strstr(name, argv[i]))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    int passed = 0, failed = 0, skipped = 0;
    lib_init();
    if (eco_init() != 0) {
        printf("unit: cannot build the opening table\n");
        return 3;
    }
    const char *root = getenv("PGNKIT_ROOT");
    if (root)
        test_root = root;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (!selected(units[i].name, argc, argv))
            continue;
        test_failures = 0;
        skip_reason[0] = '\0';
        units[i].fn();
        if (test_failures) {
            failed++;
            printf("FAIL unit %s\n", units[i].name);
        } else if (skip_reason[0]) {
            skipped++;
            printf("skip unit %s: %s\n", units[i].name, skip_reason);
        } else {
            passed++;
            printf("ok   unit %s\n", units[i].name);
        }
        fflush(stdout);
    }
    /* tests/run.sh reads this line: keep its form. */
    printf("unit: %d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed ? 1 : 0;
}
