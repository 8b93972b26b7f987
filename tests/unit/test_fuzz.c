/* test_fuzz.c - the fuzz targets' entry points on their regression inputs and on sample data. */
/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdlib.h>
#include "test.h"
#include "fuzz.h"

/*
 * The Makefile compiles each tests/fuzz/fuzz_NAME.c a second time with its
 * LLVMFuzzerTestOneInput renamed NAME_entry, links it in here and lists it
 * in fuzz_list.h as FUZZ(NAME). Failed checks count as failures of the test
 * running the input (fuzz_done() below does not abort).
 */
#define FUZZ(name) int name##_entry(const uint8_t *data, size_t size);
#include "fuzz_list.h"
#undef FUZZ

static const struct target {
    const char *name;
    int (*entry)(const uint8_t *data, size_t size);
} targets[] = {
#define FUZZ(name) { #name, name##_entry },
#include "fuzz_list.h"
#undef FUZZ
};

void fuzz_done(void) {}

/*
 * The target called name; NULL, and a failure of the running test, when no
 * target has that name (a renamed fuzzer would otherwise leave its test
 * checking nothing).
 */
static const struct target *find_target(const char *name)
{
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (!strcmp(targets[i].name, name))
            return &targets[i];
    FAIL("no fuzz target '%s' (tests/fuzz/%s.c)", name, name);
    return NULL;
}

/*
 * Runs t on every regular file of root-relative dir; returns how many, or
 * -1 (and a failure) when dir cannot be opened: a missing folder is a test
 * that checks nothing, never a pass.
 */
static int run_dir(const struct target *t, const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", test_root, dir);
    DIR *d = opendir(path);
    if (!d) {
        FAIL("cannot open '%s'", path);
        return -1;
    }
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char rel[4096];
        snprintf(rel, sizeof rel, "%s/%s", dir, e->d_name);
        FILE *f = test_open(rel);
        if (!f)
            continue;
        size_t cap = 1 << 16, len = 0, k;
        uint8_t *buf = malloc(cap);
        while ((k = fread(buf + len, 1, cap - len, f)) > 0)
            if ((len += k) == cap)
                buf = realloc(buf, cap *= 2);
        fclose(f);
        int before = test_failures;
        t->entry(buf, len);
        if (test_failures != before)
            fprintf(stderr, "    (%s on %s)\n", t->name, rel);
        free(buf);
        n++;
    }
    closedir(d);
    return n;
}

/*
 * The regression inputs kept in tests/fuzz/regressions, counted by hand:
 * fuzz_json 2, fuzz_pgn_reader 3, fuzz_where 2. Raise it with each input
 * added; a folder or input that goes missing fails the test.
 */
enum { REGRESSION_INPUTS = 7 };

/*
 * Every crash a fuzzer found, fixed, and kept as tests/fuzz/regressions/TARGET/NAME.
 * Each folder there must name a target (else its inputs would never run).
 */
void test_fuzz__regressions(void)
{
    const char *top = "tests/fuzz/regressions";
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", test_root, top);
    DIR *d = opendir(path);
    if (!d) {
        FAIL("cannot open '%s'", path);
        return;
    }
    int inputs = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        const struct target *t = find_target(e->d_name);
        if (!t)
            continue;
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", top, e->d_name);
        int n = run_dir(t, dir);
        if (n == 0)
            FAIL("'%s' holds no input", dir);
        if (n > 0)
            inputs += n;
    }
    closedir(d);
    CHECK(inputs >= REGRESSION_INPUTS);
}

/* The reader target on the small fixture files, whole: its invariants hold on real input. */
void test_fuzz__reader_on_fixtures(void)
{
    const struct target *t = find_target("fuzz_pgn_reader");
    if (!t)
        return;
    int n = run_dir(t, "testdata/reader") + run_dir(t, "testdata/broken");
    CHECK(n > 50);
}

/* The round-trip target from every FEN of the list: all moves, all styles. */
void test_fuzz__san_roundtrip_every_fen(void)
{
    const struct target *t = find_target("fuzz_san_roundtrip");
    if (!t)
        return;
    /* Sanitizer builds are slow: there a sample does. */
    size_t step = getenv("PGNKIT_QUICK") ? 17 : 1;
    for (size_t i = 0; i < fuzz_fens_count; i += step) {
        uint8_t in[] = { (uint8_t)i, (uint8_t)(i >> 8), 255 }; /* all moves */
        t->entry(in, sizeof in);
    }
}

/* The FEN target on every FEN of the list. */
void test_fuzz__fen_every_fen(void)
{
    const struct target *t = find_target("fuzz_fen");
    if (!t)
        return;
    for (size_t i = 0; i < fuzz_fens_count; i++)
        t->entry((const uint8_t *)fuzz_fens[i], strlen(fuzz_fens[i]));
}
