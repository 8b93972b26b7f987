/* game_json.c - JSON form of a game: tags, moves (san, uci, fen), comments and commands, variations. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "write/game_json.h"
#include "notation/movewrite.h"
#include "notation/uci.h"
#include "base/ascii.h"
#include "base/banned.h"

static void str(struct go_game *w, const char *s, size_t n)
{
    if (!w->err)
        w->err = go_json_string(w->out, s, n);
}

static void strz(struct go_game *w, const char *s) { str(w, s, strlen(s)); }

/* A comma unless the enclosing array or object was just opened. */
static void comma(struct go_game *w)
{
    if (!w->err && w->out->len && w->out->data[w->out->len - 1] != '[' &&
        w->out->data[w->out->len - 1] != '{')
        go_put(w, ",", 1);
}

static int tag_seen_before(const struct go_game *w, size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (!strcmp(w->tags[k].name, w->tags[i].name))
            return 1;
    return 0;
}

/* "tags" with the first tag of each name, "duplicate_tags" with the others. */
static void put_tags(struct go_game *w)
{
    int dups = 0;
    go_puts(w, "\"tags\":{");
    for (size_t i = 0; i < w->ntags; i++) {
        if (tag_seen_before(w, i)) {
            dups = 1;
            continue;
        }
        comma(w);
        str(w, w->tags[i].name, w->tags[i].name_len);
        go_put(w, ":", 1);
        str(w, w->tags[i].value, w->tags[i].value_len);
    }
    go_put(w, "}", 1);
    if (!dups)
        return;
    go_puts(w, ",\"duplicate_tags\":[");
    for (size_t i = 0; i < w->ntags; i++) {
        if (!tag_seen_before(w, i))
            continue;
        comma(w);
        go_put(w, "[", 1);
        str(w, w->tags[i].name, w->tags[i].name_len);
        go_put(w, ",", 1);
        str(w, w->tags[i].value, w->tags[i].value_len);
        go_put(w, "]", 1);
    }
    go_put(w, "]", 1);
}

/* Matches s[*at..n) against t[0..len) and moves *at past it. */
static int expect(const char *s, size_t n, size_t *at, const char *t, size_t len)
{
    if (n - *at < len || memcmp(s + *at, t, len))
        return 0;
    *at += len;
    return 1;
}

/*
 * 1 when raw text s[0..n), white space around it aside, is what a reader
 * rebuilds from "text" and "commands" alone: "[%name args] ... text", one
 * space between the pieces. Only other comments need "raw".
 */
static int is_canonical(const struct go_game *w, const struct game_comment *c, const char *s,
                        size_t n)
{
    size_t at = 0;
    while (n && ascii_is_space(s[n - 1]))
        n--;
    while (at < n && ascii_is_space(s[at]))
        at++;
    size_t start = at;
    for (uint32_t k = 0; k < c->cmd_count; k++) {
        const struct game_cmd *cmd = &w->g->cmds[c->cmd_first + k];
        if (!go_keep_command(w->o, cmd->name, cmd->name_len))
            continue;
        if ((at > start && !expect(s, n, &at, " ", 1)) || !expect(s, n, &at, "[%", 2) ||
            !expect(s, n, &at, cmd->name, cmd->name_len) ||
            (cmd->args_len && (!expect(s, n, &at, " ", 1) ||
                               !expect(s, n, &at, cmd->args, cmd->args_len))) ||
            !expect(s, n, &at, "]", 1))
            return 0;
    }
    if (c->plain_len && ((at > start && !expect(s, n, &at, " ", 1)) ||
                         !expect(s, n, &at, c->plain, c->plain_len)))
        return 0;
    return at == n;
}

static void put_comment(struct go_game *w, const struct game_comment *c, const char *raw,
                        size_t n)
{
    comma(w);
    go_puts(w, "{\"text\":");
    str(w, c->plain, c->plain_len);
    int cmds = 0;
    for (uint32_t k = 0; k < c->cmd_count; k++) {
        const struct game_cmd *cmd = &w->g->cmds[c->cmd_first + k];
        if (!go_keep_command(w->o, cmd->name, cmd->name_len))
            continue;
        go_puts(w, cmds++ ? ",{\"name\":" : ",\"commands\":[{\"name\":");
        str(w, cmd->name, cmd->name_len);
        go_puts(w, ",\"args\":");
        str(w, cmd->args, cmd->args_len);
        go_put(w, "}", 1);
    }
    if (cmds)
        go_put(w, "]", 1);
    if (!is_canonical(w, c, raw, n)) {
        go_puts(w, ",\"raw\":");
        str(w, raw, n);
    }
    go_put(w, "}", 1);
}

