/* perft_fens.c - the positions the fuzz targets start from (perft suites and SAN table). */
/* SPDX-License-Identifier: MIT */
#include "fuzz.h"

const char *const fuzz_fens[] = {
#include "fuzz_fens.h"
};
const size_t fuzz_fens_count = sizeof fuzz_fens / sizeof fuzz_fens[0];
