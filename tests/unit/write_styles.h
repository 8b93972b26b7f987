/* write_styles.h - the set of move-writing styles the round-trip tests cover. */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_UNIT_WRITE_STYLES_H
#define TESTS_UNIT_WRITE_STYLES_H

#include "notation/movewrite.h"
#include "notation/notation.h"

enum { MAX_STYLES = 2 * NOTATION_MAX + 8 };

/**
 * Fills st (MAX_STYLES entries) with SAN and LAN (captured pieces named) in
 * every language, figurines, German book style, pgn-extract's long style,
 * SAN without check marks and UCI. Returns the count.
 */
int test_write_styles(struct write_style *st);

#endif
