/* annotate_game.c - annotating one game on a worker of `pgnkit annotate`: tags, judgments, engine evaluations. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "replay/diag.h"
#include "annotate/eco.h"
#include "annotate/annotate_game.h"
#include "base/ascii.h"
#include "chess/movegen.h"
#include "cli/driver.h"
#include "notation/movewrite.h"
#include "notation/uci.h"
#include "cli/report.h"
#include "base/banned.h"

int annotate_engine_start(struct worker *w, char *err, size_t cap)
{
    const struct annotate *a = w->a;
    int rc = uci_engine_start(&w->engine, a->engine_path, (int)a->timeout_ms);
    for (int i = 0; rc == PGN_OK && i < a->nengine_options; i++) {
        char *eq = strchr(a->engine_options[i], '=');
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(eq - a->engine_options[i]),
                 a->engine_options[i]);
        rc = uci_engine_setoption(w->engine, name, eq + 1);
    }
    if (rc == PGN_OK && a->search.multipv > 1) {
        char v[16];
        snprintf(v, sizeof v, "%d", a->search.multipv);
        rc = uci_engine_setoption(w->engine, "MultiPV", v);
    }
    if (rc == PGN_OK)
        rc = uci_engine_isready(w->engine);
    w->chess960 = -1;
    if (rc != PGN_OK) {
        snprintf(err, cap, "%s", uci_engine_error(w->engine));
        uci_engine_free(w->engine);
        w->engine = NULL;
    }
    return rc;
}

void annotate_worker_init(struct worker *w, const struct annotate *a)
{
    memset(w, 0, sizeof *w);
    w->a = a;
    replay_init(&w->r, &a->ropts);
    game_out_init(&w->out, &a->go);
    arena_init(&w->strings, (size_t)1 << 30);
    buf_init(&w->cmd, (size_t)1 << 24);
    w->chess960 = -1;
}

void annotate_worker_release(struct worker *w)
{
    uci_engine_free(w->engine);
    replay_release(&w->r);
    game_out_release(&w->out);
    arena_release(&w->strings);
    buf_release(&w->cmd);
    free(w->extras);
    free(w->pos);
    free(w->ev);
}

static void grow(struct worker *w, const struct game *g, uint32_t n)
{
    if (g->nmoves > w->extras_cap) {
        w->extras_cap = g->nmoves;
        w->extras = xrealloc(w->extras, w->extras_cap * sizeof *w->extras);
    }
    if (g->nmoves) /* extras is NULL until a game has moves */
        memset(w->extras, 0, g->nmoves * sizeof *w->extras);
    if ((size_t)n + 1 > w->pos_cap) {
        w->pos_cap = (size_t)n + 1;
        w->pos = xrealloc(w->pos, w->pos_cap * sizeof *w->pos);
        w->ev = xrealloc(w->ev, w->pos_cap * sizeof *w->ev);
    }
}

static char *keep(struct worker *w, const char *s)
{
    char *c = arena_memdup(&w->strings, s, strlen(s));
    if (!c)
        die(EXIT_IO, "out of memory");
    return c;
}

/* The [%eval] of the comments first..first+count (White's point of view). */
static int eval_in_comments(const struct game *g, uint32_t first, uint32_t count,
                            struct judge_eval *e)
{
    for (uint32_t k = 0; k < count; k++) {
        const struct game_comment *c = &g->comments[first + k];
        for (uint32_t j = 0; j < c->cmd_count; j++) {
            const struct game_cmd *cmd = &g->cmds[c->cmd_first + j];
            if (cmd->name_len == 4 && !memcmp(cmd->name, "eval", 4) &&
                !judge_parse_eval(cmd->args, cmd->args_len, e))
                return 1;
        }
    }
    return 0;
}

/*
 * The length of the start of text[0..n) that reads words, a run of white
 * space matching each space (a comment written back wraps between words);
 * 0 when it does not begin so.
 */
