/* game.c - small helpers over struct game. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/clear_record.h"
#include "pgn/game.h"
#include "base/ascii.h"
#include "base/banned.h"

const char *pgn_result_str(int result)
{
    switch (result) {
    case PGN_RESULT_WHITE:
        return "1-0";
    case PGN_RESULT_BLACK:
        return "0-1";
    case PGN_RESULT_DRAW:
        return "1/2-1/2";
    case PGN_RESULT_UNKNOWN:
        return "*";
    default:
        return "";
    }
}

int pgn_result_of(const char *v)
{
    if (!v)
        return PGN_RESULT_NONE;
    for (int r = PGN_RESULT_WHITE; r <= PGN_RESULT_UNKNOWN; r++)
        if (!strcmp(v, pgn_result_str(r)))
            return r;
    return PGN_RESULT_NONE;
}

int game_result(const struct game *g)
{
    if (g->result != PGN_RESULT_NONE)
        return g->result;
    int tag = pgn_result_of(game_tag_value(g, "Result"));
    return tag != PGN_RESULT_NONE ? tag : PGN_RESULT_UNKNOWN;
}

const struct game_tag *game_tag(const struct game *g, const char *name)
{
    for (uint32_t i = 0; i < g->ntags; i++)
        if (g->tags[i].name[0] == name[0] && !strcmp(g->tags[i].name, name))
            return &g->tags[i];
    return NULL;
}

const char *game_tag_value(const struct game *g, const char *name)
{
    const struct game_tag *t = game_tag(g, name);
    return t ? t->value : NULL;
}


/* Past the line end at s[p] ("\r\n", "\n" or "\r"). */
static size_t past_eol(const char *s, size_t n, size_t p)
{
    if (p < n && s[p] == '\r')
        return p + 1 < n && s[p + 1] == '\n' ? p + 2 : p + 1;
    return p < n && s[p] == '\n' ? p + 1 : p;
}

/* 1 when offset off (a token of the game) lies in the tag section [from, to). */
static int inside(uint32_t off, size_t from, size_t to) { return off >= from && off < to; }

int game_cut(const struct game *g, struct game_cut *c)
{
    const char *s = g->raw;
    size_t n = g->raw_len, at = 0;
    if (!s || !g->nvars || (g->flags & (GAME_TRUNCATED | GAME_CP1252 | GAME_LAZY)))
        return GAME_NOT_CUT;
    if (n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
        at = 3;
    while (n > at && ascii_is_space(s[n - 1]))
        n--;
    memset(c, 0, sizeof *c);
    size_t p = at;
    if (g->ntags) {
        size_t first = g->tags[0].off, last = g->tags[g->ntags - 1].off;
        if (first < at || last >= n || s[first] != '[' || s[last] != '[')
            return GAME_NOT_CUT;
        size_t a = at, b = first;
        while (a < b && ascii_is_space(s[a]))
            a++;
        while (b > a && ascii_is_space(s[b - 1]))
            b--;
        c->lead = a;
        c->lead_len = b - a;
        /* A tag pair is on one line: the tag section ends with the last one's. */
        p = last;
        while (p < n && !ascii_is_line_end(s[p]))
            p++;
        p = past_eol(s, n, p);
        const struct game_var *v = &g->vars[0];
        for (uint32_t k = 0; k < v->comment_count; k++)
            if (inside(g->comments[v->comment_first + k].off, first, p))
                return GAME_NOT_CUT;
        if ((v->count && inside(g->moves[v->first].off, first, p)) ||
            (g->result_text && inside(g->result_off, first, p)))
            return GAME_NOT_CUT;
    }
    for (;;) { /* blank lines */
        size_t q = p;
        while (q < n && ascii_is_space(s[q]) && !ascii_is_line_end(s[q]))
            q++;
        if (q == n || !ascii_is_line_end(s[q]))
            break;
        p = past_eol(s, n, q);
    }
    if (p >= n)
        return GAME_NOT_CUT;
    c->text = p;
    c->text_len = n - p;
    return 0;
}

void game_clear(struct game *g) { clear_record(g, sizeof *g); }
