/* stats_html.c - `pgnkit stats --format html`: each report as one self-contained HTML page with charts. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "stats/stats_agg.h"
#include "stats/stats_report.h"
#include "picture/board_svg.h"
#include "picture/chart_svg.h"
#include "picture/svg_text.h"
#include "base/banned.h"

/*
 * The page needs nothing outside itself: the style is inline, the charts
 * and the board are inline SVG, there is no script. Bars are <div>s whose
 * segments' widths are the percentages (style="width:66.7%"), with the
 * figures in their data attributes and in an aria-label, so that a reader,
 * a screen reader and a test all find the same numbers.
 */
static const char css[] =
    "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:64em;padding:.8em;"
    "color:#111;background:#fff}\n"
    "h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.5em}\n"
    "table{border-collapse:collapse;width:100%}\n"
    "th,td{padding:.2em .4em;text-align:right;border-bottom:1px solid #ddd;white-space:nowrap}\n"
    ".t{text-align:left}td.t{white-space:normal}th{white-space:normal;vertical-align:bottom}\n"
    ".bar{display:flex;height:1.1em;min-width:7em;border:1px solid #555;background:#eee}\n"
    ".bar span{display:block;height:100%}\n"
    ".w{background:#fff}.d{background:#999}.b{background:#222}.s{background:#4a7bb7}\n"
    "svg.board{width:100%;max-width:22em;height:auto;display:block}\n"
    "svg.chart{width:100%;height:auto;display:block}\n"
    ".charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(18em,1fr));gap:1em}\n"
    "@media (max-width:40em){.wide{display:none}body{padding:.3em}}\n"
    "a{color:inherit}h2 a.up{font-size:.8em;font-weight:normal}\n"
    /* On paper every column stays (no .wide is hidden) and fits the page:
     * labels wrap instead of running off the edge, links are plain text. */
    "@media print{body{max-width:none;padding:0;font-size:9pt}tr,.charts>*{break-inside:avoid}"
    "th,td{white-space:normal;padding:.1em .25em}.wide{display:table-cell}"
    ".bar{min-width:4em}a{text-decoration:none}a.up{display:none}"
    ".bar,.bar span{-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n";

