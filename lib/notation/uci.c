/* uci.c - UCI coordinate notation. */
/* SPDX-License-Identifier: MIT */
#include "notation/uci.h"
#include "chess/movegen.h"
#include "base/banned.h"

static const char promo_letters[] = "nbrq";

int uci_write(const struct pos *p, move16 m, char out[UCI_MAX])
{
    int from = move_from(m);
    int to = (move_flag(m) == MF_CASTLING && !p->chess960) ? move_king_to(m) : move_to(m);
    int n = 0;
    out[n++] = (char)('a' + sq_file(from));
    out[n++] = (char)('1' + sq_rank(from));
    out[n++] = (char)('a' + sq_file(to));
    out[n++] = (char)('1' + sq_rank(to));
    if (move_flag(m) == MF_PROMOTION)
        out[n++] = promo_letters[move_promo(m) - KNIGHT];
    out[n] = 0;
    return n;
}

static int square_at(const char *s)
{
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return SQ_NONE;
    return make_sq(s[0] - 'a', s[1] - '1');
}

move16 uci_parse(const struct pos *p, const char *s, int len)
{
    if (len != 4 && len != 5)
        return MOVE_NONE;
    int from = square_at(s), to = square_at(s + 2);
    int promo = -1;
    if (from == SQ_NONE || to == SQ_NONE)
        return MOVE_NONE;
    if (len == 5) {
        char c = s[4] >= 'A' && s[4] <= 'Z' ? (char)(s[4] + 32) : s[4];
        for (int i = 0; i < 4; i++)
            if (promo_letters[i] == c)
                promo = KNIGHT + i;
        if (promo < 0)
            return MOVE_NONE;
    }
    struct movelist list;
    movegen_legal(p, &list);
    for (int i = 0; i < list.n; i++) {
        move16 m = list.moves[i];
        if (move_from(m) != from)
            continue;
        if (move_flag(m) == MF_CASTLING) {
            /* e1g1 (king's destination) or e1h1 (king takes rook). Both are
             * unambiguous in standard chess; in Chess960 the king's
             * destination form could also be a plain king move, which the
             * list then contains separately and which wins below. */
            if (len == 4 && (to == move_to(m) || to == move_king_to(m)))
                return m;
            continue;
        }
        if (move_to(m) != to)
            continue;
        if (move_flag(m) == MF_PROMOTION ? move_promo(m) == promo : promo < 0)
            return m;
    }
    return MOVE_NONE;
}
