/* name_like.c - fuzzy player names: Latin letters folded, words keyed by sound, matched in any order. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "query/name_like.h"
#include "base/banned.h"

/*
 * The ASCII of U+00C0..U+017F, one byte a code point: a letter, ' ' for a
 * sign (the multiplication and division signs), or a digit for two letters
 * (1 ae, 2 th, 3 ss, 4 ij, 5 oe).
 */
static const char latin_fold[] =
    "aaaaaa1ceeeeiiiidnooooo ouuuuy23" /* U+00C0 */
    "aaaaaa1ceeeeiiiidnooooo ouuuuy2y" /* U+00E0 */
    "aaaaaaccccccccdd"                 /* U+0100 */
    "ddeeeeeeeeeegggg"                 /* U+0110 */
    "gggghhhhiiiiiiii"                 /* U+0120 */
    "ii44jjkkklllllll"                 /* U+0130 */
    "lllnnnnnnnnnoooo"                 /* U+0140 */
    "oo55rrrrrrssssss"                 /* U+0150 */
    "ssttttttuuuuuuuu"                 /* U+0160 */
    "uuuuwwyyyzzzzzzs";                /* U+0170 */
static const char *const two_letters[] = { "ae", "th", "ss", "ij", "oe" };

_Static_assert(sizeof latin_fold == 0x180 - 0xC0 + 1, "one byte for each of U+00C0..U+017F");

enum { WORD_MAX = 32, GAME_WORDS = 16 };

struct word {
    char text[WORD_MAX]; /* folded; not NUL-terminated */
    size_t len;
    int surname; /* before the first comma of a name that has one */
};

struct words {
    struct word w[GAME_WORDS];
    int n;
};

static void put(struct words *ws, int *open, int surname, const char *s, size_t n)
{
    if (!*open) {
        if (ws->n == GAME_WORDS)
            return; /* the words after the sixteenth do not count */
        ws->w[ws->n].len = 0;
        ws->w[ws->n].surname = surname;
        ws->n++;
        *open = 1;
    }
    struct word *w = &ws->w[ws->n - 1];
    for (size_t i = 0; i < n && w->len < WORD_MAX; i++)
        w->text[w->len++] = s[i];
}

/* The words of s[0..len), folded. */
static void split(const char *s, size_t len, struct words *ws)
{
    const unsigned char *p = (const unsigned char *)s;
    int open = 0, has_comma = memchr(s, ',', len) != NULL, surname = has_comma;
    ws->n = 0;
    for (size_t i = 0; i < len;) {
        unsigned c = p[i];
        if (c < 0x80) {
            i++;
            if (c >= 'A' && c <= 'Z')
                c += 'a' - 'A';
            if (c >= 'a' && c <= 'z') {
                char ch = (char)c;
                put(ws, &open, surname, &ch, 1);
                continue;
            }
            open = 0;
            if (c == ',')
                surname = 0;
            continue;
        }
        /* Two-byte sequences of the Latin letters folded; any other
         * sequence of another script is kept as bytes of the word. */
        size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (i + n > len)
            n = len - i;
        unsigned cp = n == 2 ? ((c & 0x1F) << 6) | (p[i + 1] & 0x3F) : 0;
        if (cp >= 0xC0 && cp < 0x180) {
            char f = latin_fold[cp - 0xC0];
            if (f == ' ')
                open = 0;
            else if (f >= '1' && f <= '5')
                put(ws, &open, surname, two_letters[f - '1'], 2);
            else
                put(ws, &open, surname, &f, 1);
        } else if (cp >= 0x218 && cp < 0x21C) { /* Romanian s and t with comma below */
            put(ws, &open, surname, cp < 0x21A ? "s" : "t", 1);
        } else {
            put(ws, &open, surname, s + i, n);
        }
        i += n;
    }
}

/* The sound class of a letter: 0 for one with no sound of its own. */
static char letter_class(unsigned char c)
{
    static const char classes[26] = {
        0, 'P', 'K', 'T', 0, 'F', 'K', 0, 0, 0, 'K', 'L', 'M',
        'N', 0, 'P', 'K', 'R', 'S', 'T', 0, 'F', 'F', 'K', 0, 'S',
    };
    return c >= 'a' && c <= 'z' ? classes[c - 'a'] : (char)c;
}

