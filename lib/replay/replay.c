/* replay.c - replays a parsed game: start position, every line walked and checked move by move. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "base/array.h"
#include "replay/diag.h"
#include "chess/movegen.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "replay/replay.h"
#include "replay/replay_internal.h"
#include "replay/strict.h"
#include "replay/variant.h"
#include "notation/san.h"
#include "notation/san_fast.h"
#include "base/banned.h"

/* ---- Start position ------------------------------------------------------ */

/*
 * A FEN whose castling rights name a king or rook that is not at home: the
 * rights are dropped, as python-chess and scalachess do, with a warning.
 * Returns pos_from_fen_repair()'s status and problem.
 */
static COLD int repair_castling(struct replay *r, const struct game *g,
                                const struct game_tag *fen, enum fen_problem *problem)
{
    char dropped[FEN_DROPPED_MAX];
    int rc = pos_from_fen_repair(&r->start, fen->value, !r->chess960, dropped, problem);
    if (rc == PGN_OK)
        replay_add(r, D_CASTLING_RIGHTS, fen->line, fen->col, g->offset + fen->off,
                   "FEN castling rights '%s' dropped: king or rook not on its home square",
                   dropped);
    return rc;
}

/*
 * Sets r->start from the FEN/SetUp/Variant tags. Returns 1 when the game can
 * be replayed, 0 when not: a variant (skipped) or a bad FEN, both reported.
 */
static int setup_start(struct replay *r, const struct game *g, const struct known_tags *k)
{
    const struct game_tag *variant = k->tag[KT_VARIANT];
    const struct game_tag *fen = k->tag[KT_FEN];
    const struct game_tag *setup = k->tag[KT_SETUP];

    r->chess960 = 0;
    if (variant && variant_is_chess960(variant->value)) {
        r->chess960 = 1;
    } else if (variant && !variant_is_standard(variant->value)) {
        replay_add(r, D_VARIANT, variant->line, variant->col, g->offset + variant->off,
                   "variant '%s' is not replayed; the game is skipped", variant->value);
        r->skipped = 1;
        return 0;
    }
    if (fen) {
        enum fen_problem why;
        int rc = pos_from_fen(&r->start, fen->value, &why);
        if (why == FEN_CASTLING)
            rc = repair_castling(r, g, fen, &why);
        if (rc) {
            struct replay_diag *d = replay_add(r, D_BAD_FEN, fen->line, fen->col,
                                               g->offset + fen->off, "invalid FEN '%s': %s",
                                               fen->value, fen_problem_text(why));
            if (d)
                d->detail = (int)why;
            return 0;
        }
        const char *number = strrchr(fen->value, ' ');
        if (number && strspn(number + 1, "0") == strlen(number + 1) && number[1])
            replay_add(r, D_MOVE_NUMBER, fen->line, fen->col, g->offset + fen->off,
                       "FEN move number 0, read as 1");
        if (!(r->opts.flags & REPLAY_NO_TAGS) && (!setup || strcmp(setup->value, "1")))
            replay_add(r, D_SETUP_TAG, fen->line, fen->col, g->offset + fen->off,
                       "FEN tag without SetUp \"1\"");
    } else {
        pos_set_start(&r->start);
        if (!(r->opts.flags & REPLAY_NO_TAGS) && setup && !strcmp(setup->value, "1"))
            replay_add(r, D_SETUP_TAG, setup->line, setup->col, g->offset + setup->off,
                       "SetUp \"1\" without a FEN tag");
    }
    if (fen && !r->chess960 && r->start.chess960)
        replay_add(r, D_IMPLIED_CHESS960, fen->line, fen->col, g->offset + fen->off,
                   "FEN castling rights only Chess960 has, and no Variant tag: read as "
                   "Chess960");
    if (r->chess960)
        r->start.chess960 = 1;
    return 1;
}

/* ---- Moves --------------------------------------------------------------- */