/*
 * ,"NAME":[comments...] when at least one is kept: the comments [first,
 * first+count), or with m those of move m at slot (see go_comment_slot).
 */
static void put_comments(struct go_game *w, const char *name, uint32_t first, uint32_t count,
                         const struct game_move *m, uint32_t slot)
{
    int any = 0;
    const struct game_comment *c;
    const char *s;
    size_t n;
    for (uint32_t k = first; (c = go_comment_next(w, &k, first + count, m, slot, &s, &n)); k++) {
        if (!any++) {
            comma(w);
            go_put(w, "\"", 1);
            go_puts(w, name);
            go_puts(w, "\":[");
        }
        put_comment(w, c, s, n);
    }
    if (any)
        go_put(w, "]", 1);
}

static void line_begin(struct go_game *w, uint32_t var, uint32_t depth, const struct pos *p)
{
    const struct game_var *v = &w->g->vars[var];
    (void)p;
    if (depth) {
        comma(w);
        go_put(w, "{", 1);
    }
    if (depth || go_lead_comments(w))
        put_comments(w, "comments", v->comment_first, v->comment_count, NULL, 0);
    comma(w);
    go_puts(w, "\"moves\":[");
}

static void line_end(struct go_game *w, uint32_t var, uint32_t depth)
{
    go_put(w, "]", 1);
    if (!depth)
        return;
    const struct game_move *m = &w->g->moves[w->g->vars[var].parent];
    put_comments(w, "comments_after", m->comment_first, m->comment_count, m,
                 var - m->var_first + 1);
    go_put(w, "}", 1);
}

static int plain_san(const struct write_style *st)
{
    return st->format == MOVE_FMT_SAN && st->lang == 0 && st->flags == 0;
}

static void move(struct go_game *w, const struct go_step *s)
{
    const struct game_move *m = &w->g->moves[s->i];
    const struct game_out_opts *o = &w->o->opts;
    char text[MOVE_TEXT_MAX + 32];
    int null = s->move == MOVE_NONE;
    int n;

    comma(w);
    n = snprintf(text, sizeof text, "{\"ply\":%u,\"san\":", s->ply);
    go_put(w, text, (size_t)n);
    if (null)
        strz(w, "--");
    else
        str(w, text, san_write(s->before, s->move, text));
    go_puts(w, ",\"uci\":");
    if (null)
        strz(w, "0000");
    else
        str(w, text, (size_t)uci_write(s->before, s->move, text));
    if (!plain_san(&o->style)) {
        go_puts(w, ",\"move\":");
        str(w, text, go_move_text(w, s, text));
    }
    if (o->flags & GO_MOVE_FEN) {
        char fen[FEN_MAX];
        go_puts(w, ",\"fen\":");
        str(w, fen, pos_to_fen(s->after, w->o->opts.fen_flags, fen));
    }
    if (m->nag_count && !(o->strip & GO_STRIP_NAGS)) {
        go_puts(w, ",\"nags\":[");
        for (uint32_t k = 0; k < m->nag_count; k++) {
            n = snprintf(text, sizeof text, "%s%u", k ? "," : "", w->g->nags[m->nag_first + k]);
            go_put(w, text, (size_t)n);
        }
        go_put(w, "]", 1);
    }
    put_comments(w, "comments", m->comment_first, m->comment_count, m, 0);
    if (null)
        go_puts(w, ",\"null\":true");
    if (m->flags & GAME_MOVE_DRAW_OFFER)
        go_puts(w, ",\"draw_offer\":true");
    if (m->var_count && !(o->strip & GO_STRIP_VARIATIONS))
        go_puts(w, ",\"variations\":[");
}

static void move_end(struct go_game *w, const struct go_step *s)
{
    const struct game_move *m = &w->g->moves[s->i];
    if (m->var_count && !(w->o->opts.strip & GO_STRIP_VARIATIONS))
        go_put(w, "]", 1);
    go_put(w, "}", 1);
}

void game_json_write(struct go_game *w)
{
    static const struct go_visit visit = { line_begin, move, move_end, line_end };
    go_put(w, "{", 1);
    put_tags(w);
    go_walk(w, &visit);
    go_puts(w, ",\"result\":");
    strz(w, pgn_result_str(w->result));
    put_comments(w, "final_comments", w->g->post_first, w->g->post_count, NULL, 0);
    go_put(w, "}", 1);
}

void game_json_write_raw(struct go_game *w, const char *text, size_t n)
{
    go_put(w, "{", 1);
    put_tags(w);
    go_puts(w, ",\"valid\":false,\"raw\":");
    str(w, text, n);
    go_put(w, "}", 1);
}
