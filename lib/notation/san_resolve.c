/* san_resolve.c - phase 2 of move reading: struct san_parts + position -> one legal move. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "notation/san.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "notation/san_fast.h"
#include "notation/san_hints.h"
#include "base/banned.h"

/*
 * The candidates of a move are found backwards from its destination: our
 * pieces of the moving type that attack it (a table lookup for leapers; for
 * sliders the ones on a line with it whose path is empty), ANDed with the
 * origin file/rank the text gives. Each candidate then gets an O(1) legality
 * test (legal_fast, or pos_is_legal for king moves and en passant). No move
 * list is generated; error paths may spend more to explain themselves.
 */

static const char *const piece_names[PIECE_TYPE_NB] = {
    "pawn", "knight", "bishop", "rook", "queen", "king"
};
static const char *const color_names[2] = { "white", "black" };

#define SQ_FMT "%c%c"
#define SQ_ARG(sq) (char)('a' + sq_file(sq)), (char)('1' + sq_rank(sq))

enum { MAX_CANDIDATES = 16 };

/*
 * pos_is_legal() for a move that is neither a king move nor en passant,
 * without generating attacks: afterwards no enemy knight or pawn may attack
 * the king unless it is the one captured, and no enemy slider on a line with
 * the king may see it, its path emptied of the origin and the destination
 * filled. The handful of enemy sliders on the king's lines are checked one
 * by one; this is the hot path of every read move.
 */
static inline int legal_fast(const struct pos *p, int from, int to)
{
    int us = p->side, ksq = p->king[us];
    bitboard theirs = p->by_color[us ^ 1] & ~sq_bb(to);
    bitboard occ = pos_occupied(p) ^ sq_bb(from);
    bitboard leapers = (bb_empty_attacks[KNIGHT][ksq] & p->by_type[KNIGHT])
                     | (bb_pawn_attacks[us][ksq] & p->by_type[PAWN]);
    if (leapers & theirs)
        return 0;
    bitboard orthogonal = file_bb(sq_file(ksq)) | rank_bb(sq_rank(ksq));
    bitboard snipers = ((p->by_type[ROOK] | p->by_type[QUEEN]) & orthogonal)
                     | ((p->by_type[BISHOP] | p->by_type[QUEEN]) & bb_empty_attacks[BISHOP][ksq]);
    snipers &= theirs;
    while (snipers) {
        bitboard path = bb_between(ksq, bb_pop(&snipers));
        if (!(path & (occ | sq_bb(to))))
            return 0;
    }
    return 1;
}

/* Our pieces of a type that attack sq: by alignment and an empty path for
 * sliders (one or two pieces to test, cheaper than attacks from sq). */
static inline bitboard attackers_of_type(const struct pos *p, int type, int sq)
{
    bitboard ours = pos_pieces(p, p->side, type), occ = pos_occupied(p), found = 0;
    switch (type) {
    case KNIGHT: return ours & bb_empty_attacks[KNIGHT][sq];
    case KING: return ours & bb_empty_attacks[KING][sq];
    case BISHOP: ours &= bb_empty_attacks[BISHOP][sq]; break;
    case ROOK: ours &= file_bb(sq_file(sq)) | rank_bb(sq_rank(sq)); break;
    default:
        ours &= bb_empty_attacks[BISHOP][sq] | file_bb(sq_file(sq)) | rank_bb(sq_rank(sq));
        break;
    }
    while (ours) {
        int from = bb_pop(&ours);
        if (!(bb_between(sq, from) & occ))
            found |= sq_bb(from);
    }
    return found;
}

static inline int is_legal(const struct pos *p, move16 m)
{
    int from = move_from(m);
    if (move_flag(m) == MF_EN_PASSANT || from == p->king[p->side])
        return pos_is_legal(p, m);
    return legal_fast(p, from, move_to(m));
}

/*
 * legal_fast() when the side to move is known not to be in check: then
 * only a pin can forbid the move. The enemy sliders that could pin are on
 * the line through the king and from (empty when from is on none), and a
 * move along that line keeps its piece between them. A slider found there
 * pins when nothing else stands between it and the king.
 */