/* The class of the sound at w[i..] and its length in letters. */
static char sound(const char *w, size_t len, size_t i, size_t *n)
{
    static const struct {
        const char *text;
        char cls;
    } clusters[] = {
        { "tsch", 'X' }, { "tch", 'X' }, { "sch", 'X' }, { "sh", 'X' }, { "ch", 'X' },
        { "zh", 'X' },   { "kh", 0 },    { "ph", 'F' },  { "ck", 'K' },
    };
    for (size_t k = 0; k < sizeof clusters / sizeof clusters[0]; k++) {
        size_t m = strlen(clusters[k].text);
        if (i + m <= len && !memcmp(w + i, clusters[k].text, m)) {
            *n = m;
            return clusters[k].cls;
        }
    }
    *n = 1;
    return letter_class((unsigned char)w[i]);
}

void name_like_key(const char *w, size_t len, char out[NAME_LIKE_KEY])
{
    size_t o = 0;
    char last = 0; /* the class written last, 0 after a letter without sound */
    for (size_t i = 0, n; i < len; i += n) {
        char cls = sound(w, len, i, &n);
        if (!cls) {
            if (i == 0 && o + 1 < NAME_LIKE_KEY)
                out[o++] = 'A'; /* a word that starts with a vowel-like letter */
            last = 0;
            continue;
        }
        char one[2] = { cls, 0 };
        for (const char *c = w[i] == 'x' && n == 1 ? "KS" : one; *c; c++) {
            if (*c != last && o + 1 < NAME_LIKE_KEY)
                out[o++] = *c;
            last = *c;
        }
    }
    out[o] = '\0';
}

int name_like_init(struct name_like *n, const char *name)
{
    struct words ws;
    split(name, strlen(name), &ws);
    if (ws.n == 0 || ws.n > NAME_LIKE_WORDS)
        return PGN_EINVAL;
    n->nwords = ws.n;
    for (int i = 0; i < ws.n; i++) {
        name_like_key(ws.w[i].text, ws.w[i].len, n->keys[i]);
        n->initials[i] = ws.w[i].text[0];
        n->single[i] = ws.w[i].len == 1;
    }
    return 0;
}

/* An initial as the letters transliterations trade: Ian, Jan and Yan; Vassily and Wassily;
 * Carlsen and Karlsen. */
static char initial_class(char c)
{
    switch (c) {
    case 'j': case 'y': return 'i';
    case 'w': return 'v';
    case 'c': return 'k';
    default: return c;
    }
}

/* Query word q of n and word w of a game, keyed already. */
static int word_fits(const struct name_like *n, int q, const struct word *w, const char *key)
{
    if (n->single[q] || w->len == 1)
        return initial_class(n->initials[q]) == initial_class(w->text[0]);
    return !strcmp(n->keys[q], key);
}

/* Whether query words q.. fit game words not in used, each its own. */
static int assign(const struct name_like *n, int q, const struct words *ws,
                  char keys[][NAME_LIKE_KEY], unsigned used, int surname_only)
{
    if (q == n->nwords)
        return 1;
    for (int j = 0; j < ws->n; j++) {
        if (used & (1u << j) || (surname_only && !ws->w[j].surname))
            continue;
        if (word_fits(n, q, &ws->w[j], keys[j]) &&
            assign(n, q + 1, ws, keys, used | 1u << j, surname_only))
            return 1;
    }
    return 0;
}

int name_like_match(const struct name_like *n, const char *s, size_t len)
{
    struct words ws;
    char keys[GAME_WORDS][NAME_LIKE_KEY];
    split(s, len, &ws);
    if (ws.n < n->nwords)
        return 0;
    for (int j = 0; j < ws.n; j++)
        name_like_key(ws.w[j].text, ws.w[j].len, keys[j]);
    int surname_only = n->nwords == 1 && memchr(s, ',', len) != NULL;
    return assign(n, 0, &ws, keys, 0, surname_only);
}
