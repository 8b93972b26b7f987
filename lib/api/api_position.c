/* api_position.c - positions and moves through the public interface: FEN, legal moves, notation, keys. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "api/api_internal.h"
#include "init/lib_init.h"
#include "chess/movegen.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "base/banned.h"

_Static_assert(PGNKIT_MAX_MOVES >= MAX_MOVES, "a move list of the library does not fit");
_Static_assert(PGNKIT_MOVE_TEXT_MAX >= MOVE_TEXT_MAX, "a move text of the library does not fit");
_Static_assert(PGNKIT_FEN_MAX >= FEN_MAX, "a FEN of the library does not fit");
_Static_assert(PGNKIT_LANG_AUTO == NOTATION_AUTO, "auto language ids differ");
_Static_assert(sizeof(pgnkit_move) == sizeof(move16), "move sizes differ");

size_t api_copy_text(char *out, size_t cap, const char *src, size_t n)
{
    if (cap) {
        size_t k = n < cap ? n : cap - 1;
        memcpy(out, src, k);
        out[k] = 0;
    }
    return n;
}

int api_text_out(struct buf *b, int rc, const char **text, size_t *len)
{
    *text = "";
    *len = 0;
    if (!rc)
        rc = buf_append(b, "", 1);
    if (rc)
        return rc;
    *text = b->data;
    *len = b->len - 1;
    return PGNKIT_OK;
}

size_t api_write_move(const struct pos *p, move16 m, int format, int lang, char *out,
                      size_t cap)
{
    static const int formats[] = { [PGNKIT_SAN] = MOVE_FMT_SAN, [PGNKIT_LAN] = MOVE_FMT_LAN,
                                   [PGNKIT_UCI] = MOVE_FMT_UCI };
    if (format < 0 || format > PGNKIT_UCI || lang < 0 || lang >= notation_count())
        return 0;
    if (m == MOVE_NONE)
        return format == PGNKIT_UCI ? api_copy_text(out, cap, "0000", 4)
                                    : api_copy_text(out, cap, "--", 2);
    char text[MOVE_TEXT_MAX];
    struct write_style st = { .format = formats[format], .lang = lang };
    size_t n = move_write(p, m, &st, text, sizeof text);
    return api_copy_text(out, cap, text, n);
}

int pgnkit_position_new(struct pgnkit_position **out)
{
    lib_init();
    *out = malloc(sizeof **out);
    if (!*out)
        return PGNKIT_ENOMEM;
    pos_set_start(&(*out)->p);
    return PGNKIT_OK;
}

int pgnkit_position_copy(struct pgnkit_position **out, const struct pgnkit_position *p)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return PGNKIT_ENOMEM;
    **out = *p;
    return PGNKIT_OK;
}

void pgnkit_position_free(struct pgnkit_position *p)
{
    free(p);
}

int pgnkit_position_set_fen(struct pgnkit_position *p, const char *fen, char *why,
                            size_t why_cap)
{
    struct pos next;
    enum fen_problem problem = FEN_SYNTAX;
    int rc = fen ? pos_from_fen(&next, fen, &problem) : PGN_EFEN;
    if (rc != PGN_OK) {
        /* A FEN too long is not a valid position either, whatever the status. */
        if (why) {
            const char *reason = fen_problem_text(problem);
            api_copy_text(why, why_cap, reason, strlen(reason));
        }
        return PGNKIT_EFEN;
    }
    p->p = next;
    return PGNKIT_OK;
}

size_t pgnkit_position_fen(const struct pgnkit_position *p, char *out, size_t cap)
{
    char fen[FEN_MAX];
    size_t n = pos_to_fen(&p->p, 0, fen);
    return api_copy_text(out, cap, fen, n);
}

int pgnkit_position_side(const struct pgnkit_position *p)
{
    return p->p.side;
}

uint64_t pgnkit_position_key(const struct pgnkit_position *p)
{
    return p->p.key;
}

unsigned pgnkit_position_state(const struct pgnkit_position *p)
{
    unsigned s = pos_in_check(&p->p) ? PGNKIT_CHECK : 0;
    int state = movegen_state(&p->p);
    if (state == STATE_CHECKMATE)
        s |= PGNKIT_CHECKMATE;
    else if (state == STATE_STALEMATE)
        s |= PGNKIT_STALEMATE;
    if (pos_is_dead(&p->p))
        s |= PGNKIT_DEAD;
    return s;
}

size_t pgnkit_position_legal_moves(const struct pgnkit_position *p,
                                   pgnkit_move moves[PGNKIT_MAX_MOVES])
{
    struct movelist list;
    int n = movegen_legal(&p->p, &list);
    for (int i = 0; i < n; i++)
        moves[i] = list.moves[i];
    return (size_t)n;
}

/* 1 when m is a legal move of p: the one test before a move is played or written. */
static int is_legal(const struct pos *p, move16 m)
{
    struct movelist list;
    int n = movegen_legal(p, &list);
    for (int i = 0; i < n; i++)
        if (list.moves[i] == m)
            return 1;
    return 0;
}

int pgnkit_language_count(void)
{
    lib_init();
    return notation_count();
}

const char *pgnkit_language_name(int id)
{
    lib_init();
    const struct notation *n = id >= 0 && id < notation_count() ? notation_get(id) : NULL;
    return n ? n->name : NULL;
}

int pgnkit_language_find(const char *name)
{
    lib_init();
    return name ? notation_find(name) : -2;
}

int pgnkit_position_parse_move(const struct pgnkit_position *p, const char *text, int lang,
                               pgnkit_move *move, char *why, size_t why_cap)
{
    if (!text || (lang != PGNKIT_LANG_AUTO && (lang < 0 || lang >= notation_count())))
        return PGNKIT_EINVAL;
    struct move_error err = { 0 };
    move16 m;
    int rc = san_read(&p->p, text, strlen(text), lang, &m, NULL, &err);
    if (rc != PGN_OK) {
        if (why)
            api_copy_text(why, why_cap, err.msg, strlen(err.msg));
        return rc; /* PGN_ESYNTAX, PGN_EILLEGAL or PGN_EAMBIGUOUS, as the header says */
    }
    *move = m;
    return PGNKIT_OK;
}

int pgnkit_position_parse_uci(const struct pgnkit_position *p, const char *text,
                              pgnkit_move *move)
{
    size_t n = text ? strlen(text) : 0;
    move16 m = n && n < UCI_MAX ? uci_parse(&p->p, text, (int)n) : MOVE_NONE;
    if (m == MOVE_NONE)
        return PGNKIT_EILLEGAL;
    *move = m;
    return PGNKIT_OK;
}

int pgnkit_position_play(struct pgnkit_position *p, pgnkit_move move)
{
    if (!is_legal(&p->p, move))
        return PGNKIT_EILLEGAL;
    pos_play(&p->p, move);
    return PGNKIT_OK;
}

size_t pgnkit_position_write_move(const struct pgnkit_position *p, pgnkit_move move,
                                  int format, int lang, char *out, size_t cap)
{
    if (!is_legal(&p->p, move))
        return 0;
    return api_write_move(&p->p, move, format, lang, out, cap);
}
