/* game_print.c - the one walk that writes a game for print, in any print format's markup. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "write/game_print.h"
#include "notation/notation.h"
#include "base/ascii.h"
#include "base/banned.h"

/* The diagram marker ChessBase writes into a comment: a diagram after the move. */
static const char diagram_marker[] = "[#]";

/*
 * The NAGs print can show, as chess books print them: chessfss's
 * informator symbols in LaTeX (xskak-nagdef.sty maps the same ones), Unicode
 * in Typst (escaped where a character could start markup). The one table
 * of what each print format shows; a NAG without a symbol here is left out
 * with a note.
 */
static const char *const nag_symbols[][PRINT_FORMATS] = {
    [1] = { "!", "!" },
    [2] = { "?", "?" },
    [3] = { "!!", "!!" },
    [4] = { "??", "??" },
    [5] = { "!?", "!?" },
    [6] = { "?!", "?!" },
    [7] = { "\\onlymove{}", "□" },
    [8] = { "\\onlymove{}", "□" },
    [10] = { "\\equal{}", "\\=" },
    [11] = { "\\equal{}", "\\=" },
    [12] = { "\\equal{}", "\\=" },
    [13] = { "\\unclear{}", "∞" },
    [14] = { "\\wbetter{}", "⩲" },
    [15] = { "\\bbetter{}", "⩱" },
    [16] = { "\\wupperhand{}", "±" },
    [17] = { "\\bupperhand{}", "∓" },
    [18] = { "\\wdecisive{}", "\\+−" },
    [19] = { "\\bdecisive{}", "−\\+" },
    [20] = { "\\wdecisive{}", "\\+−" },
    [21] = { "\\bdecisive{}", "−\\+" },
    [22] = { "\\zugzwang{}", "⨀" },
    [23] = { "\\zugzwang{}", "⨀" },
    [24] = { "\\moreroom{}", "○" },
    [25] = { "\\moreroom{}", "○" },
    [26] = { "\\moreroom{}", "○" },
    [27] = { "\\moreroom{}", "○" },
    [28] = { "\\moreroom{}", "○" },
    [29] = { "\\moreroom{}", "○" },
    [30] = { "\\devadvantage{}", "⟳" },
    [31] = { "\\devadvantage{}", "⟳" },
    [32] = { "\\devadvantage{}", "⟳" },
    [33] = { "\\devadvantage{}", "⟳" },
    [34] = { "\\devadvantage{}", "⟳" },
    [35] = { "\\devadvantage{}", "⟳" },
    [36] = { "\\withinit{}", "↑" },
    [37] = { "\\withinit{}", "↑" },
    [38] = { "\\withinit{}", "↑" },
    [39] = { "\\withinit{}", "↑" },
    [40] = { "\\withattack{}", "→" },
    [41] = { "\\withattack{}", "→" },
    [42] = { "\\without\\compensation{}", NULL },
    [43] = { "\\without\\compensation{}", NULL },
    [44] = { "\\compensation{}", "\\=∞" },
    [45] = { "\\compensation{}", "\\=∞" },
    [46] = { "\\compensation{}", "\\=∞" },
    [47] = { "\\compensation{}", "\\=∞" },
    [130] = { "\\counterplay{}", "⇆" },
    [131] = { "\\counterplay{}", "⇆" },
    [132] = { "\\counterplay{}", "⇆" },
    [133] = { "\\counterplay{}", "⇆" },
    [134] = { "\\counterplay{}", "⇆" },
    [135] = { "\\counterplay{}", "⇆" },
    [136] = { "\\timelimit{}", "⊕" },
    [137] = { "\\timelimit{}", "⊕" },
    [138] = { "\\timelimit{}", "⊕" },
    [139] = { "\\timelimit{}", "⊕" },
    [140] = { "\\withidea{}", "∆" },
    [142] = { "\\betteris{}", "⌓" },
    [145] = { "\\chesscomment{}", NULL },
    [146] = { "\\novelty{}", "N" },
};

struct print {
    const struct print_markup *m;
    int need_number; /* the next move gets its number, Black's too ("12...") */
    int in_moves;    /* a paragraph of moves is open */
    int fresh;       /* nothing yet in the paragraph or the bracket: no space before */
    struct print_text unicode[PIECE_TYPE_NB]; /* the figurines moves are written with */
};

static struct print *print_of(struct go_game *w) { return w->ctx; }

static void text(struct go_game *w, const char *s, size_t n) { print_of(w)->m->text(w, s, n); }

static void put(struct go_game *w, struct print_text t) { go_put(w, t.s, t.n); }

/* Opens the paragraph of moves when a diagram (or the heading) closed it. */
static void open_moves(struct go_game *w)
{
    struct print *p = print_of(w);
    if (!p->in_moves) {
        put(w, p->m->moves_begin);
        p->in_moves = 1;
        p->fresh = 1;
    }
}

/* Starts the next word of the moves: a space before it, unless it opens a paragraph or bracket. */
static void next_word(struct go_game *w)
{
    struct print *p = print_of(w);
    open_moves(w);
    if (!p->fresh)
        go_put(w, " ", 1);
    p->fresh = 0;
}

