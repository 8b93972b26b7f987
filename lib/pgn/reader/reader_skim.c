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
    if ((c == '0' || c == '1' || c == 0xC2) && n < 8 && glue_chars(p, n) &&
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

/*
 * Every spelling of a result has a '-', '/', ':', '*', '½' or an en dash (glued ones
 * too), and starts with a digit, '½' or is '*'. So the rest of a line from
 * b[*i] (a token boundary) ends no game and opens no comment when those
 * bytes, braces, ';' and '[' occur in it only inside words that start with a
 * letter ("O-O", "e2-e4", "Sf3:e5"): such a word is a move, and no glued
 * result or castling can take it in. Returns 1 with *i at the line end when
 * the rest of the line is such; else 2 with *i at the token to read word by
 * word from (what comes before it on the line holds no result), or 0 to
 * read the line word by word from *i.
 */
static inline int clean_rest(const unsigned char *b, size_t *i, size_t safe)
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
            return 2;
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
            if (e == w || v == e || may_glue(b + v, e - v))
                return 0;
        }
        *i = w;
        return 2;
    }
    *i = k;
    return 1;
}

/* What skim_eol() found after a line end. */
enum { LE_TOKEN, LE_CONTINUE, LE_EOL, LE_END, LE_PARSE };

/*
 * skim()'s line end at b[*i] (also inside a comment), with the game's
 * window refilled when the line was its last: returns LE_END with *end set
 * when the game ends (a tag pair line outside a comment, the end of the
 * input), LE_PARSE to give up, LE_CONTINUE to scan on (inside a comment, an
 * escape line), LE_TOKEN at a token to read from *i, LE_EOL with *i at the
 * next line end when the rest of the line holds no result (clean_rest()),
 * or a fatal status. *b, *ls and *line follow.
 */