static double pct(int64_t part, int64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void page_begin(struct svg *s, const char *title)
{
    svg_puts(s, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    svg_escape(s, title, strlen(title));
    svg_puts(s, "</title>\n<style>\n");
    svg_puts(s, css);
    svg_puts(s, "</style>\n</head>\n<body>\n<h1>");
    svg_escape(s, title, strlen(title));
    svg_puts(s, "</h1>\n");
}

/* The white/draw/black bar of results w, d, b (the segments' widths are their percentages). */
static void wdl_bar(struct svg *s, int64_t w, int64_t d, int64_t b)
{
    int64_t n = w + d + b;
    svg_printf(s, "<div class=\"bar wdl\" role=\"img\" aria-label=\"White %.1f%%, draw %.1f%%, "
                  "Black %.1f%%\">",
               pct(w, n), pct(d, n), pct(b, n));
    svg_printf(s, "<span class=\"w\" style=\"width:%.1f%%\" data-pct=\"%.1f\"></span>", pct(w, n),
               pct(w, n));
    svg_printf(s, "<span class=\"d\" style=\"width:%.1f%%\" data-pct=\"%.1f\"></span>", pct(d, n),
               pct(d, n));
    svg_printf(s, "<span class=\"b\" style=\"width:%.1f%%\" data-pct=\"%.1f\"></span></div>",
               pct(b, n), pct(b, n));
}

static void score_bar(struct svg *s, double score)
{
    svg_printf(s, "<div class=\"bar score\" role=\"img\" aria-label=\"score %.1f%%\">"
                  "<span class=\"s\" style=\"width:%.1f%%\" data-pct=\"%.1f\"></span></div>",
               score, score, score);
}

/* A number cell, or "-" when the figure is unknown (unknown is not 0). */
static void number_cell(struct svg *s, const char *cls, int unknown, long value)
{
    if (unknown)
        svg_printf(s, "<td class=\"%s\">-</td>", cls);
    else
        svg_printf(s, "<td class=\"%s\">%ld</td>", cls, value);
}

/* The cell of the average rating sum / n (stats_average). */
static void average_cell(struct svg *s, const char *cls, int64_t sum, int64_t n)
{
    long avg = 0;
    int unknown = stats_average(sum, n, &avg);
    number_cell(s, cls, unknown, avg);
}

/* The cell of the performance (stats_performance). */
static void performance_cell(struct svg *s, const char *cls, int64_t opp_sum, int64_t opp_n,
                             int64_t wins, int64_t draws, int64_t losses)
{
    long perf = 0;
    int unknown = stats_performance(opp_sum, opp_n, wins, draws, losses, &perf);
    number_cell(s, cls, unknown, perf);
}

static void cell_text(struct svg *s, const char *cls, const char *t)
{
    svg_printf(s, "<td class=\"%s\">", cls);
    svg_escape(s, t, strlen(t));
    svg_puts(s, "</td>");
}

/* ---- The tree: one table per position, each move linking to the table of its own ---- */

/* A node as the walk met it: parent is the index of its parent (-1: the root's). */
struct tree_node {
    struct stats_entry e;
    size_t depth;
    long parent;
    int has_table; /* some games go on from it: it has a table of its own, "pos-<index+1>" */
};

struct tree_nodes {
    struct tree_node *v;
    size_t n, cap;
    long path[INDEX_TREE_DEPTH_MAX + 1]; /* the last node met at each depth */
};

static void collect_node(void *ctx, const struct stats_entry *node,
                         const struct stats_entry *parent, size_t depth)
{
    struct tree_nodes *t = ctx;
    (void)parent;
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->v = xrealloc(t->v, t->cap * sizeof *t->v);
    }
    /* The walk gives children right after their parent, so the parent is
     * the last node met one level up. */
    long up = depth > 1 ? t->path[depth - 1] : -1;
    t->v[t->n] = (struct tree_node){ *node, depth, up, 0 };
    if (up >= 0)
        t->v[up].has_table = 1;
    if (depth <= INDEX_TREE_DEPTH_MAX)
        t->path[depth] = (long)t->n;
    t->n++;
}

/* The id of the table of the position after node i (-1: the root position). */
static void table_id(struct svg *s, long i)
{
    svg_printf(s, "pos-%ld", i + 1);
}

/* The moves of key numbered from the root: "1. e4 c5 2. Nf3", "7... Nf6". */
static void numbered_moves(struct svg *s, const struct stats_show *o, const char *key)
{
    char moves[STATS_TREE_MOVES_MAX];
    stats_tree_moves(o, key, moves, sizeof moves);
    int white = o->o.root.side == WHITE;
    long number = o->o.root.fullmove ? (long)o->o.root.fullmove : 1;
    const char *m = moves;
    for (int ply = 0; *m; ply++) {
        const char *sp = strchr(m, ' ');
        size_t n = sp ? (size_t)(sp - m) : strlen(m);
        if (white)
            svg_printf(s, "%s%ld. ", ply ? " " : "", number);
        else if (!ply)
            svg_printf(s, "%ld... ", number);
        else
            svg_puts(s, " ");
        svg_escape(s, m, n);
        if (!white)
            number++;
        white = !white;
        m += n;
        while (*m == ' ')
            m++;
    }
}

/* The figures of a node as cells: games, share, results, the mover's score, rating,
 * opponents' rating and performance, the bar. */
static void tree_cells(struct svg *s, const struct tree_node *node, int64_t parent_games,
                       int mover_white)
{
    const int64_t *x = node->e.v;
    int64_t res = x[MV_WHITE] + x[MV_DRAWS] + x[MV_BLACK];
    int64_t wins = mover_white ? x[MV_WHITE] : x[MV_BLACK];
    int64_t losses = mover_white ? x[MV_BLACK] : x[MV_WHITE];
    svg_printf(s, "<td class=\"games\">%" PRId64 "</td><td class=\"share\">%.1f</td>"
                  "<td class=\"white wide\">%.1f</td><td class=\"draw wide\">%.1f</td>"
                  "<td class=\"black wide\">%.1f</td><td class=\"score wide\">%.1f</td>",
               x[MV_GAMES], pct(x[MV_GAMES], parent_games), pct(x[MV_WHITE], res),
               pct(x[MV_DRAWS], res), pct(x[MV_BLACK], res), pct(2 * wins + x[MV_DRAWS], 2 * res));
    average_cell(s, "elo wide", x[MV_RSUM], x[MV_RN]);
    average_cell(s, "opp wide", x[MV_OSUM], x[MV_ON]);
    performance_cell(s, "perf wide", x[MV_OSUM], x[MV_ON], wins, x[MV_DRAWS], losses);
    svg_puts(s, "<td class=\"t\">");
    wdl_bar(s, x[MV_WHITE], x[MV_DRAWS], x[MV_BLACK]);
    svg_puts(s, "</td>");
}

/* The table of the moves from the position after node at (-1: the root position). */
static void position_table(struct svg *s, const struct stats_show *o, const struct tree_nodes *t,
                           long at, const struct stats_entry *root)
{
    const struct stats_entry *here = at < 0 ? root : &t->v[at].e;
    svg_puts(s, "<section class=\"position\" id=\"");
    table_id(s, at);
    svg_puts(s, "\"><h2>");
    if (at < 0) {
        svg_puts(s, "The position");
    } else {
        numbered_moves(s, o, here->key);
        svg_puts(s, " <a class=\"up\" href=\"#");
        table_id(s, t->v[at].parent);
        svg_puts(s, "\">(back)</a>");
    }
    svg_printf(s, "</h2>\n<table class=\"tree\">\n<thead><tr><th class=\"t\">move</th>"
                  "<th>games</th><th>share%%</th><th class=\"wide\">white%%</th>"
                  "<th class=\"wide\">draw%%</th><th class=\"wide\">black%%</th>"
                  "<th class=\"wide\">mover score%%</th><th class=\"wide\">mover rating</th>"
                  "<th class=\"wide\">opponent rating</th><th class=\"wide\">performance</th>"
                  "<th class=\"t\">white/draw/black</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < t->n; i++) {
        const struct tree_node *node = &t->v[i];
        if (node->parent != at)
            continue;
        char path[STATS_TREE_MOVES_MAX];
        stats_tree_moves(o, node->e.key, path, sizeof path);
        const char *last = strrchr(path, ' ');
        last = last ? last + 1 : path;
        int mover_white = (node->depth % 2 == 1) == (o->o.root.side == WHITE);
        svg_printf(s, "<tr class=\"node\" data-depth=\"%zu\" data-games=\"%" PRId64
                      "\" data-path=\"", node->depth, node->e.v[MV_GAMES]);
        svg_escape(s, path, strlen(path));
        svg_puts(s, "\"><td class=\"t move\">");
        if (node->has_table) {
            svg_puts(s, "<a href=\"#");
            table_id(s, (long)i);
            svg_puts(s, "\">");
        }
        svg_escape(s, last, strlen(last));
        svg_puts(s, node->has_table ? "</a></td>" : "</td>");
        tree_cells(s, node, here->v[MV_GAMES], mover_white);
        svg_puts(s, "</tr>\n");
    }
    svg_puts(s, "</tbody></table></section>\n");
}

static void tree_page(struct svg *s, const struct stats_show *o, const struct stats_agg *a)
{
    struct tree_nodes t = { 0 };
    struct stats_entry root;
    char caption[FEN_MAX + 16];
    page_begin(s, "Opening explorer");
    snprintf(caption, sizeof caption, "%s", o->o.root_fen);
    struct board_view v = { &o->o.root, false, true, MOVE_NONE, NULL, caption, 0, NULL };
    svg_puts(s, "<figure class=\"position\">");
    if (board_svg(s->out, &v, BOARD_SVG_DEFS) && !s->status)
        s->status = PGN_ENOMEM;
    svg_puts(s, "</figure>\n");
    int found = stats_tree_walk(a, collect_node, &t, &root);
    if (found) {
        const int64_t *x = root.v;
        svg_printf(s, "<p class=\"total\" data-games=\"%" PRId64 "\">%" PRId64
                      " game%s reach the position.</p>\n",
                   x[MV_GAMES], x[MV_GAMES], x[MV_GAMES] == 1 ? "" : "s");
        wdl_bar(s, x[MV_WHITE], x[MV_DRAWS], x[MV_BLACK]);
        /* The root's table, then one per position that games go on from, in
         * the walk's order: each move's link goes down the page. */
        position_table(s, o, &t, -1, &root);
        for (size_t i = 0; i < t.n; i++)
            if (t.v[i].has_table)
                position_table(s, o, &t, (long)i, &root);
    } else {
        svg_puts(s, "<p class=\"total\" data-games=\"0\">No game reaches the position.</p>\n");
    }
    free(t.v);
}

/* ---- Openings and players ---- */

static void openings_page(struct svg *s, const struct stats_show *o, const struct stats_agg *a)
{
    struct stats_entry *v = stats_sorted(&a->openings, stats_by_games);
    size_t n = hash_table_count(&a->openings.h);
    int64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += v[i].v[0];
    if (o->top > 0 && (size_t)o->top < n)
        n = (size_t)o->top;
    page_begin(s, "Openings");
    svg_puts(s, "<table class=\"openings\">\n<thead><tr><th class=\"t\">ECO</th>"
                "<th class=\"t\">opening</th><th>games</th><th>share%</th>"
                "<th class=\"t\">white/draw/black</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = v[i].v;
        const char *tab = strchr(v[i].key, '\t');
        char eco[8];
        snprintf(eco, sizeof eco, "%.*s", tab ? (int)(tab - v[i].key) : 0, v[i].key);
        svg_printf(s, "<tr data-games=\"%" PRId64 "\">", x[0]);
        cell_text(s, "t eco", eco);
        cell_text(s, "t", tab ? tab + 1 : v[i].key);
        svg_printf(s, "<td>%" PRId64 "</td><td>%.1f</td><td class=\"t\">", x[0], pct(x[0], total));
        wdl_bar(s, x[1], x[2], x[3]);
        svg_puts(s, "</td></tr>\n");
    }
    svg_puts(s, "</tbody></table>\n");
    free(v);
}

static void players_page(struct svg *s, const struct stats_show *o, const struct stats_agg *a)
{
    struct stats_entry *v = stats_sorted(&a->players, stats_by_games);
    size_t n = hash_table_count(&a->players.h);
    if (o->top > 0 && (size_t)o->top < n)
        n = (size_t)o->top;
    page_begin(s, "Players");
    svg_puts(s, "<table class=\"players\">\n<thead><tr><th class=\"t\">player</th><th>games</th>"
                "<th class=\"wide\">wins</th><th class=\"wide\">draws</th>"
                "<th class=\"wide\">losses</th><th>score%</th><th>rating</th>"
                "<th class=\"wide\">opponent rating</th><th>performance</th>"
                "<th class=\"t\">score</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < n; i++) {
        const int64_t *x = v[i].v;
        int64_t decided = x[PL_WINS] + x[PL_DRAWS] + x[PL_LOSSES];
        double score = pct(2 * x[PL_WINS] + x[PL_DRAWS], 2 * decided);
        svg_printf(s, "<tr data-games=\"%" PRId64 "\">", x[PL_GAMES]);
        cell_text(s, "t", v[i].key);
        svg_printf(s, "<td>%" PRId64 "</td><td class=\"wide\">%" PRId64 "</td>"
                      "<td class=\"wide\">%" PRId64 "</td><td class=\"wide\">%" PRId64 "</td>"
                      "<td>%.1f</td>",
                   x[PL_GAMES], x[PL_WINS], x[PL_DRAWS], x[PL_LOSSES], score);
        average_cell(s, "elo", x[PL_ELO_SUM], x[PL_ELO_N]);
        average_cell(s, "opp wide", x[PL_OPP_SUM], x[PL_OPP_N]);
        performance_cell(s, "perf", x[PL_OPP_SUM], x[PL_OPP_N], x[PL_WINS], x[PL_DRAWS],
                         x[PL_LOSSES]);
        svg_puts(s, "<td class=\"t\">");
        score_bar(s, score);
        svg_puts(s, "</td></tr>\n");
    }
    svg_puts(s, "</tbody></table>\n");
    free(v);
}

/* ---- The summary: results, ratings, years, lengths as charts ---- */

static void chart(struct svg *s, const char *title, const char *const *labels,
                  const int64_t *values, size_t n)
{
    struct chart_columns c = { title, labels, values, n };
    svg_puts(s, "<section><h2>");
    svg_escape(s, title, strlen(title));
    svg_puts(s, "</h2>");
    if (chart_columns_svg(s->out, &c) && !s->status)
        s->status = PGN_ENOMEM;
    svg_puts(s, "</section>\n");
}

/* Columns from buckets [lo, hi] of hist, labelled by label(i); skips the empty ends. */
static void histogram(struct svg *s, const char *title, const int64_t *hist, size_t n,
                      const char *fmt, long scale)
{
    size_t lo = 0, hi = n;
    while (lo < n && !hist[lo])
        lo++;
    while (hi > lo && !hist[hi - 1])
        hi--;
    size_t m = hi - lo;
    char **labels = xcalloc(m + 1, sizeof *labels);
    for (size_t i = 0; i < m; i++) {
        labels[i] = xmalloc(24);
        snprintf(labels[i], 24, fmt, (long)(lo + i) * scale);
    }
    chart(s, title, (const char *const *)labels, hist + lo, m);
    for (size_t i = 0; i < m; i++)
        free(labels[i]);
    free(labels);
}

/* The summary's events: as many as the text summary shows by default. */
enum { SUMMARY_EVENTS = 10 };

/* A table of names, their games and share of all games, with a bar. */
static void share_table_begin(struct svg *s, const char *cls, const char *title, const char *what)
{
    svg_printf(s, "<section><h2>%s</h2>\n<table class=\"%s\">\n<thead><tr><th class=\"t\">%s"
                  "</th><th>games</th><th>%%</th><th class=\"t\">share</th></tr></thead>\n"
                  "<tbody>\n",
               title, cls, what);
}

static void share_row(struct svg *s, const char *name, int64_t n, int64_t whole)
{
    svg_printf(s, "<tr data-games=\"%" PRId64 "\">", n);
    cell_text(s, "t", name);
    svg_printf(s, "<td>%" PRId64 "</td><td>%.1f</td><td class=\"t\">", n, pct(n, whole));
    score_bar(s, pct(n, whole));
    svg_puts(s, "</td></tr>\n");
}

static void share_table_end(struct svg *s)
{
    svg_puts(s, "</tbody></table></section>\n");
}

static void summary_page(struct svg *s, const struct stats_agg *a)
{
    page_begin(s, "Games");
    svg_printf(s, "<p class=\"total\" data-games=\"%" PRId64 "\">%" PRId64 " games: %" PRId64
                  " valid, %" PRId64 " invalid, %" PRId64 " not replayed.</p>\n",
               a->games, a->games, a->valid, a->invalid, a->skipped);
    int64_t w = a->results[PGN_RESULT_WHITE], d = a->results[PGN_RESULT_DRAW],
            b = a->results[PGN_RESULT_BLACK];
    wdl_bar(s, w, d, b);
    svg_printf(s, "<p class=\"score\">White's score: %.1f%%; Black's: %.1f%% (of %" PRId64
                  " games with a result).</p>\n",
               pct(2 * w + d, 2 * (w + d + b)), pct(2 * b + d, 2 * (w + d + b)), w + d + b);
    if (a->elo_n)
        svg_printf(s, "<p class=\"elo\">Average rating: %.1f (%" PRId64 " ratings).</p>\n",
                   (double)a->elo_sum / (double)a->elo_n, a->elo_n);
    else
        svg_puts(s, "<p class=\"elo\">Average rating: - (no ratings).</p>\n");
    svg_puts(s, "<div class=\"charts\">\n");
    static const char *const result_labels[] = { "1-0", "1/2-1/2", "0-1", "*", "none" };
    int64_t results[5] = { a->results[PGN_RESULT_WHITE], a->results[PGN_RESULT_DRAW],
                           a->results[PGN_RESULT_BLACK], a->results[PGN_RESULT_UNKNOWN],
                           a->results[PGN_RESULT_NONE] };
    chart(s, "Results", result_labels, results, 5);
    histogram(s, "Ratings (100-point groups)", a->elo_hist, ELO_BUCKETS, "%ld", 100);
    struct stats_entry *years = stats_sorted(&a->years, stats_by_key);
    size_t ny = hash_table_count(&a->years.h);
    const char **ylabels = xcalloc(ny + 1, sizeof *ylabels);
    int64_t *ycounts = xcalloc(ny + 1, sizeof *ycounts);
    for (size_t i = 0; i < ny; i++) {
        ylabels[i] = years[i].key;
        ycounts[i] = years[i].v[0];
    }
    chart(s, "Games per year", ylabels, ycounts, ny);
    free(ylabels);
    free(ycounts);
    free(years);
    /* Lengths in groups of ten plies. */
    size_t groups = a->plies_cap / 10 + 1;
    int64_t *len = xcalloc(groups, sizeof *len);
    for (size_t i = 0; i < a->plies_cap; i++)
        len[i / 10] += a->plies_hist[i];
    histogram(s, "Game lengths (plies, groups of ten)", len, groups, "%ld", 10);
    free(len);
    svg_puts(s, "</div>\n");
    /* As the text summary: every usual termination, the rarer ones when counted. */
    share_table_begin(s, "terminations", "Terminations", "termination");
    for (int i = 0; i < T_COUNT; i++)
        if (a->term[i] || i < T_UNFINISHED)
            share_row(s, stats_term_names[i], a->term[i], a->games);
    share_table_end(s);
    struct stats_entry *events = stats_sorted(&a->events, stats_by_games);
    size_t ne = hash_table_count(&a->events.h);
    share_table_begin(s, "events", ne > SUMMARY_EVENTS ? "Events (the 10 with most games)"
                                                      : "Events", "event");
    for (size_t i = 0; i < ne && i < SUMMARY_EVENTS; i++)
        share_row(s, events[i].key, events[i].v[0], a->games);
    share_table_end(s);
    free(events);
}

void stats_print_html(const struct stats_show *o, const struct stats_agg *a)
{
    struct buf b = BUF_INIT((size_t)1 << 31);
    struct svg s = { &b, PGN_OK };
    switch (o->o.report) {
    case R_TREE: tree_page(&s, o, a); break;
    case R_OPENINGS: openings_page(&s, o, a); break;
    case R_PLAYERS: players_page(&s, o, a); break;
    default: summary_page(&s, a); break;
    }
    svg_puts(&s, "</body>\n</html>\n");
    if (s.status)
        die(EXIT_IO, "out of memory");
    fwrite(b.data, 1, b.len, stdout);
    buf_release(&b);
}