static size_t starts_with_words(const char *text, size_t n, const char *words)
{
    size_t i = 0;
    for (const char *w = words; *w; w++) {
        if (*w == ' ') {
            if (i == n || !ascii_is_space(text[i]))
                return 0;
            while (i < n && ascii_is_space(text[i]))
                i++;
        } else if (i == n || text[i++] != *w) {
            return 0;
        }
    }
    return i;
}

/*
 * The move's comments that hold a judgment in lichess's words, "(0.19 → -0.40)
 * Inaccuracy. Nc3 was best.": replaced by the new judgment (bit k = comment k).
 */
static uint32_t old_judgments(const struct game *g, const struct game_move *m)
{
    static const char *const words[] = {
        ") Inaccuracy.", ") Mistake.", ") Blunder.", ") Checkmate is now unavoidable.",
        ") Lost forced checkmate sequence.", ") Not the best checkmate sequence.",
    };
    uint32_t mask = 0;
    for (uint32_t k = 0; k < m->comment_count && k < 32; k++) {
        const struct game_comment *c = &g->comments[m->comment_first + k];
        if (c->cmd_count || c->plain_len < 8 || c->plain[0] != '(')
            continue;
        const char *arrow = memchr(c->plain, 0xe2, c->plain_len);
        if (!arrow || (size_t)(c->plain + c->plain_len - arrow) < 3 || memcmp(arrow, "\xe2\x86\x92", 3))
            continue;
        const char *end = c->plain + c->plain_len;
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
            for (const char *q = arrow; q < end; q++)
                if (*q == ')' && starts_with_words(q, (size_t)(end - q), words[w])) {
                    mask |= 1u << k;
                    break;
                }
    }
    return mask;
}

/* Engine score (side to move's view) of a result as White's view. */
static struct judge_eval white_view(const struct uci_line *l, int side)
{
    struct judge_eval e = { l->cp, l->mate };
    if (side == BLACK) {
        e.cp = -e.cp;
        e.mate = -e.mate;
    }
    return e;
}

/*
 * A position the game cannot go on from: not searched, no [%eval] written,
 * so that the evaluations read back give the same judgments. A mate counts
 * as a mate for the side that gave it: no judgment of that move.
 */
static int terminal_eval(const struct pos *p, struct peval *pe)
{
    int state = movegen_state(p);
    if (state == STATE_ONGOING)
        return 0;
    pe->have = pe->terminal = 1;
    pe->e.cp = 0;
    pe->e.mate = state == STATE_CHECKMATE ? (p->side == WHITE ? -1 : 1) : 0;
    return 1;
}

/* The engine's output that the search of ply k could not use, as warnings on diag. */
static void warn_engine_output(const struct worker *w, const struct game *g, uint32_t k,
                               const struct uci_result *res, FILE *diag)
{
    if (!res->nbad || w->a->quiet)
        return;
    for (int b = 0; b < res->nbad && b < UCI_BAD_MAX; b++) {
        report_game_prefix(diag, g, g->line, 0, PGN_SEV_WARNING);
        fprintf(diag, ": engine '%s', ply %u: %s: '%s'\n", w->a->engine_path, k,
                res->bad[b].why, res->bad[b].line);
    }
    if (res->nbad > UCI_BAD_MAX) {
        report_game_prefix(diag, g, g->line, 0, PGN_SEV_WARNING);
        fprintf(diag, ": engine '%s', ply %u: %d more such lines\n", w->a->engine_path, k,
                res->nbad - UCI_BAD_MAX);
    }
}

