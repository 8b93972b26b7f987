/* explorer_json.c - the lichess opening explorer's JSON answer, written from an explorer tree. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "annotate/eco.h"
#include "base/json_escape.h"
#include "explorer/explorer_json.h"
#include "notation/movewrite.h"
#include "notation/uci.h"
#include "base/banned.h"

struct out {
    struct buf *b;
    int rc;
};

static void put(struct out *o, const char *s, size_t n)
{
    if (!o->rc)
        o->rc = buf_append(o->b, s, n);
}

static void puts_(struct out *o, const char *s) { put(o, s, strlen(s)); }

static void put_u64(struct out *o, uint64_t v)
{
    char t[24];
    int n = snprintf(t, sizeof t, "%" PRIu64, v);
    put(o, t, (size_t)n);
}

static void put_string(struct out *o, const char *s)
{
    size_t n = strlen(s);
    char esc[JSON_ESCAPE_MAX(64) + 2];
    put(o, "\"", 1);
    while (n) {
        size_t k = n < 64 ? n : 64;
        put(o, esc, json_escape(esc, s, k));
        s += k;
        n -= k;
    }
    put(o, "\"", 1);
}

/* Lichess's explorer writes castling as the king taking its rook in every chess. */
static void put_uci(struct out *o, const struct pos *p, uint16_t move)
{
    struct pos p960 = *p;
    p960.chess960 = 1;
    char uci[UCI_MAX];
    int n = uci_write(&p960, move, uci);
    put(o, "\"", 1);
    put(o, uci, (size_t)n);
    put(o, "\"", 1);
}

static void put_player(struct out *o, const char *name, int elo)
{
    puts_(o, "{\"name\":");
    put_string(o, *name ? name : "?");
    puts_(o, ",\"rating\":");
    if (elo > 0)
        put_u64(o, (uint64_t)elo);
    else
        puts_(o, "null");
    puts_(o, "}");
}

static void put_game(struct out *o, const struct pos *root, const struct explorer_game *g)
{
    puts_(o, "{\"uci\":");
    if (g->move)
        put_uci(o, root, g->move);
    else
        puts_(o, "null");
    char id[24];
    snprintf(id, sizeof id, "%" PRIu64, g->number);
    puts_(o, ",\"id\":");
    put_string(o, id);
    puts_(o, g->result == PGN_RESULT_WHITE   ? ",\"winner\":\"white\""
             : g->result == PGN_RESULT_BLACK ? ",\"winner\":\"black\""
                                              : ",\"winner\":null");
    puts_(o, ",\"white\":");
    put_player(o, g->white, g->white_elo);
    puts_(o, ",\"black\":");
    put_player(o, g->black, g->black_elo);
    puts_(o, ",\"year\":");
    if (g->year > 0)
        put_u64(o, (uint64_t)g->year);
    else
        puts_(o, "null");
    puts_(o, ",\"month\":");
    if (g->month[0])
        put_string(o, g->month);
    else
        puts_(o, "null");
    puts_(o, "}");
}

static void put_games(struct out *o, const char *name, const struct pos *root,
                      const struct explorer_game *list, size_t n)
{
    puts_(o, ",\"");
    puts_(o, name);
    puts_(o, "\":[");
    for (size_t i = 0; i < n; i++) {
        if (i)
            puts_(o, ",");
        put_game(o, root, &list[i]);
    }
    puts_(o, "]");
}

static uint64_t rounded(uint64_t sum, uint64_t n)
{
    return n ? (sum + n / 2) / n : 0;
}

static void put_move(struct out *o, const struct pos *root, const struct explorer_move *m,
                     int for_white, unsigned flags)
{
    char san[MOVE_TEXT_MAX];
    san_write(root, m->move, san);
    puts_(o, "{\"uci\":");
    put_uci(o, root, m->move);
    puts_(o, ",\"san\":");
    put_string(o, san);
    puts_(o, ",\"averageRating\":");
    put_u64(o, rounded(m->rating_sum, m->rating_n));
    puts_(o, ",\"white\":");
    put_u64(o, m->white);
    puts_(o, ",\"draws\":");
    put_u64(o, m->draws);
    puts_(o, ",\"black\":");
    put_u64(o, m->black);
    if (flags & EXPLORER_JSON_PERFORMANCE) {
        puts_(o, ",\"performance\":");
        uint64_t n = explorer_move_games(m);
        if (m->opp_n && n) {
            double wins = (double)(for_white ? m->white : m->black),
                   losses = (double)(for_white ? m->black : m->white);
            double p = (double)m->opp_sum / (double)m->opp_n + 400.0 * (wins - losses) / (double)n;
            put_u64(o, p < 0 ? 0 : (uint64_t)(p + 0.5));
        } else {
            puts_(o, "null");
        }
    }
    puts_(o, ",\"game\":");
    if (explorer_move_games(m) == 1)
        put_game(o, root, &m->one);
    else
        puts_(o, "null");
    puts_(o, "}");
}

int explorer_json_write(const struct explorer_tree *t, const struct pos *root, size_t max_moves,
                        unsigned flags, struct buf *out)
{
    struct out o = { out, PGN_OK };
    puts_(&o, "{\"white\":");
    put_u64(&o, t->white);
    puts_(&o, ",\"draws\":");
    put_u64(&o, t->draws);
    puts_(&o, ",\"black\":");
    put_u64(&o, t->black);
    puts_(&o, ",\"moves\":[");
    for (size_t i = 0; i < t->n && i < max_moves; i++) {
        if (i)
            puts_(&o, ",");
        put_move(&o, root, &t->moves[i], t->for_white, flags);
    }
    puts_(&o, "]");
    put_games(&o, "topGames", root, t->top, t->ntop);
    put_games(&o, "recentGames", root, t->recent, t->nrecent);
    const struct eco_entry *e = eco_lookup(root);
    puts_(&o, ",\"opening\":");
    if (e) {
        puts_(&o, "{\"eco\":");
        put_string(&o, e->eco);
        puts_(&o, ",\"name\":");
        put_string(&o, e->name);
        puts_(&o, "}");
    } else {
        puts_(&o, "null");
    }
    char fen[FEN_MAX];
    pos_to_fen(root, 0, fen);
    puts_(&o, ",\"fen\":");
    put_string(&o, fen);
    puts_(&o, "}\n");
    return o.rc;
}
