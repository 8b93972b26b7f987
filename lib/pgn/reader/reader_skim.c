/* reader_skim.c - LAZY MOVETEXT: the skim for the end of a game without recording it. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/clear_record.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/* Bytes skim() looks at; the others (letters, blanks, move punctuation) it passes over. */
enum { SK_PLAIN = 0, SK_SPACE, SK_WORD8, SK_EOL, SK_LBRACE, SK_SEMI, SK_STAR, SK_PAREN, SK_DOLLAR,
       SK_OTHER };
static unsigned char skim_class[256];
static unsigned char skim_hot[256]; /* bytes that may matter on a line: see skim() */
/* 0xE2: the en dash of "1–0" (a word starting with a letter, "O–O", stays a move). */
static const char skim_hot_bytes[] = "\n\r-/:*{};[\xC2\xE2\xEF";

void reader_skim_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned char k = SK_OTHER;
        if (c == 0xC2 || c == 0xEF) /* "½-½", a byte order mark */
            k = SK_WORD8;
        else if (pgn_lex_class[c] & LX_WORD)
            k = SK_PLAIN;
        else if (pgn_lex_class[c] & LX_SPACE)
            k = SK_SPACE;
        else if (pgn_lex_class[c] & LX_EOL)
            k = SK_EOL;
        else if (c == '{')
            k = SK_LBRACE;
        else if (c == ';')
            k = SK_SEMI;
        else if (c == '*')
            k = SK_STAR;
        else if (c == '(' || c == ')')
            k = SK_PAREN;
        else if (c == '$')
            k = SK_DOLLAR;
        skim_class[c] = k;
        skim_hot[c] = c && strchr(skim_hot_bytes, (int)c);
    }
}

/*
 * The word starting at b[*i]: 1 when reader_word() would read a result there, 0
 * when not, SKIM_GIVE_UP to leave the game to the full parser. *i moves past
 * what reader_word() would take.
 */
enum { SKIM_GIVE_UP = -1 };

static int skim_word(const unsigned char *b, size_t *i, const unsigned char *end)
{
    const unsigned char *cls = pgn_lex_class;
    const unsigned char *p = b + *i, *q = p;
    unsigned c = *p;
    if (c == 0xEF)
        return SKIM_GIVE_UP;
    if (cls[c] & LX_DIGIT) {
        while (cls[*q] & LX_DIGIT)
            q++;
        if (*q == '.') { /* a move number, maybe with its move: never a result */
            while (cls[*q] & LX_WORD)
                q++;
            *i = (size_t)(q - b);
            return 0;
        }
    } else if (c != 0xC2) {
        while (cls[*q] & LX_WORD)
            q++;
        *i = (size_t)(q - b);
        return 0;
    }
    while (cls[*q] & LX_WORD)
        q++;
    size_t n = (size_t)(q - p);
    if (*q == '(')
        return SKIM_GIVE_UP;
    if (pgn_lex_may_glue(p, n) &&
        ascii_is_blank(*q)) {
        int kind, result;
        size_t glued = pgn_lex_glue(p, end, &kind, &result);
        if (glued) {
            *i += glued;
            return kind == PGN_W_RESULT;
        }
    }
    struct pgn_word w;
    pgn_lex_word(p, n, &w);
    *i = (size_t)(q - b);
    return w.kind == PGN_W_RESULT;
}

/* What clean_rest() found on the rest of a line. */
enum clean_rest {
    CLEAN_WORDS, /* read the line word by word from where it started */
    CLEAN_LINE,  /* nothing on it can end the game: *i at the line end */
    CLEAN_TOKEN, /* read word by word from the token at *i (nothing before it matters) */
};

/*
 * Every spelling of a result has a '-', '/', ':', '*', '½' or an en dash (glued ones
 * too), and starts with a digit, '½' or is '*'. So the rest of a line from
 * b[*i] (a token boundary) ends no game and opens no comment when those
 * bytes, braces, ';' and '[' occur in it only inside words that start with a
 * letter ("O-O", "e2-e4", "Sf3:e5"): such a word is a move, and no glued
 * result or castling can take it in. Returns CLEAN_LINE with *i at the line
 * end when the rest of the line is such; else CLEAN_TOKEN with *i at the
 * token to read word by word from (what comes before it on the line holds no
 * result), or CLEAN_WORDS to read the line word by word from *i.
 */
