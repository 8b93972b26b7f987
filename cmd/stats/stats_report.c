/* stats_report.c - the text, CSV and TSV reports of `pgnkit stats`: summary, openings, players, explorer tree. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats/stats_agg.h"
#include "stats/stats_clock.h"
#include "stats/stats_report.h"
#include "stats/stats_table.h"
#include "picture/wdl_bar.h"
#include "notation/san_line.h"
#include "cli/common.h"
#include "base/banned.h"

struct stats_entry *stats_sorted(const struct stats_table *t,
                                 int (*cmp)(const void *, const void *))
{
    struct stats_entry *v = stats_table_sorted(t, cmp);
    if (!v)
        die(EXIT_IO, "out of memory");
    return v;
}

/* ---- Figures derived at output time ---- */

static double pct(int64_t part, int64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* Score in percent of the side that won w: (wins + draws/2) / decided games. */
static double score(int64_t w, int64_t d, int64_t b)
{
    return pct(2 * w + d, 2 * (w + d + b));
}

/*
 * A figure that needs ratings, or games with a result, is not 0 when there
 * are none: it is unknown. Text shows "-", CSV/TSV an empty cell, so no
 * reader takes a missing figure for a rating of 0.
 */
static const char *unknown_cell(int format)
{
    return format == FMT_TEXT ? "-" : "";
}

int stats_performance(int64_t opp_sum, int64_t opp_n, int64_t wins, int64_t draws,
                      int64_t losses, long *perf)
{
    int64_t n = wins + draws + losses;
    if (!opp_n || !n)
        return -1;
    double p = (double)opp_sum / (double)opp_n + 400.0 * (double)(wins - losses) / (double)n;
    *perf = p < 0 ? 0L : (long)(p + 0.5);
    return 0;
}

int stats_average(int64_t sum, int64_t n, long *avg)
{
    if (!n)
        return -1;
    *avg = (long)((double)sum / (double)n + 0.5);
    return 0;
}

/* stats_performance() written to cell, or the unknown cell. */
static const char *performance(char *cell, int format, int64_t opp_sum, int64_t opp_n,
                               int64_t wins, int64_t draws, int64_t losses)
{
    long p;
    if (stats_performance(opp_sum, opp_n, wins, draws, losses, &p))
        return unknown_cell(format);
    return ot_fmt(cell, 32, "%ld", p);
}

/* stats_average() written to cell, or the unknown cell. */
static const char *average(char *cell, int format, int64_t sum, int64_t n)
{
    long avg;
    return stats_average(sum, n, &avg) ? unknown_cell(format) : ot_fmt(cell, 32, "%ld", avg);
}

const char *stats_tree_moves(const struct stats_show *o, const char *key, char *out, size_t cap)
{
    const struct write_style st = { MOVE_FMT_SAN, o->lang, 0 };
    /* A line that does not read (it always does: the tree wrote it) stays English. */
    (void)san_line_restyle(&o->o.root, key, &st, out, cap);
    return out;
}


/* ---- The summary ---- */

static const char *const summary_head[] = { "section", "key", "games", "%" };

static void sum_row(struct out_table *t, const char *section, const char *key, int64_t n,
                    int64_t whole)
{
    char a[32], b[32];
    ot_row(t, whole ? (double)n / (double)whole : -1.0, section, key,
           ot_fmt(a, sizeof a, "%" PRId64, n),
           whole ? ot_fmt(b, sizeof b, "%.1f", pct(n, whole)) : "");
}

/* The length of game number k (0-based) in length order. */
static int64_t nth_plies(const struct stats_agg *a, int64_t k)
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
static double median_plies(const struct stats_agg *a, int64_t n)
{
    if (!n)
        return 0;
    return (double)(nth_plies(a, (n - 1) / 2) + nth_plies(a, n / 2)) / 2.0;
}

static void table_rows(struct out_table *t, const char *section, const struct stats_table *tab,
                       int sort_by_key, long top, int64_t whole)
{
    struct stats_entry *v = stats_sorted(tab, sort_by_key ? stats_by_key : stats_by_games);
    size_t n = top > 0 && (size_t)top < hash_table_count(&tab->h) ? (size_t)top
                                                                  : hash_table_count(&tab->h);
    for (size_t i = 0; i < n; i++)
        sum_row(t, section, v[i].key, v[i].v[0], whole);
    free(v);
}

static void print_summary(const struct stats_show *s, const struct stats_agg *a, int tty)
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
            sum_row(&t, "result", stats_result_names[order[i]], a->results[order[i]], g);
    {
        int64_t w = a->results[PGN_RESULT_WHITE], d = a->results[PGN_RESULT_DRAW],
                b = a->results[PGN_RESULT_BLACK];
        char x[32];
        ot_row(&t, -1.0, "score", "White score %", ot_fmt(x, sizeof x, "%.1f", score(w, d, b)), "");
    }
    {
        char x[32];
        ot_row(&t, -1.0, "elo", "ratings", ot_fmt(x, sizeof x, "%" PRId64, a->elo_n), "");
        ot_row(&t, -1.0, "elo", "average",
               a->elo_n ? ot_fmt(x, sizeof x, "%.1f", (double)a->elo_sum / (double)a->elo_n)
                        : unknown_cell(s->format),
               "");
    }
    for (int i = 0; i < ELO_BUCKETS; i++)
        if (a->elo_hist[i])
            sum_row(&t, "elo", ot_fmt(k, sizeof k, i == ELO_BUCKETS - 1 ? "%d+" : "%d-%d", i * 100,
                                   i * 100 + 99),
                    a->elo_hist[i], a->elo_n);
    {
        char x[32];
        ot_row(&t, -1.0, "plies", "mean",
               ot_fmt(x, sizeof x, "%.1f", g ? (double)a->plies_sum / (double)g : 0.0), "");
        ot_row(&t, -1.0, "plies", "median", ot_fmt(x, sizeof x, "%.1f", median_plies(a, g)), "");
    }
    /* The histogram in 20-ply bins as text; each length in CSV/TSV. */
    int bin = text ? 20 : 1;
    for (size_t i = 0; i < a->plies_cap; i += (size_t)bin) {
        int64_t n = 0;
        for (size_t j = i; j < i + (size_t)bin && j < a->plies_cap; j++)
            n += a->plies_hist[j];
        if (n)
            sum_row(&t, "plies", bin > 1 ? ot_fmt(k, sizeof k, "%zu-%zu", i, i + (size_t)bin - 1)
                                         : ot_fmt(k, sizeof k, "%zu", i),
                    n, g);
    }
    for (int i = 0; i < T_COUNT; i++)
        if (a->term[i] || i < T_UNFINISHED)
            sum_row(&t, "termination", stats_term_names[i], a->term[i], g);
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
            ot_fmt(key, sizeof key, "  %s", t.cells[r * 4 + 1]);
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

static void print_openings(const struct stats_show *s, const struct stats_agg *a, int tty)
{
    static const char *const head[] = { "eco", "opening", "games", "share%", "white%", "draw%",
                                        "black%", "avg_elo" };
    struct out_table t = { 8, head, "ttnnnnnn", NULL, NULL, 0, 0 };
    struct stats_entry *v = stats_sorted(&a->openings, stats_by_games);
    int64_t total = 0;
    for (size_t i = 0; i < hash_table_count(&a->openings.h); i++)
        total += v[i].v[0];
    size_t n =
        s->format == FMT_TEXT && s->top > 0 && (size_t)s->top < hash_table_count(&a->openings.h)
            ? (size_t)s->top
            : hash_table_count(&a->openings.h);
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = v[i].v;
        char eco[8], c[6][32];
        const char *tab = strchr(v[i].key, '\t');
        size_t el = tab ? (size_t)(tab - v[i].key) : 0;
        ot_fmt(eco, sizeof eco, "%.*s", (int)(el < 7 ? el : 7), v[i].key);
        int64_t res = x[1] + x[2] + x[3];
        ot_row(&t, total ? (double)x[0] / (double)total : 0, eco, tab ? tab + 1 : v[i].key,
               ot_fmt(c[0], 32, "%" PRId64, x[0]), ot_fmt(c[1], 32, "%.1f", pct(x[0], total)),
               ot_fmt(c[2], 32, "%.1f", pct(x[1], res)), ot_fmt(c[3], 32, "%.1f", pct(x[2], res)),
               ot_fmt(c[4], 32, "%.1f", pct(x[3], res)),
               average(c[5], s->format, x[4], x[5]));
    }
    free(v);
    ot_print(&t, s->format, tty);
}

