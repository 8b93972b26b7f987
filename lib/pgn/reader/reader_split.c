/* reader_split.c - SPLITTING ONLY: plain games cut from the input in one pass over their bytes. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/*
 * SPLITTING ONLY without the tag pass and the skim. Most games of a
 * database are nothing but tag pair lines, empty lines and lines of moves
 * that end in the result, and with PGN_READER_SPLIT nothing of them is
 * wanted but where they end. reader_split_plain() takes such a game from its first
 * byte in one pass over its bytes and ends it where reader_parse_game() and skim()
 * do: at the next line that starts with a tag pair. What it takes is
 * narrower than what skim() takes (a game's first word included), so every
 * game it splits is a game skim() would have split at the same byte.
 * Comments closed on their line, NAGs and variations may come between the
 * moves (lichess writes a clock comment after each). Anything else
 * (comments over lines, escape lines, tabs, control or non-ASCII bytes
 * outside tag values, moves and comments, a second Event tag, a word that
 * could join the result, the end of the window or of the input) leaves the
 * game untouched to the usual way.
 */

/* What reader_split_plain() makes of a byte of a line of moves (SPLIT_OTHER: see split_token()). */
enum { SPLIT_MOVE = 0, SPLIT_EOL, SPLIT_MARK, SPLIT_OTHER };
static unsigned char split_class[256];

void reader_split_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned char k = SPLIT_OTHER;
        if (ascii_is_alnum(c))
            k = SPLIT_MOVE;
        else if (c && strchr(" .+#=!?", (int)c))
            k = SPLIT_MOVE;
        else if (c == '\n' || c == '\r')
            k = SPLIT_EOL;
        else if (c && strchr("-/*", (int)c)) /* every result has one of them */
            k = SPLIT_MARK;
        split_class[c] = k;
    }
}

/*
 * The first byte of b[k..) that is not a letter, a digit, ' ', '.' or '+'
 * (nearly all of a line of moves), or one before it of SPLIT_MOVE that the
 * caller passes over; there is a line end before safe.
 */
static inline size_t split_stop(const unsigned char *b, size_t k, size_t safe)
{
    return simd_skip_alnum_dot(b, k, safe, split_class); /* SPLIT_MOVE is 0 */
}

/* After the line end at b[k] ('\n' or "\r\n"): the next line's start, or 0
 * when b[k] ends no line that way or no complete line follows in the window. */
static inline size_t split_eol(const unsigned char *b, size_t k, size_t safe, uint64_t *lines)
{
    k += b[k] == '\r';
    if (b[k] != '\n')
        return 0;
    ++*lines;
    return k + 1 < safe ? k + 1 : 0;
}

/* 1 when c may follow a result: a blank or a line end. */
static inline int split_after_result(unsigned c)
{
    return c == ' ' || split_class[c] == SPLIT_EOL;
}

/*
 * After the token at b[k] that is not a word, on the line starting at ls:
 * a comment closed on its line, a NAG, or a parenthesis; 0 for anything
 * else. A '(' right after a word that starts with a digit ("12(") is left
 * to the usual way, as skim_word() leaves it.
 */
static size_t split_token(const struct reader_window *w, const struct pgn_limits *lim,
                          unsigned char comment_stop, size_t ls, size_t k)
{
    const unsigned char *b = w->buf, *cls = pgn_lex_class;
    size_t q = k + 1;
    switch (b[k]) {
    case '{': /* nested comments stop at an inner '{' too: left to the usual way */
        while (!(cls[b[q]] & comment_stop))
            q++;
        return b[q] == '}' && q - k - 1 <= lim->max_comment ? q + 1 : 0;
    case '$':
        while (ascii_is_digit(b[q]))
            q++;
        return q > k + 1 && !(cls[b[q]] & LX_WORD) ? q : 0;
    case '(': {
        size_t word = word_start(b, ls, k);
        return word < k && ascii_is_digit(b[word]) ? 0 : q;
    }
    case ')':
        return q;
    default:
        return 0;
    }
}

/*
 * The result at b[w..e) on the line starting at ls ends the game, with
 * lines line ends so far: nothing but blanks may follow it up to a line
 * that starts with a tag pair, where the game ends. Returns that line's
 * start, or 0. A word before the result that pgn_lex_glue() may join with
 * it ("O-O 1-0") is left to the usual way, as skim() leaves it.
 */