struct walk {
    struct replay *r;
    const struct game *g;
    uint32_t nonstandard;      /* moves not in standard SAN */
    uint32_t first_nonstandard, first_number;
    int first_side;
    const struct known_tags *tags;
    int fivefold_ply, seventyfive_ply; /* main-line ply where the draw happened, -1 */
    struct auto_draw draw;             /* the first of them */
    /* The fewest plies between two occurrences of a position in the main
     * line: 4, each side moving a piece away and back, until a null move
     * is played (in any line: a scan from 2 plies back is never wrong). */
    int gap;
    int past_reported;
    /* For the language guess (see replay_lines()): the moves walked to the
     * end of their line, and replay_text_letters() of their texts. */
    uint32_t walked, letters;
    /* The checks whose findings the options keep (annotate drops warnings:
     * check marks, notation and move numbers are then not checked at all). */
    int check_marks, check_notation, check_numbers;
    /* Moves read in the other of English and German (mixed-language). */
    uint32_t mixed, first_mixed;
    int mixed_lang;
    /* 0 on the first, tentative English walk of a game whose language is to
     * be detected (a German game there stops at its first German move), and
     * when the user forced the language (replay_opts.lang: no other is tried). */
    int try_other;
    /* Castling written with Unicode dashes (unicode-dash): how many, the first. */
    uint32_t dashes, first_dash;
    /* With REPLAY_TRACE: the main line's material after its last move, kept
     * move by move (trace_move), and whether that move changed it. */
    struct material mat;
    int mat_changed;
    /* Last, and not cleared for each game: written with the first move
     * not in standard SAN, and read only when there is one. */
    char first_text[MOVE_TEXT_MAX + 8], first_san[MOVE_TEXT_MAX];
    /* Likewise: the positions before the first move of mixed and dashes. */
    struct pos first_mixed_pos, first_dash_pos;
};

/* After a move that does not resolve: a finished game explains it better. */
static COLD void report_unresolved(struct walk *w, uint32_t i,
                                  const struct pos *p, int rc,
                                  const struct move_error *err)
{
    const struct game_move *m = &w->g->moves[i];
    int state = movegen_state(p);
    if (state != STATE_ONGOING) {
        replay_move_diag(w->r, w->g, i, p, D_MOVE_AFTER_END, "move '%.*s' after %s",
                         (int)m->len, m->text,
                         state == STATE_CHECKMATE ? "checkmate" : "stalemate");
        return;
    }
    int code = rc == PGN_EAMBIGUOUS ? D_AMBIGUOUS_MOVE
             : rc == PGN_EILLEGAL ? D_ILLEGAL_MOVE : D_BAD_MOVE_TEXT;
    const char *what = code == D_AMBIGUOUS_MOVE ? "ambiguous move"
                     : code == D_ILLEGAL_MOVE ? "illegal move" : "not a move";
    /* The reason after "ambiguous: " is a clause of its own ("could be Nbd7,
     * Nfd7"): "ambiguous move" says the rest. */
    const char *why = err->msg;
    if (code == D_AMBIGUOUS_MOVE && !strncmp(why, "ambiguous: ", 11))
        why += 11;
    replay_move_diag(w->r, w->g, i, p, code, "%s: %s", what, why);
}

/* Compares the + / # written with what the move does (check: whether it gives check). */
static NOINLINE void check_marks(struct walk *w, uint32_t i,
                                 const struct pos *before,
                                 const struct pos *after, int check,
                                 unsigned flags)
{
    int mate = check && !movegen_has_legal(after);
    int wrote_mate = flags & SAN_MATE;
    int wrote_plus = flags & SAN_CHECK;
    int wrote_double = flags & SAN_DOUBLE_PLUS; /* old books: mate or double check */
    const struct game_move *m = &w->g->moves[i];
    const char *problem = NULL;

    if (mate && !wrote_mate && !wrote_double)
        problem = "checkmate not marked with '#'";
    else if (check && !mate && !wrote_plus && !wrote_double)
        problem = wrote_mate ? "'#' but the move is not mate" : "check not marked with '+'";
    else if (!check && (wrote_plus || wrote_mate || wrote_double))
        problem = wrote_mate ? "'#' but the move is not mate" : "'+' but the move gives no check";
    else if (check && !mate && wrote_mate)
        problem = "'#' but the move is not mate";
    if (problem)
        replay_move_diag(w->r, w->g, i, before, D_CHECK_MARK, "%s: '%.*s'", problem,
                         (int)m->len, m->text);
}