/* A diagram of position pos, between two paragraphs of moves. */
static void diagram(struct go_game *w, const struct pos *pos)
{
    struct print *p = print_of(w);
    char fen[FEN_MAX];
    if (p->in_moves)
        put(w, p->m->moves_end);
    p->in_moves = 0;
    put(w, p->m->diagram_begin);
    go_put(w, fen, pos_to_fen(pos, w->o->opts.fen_flags, fen));
    put(w, p->m->diagram_end);
    p->need_number = 1;
}

/*
 * Comment c as text, without its commands (data for programs, not words
 * for readers) and without the diagram markers. Returns 1 when c holds a
 * marker: the caller puts the diagram.
 */
static int comment(struct go_game *w, const struct game_comment *c)
{
    const char *s = c->plain;
    size_t n = c->plain_len, k = sizeof diagram_marker - 1;
    struct buf *b = &w->o->scratch2;
    int marker = 0;
    buf_reset(b);
    for (size_t i = 0, from = 0; i <= n && !w->err; i++) {
        int at_marker = n - i >= k && i < n && !memcmp(s + i, diagram_marker, k);
        if (i == n || at_marker) {
            w->err = buf_append(b, s + from, i - from);
            marker |= at_marker;
            from = at_marker ? i + k : i;
            i = at_marker ? i + k - 1 : i;
        }
    }
    if ((w->o->opts.strip & GO_STRIP_COMMENTS) || (c->flags & GAME_COMMENT_RESULT) || w->err)
        return marker;
    size_t from = 0, len = b->len;
    while (from < len && ascii_is_space(b->data[from]))
        from++;
    while (len > from && ascii_is_space(b->data[len - 1]))
        len--;
    if (len == from)
        return marker; /* "[#]" alone: nothing to print */
    struct print *p = print_of(w);
    next_word(w);
    put(w, p->m->comment_begin);
    text(w, b->data + from, len - from);
    put(w, p->m->comment_end);
    p->need_number = 1;
    return marker;
}

/* The comments first..first+count before a line's first move; 1 when one asks for a diagram. */
static int comments(struct go_game *w, uint32_t first, uint32_t count)
{
    int marker = 0;
    for (uint32_t k = 0; k < count; k++)
        marker |= comment(w, &w->g->comments[first + k]);
    return marker;
}

/* The comments of move m at slot (go_comment_slot); 1 when one asks for a diagram. */
static int move_comments(struct go_game *w, const struct game_move *m, uint32_t slot)
{
    int marker = 0;
    for (uint32_t k = 0; k < m->comment_count; k++)
        if (go_comment_slot(w, m, m->comment_first + k) == slot)
            marker |= comment(w, &w->g->comments[m->comment_first + k]);
    return marker;
}

/* Tag name's value as printed: NULL when missing or unknown ("?", "????.??.??"). */
static const char *known(const struct go_game *w, const char *name)
{
    const char *v = go_tag_value(w, name);
    if (!v || !*v || strspn(v, "?.- ") == strlen(v))
        return NULL;
    return v;
}

/* A player and, when known, the rating: "Carlsen, Magnus (2882)". */
static void player(struct go_game *w, const char *name_tag, const char *elo_tag)
{
    const char *name = known(w, name_tag), *elo = known(w, elo_tag);
    name = name ? name : "?";
    text(w, name, strlen(name));
    if (elo) {
        text(w, " (", 2);
        text(w, elo, strlen(elo));
        text(w, ")", 1);
    }
}

/* The heading: the players, then what else the tags say of the game. */
static void heading(struct go_game *w)
{
    /* Variant too: a Chess960 game prints as any other (its positions are
     * diagrams like any, its castling O-O), so the heading says what it is. */
    static const char *const info[] = { "Event", "Site", "Date", "Round", "ECO", "Opening",
                                        "Variant", "Annotator" };
    const struct print_markup *m = print_of(w)->m;
    if (w->o->opts.strip & GO_STRIP_TAGS)
        return;
    put(w, m->heading_begin);
    player(w, "White", "WhiteElo");
    put(w, m->players_sep);
    player(w, "Black", "BlackElo");
    put(w, m->heading_end);
    int any = 0;
    for (size_t k = 0; k < sizeof info / sizeof *info; k++) {
        const char *v = known(w, info[k]);
        if (!v)
            continue;
        if (any)
            go_put(w, ", ", 2);
        else
            put(w, m->info_begin);
        if (!strcmp(info[k], "Round"))
            text(w, "Round ", 6);
        size_t n = strlen(v);
        /* A date known to the year or month: "1851.??.??" is printed 1851. */
        if (!strcmp(info[k], "Date"))
            while (n > 3 && !memcmp(v + n - 3, ".??", 3))
                n -= 3;
        text(w, v, n);
        any = 1;
    }
    if (any)
        put(w, m->info_end);
}

