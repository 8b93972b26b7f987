/* test_material.c - material signatures: parsing, counting, reachability. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "test.h"
#include "base/error.h"
#include "chess/material.h"
#include "chess/position.h"
#include "material_util.h"

void test_material__parse_and_format(void)
{
    struct material m;
    size_t at = 0;
    char out[MATERIAL_MAX];
    m = sig("KRP:KR");
    CHECK_EQ_INT(m.count[WHITE][ROOK], 1);
    CHECK_EQ_INT(m.count[WHITE][PAWN], 1);
    CHECK_EQ_INT(m.count[BLACK][KING], 1);
    material_format(&m, out);
    CHECK_EQ_STR(out, "KRP:KR");
    m = sig("ppbq:n");
    material_format(&m, out);
    CHECK_EQ_STR(out, "KQBPP:KN");
    m = sig(":");
    material_format(&m, out);
    CHECK_EQ_STR(out, "K:K");
    CHECK(material_parse("KRP", &m, &at) < 0);
    CHECK(material_parse("KRX:K", &m, &at) < 0 && at == 2);
    CHECK(material_parse("KK:K", &m, &at) < 0 && at == 1);
    CHECK(material_parse("K:K:K", &m, &at) < 0 && at == 3);
    CHECK(material_parse("KPPPPPPPPPPPPPPPP:K", &m, &at) < 0);
}

void test_material__of_position(void)
{
    struct pos p;
    struct material m;
    char out[MATERIAL_MAX];
    pos_set_start(&p);
    material_of(&p, &m);
    material_format(&m, out);
    CHECK_EQ_STR(out, "KQRRBBNNPPPPPPPP:KQRRBBNNPPPPPPPP");
    CHECK(pos_from_fen(&p, "4k3/8/8/8/8/8/4P3/R3K2r w Q - 0 1", NULL) == PGN_OK);
    material_of(&p, &m);
    struct material want = sig("KRP:KR");
    CHECK(material_equal(&m, &want));
}

void test_material__unreachable(void)
{
    struct material start, a, b;
    struct pos p;
    pos_set_start(&p);
    material_of(&p, &start);
    a = sig("KRP:KR");
    CHECK(!material_unreachable(&start, &a));
    CHECK(material_unreachable(&a, &start));
    /* a promotion: a pawn may become the missing queen */
    a = sig("KP:K");
    b = sig("KQ:K");
    CHECK(!material_unreachable(&a, &b));
    b = sig("KQQ:K");
    CHECK(material_unreachable(&a, &b));
    /* pawns never come back */
    a = sig("KQ:K");
    b = sig("KP:K");
    CHECK(material_unreachable(&a, &b));
    b = sig("KQ:K");
    CHECK(!material_unreachable(&a, &b));
}

/* material_of counts the board array's pieces: the same counts as the
 * bitboards' sets, on every position of the perft EPD files and on a
 * board of promoted pieces. */
void test_material__of_agrees_with_bitboards(void)
{
    static const char *const files[] = { "tests/data/standard.epd", "tests/data/tricky.epd" };
    int positions = 0;
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[1024], line[1024];
        snprintf(path, sizeof path, "%s/%s", test_root, files[f]);
        FILE *in = fopen(path, "r");
        if (!in) {
            FAIL("cannot open %s", path);
            return;
        }
        while (fgets(line, sizeof line, in)) {
            char *semi = strchr(line, ';');
            if (semi)
                *semi = 0;
            struct pos p;
            if (pos_from_fen(&p, line, NULL) != PGN_OK)
                continue;
            struct material m;
            material_of(&p, &m);
            for (int c = 0; c < 2; c++)
                for (int t = PAWN; t <= KING; t++)
                    CHECK_EQ_INT(m.count[c][t], bb_count(pos_pieces(&p, c, t)));
            positions++;
        }
        fclose(in);
    }
    CHECK(positions > 100);
    struct pos p;
    struct material m;
    CHECK(pos_from_fen(&p, "k7/8/8/8/8/8/QQQQQQQQ/Q3K3 b - - 0 1", NULL) == PGN_OK);
    material_of(&p, &m);
    CHECK_EQ_INT(m.count[WHITE][QUEEN], 9);
    CHECK_EQ_INT(m.count[BLACK][KING], 1);
    CHECK_EQ_INT(m.count[WHITE][KING], 1);
}
