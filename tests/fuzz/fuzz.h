/* fuzz.h - shared by the fuzz targets: how a failed check ends an input, the FEN list. */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_FUZZ_FUZZ_H
#define TESTS_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include "test.h"

/*
 * A fuzz target is tests/fuzz/fuzz_NAME.c defining LLVMFuzzerTestOneInput().
 * It checks its invariants with the CHECK/FAIL macros of tests/unit/test.h
 * and calls fuzz_done() before returning. Under libFuzzer (harness.c)
 * fuzz_done() aborts when a check failed, so the input is saved as a crash;
 * in unit-tests the same source is compiled with the entry point renamed to
 * NAME_entry, and fuzz_done() does nothing (the failures count there), so
 * test_fuzz.c replays tests/fuzz/regressions/NAME/ through it.
 */
void fuzz_done(void);

struct game;
struct replay;

/** 1 when data starts like gzip or zstd (the reader decompresses it; no raw text to compare). */
int fuzz_compressed(const uint8_t *data, size_t size);

/**
 * Reads data[0..size) as PGN with the default limits and replays every game:
 * spans partition the input, strings are UTF-8, trees are consistent, every
 * game is valid or invalid, and fuzz_check_replay() holds (replay_checks.c).
 */
void fuzz_read_and_replay(const uint8_t *data, size_t size);

/** The replay's results on g are well-formed: messages, moves, FENs, counts, final position. */
void fuzz_check_replay(const struct game *g, const struct replay *r);

/* FENs of the perft suites and the SAN table (tests/fuzz/fens.sh, generated at build time). */
extern const char *const fuzz_fens[];
extern const size_t fuzz_fens_count;

#endif