static inline int not_pinned(const struct pos *p, int from, int to)
{
    int us = p->side, ksq = p->king[us];
    bitboard line = bb_line(ksq, from);
    if (line & sq_bb(to))
        return 1; /* along the line it stays between king and pinner */
    bitboard sliders = (p->by_type[BISHOP] | p->by_type[ROOK] | p->by_type[QUEEN])
                     & p->by_color[us ^ 1] & line;
    bitboard occ = pos_occupied(p);
    while (sliders) {
        int s = bb_pop(&sliders);
        if ((bb_between(ksq, s) & occ) == sq_bb(from)
            && (bb_empty_attacks[piece_type(p->board[s])][s] & sq_bb(ksq)))
            return 0;
    }
    return 1;
}

static inline bitboard origin_mask(const struct san_parts *sp)
{
    bitboard m = ~0ULL;
    if (sp->from_file >= 0)
        m &= file_bb(sp->from_file);
    if (sp->from_rank >= 0)
        m &= rank_bb(sp->from_rank);
    return m;
}

/* " on g1", " on the g-file", " on rank 1" or "": the origin the text gives. */
static void origin_text(const struct san_parts *sp, char out[24])
{
    if (sp->from_file >= 0 && sp->from_rank >= 0)
        snprintf(out, 24, " on %c%d", 'a' + sp->from_file, sp->from_rank + 1);
    else if (sp->from_file >= 0)
        snprintf(out, 24, " on the %c-file", 'a' + sp->from_file);
    else if (sp->from_rank >= 0)
        snprintf(out, 24, " on rank %d", sp->from_rank + 1);
    else
        out[0] = 0;
}

static int no_candidate(const struct pos *p, const struct san_parts *sp, int type, int to,
                        int capture, struct move_error *err)
{
    char origin[24];
    origin_text(sp, origin);
    return move_error_set(err, PGN_EILLEGAL, "no %s %s%s can %s " SQ_FMT,
                          color_names[p->side], piece_names[type], origin,
                          capture ? "capture on" : "reach", SQ_ARG(to));
}

/* Why legal-looking move m is not legal: it would leave the king attacked. */
static int refusal(const struct pos *p, move16 m, struct move_error *err)
{
    int from = move_from(m), type = piece_type(p->board[from]);
    int ksq = p->king[p->side], them = p->side ^ 1;
    bitboard occ = pos_occupied(p);
    if (type == KING)
        return move_error_set(err, PGN_EILLEGAL, "king would be in check on " SQ_FMT,
                              SQ_ARG(move_to(m)));
    if (move_flag(m) == MF_EN_PASSANT)
        return move_error_set(err, PGN_EILLEGAL,
                              "the en-passant capture would leave the king in check");
    if (pos_attackers(p, ksq, occ ^ sq_bb(from), them) & ~pos_attackers(p, ksq, occ, them))
        return move_error_set(err, PGN_EILLEGAL, "the %s on " SQ_FMT " is pinned",
                              piece_names[type], SQ_ARG(from));
    return move_error_set(err, PGN_EILLEGAL, "king would be in check");
}

/* Listing order of candidates: by origin file, then rank ("Nbd7, Nfd7"). */
static int origin_order(move16 m) { return sq_file(move_from(m)) * 8 + sq_rank(move_from(m)); }

/* "ambiguous: could be Nbd7, Nfd7": each move with the origin its rivals for the same square need. */
static int ambiguous(const struct pos *p, int lang, const move16 *moves, int n,
                     struct move_error *err)
{
    char text[MOVE_MSG_MAX];
    size_t len = (size_t)snprintf(text, sizeof text, "ambiguous: could be");
    move16 sorted[MAX_CANDIDATES];
    for (int i = 0, j; i < n; i++) {
        for (j = i; j > 0 && origin_order(sorted[j - 1]) > origin_order(moves[i]); j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = moves[i];
    }
    moves = sorted;
    for (int i = 0; i < n && len < sizeof text; i++) {
        int from = move_from(moves[i]), to = move_to(moves[i]);
        int type = piece_type(p->board[from]);
        bitboard rivals = 0;
        for (int j = 0; j < n; j++)
            if (j != i && move_to(moves[j]) == to)
                rivals |= sq_bb(move_from(moves[j]));
        char origin[4] = "";
        if (type == PAWN) {
            snprintf(origin, sizeof origin, "%cx", 'a' + sq_file(from));
        } else {
            unsigned need = san_origin_needed(rivals, from);
            size_t k = 0;
            if (need & SAN_ORIGIN_FILE)
                origin[k++] = (char)('a' + sq_file(from));
            if (need & SAN_ORIGIN_RANK)
                origin[k++] = (char)('1' + sq_rank(from));
        }
        int capture = type != PAWN && pos_captured(p, moves[i]);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s %s%s%s" SQ_FMT, i ? "," : "",
                                type == PAWN ? "" : notation_letter(lang, type), origin,
                                capture ? "x" : "", SQ_ARG(to));
    }
    return move_error_set(err, PGN_EAMBIGUOUS, "%s", text);
}

