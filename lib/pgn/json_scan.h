/* json_scan.h - one JSON object read as events, on the plain texts where jansson surely reads it the same. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_JSON_SCAN_H
#define LIB_JSON_SCAN_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

/**
 * Reads the JSON object at p[0..n) (p[0] is '{'), calling cb's events
 * with ctx as yajl would (yajl_number is not used: integers and reals
 * come apart), and stops at its closing brace: 1 with *used, the bytes up
 * to there. 0 when the text is not JSON, when an event returned 0, or
 * when jansson might read it otherwise (json_scan.c says which): then
 * the events seen so far are to be forgotten.
 */
int json_scan_object(const char *p, size_t n, const yajl_callbacks *cb, void *ctx, size_t *used);

#endif
