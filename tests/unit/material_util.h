/* material_util.h - a material signature from its text, for the material tests. */
/* SPDX-License-Identifier: MIT */
#ifndef TESTS_MATERIAL_UTIL_H
#define TESTS_MATERIAL_UTIL_H

#include "test.h"
#include "chess/material.h"

/* The signature s ("KRP:KR") stands for; the test fails when it does not parse. */
static inline struct material sig(const char *s)
{
    struct material m;
    size_t at;
    if (material_parse(s, &m, &at))
        FAIL("cannot parse '%s'", s);
    return m;
}

#endif
