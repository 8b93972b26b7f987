/* test_eco.c - opening classification from the embedded table. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "annotate/eco.h"
#include "notation/notation.h"
#include "notation/san.h"

/* Plays a SAN line from the start; returns the moves in out (n of them). */
static size_t line(const char *text, move16 *out, size_t cap)
{
    char buf[512];
    struct pos p;
    size_t n = 0;
    snprintf(buf, sizeof buf, "%s", text);
    pos_set_start(&p);
    for (char *s = buf; *s && n < cap;) {
        while (*s == ' ')
            s++;
        char *e = s;
        while (*e && *e != ' ')
            e++;
        size_t len = (size_t)(e - s);
        if (len && s[len - 1] != '.') {
            if (san_read(&p, s, len, NOTATION_EN, &out[n], NULL, NULL) != PGN_OK) {
                FAIL("'%.*s' not legal in '%s'", (int)len, s, text);
                return n;
            }
            pos_play(&p, out[n++]);
        }
        s = e;
    }
    return n;
}

static void expect(const char *moves, const char *eco, const char *name, size_t want_ply)
{
    move16 m[128];
    size_t n = line(moves, m, 128), ply = 99;
    struct pos start;
    pos_set_start(&start);
    const struct eco_entry *e = eco_classify(&start, m, n, &ply);
    if (!e) {
        FAIL("%s: no classification", moves);
        return;
    }
    if (strcmp(e->eco, eco) || strcmp(e->name, name) || ply != want_ply)
        FAIL("%s: %s %s at ply %zu, expected %s %s at ply %zu", moves, e->eco, e->name, ply, eco,
             name, want_ply);
    /* From the positions' keys, as annotate does with a replay's: the same answer. */
    uint64_t keys[129];
    struct pos p = start;
    keys[0] = pos_repetition_key(&p);
    for (size_t i = 0; i < n; i++) {
        pos_play(&p, m[i]);
        keys[i + 1] = pos_repetition_key(&p);
    }
    size_t kply = 99;
    CHECK(eco_classify_keys(keys, n, &kply) == e);
    CHECK_EQ_INT(kply, ply);
}

void test_eco__table_loads_completely(void)
{
    /* 3,807 lines, all replayable; a few reach the same position. */
    CHECK_EQ_INT(eco_bad_lines(), 0);
    CHECK(eco_count() > 3700);
    CHECK(eco_count() <= 3807);
}

void test_eco__najdorf_and_transpositions(void)
{
    expect("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6", "B90",
           "Sicilian Defense: Najdorf Variation", 10);
    /* Same position by another move order: same name. */
    expect("1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6", "B90",
           "Sicilian Defense: Najdorf Variation", 10);
    /* Moves beyond the book keep the deepest known position. */
    expect("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. h4 h5 7. a4", "B90",
           "Sicilian Defense: Najdorf Variation", 10);
    expect("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "C70", "Ruy Lopez: Morphy Defense", 6);
    expect("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4", "E20", "Nimzo-Indian Defense", 6);
    expect("1. e4", "B00", "King's Pawn Game", 1);
}

void test_eco__split_name(void)
{
    struct eco_entry e = { "B90", "Sicilian Defense: Najdorf Variation, English Attack", 12 };
    char o[64], v[64];
    eco_split_name(&e, o, sizeof o, v, sizeof v);
    CHECK_EQ_STR(o, "Sicilian Defense");
    CHECK_EQ_STR(v, "Najdorf Variation, English Attack");
    struct eco_entry f = { "A00", "Amar Opening", 1 };
    eco_split_name(&f, o, sizeof o, v, sizeof v);
    CHECK_EQ_STR(o, "Amar Opening");
    CHECK_EQ_STR(v, "");
}

void test_eco__no_match_from_odd_position(void)
{
    struct pos p;
    CHECK(pos_from_fen(&p, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL) == PGN_OK);
    CHECK(eco_lookup(&p) == NULL);
}
