/* san_hints.c - what a move that does not resolve was likely meant to be, for its error text. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "notation/san_hints.h"
#include "notation/notation.h"
#include "base/banned.h"

int san_hint_glued(const struct pos *p, const struct san_parts *sp, struct move_error *err)
{
    struct san_parts first = { .kind = SAN_MOVE, .from_file = -1, .from_rank = -1,
                               .to_file = sp->from_file, .to_rank = sp->from_rank,
                               .lang = sp->lang };
    struct san_parts second = first;
    second.to_file = sp->to_file;
    second.to_rank = sp->to_rank;
    struct pos after = *p;
    move16 m;
    if (san_resolve(p, &first, &m, NULL) != PGN_OK)
        return 0;
    pos_play(&after, m);
    if (san_resolve(&after, &second, &m, NULL) != PGN_OK)
        return 0;
    move_error_set(err, PGN_EILLEGAL, "moves '%c%d' and '%c%d' written without a space",
                   'a' + sp->from_file, sp->from_rank + 1, 'a' + sp->to_file, sp->to_rank + 1);
    return 1;
}

void san_hint_bishop(const struct pos *p, const struct san_parts *sp, struct move_error *err)
{
    const char *letter = notation_letter(sp->lang, BISHOP);
    /* Only "b" followed by a square: "bxe6" or "be6", not "bc" or "b8=Q". */
    if (sp->pieces || sp->from_file != 1 || sp->from_rank >= 0 || sp->to_rank < 0 ||
        sp->promo || strcmp(letter, "B"))
        return;
    struct san_parts bishop = *sp;
    bishop.pieces = 1 << BISHOP;
    bishop.piece = BISHOP;
    bishop.from_file = -1;
    move16 m;
    if (san_resolve(p, &bishop, &m, NULL) != PGN_OK)
        return;
    int to = make_sq(sp->to_file, sp->to_rank);
    char reason[MOVE_MSG_MAX];
    snprintf(reason, sizeof reason, "%s", err->msg);
    move_error_set(err, err->code, "%s (the bishop move is written '%s%s%c%c')", reason, letter,
                   p->board[to] ? "x" : "", 'a' + sq_file(to), '1' + sq_rank(to));
}