/*
 * The players' table; the columns of accuracy and time trouble only when
 * some player has games with evaluations or clocks (none has otherwise).
 */
static void print_players(const struct stats_show *s, const struct stats_agg *a, int tty)
{
    static const char *const head[] = { "player", "games", "wins", "draws", "losses", "score%",
                                        "avg_elo", "avg_opp", "perf", "white", "black",
                                        "accuracy", "trouble", "trouble%" };
    struct out_table t = { 11, head, "tnnnnnnnnnnnnn", NULL, NULL, 0, 0 };
    struct stats_entry *v = stats_sorted(&a->players, stats_by_games);
    size_t all = hash_table_count(&a->players.h);
    for (size_t i = 0; i < all; i++)
        if (v[i].v[PL_ACC_N] || v[i].v[PL_CLOCKED])
            t.ncols = 14;
    size_t n = s->format == FMT_TEXT && s->top > 0 && (size_t)s->top < all ? (size_t)s->top : all;
    int64_t most = n ? v[0].v[0] : 0;
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = v[i].v;
        char c[13][32];
        const char *unknown = unknown_cell(s->format);
        ot_row(
            &t, most ? (double)x[0] / (double)most : 0, v[i].key,
            ot_fmt(c[0], 32, "%" PRId64, x[PL_GAMES]), ot_fmt(c[1], 32, "%" PRId64, x[PL_WINS]),
            ot_fmt(c[2], 32, "%" PRId64, x[PL_DRAWS]), ot_fmt(c[3], 32, "%" PRId64, x[PL_LOSSES]),
            ot_fmt(c[4], 32, "%.1f", score(x[PL_WINS], x[PL_DRAWS], x[PL_LOSSES])),
            average(c[5], s->format, x[PL_ELO_SUM], x[PL_ELO_N]),
            average(c[6], s->format, x[PL_OPP_SUM], x[PL_OPP_N]),
            performance(c[7], s->format, x[PL_OPP_SUM], x[PL_OPP_N], x[PL_WINS], x[PL_DRAWS],
                        x[PL_LOSSES]),
            ot_fmt(c[8], 32, "%" PRId64, x[PL_WHITE]), ot_fmt(c[9], 32, "%" PRId64, x[PL_BLACK]),
            /* accuracies are summed in hundredths */
            x[PL_ACC_N] ? ot_fmt(c[10], 32, "%.1f", (double)x[PL_ACC_SUM] / 100.0 /
                                                        (double)x[PL_ACC_N])
                        : unknown,
            x[PL_CLOCKED] ? ot_fmt(c[11], 32, "%" PRId64, x[PL_TROUBLE]) : unknown,
            x[PL_CLOCKED] ? ot_fmt(c[12], 32, "%.1f", pct(x[PL_TROUBLE], x[PL_CLOCKED]))
                          : unknown);
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

static void walk_children(struct stats_entry *v, size_t n, const struct stats_entry *parent,
                          stats_tree_fn *fn, void *ctx)
{
    size_t plen = strlen(parent->key);
    for (size_t i = 0; i < n; i++) {
        if (is_child(v[i].key, parent->key, plen)) {
            fn(ctx, &v[i], parent, depth_of(v[i].key));
            walk_children(v, n, &v[i], fn, ctx);
        }
    }
}

int stats_tree_walk(const struct stats_agg *a, stats_tree_fn *fn, void *ctx,
                    struct stats_entry *root)
{
    struct stats_entry *v = stats_sorted(&a->moves, stats_by_games);
    size_t n = hash_table_count(&a->moves.h);
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) {
        if (!v[i].key[0]) {
            *root = v[i]; /* its fields belong to the table, not to v */
            walk_children(v, n, &v[i], fn, ctx);
            found = 1;
        }
    }
    free(v);
    return found;
}