static inline enum clean_rest clean_rest(const unsigned char *b, size_t *i, size_t safe)
{
    const unsigned char *cls = pgn_lex_class;
    size_t k = *i;
    for (;;) {
        k = simd_first_hot(b, k, safe, skim_hot); /* a superset */
        unsigned c = b[k];
        if (!skim_hot[c]) { /* only in simd_first_hot()'s superset */
            k++;
            continue;
        }
        if (cls[c] & LX_EOL)
            break;
        if (!(cls[c] & LX_WORD)) { /* '{' ';' '*' '[': a token of its own */
            *i = k;
            return CLEAN_TOKEN;
        }
        size_t w = word_start(b, *i, k);
        if (ascii_is_letter(b[w]) && w != k) {
            while (cls[b[k]] & LX_WORD)
                k++;
            continue;
        }
        /* A word that may be a result: start at it, unless the word before may glue onto it. */
        if (w > *i) {
            size_t e = w;
            while (e > *i && ascii_is_blank(b[e - 1]))
                e--;
            size_t v = word_start(b, *i, e);
            if (e == w || v == e || pgn_lex_may_glue(b + v, e - v))
                return CLEAN_WORDS;
        }
        *i = w;
        return CLEAN_TOKEN;
    }
    *i = k;
    return CLEAN_LINE;
}

/*
 * skim()'s states. Each state is a function that returns the next one:
 *
 *   state      at                           goes to
 *   SS_SCAN    a byte of a line or comment  SS_TOKEN after a blank, '(' or ')',
 *                                           or out of a comment; SS_EOL at a line
 *                                           end; SS_SCAN past a comment opening, a
 *                                           ';' comment, '*', a NAG; SS_PARSE at
 *                                           what it does not know
 *   SS_EOL     a line end                   SS_END at a tag pair line or the end
 *                                           of the input; SS_EOL past a line that
 *                                           clean_rest() passed; SS_TOKEN at the
 *                                           next line's first token; SS_SCAN in a
 *                                           comment or after a % line; SS_PARSE
 *   SS_TOKEN   a token start                SS_SCAN (past a result, a number);
 *                                           SS_PARSE when skim_word() gives up
 *   SS_END     the game's end found         (skim() returns SKIM_LAZY, or
 *                                           SS_PARSE near max_game)
 *   SS_PARSE   give up                      (skim() returns SKIM_PARSE)
 */
enum skim_state { SS_SCAN, SS_EOL, SS_TOKEN, SS_END, SS_PARSE };

/* Where skim() reads: the part of the reader's window it moves through. */
struct skim_cursor {
    const unsigned char *b; /* the window's bytes (they move when it is refilled) */
    size_t i;               /* next byte */
    ptrdiff_t ls;           /* start of its line */
    uint64_t line;
    uint32_t in_comment;    /* braces open */
    int after_result;       /* a result was read: only blanks and comments may follow */
    size_t end;             /* at SS_END: where the game ends */
};

/*
 * SS_EOL: skim()'s line end at k->b[k->i] (also inside a comment), with the
 * game's window refilled when the line was its last. Returns the next state
 * (see skim_state) or a fatal status.
 */
static inline ALWAYS_INLINE int skim_eol(struct reader_window *w, size_t max_game,
                                         struct skim_cursor *k)
{
    const unsigned char *cls = pgn_lex_class, *b = k->b;
    size_t i = k->i;
    i += (b[i] == '\r' && b[i + 1] == '\n') ? 2 : 1;
    k->line++;
    k->ls = (ptrdiff_t)i;
    k->i = i;
    if (i - w->gstart > max_game / 2)
        return SS_PARSE;
    if (i >= w->safe) {
        size_t irel = i - w->gstart;
        w->pos = i;
        int rc = reader_refill(w, max_game);
        k->b = b = w->buf;
        k->i = i = w->gstart + irel;
        k->ls = (ptrdiff_t)i;
        if (rc == R_END && !k->in_comment) {
            k->end = w->len;
            return SS_END;
        }
        if (rc < 0 && rc != PGN_ETOOBIG)
            return rc;
        if (rc != R_OK)
            return SS_PARSE;
    }
    /* A tag pair as the first token of a line ends the game. */
    size_t t = i;
    while (cls[b[t]] & LX_SPACE)
        t++;
    if (b[t] == '[') {
        const unsigned char *name;
        size_t name_len;
        if (k->in_comment || !pgn_lex_tag_start(b + t, b + w->safe, &name, &name_len))
            return SS_PARSE;
        k->end = (size_t)k->ls;
        return SS_END;
    }
    if (k->in_comment)
        return SS_SCAN;
    if (b[i] == '%') { /* an escape line */
        while (!(cls[b[i]] & LX_EOL))
            i++;
        k->i = i;
        return SS_SCAN;
    }
    k->i = t;
    if (!k->after_result && clean_rest(b, &k->i, w->safe) == CLEAN_LINE)
        return SS_EOL;
    return SS_TOKEN; /* read words from k->i */
}