/* Length of the move text without its check/mate suffix. */
static size_t strip_check(const char *s, size_t len)
{
    while (len && (s[len - 1] == '+' || s[len - 1] == '#'))
        len--;
    return len;
}

/* 1 when two texts have the same length and bytes. */
static inline int same_text(const char *a, size_t na, const char *b, size_t nb)
{
    return na == nb && memcmp(a, b, na) == 0;
}

/*
 * 1 when the text of a move read by san_parse_fast() in English is the
 * standard SAN of mv as san_write_unmarked() without an origin writes it: the right
 * letter (none for a pawn), an 'x' exactly for captures, the file of a
 * capturing pawn and no other origin, "=" before a promotion piece, castling
 * with letters O. 0 means "compare the texts".
 */
static int plainly_standard(const struct game_move *m, const struct pos *p, move16 mv,
                            const struct san_parts *sp)
{
    if (sp->kind != SAN_MOVE)
        return m->text[0] == 'O'; /* "O-O", not "0-0" */
    if (move_flag(mv) == MF_CASTLING)
        return 0; /* written as a king move: "Kg1" */
    int from = move_from(mv), type = piece_type(p->board[from]);
    int capture = move_flag(mv) == MF_EN_PASSANT || p->board[move_to(mv)] != NO_PIECE;
    if (capture != !!(sp->flags & SAN_CAPTURE) || sp->from_rank >= 0)
        return 0;
    if (type == PAWN)
        return !sp->pieces && sp->from_file == (capture ? sq_file(from) : -1);
    return sp->pieces && sp->from_file < 0;
}

/*
 * Move i of a line, which does not read in the game's language, read in
 * the other of English and German, into *parts and *mv: games typed by
 * hand mix them ("2. Sf3 Nc6 3. Bb5"). Only a move whose piece letter only
 * the other language has (D T L S in German, Q R B N in English) is tried,
 * so that an illegal "Bb5" of an English game does not become a German
 * pawn move. Returns 1 when it reads there; the first such move is
 * remembered for the mixed-language warning.
 */
static COLD int read_other_language(struct walk *w, uint32_t i, const struct pos *p,
                                    struct san_parts *parts, move16 *mv)
{
    const struct game_move *m = &w->g->moves[i];
    int other = w->r->lang == NOTATION_EN ? NOTATION_DE : NOTATION_EN;
    if (!m->len || !strchr(other == NOTATION_DE ? "DTLS" : "QRBN", m->text[0]))
        return 0;
    struct san_parts sp;
    move16 found;
    if (san_parse(m->text, m->len, other, &sp, NULL) != PGN_OK ||
        san_resolve(p, &sp, &found, NULL) != PGN_OK)
        return 0;
    if (w->mixed++ == 0) {
        w->first_mixed = i;
        w->first_mixed_pos = *p;
        w->mixed_lang = other;
    }
    *parts = sp;
    *mv = found;
    return 1;
}

/* What read_general() found: the move, the san_flags of its text, and
 * whether that is standard SAN (1 or 0; -1 when the move does not resolve). */
struct general_read {
    move16 move;
    uint8_t flags;
    int8_t standard;
};

/*
 * The reading of move i of a line from p in the general way, for the rare
 * text san_read_plain() leaves (out of line: the walk keeps fewer values
 * live). plain: the text may count as standard SAN without comparing texts.
 * A move that does not resolve is reported.
 */