/* Searches every main-line position 0..n; PGN_OK or the engine's error. */
static int engine_game(struct worker *w, const struct game *g, uint32_t n, FILE *diag)
{
    const struct annotate *a = w->a;
    const struct replay *r = &w->r;
    int c960 = r->chess960 ? 1 : 0;
    int rc;
    if (c960 != w->chess960) {
        rc = uci_engine_setoption(w->engine, "UCI_Chess960", c960 ? "true" : "false");
        if (rc)
            return rc;
        w->chess960 = c960;
    }
    if ((rc = uci_engine_newgame(w->engine)) != PGN_OK)
        return rc;
    char fen[FEN_MAX];
    struct pos start_pos;
    pos_set_start(&start_pos);
    buf_reset(&w->cmd);
    size_t base_len;
    /* "startpos" only for the standard start: the moves list then reads as usual. */
    pos_to_fen(&r->start, r->chess960 ? FEN_SHREDDER : 0, fen);
    char startfen[FEN_MAX];
    pos_to_fen(&start_pos, 0, startfen);
    const char *base = !r->chess960 && !strcmp(fen, startfen) ? "startpos" : NULL;
    if (base)
        buf_append(&w->cmd, "startpos moves", 14);
    else
        buf_append(&w->cmd, "fen ", 4), buf_append(&w->cmd, fen, strlen(fen)),
            buf_append(&w->cmd, " moves", 6);
    base_len = w->cmd.len;
    (void)base_len;
    for (uint32_t k = 0; k <= n; k++) {
        struct peval *pe = &w->ev[k];
        const struct pos *p = &w->pos[k];
        memset(pe, 0, sizeof *pe);
        if (k > 0) {
            const struct game_move *m = &g->moves[g->vars[0].first + k - 1];
            if (m->flags & GAME_MOVE_NULL) {
                /* UCI has no null move: restart from this position's FEN. */
                pos_to_fen(p, r->chess960 ? FEN_SHREDDER : 0, fen);
                buf_reset(&w->cmd);
                buf_append(&w->cmd, "fen ", 4), buf_append(&w->cmd, fen, strlen(fen)),
                    buf_append(&w->cmd, " moves", 6);
            } else {
                char u[UCI_MAX];
                int len = uci_write(&w->pos[k - 1], w->r.moves[g->vars[0].first + k - 1], u);
                buf_append(&w->cmd, " ", 1);
                buf_append(&w->cmd, u, (size_t)len);
            }
        }
        if (terminal_eval(p, pe))
            continue;
        if (driver_interrupted())
            return PGN_EINVAL;
        if (buf_append(&w->cmd, "", 1))
            die(EXIT_IO, "out of memory");
        w->cmd.len--;
        rc = uci_engine_go(w->engine, w->cmd.data, p, &a->search, &pe->res);
        warn_engine_output(w, g, k, &pe->res, diag);
        if (rc)
            return rc;
        pe->have = 1;
        pe->e = white_view(&pe->res.lines[0], p->side);
    }
    return PGN_OK;
}

/* The first move of the engine's line l from p (MOVE_NONE when it has none). */
static move16 first_move(const struct pos *p, const struct uci_line *l)
{
    return l->npv ? uci_parse(p, l->pv[0], (int)strlen(l->pv[0])) : MOVE_NONE;
}

/* The engine's line l from position p as movetext ("12... Qxd5 13. Nf3"), at most plies. */
static const char *pv_text(struct worker *w, const struct pos *p, const struct uci_line *l,
                           long plies)
{
    char out[4096];
    size_t len = 0;
    struct pos q = *p;
    for (int k = 0; k < l->npv && k < plies; k++) {
        move16 m = uci_parse(&q, l->pv[k], (int)strlen(l->pv[k]));
        if (m == MOVE_NONE)
            break;
        char san[MOVE_TEXT_MAX];
        move_write(&q, m, &w->a->go.style, san, sizeof san);
        int n;
        if (q.side == WHITE)
            n = snprintf(out + len, sizeof out - len, "%s%u. %s", len ? " " : "", q.fullmove, san);
        else if (k == 0)
            n = snprintf(out + len, sizeof out - len, "%u... %s", q.fullmove, san);
        else
            n = snprintf(out + len, sizeof out - len, " %s", san);
        if (n < 0 || (size_t)n >= sizeof out - len)
            break;
        len += (size_t)n;
        pos_play(&q, m);
    }
    return len ? keep(w, out) : NULL;
}