/* The move of s, its figurines as the markup writes them. */
static void move_text(struct go_game *w, const struct go_step *s)
{
    const struct print_markup *m = print_of(w)->m;
    char mv[MOVE_TEXT_MAX];
    size_t n = go_move_text(w, s, mv);
    for (size_t i = 0; i < n;) {
        const struct print_text *u = print_of(w)->unicode;
        int t = PIECE_TYPE_NB;
        if ((unsigned char)mv[i] >= 0x80)
            for (t = 0; t < PIECE_TYPE_NB; t++)
                if (n - i >= u[t].n && !memcmp(mv + i, u[t].s, u[t].n))
                    break;
        if (t < PIECE_TYPE_NB && m->figurine[t].s) {
            put(w, m->figurine[t]);
            i += u[t].n;
        } else {
            size_t j = i + 1;
            while (j < n && ((unsigned char)mv[j] & 0xc0) == 0x80)
                j++;
            text(w, mv + i, j - i);
            i = j;
        }
    }
}

/* The NAGs of move m: each the markup's symbol, or a note when it has none. */
static void nags(struct go_game *w, const struct go_step *s, const struct game_move *gm)
{
    const struct print_markup *m = print_of(w)->m;
    if (w->o->opts.strip & GO_STRIP_NAGS)
        return;
    for (uint32_t k = 0; k < gm->nag_count; k++) {
        unsigned nag = w->g->nags[gm->nag_first + k];
        const char *sym = nag < sizeof nag_symbols / sizeof *nag_symbols
                              ? nag_symbols[nag][m->id] : NULL;
        if (sym && *sym) {
            go_puts(w, sym);
            continue;
        }
        struct go_note note = { s->i, nag, m->name };
        if (!w->err)
            w->err = buf_append(&w->o->notes, &note, sizeof note);
    }
}

static void line_begin(struct go_game *w, uint32_t var, uint32_t depth, const struct pos *pos)
{
    struct print *p = print_of(w);
    const struct game_var *v = &w->g->vars[var];
    if (depth) {
        next_word(w);
        if (depth == 1)
            put(w, p->m->var_begin);
        else
            go_put(w, "(", 1);
        p->fresh = 1;
    }
    if ((depth || go_lead_comments(w)) && comments(w, v->comment_first, v->comment_count))
        diagram(w, pos);
    else if (!depth && go_ply_in(w->o->opts.diagrams, w->o->opts.ndiagrams, w->first, w->limit))
        diagram(w, pos);
    p->need_number = 1;
}

static void line_end(struct go_game *w, uint32_t var, uint32_t depth)
{
    struct print *p = print_of(w);
    if (!depth)
        return;
    open_moves(w);
    if (depth == 1)
        put(w, p->m->var_end);
    else
        go_put(w, ")", 1);
    p->need_number = 1;
    const struct game_move *m = &w->g->moves[w->g->vars[var].parent];
    /* The comments standing after this variation, about the move it replaces. */
    move_comments(w, m, var - m->var_first + 1);
}

static void move(struct go_game *w, const struct go_step *s)
{
    struct print *p = print_of(w);
    const struct game_move *gm = &w->g->moves[s->i];
    char num[GO_NUM_MAX], *d = num + sizeof num;
    next_word(w);
    if (!s->depth)
        put(w, p->m->main_begin);
    if ((s->before->side == WHITE || p->need_number) &&
        !(w->o->opts.flags & GO_NO_MOVE_NUMBERS)) {
        /* The digits by hand, as the PGN writer does: this runs for every move. */
        uint32_t k = s->before->fullmove;
        do
            *--d = (char)('0' + k % 10);
        while (k /= 10);
        go_put(w, d, (size_t)(num + sizeof num - d));
        put(w, s->before->side == WHITE ? p->m->white_number : p->m->black_number);
    }
    p->need_number = 0;
    move_text(w, s);
    nags(w, s, gm);
    if (!s->depth)
        put(w, p->m->main_end);
    int marker = move_comments(w, gm, 0);
    /* After a diagram the next move gets its number again (diagram() says so). */
    if (marker || (!s->depth && go_ply_in(w->o->opts.diagrams, w->o->opts.ndiagrams, s->ply,
                                          w->limit)))
        diagram(w, s->after);
}

void game_print_write(struct go_game *w, const struct print_markup *m)
{
    static const struct go_visit visit = { line_begin, move, NULL, line_end };
    struct print p = { .m = m, .need_number = 1 };
    for (int t = 0; t < PIECE_TYPE_NB; t++) {
        p.unicode[t].s = notation_figurine(WHITE, t);
        p.unicode[t].n = strlen(p.unicode[t].s);
    }
    w->ctx = &p;
    heading(w);
    go_walk(w, &visit);
    if (!(w->o->opts.flags & GO_NO_RESULTS)) {
        next_word(w);
        put(w, m->result[w->result <= PGN_RESULT_UNKNOWN ? w->result : 0]);
    }
    /* The comments after the result. */
    comments(w, w->g->post_first, w->g->post_count);
    if (p.in_moves)
        put(w, m->moves_end);
    put(w, m->game_end);
    w->ctx = NULL;
}

size_t game_out_notes(const struct game_out *o, const struct go_note **notes)
{
    *notes = (const struct go_note *)(const void *)o->notes.data;
    return o->notes.len / sizeof **notes;
}
