/* eco_data.h - the opening table rows, generated at build time from the TSV files in testdata/openings. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_ECO_DATA_H
#define LIB_ECO_DATA_H

#include <stddef.h>

/* Rows "ECO<TAB>name<TAB>moves" in table order, header rows removed. The
 * definitions are in build/gen/eco_data.c, written by the Makefile. */
extern const char *const eco_rows[];
extern const size_t eco_rows_count;

#endif
