/* json_fast.h - one line's JSON object read with libyajl into a jansson value, where both libraries surely agree. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_JSON_FAST_H
#define LIB_JSON_FAST_H

#include <stddef.h>
#include <jansson.h>
#include <yajl/yajl_parse.h>

/*
 * jansson's parser reads a character at a time through a stream, and was
 * half the time of reading lichess's records; yajl's lexer reads the same
 * text several times faster. The value stays a jansson tree (every reader
 * of records uses jansson's API), and jansson stays the reference: a text
 * on which the two could answer differently is left to it, and so is every
 * error, which jansson words as before.
 */

/**
 * The JSON object at p[0..n) (p[0] is '{'), as json_loadb(p, n,
 * JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY) reads it, and in *used the bytes
 * it takes. NULL (nothing to free) when the object is not whole in p[0..n),
 * is not JSON, or has what the two libraries check differently: bytes
 * outside printable ASCII (UTF-8 is checked more strictly by jansson),
 * \u escapes, keys over 255 bytes, nesting deeper than 64; or when memory
 * ran out. The caller then reads it with jansson.
 */
json_t *json_fast_object(const char *p, size_t n, size_t *used);

/**
 * The same reading without a tree: yajl runs over the object at p[0..n)
 * with the callbacks cb (and ctx), on the same texts only (printable
 * ASCII, no \u escape). 1 with *used when the object was whole and every
 * callback returned 1; 0 otherwise (the callbacks may have seen part of
 * it: the caller forgets what they gathered and reads it with jansson).
 */
int json_fast_scan(const char *p, size_t n, const yajl_callbacks *cb, void *ctx, size_t *used);

#endif