/*
 * 1 when move i already has, as one of its variations, exactly the plies of
 * l that pv_text() writes: a run before wrote it, and it is not added twice.
 */
static int has_line(const struct worker *w, const struct game *g, uint32_t i,
                    const struct pos *before, const struct uci_line *l, long plies)
{
    const struct game_move *m = &g->moves[i];
    long want = l->npv < plies ? l->npv : plies;
    for (uint32_t v = m->var_first; v < m->var_first + m->var_count; v++) {
        const struct game_var *var = &g->vars[v];
        struct pos q = *before;
        uint32_t k = 0;
        for (; k < var->count && (long)k < want; k++) {
            move16 mv = uci_parse(&q, l->pv[k], (int)strlen(l->pv[k]));
            if (mv == MOVE_NONE || mv != w->r.moves[var->first + k])
                break;
            pos_play(&q, mv);
        }
        if (k == var->count && (long)k == want)
            return 1;
    }
    return 0;
}

/* The move's comments that are text alone (bit k = comment k; plain text is trimmed). */
static uint32_t same_comments(const struct game *g, const struct game_move *m, const char *text)
{
    uint32_t mask = 0;
    for (uint32_t k = 0; k < m->comment_count && k < 32; k++) {
        const struct game_comment *c = &g->comments[m->comment_first + k];
        if (!c->cmd_count && c->plain_len &&
            starts_with_words(c->plain, c->plain_len, text) == c->plain_len)
            mask |= 1u << k;
    }
    return mask;
}

struct side_stats {
    int inaccuracies, mistakes, blunders;
    long loss;
    int counted;
};

/* The evaluations of g's n main-line moves from its [%eval] comments into w->ev
 * (--judge without an engine); a note on diag when it has none. */
static void evals_from_comments(struct worker *w, const struct game *g, uint32_t n, FILE *diag)
{
    int evals = 0;
    memset(w->ev, 0, ((size_t)n + 1) * sizeof *w->ev);
    /* The start position's, before the first move, as an engine run writes it. */
    w->ev[0].have = eval_in_comments(g, g->vars[0].comment_first, g->vars[0].comment_count,
                                     &w->ev[0].e);
    for (uint32_t k = 1; k <= n; k++) {
        struct peval *pe = &w->ev[k];
        const struct game_move *m = &g->moves[g->vars[0].first + k - 1];
        pe->have = eval_in_comments(g, m->comment_first, m->comment_count, &pe->e);
        evals += pe->have;
        if (!pe->have && k == n)
            terminal_eval(&w->pos[k], pe); /* mate, stalemate: judged as with an engine */
    }
    /* Nothing to judge by is not a judged game: say so, once per game. */
    if (!evals && n) {
        w->unjudged = 1;
        if (!w->a->quiet) {
            report_game_prefix(diag, g, g->line, 0, PGN_SEV_NOTE);
            fprintf(diag, ": no [%%eval] comments: not judged\n");
        }
    }
}

/*
 * The annotations inside the movetext (judgments, evaluations, FEN comments)
 * into w->extras, the players' counts into st. Returns -1 when they are
 * made, else the outcome of a game left unannotated: OUT_ENGINE_FAILED
 * (written as read), OUT_INTERRUPTED (not written). The engine (if any) is
 * restarted after a failure and the game tried once more.
 */