static NOINLINE struct general_read read_general(struct walk *w, uint32_t i,
                                                 const struct pos *p, int plain)
{
    const struct game_move *m = &w->g->moves[i];
    int lang = w->r->lang;
    struct general_read gr = { MOVE_NONE, 0, -1 };
    struct san_parts parts;
    struct move_error err;
    /* A text read the plain way has one capital at most, its first byte: a
     * piece letter of the language or the O of castling, neither of them
     * foreign to English. The others are collected here. */
    w->letters |= replay_text_letters(m->text, m->len);
    int fast = san_parse_fast(m->text, m->len, lang, &parts);
    int rc = fast ? PGN_OK : san_parse(m->text, m->len, lang, &parts, &err);
    if (rc == PGN_OK)
        rc = san_resolve(p, &parts, &gr.move, &err);
    if (rc != PGN_OK && w->try_other && read_other_language(w, i, p, &parts, &gr.move)) {
        rc = PGN_OK;
        fast = 0;
    }
    if (rc != PGN_OK) {
        report_unresolved(w, i, p, rc, &err);
        return gr;
    }
    gr.flags = (uint8_t)parts.flags;
    gr.standard = (int8_t)(plain && fast && plainly_standard(m, p, gr.move, &parts));
    if (parts.flags & SAN_UNICODE_DASH) {
        if (w->dashes++ == 0) {
            w->first_dash = i;
            w->first_dash_pos = *p;
        }
        /* Reported as a dash, not once more as notation. */
        gr.standard = parts.kind != SAN_MOVE;
    }
    return gr;
}

/* The notation check of a move plainly_standard() could not settle: compares texts. */
static NOINLINE void check_notation(struct walk *w, uint32_t i,
                                    const struct pos *p, move16 mv)
{
    const struct game_move *m = &w->g->moves[i];
    int marked = (m->flags & (GAME_MOVE_EP | GAME_MOVE_REJOINED)) != 0;
    size_t len = strip_check(m->text, m->len);
    char san[MOVE_TEXT_MAX];
    size_t n = san_write_unmarked(p, mv, 0, san);
    /* Equal to the short form: standard. Otherwise the origin may have
     * been needed (Nbd7), or the text is non-standard. */
    if (!same_text(san, n, m->text, len)) {
        n = san_write_unmarked(p, mv, 1, san);
        if (!same_text(san, n, m->text, len))
            goto nonstandard;
    }
    if (!marked)
        return;
nonstandard:
    if (w->nonstandard++ == 0) {
        w->first_nonstandard = i;
        w->first_number = p->fullmove;
        w->first_side = p->side;
        /* The reader keeps the e.p. mark as a flag, not in the text; the
         * warning names it where it was written, before a check mark, since
         * the mark is what is not standard. The standard form is given
         * whole, with its check mark. */
        snprintf(w->first_text, sizeof w->first_text, "%.*s%s%.*s", (int)len, m->text,
                 (m->flags & GAME_MOVE_EP) ? " e.p." : "", (int)(m->len - len), m->text + len);
        n = san_write(p, mv, san);
        snprintf(w->first_san, sizeof w->first_san, "%.*s", (int)n, san);
    }
}

static COLD void check_move_number(struct walk *w, uint32_t i,
                                    const struct pos *p)
{
    const struct game_move *m = &w->g->moves[i];
    if (!m->number || m->number == p->fullmove || !w->check_numbers)
        return;
    replay_move_diag(w->r, w->g, i, p, D_MOVE_NUMBER, "move number %u, expected %u",
                     m->number, p->fullmove);
}

/* Plays null move i of a line on p, *before getting p as it was; returns
 * PGN_EILLEGAL when it is illegal (the side to move is in check). Out of
 * line: rare. */
static NOINLINE int play_null(struct walk *w, uint32_t i, struct pos *p,
                              struct pos *before)
{
    const struct game_move *m = &w->g->moves[i];
    w->letters |= replay_text_letters(m->text, m->len);
    if (pos_in_check(p)) {
        replay_move_diag(w->r, w->g, i, p, D_ILLEGAL_MOVE,
                         "illegal move: null move while in check");
        return PGN_EILLEGAL;
    }
    replay_move_diag(w->r, w->g, i, p, D_NULL_MOVE, "null move '%.*s'", (int)m->len, m->text);
    *before = *p;
    w->gap = 2;
    pos_play_null(p);
    return 0;
}

