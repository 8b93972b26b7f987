/* annotate.c - `pgnkit annotate`: opening, facts, judgments and engine evaluations added to games. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cmd.h"
#include "common.h"
#include "replay/diag.h"
#include "annotate/eco.h"
#include "write/game_out.h"
#include "annotate/judge.h"
#include "chess/movegen.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "replay/replay.h"
#include "driver.h"
#include "report.h"
#include "notation/uci.h"
#include "annotate/uci_engine.h"
#include "base/banned.h"

static const char *const annotate_usage[] = {
    "pgnkit annotate [OPTIONS] [FILE...]",
    "",
    "Adds opening tags, computed facts, move judgments and engine evaluations to games",
    "and writes them as PGN. When only tags are added, each game's movetext is copied",
    "as read; otherwise games are written in PGN export format. Invalid games are",
    "reported as validate does and passed through unchanged. Reads standard input when",
    "no FILE (or '-') is given.",
    "",
    "Without an engine:",
    "        --eco             ECO, Opening and Variation tags (deepest known position)",
    "        --plycount        PlyCount tag",
    "        --termination     Termination tag from the final position (checkmate,",
    "                          stalemate, dead position, fivefold repetition, 75-move rule)",
    "        --final-fen       FinalFEN tag",
    "        --hash            PolyglotKey tag: Polyglot key of the final position",
    "        --fen-comments    a {FEN} comment after every main-line move",
    "        --judge           ?! ? ?? and comments from the [%eval] comments (lichess's",
    "                          rules), per-player counts and ACPL as tags",
    "        --judge-model M   winning-chances (default, lichess since 2021) or cp",
    "                          (centipawn drop 300/100/50, lichess before)",
    "With an engine (implies --judge):",
    "    -e, --engine PATH     UCI engine (default: stockfish, looked up in PATH and /usr/games)",
    "        --depth N         search N plies per position",
    "        --nodes N         search N nodes per position",
    "        --movetime MS     search MS milliseconds per position",
    "        --multipv N       variations at a judged move (1-5; default 1)",
    "        --pv-plies N      plies of each variation (default 8)",
    "        --engine-option NAME=VALUE  setoption (repeatable), e.g. Threads=1",
    "        --engine-timeout MS  restart an engine silent for MS ms (default 30000)",
    "    -j, --jobs N          N engines on different games (default: the number of CPUs)",
    "Other:",
    "        --width N         write every movetext in export format, in lines of at",
    "                          most N characters (80; 0: no limit); without it, a",
    "                          movetext with only tags added is copied as read",
    "        --format pgn      the only output format (pipe it to convert for JSON)",
    "    -q, --quiet           print no diagnostics, no progress and no summary",
    "    -h, --help            show this help",
    NULL,
};

enum {
    OPT_ECO = 256, OPT_PLYCOUNT, OPT_TERMINATION, OPT_FINAL_FEN, OPT_HASH, OPT_FEN_COMMENTS,
    OPT_JUDGE, OPT_DEPTH, OPT_NODES, OPT_MOVETIME, OPT_MULTIPV, OPT_PV_PLIES, OPT_ENGINE_OPTION,
    OPT_ENGINE_TIMEOUT, OPT_WIDTH, OPT_JUDGE_MODEL, OPT_FORMAT,
};

static const struct option annotate_options[] = {
    { "eco", no_argument, NULL, OPT_ECO },
    { "plycount", no_argument, NULL, OPT_PLYCOUNT },
    { "termination", no_argument, NULL, OPT_TERMINATION },
    { "final-fen", no_argument, NULL, OPT_FINAL_FEN },
    { "hash", no_argument, NULL, OPT_HASH },
    { "fen-comments", no_argument, NULL, OPT_FEN_COMMENTS },
    { "judge", no_argument, NULL, OPT_JUDGE },
    { "judge-model", required_argument, NULL, OPT_JUDGE_MODEL },
    { "engine", required_argument, NULL, 'e' },
    { "depth", required_argument, NULL, OPT_DEPTH },
    { "nodes", required_argument, NULL, OPT_NODES },
    { "movetime", required_argument, NULL, OPT_MOVETIME },
    { "multipv", required_argument, NULL, OPT_MULTIPV },
    { "pv-plies", required_argument, NULL, OPT_PV_PLIES },
    { "engine-option", required_argument, NULL, OPT_ENGINE_OPTION },
    { "engine-timeout", required_argument, NULL, OPT_ENGINE_TIMEOUT },
    { "jobs", required_argument, NULL, 'j' },
    { "width", required_argument, NULL, OPT_WIDTH },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "quiet", no_argument, NULL, 'q' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

enum { MAX_ENGINE_OPTIONS = 64, FLUSH_AT = 1 << 16, MAX_EXTRA_TAGS = 16 };
#define OUT_MAX ((size_t)1 << 30)

struct annotate {
    int eco, plycount, termination, final_fen, hash, fen_comments, judge, quiet;
    int in_movetext; /* an annotation goes into the movetext (FEN comments, judgments) */
    int rewrite;     /* the movetext is written again, not copied as read */
    int judge_model; /* enum judge_model */
    int use_engine;
    const char *engine_name;
    char engine_path[4096];
    struct uci_search search;
    long pv_plies, timeout_ms, jobs;
    char *engine_options[MAX_ENGINE_OPTIONS];
    int nengine_options;
    struct replay_opts ropts;
    struct game_out_opts go;
    /* counts, on the reading thread */
    uint64_t games, annotated, invalid, skipped, engine_failed;
    uint64_t total; /* games in the input when known (progress), else 0 */
    uint64_t plies_done;
    long long started_ms;
    int progress, io_failed;
};

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ---- Per-worker state ---------------------------------------------------------- */

