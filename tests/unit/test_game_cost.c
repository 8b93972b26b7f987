/* test_game_cost.c - the per-game fast paths give what the general ways give. */
/* SPDX-License-Identifier: MIT */
#include "test.h"
#include "utf8.h"

/* The ASCII check of a whole game ends with one overlapping block: every
 * length, and a non-ASCII byte at every place of it, or none. */
void test_game_cost__utf8_tail_block(void)
{
    char s[200];
    for (size_t n = 0; n <= sizeof s; n++) {
        memset(s, 'a', sizeof s);
        CHECK_EQ_INT(utf8_valid_prefix(s, n), n);
        CHECK(utf8_is_ascii(s, n));
        for (size_t at = 0; at < n; at++) {
            memset(s, 'a', sizeof s);
            s[at] = (char)0xff;
            CHECK_EQ_INT(utf8_valid_prefix(s, n), at);
            CHECK(!utf8_is_ascii(s, n));
            if (at + 1 < n) {
                s[at] = (char)0xc3, s[at + 1] = (char)0xbc; /* ü: valid, not ASCII */
                CHECK_EQ_INT(utf8_valid_prefix(s, n), n);
                CHECK(!utf8_is_ascii(s, n));
            }
        }
    }
}
