/* pgn_writer.c - PGN export format: tag roster, numbered movetext wrapped at a width. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "write/pgn_writer.h"
#include "base/ascii.h"
#include "base/banned.h"

/*
 * Layout without copying: a unit is appended to the output as it is built,
 * preceded by a one-byte separator (a space); when the unit is complete its
 * width is known, and the separator becomes '\n' if the unit does not fit on
 * the line. sep is the separator's offset in the output (NO_SEP for the
 * first unit).
 */
#define NO_SEP ((size_t)-1)

struct layout {
    struct go_game *w;
    size_t width;    /* 0: no limit */
    size_t col;      /* characters on the current line, laid-out units only */
    size_t sep;      /* separator of the open unit */
    size_t uw;       /* characters in the open unit */
    int open;        /* a unit is being built */
    int any;         /* a unit was written */
    int glue;        /* the next unit_begin() continues the open unit */
    int unit_eol;    /* the open unit must end its line (a ';' comment) */
    int force_break; /* the next unit starts a new line */
    int need_number; /* Black's next move needs "N..." */
};

static size_t chars(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

static void unit_end(struct layout *l)
{
    if (!l->open)
        return;
    l->open = 0;
    if (l->sep == NO_SEP) {
        l->col += l->uw;
    } else if (l->force_break || (l->width && l->col + 1 + l->uw > l->width)) {
        if (!l->w->err)
            l->w->out->data[l->sep] = '\n';
        l->col = l->uw;
    } else {
        l->col += 1 + l->uw;
    }
    l->force_break = l->unit_eol;
    l->unit_eol = 0;
}

static void unit_begin(struct layout *l)
{
    if (l->glue) {
        l->glue = 0;
        return;
    }
    unit_end(l);
    l->open = 1;
    l->uw = 0;
    l->sep = NO_SEP;
    if (l->any) {
        l->sep = l->w->out->len;
        go_put(l->w, " ", 1);
    }
    l->any = 1;
}

static void unit_add(struct layout *l, const char *s, size_t n)
{
    go_put(l->w, s, n);
    l->uw += chars(s, n);
}

/* {text} with its white space runs made single spaces, broken between words. */
static void put_brace_comment(struct layout *l, const char *s, size_t n)
{
    size_t i = 0;
    int first = 1;
    for (;;) {
        while (i < n && ascii_is_space(s[i]))
            i++;
        if (i == n)
            break;
        size_t j = i;
        const char *close;
        unit_begin(l);
        if (first)
            unit_add(l, "{", 1);
        if (n - i > 2 && s[i] == '[' && s[i + 1] == '%' &&
            (close = memchr(s + i, ']', n - i)) != NULL) {
            /* A [%command args] stays on one line, its spaces made single. */
            for (j = i; s + j <= close; j++) {
                if (!ascii_is_space(s[j]))
                    unit_add(l, s + j, 1);
                else if (!ascii_is_space(s[j - 1]))
                    unit_add(l, " ", 1);
            }
        } else {
            while (j < n && !ascii_is_space(s[j]))
                j++;
            unit_add(l, s + i, j - i);
        }
        first = 0;
        i = j;
    }
    if (first) {
        unit_begin(l);
        unit_add(l, "{", 1);
    }
    unit_add(l, "}", 1);
}

/* "; text" up to the end of the line, for comments that hold a '}'. */
static void put_line_comment(struct layout *l, const char *s, size_t n)
{
    while (n && ascii_is_space(*s))
        s++, n--;
    while (n && ascii_is_space(s[n - 1]))
        n--;
    unit_begin(l);
    unit_add(l, "; ", 2);
    for (size_t i = 0; i < n; i++) {
        char c = s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
        unit_add(l, &c, 1);
    }
    l->unit_eol = 1;
}

/* Comment text s[0..n) as a brace or ';' comment; with GO_COMMENT_LINES on lines of its own. */
static void put_comment_text(struct layout *l, const char *s, size_t n)
{
    int own_lines = (l->w->o->opts.flags & GO_COMMENT_LINES) != 0;
    if (own_lines) {
        /* The unit before ends its line: a '(' too, which would glue to the comment. */
        l->glue = 0;
        if (l->open)
            l->unit_eol = 1;
        else if (l->any)
            l->force_break = 1;
    }
    if (memchr(s, '}', n))
        put_line_comment(l, s, n);
    else
        put_brace_comment(l, s, n);
    if (own_lines)
        l->unit_eol = 1;
    l->need_number = 1;
}

static void put_comment(struct layout *l, const struct game_comment *c)
{
    const char *s;
    size_t n;
    if (go_comment_text(l->w, c, &s, &n))
        put_comment_text(l, s, n);
}

/* The comments of a line before its first move (or of the game, after its result). */
static void put_comments(struct layout *l, uint32_t first, uint32_t count)
{
    for (uint32_t k = 0; k < count; k++)
        put_comment(l, &l->w->g->comments[first + k]);
}

/* The comments of move m that stand at slot (see go_comment_slot). */
static void put_move_comments(struct layout *l, const struct game_move *m, uint32_t slot)
{
    const struct go_extra *x = l->w->o->extra;
    uint32_t drop = x && x->moves ? x->moves[m - l->w->g->moves].drop_comments : 0;
    for (uint32_t k = 0; k < m->comment_count; k++)
        if (!(k < 32 && (drop >> k & 1)) && go_comment_slot(l->w, m, m->comment_first + k) == slot)
            put_comment(l, &l->w->g->comments[m->comment_first + k]);
}

void pgn_write_tags(struct go_game *w, const char *eol)
{
    size_t eol_len = strlen(eol);
    for (size_t i = 0; i < w->ntags && !w->err; i++) {
        const struct go_tag *t = &w->tags[i];
        /* [name "value"]: 5 bytes besides name, value and line end; at worst
         * every byte of the value escaped. */
        w->err = buf_reserve(w->out, t->name_len + 2 * (size_t)t->value_len + 5 + eol_len);
        if (w->err)
            return;
        char *d = w->out->data + w->out->len;
        *d++ = '[';
        memcpy(d, t->name, t->name_len);
        d += t->name_len;
        *d++ = ' ';
        *d++ = '"';
        for (const char *v = t->value, *e = v + t->value_len; v < e; v++) {
            if (*v == '"' || *v == '\\')
                *d++ = '\\';
            *d++ = *v;
        }
        *d++ = '"';
        *d++ = ']';
        memcpy(d, eol, eol_len);
        w->out->len = (size_t)(d + eol_len - w->out->data);
    }
    if (w->ntags)
        go_put(w, eol, eol_len);
}

static struct layout *layout_of(struct go_game *w) { return w->ctx; }

static void line_begin(struct go_game *w, uint32_t var, uint32_t depth, const struct pos *p)
{
    struct layout *l = layout_of(w);
    const struct game_var *v = &w->g->vars[var];
    (void)p;
    if (depth) {
        unit_begin(l);
        unit_add(l, "(", 1);
        l->glue = 1;
    }
    if (depth || go_lead_comments(w))
        put_comments(l, v->comment_first, v->comment_count);
    const struct go_extra *x = w->o->extra;
    if (!depth && x && x->moves && x->start_comment)
        put_brace_comment(l, x->start_comment, strlen(x->start_comment));
    l->need_number = 1;
}

static void line_end(struct go_game *w, uint32_t var, uint32_t depth)
{
    struct layout *l = layout_of(w);
    if (!depth)
        return;
    /* ")" sticks to what precedes it, unless that is a ';' comment. */
    if (!l->open || l->unit_eol)
        unit_begin(l);
    else
        l->glue = 0;
    unit_add(l, ")", 1);
    l->need_number = 1;
    const struct game_move *m = &w->g->moves[w->g->vars[var].parent];
    put_move_comments(l, m, var - m->var_first + 1);
}

/* An annotator's comments and variation after a move (see struct go_move_extra). */
static void put_extra(struct layout *l, const struct go_move_extra *x)
{
    for (uint32_t k = 0; k < x->ncomments; k++) {
        const char *c = x->comments[k];
        if (c && *c)
            put_comment_text(l, c, strlen(c));
    }
    for (uint32_t k = 0; k < x->nlines; k++) {
        const char *s = x->lines[k];
        if (!s || !*s)
            continue;
        unit_begin(l);
        unit_add(l, "(", 1);
        l->glue = 1;
        int after_number = 0;
        while (*s) {
            const char *e = strchr(s, ' ');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            if (n) {
                /* "12." and its move are one unit, as move() writes them: the
                 * line wraps the same when the variation is read and written again. */
                if (after_number)
                    unit_add(l, " ", 1);
                else
                    unit_begin(l);
                unit_add(l, s, n);
                after_number = s[n - 1] == '.';
            }
            s += n;
            while (*s == ' ')
                s++;
        }
        unit_add(l, ")", 1);
        l->need_number = 1;
    }
}

static void move(struct go_game *w, const struct go_step *s)
{
    struct layout *l = layout_of(w);
    const struct game_move *m = &w->g->moves[s->i];
    char text[MOVE_TEXT_MAX + 16];
    unsigned strip = w->o->opts.strip;

    /* A variation written as a game (GO_SPLIT_VARIATIONS): its comments before its first move. */
    if (w->path && m->var && w->g->vars[m->var].first == s->i)
        put_comments(l, w->g->vars[m->var].comment_first, w->g->vars[m->var].comment_count);
    unit_begin(l);
    if ((s->before->side == WHITE || l->need_number) &&
        !(w->o->opts.flags & GO_NO_MOVE_NUMBERS)) {
        /* "12. " or "12... ", built by hand: this runs for every move. */
        char *e = text + 16, *d = e;
        uint32_t k = s->before->fullmove;
        do
            *--d = (char)('0' + k % 10);
        while (k /= 10);
        const char *dots = s->before->side == WHITE ? ". " : "... ";
        size_t nd = strlen(dots);
        memcpy(e, dots, nd);
        unit_add(l, d, (size_t)(e - d) + nd);
    }
    l->need_number = 0;
    unit_add(l, text, go_move_text(w, s, text));
    const struct go_move_extra *x = w->o->extra && w->o->extra->moves ? &w->o->extra->moves[s->i]
                                                                       : NULL;
    if (!(strip & GO_STRIP_NAGS)) {
        for (uint32_t k = 0; k < m->nag_count; k++) {
            unsigned nag = w->g->nags[m->nag_first + k];
            if (x && x->replace_nags && nag >= 1 && nag <= 6)
                continue;
            int n = snprintf(text, sizeof text, "$%u", nag);
            unit_begin(l);
            unit_add(l, text, (size_t)n);
        }
    }
    for (uint32_t k = 0; x && k < x->nnags; k++) {
        int n = snprintf(text, sizeof text, "$%u", x->nags[k]);
        unit_begin(l);
        unit_add(l, text, (size_t)n);
    }
    if (m->flags & GAME_MOVE_DRAW_OFFER) {
        int book = (w->o->opts.flags & GO_BOOK_RESULTS) != 0;
        if (book || !(strip & GO_STRIP_COMMENTS)) {
            unit_begin(l);
            unit_add(l, book ? "(=)" : "{(=)}", book ? 3 : 5);
            l->need_number = 1;
        }
    }
    put_move_comments(l, m, 0);
    if (x)
        put_extra(l, x);
}

void pgn_write_game(struct go_game *w)
{
    pgn_write_tags(w, "\n");
    pgn_write_movetext(w, w->o->opts.width);
    go_put(w, "\n\n", 2);
}

void pgn_write_movetext(struct go_game *w, unsigned width)
{
    static const struct go_visit visit = { line_begin, move, NULL, line_end };
    struct layout l = { .w = w, .width = width, .sep = NO_SEP };
    w->ctx = &l;
    go_walk(w, &visit);
    const struct game *g = w->g;
    if (!(w->o->opts.flags & GO_NO_RESULTS)) {
        unit_begin(&l);
        unit_add(&l, go_result_text(w->o, w->result), strlen(go_result_text(w->o, w->result)));
    }
    put_comments(&l, g->post_first, g->post_count);
    unit_end(&l);
    w->ctx = NULL;
}