/* The buckets of --by that some game is in (their root rows), side by side after the tree's columns. */
struct tree_buckets {
    const char *name[TREE_RATING_BUCKETS > TREE_SPEED_BUCKETS ? TREE_RATING_BUCKETS
                                                              : TREE_SPEED_BUCKETS];
    int n;
    int per;  /* columns per bucket: 1 in text ("games w/d/b%"), else 4 */
};

static void tree_rows(const struct stats_show *s, const struct stats_agg *a,
                      const struct tree_buckets *tb, struct out_table *t, struct stats_entry *v,
                      size_t n, const struct stats_entry *parent, int white_moves_first)
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
        char move[STATS_TREE_MOVES_MAX], path[STATS_TREE_MOVES_MAX], c[OT_COLS_MAX][32];
        char bar[WDL_BAR_MAX];
        const char *cells[OT_COLS_MAX];
        stats_tree_moves(s, v[i].key, path, sizeof path);
        const char *last = strrchr(path, ' ');
        last = last ? last + 1 : path;
        wdl_bar_text(bar, sizeof bar, x[MV_WHITE], x[MV_DRAWS], x[MV_BLACK], 20, s->bar_color,
                     s->bar_utf8);
        if (s->format == FMT_TEXT)
            ot_fmt(move, sizeof move, "%*s%s", (int)(2 * (d - 1)), "", last);
        else
            ot_fmt(move, sizeof move, "%s", path);
        cells[0] = move;
        cells[1] = ot_fmt(c[1], 32, "%" PRId64, x[MV_GAMES]);
        cells[2] = ot_fmt(c[2], 32, "%.1f", pct(x[MV_GAMES], parent->v[0]));
        cells[3] = ot_fmt(c[3], 32, "%.1f", pct(x[MV_WHITE], res));
        cells[4] = ot_fmt(c[4], 32, "%.1f", pct(x[MV_DRAWS], res));
        cells[5] = ot_fmt(c[5], 32, "%.1f", pct(x[MV_BLACK], res));
        cells[6] = ot_fmt(c[6], 32, "%.1f", score(wins, x[MV_DRAWS], losses));
        cells[7] = average(c[7], s->format, x[MV_RSUM], x[MV_RN]);
        cells[8] = average(c[8], s->format, x[MV_OSUM], x[MV_ON]);
        cells[9] = performance(c[9], s->format, x[MV_OSUM], x[MV_ON], wins, x[MV_DRAWS], losses);
        cells[10] = x[MV_Y0] ? ot_fmt(c[10], 32, "%" PRId64, x[MV_Y0]) : "";
        cells[11] = x[MV_Y1] ? ot_fmt(c[11], 32, "%" PRId64, x[MV_Y1]) : "";
        int k = 12;
        /* Each bucket's games and W/D/B of this row, "" where none of its games played it. */
        for (int b = 0; b < tb->n; b++) {
            const int64_t *y = stats_tree_bucket_row(a, tb->name[b], v[i].key);
            int64_t g = y ? y[MB_GAMES] : 0, r = y ? y[MB_WHITE] + y[MB_DRAWS] + y[MB_BLACK] : 0;
            if (tb->per == 1) {
                cells[k] = !g ? ""
                           : r ? ot_fmt(c[k], 32, "%" PRId64 " %.0f/%.0f/%.0f", g,
                                        pct(y[MB_WHITE], r), pct(y[MB_DRAWS], r),
                                        pct(y[MB_BLACK], r))
                               : ot_fmt(c[k], 32, "%" PRId64, g);
                k++;
                continue;
            }
            cells[k] = ot_fmt(c[k], 32, "%" PRId64, g);
            k++;
            for (int f = MB_WHITE; f <= MB_BLACK; f++, k++)
                cells[k] = r ? ot_fmt(c[k], 32, "%.1f", pct(y[f], r)) : "";
        }
        if (s->format == FMT_TEXT)
            cells[k++] = bar; /* text only */
        assert(k == t->ncols);
        ot_row_cells(t, parent->v[0] ? (double)x[0] / (double)parent->v[0] : 0, cells);
        tree_rows(s, a, tb, t, v, n, &v[i], white_moves_first);
    }
}

