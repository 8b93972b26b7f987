/* stats_standings.c - `pgnkit stats --standings/--crosstable/--elo`: tournament tables in text, CSV, JSON and HTML. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/buf.h"
#include "base/json_escape.h"
#include "cli/common.h"
#include "picture/svg_text.h"
#include "stats/elo.h"
#include "stats/stats_standings.h"
#include "stats/stats_table.h"
#include "base/banned.h"

/*
 * Every table (standings, crosstable, ratings) is first built as a grid of
 * text cells with a kind per column, then printed by one printer per
 * format: so text, CSV, JSON and HTML always show the same figures. An
 * empty cell is an unknown value: "-" in text, nothing in CSV, null in JSON.
 */
struct grid {
    int ncols;
    char **head;  /* ncols names */
    char *kind;   /* per column: 'n' a number, 't' text */
    char **cells; /* rows * ncols */
    size_t rows, cap;
};

static void grid_init(struct grid *g, int ncols)
{
    memset(g, 0, sizeof *g);
    g->ncols = ncols;
    g->head = xcalloc((size_t)ncols, sizeof *g->head);
    g->kind = xcalloc((size_t)ncols + 1, 1);
}

static void grid_col(struct grid *g, int c, const char *name, char kind)
{
    g->head[c] = xstrdup(name);
    g->kind[c] = kind;
}

/* A new row of empty cells; returns its first cell. */
static char **grid_row(struct grid *g)
{
    if (g->rows == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 16;
        g->cells = xrealloc(g->cells, g->cap * (size_t)g->ncols * sizeof *g->cells);
    }
    char **row = g->cells + g->rows++ * (size_t)g->ncols;
    for (int c = 0; c < g->ncols; c++)
        row[c] = NULL;
    return row;
}