/* The one legal move among candidate origins cands for the move template tmpl. */
static int pick(const struct pos *p, const struct san_parts *sp, bitboard cands, move16 tmpl,
                move16 *move, struct move_error *err)
{
    move16 legal[MAX_CANDIDATES], refused = MOVE_NONE;
    int n = 0;
    while (cands) {
        move16 m = (move16)(tmpl | bb_pop(&cands));
        if (!is_legal(p, m))
            refused = refused ? refused : m;
        else if (n < MAX_CANDIDATES)
            legal[n++] = m;
    }
    if (n == 1) {
        *move = legal[0];
        return PGN_OK;
    }
    return n ? ambiguous(p, sp->lang, legal, n, err) : refusal(p, refused, err);
}

/* The piece on the destination against what the text says about it. */
static int check_target(const struct pos *p, const struct san_parts *sp, int to, int ep,
                        struct move_error *err)
{
    int target = p->board[to];
    if (target && piece_color(target) == p->side)
        return move_error_set(err, PGN_EILLEGAL, SQ_FMT " is occupied by a %s %s", SQ_ARG(to),
                              color_names[p->side], piece_names[piece_type(target)]);
    if (!target && !ep && (sp->flags & SAN_CAPTURE || sp->captured))
        return move_error_set(err, PGN_EILLEGAL, "no piece to capture on " SQ_FMT, SQ_ARG(to));
    if (sp->captured) {
        int type = ep ? PAWN : piece_type(target);
        if (!(sp->captured & (1 << type)))
            return move_error_set(err, PGN_EILLEGAL,
                                  "captured piece does not match: " SQ_FMT " holds a %s",
                                  SQ_ARG(to), piece_names[type]);
    }
    return PGN_OK;
}

static int resolve_castling(const struct pos *p, int kingside, move16 *move,
                            struct move_error *err)
{
    const char *why;
    move16 m = movegen_castling(p, kingside, &why);
    if (!m)
        return move_error_set(err, PGN_EILLEGAL, "%s", why);
    *move = m;
    return PGN_OK;
}

/* Castling written as a king move: onto its own castling rook (e1h1, Chess960
 * style), or two squares along the rank in standard chess (e1g1, Ke1-g1). */
static int king_move_castles(const struct pos *p, int to, int *kingside)
{
    int us = p->side, ksq = p->king[us], rank = sq_rank(ksq);
    if (sq_rank(to) != rank)
        return 0;
    for (int i = 0; i < 2; i++) {
        int right = 2 * us + i;
        if ((p->castling & (1 << right)) && p->castle_rook[right] == to) {
            *kingside = i == 0;
            return 1;
        }
    }
    if (bb_empty_attacks[KING][ksq] & sq_bb(to))
        return 0;
    if (!p->chess960) {
        if (sq_file(ksq) != 4 || rank != (us == WHITE ? 0 : 7)
            || (sq_file(to) != 6 && sq_file(to) != 2))
            return 0;
        *kingside = sq_file(to) == 6;
        return 1;
    }
    for (int i = 0; i < 2; i++)
        if ((p->castling & (1 << (2 * us + i))) && to == make_sq(i == 0 ? 6 : 2, rank)) {
            *kingside = i == 0;
            return 1;
        }
    return 0;
}

/* The promotion type the text names; several meanings (a foreign letter) are ambiguous. */
static int promo_type(const struct san_parts *sp, int *type, struct move_error *err)
{
    if (sp->promo & (sp->promo - 1))
        return move_error_set(err, PGN_EAMBIGUOUS,
                              "ambiguous: the promotion letter names more than one piece");
    *type = __builtin_ctz(sp->promo);
    return PGN_OK;
}