/* Occurrences of the position after main-line ply n (keys[n]) so far, when
 * any two of them are gap plies apart at least. */
static int repetitions(const struct replay *r, uint32_t n, int halfmove, int gap)
{
    const uint64_t key = r->keys[n];
    /* Back to the last irreversible move, or to the first position known. */
    const int first = (int)n > halfmove ? (int)n - halfmove : 0;
    int count = 1;
    for (int j = (int)n - gap; j >= first; j -= 2)
        count += r->keys[j] == key;
    return count;
}

/*
 * With REPLAY_TRACE: the material change main-line move mv makes from p,
 * told before it is played (what it captures is gone after). Only a capture
 * or a promotion changes material, and each makes the counts of pieces or of
 * pawns fall: the runs start where material_run_starts() would start them,
 * with the counts material_of() would give, without counting the board.
 */
static inline void trace_move(struct walk *w, const struct pos *p, move16 mv)
{
    const int flag = move_flag(mv), us = p->side, them = us ^ 1;
    if (flag == MF_CASTLING) /* "king takes own rook" takes nothing */
        return;
    int victim = flag == MF_EN_PASSANT ? piece_make(them, PAWN) : p->board[move_to(mv)];
    if (victim != NO_PIECE) {
        w->mat.count[them][piece_type(victim)]--;
        w->mat_changed = 1;
    }
    if (flag == MF_PROMOTION) {
        w->mat.count[us][PAWN]--;
        w->mat.count[us][move_promo(mv)]++;
        w->mat_changed = 1;
    }
}

/* With REPLAY_TRACE: the clock of main-line position n (p), and the material
 * run it starts (the first position's, or one the move to it changed). */
static void trace_position(struct replay *r, struct walk *w, uint32_t n, const struct pos *p)
{
    r->clocks[n] = p->halfmove;
    if (n == 0 || w->mat_changed) {
        struct material_run *run = &r->runs[r->nruns++];
        run->ply = n;
        run->mat = w->mat;
        w->mat_changed = 0;
    }
}

/* The one diagnostic about play after a draw the rules made automatic. */
static NOINLINE void report_past_draw(struct walk *w, uint32_t i,
                                      const struct pos *before)
{
    int five = w->fivefold_ply >= 0;
    w->past_reported = 1;
    replay_move_diag(w->r, w->g, i, before, five ? D_PAST_FIVEFOLD : D_PAST_75_MOVES,
                     "the game was already drawn by %s",
                     five ? "fivefold repetition" : "the 75-move rule");
}

/* The automatic draws after main-line ply n, once the halfmove clock allows one;
 * returns 1 when the next move is to be reported as played after a draw. */
static NOINLINE int track_draws(struct walk *w, uint32_t n,
                                const struct pos *after)
{
    struct replay *r = w->r;
    if (w->fivefold_ply < 0 && repetitions(r, n, after->halfmove, w->gap) >= 5)
        w->fivefold_ply = (int)n;
    if (w->seventyfive_ply < 0 && after->halfmove >= 150 && !(pos_in_check(after)
                                                             && !movegen_has_legal(after)))
        w->seventyfive_ply = (int)n;
    if (w->draw.end == END_NONE && (w->fivefold_ply >= 0 || w->seventyfive_ply >= 0)) {
        /* A dead position never comes back to life: dead here means dead first. */
        w->draw.end = w->fivefold_ply >= 0 ? END_FIVEFOLD : END_SEVENTYFIVE;
        w->draw.ply = n;
        w->draw.dead = pos_is_dead(after);
    }
    return !w->past_reported && (w->fivefold_ply >= 0 || w->seventyfive_ply >= 0);
}

static void walk_line(struct walk *w, uint32_t var, const struct pos *start);

/* The halfmove clock below which no draw by rule is possible: five
 * occurrences need four gaps of w->gap plies (2 or 4: never below 8). */
static inline unsigned draw_clock_of(const struct walk *w)
{
    return 4u * (unsigned)w->gap;
}

