/* write_styles.c - the set of move-writing styles the round-trip tests cover. */
/* SPDX-License-Identifier: MIT */
#include "write_styles.h"

int test_write_styles(struct write_style *st)
{
    int n = 0;
    for (int lang = 0; lang < notation_count(); lang++) {
        st[n++] = (struct write_style){ MOVE_FMT_SAN, lang, 0 };
        st[n++] = (struct write_style){ MOVE_FMT_LAN, lang, WRITE_CAPTURED };
    }
    st[n++] = (struct write_style){ MOVE_FMT_SAN, NOTATION_EN, WRITE_FIGURINE };
    st[n++] = (struct write_style){ MOVE_FMT_SAN, NOTATION_DE,
                                    WRITE_FIGURINE | WRITE_FIGURINE_ONE_SET };
    st[n++] = (struct write_style){ MOVE_FMT_LAN, NOTATION_DE,
                                    WRITE_FIGURINE | WRITE_CAPTURED | WRITE_CASTLE_KING };
    st[n++] = (struct write_style){ MOVE_FMT_SAN, NOTATION_DE,
                                    WRITE_CASTLE_ZERO | WRITE_PROMO_BARE | WRITE_EP };
    st[n++] = (struct write_style){ MOVE_FMT_LAN, NOTATION_EN,
                                    WRITE_CASTLE_KING | WRITE_PROMO_BARE };
    st[n++] = (struct write_style){ MOVE_FMT_SAN, NOTATION_EN, WRITE_NO_CHECK };
    st[n++] = (struct write_style){ MOVE_FMT_UCI, NOTATION_EN, 0 };
    return n;
}