static inline ALWAYS_INLINE int skim_eol(struct pgn_reader *r, const unsigned char **bp,
                                         size_t *ip, ptrdiff_t *ls, uint64_t *line,
                                         int in_comment, int after_result, size_t *end)
{
    const unsigned char *cls = pgn_lex_class, *b = *bp;
    size_t i = *ip;
    i += (b[i] == '\r' && b[i + 1] == '\n') ? 2 : 1;
    ++*line;
    *ls = (ptrdiff_t)i;
    *ip = i;
    if (i - r->gstart > r->lim.max_game / 2)
        return LE_PARSE;
    if (i >= r->safe) {
        size_t irel = i - r->gstart;
        r->pos = i;
        int rc = reader_refill(r);
        *bp = b = r->buf;
        *ip = i = r->gstart + irel;
        *ls = (ptrdiff_t)i;
        if (rc == R_END && !in_comment) {
            *end = r->len;
            return LE_END;
        }
        if (rc < 0 && rc != PGN_ETOOBIG)
            return rc;
        if (rc != R_OK)
            return LE_PARSE;
    }
    /* A tag pair as the first token of a line ends the game. */
    size_t k = i;
    while (cls[b[k]] & LX_SPACE)
        k++;
    if (b[k] == '[') {
        const unsigned char *name;
        size_t name_len;
        if (in_comment || !pgn_lex_tag_start(b + k, b + r->safe, &name, &name_len))
            return LE_PARSE;
        *end = (size_t)*ls;
        return LE_END;
    }
    if (in_comment)
        return LE_CONTINUE;
    if (b[i] == '%') { /* an escape line */
        while (!(cls[b[i]] & LX_EOL))
            i++;
        *ip = i;
        return LE_CONTINUE;
    }
    *ip = k;
    if (!after_result && clean_rest(b, ip, r->safe) == 1)
        return LE_EOL; /* else read words from *ip */
    return LE_TOKEN;
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
 * other byte of a line with one table lookup.
 *
 * Returns SKIM_LAZY with ps->split, pos, line and lstart where reader_parse_game()
 * would leave them; SKIM_PARSE with pos, line and lstart as they were (the
 * window may have grown or moved); or a fatal status.
 */
static int skim(struct pgn_reader *r)
{
    const unsigned char *cls = pgn_lex_class;
    const unsigned char *sk = skim_class;
    const size_t word_rel = r->pos - r->gstart;
    const ptrdiff_t lstart_rel = r->lstart - (ptrdiff_t)r->gstart;
    const uint64_t line0 = r->line;
    const unsigned char *b = r->buf;
    size_t i = r->pos;        /* next byte */
    ptrdiff_t ls = r->lstart; /* start of its line */
    uint64_t line = r->line;
    const unsigned char stop = r->comment_stop;
    int after_result, rc;
    uint32_t in_comment = 0;
    size_t end;

    after_result = skim_word(b, &i, b + r->safe);
    if (after_result == SKIM_GIVE_UP)
        goto parse;
    if (!after_result) {
        int clean = clean_rest(b, &i, r->safe);
        if (clean == 1)
            goto eol;
        if (clean == 2)
            goto token;
    }
    for (;;) {
        unsigned c;
        if (in_comment) {
            if (skim_comment(b, &i, &in_comment, stop))
                goto eol;
            goto token;
        }
        if (!after_result) {
            for (;;) {
                /* Letters, digits and punctuation inside words. */
                while ((c = b[i]), sk[c] == SK_PLAIN)
                    i++;
                /* The usual boundary: a blank, then a move or a move number ("12."). */
                unsigned d = b[i + 1];
                if (c != ' ' || sk[d] != SK_PLAIN)
                    break;
                if (cls[d] & LX_DIGIT) {
                    size_t q = i + 2;
                    while (cls[b[q]] & LX_DIGIT)
                        q++;
                    if (b[q] != '.')
                        break;
                    i = q + 1;
                    continue;
                }
                i += 2;
            }
        } else {
            /* After the result: nothing but blanks and comments. */
            while ((c = b[i]), (cls[c] & LX_SPACE))
                i++;
            if (sk[c] != SK_EOL && c != '{' && c != ';')
                goto parse;
        }
        switch (sk[c]) {
        case SK_SPACE:
            do
                i++;
            while (cls[b[i]] & LX_SPACE);
            goto token;
        case SK_WORD8:
            if (cls[b[i - 1]] & LX_WORD) { /* inside a word */
                i++;
                continue;
            }
            goto token;
        case SK_LBRACE:
            in_comment = 1;
            i++;
            continue;
        case SK_SEMI:
            while (!(cls[b[i]] & LX_EOL))
                i++;
            continue;
        case SK_STAR:
            after_result = 1;
            i++;
            continue;
        case SK_PAREN:
            i++;
            goto token;
        case SK_DOLLAR:
            i++;
            while (cls[b[i]] & LX_WORD)
                i++;
            continue;
        case SK_EOL:
            break;
        default: /* '[' or '%' inside a line, '}' ']' '"' control characters: errors */
            goto parse;
        }
    eol:
        switch (rc = skim_eol(r, &b, &i, &ls, &line, in_comment != 0, after_result, &end)) {
        case LE_EOL:
            goto eol;
        case LE_END:
            break;
        case LE_PARSE:
            goto parse;
        case LE_CONTINUE:
            continue;
        case LE_TOKEN:
            goto token;
        default:
            return rc;
        }
        break;
    token:
        /* b[i] may start a word: only digits and "½" may make a result. */
        if (after_result)
            continue;
        c = b[i];
        if (cls[c] & LX_DIGIT) {
            size_t q = i + 1;
            while (cls[b[q]] & LX_DIGIT)
                q++;
            if (b[q] == '.') { /* a move number, maybe with its move */
                i = q + 1;
                continue;
            }
        } else if (c != 0xC2 && c != 0xEF) {
            continue;
        }
        after_result = skim_word(b, &i, b + r->safe);
        if (after_result == SKIM_GIVE_UP)
            goto parse;
    }
    if (end - r->gstart > r->lim.max_game / 2)
        goto parse;
    r->ps.split = end;
    r->pos = end < r->len ? end : i;
    r->line = line;
    r->lstart = ls;
    return SKIM_LAZY;
parse:
    r->pos = r->gstart + word_rel;
    r->line = line0;
    r->lstart = (ptrdiff_t)r->gstart + lstart_rel;
    return SKIM_PARSE;
}

/* What pgn_reader_complete() needs to parse the game again from buf[idx]
 * (its first movetext word, or its first byte), saved before the game is
 * skimmed or split. */
void reader_lazy_save(struct pgn_reader *r, size_t idx)
{
    struct lazy *z = &r->lazy;
    r->lazy_tried = 1;
    copy_record(&z->ps, &r->ps, sizeof z->ps);
    z->word_rel = idx - r->gstart;
    z->lstart_rel = r->lstart - (ptrdiff_t)r->gstart;
    z->line = r->line;
    z->nerrors = r->errors.len;
    z->nrtags = r->rtags.len;
}

/* Offers the game to skim() at its first movetext word buf[idx]; saves what completion needs. */
int reader_lazy_skim(struct pgn_reader *r, size_t idx)
{
    struct lazy *z = &r->lazy;
    r->pos = idx;
    reader_lazy_save(r, idx);
    start_token(r, idx);
    int rc = skim(r);
    if (rc == SKIM_LAZY) {
        z->active = 1;
        z->gstart = r->gstart;
    } else {
        r->ps = z->ps;
    }
    return rc;
}