/* The variations replacing move m, each from position p before it. */
static NOINLINE void walk_variations(struct walk *w, const struct game_move *m,
                                     const struct pos *p)
{
    for (uint32_t j = 0; j < m->var_count; j++)
        walk_line(w, m->var_first + j, p);
}

static void walk_line(struct walk *w, uint32_t var, const struct pos *start)
{
    const struct game *g = w->g;
    struct replay *r = w->r;
    const struct game_var *v = &g->vars[var];
    const int main_line = var == 0, lang = r->lang, english = lang == NOTATION_EN;
    /* Kept in locals while the line is walked, stored at its end: the
     * calls inside the loop could change them as far as the compiler knows. */
    const struct game_move *const moves = g->moves;
    move16 *const played = r->moves;
    uint64_t *const keys = r->keys;
    uint32_t plies = r->plies;
    const uint32_t keep_ply = main_line ? r->opts.keep_ply : 0; /* 0: none */
    const int trace = (r->opts.flags & REPLAY_TRACE) != 0;
    /* The moves are played on cur in place; the position before a move is
     * copied only when a diagnostic after it may need it (checks, check
     * marks, play past a draw). Variations copy the position they start from. */
    struct pos cur = *start, before;
    int in_check = pos_in_check(start); /* of the side to move; then from the move before */
    int past = 0; /* the main line was drawn by rule before the next move */
    /* A check marked '+' is wrong only when it mates, which a move read
     * after it disproves: the mate test of check_marks() (a search for a
     * legal move) waits for the next move, and is done only if none comes.
     * Its diagnostic, if any, is found later but sorted back in place by
     * offset; a report of play past a draw at the same move forbids waiting. */
    int mate_untested = 0;
    /* A local: w->gap changes only with null moves, here or in a variation. */
    unsigned draw_clock = draw_clock_of(w);
    uint32_t i = v->first;
    const uint32_t end = v->first + v->count;

    for (; i < end; i++) {
        const struct game_move *m = &moves[i];
        if (m->var_count) {
            walk_variations(w, m, &cur);
            draw_clock = draw_clock_of(w); /* a null move there halves the gap */
        }
        /* A move number written before the move (0 when none) must be the
         * position's. */
        if (m->number != 0 && m->number != cur.fullmove)
            check_move_number(w, i, &cur);

        if (m->flags & GAME_MOVE_NULL) {
            if (play_null(w, i, &cur, &before))
                break;
            draw_clock = draw_clock_of(w);
            in_check = pos_in_check(&cur);
        } else {
            move16 mv;
            int plain = english && !(m->flags & (GAME_MOVE_EP | GAME_MOVE_REJOINED));
            /* san_read(), split: the plain case first, which also tells
             * whether the text is standard SAN. */
            unsigned got = san_read_plain(&cur, in_check, m->text, m->len, lang, &mv);
            int standard = plain && (got & PLAIN_STANDARD);
            if (!got) {
                struct general_read gr = read_general(w, i, &cur, plain);
                if (gr.standard < 0)
                    break;
                mv = gr.move;
                got = gr.flags;
                standard = gr.standard;
            }
            mate_untested = 0; /* a legal move: the check before did not mate */
            played[i] = mv;
            if (!standard && w->check_notation)
                check_notation(w, i, &cur, mv);
            /* No check given and none written: no check marks to compare. */
            unsigned marks = got & (SAN_CHECK | SAN_MATE | SAN_DOUBLE_PLUS);
            if (trace && main_line)
                trace_move(w, &cur, mv);
            /* The position before is kept for the diagnostics that need it. */
            int check = pos_play_keep(&cur, mv, marks || past, &before);
            if ((check || marks) && w->check_marks) {
                mate_untested = check && marks == SAN_CHECK && !past;
                if (!mate_untested)
                    check_marks(w, i, &before, &cur, check, marks);
            }
            in_check = check;
        }
        if (main_line) {
            if (past)
                report_past_draw(w, i, &before);
            /* replay_game() made room for every main-line position. */
            uint32_t n = ++plies;
            keys[n] = cur.ep == SQ_NONE ? cur.key : pos_repetition_key(&cur);
            if (n == keep_ply)
                r->kept = cur;
            if (trace)
                trace_position(r, w, n, &cur);
            /* Five occurrences need four earlier ones, gap plies apart at
             * least, all since the last capture or pawn move. */
            past = cur.halfmove >= draw_clock && track_draws(w, n, &cur);
        }
    }
    if (mate_untested)
        check_marks(w, i - 1, &before, &cur, 1, SAN_CHECK);
    if (main_line)
        r->plies = plies;
    if (i < end)
        return; /* stopped at a move that does not replay */
    w->walked += v->count;
    if (main_line) {
        r->final = cur;
        r->complete = 1;
    }
}

