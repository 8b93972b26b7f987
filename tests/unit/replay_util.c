/* replay_util.c - the unit tests' walk over the games of a file, each replayed and with its facts. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "replay_util.h"

unsigned long replay_each_game(const char *rel, unsigned replay_flags, replayed_game_fn *fn,
                               void *ctx)
{
    size_t len;
    char *text = reader_slurp(rel, &len);
    if (!text)
        return 0;
    struct pgn_reader *r;
    struct game g;
    struct replay rp;
    struct game_facts f;
    struct replay_opts ro = { .lang = NOTATION_AUTO, .flags = replay_flags };
    unsigned long games = 0;
    replay_init(&rp, &ro);
    game_facts_init(&f, NOTATION_AUTO);
    if (pgn_reader_open_mem(&r, text, len, NULL) == PGN_OK) {
        while (pgn_reader_next(r, &g) > 0) {
            if (replay_game(&rp, &g)) {
                FAIL("%s: game %llu: the replay failed", rel, (unsigned long long)g.index);
                break;
            }
            game_facts_reset(&f, &g, r);
            fn(rel, &g, &rp, &f, ctx);
            games++;
        }
        pgn_reader_free(r);
    }
    game_facts_release(&f);
    replay_release(&rp);
    free(text);
    return games;
}