/*
 * Inside a comment at b[*i], with *depth braces open (more than 1 only
 * with nested comments, whose stop also holds '{'): 0 with *i after the
 * '}' that closes it, or 1 at a line end inside it.
 */
static inline ALWAYS_INLINE int skim_comment(const unsigned char *b, size_t *ip,
                                             uint32_t *depth, unsigned char stop)
{
    const unsigned char *cls = pgn_lex_class;
    size_t i = *ip;
    for (;;) {
        while (!(cls[b[i]] & stop))
            i++;
        if (b[i] == '{')
            ++*depth;
        else if (b[i] != '}')
            break;
        else if (!--*depth) {
            i++;
            break;
        }
        i++;
    }
    *ip = i;
    return *depth != 0;
}

/* Passes over letters, digits, punctuation inside words, and the usual boundary: a blank, then
 * a move or a move number ("12."). Returns at the first byte that is none of these. */
static inline ALWAYS_INLINE size_t skim_plain(const unsigned char *b, size_t i)
{
    const unsigned char *cls = pgn_lex_class, *sk = skim_class;
    for (;;) {
        unsigned c;
        while ((c = b[i]), sk[c] == SK_PLAIN)
            i++;
        unsigned d = b[i + 1];
        if (c != ' ' || sk[d] != SK_PLAIN)
            return i;
        if (cls[d] & LX_DIGIT) {
            size_t q = i + 2;
            while (cls[b[q]] & LX_DIGIT)
                q++;
            if (b[q] != '.')
                return i;
            i = q + 1;
            continue;
        }
        i += 2;
    }
}

/* SS_SCAN: reads on from k->i to the next token start, line end or comment; the next state. */
static inline ALWAYS_INLINE enum skim_state skim_scan(struct skim_cursor *k, unsigned char stop)
{
    const unsigned char *cls = pgn_lex_class, *b = k->b;
    size_t i = k->i;
    unsigned c;
    enum skim_state next = SS_SCAN;
    if (k->in_comment) {
        next = skim_comment(b, &k->i, &k->in_comment, stop) ? SS_EOL : SS_TOKEN;
        return next;
    }
    if (!k->after_result) {
        i = skim_plain(b, i);
        c = b[i];
    } else {
        /* After the result: nothing but blanks and comments. */
        while ((c = b[i]), (cls[c] & LX_SPACE))
            i++;
        if (skim_class[c] != SK_EOL && c != '{' && c != ';')
            next = SS_PARSE;
    }
    if (next != SS_PARSE) {
        switch (skim_class[c]) {
        case SK_SPACE:
            do
                i++;
            while (cls[b[i]] & LX_SPACE);
            next = SS_TOKEN;
            break;
        case SK_WORD8: /* inside a word, or a word of its own */
            next = (cls[b[i - 1]] & LX_WORD) ? SS_SCAN : SS_TOKEN;
            i += next == SS_SCAN;
            break;
        case SK_LBRACE:
            k->in_comment = 1;
            i++;
            break;
        case SK_SEMI:
            while (!(cls[b[i]] & LX_EOL))
                i++;
            break;
        case SK_STAR:
            k->after_result = 1;
            i++;
            break;
        case SK_PAREN:
            i++;
            next = SS_TOKEN;
            break;
        case SK_DOLLAR:
            i++;
            while (cls[b[i]] & LX_WORD)
                i++;
            break;
        case SK_EOL:
            next = SS_EOL;
            break;
        default: /* '[' or '%' inside a line, '}' ']' '"' control characters: errors */
            next = SS_PARSE;
            break;
        }
    }
    k->i = i;
    return next;
}

/* SS_TOKEN: b[i] may start a word; only digits and "½" may make a result. The next state. */
static inline ALWAYS_INLINE enum skim_state skim_token(struct skim_cursor *k,
                                                       const unsigned char *safe)
{
    const unsigned char *cls = pgn_lex_class, *b = k->b;
    if (k->after_result)
        return SS_SCAN;
    unsigned c = b[k->i];
    if (cls[c] & LX_DIGIT) {
        size_t q = k->i + 1;
        while (cls[b[q]] & LX_DIGIT)
            q++;
        if (b[q] == '.') { /* a move number, maybe with its move */
            k->i = q + 1;
            return SS_SCAN;
        }
    } else if (c != 0xC2 && c != 0xEF) {
        return SS_SCAN;
    }
    k->after_result = skim_word(b, &k->i, safe);
    return k->after_result == SKIM_GIVE_UP ? SS_PARSE : SS_SCAN;
}