static void report_notation(struct walk *w)
{
    if (!w->nonstandard)
        return;
    const struct game_move *m = &w->g->moves[w->first_nonstandard];
    struct replay_diag *d = replay_add(w->r, D_NOTATION, m->line, m->col,
                                       w->g->offset + m->off, "%s", "");
    if (!d)
        return;
    d->move = w->first_nonstandard;
    d->move_number = w->first_number;
    d->side = w->first_side;
    if (w->r->lang != NOTATION_EN)
        snprintf(d->msg, sizeof d->msg, "moves written in %s notation, not PGN's English SAN",
                 notation_get(w->r->lang)->english_name);
    else if (w->nonstandard == 1)
        snprintf(d->msg, sizeof d->msg, "'%s' is not standard SAN (%s)", w->first_text,
                 w->first_san);
    else
        snprintf(d->msg, sizeof d->msg, "'%s' is not standard SAN (%s); %u more moves like it",
                 w->first_text, w->first_san, w->nonstandard - 1);
}

/* The one warning of code for a game: at move first, played from p, with the count of the others. */
static void report_first(struct walk *w, int code, uint32_t count, uint32_t first,
                         const struct pos *p, const char *what)
{
    if (!count || !replay_keeps(w->r, code))
        return;
    const struct game_move *m = &w->g->moves[first];
    char tail[48] = "";
    if (count > 1)
        snprintf(tail, sizeof tail, " (%u more in this game)", count - 1);
    replay_move_diag(w->r, w->g, first, p, code, "'%.*s' %s%s", (int)m->len, m->text, what,
                     tail);
}

/* The unicode-dash and mixed-language warnings of a game. */
static void report_repairs(struct walk *w)
{
    report_first(w, D_UNICODE_DASH, w->dashes, w->first_dash, &w->first_dash_pos,
                 "written with a Unicode dash, read as castling");
    if (!w->mixed)
        return;
    char what[96];
    snprintf(what, sizeof what, "read in %s notation, the game is in %s",
             notation_get(w->mixed_lang)->english_name, notation_get(w->r->lang)->english_name);
    report_first(w, D_MIXED_LANGUAGE, w->mixed, w->first_mixed, &w->first_mixed_pos, what);
}

/* ---- Driver ---------------------------------------------------------------- */

void replay_tables_init(void)
{
    replay_lang_init();
    replay_tags_init();
}

void replay_init(struct replay *r, const struct replay_opts *opts)
{
    memset(r, 0, sizeof *r);
    r->opts.lang = NOTATION_AUTO;
    if (opts)
        r->opts = *opts;
}

void replay_release(struct replay *r)
{
    free(r->diags);
    free(r->moves);
    free(r->keys);
    free(r->clocks);
    free(r->runs);
    memset(r, 0, sizeof *r);
}