static int annotate_moves(struct worker *w, const struct game *g, struct buf *out, FILE *diag,
                          struct side_stats st[2])
{
    const struct annotate *a = w->a;
    struct replay *r = &w->r;
    uint32_t n = g->vars[0].count;
    grow(w, g, n);
    w->pos[0] = r->start;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = g->vars[0].first + k;
        w->pos[k + 1] = w->pos[k];
        if (g->moves[i].flags & GAME_MOVE_NULL)
            pos_play_null(&w->pos[k + 1]);
        else
            pos_play(&w->pos[k + 1], r->moves[i]);
    }

    /* Evaluations: from the engine, or from the game's [%eval] comments. */
    int judge = a->judge || a->use_engine;
    if (a->use_engine) {
        /* No engine here when the last restart failed: try again first. */
        int rc = w->engine ? engine_game(w, g, n, diag) : PGN_EIO;
        if (rc != PGN_OK && !driver_interrupted()) {
            char err[UCI_ERR_MAX + 64];
            snprintf(err, sizeof err, "%s",
                     w->engine ? uci_engine_error(w->engine) : "the engine could not be restarted");
            uci_engine_free(w->engine);
            w->engine = NULL;
            char err2[UCI_ERR_MAX];
            rc = annotate_engine_start(w, err2, sizeof err2);
            if (rc == PGN_OK)
                rc = engine_game(w, g, n, diag);
            if (rc != PGN_OK && !driver_interrupted()) {
                if (w->engine)
                    snprintf(err, sizeof err, "%s", uci_engine_error(w->engine));
                else
                    snprintf(err, sizeof err, "%s", err2);
                if (w->engine) {
                    uci_engine_free(w->engine);
                    w->engine = NULL;
                    annotate_engine_start(w, err2, sizeof err2);
                }
                report_game_prefix(diag, g, g->line, 0, PGN_SEV_ERROR);
                fprintf(diag, ": the engine failed twice: %s; passed through unannotated\n",
                        err);
                game_out_raw(&w->out, g, out);
                return OUT_ENGINE_FAILED;
            }
        }
        if (rc != PGN_OK) /* interrupted: the unfinished game is not written */
            return OUT_INTERRUPTED;
    } else if (judge) {
        evals_from_comments(w, g, n, diag);
    }

    /* The start position's evaluation before the first move, where --judge finds it. */
    w->start_comment = NULL;
    if (a->use_engine && w->ev[0].have && !w->ev[0].terminal) {
        char ev[24], text[40];
        judge_format_eval(&w->ev[0].e, ev, sizeof ev);
        snprintf(text, sizeof text, "[%%eval %s]", ev);
        w->start_comment = keep(w, text);
    }

    /* Per move: judgment, evaluation, FEN. */
    for (uint32_t k = 1; k <= n; k++) {
        uint32_t i = g->vars[0].first + k - 1;
        struct go_move_extra *x = &w->extras[i];
        const struct pos *before = &w->pos[k - 1];
        int mover = before->side;
        const struct peval *pb = &w->ev[k - 1], *pa = &w->ev[k];
        if (judge && pb->have && pa->have && !(g->moves[i].flags & GAME_MOVE_NULL)) {
            /* The two evaluations alone judge the move, as they are written:
             * so --judge on this output judges every move as this run did.
             * Even the engine's own choice is judged when its next search
             * disagrees with the one before (what is wrong is then the
             * evaluation before the move, and the judgment says so). */
            int reason;
            int j = judge_move_model(&pb->e, &pa->e, mover == BLACK, a->judge_model, &reason);
            char best[MOVE_TEXT_MAX] = "";
            move16 bm = a->use_engine ? first_move(before, &pb->res.lines[0]) : MOVE_NONE;
            if (bm != MOVE_NONE && bm != r->moves[i]) /* "Nf6 was best" after Nf6: no */
                move_write(before, bm, &a->go.style, best, sizeof best);
            x->replace_nags = 1;
            /* lichess's own judgment comments: replaced by the engine's; without one
             * kept when we judge alike (they name the best move), dropped when not */
            uint32_t old = old_judgments(g, &g->moves[i]);
            int keep_old = old && !a->use_engine && j != JUDGE_NONE;
            x->drop_comments = keep_old ? 0 : old;
            st[mover].counted++;
            st[mover].loss += judge_cp_loss(&pb->e, &pa->e, mover == BLACK);
            if (j != JUDGE_NONE) {
                char text[256];
                x->nags[x->nnags++] = (uint16_t)judge_nag(j);
                judge_comment(&pb->e, &pa->e, j, reason, best, text, sizeof text);
                if (!keep_old)
                    x->comments[x->ncomments++] = keep(w, text);
                st[mover].inaccuracies += j == JUDGE_INACCURACY;
                st[mover].mistakes += j == JUDGE_MISTAKE;
                st[mover].blunders += j == JUDGE_BLUNDER;
                /* The engine's lines, but not one that is the game's own move. */
                for (int v = 0; a->use_engine && v < a->search.multipv && v < UCI_MULTIPV_MAX; v++) {
                    const struct uci_line *l = &pb->res.lines[v];
                    if (l->valid && l->npv && first_move(before, l) != r->moves[i] &&
                        !has_line(w, g, i, before, l, a->pv_plies))
                        x->lines[x->nlines] = pv_text(w, before, l, a->pv_plies);
                    if (x->lines[x->nlines])
                        x->nlines++;
                }
            }
        }
        if (a->use_engine && pa->have && !pa->terminal) {
            char ev[24], text[40];
            judge_format_eval(&pa->e, ev, sizeof ev);
            snprintf(text, sizeof text, "[%%eval %s]", ev);
            x->comments[x->ncomments++] = keep(w, text);
        }
        if (a->fen_comments) {
            char fen[FEN_MAX];
            pos_to_fen(&w->pos[k], a->go.fen_flags, fen);
            /* Written by a run before: dropped there and written again here, after
             * the evaluation, where the run before put it. */
            x->drop_comments |= same_comments(g, &g->moves[i], fen);
            x->comments[x->ncomments++] = keep(w, fen);
        }
        if (a->hash_comments) {
            char key[24];
            snprintf(key, sizeof key, "%016" PRIx64, w->pos[k].key);
            x->drop_comments |= same_comments(g, &g->moves[i], key); /* as the FEN's */
            x->comments[x->ncomments++] = keep(w, key);
        }
    }
    return -1;
}