/* The first word of the movetext, and the rest of its line when that is clean: the first state. */
static enum skim_state skim_first(struct skim_cursor *k, size_t safe)
{
    k->after_result = skim_word(k->b, &k->i, k->b + safe);
    if (k->after_result == SKIM_GIVE_UP)
        return SS_PARSE;
    if (k->after_result)
        return SS_SCAN;
    switch (clean_rest(k->b, &k->i, safe)) {
    case CLEAN_LINE:
        return SS_EOL;
    case CLEAN_TOKEN:
        return SS_TOKEN;
    case CLEAN_WORDS:
        break;
    }
    return SS_SCAN;
}

/*
 * LAZY MOVETEXT. Called at the first word of a game's movetext (buf[pos],
 * the game still in its tag section): scans ahead for the end of the game
 * without recording anything. It accepts only the plain case, where it can
 * tell for sure that reader_parse_game() would end the game at the same byte:
 * moves, numbers, NAGs, parentheses and comments, at most one result (found
 * as reader_word() finds it: glued forms and pgn_lex_word), after it only blanks,
 * comments and % lines, and then a tag pair line outside any comment, or the
 * end of the input. Anything else (a word or junk after the result, a '['
 * or % elsewhere, a tag pair line inside a comment, control characters, a
 * possible byte order mark, a game near max_game) gives up: the caller then
 * parses the game from pos as usual. Nothing but the window changes here.
 *
 * Only word starts can be results, and of those only words starting with a
 * digit (not followed by a dot) or with "½": the scan passes over every
 * other byte of a line with one table lookup. The scan is a state machine:
 * see skim_state.
 *
 * Returns SKIM_LAZY with ps->split, pos, line and lstart where reader_parse_game()
 * would leave them; SKIM_PARSE with pos, line and lstart as they were (the
 * window may have grown or moved); or a fatal status.
 */
static int skim(struct pgn_reader *r)
{
    const size_t word_rel = r->win.pos - r->win.gstart;
    const ptrdiff_t lstart_rel = r->win.lstart - (ptrdiff_t)r->win.gstart;
    const uint64_t line0 = r->win.line;
    const unsigned char stop = r->comment_stop;
    struct skim_cursor k = {
        .b = r->win.buf, .i = r->win.pos, .ls = r->win.lstart, .line = r->win.line,
    };
    int state = skim_first(&k, r->win.safe);
    for (;;) {
        switch (state) {
        case SS_SCAN:
            state = skim_scan(&k, stop);
            break;
        case SS_EOL:
            state = skim_eol(&r->win, r->lim.max_game, &k);
            if (state < 0)
                return state;
            break;
        case SS_TOKEN:
            state = skim_token(&k, r->win.buf + r->win.safe);
            break;
        case SS_END:
            if (k.end - r->win.gstart > r->lim.max_game / 2) {
                state = SS_PARSE;
                break;
            }
            r->ps.split = k.end;
            r->win.pos = k.end < r->win.len ? k.end : k.i;
            r->win.line = k.line;
            r->win.lstart = k.ls;
            return SKIM_LAZY;
        default: /* SS_PARSE */
            r->win.pos = r->win.gstart + word_rel;
            r->win.line = line0;
            r->win.lstart = (ptrdiff_t)r->win.gstart + lstart_rel;
            return SKIM_PARSE;
        }
    }
}

/* What pgn_reader_complete() needs to parse the game again from buf[idx]
 * (its first movetext word, or its first byte), saved before the game is
 * skimmed or split. */
void reader_lazy_save(struct pgn_reader *r, size_t idx)
{
    struct lazy *z = &r->lazy;
    r->lazy_tried = 1;
    copy_record(&z->ps, &r->ps, sizeof z->ps);
    z->word_rel = idx - r->win.gstart;
    z->lstart_rel = r->win.lstart - (ptrdiff_t)r->win.gstart;
    z->line = r->win.line;
    z->nerrors = r->rec.errors.len;
    z->nrtags = r->rec.rtags.len;
}

/* Offers the game to skim() at its first movetext word buf[idx]; saves what completion needs. */
int reader_lazy_skim(struct pgn_reader *r, size_t idx)
{
    struct lazy *z = &r->lazy;
    r->win.pos = idx;
    reader_lazy_save(r, idx);
    start_token(r, idx);
    int rc = skim(r);
    if (rc == SKIM_LAZY) {
        z->active = 1;
        z->gstart = r->win.gstart;
    } else {
        r->ps = z->ps;
    }
    return rc;
}
