/* replay_checks.c - invariants of the reader and the replay, shared by the fuzz targets. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "fuzz.h"
#include "replay/diag.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"
#include "replay/replay.h"
#include "base/utf8.h"

int fuzz_compressed(const uint8_t *d, size_t n)
{
    return (n >= 2 && d[0] == 0x1f && d[1] == 0x8b) ||
           (n >= 4 && d[0] == 0x28 && d[1] == 0xb5 && d[2] == 0x2f && d[3] == 0xfd);
}

void fuzz_check_replay(const struct game *g, const struct replay *r)
{
    int errors = 0;
    for (size_t i = 0; i < r->ndiags; i++) {
        const struct replay_diag *d = &r->diags[i];
        size_t n = strnlen(d->msg, sizeof d->msg);
        if (n == sizeof d->msg || !utf8_valid(d->msg, n))
            FAIL("game %llu: diagnostic %zu: message not a valid string",
                 (unsigned long long)g->index, i);
        if (d->move != UINT32_MAX && d->move >= g->nmoves)
            FAIL("game %llu: diagnostic about move %u of %u", (unsigned long long)g->index,
                 d->move, g->nmoves);
        if (d->fen[0]) {
            struct pos p;
            if (strnlen(d->fen, sizeof d->fen) == sizeof d->fen || pos_from_fen(&p, d->fen, NULL))
                FAIL("game %llu: diagnostic FEN '%.*s' does not read", (unsigned long long)g->index,
                     (int)sizeof d->fen, d->fen);
        }
        CHECK(d->severity >= PGN_SEV_NOTE && d->severity <= PGN_SEV_ERROR);
        errors += d->severity == PGN_SEV_ERROR;
    }
    if (errors != r->errors)
        FAIL("game %llu: %d errors counted, %d listed", (unsigned long long)g->index, r->errors,
             errors);
    if ((g->flags & GAME_BAD) && !r->errors)
        FAIL("game %llu: bad for the reader, valid after the replay", (unsigned long long)g->index);
    if (r->complete && !r->skipped && !pos_is_consistent(&r->final))
        FAIL("game %llu: final position inconsistent", (unsigned long long)g->index);
}

void fuzz_read_and_replay(const uint8_t *data, size_t size)
{
    struct pgn_reader *reader;
    struct game g;
    struct replay r;
    int plain = !fuzz_compressed(data, size);
    if (pgn_reader_open_mem(&reader, data, size, NULL) != PGN_OK) {
        FAIL("cannot open a memory reader");
        return;
    }
    replay_init(&r, NULL);
    uint64_t off = 0, games = 0, valid = 0, invalid = 0;
    int rc;
    while ((rc = pgn_reader_next(reader, &g)) > 0) {
        games++;
        if (plain)
            reader_check_game(&g, (const char *)data, size, &off);
        if (replay_game(&r, &g) != PGN_OK) {
            FAIL("replay ran out of memory");
            break;
        }
        fuzz_check_replay(&g, &r);
        if (r.errors)
            invalid++;
        else
            valid++;
    }
    CHECK(games == valid + invalid);
    if (plain) {
        CHECK(rc == 0); /* plain text in memory cannot fail to read */
        /* Spans end at the end of the input, unless it holds no game at all. */
        if (off != size && games)
            FAIL("spans end at %llu of %zu bytes", (unsigned long long)off, size);
    }
    replay_release(&r);
    pgn_reader_free(reader);
}
