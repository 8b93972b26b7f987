/* test_material_pattern.c - material patterns: counts, bounds, minor pieces, colours swapped. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "chess/material.h"
#include "query/material_pattern.h"
#include "material_util.h"

static int fits(const char *pattern, const char *signature)
{
    struct material_pattern p;
    size_t at;
    if (material_pattern_parse(pattern, &p, &at))
        FAIL("cannot parse '%s'", pattern);
    struct material m = sig(signature);
    return material_pattern_fits(&p, &m);
}

void test_material_pattern__exact_and_bounds(void)
{
    CHECK(fits("KRP:KR", "KRP:KR"));
    CHECK(fits("RP:R", "KRP:KR"));
    CHECK(!fits("KRP:KR", "KRPP:KR"));
    CHECK(fits("KRP2:KR", "KRPP:KR"));
    CHECK(fits("KRPP:KR", "KRPP:KR"));
    CHECK(fits("KR+P2+:KR", "KRRPPP:KR"));
    CHECK(!fits("KR+P2+:KR", "KRP:KR"));
    CHECK(fits("KRP2-:KR", "KR:KR"));
    CHECK(!fits("KRP2-:KR", "KRPPP:KR"));
    CHECK(fits("KRP*:KR", "KRPPPPP:KR"));
    CHECK(fits("KQ*R:KR", "KQR:KR") && fits("KQ*R:KR", "KR:KR"));
}

void test_material_pattern__minor_pieces(void)
{
    CHECK(fits("KL2:KR", "KBN:KR"));
    CHECK(fits("KL2:KR", "KBB:KR"));
    CHECK(fits("KL2:KR", "KNN:KR"));
    CHECK(!fits("KL2:KR", "KB:KR"));
    CHECK(fits("KL+P*:KL", "KBNPP:KN"));
    /* without L, unnamed bishops and knights are absent */
    CHECK(!fits("KR:KR", "KRB:KR"));
    /* L with a named bishop: both hold */
    CHECK(fits("KBL2:K", "KBN:K"));
    CHECK(!fits("KBL2:K", "KNN:K"));
}

void test_material_pattern__swapped_and_errors(void)
{
    struct material_pattern p, q;
    size_t at = 0;
    CHECK(material_pattern_parse("KRP:KR", &p, &at) == 0);
    material_pattern_swap(&p, &q);
    struct material m = sig("KR:KRP");
    CHECK(!material_pattern_fits(&p, &m) && material_pattern_fits(&q, &m));
    CHECK(material_pattern_parse("KRX:K", &p, &at) < 0 && at == 2);
    CHECK(material_pattern_parse("KRP", &p, &at) < 0 && at == 3);
    CHECK(material_pattern_parse("K:K:K", &p, &at) < 0 && at == 3);
    CHECK(material_pattern_parse("KP16:K", &p, &at) < 0);
    CHECK(material_pattern_parse("KK:K", &p, &at) < 0 && at == 1);
    CHECK(material_pattern_parse("K+:K", &p, &at) < 0);
}

void test_material_pattern__unreachable(void)
{
    struct material_pattern p;
    size_t at;
    struct material m;
    CHECK(material_pattern_parse("KQ:K", &p, &at) == 0);
    m = sig("KP:K");
    CHECK(!material_pattern_unreachable(&p, &m)); /* the pawn may promote */
    m = sig("KR:K");
    CHECK(material_pattern_unreachable(&p, &m));
    CHECK(material_pattern_parse("KL2:K", &p, &at) == 0);
    m = sig("KBP:K");
    CHECK(!material_pattern_unreachable(&p, &m));
    m = sig("KB:K");
    CHECK(material_pattern_unreachable(&p, &m));
}