static void cell_set(char **cell, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void cell_set(char **cell, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    va_start(ap, fmt);
    vsnprintf(text, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
    va_end(ap);
    free(*cell);
    *cell = text;
}

static void grid_release(struct grid *g)
{
    for (size_t i = 0; i < g->rows * (size_t)g->ncols; i++)
        free(g->cells[i]);
    for (int c = 0; c < g->ncols; c++)
        free(g->head[c]);
    free(g->cells);
    free(g->head);
    free(g->kind);
}

static const char *cell_of(const struct grid *g, size_t r, int c)
{
    const char *s = g->cells[r * (size_t)g->ncols + (size_t)c];
    return s ? s : "";
}

/* ---- Printers ---- */

/* Prints g as text or CSV/TSV: 0, or -1 (nothing printed) past OT_COLS_MAX columns. */
static int print_table(const struct grid *g, int format)
{
    if (g->ncols > OT_COLS_MAX)
        return -1;
    struct out_table t = { g->ncols, (const char *const *)g->head, g->kind, NULL, NULL, 0, 0 };
    const char **row = xcalloc((size_t)g->ncols, sizeof *row);
    for (size_t r = 0; r < g->rows; r++) {
        for (int c = 0; c < g->ncols; c++) {
            row[c] = cell_of(g, r, c);
            if (format == FMT_TEXT && !*row[c])
                row[c] = "-";
        }
        ot_row_cells(&t, -1, row);
    }
    free(row);
    ot_print(&t, format, 0);
    return 0;
}

static const char *layout_name(int layout)
{
    return layout == CT_GRID ? "grid" : "rounds";
}

/* The crosstable g as text or CSV/TSV, or a line saying why it is left out. */
static void print_crosstable(const struct grid *g, int format, int layout)
{
    const char *head = format == FMT_TEXT ? "\nCrosstable (%s):\n" : "\n# crosstable: %s\n";
    if (g->ncols <= OT_COLS_MAX) {
        printf(head, layout_name(layout));
        print_table(g, format);
        return;
    }
    printf(format == FMT_TEXT ? "\nCrosstable (%s) left out: %d columns, more than %d: "
                                "use --format json or html\n"
                              : "\n# crosstable (%s) left out: %d columns, more than %d\n",
           layout_name(layout), g->ncols, OT_COLS_MAX);
}

static void json_string(const char *s)
{
    size_t n = strlen(s);
    char *e = xmalloc(JSON_ESCAPE_MAX(n) + 1);
    putchar('"');
    fwrite(e, 1, json_escape(e, s, n), stdout);
    putchar('"');
    free(e);
}

/* The rows of g as a JSON array of objects named by the header. */
static void print_json_rows(const struct grid *g)
{
    putchar('[');
    for (size_t r = 0; r < g->rows; r++) {
        fputs(r ? ",{" : "{", stdout);
        for (int c = 0; c < g->ncols; c++) {
            if (c)
                putchar(',');
            json_string(g->head[c]);
            putchar(':');
            const char *v = cell_of(g, r, c);
            if (!*v)
                fputs("null", stdout);
            else if (g->kind[c] == 'n')
                fputs(v, stdout);
            else
                json_string(v);
        }
        putchar('}');
    }
    putchar(']');
}

static void html_text(struct svg *s, const char *t)
{
    svg_escape(s, t, strlen(t));
}

static void print_html_table(struct svg *s, const struct grid *g, const char *cls)
{
    svg_printf(s, "<table class=\"%s\">\n<thead><tr>", cls);
    for (int c = 0; c < g->ncols; c++) {
        svg_puts(s, g->kind[c] == 't' ? "<th class=\"t\">" : "<th>");
        html_text(s, g->head[c]);
        svg_puts(s, "</th>");
    }
    svg_puts(s, "</tr></thead>\n<tbody>\n");
    for (size_t r = 0; r < g->rows; r++) {
        svg_puts(s, "<tr>");
        for (int c = 0; c < g->ncols; c++) {
            svg_puts(s, g->kind[c] == 't' ? "<td class=\"t\">" : "<td>");
            html_text(s, cell_of(g, r, c));
            svg_puts(s, "</td>");
        }
        svg_puts(s, "</tr>\n");
    }
    svg_puts(s, "</tbody></table>\n");
}

static const char html_css[] =
    "body{font-family:system-ui,sans-serif;margin:0 auto;max-width:72em;padding:.8em;"
    "color:#111;background:#fff}\n"
    "h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.5em}\n"
    "table{border-collapse:collapse}\n"
    "th,td{padding:.2em .4em;text-align:right;border-bottom:1px solid #ddd;white-space:nowrap}\n"
    ".t{text-align:left}\n"
    "@media print{tr{break-inside:avoid}}\n";

static void html_begin(struct svg *s, const char *title)
{
    svg_puts(s, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    html_text(s, title);
    svg_puts(s, "</title>\n<style>\n");
    svg_puts(s, html_css);
    svg_puts(s, "</style>\n</head>\n<body>\n<h1>");
    html_text(s, title);
    svg_puts(s, "</h1>\n");
}

static void html_end(struct svg *s, struct buf *b)
{
    svg_puts(s, "</body>\n</html>\n");
    if (s->status)
        die(EXIT_IO, "out of memory");
    fwrite(b->data, 1, b->len, stdout);
    buf_release(b);
}

/* ---- The standings ---- */

/* half points as points: "2", "2.5" */
static void points_cell(char **cell, long half)
{
    cell_set(cell, half % 2 ? "%ld.5" : "%ld", half / 2);
}

static void standings_grid(const struct standings_event *e, const struct standings_show *w,
                           const struct standing *rows, struct grid *g)
{
    enum { FIXED = 10 };
    static const char *const head[FIXED] = { "rank", "player", "rating", "score", "played",
                                             "wins", "draws", "losses", "unplayed",
                                             "performance" };
    grid_init(g, FIXED + w->ntiebreaks);
    for (int c = 0; c < FIXED; c++)
        grid_col(g, c, head[c], c == 1 ? 't' : 'n');
    /* tie-breaks by their FIDE abbreviations: "wins" is the column of games won */
    for (int k = 0; k < w->ntiebreaks; k++)
        grid_col(g, FIXED + k, tiebreak_abbrevs[w->tiebreaks[k]], 'n');
    for (size_t i = 0; i < e->nplayers; i++) {
        const struct standing *r = &rows[i];
        const struct standings_player *p = &e->players[r->player];
        char **c = grid_row(g);
        cell_set(&c[0], "%d", r->rank);
        cell_set(&c[1], "%s", p->name);
        if (p->rating)
            cell_set(&c[2], "%d", p->rating);
        points_cell(&c[3], r->score_half);
        cell_set(&c[4], "%d", r->played);
        cell_set(&c[5], "%d", r->wins);
        cell_set(&c[6], "%d", r->draws);
        cell_set(&c[7], "%d", r->losses);
        cell_set(&c[8], "%d", r->unplayed);
        if (r->rated_opponents)
            cell_set(&c[9], "%d", r->performance);
        for (int k = 0; k < w->ntiebreaks; k++)
            cell_set(&c[FIXED + k], "%g", r->tb[k]);
    }
}

/* The result symbol of half points for one side: over the board 1 = 0, unplayed + = -. */
static const char *symbol(int half, int unplayed)
{
    static const char *const played[3] = { "0", "=", "1" };
    static const char *const not_played[3] = { "-", "=", "+" };
    return unplayed ? not_played[half] : played[half];
}

/* 1 when every two players of e met: a round robin. */
static int all_met(const struct standings_event *e)
{
    size_t n = e->nplayers;
    if (n < 2 || n > 4096)
        return 0;
    unsigned char *met = xcalloc(n * n, 1);
    size_t pairs = 0;
    for (size_t i = 0; i < e->npairings; i++) {
        const struct standings_pairing *p = &e->pairings[i];
        if (p->black < 0)
            continue;
        size_t a = (size_t)p->white, b = (size_t)p->black;
        if (!met[a * n + b])
            pairs++;
        met[a * n + b] = met[b * n + a] = 1;
    }
    free(met);
    return pairs == n * (n - 1) / 2;
}

static int layout_of(const struct standings_event *e, int wanted)
{
    if (wanted != CT_AUTO)
        return wanted;
    if (all_met(e))
        return CT_GRID;
    for (size_t i = 0; i < e->npairings; i++)
        if (e->pairings[i].round > 0)
            return CT_ROUNDS;
    return CT_GRID;
}

/* The pairings of e by round (stable: input order within a round), as indexes. */
static size_t *by_round(const struct standings_event *e)
{
    size_t *o = xcalloc(e->npairings + 1, sizeof *o);
    for (size_t i = 0; i < e->npairings; i++) {
        size_t j = i;
        while (j > 0 && e->pairings[o[j - 1]].round > e->pairings[i].round) {
            o[j] = o[j - 1];
            j--;
        }
        o[j] = i;
    }
    return o;
}

/* Appends text to the cell (several games in one cell: a double round robin). */
static void cell_add(char **cell, const char *sep, const char *text)
{
    char *was = *cell;
    *cell = NULL;
    cell_set(cell, "%s%s%s", was ? was : "", was ? sep : "", text);
    free(was);
}

/*
 * The crosstable: a grid (a column per opponent, by standing) or a table by
 * rounds (a column per round: opponent's standing, colour, result).
 */
static void crosstable_grid(const struct standings_event *e, const struct standing *rows,
                            int layout, struct grid *g)
{
    size_t n = e->nplayers;
    size_t *line = xcalloc(n, sizeof *line); /* player -> row */
    for (size_t i = 0; i < n; i++)
        line[rows[i].player] = i;
    int rounds = 0, unknown_round = 0;
    for (size_t i = 0; i < e->npairings; i++) {
        if (e->pairings[i].round > rounds)
            rounds = e->pairings[i].round;
        unknown_round |= e->pairings[i].round == 0;
    }
    int cols = layout == CT_GRID ? (int)n : rounds + unknown_round;
    grid_init(g, 3 + cols);
    grid_col(g, 0, "rank", 'n');
    grid_col(g, 1, "player", 't');
    grid_col(g, 2, "score", 'n');
    char name[32];
    for (int c = 0; c < cols; c++) {
        if (layout == CT_ROUNDS && c == rounds)
            snprintf(name, sizeof name, "?");
        else
            snprintf(name, sizeof name, layout == CT_GRID ? "%d" : "r%d", c + 1);
        grid_col(g, 3 + c, name, 't');
    }
    for (size_t i = 0; i < n; i++) {
        char **c = grid_row(g);
        cell_set(&c[0], "%d", rows[i].rank);
        cell_set(&c[1], "%s", e->players[rows[i].player].name);
        points_cell(&c[2], rows[i].score_half);
        if (layout == CT_GRID)
            cell_set(&c[3 + i], "*");
    }
    size_t *order = by_round(e);
    for (size_t k = 0; k < e->npairings; k++) {
        const struct standings_pairing *p = &e->pairings[order[k]];
        for (int side = 0; side < 2; side++) {
            int me = side ? p->black : p->white, other = side ? p->white : p->black;
            if (me < 0)
                continue;
            int half = side ? 2 - p->white_half : p->white_half;
            const char *sym = symbol(half, p->unplayed != SU_PLAYED);
            char **row = g->cells + line[me] * (size_t)g->ncols;
            char text[64];
            if (layout == CT_GRID) {
                if (other >= 0)
                    cell_add(&row[3 + line[other]], "", sym);
                continue;
            }
            int col = p->round > 0 ? p->round - 1 : rounds;
            if (other < 0)
                snprintf(text, sizeof text, "bye%s", symbol(half, 0));
            else
                snprintf(text, sizeof text, "%zu%c%s", line[other] + 1, side ? 'b' : 'w', sym);
            cell_add(&row[3 + col], "/", text);
        }
    }
    free(order);
    free(line);
}

void stats_print_standings(const struct stats_show *o, const struct standings_show *w,
                           const struct standings *s)
{
    struct buf b = BUF_INIT((size_t)1 << 31);
    struct svg html = { &b, PGN_OK };
    if (o->format == FMT_JSON)
        fputs("{\"tiebreaks\":[", stdout);
    for (int k = 0; o->format == FMT_JSON && k < w->ntiebreaks; k++) {
        if (k)
            putchar(',');
        json_string(tiebreak_names[w->tiebreaks[k]]);
    }
    if (o->format == FMT_JSON)
        fputs("],\"events\":[", stdout);
    if (o->format == FMT_HTML)
        html_begin(&html, "Standings");
    for (size_t i = 0; i < s->nevents; i++) {
        const struct standings_event *e = s->events[i];
        struct standing *rows = xcalloc(e->nplayers + 1, sizeof *rows);
        if (standings_rank(e, w->tiebreaks, w->ntiebreaks, rows))
            die(EXIT_IO, "out of memory");
        struct grid st, xt;
        standings_grid(e, w, rows, &st);
        int layout = w->crosstable ? layout_of(e, w->crosstable) : CT_NONE;
        if (layout)
            crosstable_grid(e, rows, layout, &xt);
        switch (o->format) {
        case FMT_JSON:
            fputs(i ? ",{\"event\":" : "{\"event\":", stdout);
            json_string(e->name);
            printf(",\"players\":%zu,\"games\":%zu,\"standings\":", e->nplayers, e->npairings);
            print_json_rows(&st);
            if (layout) {
                printf(",\"crosstable\":{\"layout\":\"%s\",\"rows\":", layout_name(layout));
                print_json_rows(&xt);
                putchar('}');
            }
            putchar('}');
            break;
        case FMT_HTML:
            svg_puts(&html, "<h2>");
            html_text(&html, e->name);
            svg_printf(&html, "</h2>\n<p>%zu players, %zu games</p>\n", e->nplayers,
                       e->npairings);
            print_html_table(&html, &st, "standings");
            if (layout) {
                svg_printf(&html, "<h3>Crosstable (%s)</h3>\n", layout_name(layout));
                print_html_table(&html, &xt, "crosstable");
            }
            break;
        case FMT_TEXT:
            printf("%sEvent: %s (%zu players, %zu games)\n", i ? "\n" : "", e->name, e->nplayers,
                   e->npairings);
            print_table(&st, o->format);
            if (layout)
                print_crosstable(&xt, o->format, layout);
            break;
        default: /* CSV, TSV: one table per event and report, the event's name first */
            printf("%s# event: %s\n", i ? "\n" : "", e->name);
            print_table(&st, o->format);
            if (layout)
                print_crosstable(&xt, o->format, layout);
            break;
        }
        if (layout)
            grid_release(&xt);
        grid_release(&st);
        free(rows);
    }
    if (o->format == FMT_JSON)
        printf("],\"skipped\":%lld}\n", (long long)s->skipped);
    if (o->format == FMT_HTML)
        html_end(&html, &b);
    else
        buf_release(&b);
}

/* ---- Elo ---- */

/* The likelihoods of superiority are listed in full up to this many players. */
enum { LOS_MATRIX_MAX = 12 };

int stats_print_elo(const struct stats_show *o, const struct standings_show *w,
                    const struct standings *s)
{
    static const struct standings_event none = { 0 };
    const struct standings_event *e = s->nevents ? s->events[0] : &none;
    long anchor = -1;
    if (w->anchor_name) {
        for (size_t i = 0; i < e->nplayers; i++)
            if (!strcmp(e->players[i].name, w->anchor_name))
                anchor = (long)i;
        if (anchor < 0) {
            error("--anchor: no player '%s' in the games", w->anchor_name);
            return -1;
        }
    }
    struct elo_fit f;
    if (elo_fit_event(e, anchor, anchor >= 0 ? w->anchor_rating : 0, &f))
        die(EXIT_IO, "out of memory");
    size_t n = e->nplayers;
    /* games and score over the board, as fitted */
    long *games = xcalloc(n + 1, sizeof *games), *half = xcalloc(n + 1, sizeof *half);
    for (size_t i = 0; i < e->npairings; i++) {
        const struct standings_pairing *p = &e->pairings[i];
        if (p->unplayed != SU_PLAYED || p->black < 0)
            continue;
        games[p->white]++, games[p->black]++;
        half[p->white] += p->white_half, half[p->black] += 2 - p->white_half;
    }
    size_t *order = xcalloc(n + 1, sizeof *order);
    for (size_t i = 0; i < n; i++) {
        size_t j = i;
        while (j > 0 && f.rating[order[j - 1]] < f.rating[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    static const char *const head[] = { "rank", "player", "elo", "error", "games", "score%",
                                        "los_next" };
    struct grid g;
    grid_init(&g, 7);
    for (int c = 0; c < 7; c++)
        grid_col(&g, c, head[c], c == 1 ? 't' : 'n');
    for (size_t r = 0; r < n; r++) {
        size_t p = order[r];
        char **c = grid_row(&g);
        cell_set(&c[0], "%zu", r + 1);
        cell_set(&c[1], "%s", e->players[p].name);
        cell_set(&c[2], "%.1f", f.rating[p]);
        cell_set(&c[3], "%.1f", f.error[p]);
        cell_set(&c[4], "%ld", games[p]);
        if (games[p])
            cell_set(&c[5], "%.1f", 50.0 * (double)half[p] / (double)games[p]);
        if (r + 1 < n)
            cell_set(&c[6], "%.3f", elo_los(&f, p, order[r + 1]));
    }
    struct grid los;
    size_t m = n <= LOS_MATRIX_MAX ? n : 0;
    grid_init(&los, 1 + (int)m);
    grid_col(&los, 0, "player", 't');
    for (size_t j = 0; j < m; j++) {
        char name[24]; /* room for any size_t: the compiler cannot see that m is small */
        snprintf(name, sizeof name, "%zu", j + 1);
        grid_col(&los, 1 + (int)j, name, 'n');
    }
    for (size_t i = 0; i < m; i++) {
        char **c = grid_row(&los);
        cell_set(&c[0], "%s", e->players[order[i]].name);
        for (size_t j = 0; j < m; j++)
            if (i != j)
                cell_set(&c[1 + j], "%.3f", elo_los(&f, order[i], order[j]));
    }
    const char *anchor_text = w->anchor_name ? w->anchor_name : "average";
    double anchor_at = anchor >= 0 ? w->anchor_rating : 0;
    switch (o->format) {
    case FMT_JSON:
        fputs("{\"elo\":{\"anchor\":", stdout);
        json_string(anchor_text);
        printf(",\"anchor_rating\":%g,\"prior\":%s,\"exact_errors\":%s,\"players\":", anchor_at,
               f.prior ? "true" : "false", f.exact ? "true" : "false");
        print_json_rows(&g);
        if (n <= 200) {
            fputs(",\"los\":[", stdout);
            for (size_t i = 0; i < n; i++) {
                if (i)
                    putchar(',');
                putchar('[');
                for (size_t j = 0; j < n; j++)
                    printf(j ? ",%.6f" : "%.6f", elo_los(&f, order[i], order[j]));
                putchar(']');
            }
            putchar(']');
        }
        fputs("}}\n", stdout);
        break;
    case FMT_HTML: {
        struct buf b = BUF_INIT((size_t)1 << 31);
        struct svg html = { &b, PGN_OK };
        html_begin(&html, "Elo ratings");
        svg_puts(&html, "<p>Anchor: ");
        html_text(&html, anchor_text);
        svg_printf(&html, " at %g%s</p>\n", anchor_at,
                   f.prior ? "; one virtual draw per player was needed (see pgnkit-stats(1))" : "");
        print_html_table(&html, &g, "elo");
        if (m) {
            svg_puts(&html, "<h2>Likelihood of superiority</h2>\n");
            print_html_table(&html, &los, "los");
        }
        html_end(&html, &b);
        break;
    }
    default:
        if (o->format == FMT_TEXT)
            printf("Elo by maximum likelihood (%zu players, anchor %s at %g%s%s)\n", n, anchor_text,
                   anchor_at, f.prior ? ", with one virtual draw each" : "",
                   f.exact ? "" : ", approximate errors");
        print_table(&g, o->format);
        if (m) {
            printf(o->format == FMT_TEXT ? "\nLikelihood of superiority (row over column):\n"
                                         : "\n# likelihood of superiority\n");
            print_table(&los, o->format);
        }
        break;
    }
    grid_release(&los);
    grid_release(&g);
    free(order);
    free(games);
    free(half);
    elo_fit_release(&f);
    return 0;
}