/* Replays every line of g in language lang and checks the end; no_other: see walk.try_other. */
static int walk_game(struct replay *r, const struct game *g, const struct known_tags *tags,
                     int lang, int no_other, struct walk *w)
{
    memset(w, 0, offsetof(struct walk, first_text));
    w->try_other = !no_other;
    w->tags = tags;
    w->r = r;
    w->g = g;
    w->fivefold_ply = w->seventyfive_ply = -1;
    w->gap = 4;
    w->check_marks = replay_keeps(r, D_CHECK_MARK);
    w->check_notation = replay_keeps(r, D_NOTATION);
    w->check_numbers = replay_keeps(r, D_MOVE_NUMBER);
    r->lang = lang;
    r->final = r->start;
    r->plies = r->end_ply = 0;
    r->complete = 0;
    size_t positions = (size_t)g->vars[0].count + 1;
    if (array_reserve((void **)&r->keys, &r->key_cap, positions, sizeof *r->keys, 64))
        return PGN_ENOMEM;
    r->keys[0] = pos_repetition_key(&r->start);
    r->nruns = 0;
    if (r->opts.flags & REPLAY_TRACE) {
        /* A run starts at one position at most: room for all of them. */
        if (array_reserve((void **)&r->clocks, &r->clock_cap, positions, sizeof *r->clocks, 64) ||
            array_reserve((void **)&r->runs, &r->run_cap, positions, sizeof *r->runs, 16))
            return PGN_ENOMEM;
        material_of(&r->start, &w->mat);
        w->mat_changed = 0;
        trace_position(r, w, 0, &r->start);
    }
    walk_line(w, 0, &r->start);
    report_notation(w);
    report_repairs(w);
    r->mixed = w->mixed;
    /* A game the reader could not parse to its end has no end to check. */
    if (r->complete && g->nbad == 0)
        replay_check_end(r, g, tags, &w->draw);
    return PGN_OK;
}

/*
 * walk_game() in the language replay_language() chooses. For NOTATION_AUTO
 * the game is first walked as English, which nearly every game is: the walk
 * collects the letters of the moves it reads, and when it read them all
 * and they are English letters, that is replay_language()'s answer too,
 * found without a pass over the texts of its own. Otherwise the language
 * is chosen as usual, and a game that is not English is walked again.
 */
static int replay_lines(struct replay *r, const struct game *g, const struct known_tags *tags)
{
    struct walk w;
    size_t ndiags = r->ndiags;
    int errors = r->errors, warnings = r->warnings, hidden = r->hidden;
    if (r->opts.lang != NOTATION_AUTO)
        return walk_game(r, g, tags, r->opts.lang, 1, &w);
    int rc = walk_game(r, g, tags, NOTATION_EN, 1, &w);
    if (rc || (w.walked == g->nmoves && replay_english_letters(w.letters)))
        return rc;
    int lang = replay_language(g, NOTATION_AUTO);
    if (lang == NOTATION_EN && w.walked == g->nmoves)
        return PGN_OK;
    r->ndiags = ndiags;
    r->errors = errors;
    r->warnings = warnings;
    r->hidden = hidden;
    r->end = END_NONE;
    memset(r->moves, 0, (g->nmoves + 1) * sizeof *r->moves);
    return walk_game(r, g, tags, lang, 0, &w);
}

int replay_game(struct replay *r, const struct game *g)
{
    r->ndiags = 0;
    r->errors = r->warnings = r->hidden = 0;
    r->skipped = 0;
    r->plies = 0;
    r->mixed = 0;
    r->complete = 0;
    r->end = END_NONE;
    if (array_reserve((void **)&r->moves, &r->move_cap, g->nmoves + 1, sizeof *r->moves, 64))
        return PGN_ENOMEM;
    memset(r->moves, 0, (g->nmoves + 1) * sizeof *r->moves);

    struct known_tags tags;
    replay_index_tags(g, &tags);
    replay_import_reader_diags(r, g);
    if (!(r->opts.flags & REPLAY_NO_TAGS))
        replay_check_tags(r, g, &tags);
    int started = setup_start(r, g, &tags);
    if (started && g->nvars) {
        int rc = replay_lines(r, g, &tags);
        if (rc)
            return rc;
    }
    if ((r->opts.flags & REPLAY_STRICT) && !r->skipped)
        replay_strict_checks(r, g, started);
    replay_sort_diags(r->diags, r->ndiags);
    return PGN_OK;
}
