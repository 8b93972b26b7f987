/* variant.h - Variant tag values, compared loosely: which name standard chess, which Chess960. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_VARIANT_H
#define LIB_VARIANT_H

#include <stddef.h>

/**
 * Writes into out (cap bytes, cap >= 1) the letters and digits of v, letters
 * lowercased, all else dropped ("Fischer Random" -> "fischerrandom"), cut at
 * cap - 1 characters and NUL-terminated: the form variant names are compared
 * in. Returns the length written.
 */
size_t variant_squeeze(const char *v, char *out, size_t cap);

/** 1 if a Variant tag value names Chess960 (Chess960, Fischerandom, FRC, ...). */
int variant_is_chess960(const char *value);
/** 1 if a Variant tag value names standard chess ("Standard", "normal", "From Position", ""). */
int variant_is_standard(const char *value);

#endif
