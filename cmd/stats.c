/* stats.c - `pgnkit stats`: summary, opening, explorer-tree and player reports; exact JSON partial aggregates that --merge combines. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "base/compiler.h"
#include "base/hash_table.h"
#include "cmd.h"
#include "common.h"
#include "annotate/eco.h"
#include "query/game_facts.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "chess/position.h"
#include "driver.h"
#include "query_opts.h"
#include "replay/replay.h"
#include "notation/san.h"
#include "pgn/tagvalue.h"
#include "base/banned.h"

static const char *const stats_usage[] = {
    "pgnkit stats [OPTIONS] [FILE...]",
    "   or: pgnkit stats --merge [OPTIONS] JSON...",
    "",
    "Counts games: results, ratings, lengths, terminations, years, variants, events",
    "(default), or one report, over the games that meet every criterion given (the",
    "criteria of pgnkit search). Reads standard input when no FILE (or '-') is given.",
    "",
    "Reports:",
    "        --openings        ECO code and name by position (transpositions recognised)",
    "        --tree            next moves from a position, like an opening explorer",
    "        --moves TEXT      with --tree: the position after these moves (\"1. e4 c5\");",
    "                          else the criterion: games that start with these moves",
    "        --fen FEN         with --tree: this position (default: the start position)",
    "        --depth N         with --tree: expand N moves deep (default 1, at most 20)",
    "        --players         per player: games, score, average opponent, performance",
    "Output:",
    "        --format FMT      text (default), csv, tsv, or json (a partial aggregate)",
    "        --merge           the FILEs are --format json outputs: combine them exactly",
    "        --top N           rows of event and opening/player tables in text (default 10/all)",
    "    -j, --jobs N          read games on N threads (default: the number of CPUs)",
    "    -h, --help            show this help",
    "Criteria (as in pgnkit search):",
    QUERY_USAGE,
    NULL,
};

enum { OPT_OPENINGS = 256, OPT_TREE, OPT_FEN, OPT_DEPTH, OPT_PLAYERS, OPT_FORMAT,
       OPT_MERGE, OPT_TOP };

/* --moves is QUERY_OPTIONS' own: with --tree it sets the position instead. */
static const struct option stats_options[] = {
    QUERY_OPTIONS,
    { "openings", no_argument, NULL, OPT_OPENINGS },
    { "tree", no_argument, NULL, OPT_TREE },
    { "fen", required_argument, NULL, OPT_FEN },
    { "depth", required_argument, NULL, OPT_DEPTH },
    { "players", no_argument, NULL, OPT_PLAYERS },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "merge", no_argument, NULL, OPT_MERGE },
    { "top", required_argument, NULL, OPT_TOP },
    { "jobs", required_argument, NULL, 'j' },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

enum report { R_SUMMARY, R_OPENINGS, R_TREE, R_PLAYERS };
static const char *const report_names[] = { "summary", "openings", "tree", "players" };
enum format { FMT_TEXT, FMT_CSV, FMT_TSV, FMT_JSON };

/* ---- String-keyed tables of exact integer fields ---- */

enum { NV = 10 };

/* How a field combines when partial aggregates are merged. */
enum { SUM = 0, MIN, MAX };

struct table_kind {
    const char *name;       /* the JSON member */
    int nf;
    const char *fields[NV]; /* JSON field names */
    int op[NV];             /* SUM, MIN (0 = none), MAX */
};

static const struct table_kind K_COUNT = { NULL, 1, { "games" }, { SUM } };
static const struct table_kind K_OPENING = {
    "openings", 6, { "games", "white", "draws", "black", "elo_sum", "elo_count" }, { SUM }
};
static const struct table_kind K_PLAYER = {
    "players", 10,
    { "games", "wins", "draws", "losses", "opp_sum", "opp_count", "white", "black", "elo_sum",
      "elo_count" },
    { SUM }
};
static const struct table_kind K_MOVE = {
    "moves", 10,
    { "games", "white", "draws", "black", "rating_sum", "rating_count", "opp_sum", "opp_count",
      "first_year", "last_year" },
    { SUM, SUM, SUM, SUM, SUM, SUM, SUM, SUM, MIN, MAX }
};

enum { PL_GAMES, PL_WINS, PL_DRAWS, PL_LOSSES, PL_OPP_SUM, PL_OPP_N, PL_WHITE, PL_BLACK,
       PL_ELO_SUM, PL_ELO_N };
enum { MV_GAMES, MV_WHITE, MV_DRAWS, MV_BLACK, MV_RSUM, MV_RN, MV_OSUM, MV_ON, MV_Y0, MV_Y1 };

/* A key and its fields; a table holds them, the reports sort them. */
struct entry {
    const char *key;
    int64_t *v; /* NV fields */
};

struct table {
    const struct table_kind *kind;
    struct hash_table h; /* key -> int64_t[NV] */
};

static void table_init(struct table *t, const struct table_kind *k)
{
    t->kind = k;
    hash_table_init(&t->h, NV * sizeof(int64_t));
}

static void table_release(struct table *t) { hash_table_release(&t->h); }

/* The fields of key[0..len), zero when it is new. */
static int64_t *table_get(struct table *t, const char *key, size_t len)
{
    void *v;
    if (hash_table_insert(&t->h, key, len, hash_table_hash(key, len), &v) < 0)
        die(EXIT_IO, "out of memory");
    return v;
}

static void entry_combine(const struct table_kind *k, int64_t *dst, const int64_t *src)
{
    for (int f = 0; f < k->nf; f++) {
        if (k->op[f] == SUM)
            dst[f] += src[f];
        else if (src[f] && (!dst[f] || (k->op[f] == MIN ? src[f] < dst[f] : src[f] > dst[f])))
            dst[f] = src[f];
    }
}

static void table_merge(struct table *dst, const struct table *src)
{
    struct hash_item it;
    for (size_t i = 0; hash_table_next(&src->h, &i, &it);)
        entry_combine(dst->kind, table_get(dst, it.key, it.len), it.value);
}

/* The entries, sorted by field 0 descending, then key. */
static int by_games(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    if (x->v[0] != y->v[0])
        return x->v[0] > y->v[0] ? -1 : 1;
    return strcmp(x->key, y->key);
}

static int by_key(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    return strcmp(x->key, y->key);
}

/* Every entry of t (hash_table_count(&t->h) of them), sorted by cmp; the caller frees the array. */
static struct entry *table_sorted(const struct table *t, int (*cmp)(const void *, const void *))
{
    struct entry *v = xmalloc((hash_table_count(&t->h) + 1) * sizeof *v);
    struct hash_item it;
    size_t n = 0;
    for (size_t i = 0; hash_table_next(&t->h, &i, &it);)
        v[n++] = (struct entry){ it.key, it.value };
    qsort(v, n, sizeof *v, cmp);
    return v;
}

/* ---- The aggregate: exact sums only, so that shards merge exactly ---- */

