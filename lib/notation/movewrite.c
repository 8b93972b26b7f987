/* movewrite.c - SAN, long algebraic and UCI text of a move in any language. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <string.h>
#include "notation/movewrite.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "base/banned.h"

struct text {
    char buf[MOVE_TEXT_MAX];
    size_t n;
    const struct write_style *st;
    int with_origin; /* SAN: 1 writes the origin SAN needs, 0 never one (san_write_unmarked) */
};

static void put(struct text *t, const char *s)
{
    size_t len = strlen(s);
    assert(t->n + len < sizeof t->buf);
    memcpy(t->buf + t->n, s, len);
    t->n += len;
}

static void put_char(struct text *t, char c)
{
    assert(t->n + 1 < sizeof t->buf);
    t->buf[t->n++] = c;
}

static void put_square(struct text *t, int sq)
{
    put_char(t, (char)('a' + sq_file(sq)));
    put_char(t, (char)('1' + sq_rank(sq)));
}

static void put_piece(struct text *t, int color, int type)
{
    if (t->st->flags & WRITE_FIGURINE)
        put(t, notation_figurine((t->st->flags & WRITE_FIGURINE_ONE_SET) ? WHITE : color, type));
    else
        put(t, notation_letter(t->st->lang, type));
}

static void put_castling(struct text *t, move16 m)
{
    const char *o = (t->st->flags & WRITE_CASTLE_ZERO) ? "0" : "O";
    put(t, o);
    put_char(t, '-');
    put(t, o);
    if (move_to(m) < move_from(m)) {
        put_char(t, '-');
        put(t, o);
    }
}

/* pgn-extract's long castling: the king's move e1-g1 (Chess960: onto the rook, e1-h1). */
static void put_castling_as_king_move(struct text *t, const struct pos *p, move16 m)
{
    put_square(t, move_from(m));
    put_char(t, '-');
    put_square(t, p->chess960 ? move_to(m) : move_king_to(m));
}

static void put_promotion(struct text *t, int color, move16 m)
{
    if (move_flag(m) != MF_PROMOTION)
        return;
    if (!(t->st->flags & WRITE_PROMO_BARE))
        put_char(t, '=');
    put_piece(t, color, move_promo(m));
}

/* The origin SAN needs: nothing, the file, the rank or the square. */
static void put_disambiguation(struct text *t, const struct pos *p, int type, int from, int to)
{
    /* The only piece of its kind (kings, most queens) has no rival to tell apart. */
    if (!bb_more_than_one(pos_pieces(p, p->side, type)))
        return;
    unsigned origin = san_origin_needed(san_origins(p, type, to) & ~sq_bb(from), from);
    if (origin & SAN_ORIGIN_FILE)
        put_char(t, (char)('a' + sq_file(from)));
    if (origin & SAN_ORIGIN_RANK)
        put_char(t, (char)('1' + sq_rank(from)));
}

static void write_san(struct text *t, const struct pos *p, move16 m)
{
    int from = move_from(m), to = move_to(m), us = p->side;
    int type = piece_type(p->board[from]);
    int captured = pos_captured(p, m);
    if (type == PAWN) {
        if (captured) {
            put_char(t, (char)('a' + sq_file(from)));
            put_char(t, 'x');
        }
    } else {
        put_piece(t, us, type);
        if (t->with_origin)
            put_disambiguation(t, p, type, from, to);
        if (captured)
            put_char(t, 'x');
    }
    put_square(t, to);
    put_promotion(t, us, m);
}

static void write_lan(struct text *t, const struct pos *p, move16 m)
{
    int from = move_from(m), to = move_to(m), us = p->side;
    int type = piece_type(p->board[from]);
    int captured = pos_captured(p, m);
    if (type != PAWN)
        put_piece(t, us, type);
    put_square(t, from);
    put_char(t, captured ? 'x' : '-');
    if (captured && (t->st->flags & WRITE_CAPTURED) && piece_type(captured) != PAWN)
        put_piece(t, us ^ 1, piece_type(captured));
    put_square(t, to);
    put_promotion(t, us, m);
}

