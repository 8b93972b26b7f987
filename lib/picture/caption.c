/* caption.c - the words of a diagram's caption in the notation languages pgnkit writes. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "notation/notation.h"
#include "picture/board_svg.h"
#include "base/banned.h"

/*
 * "after" in each language of notation.c, with where the move goes: most
 * put the word before it; Finnish and Hungarian put a postposition after.
 * A language missing here is captioned in English.
 */
static const struct {
    const char *lang, *before, *after;
} words[] = {
    { "en", "after ", "" },  { "de", "nach ", "" },    { "fr", "après ", "" },
    { "es", "tras ", "" },   { "it", "dopo ", "" },    { "pt", "após ", "" },
    { "nl", "na ", "" },     { "sv", "efter ", "" },   { "da", "efter ", "" },
    { "no", "etter ", "" },  { "fi", "", " jälkeen" }, { "pl", "po ", "" },
    { "cs", "po ", "" },     { "hu", "", " után" },    { "ro", "după ", "" },
    { "ru", "после ", "" },
};

size_t board_caption_after(int lang, uint32_t move_number, int side, const char *san, char *out,
                           size_t cap)
{
    const struct notation *n = notation_get(lang);
    size_t w = 0;
    for (size_t i = 0; n && i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(words[i].lang, n->name))
            w = i;
    int len = snprintf(out, cap, "%s%u%s%s%s", words[w].before, move_number,
                       side == WHITE ? "." : "...", san, words[w].after);
    return len < 0 ? 0 : (size_t)len;
}

static int known(const char *v) { return v && *v && strcmp(v, "?"); }

/* Appends given names [p, end) as initials: "Ian Alexandrovich" "I. A.", "Jean-Pierre" "J.-P.". */
static void initials(struct buf *out, const char *p, const char *end, int *status)
{
    int first = 1;
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        if (p == end)
            break;
        if (!first)
            *status |= buf_append(out, " ", 1);
        first = 0;
        const char *word = p;
        while (p < end && *p != ' ')
            p++;
        for (const char *part = word; part < p;) {
            size_t len = 1; /* the first character, all its UTF-8 bytes */
            while (part + len < p && ((unsigned char)part[len] & 0xC0) == 0x80)
                len++;
            *status |= buf_append(out, part, len);
            *status |= buf_append(out, ".", 1);
            while (part < p && *part != '-')
                part++;
            if (part < p) {
                *status |= buf_append(out, "-", 1);
                part++;
            }
        }
    }
}

int caption_short_name(struct buf *out, const char *name)
{
    int status = PGN_OK;
    size_t len = strlen(name);
    const char *comma = strchr(name, ',');
    if (comma) { /* "Surname, Given Names", the PGN standard's order */
        status |= buf_append(out, name, (size_t)(comma - name));
        status |= buf_append(out, ", ", 2);
        initials(out, comma + 1, name + len, &status);
        return status ? PGN_ENOMEM : PGN_OK;
    }
    const char *last = strrchr(name, ' ');
    if (!last || last[1] == 0) /* one word: nothing to shorten */
        return buf_append(out, name, len);
    initials(out, name, last, &status); /* "Magnus Carlsen": "M. Carlsen" */
    status |= buf_append(out, last, strlen(last));
    return status ? PGN_ENOMEM : PGN_OK;
}

int board_caption_game(struct buf *out, const struct caption_game *c, bool short_names)
{
    int status = PGN_OK;
    if (known(c->white) || known(c->black)) {
        const char *w = known(c->white) ? c->white : "?", *b = known(c->black) ? c->black : "?";
        if (short_names)
            status |= caption_short_name(out, w);
        else
            status |= buf_append(out, w, strlen(w));
        status |= buf_append(out, " – ", strlen(" – "));
        if (short_names)
            status |= caption_short_name(out, b);
        else
            status |= buf_append(out, b, strlen(b));
    }
    const char *rest[2] = { known(c->event) ? c->event : NULL, c->after };
    for (int i = 0; i < 2; i++) {
        if (!rest[i] || !*rest[i])
            continue;
        if (out->len)
            status |= buf_append(out, ", ", 2);
        status |= buf_append(out, rest[i], strlen(rest[i]));
    }
    status |= buf_append(out, "", 1); /* the NUL, not counted in out->len */
    if (!status)
        out->len--;
    return status ? PGN_ENOMEM : PGN_OK;
}