/* The evaluation of one main-line position, White's point of view. */
struct peval {
    int have;
    int terminal; /* checkmate or stalemate: not searched, no [%eval] written */
    struct judge_eval e;
    struct uci_result res; /* engine only: the search of this position */
};

struct worker {
    const struct annotate *a;
    struct replay r;
    struct game_out out;
    struct uci_engine *engine;
    int chess960; /* UCI_Chess960 as last set: -1 unknown */
    struct arena strings;
    struct go_move_extra *extras;
    size_t extras_cap;
    struct pos *pos;
    struct peval *ev;
    size_t pos_cap;
    struct buf cmd; /* the position command */
};

enum outcome { OUT_ANNOTATED, OUT_INVALID, OUT_SKIPPED, OUT_ENGINE_FAILED, OUT_EMPTY, OUT_INTERRUPTED };

struct done {
    struct batch_mark mark; /* where the game's parts end in its batch */
    int outcome;
    uint32_t plies;
};

static int engine_start(struct worker *w, char *err, size_t cap)
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

static void worker_init(struct worker *w, const struct annotate *a)
{
    memset(w, 0, sizeof *w);
    w->a = a;
    replay_init(&w->r, &a->ropts);
    game_out_init(&w->out, &a->go);
    arena_init(&w->strings, (size_t)1 << 30);
    buf_init(&w->cmd, (size_t)1 << 24);
    w->chess960 = -1;
}

static void worker_release(struct worker *w)
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

