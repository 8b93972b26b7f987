/* fuzz_fen.c - FEN reading on arbitrary text; what is accepted writes and reads back the same. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "fuzz.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "base/utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The FEN writer's flag sets; each must read back. */
static const int fen_flags[] = {
    0, FEN_SHREDDER, FEN_EP_ALWAYS, FEN_NO_COUNTERS, FEN_SHREDDER | FEN_EP_ALWAYS | FEN_NO_COUNTERS,
};

/* q read back from p's FEN written with flags: the same position, as far as flags keep it. */
static void check_same(const struct pos *p, const struct pos *q, int flags, const char *fen)
{
    int same = !memcmp(p->board, q->board, sizeof p->board) && p->side == q->side &&
               p->castling == q->castling && p->king[0] == q->king[0] && p->king[1] == q->king[1];
    for (int i = 0; i < 4; i++)
        if (p->castling & (1 << i))
            same &= p->castle_rook[i] == q->castle_rook[i];
    if (flags & FEN_EP_ALWAYS)
        same &= p->ep == q->ep && p->key == q->key;
    else
        same &= pos_repetition_key(p) == pos_repetition_key(q);
    if (!(flags & FEN_NO_COUNTERS))
        same &= p->halfmove == q->halfmove && p->fullmove == q->fullmove;
    if (!same)
        FAIL("'%s' (flags %d) reads back as another position", fen, flags);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char text[512];
    size_t n = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, n);
    text[n] = '\0';

    struct pos p;
    enum fen_problem first = FEN_PROBLEM_COUNT, why;
    int rc = pos_from_fen(&p, text, &first);
    const char *text_of = fen_problem_text(first);
    CHECK(rc == PGN_OK || rc == PGN_EFEN || rc == PGN_ETOOBIG);
    CHECK((rc == PGN_OK) == (first == FEN_NO_PROBLEM) && first < FEN_PROBLEM_COUNT);
    CHECK(text_of && utf8_valid(text_of, strlen(text_of)));
    /* After an impossible check the position is promised complete: check it too. */
    if (rc != PGN_OK && first != FEN_IMPOSSIBLE_CHECK) {
        fuzz_done();
        return 0;
    }
    if (!pos_is_consistent(&p))
        FAIL("'%s' accepted but inconsistent", text);

    for (size_t k = 0; k < sizeof fen_flags / sizeof fen_flags[0]; k++) {
        char out[FEN_MAX], again[FEN_MAX];
        struct pos q;
        size_t len = pos_to_fen(&p, fen_flags[k], out);
        if (len >= FEN_MAX || strlen(out) != len) {
            FAIL("'%s': pos_to_fen length %zu", text, len);
            continue;
        }
        rc = pos_from_fen(&q, out, &why);
        /* Leaving out an en-passant square can only make a check possible. */
        if (rc != PGN_OK && why != first) {
            FAIL("'%s' written as '%s' (flags %d) is refused: %s", text, out, fen_flags[k],
                 fen_problem_text(why));
            continue;
        }
        CHECK(pos_is_consistent(&q));
        check_same(&p, &q, fen_flags[k], out);
        pos_to_fen(&q, fen_flags[k], again);
        if (strcmp(out, again))
            FAIL("'%s' writes '%s', which writes '%s'", text, out, again);
    }

    /* Every legal move keeps the position consistent and our king safe. */
    struct movelist list;
    movegen_legal(&p, &list);
    CHECK(list.n >= 0 && list.n <= MAX_MOVES);
    CHECK(movegen_has_legal(&p) == (list.n > 0));
    for (int i = 0; i < list.n; i++) {
        struct pos q = p;
        pos_play(&q, list.moves[i]);
        if (!pos_is_consistent(&q) ||
            pos_attackers(&q, q.king[p.side], pos_occupied(&q), q.side) != 0)
            FAIL("'%s': move %d leaves a bad position", text, i);
    }
    fuzz_done();
    return 0;
}