/* "ed": the one pawn capture from one file to the neighbouring one. */
static int resolve_file_capture(const struct pos *p, const struct san_parts *sp, move16 *move,
                                struct move_error *err)
{
    int us = p->side, up = us == WHITE ? 8 : -8, last = us == WHITE ? 7 : 0;
    int promo = 0, missing_promo = 0, n = 0, rc;
    bitboard pawns = pos_pieces(p, us, PAWN) & file_bb(sp->from_file) & origin_mask(sp);
    move16 legal[8], refused = MOVE_NONE;
    if (sp->promo && (rc = promo_type(sp, &promo, err)))
        return rc;
    while (pawns) {
        int from = bb_pop(&pawns), to = from + up + sp->to_file - sp->from_file;
        int target = p->board[to], ep = to == p->ep && !target;
        if (!ep && !(target && piece_color(target) != us))
            continue;
        if (sp->captured && !(sp->captured & (1 << (ep ? PAWN : piece_type(target)))))
            continue;
        if ((sq_rank(to) == last) != (promo != 0)) {
            missing_promo |= !promo;
            continue;
        }
        move16 m = promo ? move_make_promo(from, to, promo)
                         : move_make(from, to, ep ? MF_EN_PASSANT : MF_NORMAL);
        if (is_legal(p, m))
            legal[n++] = m;
        else
            refused = refused ? refused : m;
    }
    if (n == 1) {
        *move = legal[0];
        return PGN_OK;
    }
    if (n)
        return ambiguous(p, sp->lang, legal, n, err);
    if (refused)
        return refusal(p, refused, err);
    if (missing_promo)
        return move_error_set(err, PGN_EILLEGAL, "promotion piece missing");
    return move_error_set(err, PGN_EILLEGAL,
                          "no %s pawn on the %c-file can capture on the %c-file",
                          color_names[us], 'a' + sp->from_file, 'a' + sp->to_file);
}

static int resolve_pawn(const struct pos *p, const struct san_parts *sp, move16 *move,
                        struct move_error *err)
{
    if (sp->to_rank < 0)
        return resolve_file_capture(p, sp, move, err);
    int us = p->side, up = us == WHITE ? 8 : -8;
    int to = make_sq(sp->to_file, sp->to_rank), promo = 0, rc;
    if (sq_rank(to) == (us == WHITE ? 7 : 0)) {
        if (!sp->promo)
            return move_error_set(err, PGN_EILLEGAL, "promotion piece missing");
        if ((rc = promo_type(sp, &promo, err)))
            return rc;
    } else if (sp->promo) {
        return move_error_set(err, PGN_EILLEGAL, "a pawn promotes only on the last rank");
    }
    bitboard pawns = pos_pieces(p, us, PAWN) & origin_mask(sp), cands = 0;
    int capture = (sp->flags & SAN_CAPTURE) || sp->captured
               || (sp->from_file >= 0 && sp->from_file != sp->to_file);
    int flag = MF_NORMAL;
    if (capture) {
        int ep = to == p->ep && !p->board[to];
        if ((rc = check_target(p, sp, to, ep, err)))
            return rc;
        if (!ep && !p->board[to])
            return move_error_set(err, PGN_EILLEGAL, "no piece to capture on " SQ_FMT,
                                  SQ_ARG(to));
        cands = bb_pawn_attacks[us ^ 1][to] & pawns;
        flag = ep ? MF_EN_PASSANT : MF_NORMAL;
    } else {
        int from = to - up, pawn = piece_make(us, PAWN);
        if (p->board[to])
            return move_error_set(err, PGN_EILLEGAL, SQ_FMT " is occupied by a %s %s",
                                  SQ_ARG(to), color_names[piece_color(p->board[to])],
                                  piece_names[piece_type(p->board[to])]);
        if (from < 8 || from >= 56)
            cands = 0; /* no pawn stands on its first or last rank */
        else if (p->board[from] == pawn)
            cands = sq_bb(from);
        else if (!p->board[from] && sq_rank(to) == (us == WHITE ? 3 : 4)
                 && p->board[from - up] == pawn)
            cands = sq_bb(from - up); /* the double step */
        cands &= pawns;
    }
    if (!cands)
        return no_candidate(p, sp, PAWN, to, capture, err);
    return pick(p, sp, cands, promo ? move_make_promo(0, to, promo) : move_make(0, to, flag),
                move, err);
}