static size_t split_end(const struct reader_window *win, size_t ls, size_t w, size_t e,
                        uint64_t *lines)
{
    const unsigned char *b = win->buf, *cls = pgn_lex_class;
    size_t v = w;
    while (v > ls && b[v - 1] == ' ')
        v--;
    if (v > ls && (cls[b[v - 1]] & LX_WORD)) {
        size_t u = word_start(b, ls, v);
        if (pgn_lex_may_glue(b + u, v - u))
            return 0;
    } else if (v > ls && b[v - 1] != '}' && b[v - 1] != ')') {
        return 0;
    }
    size_t k = e;
    for (;;) {
        while (b[k] == ' ')
            k++;
        if (!(k = split_eol(b, k, win->safe, lines)))
            return 0;
        if (b[k] == '[')
            break;
    }
    const unsigned char *name;
    size_t name_len;
    if (!pgn_lex_tag_start(b + k, b + win->safe, &name, &name_len))
        return 0;
    return k;
}

/* The tag section from b[k], plain tag pairs one to a line ('[' name ' ' '"' value '"' ']'),
 * and the empty lines after it: returns where the movetext starts, or 0 when the game is not
 * plain. *lines counts the line ends. */
static size_t split_tags(const struct reader_window *w, const struct pgn_limits *lim, size_t k,
                         uint64_t *lines)
{
    const unsigned char *b = w->buf;
    const size_t safe = w->safe;
    unsigned tags = 0, events = 0;
    while (b[k] == '[') {
        size_t name_end, vend;
        int vec;
        if (!plain_tag_pair(b, k, safe, lim->max_tag_value, &name_end, &vend, &vec))
            return 0;
        /* A second Event tag would start the next game (see reader_bracket()). */
        events += name_end - k == 6 && !memcmp(b + k + 1, "Event", 5);
        if (!(k = split_eol(b, vend + 2, safe, lines)))
            return 0;
        tags++;
    }
    if (!tags || events > 1 || tags > lim->max_tags)
        return 0;
    while (b[k] == '\n' || b[k] == '\r')
        if (!(k = split_eol(b, k, safe, lines)))
            return 0;
    return k;
}

/*
 * The game at r->win.gstart (reader_begin_game() done) split in one pass when it is
 * plain as the top of this file says: sets its end and the lazy state as skim() would, and
 * returns 1; else 0, with nothing changed.
 */
int reader_split_plain(struct pgn_reader *r)
{
    const unsigned char *b = r->win.buf, *cls = pgn_lex_class;
    const size_t g = r->win.gstart, safe = r->win.safe;
    size_t k = g, end = 0;
    uint64_t lines = 0;
    if (r->win.io_status || r->win.lstart != (ptrdiff_t)g || g >= safe)
        return 0;
    if (!(k = split_tags(&r->win, &r->lim, k, &lines)))
        return 0;
    /* Lines of moves, from a word (where skim() would start). */
    if (!ascii_is_letter(b[k]) && !ascii_is_digit(b[k]))
        return 0;
    size_t ls = k; /* the line's start */
    while (!end) {
        k = split_stop(b, k, safe);
        unsigned c = b[k];
        switch (split_class[c]) {
        case SPLIT_MOVE: /* '#' '=' '!' '?' */
            k++;
            continue;
        case SPLIT_EOL:
            if (!(k = split_eol(b, k, safe, &lines)))
                return 0;
            ls = k;
            continue;
        case SPLIT_MARK:
            break;
        default:
            if (!(k = split_token(&r->win, &r->lim, r->comment_stop, ls, k)))
                return 0;
            continue;
        }
        /* '-' '/' '*': in a move ("O-O", "e2-e4"), in a move after its
         * number ("12.O-O"), or the result, which must end the game. */
        size_t w = word_start(b, ls, k);
        if (c == '*') {
            if (w != k || !split_after_result(b[k + 1]))
                return 0;
            end = split_end(&r->win, ls, k, k + 1, &lines);
            if (!end)
                return 0;
            break;
        }
        if (w == k)
            return 0;
        size_t d = w;
        while (ascii_is_digit(b[d]))
            d++;
        if (ascii_is_letter(b[w]) || (d > w && b[d] == '.')) {
            while (b[d] == '.')
                d++;
            if (!ascii_is_letter(b[d]))
                return 0; /* "12.1-0" */
            while (cls[b[k]] & LX_WORD)
                k++;
            continue;
        }
        size_t e = k;
        while (cls[b[e]] & LX_WORD)
            e++;
        if (d == w || pgn_lex_result(b + w, e - w) < 0 || !split_after_result(b[e]))
            return 0;
        end = split_end(&r->win, ls, w, e, &lines);
        if (!end)
            return 0;
    }
    if (end - g > r->lim.max_game / 2)
        return 0;
    struct parse *ps = &r->ps;
    /* For pgn_reader_complete(): the whole game to parse again. */
    reader_lazy_save(r, g);
    r->lazy.gstart = g;
    r->lazy.active = 1;
    mark_started(ps, r->win.line, col_of(&r->win, g), 0);
    ps->split = end;
    r->win.line += lines;
    r->win.lstart = (ptrdiff_t)end;
    r->win.pos = end;
    return 1;
}