/* pgn-extract's long styles: what each writes of a move. */
static const struct long_style {
    unsigned char pieces;  /* the piece letter before the origin */
    char sep, capture;     /* between the squares ('\0': nothing) */
    unsigned char castle;  /* castling as O-O (else as the king's move) */
    const char *ep;        /* after an en-passant capture */
    unsigned char promo_sep; /* the separator stays on a promotion (halg drops it) */
} long_styles[] = {
    [MOVE_FMT_LALG] = { 0, 0, 0, 0, "", 1 },
    [MOVE_FMT_HALG] = { 0, '-', '-', 0, "", 0 },
    [MOVE_FMT_ELALG] = { 1, 0, 0, 0, "ep", 1 },
    [MOVE_FMT_XLALG] = { 1, '-', 'x', 0, "", 1 },
    [MOVE_FMT_XOLALG] = { 1, '-', 'x', 1, "", 1 },
};

static int is_long_style(int format) { return format >= MOVE_FMT_LALG && format <= MOVE_FMT_XOLALG; }

static void write_long_style(struct text *t, const struct pos *p, move16 m)
{
    const struct long_style *ls = &long_styles[t->st->format];
    int from = move_from(m), to = move_to(m), us = p->side;
    int promotion = move_flag(m) == MF_PROMOTION;
    if (move_flag(m) == MF_CASTLING) {
        if (ls->castle) {
            put_castling(t, m);
            return;
        }
        put_square(t, from);
        if (ls->sep)
            put_char(t, ls->sep);
        put_square(t, p->chess960 ? to : move_king_to(m));
        return;
    }
    int type = piece_type(p->board[from]);
    if (ls->pieces && type != PAWN)
        put_piece(t, us, type);
    put_square(t, from);
    char sep = pos_captured(p, m) ? ls->capture : ls->sep;
    if (sep && (!promotion || ls->promo_sep))
        put_char(t, sep);
    put_square(t, to);
    if (promotion)
        put_piece(t, us, move_promo(m));
    if (move_flag(m) == MF_EN_PASSANT)
        put(t, ls->ep);
}

static void put_suffix(struct text *t, const struct pos *p, move16 m)
{
    if ((t->st->flags & WRITE_EP) && move_flag(m) == MF_EN_PASSANT && !is_long_style(t->st->format))
        put(t, " e.p.");
    if (t->st->flags & WRITE_NO_CHECK)
        return;
    struct pos next = *p;
    pos_play(&next, m);
    if (pos_in_check(&next))
        put_char(t, movegen_has_legal(&next) ? '+' : '#');
}

/* The SAN or long algebraic text of m, without a check mark or " e.p.". */
static void write_san_or_lan(struct text *t, const struct pos *p, move16 m)
{
    if (move_flag(m) != MF_CASTLING)
        (t->st->format == MOVE_FMT_LAN ? write_lan : write_san)(t, p, m);
    else if (t->st->format == MOVE_FMT_LAN && (t->st->flags & WRITE_CASTLE_KING))
        put_castling_as_king_move(t, p, m);
    else
        put_castling(t, m);
}

/* Copies t to out as snprintf would with cap bytes; returns the full length. */
static size_t copy_out(const struct text *t, char *out, size_t cap)
{
    if (cap) {
        size_t n = t->n < cap ? t->n : cap - 1;
        memcpy(out, t->buf, n);
        out[n] = 0;
    }
    return t->n;
}

static const struct write_style english_san;

size_t move_write(const struct pos *p, move16 m, const struct write_style *st, char *out,
                  size_t cap)
{
    struct text t = { .n = 0, .st = st ? st : &english_san, .with_origin = 1 };
    if (t.st->format == MOVE_FMT_UCI) {
        t.n = (size_t)uci_write(p, m, t.buf);
    } else {
        /* The long styles here, not in write_san_or_lan: the replay's SAN test stays as it was. */
        if (is_long_style(t.st->format))
            write_long_style(&t, p, m);
        else
            write_san_or_lan(&t, p, m);
        put_suffix(&t, p, m);
    }
    return copy_out(&t, out, cap);
}

size_t san_write(const struct pos *p, move16 m, char out[MOVE_TEXT_MAX])
{
    return move_write(p, m, NULL, out, MOVE_TEXT_MAX);
}

size_t san_write_unmarked(const struct pos *p, move16 m, int with_origin,
                          char out[MOVE_TEXT_MAX])
{
    struct text t = { .n = 0, .st = &english_san, .with_origin = with_origin };
    write_san_or_lan(&t, p, m);
    return copy_out(&t, out, MOVE_TEXT_MAX);
}