/* The tags the options ask for into tags (room for MAX_EXTRA_TAGS); returns how many. */
static size_t annotate_tags(struct worker *w, const struct game *g, const struct side_stats st[2],
                            struct go_extra_tag *tags)
{
    const struct annotate *a = w->a;
    const struct replay *r = &w->r;
    uint32_t n = r->plies;
    int judge = a->judge;
    size_t ntags = 0;
    const struct pos *final = &r->final;
    if (a->eco) {
        const struct eco_entry *e = NULL;
        int has_null = 0;
        for (uint32_t k = 0; k < n; k++)
            has_null |= (g->moves[g->vars[0].first + k].flags & GAME_MOVE_NULL) != 0;
        /* The replay's keys of the positions: nothing is played again. */
        if (!has_null)
            e = eco_classify_keys(r->keys, n, NULL);
        if (e) {
            char opening[256], variation[256];
            eco_split_name(e, opening, sizeof opening, variation, sizeof variation);
            tags[ntags++] = (struct go_extra_tag){ "ECO", keep(w, e->eco) };
            tags[ntags++] = (struct go_extra_tag){ "Opening", keep(w, opening) };
            /* A name without a variation part: the input's Variation would contradict
             * the new Opening, so it is removed (a NULL value). */
            tags[ntags++] = (struct go_extra_tag){ "Variation",
                                                   variation[0] ? keep(w, variation) : NULL };
        }
    }
    if (a->plycount) {
        char v[24];
        snprintf(v, sizeof v, "%u", n);
        tags[ntags++] = (struct go_extra_tag){ "PlyCount", keep(w, v) };
    }
    if (a->termination) {
        static const char *const names[] = {
            [END_CHECKMATE] = "checkmate", [END_STALEMATE] = "stalemate",
            [END_DEAD] = "dead position", [END_FIVEFOLD] = "fivefold repetition",
            [END_SEVENTYFIVE] = "75-move rule",
        };
        /* PGN 9.8.1 has one value for an end the rules make, "normal";
         * which rule made it goes into a tag of its own. */
        if (r->end > END_NONE && r->end <= END_SEVENTYFIVE) {
            tags[ntags++] = (struct go_extra_tag){ "Termination", "normal" };
            tags[ntags++] = (struct go_extra_tag){ "TerminationDetails", names[r->end] };
        }
    }
    if (a->final_fen) {
        char fen[FEN_MAX];
        pos_to_fen(final, a->go.fen_flags, fen);
        tags[ntags++] = (struct go_extra_tag){ "FinalFEN", keep(w, fen) };
    }
    if (a->hash) {
        char v[24];
        snprintf(v, sizeof v, "%016" PRIx64, final->key);
        tags[ntags++] = (struct go_extra_tag){ "PolyglotKey", keep(w, v) };
    }
    if (judge && (st[WHITE].counted || st[BLACK].counted)) {
        static const char *const names[2][4] = {
            { "WhiteInaccuracies", "WhiteMistakes", "WhiteBlunders", "WhiteACPL" },
            { "BlackInaccuracies", "BlackMistakes", "BlackBlunders", "BlackACPL" },
        };
        for (int s = 0; s < 2; s++) {
            char v[24];
            int vals[3] = { st[s].inaccuracies, st[s].mistakes, st[s].blunders };
            for (int k = 0; k < 3; k++) {
                snprintf(v, sizeof v, "%d", vals[k]);
                tags[ntags++] = (struct go_extra_tag){ names[s][k], keep(w, v) };
            }
            if (st[s].counted) {
                snprintf(v, sizeof v, "%ld", (st[s].loss + st[s].counted / 2) / st[s].counted);
                tags[ntags++] = (struct go_extra_tag){ names[s][3], keep(w, v) };
            }
        }
    }
    assert(ntags <= MAX_EXTRA_TAGS);
    return ntags;
}

