/* notation.c - the language table and the symbol index derived from it. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <string.h>
#include "notation/notation.h"
#include "chess/bitboard.h"
#include "base/banned.h"

/* Order is priority: detection prefers earlier rows when the evidence allows
 * several (German before the identical Scandinavian rows). */
static const struct notation table[] = {
    /*  name  english_name   K     Q    R    B    N    P */
    { "en", "English",    { "K", "Q", "R", "B", "N", "P" } },
    { "de", "German",     { "K", "D", "T", "L", "S", "B" } },
    { "fr", "French",     { "R", "D", "T", "F", "C", "P" } },
    { "es", "Spanish",    { "R", "D", "T", "A", "C", "P" } },
    { "it", "Italian",    { "R", "D", "T", "A", "C", "P" } },
    { "pt", "Portuguese", { "R", "D", "T", "B", "C", "P" } },
    { "nl", "Dutch",      { "K", "D", "T", "L", "P", "" } },
    { "sv", "Swedish",    { "K", "D", "T", "L", "S", "B" } },
    { "da", "Danish",     { "K", "D", "T", "L", "S", "B" } },
    { "no", "Norwegian",  { "K", "D", "T", "L", "S", "B" } },
    { "fi", "Finnish",    { "K", "D", "T", "L", "R", "" } },
    { "pl", "Polish",     { "K", "H", "W", "G", "S", "" } },
    { "cs", "Czech",      { "K", "D", "V", "S", "J", "P" } },
    { "hu", "Hungarian",  { "K", "V", "B", "F", "H", "" } },
    { "ro", "Romanian",   { "R", "D", "T", "N", "C", "P" } },
    { "ru", "Russian",    { "Кр", "Ф", "Л", "С", "К", "" } },
};
enum { NLANG = sizeof table / sizeof table[0] };
_Static_assert((int)NLANG <= (int)NOTATION_MAX, "raise NOTATION_MAX");

static const char *const figurines[2][PIECE_TYPE_NB] = {
    { "♙", "♘", "♗", "♖", "♕", "♔" },
    { "♟", "♞", "♝", "♜", "♛", "♚" },
};

/* letters[] runs K Q R B N P, piece types P N B R Q K: one is the other reversed. */
static inline int letter_index(int type) { return KING - type; }

/* Derived once at load time from the two tables above. */
static struct symbol {
    const char *text;
    uint8_t len;
    int8_t type[NOTATION_MAX];   /* per language, -1 when not a letter of it */
    uint8_t types;               /* union over languages, 1 << type */
    int8_t primary;              /* type in the first language that has it */
} symbols[NOTATION_SYMBOLS];
static int nsymbols;
static int8_t ascii_symbol[128];          /* single-byte letters */
int8_t notation_ascii_type[NOTATION_MAX][128];
static uint8_t multibyte[NOTATION_SYMBOLS]; /* ids of multi-byte symbols, longest first */
static int nmultibyte;
static uint64_t lang_symbols[NOTATION_MAX]; /* symbols each language reads */
static uint32_t capitals[NOTATION_MAX + 1];  /* notation_capitals(), all languages last */

static int symbol_id(const char *text)
{
    for (int i = 0; i < nsymbols; i++)
        if (!strcmp(symbols[i].text, text))
            return i;
    assert(nsymbols < NOTATION_SYMBOLS); /* detection keeps symbols in a 64-bit set */
    struct symbol *s = &symbols[nsymbols];
    s->text = text;
    s->len = (uint8_t)strlen(text);
    memset(s->type, -1, sizeof s->type);
    s->primary = -1;
    return nsymbols++;
}

static void add_letter(const char *text, int lang, int type)
{
    int id = symbol_id(text);
    symbols[id].type[lang] = (int8_t)type;
    symbols[id].types |= (uint8_t)(1 << type);
    if (symbols[id].primary < 0)
        symbols[id].primary = (int8_t)type;
    lang_symbols[lang] |= 1ULL << id;
}