static int resolve_type(const struct pos *p, const struct san_parts *sp, int type, move16 *move,
                        struct move_error *err)
{
    int kingside, rc;
    if (type == PAWN)
        return resolve_pawn(p, sp, move, err);
    if (sp->promo)
        return move_error_set(err, PGN_EILLEGAL, "only pawns promote");
    if (sp->to_rank < 0)
        return move_error_set(err, PGN_ESYNTAX, "a piece move needs a destination square");
    int to = make_sq(sp->to_file, sp->to_rank);
    bitboard mask = origin_mask(sp);
    if (type == KING && (mask & sq_bb(p->king[p->side])) && king_move_castles(p, to, &kingside))
        return resolve_castling(p, kingside, move, err);
    if ((rc = check_target(p, sp, to, 0, err)))
        return rc;
    bitboard cands = attackers_of_type(p, type, to) & mask;
    if (!cands)
        return no_candidate(p, sp, type, to, 0, err);
    return pick(p, sp, cands, move_make(0, to, MF_NORMAL), move, err);
}

/* A letter foreign to the language with several meanings: the one meaning
 * that gives a legal move wins; if none does, the error of its first meaning. */
static int resolve_foreign(const struct pos *p, const struct san_parts *sp, move16 *move,
                           struct move_error *err)
{
    struct san_parts one = *sp;
    int found = 0, rc = resolve_type(p, sp, sp->piece, move, err);
    if (rc == PGN_OK)
        found = 1 << sp->piece;
    for (int type = PAWN; type <= KING; type++) {
        move16 m;
        if (type == sp->piece || !(sp->pieces & (1 << type)))
            continue;
        one.pieces = (uint8_t)(1 << type);
        one.piece = (uint8_t)type;
        if (resolve_type(p, &one, type, &m, NULL) != PGN_OK)
            continue;
        if (found)
            return move_error_set(err, PGN_EAMBIGUOUS,
                                  "ambiguous: the piece letter can mean a %s or a %s, and "
                                  "both moves are legal here",
                                  piece_names[__builtin_ctz((unsigned)found)], piece_names[type]);
        found = 1 << type;
        *move = m;
        rc = PGN_OK;
    }
    return rc;
}

/* Every case, errors included; resolve_quick() has taken the usual ones before. */
static NOINLINE int resolve_general(const struct pos *p,
                                    const struct san_parts *sp, move16 *move,
                                    struct move_error *err)
{
    int rc;
    if (sp->kind != SAN_MOVE) {
        rc = resolve_castling(p, sp->kind == SAN_CASTLE_SHORT, move, err);
    } else if (!sp->pieces && sp->from_file >= 0 && sp->from_rank >= 0) {
        /* Coordinates without a letter (g1f3, e1-g1): whatever stands there. */
        int pc = p->board[make_sq(sp->from_file, sp->from_rank)];
        if (!pc || piece_color(pc) != p->side)
            return err && san_hint_glued(p, sp, err)
                 ? PGN_EILLEGAL
                 : move_error_set(err, PGN_EILLEGAL, "no %s piece on %c%d",
                                  color_names[p->side], 'a' + sp->from_file, sp->from_rank + 1);
        rc = resolve_type(p, sp, piece_type(pc), move, err);
    } else if (!sp->pieces) {
        rc = resolve_pawn(p, sp, move, err);
        if (rc != PGN_OK && err)
            san_hint_bishop(p, sp, err);
    } else if (!(sp->pieces & (sp->pieces - 1))) {
        rc = resolve_type(p, sp, sp->piece, move, err);
    } else {
        rc = resolve_foreign(p, sp, move, err);
    }
    if (rc == PGN_OK && (sp->flags & SAN_EP) && move_flag(*move) != MF_EN_PASSANT)
        return move_error_set(err, PGN_EILLEGAL, "not an en-passant capture");
    return rc;
}