/* The [%eval] of a main-line move's comments (White's point of view). */
static int eval_of_move(const struct game *g, const struct game_move *m, struct judge_eval *e)
{
    for (uint32_t k = 0; k < m->comment_count; k++) {
        const struct game_comment *c = &g->comments[m->comment_first + k];
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
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            size_t n = strlen(words[w]);
            const char *end = c->plain + c->plain_len;
            for (const char *q = arrow; q + n <= end; q++)
                if (*q == ')' && !memcmp(q, words[w], n)) {
                    mask |= 1u << k;
                    break;
                }
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

/* Searches every main-line position 0..n; PGN_OK or the engine's error. */
static int engine_game(struct worker *w, const struct game *g, uint32_t n)
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
        int state = pos_state(p);
        if (state != STATE_ONGOING) {
            pe->have = pe->terminal = 1;
            /* A mate counts as a mate for the side that gave it: no judgment of that move. */
            pe->e.mate = state == STATE_CHECKMATE ? (p->side == WHITE ? -1 : 1) : 0;
            continue;
        }
        if (driver_interrupted())
            return PGN_EINVAL;
        if (buf_append(&w->cmd, "", 1))
            die(EXIT_IO, "out of memory");
        w->cmd.len--;
        rc = uci_engine_go(w->engine, w->cmd.data, &a->search, &pe->res);
        if (rc)
            return rc;
        pe->have = 1;
        pe->e = white_view(&pe->res.lines[0], p->side);
    }
    return PGN_OK;
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

struct side_stats {
    int inaccuracies, mistakes, blunders;
    long loss;
    int counted;
};

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
        int rc = w->engine ? engine_game(w, g, n) : PGN_EIO;
        if (rc != PGN_OK && !driver_interrupted()) {
            char err[UCI_ERR_MAX + 64];
            snprintf(err, sizeof err, "%s",
                     w->engine ? uci_engine_error(w->engine) : "the engine could not be restarted");
            uci_engine_free(w->engine);
            w->engine = NULL;
            char err2[UCI_ERR_MAX];
            rc = engine_start(w, err2, sizeof err2);
            if (rc == PGN_OK)
                rc = engine_game(w, g, n);
            if (rc != PGN_OK && !driver_interrupted()) {
                if (w->engine)
                    snprintf(err, sizeof err, "%s", uci_engine_error(w->engine));
                else
                    snprintf(err, sizeof err, "%s", err2);
                if (w->engine) {
                    uci_engine_free(w->engine);
                    w->engine = NULL;
                    engine_start(w, err2, sizeof err2);
                }
                char label[256];
                report_game_label(g, label, sizeof label);
                fprintf(diag, "%s:%" PRIu64 ": error: %s: the engine failed twice: %s; passed "
                        "through unannotated\n", g->file, g->line, label, err);
                game_out_raw(&w->out, g, out);
                return OUT_ENGINE_FAILED;
            }
        }
        if (rc != PGN_OK) /* interrupted: the unfinished game is not written */
            return OUT_INTERRUPTED;
    } else if (judge) {
        memset(w->ev, 0, ((size_t)n + 1) * sizeof *w->ev);
        for (uint32_t k = 1; k <= n; k++) {
            struct peval *pe = &w->ev[k];
            pe->have = eval_of_move(g, &g->moves[g->vars[0].first + k - 1], &pe->e);
        }
    }

    /* Per move: judgment, evaluation, FEN. */
    for (uint32_t k = 1; k <= n; k++) {
        uint32_t i = g->vars[0].first + k - 1;
        struct go_move_extra *x = &w->extras[i];
        const struct pos *before = &w->pos[k - 1];
        int mover = before->side;
        const struct peval *pb = &w->ev[k - 1], *pa = &w->ev[k];
        if (judge && pb->have && pa->have && !(g->moves[i].flags & GAME_MOVE_NULL)) {
            int reason;
            int j = judge_move_model(&pb->e, &pa->e, mover == BLACK, a->judge_model, &reason);
            char best[MOVE_TEXT_MAX] = "";
            move16 bm = MOVE_NONE;
            if (a->use_engine && pb->res.lines[0].npv) {
                bm = uci_parse(before, pb->res.lines[0].pv[0], (int)strlen(pb->res.lines[0].pv[0]));
                if (bm != MOVE_NONE)
                    move_write(before, bm, &a->go.style, best, sizeof best);
            }
            if (bm != MOVE_NONE && bm == r->moves[i])
                j = JUDGE_NONE; /* the engine's own move: never a mistake */
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
                for (int v = 0; a->use_engine && v < a->search.multipv && v < UCI_MULTIPV_MAX; v++) {
                    const struct uci_line *l = &pb->res.lines[v];
                    if (l->valid && l->npv)
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
            pos_to_fen(&w->pos[k], r->chess960 ? FEN_SHREDDER : 0, fen);
            x->comments[x->ncomments++] = keep(w, fen);
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
        if (r->end > END_NONE && r->end <= END_SEVENTYFIVE)
            tags[ntags++] = (struct go_extra_tag){ "Termination", names[r->end] };
    }
    if (a->final_fen) {
        char fen[FEN_MAX];
        pos_to_fen(final, r->chess960 ? FEN_SHREDDER : 0, fen);
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

/*
 * Annotates g into out; diagnostics to diag. When only tags change, the
 * movetext is copied as read (game_out_retag), else written again.
 */
static int annotate_game(struct worker *w, const struct game *g, struct buf *out, FILE *diag,
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
            report_diags(diag, g, r, r->errors ? SEV_ERROR : SEV_NOTE, 0);
        int rc = game_out_raw(&w->out, g, out);
        if (rc == PGN_EINVAL)
            fprintf(diag, "%s: error: %s: game %" PRIu64 " is over the size limit: not copied\n",
                    progname, g->file, g->index);
        return r->errors ? OUT_INVALID : OUT_SKIPPED;
    }
    arena_reset(&w->strings);
    *plies_out = g->vars[0].count;
    struct side_stats st[2];
    memset(st, 0, sizeof st);
    if (a->in_movetext) {
        int outcome = annotate_moves(w, g, out, diag, st);
        if (outcome >= 0)
            return outcome;
    }
    struct go_extra_tag tags[MAX_EXTRA_TAGS];
    size_t ntags = annotate_tags(w, g, st, tags);
    struct go_extra extra = { tags, ntags, a->in_movetext ? w->extras : NULL };
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
    return OUT_ANNOTATED;
}

/* ---- Reading thread: order, counts, progress ------------------------------------ */

static void progress(struct annotate *a, int final)
{
    if (!a->progress)
        return;
    double secs = (double)(now_ms() - a->started_ms) / 1000.0;
    double rate = secs > 0 ? (double)a->plies_done / secs : 0;
    if (a->total) {
        double left = a->games ? secs * (double)(a->total - a->games) / (double)a->games : 0;
        fprintf(stderr, "\r%" PRIu64 "/%" PRIu64 " games  %.0f moves/s  ETA %ld:%02ld ", a->games,
                a->total, rate, (long)left / 60, (long)left % 60);
    } else {
        fprintf(stderr, "\r%" PRIu64 " games  %.0f moves/s ", a->games, rate);
    }
    if (final)
        fputc('\n', stderr);
    fflush(stderr);
}

static void account(struct annotate *a, const struct done *d)
{
    switch (d->outcome) {
    case OUT_EMPTY: return;
    case OUT_INTERRUPTED: return;
    case OUT_ANNOTATED: a->annotated++; break;
    case OUT_INVALID: a->invalid++; break;
    case OUT_SKIPPED: a->skipped++; break;
    case OUT_ENGINE_FAILED: a->engine_failed++; break;
    }
    a->games++;
    a->plies_done += d->plies;
}

static void work_game(void *ctx, struct batch *b, struct game *g, struct pgn_reader *reader,
                      FILE *diag, struct buf *out, void *rec)
{
    struct done *d = rec;
    (void)b, (void)reader;
    d->outcome = annotate_game(ctx, g, out, diag, &d->plies);
}

static void work(void *ctx, struct batch *b)
{
    struct buf out;
    buf_init(&out, OUT_MAX);
    batch_run(b, ctx, sizeof(struct done), &out, work_game);
    buf_release(&out);
}

/* A batch annotated on the workers, in input order. */
static void write_batch(void *cmd, struct batch *b)
{
    struct annotate *a = cmd;
    struct batch_cursor cur;
    struct batch_part part;
    const struct done *d;
    batch_cursor_init(&cur, b, sizeof *d);
    while ((d = batch_cursor_next(&cur, &part)) != NULL) {
        if (part.diag_len) {
            fflush(stdout);
            if (a->progress)
                fputs("\r\033[K", stderr);
            fwrite(part.diag, 1, part.diag_len, stderr);
        }
        fwrite(part.text, 1, part.text_len, stdout);
        account(a, d);
        check_output();
    }
    progress(a, 0);
}

/* Games in the inputs, for the progress bar: counted when every input is a plain file. */
static uint64_t count_games(int argc, char **argv, int first)
{
    uint64_t n = 0;
    if (first == argc)
        return 0;
    for (int i = first; i < argc; i++) {
        if (!strcmp(argv[i], "-"))
            return 0;
        struct pgn_reader *r;
        struct game g;
        if (pgn_reader_open(&r, argv[i], NULL) != PGN_OK)
            return 0;
        while (pgn_reader_next(r, &g) > 0)
            n += !(g.flags & GAME_EMPTY);
        pgn_reader_free(r);
    }
    return n;
}

static int parse_count(const char *opt, const char *arg, long min, long max, long *out)
{
    if (parse_long(arg, min, max, out)) {
        error("%s takes a number from %ld to %ld, not '%s'", opt, min, max, arg);
        return -1;
    }
    return 0;
}

int cmd_annotate(int argc, char **argv)
{
    struct annotate a;
    int opt;
    memset(&a, 0, sizeof a);
    a.ropts.lang = NOTATION_AUTO;
    a.ropts.flags = REPLAY_NO_TAGS | REPLAY_NO_WARN;
    a.jobs = pipeline_cpus();
    a.pv_plies = 8;
    a.timeout_ms = 30000;
    a.search.multipv = 1;
    game_out_opts_init(&a.go);
    long v;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "e:j:qh", annotate_options, NULL)) != -1) {
        switch (opt) {
        case OPT_ECO: a.eco = 1; break;
        case OPT_PLYCOUNT: a.plycount = 1; break;
        case OPT_TERMINATION: a.termination = 1; break;
        case OPT_FINAL_FEN: a.final_fen = 1; break;
        case OPT_HASH: a.hash = 1; break;
        case OPT_FEN_COMMENTS: a.fen_comments = 1; break;
        case OPT_JUDGE: a.judge = 1; break;
        case OPT_JUDGE_MODEL:
            if (!strcmp(optarg, "cp")) {
                a.judge_model = JUDGE_MODEL_CP;
            } else if (!strcmp(optarg, "winning-chances")) {
                a.judge_model = JUDGE_MODEL_WINNING_CHANCES;
            } else {
                error("unknown judgment model '%s' (winning-chances or cp)", optarg);
                return EXIT_USAGE;
            }
            a.judge = 1;
            break;
        case 'e': a.use_engine = 1; a.engine_name = optarg; break;
        case OPT_DEPTH:
            if (parse_count("--depth", optarg, 1, 200, &a.search.depth))
                return EXIT_USAGE;
            a.use_engine = 1;
            break;
        case OPT_NODES:
            if (parse_count("--nodes", optarg, 1, 2000000000L, &a.search.nodes))
                return EXIT_USAGE;
            a.use_engine = 1;
            break;
        case OPT_MOVETIME:
            if (parse_count("--movetime", optarg, 1, 86400000L, &a.search.movetime))
                return EXIT_USAGE;
            a.use_engine = 1;
            break;
        case OPT_MULTIPV:
            if (parse_count("--multipv", optarg, 1, UCI_MULTIPV_MAX, &v))
                return EXIT_USAGE;
            a.search.multipv = (int)v;
            break;
        case OPT_PV_PLIES:
            if (parse_count("--pv-plies", optarg, 0, UCI_PV_MAX, &a.pv_plies))
                return EXIT_USAGE;
            break;
        case OPT_ENGINE_OPTION:
            if (!strchr(optarg, '=') || optarg[0] == '=') {
                error("--engine-option takes NAME=VALUE, not '%s'", optarg);
                return EXIT_USAGE;
            }
            if (a.nengine_options == MAX_ENGINE_OPTIONS) {
                error("at most %d engine options", MAX_ENGINE_OPTIONS);
                return EXIT_USAGE;
            }
            a.engine_options[a.nengine_options++] = optarg;
            break;
        case OPT_ENGINE_TIMEOUT:
            if (parse_count("--engine-timeout", optarg, 1, 86400000L, &a.timeout_ms))
                return EXIT_USAGE;
            break;
        case 'j':
            if (parse_jobs(optarg, &a.jobs))
                return EXIT_USAGE;
            break;
        case OPT_WIDTH:
            if (parse_count("--width", optarg, 0, 1000000, &v))
                return EXIT_USAGE;
            a.go.width = (unsigned)v;
            a.rewrite = 1;
            break;
        case OPT_FORMAT:
            /* Annotations live in PGN comments, NAGs and variations: convert
             * turns the result into JSON with all of them. */
            if (strcmp(optarg, "pgn")) {
                error("--format %s: annotate writes PGN only; pipe its output to "
                      "'pgnkit convert --format %s'", optarg, optarg);
                return EXIT_USAGE;
            }
            break;
        case 'q': a.quiet = 1; break;
        case 'h': print_usage(stdout, annotate_usage); return EXIT_OK;
        default: return usage_error(annotate_usage);
        }
    }
    a.in_movetext = a.fen_comments || a.judge || a.use_engine;
    a.rewrite |= a.in_movetext;
    if (a.use_engine) {
        a.judge = 1;
        a.go.strip |= GO_STRIP_EVALS; /* the engine's evaluations replace the old ones */
        if (!a.engine_name)
            a.engine_name = "stockfish";
        if (uci_engine_find(a.engine_name, a.engine_path, sizeof a.engine_path))
            die(EXIT_IO, "engine '%s' not found (give its path with --engine)", a.engine_name);
    }

    if (a.eco && eco_init() != PGN_OK)
        die(EXIT_IO, "out of memory building the opening table");

    /* Every engine is started before anything is read or written. */
    struct worker *workers = xcalloc((size_t)a.jobs, sizeof *workers);
    for (long i = 0; i < a.jobs; i++) {
        worker_init(&workers[i], &a);
        char err[UCI_ERR_MAX];
        if (a.use_engine && engine_start(&workers[i], err, sizeof err) != PGN_OK)
            die(EXIT_IO, "cannot start the engine '%s': %s", a.engine_path, err);
    }
    struct driver d;
    driver_init(&d, &a);
    /* Several workers parse the movetext; one worker (with an engine, the
     * slow part) leaves the parsing to this thread, so both keep busy. */
    d.reader_flags = a.jobs > 1 ? PGN_READER_LAZY : 0;
    d.batch = write_batch;
    driver_start_workers(&d, a.jobs, 0, work, workers, sizeof *workers);
    if (a.use_engine)
        pipeline_set_batch_games(d.p, 1);
    driver_catch_interrupt();
    a.progress = !a.quiet && a.use_engine && isatty(2);
    if (a.progress)
        a.total = count_games(argc, argv, optind);
    a.started_ms = now_ms();
    driver_run(&d, argc - optind, argv + optind);
    driver_release(&d);
    a.io_failed |= d.io_failed;
    for (long i = 0; i < a.jobs; i++)
        worker_release(&workers[i]);
    free(workers);
    if (fflush(stdout) != 0 && !a.io_failed) {
        error("cannot write the output: %s", strerror(errno));
        a.io_failed = 1;
    }
    check_output();
    progress(&a, 1);
    if (!a.quiet) {
        fprintf(stderr, "%" PRIu64 " games: %" PRIu64 " annotated, %" PRIu64 " invalid (kept)",
                a.games, a.annotated, a.invalid);
        if (a.skipped)
            fprintf(stderr, ", %" PRIu64 " variants not replayed (kept)", a.skipped);
        if (a.engine_failed)
            fprintf(stderr, ", %" PRIu64 " not analysed (engine failure, kept)", a.engine_failed);
        fprintf(stderr, "\n");
        if (driver_interrupted())
            fprintf(stderr, "%s: interrupted: the output ends with the last finished game\n",
                    progname);
    }
    if (a.io_failed)
        return EXIT_IO;
    if (driver_interrupted())
        return 130;
    return a.invalid || a.engine_failed ? EXIT_NEGATIVE : EXIT_OK;
}