/* The buckets of --by with games, and their column names (into names, 32 bytes each) after head. */
static void tree_bucket_columns(const struct stats_show *s, const struct stats_agg *a,
                                struct tree_buckets *tb, const char **head, char (*names)[32],
                                int *ncols)
{
    int all;
    tb->n = 0;
    tb->per = s->format == FMT_TEXT ? 1 : 4;
    if (!s->o.by)
        return;
    const char *const *bucket = tree_bucket_names(s->o.by, &all);
    static const char *const field[4] = { "games", "white%", "draw%", "black%" };
    for (int b = 0; b < all; b++) {
        if (!stats_tree_bucket_row(a, bucket[b], ""))
            continue;
        tb->name[tb->n++] = bucket[b];
        for (int f = 0; f < tb->per; f++) {
            if (tb->per == 1)
                ot_fmt(names[*ncols], 32, "%s", bucket[b]);
            else
                ot_fmt(names[*ncols], 32, "%s_%s", bucket[b], field[f]);
            head[*ncols] = names[*ncols];
            (*ncols)++;
        }
    }
}

static void print_tree(const struct stats_show *s, const struct stats_agg *a, int tty)
{
    static const char *const fixed[] = { "move", "games", "share%", "white%", "draw%", "black%",
                                         "mover_score%", "mover_elo", "mover_opp",
                                         "mover_perf", "first", "last" };
    /* The fixed columns, the buckets' (--by), then the W/D/B bar (text only). */
    const char *head[OT_COLS_MAX];
    char names[OT_COLS_MAX][32], numeric[OT_COLS_MAX + 1];
    int ncols = 12;
    memcpy(head, fixed, sizeof fixed);
    struct tree_buckets tb;
    tree_bucket_columns(s, a, &tb, head, names, &ncols);
    if (s->format == FMT_TEXT)
        head[ncols++] = "white/draw/black";
    for (int k = 0; k < ncols; k++)
        numeric[k] = k == 0 || (s->format == FMT_TEXT && k == ncols - 1) ? 't' : 'n';
    numeric[ncols] = '\0';
    struct out_table t = { ncols, head, numeric, NULL, NULL, 0, 0 };
    struct stats_entry *v = stats_sorted(&a->moves, stats_by_games);
    struct stats_entry *root = NULL;
    for (size_t i = 0; i < hash_table_count(&a->moves.h); i++)
        if (!v[i].key[0])
            root = &v[i];
    if (s->format == FMT_TEXT) {
        int64_t n = root ? root->v[0] : 0;
        printf("%s\n%" PRId64 " game%s reach%s the position", s->o.root_fen, n, n == 1 ? "" : "s",
               n == 1 ? "es" : "");
        if (root) {
            const int64_t *x = root->v;
            int64_t res = x[MV_WHITE] + x[MV_DRAWS] + x[MV_BLACK];
            printf(": White %.1f%%, draw %.1f%%, Black %.1f%%", pct(x[MV_WHITE], res),
                   pct(x[MV_DRAWS], res), pct(x[MV_BLACK], res));
        }
        printf("\n");
        if (tb.n) {
            printf("games by %s:", s->o.by == TREE_BY_RATING ? "rating (the players' mean)"
                                                              : "speed");
            for (int b = 0; b < tb.n; b++) {
                const int64_t *y = stats_tree_bucket_row(a, tb.name[b], "");
                printf("%s %s %" PRId64, b ? "," : "", tb.name[b], y[MB_GAMES]);
            }
            printf("; each column: games white/draw/black%%\n");
        }
        printf("\n");
    }
    if (root)
        tree_rows(s, a, &tb, &t, v, hash_table_count(&a->moves.h), root, s->o.root.side == WHITE);
    free(v);
    ot_print(&t, s->format, tty);
}