/*
 * The usual case of san_resolve(): one piece type, a destination square, no
 * captured piece named and no e.p. mark, and a move that is plainly fine (a
 * capture onto an enemy piece, a push onto an empty square, no castling).
 * Returns 1 with *move when exactly one legal move matches, the move the
 * general code finds too; else 0 and the general code decides, errors
 * included. En passant, castling and every error take that path.
 */
static inline int resolve_quick(const struct pos *p, const struct san_parts *sp, move16 *move)
{
    int us = p->side, them = us ^ 1;
    if (sp->kind != SAN_MOVE || sp->captured || (sp->flags & SAN_EP) || sp->to_rank < 0
        || (sp->pieces & (sp->pieces - 1)))
        return 0;
    int to = make_sq(sp->to_file, sp->to_rank), target = p->board[to];
    if (target && piece_color(target) == us)
        return 0;
    bitboard mask = origin_mask(sp), cands;
    move16 tmpl = (move16)(to << 6);
    int type = sp->pieces ? sp->piece : PAWN;
    if (type == PAWN) {
        if (!sp->pieces && sp->from_file >= 0 && sp->from_rank >= 0)
            return 0; /* "e2e4": whatever stands there */
        int last = us == WHITE ? 7 : 0;
        if ((sp->to_rank == last) != (sp->promo != 0) || (sp->promo & (sp->promo - 1)))
            return 0;
        bitboard pawns = pos_pieces(p, us, PAWN) & mask;
        if ((sp->flags & SAN_CAPTURE) || (sp->from_file >= 0 && sp->from_file != sp->to_file)) {
            if (!target)
                return 0; /* en passant, or nothing to capture */
            cands = bb_pawn_attacks[them][to] & pawns;
        } else {
            int up = us == WHITE ? 8 : -8, from = to - up, pawn = piece_make(us, PAWN);
            if (target || from < 8 || from >= 56)
                return 0;
            if (p->board[from] == pawn)
                cands = sq_bb(from);
            else if (!p->board[from] && sq_rank(to) == (us == WHITE ? 3 : 4)
                     && p->board[from - up] == pawn)
                cands = sq_bb(from - up);
            else
                return 0;
            cands &= pawns;
        }
        if (sp->promo)
            tmpl = move_make_promo(0, to, __builtin_ctz(sp->promo));
    } else {
        if (sp->promo || (!target && (sp->flags & SAN_CAPTURE)))
            return 0;
        if (type == KING && !(bb_empty_attacks[KING][p->king[us]] & sq_bb(to)))
            return 0; /* maybe castling written as a king move */
        cands = attackers_of_type(p, type, to) & mask;
    }
    if (!cands)
        return 0;
    move16 found = MOVE_NONE;
    do {
        move16 m = (move16)(tmpl | bb_pop(&cands));
        if (is_legal(p, m)) {
            if (found)
                return 0; /* ambiguous */
            found = m;
        }
    } while (cands);
    if (!found)
        return 0;
    *move = found;
    return 1;
}

int san_resolve(const struct pos *p, const struct san_parts *sp, move16 *move,
                struct move_error *err)
{
    if (resolve_quick(p, sp, move))
        return PGN_OK;
    return resolve_general(p, sp, move, err);
}

int san_read(const struct pos *p, const char *s, size_t len, int lang, move16 *move,
             struct san_parts *parts, struct move_error *err)
{
    struct san_parts local;
    struct san_parts *sp = parts ? parts : &local;
    lang = san_token_lang(s, len, lang);
    if (!san_parse_fast(s, len, lang, sp)) {
        int rc = san_parse(s, len, lang, sp, err);
        if (rc)
            return rc;
    }
    if (resolve_quick(p, sp, move))
        return PGN_OK;
    return resolve_general(p, sp, move, err);
}

/*
 * 1 when no enemy piece attacks sq once our king has left from (kings are
 * the only movers it is asked about): the leapers by table, the sliders on
 * a line with sq one by one, as legal_fast() does.
 */