enum term {
    T_CHECKMATE, T_RESIGNATION, T_TIME, T_STALEMATE, T_REPETITION, T_FIFTY, T_SEVENTYFIVE,
    T_DEAD, T_AGREED, T_UNFINISHED, T_COUNT
};
static const char *const term_names[] = {
    "checkmate", "resignation", "time forfeit", "stalemate", "repetition", "50-move rule",
    "75-move rule", "dead position", "agreed draw", "unfinished",
};
static const char *const result_names[] = { "none", "1-0", "0-1", "1/2-1/2", "*" };

enum { ELO_BUCKETS = 40 }; /* 100-point buckets, 0-99 .. 3900+ */

struct agg {
    int64_t games, valid, invalid, skipped;
    int64_t results[5]; /* by enum pgn_result */
    int64_t elo_sum, elo_n, elo_hist[ELO_BUCKETS];
    int64_t plies_sum;
    int64_t *plies_hist; /* games by main-line length in plies */
    size_t plies_cap;
    int64_t term[T_COUNT];
    struct table years, variants, events;
    struct table openings, players, moves;
};

static void agg_init(struct agg *a)
{
    memset(a, 0, sizeof *a);
    table_init(&a->years, &K_COUNT);
    table_init(&a->variants, &K_COUNT);
    table_init(&a->events, &K_COUNT);
    table_init(&a->openings, &K_OPENING);
    table_init(&a->players, &K_PLAYER);
    table_init(&a->moves, &K_MOVE);
}

static void agg_release(struct agg *a)
{
    free(a->plies_hist);
    table_release(&a->years);
    table_release(&a->variants);
    table_release(&a->events);
    table_release(&a->openings);
    table_release(&a->players);
    table_release(&a->moves);
}

static void agg_plies(struct agg *a, size_t plies, int64_t count)
{
    if (plies >= a->plies_cap) {
        size_t cap = a->plies_cap ? a->plies_cap : 256;
        while (cap <= plies)
            cap *= 2;
        a->plies_hist = xrealloc(a->plies_hist, cap * sizeof *a->plies_hist);
        memset(a->plies_hist + a->plies_cap, 0, (cap - a->plies_cap) * sizeof *a->plies_hist);
        a->plies_cap = cap;
    }
    a->plies_hist[plies] += count;
    a->plies_sum += (int64_t)plies * count;
}

static void agg_merge(struct agg *d, const struct agg *s)
{
    d->games += s->games;
    d->valid += s->valid;
    d->invalid += s->invalid;
    d->skipped += s->skipped;
    for (int i = 0; i < 5; i++)
        d->results[i] += s->results[i];
    d->elo_sum += s->elo_sum;
    d->elo_n += s->elo_n;
    for (int i = 0; i < ELO_BUCKETS; i++)
        d->elo_hist[i] += s->elo_hist[i];
    for (size_t i = 0; i < s->plies_cap; i++)
        if (s->plies_hist[i]) {
            int64_t sum = d->plies_sum;
            agg_plies(d, i, s->plies_hist[i]);
            d->plies_sum = sum;
        }
    d->plies_sum += s->plies_sum;
    for (int i = 0; i < T_COUNT; i++)
        d->term[i] += s->term[i];
    table_merge(&d->years, &s->years);
    table_merge(&d->variants, &s->variants);
    table_merge(&d->events, &s->events);
    table_merge(&d->openings, &s->openings);
    table_merge(&d->players, &s->players);
    table_merge(&d->moves, &s->moves);
}

/* ---- Options shared by the workers (read only while games are counted) ---- */

struct stats {
    int report, format, merge, depth;
    long jobs, top;
    char *moves_text;     /* --tree: the root; else a criterion */
    const char *fen_text;
    struct pos root;      /* --tree: the position */
    uint64_t root_key;
    char root_fen[FEN_MAX];
    struct replay_opts ropts;
    struct query_opts qo;
    struct game_facts facts;
    int filter;           /* criteria or --unique/--duplicates given */
    int io_failed;
    /* progress */
    int progress;
    struct timespec t0, last;
    uint64_t games_read;
    struct driver d;
    struct agg *agg;      /* the reading thread's aggregate */
    struct replay r;      /* one job: the reading thread's replay */
};

/* A rating from a tag value: a positive whole number, else 0. */
static int rating(const struct game *g, const char *tag)
{
    const char *v = game_tag_value(g, tag);
    long r = 0;
    if (!v)
        return 0;
    for (; *v >= '0' && *v <= '9'; v++) {
        r = r * 10 + (*v - '0');
        if (r > 100000)
            return 0;
    }
    return *v ? 0 : (int)r;
}

static int year_of(const struct game *g)
{
    const char *v = game_tag_value(g, "Date");
    int y = 0;
    if (!v)
        v = game_tag_value(g, "UTCDate");
    if (!v)
        return 0;
    for (int i = 0; i < 4; i++) {
        if (v[i] < '0' || v[i] > '9')
            return 0;
        y = y * 10 + (v[i] - '0');
    }
    return y;
}

static void count_key(struct table *t, const char *v)
{
    table_get(t, v, strlen(v))[0]++;
}

static int termination(const struct game *g, const struct replay *r)
{
    int res = g->result;
    switch (r->end) {
    case END_CHECKMATE: return T_CHECKMATE;
    case END_STALEMATE: return T_STALEMATE;
    case END_DEAD: return T_DEAD;
    case END_FIVEFOLD: return T_REPETITION;
    case END_SEVENTYFIVE: return T_SEVENTYFIVE;
    }
    if (res != PGN_RESULT_WHITE && res != PGN_RESULT_BLACK && res != PGN_RESULT_DRAW)
        return T_UNFINISHED;
    const char *t = game_tag_value(g, "Termination");
    if (t && tagvalue_time_forfeit(t))
        return T_TIME;
    if (res != PGN_RESULT_DRAW)
        return T_RESIGNATION;
    if (!r->skipped && r->plies && r->keys) {
        /* A claimable draw: the final position occurred three times, or 50 moves passed. */
        int count = 1;
        for (uint32_t j = 0; j < r->plies; j++)
            count += r->keys[j] == r->keys[r->plies];
        if (count >= 3)
            return T_REPETITION;
        if (r->final.halfmove >= 100)
            return T_FIFTY;
    }
    return T_AGREED;
}

/* Adds one side's game to the player table; score from that side's view. */
static void count_player(struct agg *a, const char *name, int white, int own, int opp, int res)
{
    int64_t *e = table_get(&a->players, name, strlen(name));
    e[PL_GAMES]++;
    e[white ? PL_WHITE : PL_BLACK]++;
    if (res == PGN_RESULT_DRAW)
        e[PL_DRAWS]++;
    else if (res == PGN_RESULT_WHITE)
        e[white ? PL_WINS : PL_LOSSES]++;
    else if (res == PGN_RESULT_BLACK)
        e[white ? PL_LOSSES : PL_WINS]++;
    if (opp) {
        e[PL_OPP_SUM] += opp;
        e[PL_OPP_N]++;
    }
    if (own) {
        e[PL_ELO_SUM] += own;
        e[PL_ELO_N]++;
    }
}