/* ---- The clock report ---- */

/* Move numbers in numeric order (the table's keys are decimal). */
static int by_move_number(const void *a, const void *b)
{
    const struct stats_entry *x = a, *y = b;
    size_t nx = strlen(x->key), ny = strlen(y->key);
    return nx != ny ? (nx < ny ? -1 : 1) : strcmp(x->key, y->key);
}

/* The average of ms milliseconds over n moves, in seconds with one decimal; unknown when n is 0. */
static const char *average_seconds(char *cell, int format, int64_t ms, int64_t n)
{
    return n ? ot_fmt(cell, 32, "%.1f", (double)ms / 1000.0 / (double)n) : unknown_cell(format);
}

/*
 * One table, two sections: "band" rows (all moves with a clock, then those
 * made with under 60, 30, 10 s left: moves, their share, the side-games
 * with such a move and that side's results and score) and "move" rows
 * (the average seconds each side spent on that move number). A cell that
 * does not belong to the row's section is empty.
 */
static void print_clock(const struct stats_show *s, const struct stats_agg *a, int tty)
{
    static const char *const head[] = { "section", "key", "moves", "share%", "games", "wins",
                                        "draws", "losses", "score%", "white_avg_s",
                                        "white_moves", "black_avg_s", "black_moves" };
    static const int bands[STATS_CLOCK_NBANDS] = STATS_CLOCK_BANDS;
    struct out_table t = { 13, head, "ttnnnnnnnnnnn", NULL, NULL, 0, 0 };
    const int64_t *all = NULL;
    struct stats_entry *v = stats_sorted(&a->clock_bands, stats_by_key);
    size_t nb = hash_table_count(&a->clock_bands.h);
    for (size_t i = 0; i < nb; i++)
        if (!strcmp(v[i].key, "all"))
            all = v[i].v;
    for (int b = -1; all && b < STATS_CLOCK_NBANDS; b++) {
        char key[16] = "all", name[16] = "all", c[8][32];
        if (b >= 0) {
            snprintf(key, sizeof key, "%d", bands[b]);
            snprintf(name, sizeof name, "<%ds", bands[b]);
        }
        static const int64_t none[5];
        const int64_t *x = none;
        for (size_t i = 0; i < nb; i++)
            if (!strcmp(v[i].key, key))
                x = v[i].v;
        int64_t decided = x[CB_WINS] + x[CB_DRAWS] + x[CB_LOSSES];
        ot_row(&t, all[CB_MOVES] ? (double)x[CB_MOVES] / (double)all[CB_MOVES] : 0, "band", name,
               ot_fmt(c[0], 32, "%" PRId64, x[CB_MOVES]),
               ot_fmt(c[1], 32, "%.1f", pct(x[CB_MOVES], all[CB_MOVES])),
               ot_fmt(c[2], 32, "%" PRId64, x[CB_GAMES]),
               ot_fmt(c[3], 32, "%" PRId64, x[CB_WINS]),
               ot_fmt(c[4], 32, "%" PRId64, x[CB_DRAWS]),
               ot_fmt(c[5], 32, "%" PRId64, x[CB_LOSSES]),
               decided ? ot_fmt(c[6], 32, "%.1f", score(x[CB_WINS], x[CB_DRAWS], x[CB_LOSSES]))
                       : unknown_cell(s->format),
               "", "", "", "");
    }
    free(v);
    v = stats_sorted(&a->clock_moves, by_move_number);
    for (size_t i = 0; i < hash_table_count(&a->clock_moves.h); i++) {
        const int64_t *x = v[i].v;
        char c[5][32];
        ot_row(&t, -1.0, "move", v[i].key,
               ot_fmt(c[0], 32, "%" PRId64, x[CM_WHITE_N] + x[CM_BLACK_N]), "", "", "", "", "",
               "", average_seconds(c[1], s->format, x[CM_WHITE_MS], x[CM_WHITE_N]),
               ot_fmt(c[2], 32, "%" PRId64, x[CM_WHITE_N]),
               average_seconds(c[3], s->format, x[CM_BLACK_MS], x[CM_BLACK_N]),
               ot_fmt(c[4], 32, "%" PRId64, x[CM_BLACK_N]));
    }
    free(v);
    ot_print(&t, s->format, tty);
}

void stats_print_report(const struct stats_show *o, const struct stats_agg *a, int tty)
{
    switch (o->o.report) {
    case R_SUMMARY: print_summary(o, a, tty); break;
    case R_OPENINGS: print_openings(o, a, tty); break;
    case R_PLAYERS: print_players(o, a, tty); break;
    case R_TREE: print_tree(o, a, tty); break;
    case R_CLOCK: print_clock(o, a, tty); break;
    }
}