static inline int king_safe(const struct pos *p, int from, int sq)
{
    int us = p->side;
    bitboard theirs = p->by_color[us ^ 1] & ~sq_bb(sq);
    bitboard near = (bb_empty_attacks[KNIGHT][sq] & p->by_type[KNIGHT])
                  | (bb_pawn_attacks[us][sq] & p->by_type[PAWN])
                  | (bb_empty_attacks[KING][sq] & p->by_type[KING]);
    if (near & theirs)
        return 0;
    bitboard snipers = ((p->by_type[ROOK] | p->by_type[QUEEN]) & bb_empty_attacks[ROOK][sq])
                     | ((p->by_type[BISHOP] | p->by_type[QUEEN]) & bb_empty_attacks[BISHOP][sq]);
    snipers &= theirs;
    bitboard occ = pos_occupied(p) ^ sq_bb(from);
    while (snipers)
        if (!(bb_between(sq, bb_pop(&snipers)) & occ))
            return 0;
    return 1;
}

/* is_legal() of a move from-to that is neither the king's nor en passant,
 * told whether the side to move is in check: if not, only a pin forbids it. */
static inline ALWAYS_INLINE int plain_legal(const struct pos *p, int from, int to, int in_check)
{
    return in_check ? legal_fast(p, from, to) : not_pinned(p, from, to);
}

/*
 * The squares of cands (our pieces of the type that reach to on an empty
 * board) whose path to to is empty (a leaper has no squares between) and
 * which may move there: the legal origins of a piece move to to, castling
 * aside. There is one king, and its destination must be safe.
 */
static inline ALWAYS_INLINE bitboard plain_origins(const struct pos *p,
                                                    int type, bitboard cands,
                                                    int to, int in_check)
{
    if (type == KING)
        return cands && king_safe(p, bb_lsb(cands), to) ? cands : 0;
    bitboard occ = pos_occupied(p), legal = 0;
    while (cands) {
        int f = bb_pop(&cands);
        if (!(bb_between(to, f) & occ) && plain_legal(p, f, to, in_check))
            legal |= sq_bb(f);
    }
    return legal;
}

/*
 * 1 when a written origin (file, rank or both) is the one SAN writes for the
 * move from-to of a piece of the type, by san_origin_needed()'s rule: its
 * rivals are the other pieces of its type that attack to and may move
 * there. Out of line: origins are rarely written.
 */
static NOINLINE int origin_is_minimal(const struct pos *p, int in_check,
                                      int type, int from, int to,
                                      int file_written, int rank_written)
{
    bitboard others = pos_pieces(p, p->side, type) & bb_empty_attacks[type][to] & ~sq_bb(from);
    bitboard rivals = plain_origins(p, type, others, to, in_check);
    unsigned written = (file_written ? SAN_ORIGIN_FILE : 0) | (rank_written ? SAN_ORIGIN_RANK : 0);
    return san_origin_needed(rivals, from) == written;
}

/* san_read_plain() of "O-O" and "O-O-O" (marks taken off) when not in
 * check; the zeros, the king-move forms and castling out of check (for its
 * error) go the general way. Out of line: it is rare. */
static NOINLINE unsigned castling_plain(const struct pos *p, int in_check,
                                        const unsigned char *s, size_t len,
                                        unsigned flags, move16 *move)
{
    int kingside = len == 3 && s[1] == '-' && s[2] == 'O';
    if (in_check || (!kingside && !(len == 5 && !memcmp(s, "O-O-O", 5))))
        return 0;
    if (!(*move = movegen_castling_unchecked(p, kingside)))
        return 0;
    return PLAIN_READ | PLAIN_STANDARD | flags;
}

/*
 * san_parse_fast() and resolve_quick() in one pass, for the moves of nearly
 * every game: a pawn push "e4", a pawn capture "exd5", a piece move
 * [letter][file][rank][x]square resolving to exactly one legal move that is
 * neither castling, en passant nor a promotion, or a legal "O-O" / "O-O-O";
 * each with a '+' or '#'. Every other text (and any doubt) returns 0 for the general
 * way. tests/unit/test_san_paths.c compares it with san_read() and
 * san_write().
 */