int annotate_game(struct worker *w, const struct game *g, struct buf *out, FILE *diag,
                         uint32_t *plies_out)
{
    const struct annotate *a = w->a;
    struct replay *r = &w->r;
    *plies_out = 0;
    if (g->flags & GAME_EMPTY)
        return OUT_EMPTY;
    if (replay_game(r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (r->errors || r->skipped) {
        if (!a->quiet)
            report_diags(diag, g, r, r->errors ? PGN_SEV_ERROR : PGN_SEV_NOTE, 0);
        int rc = game_out_raw(&w->out, g, out);
        if (rc == PGN_EINVAL)
            fprintf(diag, "%s: error: %s: game %" PRIu64 " is over the size limit: not copied\n",
                    progname, g->file, g->index);
        return r->errors ? OUT_INVALID : OUT_SKIPPED;
    }
    arena_reset(&w->strings);
    *plies_out = g->vars[0].count;
    w->unjudged = 0;
    struct side_stats st[2];
    memset(st, 0, sizeof st);
    if (a->in_movetext) {
        int outcome = annotate_moves(w, g, out, diag, st);
        if (outcome >= 0)
            return outcome;
    }
    struct go_extra_tag tags[MAX_EXTRA_TAGS];
    size_t ntags = annotate_tags(w, g, st, tags);
    struct go_extra extra = { tags, ntags, a->in_movetext ? w->extras : NULL,
                              a->in_movetext ? w->start_comment : NULL };
    w->out.extra = &extra;
    size_t mark = out->len;
    int rc = a->rewrite ? PGN_EINVAL : game_out_retag(&w->out, g, r, out);
    if (rc == PGN_EINVAL)
        rc = game_out_game(&w->out, g, r, out);
    w->out.extra = NULL;
    if (rc) {
        out->len = mark;
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index, pgn_strerror(rc));
    }
    return w->unjudged ? OUT_UNJUDGED : OUT_ANNOTATED;
}