static void count_result(int64_t *v, int res)
{
    v[0]++;
    if (res == PGN_RESULT_WHITE)
        v[1]++;
    else if (res == PGN_RESULT_DRAW)
        v[2]++;
    else if (res == PGN_RESULT_BLACK)
        v[3]++;
}

/* A main-line move of the replay: a null move ("--") is MOVE_NONE. */
static void play(struct pos *p, move16 m)
{
    if (m == MOVE_NONE)
        pos_play_null(p);
    else
        pos_play(p, m);
}

/* The explorer: the first time the main line reaches the root position, the next
 * --depth moves; each prefix of them is a node keyed by its SAN moves. */
static void count_tree(const struct stats *s, struct agg *a, const struct game *g,
                       const struct replay *r, const move16 *mv, int welo, int belo, int year)
{
    uint32_t at = UINT32_MAX;
    for (uint32_t i = 0; i <= r->plies; i++)
        if (r->keys[i] == s->root_key) {
            at = i;
            break;
        }
    if (at == UINT32_MAX)
        return;
    struct pos p = r->start;
    for (uint32_t i = 0; i < at; i++)
        play(&p, mv[i]);
    char path[20 * (MOVE_TEXT_MAX + 1)];
    size_t len = 0;
    int res = g->result;
    for (int k = 0; k <= s->depth; k++) {
        if (k) {
            if (at + k - 1 >= r->plies)
                break;
            char san[MOVE_TEXT_MAX] = "--";
            move16 m = mv[at + k - 1];
            size_t n = m == MOVE_NONE ? 2 : san_write(&p, m, san);
            if (len)
                path[len++] = ' ';
            memcpy(path + len, san, n);
            len += n;
            play(&p, m);
        }
        int64_t *v = table_get(&a->moves, path, len);
        count_result(v, res);
        /* The mover of the node's last move: the side to move before it. */
        int mover_white = k ? p.side != WHITE : p.side == WHITE;
        int own = mover_white ? welo : belo, opp = mover_white ? belo : welo;
        if (own) {
            v[MV_RSUM] += own;
            v[MV_RN]++;
        }
        if (opp) {
            v[MV_OSUM] += opp;
            v[MV_ON]++;
        }
        if (year) {
            if (!v[MV_Y0] || year < v[MV_Y0])
                v[MV_Y0] = year;
            if (year > v[MV_Y1])
                v[MV_Y1] = year;
        }
    }
}