unsigned san_read_plain(const struct pos *p, int in_check, const char *text, size_t len,
                        int lang, move16 *move)
{
    const unsigned char *s = (const unsigned char *)text;
    unsigned flags = 0;
    if (len < 2 || len > 7)
        return 0;
    if (s[len - 1] == '+' || s[len - 1] == '#') {
        flags = s[len - 1] == '+' ? SAN_CHECK : SAN_MATE;
        if (--len < 2)
            return 0; /* "e+" */
    }
    unsigned to_file = s[len - 2] - (unsigned)'a', to_rank = s[len - 1] - (unsigned)'1';
    if (to_file > 7 || to_rank > 7)
        return s[0] == 'O' ? castling_plain(p, in_check, s, len, flags, move) : 0;
    int us = p->side, to = make_sq((int)to_file, (int)to_rank), target = p->board[to], from;
    if (target != NO_PIECE && piece_color(target) == us)
        return 0; /* onto a piece of ours */
    unsigned c0 = s[0];

    if (c0 - 'a' < 8) {
        /* A pawn: "e4" or "exd5"; a promotion or anything else goes the general way. */
        /* up: one square forward for the side to move. */
        int up = us == WHITE ? 8 : -8, pawn = piece_make(us, PAWN);
        unsigned last_rank = us == WHITE ? 7 : 0, double_step_rank = us == WHITE ? 3 : 4;
        if (to_rank == last_rank)
            return 0; /* a promotion */
        if (len == 2) {
            from = to - up;
            if (target || from < 8 || from >= 56)
                return 0;
            /* One step, or two from the pawn's first rank over an empty square. */
            if (p->board[from] != pawn) {
                if (p->board[from] != NO_PIECE || to_rank != double_step_rank
                    || p->board[from - up] != pawn)
                    return 0;
                from -= up;
            }
        } else if (len == 4 && s[1] == 'x') {
            int from_file = (int)(c0 - 'a');
            if (!target || abs(from_file - (int)to_file) != 1)
                return 0; /* en passant, nothing to take, or not a neighbouring file */
            from = to - up + from_file - (int)to_file;
            /* No pawn stands on rank 1 or 8 (and from may be off the board). */
            if (from < 8 || from >= 56 || p->board[from] != pawn)
                return 0;
            flags |= SAN_CAPTURE;
        } else {
            return 0;
        }
        if (!plain_legal(p, from, to, in_check))
            return 0;
        *move = move_make(from, to, MF_NORMAL);
        return PLAIN_READ | PLAIN_STANDARD | flags; /* "e4" and "exd5" are the SAN */
    }

    /* A piece: the letter, then maybe a file, a rank and an 'x'. */
    int type = c0 - 'A' < 26 ? notation_ascii_type[lang][c0] : -1;
    if (type <= PAWN)
        return 0; /* no letter of the language, or its pawn letter */
    const unsigned char *q = s + 1, *e = s + len - 2;
    /* Then, each optional, the origin's file, its rank and an 'x'; e is
     * where the destination begins. */
    bitboard cands = pos_pieces(p, us, type) & bb_empty_attacks[type][to];
    int has_file = 0, has_rank = 0;
    if (q < e && *q >= 'a' && *q <= 'h') {
        cands &= file_bb(*q - 'a');
        has_file = 1;
        q++;
    }
    if (q < e && *q >= '1' && *q <= '8') {
        cands &= rank_bb(*q - '1');
        has_rank = 1;
        q++;
    }
    if (q < e && *q == 'x') {
        flags |= SAN_CAPTURE;
        q++;
    }
    if (q != e || (!target && (flags & SAN_CAPTURE)))
        return 0;
    /* Exactly one legal origin: none for a king may be castling written as
     * a king move, and two are ambiguous; the general way tells which. */
    bitboard origins = plain_origins(p, type, cands, to, in_check);
    if (!origins || bb_more_than_one(origins))
        return 0;
    from = bb_lsb(origins);
    *move = move_make(from, to, MF_NORMAL);
    /* The SAN: an 'x' exactly for a capture, and the origin SAN writes. */
    if (!target == !(flags & SAN_CAPTURE)
        && ((!has_file && !has_rank)
            || origin_is_minimal(p, in_check, type, from, to, has_file, has_rank)))
        flags |= PLAIN_STANDARD;
    return PLAIN_READ | flags;
}

bitboard san_origins(const struct pos *p, int type, int sq)
{
    bitboard cands = attackers_of_type(p, type, sq), legal = 0;
    if (p->by_color[p->side] & sq_bb(sq))
        return 0;
    while (cands) {
        int from = bb_pop(&cands);
        if (is_legal(p, move_make(from, sq, MF_NORMAL)))
            legal |= sq_bb(from);
    }
    return legal;
}