void notation_tables_init(void)
{
    memset(ascii_symbol, NOTATION_NO_SYMBOL, sizeof ascii_symbol);
    for (int lang = 0; lang < NLANG; lang++)
        for (int type = PAWN; type <= KING; type++)
            if (*table[lang].letters[letter_index(type)])
                add_letter(table[lang].letters[letter_index(type)], lang, type);
    for (int c = 0; c < 2; c++)
        for (int type = PAWN; type <= KING; type++)
            for (int lang = 0; lang < NLANG; lang++)
                add_letter(figurines[c][type], lang, type);
    memset(notation_ascii_type, -1, sizeof notation_ascii_type);
    for (int i = 0; i < nsymbols; i++) {
        unsigned char c = (unsigned char)symbols[i].text[0];
        if (symbols[i].len == 1) {
            assert(c >= 'A' && c <= 'Z');
            ascii_symbol[c] = (int8_t)i;
            for (int lang = 0; lang < NLANG; lang++) {
                notation_ascii_type[lang][c] = symbols[i].type[lang];
                if (symbols[i].type[lang] >= 0)
                    capitals[lang] |= 1u << (c - 'A');
            }
            capitals[NOTATION_MAX] |= 1u << (c - 'A');
        } else {
            multibyte[nmultibyte++] = (uint8_t)i;
        }
    }
    /* Longest first, so that "Кр" (king) wins over "К" (knight). */
    for (int i = 1; i < nmultibyte; i++)
        for (int j = i; j > 0 && symbols[multibyte[j]].len > symbols[multibyte[j - 1]].len; j--) {
            uint8_t t = multibyte[j];
            multibyte[j] = multibyte[j - 1];
            multibyte[j - 1] = t;
        }
}

int notation_count(void) { return NLANG; }

const struct notation *notation_get(int id)
{
    return id >= 0 && id < NLANG ? &table[id] : NULL;
}

int notation_find(const char *name)
{
    if (!strcmp(name, "auto"))
        return NOTATION_AUTO;
    for (int i = 0; i < NLANG; i++)
        if (!strcmp(table[i].name, name))
            return i;
    return NOTATION_UNKNOWN;
}

const char *notation_letter(int id, int type)
{
    return table[id].letters[letter_index(type)];
}

const char *notation_figurine(int color, int type)
{
    return figurines[color][type];
}

int notation_symbol(const char *s, size_t len, int *n)
{
    if (!len)
        return NOTATION_NO_SYMBOL;
    unsigned char c = (unsigned char)s[0];
    if (c < 128) {
        *n = 1;
        return ascii_symbol[c];
    }
    for (int i = 0; i < nmultibyte; i++) {
        const struct symbol *sym = &symbols[multibyte[i]];
        if (sym->len <= len && !memcmp(s, sym->text, sym->len)) {
            *n = sym->len;
            return multibyte[i];
        }
    }
    return NOTATION_NO_SYMBOL;
}

uint32_t notation_capitals(int lang)
{
    return capitals[lang == NOTATION_AUTO ? NOTATION_MAX : lang];
}

int notation_symbol_type(int sym, int lang) { return symbols[sym].type[lang]; }
unsigned notation_symbol_types(int sym) { return symbols[sym].types; }
int notation_symbol_primary(int sym) { return symbols[sym].primary; }

void lang_detect_init(struct lang_detect *d)
{
    memset(d, 0, sizeof *d);
}

void lang_detect_add(struct lang_detect *d, const char *tok, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)tok[i];
        int id, n = 1;
        if (c < 'A' || (c > 'Z' && c < 0xC0))
            continue; /* files, ranks, x, -, + and the like: most bytes */
        id = c < 128 ? ascii_symbol[c] : notation_symbol(tok + i, len - i, &n);
        if (id < 0)
            continue;
        d->seen |= 1ULL << id;
        d->count[id]++;
        i += (size_t)n - 1;
    }
}

int lang_detect_result(const struct lang_detect *d)
{
    int best = NOTATION_EN;
    uint64_t best_tokens = 0;
    for (int lang = 0; lang < NLANG; lang++)
        if (!(d->seen & ~lang_symbols[lang]))
            return lang;
    for (int lang = 0; lang < NLANG; lang++) {
        uint64_t tokens = 0, known = d->seen & lang_symbols[lang];
        while (known)
            tokens += d->count[bb_pop(&known)];
        if (tokens > best_tokens) {
            best_tokens = tokens;
            best = lang;
        }
    }
    return best;
}