static void count_game(const struct stats *s, struct agg *a, struct replay *r,
                       const struct game *g)
{
    if (g->flags & GAME_EMPTY)
        return;
    if (replay_game(r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    a->games++;
    if (r->errors)
        a->invalid++;
    else if (r->skipped)
        a->skipped++;
    else
        a->valid++;
    int res = g->result >= 0 && g->result <= 4 ? g->result : 0;
    a->results[res]++;
    int welo = rating(g, "WhiteElo"), belo = rating(g, "BlackElo");
    int year = year_of(g);
    /* The main line's positions are known when its start was set up: a move
     * was played or the (empty) line completed; else r->keys and r->start
     * may be left from an earlier game (bad FEN). */
    const move16 *mv = g->nvars && (r->plies || r->complete) ? r->moves + g->vars[0].first : NULL;
    if (s->report == R_SUMMARY) {
        for (int i = 0; i < 2; i++) {
            int e = i ? belo : welo;
            if (e) {
                a->elo_sum += e;
                a->elo_n++;
                a->elo_hist[e / 100 < ELO_BUCKETS ? e / 100 : ELO_BUCKETS - 1]++;
            }
        }
        agg_plies(a, g->nvars ? g->vars[0].count : 0, 1);
        a->term[termination(g, r)]++;
        char y[16];
        if (year) {
            snprintf(y, sizeof y, "%d", year);
            count_key(&a->years, y);
        } else {
            count_key(&a->years, "?");
        }
        const char *v = game_tag_value(g, "Variant");
        count_key(&a->variants, v && *v ? v : "Standard");
        v = game_tag_value(g, "Event");
        count_key(&a->events, v && *v ? v : "?");
    } else if (s->report == R_OPENINGS) {
        const struct eco_entry *e = NULL;
        char key[512];
        if (!r->skipped && mv)
            e = eco_classify(&r->start, mv, r->plies, NULL);
        if (e)
            snprintf(key, sizeof key, "%s\t%s", e->eco, e->name);
        else
            snprintf(key, sizeof key, "?\tunclassified");
        int64_t *v = table_get(&a->openings, key, strlen(key));
        count_result(v, res);
        for (int i = 0; i < 2; i++) {
            int el = i ? belo : welo;
            if (el) {
                v[4] += el;
                v[5]++;
            }
        }
    } else if (s->report == R_PLAYERS) {
        const char *w = game_tag_value(g, "White"), *b = game_tag_value(g, "Black");
        count_player(a, w && *w ? w : "?", 1, welo, belo, res);
        count_player(a, b && *b ? b : "?", 0, belo, welo, res);
    } else if (s->report == R_TREE && !r->skipped && mv) {
        count_tree(s, a, g, r, mv, welo, belo, year);
    }
}

/* ---- Reading: games counted on worker threads, each into its own aggregate ---- */

struct worker {
    const struct stats *s;
    struct replay r;
    struct agg a;
};

static void count_batch(void *ctx, struct batch *b)
{
    struct worker *w = ctx;
    for (size_t i = 0; i < b->n; i++) {
        const struct game *g = pipeline_game(b, i, NULL);
        if (!g)
            break;
        count_game(w->s, &w->a, &w->r, g);
    }
}

static double elapsed(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* "N games, X MB" on a terminal's stderr, after a second, four times a second. */
static void progress(struct stats *s, uint64_t games, uint64_t bytes, int done)
{
    struct timespec now;
    if (!s->progress)
        return;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (done) {
        if (s->progress > 1)
            fprintf(stderr, "\r\033[K");
        return;
    }
    if (elapsed(&s->t0, &now) < 1.0 || elapsed(&s->last, &now) < 0.25)
        return;
    s->last = now;
    s->progress = 2;
    fprintf(stderr, "\r%s: %" PRIu64 " games, %.1f MB\033[K", progname, games,
            (double)(s->d.bytes_done + bytes) / 1e6);
}

/* Every game read: progress, and the selection, which stays on this
 * thread because --unique depends on input order. */
static int admit(void *cmd, struct pgn_reader *reader, struct game *g)
{
    struct stats *s = cmd;
    s->games_read++;
    if ((s->games_read & 255) == 0)
        progress(s, s->games_read, pgn_reader_offset(reader), 0);
    if (!s->filter)
        return 1;
    if (g->flags & GAME_EMPTY)
        return 0;
    game_facts_reset(&s->facts, g, reader);
    return query_opts_select(&s->qo, &s->facts, 0);
}

/* A selected game, counted on this thread. */
static void one_game(void *cmd, struct pgn_reader *reader, struct game *g)
{
    struct stats *s = cmd;
    if ((g->flags & GAME_LAZY) && pgn_reader_complete(reader, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    count_game(s, s->agg, &s->r, g);
}

/* The workers count into their own aggregates: a finished batch only comes back. */
static void batch_done(void *cmd, struct batch *b)
{
    (void)cmd;
    if (b->status != PGN_OK)
        die(EXIT_IO, "out of memory");
}

/* ---- Figures derived at output time ---- */

static double pct(int64_t part, int64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* Score of White in percent: (wins + draws/2) / decided games. */
static double score(int64_t w, int64_t d, int64_t b)
{
    return pct(2 * w + d, 2 * (w + d + b));
}

/*
 * Performance by the 400-rule: the average rating of the opponents plus
 * 400 * (wins - losses) / games, over the games with a result; 0 when no
 * opponent is rated or no game has a result.
 */
static long performance(int64_t opp_sum, int64_t opp_n, int64_t wins, int64_t draws,
                        int64_t losses)
{
    int64_t n = wins + draws + losses;
    if (!opp_n || !n)
        return 0;
    double p = (double)opp_sum / (double)opp_n + 400.0 * (double)(wins - losses) / (double)n;
    return p < 0 ? 0 : (long)(p + 0.5);
}

static long average(int64_t sum, int64_t n)
{
    return n ? (long)((double)sum / (double)n + 0.5) : 0;
}

/* ---- Tables on output ---- */

struct out_table {
    int ncols;
    const char *const *head;
    const char *numeric; /* per column: 'n' right-aligned, else left */
    char **cells;        /* rows * ncols */
    double *bar;         /* per row: 0..1, or < 0 for none */
    size_t rows, cap;
};

static void ot_row(struct out_table *t, double bar, ...)
{
    va_list ap;
    if (t->rows == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 32;
        t->cells = xrealloc(t->cells, t->cap * (size_t)t->ncols * sizeof *t->cells);
        t->bar = xrealloc(t->bar, t->cap * sizeof *t->bar);
    }
    va_start(ap, bar);
    for (int c = 0; c < t->ncols; c++)
        t->cells[t->rows * (size_t)t->ncols + (size_t)c] = xstrdup(va_arg(ap, const char *));
    va_end(ap);
    t->bar[t->rows++] = bar;
}

/* Display width of UTF-8 text: code points (no wide-character tables). */
static size_t width(const char *s)
{
    size_t w = 0;
    for (; *s; s++)
        w += ((unsigned char)*s & 0xC0) != 0x80;
    return w;
}

static void csv_cell(const char *s, int sep)
{
    if (sep == '\t') {
        for (; *s; s++)
            putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
        return;
    }
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

/* Prints t: aligned columns (with a bar chart on a terminal), or CSV/TSV. */
static void ot_print(struct out_table *t, int format, int tty)
{
    if (format == FMT_CSV || format == FMT_TSV) {
        int sep = format == FMT_CSV ? ',' : '\t';
        for (int c = 0; c < t->ncols; c++) {
            if (c)
                putchar(sep);
            csv_cell(t->head[c], sep);
        }
        putchar('\n');
        for (size_t r = 0; r < t->rows; r++) {
            for (int c = 0; c < t->ncols; c++) {
                if (c)
                    putchar(sep);
                csv_cell(t->cells[r * (size_t)t->ncols + (size_t)c], sep);
            }
            putchar('\n');
        }
    } else {
        size_t w[32];
        for (int c = 0; c < t->ncols; c++) {
            w[c] = t->head ? width(t->head[c]) : 0;
            for (size_t r = 0; r < t->rows; r++) {
                size_t x = width(t->cells[r * (size_t)t->ncols + (size_t)c]);
                if (x > w[c])
                    w[c] = x;
            }
        }
        char line[4096];
        for (size_t r = t->head ? 0 : 1; r <= t->rows; r++) {
            size_t len = 0;
            for (int c = 0; c < t->ncols; c++) {
                const char *s = r ? t->cells[(r - 1) * (size_t)t->ncols + (size_t)c] : t->head[c];
                size_t pad = w[c] - width(s), sl = strlen(s);
                if (len + sl + pad + 2 >= sizeof line - 200)
                    break;
                if (c) {
                    memcpy(line + len, "  ", 2);
                    len += 2;
                }
                if (t->numeric[c] == 'n') {
                    memset(line + len, ' ', pad);
                    len += pad;
                }
                memcpy(line + len, s, sl);
                len += sl;
                if (t->numeric[c] != 'n') {
                    memset(line + len, ' ', pad);
                    len += pad;
                }
            }
            if (tty && r && t->bar[r - 1] >= 0) {
                /* Eighths of a cell: U+2588 full block down to U+258F one eighth. */
                static const char *const part[] = { "", "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
                int eighths = (int)(t->bar[r - 1] * 20 * 8 + 0.5);
                len += (size_t)snprintf(line + len, sizeof line - len, "  ");
                for (int i = 0; i < eighths / 8; i++)
                    len += (size_t)snprintf(line + len, sizeof line - len, "█");
                len += (size_t)snprintf(line + len, sizeof line - len, "%s", part[eighths % 8]);
            }
            while (len && line[len - 1] == ' ')
                len--;
            fwrite(line, 1, len, stdout);
            putchar('\n');
        }
    }
    for (size_t i = 0; i < t->rows * (size_t)t->ncols; i++)
        free(t->cells[i]);
    free(t->cells);
    free(t->bar);
    t->cells = NULL;
    t->bar = NULL;
    t->rows = t->cap = 0;
}

static char *fmt(char *buf, size_t cap, const char *f, ...) PRINTF_LIKE(3, 4);
static char *fmt(char *buf, size_t cap, const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, cap, f, ap);
    va_end(ap);
    return buf;
}

#define N(x) fmt(b_##x, sizeof b_##x, "%" PRId64, (int64_t)(x))

/* ---- The summary ---- */

static const char *const summary_head[] = { "section", "key", "games", "%" };

static void sum_row(struct out_table *t, const char *section, const char *key, int64_t n,
                    int64_t whole)
{
    char a[32], b[32];
    ot_row(t, whole ? (double)n / (double)whole : -1.0, section, key,
           fmt(a, sizeof a, "%" PRId64, n), whole ? fmt(b, sizeof b, "%.1f", pct(n, whole)) : "");
}

/* The length of game number k (0-based) in length order. */
static int64_t nth_plies(const struct agg *a, int64_t k)
{
    int64_t seen = 0;
    for (size_t i = 0; i < a->plies_cap; i++) {
        seen += a->plies_hist[i];
        if (seen > k)
            return (int64_t)i;
    }
    return 0;
}

/* The median: the middle length, or the mean of the two middle ones. */
static double median_plies(const struct agg *a, int64_t n)
{
    if (!n)
        return 0;
    return (double)(nth_plies(a, (n - 1) / 2) + nth_plies(a, n / 2)) / 2.0;
}

static void table_rows(struct out_table *t, const char *section, const struct table *tab,
                       int sort_by_key, long top, int64_t whole)
{
    struct entry *v = table_sorted(tab, sort_by_key ? by_key : by_games);
    size_t n = top > 0 && (size_t)top < hash_table_count(&tab->h) ? (size_t)top : hash_table_count(&tab->h);
    for (size_t i = 0; i < n; i++)
        sum_row(t, section, v[i].key, v[i].v[0], whole);
    free(v);
}

static void print_summary(const struct stats *s, const struct agg *a, int tty)
{
    struct out_table t = { 4, summary_head, "ttnn", NULL, NULL, 0, 0 };
    char k[64];
    int text = s->format == FMT_TEXT;
    int64_t g = a->games;
    sum_row(&t, "games", "all", g, 0);
    sum_row(&t, "games", "valid", a->valid, g);
    sum_row(&t, "games", "invalid", a->invalid, g);
    sum_row(&t, "games", "not replayed (variant)", a->skipped, g);
    static const int order[] = { PGN_RESULT_WHITE, PGN_RESULT_DRAW, PGN_RESULT_BLACK,
                                 PGN_RESULT_UNKNOWN, PGN_RESULT_NONE };
    for (int i = 0; i < 5; i++)
        if (i < 3 || a->results[order[i]])
            sum_row(&t, "result", result_names[order[i]], a->results[order[i]], g);
    {
        int64_t w = a->results[PGN_RESULT_WHITE], d = a->results[PGN_RESULT_DRAW],
                b = a->results[PGN_RESULT_BLACK];
        char x[32];
        ot_row(&t, -1.0, "score", "White score %", fmt(x, sizeof x, "%.1f", score(w, d, b)), "");
    }
    {
        char x[32];
        ot_row(&t, -1.0, "elo", "ratings", fmt(x, sizeof x, "%" PRId64, a->elo_n), "");
        ot_row(&t, -1.0, "elo", "average",
               fmt(x, sizeof x, "%.1f", a->elo_n ? (double)a->elo_sum / (double)a->elo_n : 0.0),
               "");
    }
    for (int i = 0; i < ELO_BUCKETS; i++)
        if (a->elo_hist[i])
            sum_row(&t, "elo", fmt(k, sizeof k, i == ELO_BUCKETS - 1 ? "%d+" : "%d-%d", i * 100,
                                   i * 100 + 99),
                    a->elo_hist[i], a->elo_n);
    {
        char x[32];
        ot_row(&t, -1.0, "plies", "mean",
               fmt(x, sizeof x, "%.1f", g ? (double)a->plies_sum / (double)g : 0.0), "");
        ot_row(&t, -1.0, "plies", "median", fmt(x, sizeof x, "%.1f", median_plies(a, g)), "");
    }
    /* The histogram in 20-ply bins as text; each length in CSV/TSV. */
    int bin = text ? 20 : 1;
    for (size_t i = 0; i < a->plies_cap; i += (size_t)bin) {
        int64_t n = 0;
        for (size_t j = i; j < i + (size_t)bin && j < a->plies_cap; j++)
            n += a->plies_hist[j];
        if (n)
            sum_row(&t, "plies", bin > 1 ? fmt(k, sizeof k, "%zu-%zu", i, i + (size_t)bin - 1)
                                         : fmt(k, sizeof k, "%zu", i),
                    n, g);
    }
    for (int i = 0; i < T_COUNT; i++)
        if (a->term[i] || i < T_UNFINISHED)
            sum_row(&t, "termination", term_names[i], a->term[i], g);
    table_rows(&t, "year", &a->years, 1, 0, g);
    table_rows(&t, "variant", &a->variants, 0, 0, g);
    table_rows(&t, "event", &a->events, 0, text ? (s->top ? s->top : 10) : 0, g);
    if (!text) {
        ot_print(&t, s->format, 0);
        return;
    }
    /* Text: one block per section, without the section column. */
    size_t r = 0;
    while (r < t.rows) {
        const char *sec = t.cells[r * 4];
        struct out_table u = { 3, summary_head + 1, "tnn", NULL, NULL, 0, 0 };
        printf("%s%s\n", r ? "\n" : "", sec);
        for (; r < t.rows && !strcmp(t.cells[r * 4], sec); r++) {
            char key[300];
            fmt(key, sizeof key, "  %s", t.cells[r * 4 + 1]);
            ot_row(&u, t.bar[r], key, t.cells[r * 4 + 2], t.cells[r * 4 + 3]);
        }
        u.head = NULL; /* no header line inside a block */
        ot_print(&u, FMT_TEXT, tty);
    }
    for (size_t i = 0; i < t.rows * 4; i++)
        free(t.cells[i]);
    free(t.cells);
    free(t.bar);
}

/* ---- The other reports ---- */

static void print_openings(const struct stats *s, const struct agg *a, int tty)
{
    static const char *const head[] = { "eco", "opening", "games", "share%", "white%", "draw%",
                                        "black%", "avg_elo" };
    struct out_table t = { 8, head, "ttnnnnnn", NULL, NULL, 0, 0 };
    struct entry *v = table_sorted(&a->openings, by_games);
    int64_t total = 0;
    for (size_t i = 0; i < hash_table_count(&a->openings.h); i++)
        total += v[i].v[0];
    size_t n = s->format == FMT_TEXT && s->top > 0 && (size_t)s->top < hash_table_count(&a->openings.h)
                   ? (size_t)s->top : hash_table_count(&a->openings.h);
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = v[i].v;
        char eco[8], c[6][32];
        const char *tab = strchr(v[i].key, '\t');
        size_t el = tab ? (size_t)(tab - v[i].key) : 0;
        fmt(eco, sizeof eco, "%.*s", (int)(el < 7 ? el : 7), v[i].key);
        int64_t res = x[1] + x[2] + x[3];
        ot_row(&t, total ? (double)x[0] / (double)total : 0, eco, tab ? tab + 1 : v[i].key,
               fmt(c[0], 32, "%" PRId64, x[0]), fmt(c[1], 32, "%.1f", pct(x[0], total)),
               fmt(c[2], 32, "%.1f", pct(x[1], res)), fmt(c[3], 32, "%.1f", pct(x[2], res)),
               fmt(c[4], 32, "%.1f", pct(x[3], res)), fmt(c[5], 32, "%ld", average(x[4], x[5])));
    }
    free(v);
    ot_print(&t, s->format, tty);
}

static void print_players(const struct stats *s, const struct agg *a, int tty)
{
    static const char *const head[] = { "player", "games", "wins", "draws", "losses", "score%",
                                        "avg_elo", "avg_opp", "perf", "white", "black" };
    struct out_table t = { 11, head, "tnnnnnnnnnn", NULL, NULL, 0, 0 };
    struct entry *v = table_sorted(&a->players, by_games);
    size_t n = s->format == FMT_TEXT && s->top > 0 && (size_t)s->top < hash_table_count(&a->players.h)
                   ? (size_t)s->top : hash_table_count(&a->players.h);
    int64_t most = n ? v[0].v[0] : 0;
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = v[i].v;
        char c[10][32];
        ot_row(&t, most ? (double)x[0] / (double)most : 0, v[i].key,
               fmt(c[0], 32, "%" PRId64, x[PL_GAMES]), fmt(c[1], 32, "%" PRId64, x[PL_WINS]),
               fmt(c[2], 32, "%" PRId64, x[PL_DRAWS]), fmt(c[3], 32, "%" PRId64, x[PL_LOSSES]),
               fmt(c[4], 32, "%.1f", score(x[PL_WINS], x[PL_DRAWS], x[PL_LOSSES])),
               fmt(c[5], 32, "%ld", average(x[PL_ELO_SUM], x[PL_ELO_N])),
               fmt(c[6], 32, "%ld", average(x[PL_OPP_SUM], x[PL_OPP_N])),
               fmt(c[7], 32, "%ld",
                   performance(x[PL_OPP_SUM], x[PL_OPP_N], x[PL_WINS], x[PL_DRAWS],
                               x[PL_LOSSES])),
               fmt(c[8], 32, "%" PRId64, x[PL_WHITE]), fmt(c[9], 32, "%" PRId64, x[PL_BLACK]));
    }
    free(v);
    ot_print(&t, s->format, tty);
}

static size_t depth_of(const char *key)
{
    size_t d = *key != 0;
    for (; *key; key++)
        d += *key == ' ';
    return d;
}

static int is_child(const char *key, const char *parent, size_t plen)
{
    if (!plen)
        return *key && !strchr(key, ' ');
    return !strncmp(key, parent, plen) && key[plen] == ' ' && !strchr(key + plen + 1, ' ');
}

static void tree_rows(const struct stats *s, struct out_table *t, struct entry *v, size_t n,
                      const struct entry *parent, int white_moves_first)
{
    size_t plen = strlen(parent->key);
    for (size_t i = 0; i < n; i++) {
        if (!is_child(v[i].key, parent->key, plen))
            continue;
        const int64_t *x = v[i].v;
        size_t d = depth_of(v[i].key);
        int mover_white = (d % 2 == 1) == white_moves_first;
        int64_t wins = mover_white ? x[MV_WHITE] : x[MV_BLACK];
        int64_t losses = mover_white ? x[MV_BLACK] : x[MV_WHITE];
        int64_t res = x[MV_WHITE] + x[MV_DRAWS] + x[MV_BLACK];
        char move[300], c[12][32];
        const char *last = plen ? v[i].key + plen + 1 : v[i].key;
        if (s->format == FMT_TEXT)
            fmt(move, sizeof move, "%*s%s", (int)(2 * (d - 1)), "", last);
        else
            fmt(move, sizeof move, "%s", v[i].key);
        ot_row(t, parent->v[0] ? (double)x[0] / (double)parent->v[0] : 0, move,
               fmt(c[0], 32, "%" PRId64, x[MV_GAMES]),
               fmt(c[1], 32, "%.1f", pct(x[MV_GAMES], parent->v[0])),
               fmt(c[2], 32, "%.1f", pct(x[MV_WHITE], res)),
               fmt(c[3], 32, "%.1f", pct(x[MV_DRAWS], res)),
               fmt(c[4], 32, "%.1f", pct(x[MV_BLACK], res)),
               fmt(c[5], 32, "%.1f", score(x[MV_WHITE], x[MV_DRAWS], x[MV_BLACK])),
               fmt(c[6], 32, "%ld", average(x[MV_RSUM], x[MV_RN])),
               fmt(c[7], 32, "%ld", average(x[MV_OSUM], x[MV_ON])),
               fmt(c[8], 32, "%ld", performance(x[MV_OSUM], x[MV_ON], wins, x[MV_DRAWS], losses)),
               x[MV_Y0] ? fmt(c[9], 32, "%" PRId64, x[MV_Y0]) : "",
               x[MV_Y1] ? fmt(c[10], 32, "%" PRId64, x[MV_Y1]) : "");
        tree_rows(s, t, v, n, &v[i], white_moves_first);
    }
}

static void print_tree(const struct stats *s, const struct agg *a, int tty)
{
    static const char *const head[] = { "move", "games", "share%", "white%", "draw%", "black%",
                                        "score%", "avg_rating", "avg_opp", "perf", "first",
                                        "last" };
    struct out_table t = { 12, head, "tnnnnnnnnnnn", NULL, NULL, 0, 0 };
    struct entry *v = table_sorted(&a->moves, by_games);
    struct entry *root = NULL;
    for (size_t i = 0; i < hash_table_count(&a->moves.h); i++)
        if (!v[i].key[0])
            root = &v[i];
    if (s->format == FMT_TEXT) {
        int64_t n = root ? root->v[0] : 0;
        printf("%s\n%" PRId64 " game%s reach%s the position", s->root_fen, n, n == 1 ? "" : "s",
               n == 1 ? "es" : "");
        if (root) {
            const int64_t *x = root->v;
            int64_t res = x[MV_WHITE] + x[MV_DRAWS] + x[MV_BLACK];
            printf(": White %.1f%%, draw %.1f%%, Black %.1f%%", pct(x[MV_WHITE], res),
                   pct(x[MV_DRAWS], res), pct(x[MV_BLACK], res));
        }
        printf("\n\n");
    }
    if (root)
        tree_rows(s, &t, v, hash_table_count(&a->moves.h), root, s->root.side == WHITE);
    free(v);
    ot_print(&t, s->format, tty);
}

/* ---- JSON: the partial aggregate ---- */

static void json_table(FILE *f, const struct table *t)
{
    struct entry *v = table_sorted(t, by_key);
    putc('{', f);
    for (size_t i = 0; i < hash_table_count(&t->h); i++) {
        if (i)
            putc(',', f);
        json_write_string(f, v[i].key, strlen(v[i].key));
        if (t->kind->nf == 1) {
            fprintf(f, ":%" PRId64, v[i].v[0]);
            continue;
        }
        putc(':', f);
        putc('{', f);
        for (int k = 0; k < t->kind->nf; k++)
            fprintf(f, "%s\"%s\":%" PRId64, k ? "," : "", t->kind->fields[k], v[i].v[k]);
        putc('}', f);
    }
    putc('}', f);
    free(v);
}

static void print_json(const struct stats *s, const struct agg *a)
{
    FILE *f = stdout;
    fprintf(f, "{\"pgnkit_stats\":1,\"report\":\"%s\"", report_names[s->report]);
    if (s->report == R_TREE)
        fprintf(f, ",\"fen\":\"%s\",\"depth\":%d", s->root_fen, s->depth);
    fprintf(f, ",\"games\":%" PRId64 ",\"valid\":%" PRId64 ",\"invalid\":%" PRId64
               ",\"skipped\":%" PRId64 ",\"results\":{",
            a->games, a->valid, a->invalid, a->skipped);
    for (int i = 0; i < 5; i++)
        fprintf(f, "%s\"%s\":%" PRId64, i ? "," : "", result_names[i], a->results[i]);
    fprintf(f, "}");
    if (s->report == R_SUMMARY) {
        fprintf(f, ",\"elo\":{\"sum\":%" PRId64 ",\"count\":%" PRId64 ",\"buckets\":{", a->elo_sum,
                a->elo_n);
        int first = 1;
        for (int i = 0; i < ELO_BUCKETS; i++)
            if (a->elo_hist[i]) {
                fprintf(f, "%s\"%d\":%" PRId64, first ? "" : ",", i * 100, a->elo_hist[i]);
                first = 0;
            }
        fprintf(f, "}},\"plies\":{\"sum\":%" PRId64 ",\"histogram\":{", a->plies_sum);
        first = 1;
        for (size_t i = 0; i < a->plies_cap; i++)
            if (a->plies_hist[i]) {
                fprintf(f, "%s\"%zu\":%" PRId64, first ? "" : ",", i, a->plies_hist[i]);
                first = 0;
            }
        fprintf(f, "}},\"terminations\":{");
        for (int i = 0; i < T_COUNT; i++)
            fprintf(f, "%s\"%s\":%" PRId64, i ? "," : "", term_names[i], a->term[i]);
        fprintf(f, "},\"years\":");
        json_table(f, &a->years);
        fprintf(f, ",\"variants\":");
        json_table(f, &a->variants);
        fprintf(f, ",\"events\":");
        json_table(f, &a->events);
    } else {
        const struct table *t = s->report == R_OPENINGS ? &a->openings
                                : s->report == R_PLAYERS ? &a->players : &a->moves;
        fprintf(f, ",\"%s\":", t->kind->name);
        json_table(f, t);
    }
    fprintf(f, "}\n");
}

/* ---- --merge: reading the partial aggregates back ---- */

static int64_t jnum(json_t *o, const char *key, const char *path, int *bad)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v)) {
        if (!*bad)
            error("'%s': member '%s' missing or not a whole number", path, key);
        *bad = 1;
        return 0;
    }
    return json_integer_value(v);
}

static void jtable(struct table *t, json_t *o, const char *path, int *bad)
{
    const char *key;
    json_t *v;
    if (!json_is_object(o)) {
        if (!*bad)
            error("'%s': member '%s' missing or not an object", path,
                  t->kind->name ? t->kind->name : "table");
        *bad = 1;
        return;
    }
    json_object_foreach(o, key, v) {
        int64_t x[NV] = { 0 };
        if (t->kind->nf == 1)
            x[0] = json_is_integer(v) ? json_integer_value(v) : (*bad = 1, 0);
        else
            for (int k = 0; k < t->kind->nf; k++)
                x[k] = jnum(v, t->kind->fields[k], path, bad);
        entry_combine(t->kind, table_get(t, key, strlen(key)), x);
    }
}

/* Adds the aggregate in file path to a; returns 0, or -1 after a message. */
static int merge_file(struct stats *s, struct agg *a, const char *path, int first)
{
    json_error_t je;
    json_t *o = json_load_file(path, 0, &je);
    int bad = 0;
    if (!o) {
        error("%s:%d:%d: %s", path, je.line, je.column, je.text);
        return -1;
    }
    const char *rep = json_string_value(json_object_get(o, "report"));
    int report = -1;
    for (int i = 0; rep && i < 4; i++)
        if (!strcmp(rep, report_names[i]))
            report = i;
    if (!json_is_object(o) || json_integer_value(json_object_get(o, "pgnkit_stats")) != 1 ||
        report < 0) {
        error("'%s' is not a 'pgnkit stats --format json' output", path);
        json_decref(o);
        return -1;
    }
    if (first) {
        s->report = report;
    } else if (report != s->report) {
        error("'%s' holds a %s report, the first file a %s report", path, report_names[report],
              report_names[s->report]);
        json_decref(o);
        return -1;
    }
    if (report == R_TREE) {
        const char *fen = json_string_value(json_object_get(o, "fen"));
        int depth = (int)json_integer_value(json_object_get(o, "depth"));
        if (!fen || pos_from_fen(&s->root, fen) != 0) {
            error("'%s': tree without a valid 'fen'", path);
            json_decref(o);
            return -1;
        }
        if (first) {
            fmt(s->root_fen, sizeof s->root_fen, "%s", fen);
            s->depth = depth;
        } else if (strcmp(fen, s->root_fen) || depth != s->depth) {
            error("'%s': tree of another position or depth than the first file", path);
            json_decref(o);
            return -1;
        }
    }
    a->games += jnum(o, "games", path, &bad);
    a->valid += jnum(o, "valid", path, &bad);
    a->invalid += jnum(o, "invalid", path, &bad);
    a->skipped += jnum(o, "skipped", path, &bad);
    json_t *res = json_object_get(o, "results");
    for (int i = 0; i < 5; i++)
        a->results[i] += jnum(res, result_names[i], path, &bad);
    if (report == R_SUMMARY) {
        json_t *elo = json_object_get(o, "elo"), *pl = json_object_get(o, "plies");
        const char *key;
        json_t *v;
        a->elo_sum += jnum(elo, "sum", path, &bad);
        a->elo_n += jnum(elo, "count", path, &bad);
        json_object_foreach(json_object_get(elo, "buckets"), key, v) {
            long b = strtol(key, NULL, 10) / 100;
            if (b >= 0 && b < ELO_BUCKETS)
                a->elo_hist[b] += json_integer_value(v);
        }
        int64_t sum = a->plies_sum;
        json_object_foreach(json_object_get(pl, "histogram"), key, v) {
            long p = strtol(key, NULL, 10);
            if (p >= 0 && p < 100000000L)
                agg_plies(a, (size_t)p, json_integer_value(v));
        }
        a->plies_sum = sum + jnum(pl, "sum", path, &bad);
        json_t *term = json_object_get(o, "terminations");
        for (int i = 0; i < T_COUNT; i++)
            a->term[i] += jnum(term, term_names[i], path, &bad);
        jtable(&a->years, json_object_get(o, "years"), path, &bad);
        jtable(&a->variants, json_object_get(o, "variants"), path, &bad);
        jtable(&a->events, json_object_get(o, "events"), path, &bad);
    } else {
        struct table *t = report == R_OPENINGS ? &a->openings
                          : report == R_PLAYERS ? &a->players : &a->moves;
        jtable(t, json_object_get(o, t->kind->name), path, &bad);
    }
    json_decref(o);
    return bad ? -1 : 0;
}

/* ---- The tree root: --fen, then --moves played on it ---- */

static int set_root(struct stats *s)
{
    if (s->fen_text) {
        int rc = pos_from_fen(&s->root, s->fen_text);
        if (rc) {
            error("--fen: %s", fen_strerror(rc));
            return -1;
        }
    } else {
        pos_set_start(&s->root);
    }
    const char *t = s->moves_text;
    while (t && *t) {
        while (*t == ' ' || *t == '\t' || *t == '\n')
            t++;
        const char *e = t;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n')
            e++;
        if (e == t)
            break;
        /* Skip move numbers ("1.", "1...", "12") glued or not. */
        const char *m = t;
        while (m < e && *m >= '0' && *m <= '9')
            m++;
        if (m > t)
            while (m < e && *m == '.')
                m++;
        if (m < e && strncmp(m, "*", 1) && strncmp(m, "1-0", 3) && strncmp(m, "0-1", 3) &&
            strncmp(m, "1/2", 3)) {
            move16 mv;
            struct move_error err;
            struct lang_detect d; /* san_read() takes a language, not NOTATION_AUTO */
            lang_detect_init(&d);
            lang_detect_add(&d, m, (size_t)(e - m));
            if (san_read(&s->root, m, (size_t)(e - m), lang_detect_result(&d), &mv, NULL, &err)) {
                error("--moves: '%.*s': %s", (int)(e - m), m, err.msg);
                return -1;
            }
            pos_play(&s->root, mv);
        }
        t = e;
    }
    s->root_key = pos_repetition_key(&s->root);
    pos_to_fen(&s->root, FEN_NO_COUNTERS, s->root_fen);
    return 0;
}

int cmd_stats(int argc, char **argv)
{
    struct stats s;
    int opt;
    memset(&s, 0, sizeof s);
    s.ropts.lang = NOTATION_AUTO;
    s.ropts.flags = REPLAY_NO_WARN;
    s.depth = 1;
    s.jobs = pipeline_cpus();
    query_opts_init(&s.qo);
    optind = 1;
    while ((opt = getopt_long(argc, argv, "ij:h", stats_options, NULL)) != -1) {
        if (opt == QOPT_MOVES) {
            s.moves_text = optarg;
            continue;
        }
        int taken = query_opts_parse(&s.qo, opt, optarg);
        if (taken < 0)
            goto usage;
        if (taken) {
            s.filter = 1;
            continue;
        }
        switch (opt) {
        case OPT_OPENINGS: s.report = R_OPENINGS; break;
        case OPT_TREE: s.report = R_TREE; break;
        case OPT_PLAYERS: s.report = R_PLAYERS; break;
        case OPT_FEN: s.fen_text = optarg; break;
        case OPT_DEPTH: {
            long d;
            if (parse_long(optarg, 1, 20, &d)) {
                error("--depth takes a number from 1 to 20, not '%s'", optarg);
                goto usage;
            }
            s.depth = (int)d;
            break;
        }
        case OPT_FORMAT:
            if (!strcmp(optarg, "text"))
                s.format = FMT_TEXT;
            else if (!strcmp(optarg, "csv"))
                s.format = FMT_CSV;
            else if (!strcmp(optarg, "tsv"))
                s.format = FMT_TSV;
            else if (!strcmp(optarg, "json"))
                s.format = FMT_JSON;
            else {
                error("unknown format '%s' (text, csv, tsv or json)", optarg);
                goto usage;
            }
            break;
        case OPT_MERGE: s.merge = 1; break;
        case OPT_TOP:
            if (parse_long(optarg, 1, 1000000000L, &s.top)) {
                error("--top takes a positive number, not '%s'", optarg);
                goto usage;
            }
            break;
        case 'j':
            if (parse_jobs(optarg, &s.jobs))
                goto usage;
            break;
        case 'h':
            print_usage(stdout, stats_usage);
            query_opts_release(&s.qo);
            return EXIT_OK;
        default:
            query_opts_release(&s.qo);
            return usage_error(stats_usage);
        }
    }
    if (s.fen_text && s.report != R_TREE) {
        error("--fen goes with --tree");
        goto usage;
    }
    if (s.moves_text && s.report != R_TREE) {
        query_opts_parse(&s.qo, QOPT_MOVES, s.moves_text);
        s.filter = 1;
    }
    if (s.qo.dedupe)
        s.filter = 1;
    if (s.merge && s.filter) {
        error("--merge combines finished aggregates: criteria go with the runs that made them");
        goto usage;
    }
    if (query_opts_build(&s.qo))
        goto usage;
    if (s.merge && optind == argc) {
        error("--merge needs the JSON files to combine");
        goto usage;
    }
    if (!s.merge && s.report == R_TREE && set_root(&s))
        goto usage;
    if (!s.merge && s.report == R_OPENINGS && eco_init() != PGN_OK)
        die(EXIT_IO, "out of memory building the opening table");

    driver_init(&s.d, &s);
    /* Games the tags alone turn down need not be parsed past their tags;
     * with workers, they parse the movetext. Without a selection here, this
     * thread only splits the input. */
    s.d.reader_flags = s.filter ? query_opts_reader_flags(&s.qo) : 0;
    s.d.worker_reader_flags = PGN_READER_LAZY | (s.filter ? 0 : PGN_READER_SPLIT);
    s.d.admit = admit;
    s.d.game = one_game;
    s.d.batch = batch_done;
    game_facts_init(&s.facts, s.qo.sq.lang);
    struct agg a;
    agg_init(&a);
    if (s.merge) {
        for (int i = optind; i < argc; i++)
            if (merge_file(&s, &a, argv[i], i == optind))
                s.io_failed = 1;
        if (s.io_failed) {
            agg_release(&a);
            game_facts_release(&s.facts);
            query_opts_release(&s.qo);
            return EXIT_IO;
        }
    } else {
        s.progress = isatty(2);
        clock_gettime(CLOCK_MONOTONIC, &s.t0);
        s.last = s.t0;
        s.agg = &a;
        replay_init(&s.r, &s.ropts);
        struct worker *workers = NULL;
        if (s.jobs > 1) {
            workers = xcalloc((size_t)s.jobs, sizeof *workers);
            for (long i = 0; i < s.jobs; i++) {
                workers[i].s = &s;
                replay_init(&workers[i].r, &s.ropts);
                agg_init(&workers[i].a);
            }
            driver_start_workers(&s.d, s.jobs, PIPELINE_CALLER_WORKS, count_batch, workers,
                                 sizeof *workers);
        }
        driver_run(&s.d, argc - optind, argv + optind);
        driver_release(&s.d);
        s.io_failed |= s.d.io_failed;
        for (long i = 0; workers && i < s.jobs; i++) {
            agg_merge(&a, &workers[i].a);
            agg_release(&workers[i].a);
            replay_release(&workers[i].r);
        }
        free(workers);
        replay_release(&s.r);
        progress(&s, 0, 0, 1);
    }
    int tty = s.format == FMT_TEXT && isatty(1);
    switch (s.format == FMT_JSON ? -1 : s.report) {
    case -1: print_json(&s, &a); break;
    case R_SUMMARY: print_summary(&s, &a, tty); break;
    case R_OPENINGS: print_openings(&s, &a, tty); break;
    case R_PLAYERS: print_players(&s, &a, tty); break;
    case R_TREE: print_tree(&s, &a, tty); break;
    }
    agg_release(&a);
    game_facts_release(&s.facts);
    query_opts_release(&s.qo);
    fflush(stdout);
    check_output();
    return s.io_failed ? EXIT_IO : EXIT_OK;
usage:
    query_opts_release(&s.qo);
    return EXIT_USAGE;
}
