/* strict_text.c - REPLAY_STRICT: a rescan of a game's raw text for the layout export format asks. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/export_format.h"
#include "pgn/pgn_lex.h"
#include "replay/strict.h"
#include "base/banned.h"

/*
 * The line limits are export format's, in pgn/export_format.h: the writer
 * keeps to the same ones. A tag pair line has only the overall limit (a
 * long FEN or Event may need more than 79 characters).
 */

/* Where the scan stands in the game: before, in, after the tag pairs. */
enum text_part { PART_LEAD, PART_TAGS, PART_MOVETEXT };

struct text_scan {
    struct strict_findings *f;
    const struct game *g;
    const unsigned char *raw;
    int part;
    uint32_t empty_after_tags; /* empty lines since the last tag pair */
    int in_comment;            /* inside a brace comment at the start of the line */
};

/* One line: raw[start, end), its line ending left out. */
struct text_line {
    uint64_t number;
    size_t start, end;
};

/* Characters of raw[a, b): UTF-8 characters, or bytes for a CP1252 game. */
static uint32_t chars_in(const struct text_scan *s, size_t a, size_t b)
{
    if (s->g->flags & GAME_CP1252)
        return (uint32_t)(b - a);
    uint32_t n = 0;
    for (size_t i = a; i < b; i++)
        n += (s->raw[i] & 0xC0) != 0x80;
    return n;
}

static void note_at(struct text_scan *s, int code, const struct text_line *l, size_t at,
                    const char *what)
{
    strict_note(s->f, code, l->number, (uint32_t)(at - l->start + 1), (uint32_t)at, "%s", what);
}

/* Why a tag pair line is not export format's [Name "value"] alone on its
 * line, or NULL when it is. */
static const char *tag_line_problem(const unsigned char *p, size_t n)
{
    size_t i = 1;
    if (p[0] != '[')
        return "tag pair not at the start of its line";
    if (i < n && p[i] == ' ')
        return "space after '['";
    if (i < n && !(p[i] >= 'A' && p[i] <= 'Z'))
        return "tag name not starting with a capital letter";
    while (i < n && p[i] != ' ' && p[i] != '"')
        i++;
    if (i + 1 >= n || p[i] != ' ' || p[i + 1] != '"')
        return "not one space between the tag name and its value";
    for (i += 2; i < n && p[i] != '"'; i++)
        if (p[i] == '\\' && i + 1 < n)
            i++;
    if (i >= n)
        return "tag pair not ended on its line";
    if (++i < n && p[i] == ' ')
        return "space before ']'";
    if (i >= n || p[i] != ']')
        return "tag pair not ended by ']'";
    if (i + 1 < n)
        return "more than the tag pair on its line";
    return NULL;
}

static void check_tag_line(struct text_scan *s, const struct text_line *l)
{
    const char *problem = tag_line_problem(s->raw + l->start, l->end - l->start);
    if (problem)
        strict_note(s->f, D_TAG_FORMAT, l->number, 1, (uint32_t)l->start,
                    "%s: export format writes [Name \"value\"] alone on a line", problem);
    uint32_t n = chars_in(s, l->start, l->end);
    if (n > PGN_LINE_MAX_CHARS)
        strict_note(s->f, D_LINE_LENGTH, l->number, 1, (uint32_t)l->start,
                    "line of %u characters: PGN lines have at most 255 with the newline", n);
}

/* An annotation glyph made of ! and ? from raw[at]; returns its length. */
static size_t check_glyph(struct text_scan *s, const struct text_line *l, size_t at)
{
    size_t n = 1;
    while (at + n < l->end && (s->raw[at + n] == '!' || s->raw[at + n] == '?'))
        n++;
    int nag = pgn_lex_glyph(s->raw + at, n);
    if (nag > 0)
        strict_note(s->f, D_SUFFIX_ANNOTATION, l->number, (uint32_t)(at - l->start + 1),
                    (uint32_t)at, "annotation glyph '%.*s': export format writes the NAG $%d",
                    (int)n, (const char *)s->raw + at, nag);
    else
        strict_note(s->f, D_SUFFIX_ANNOTATION, l->number, (uint32_t)(at - l->start + 1),
                    (uint32_t)at, "annotation glyph '%.*s': export format writes NAGs",
                    (int)n, (const char *)s->raw + at);
    return n;
}

/* A movetext line: spacing and glyphs outside comments, its length. */
static void check_movetext_line(struct text_scan *s, const struct text_line *l)
{
    const unsigned char *p = s->raw;
    int comment = s->in_comment; /* 1 in a brace comment, 2 in a ';' comment */
    if (l->start < l->end && p[l->start] == '%' && !comment)
        return; /* an escape line: not PGN data */
    if (l->start < l->end && p[l->start] == ' ' && !comment)
        note_at(s, D_SPACING, l, l->start, "a movetext line starts with a space");
    for (size_t i = l->start; i < l->end; i++) {
        unsigned char c = p[i];
        if (comment) {
            if (comment == 1 && c == '}')
                comment = 0;
            continue;
        }
        if (c == '{')
            comment = 1;
        else if (c == ';')
            comment = 2;
        else if (c == '!' || c == '?')
            i += check_glyph(s, l, i) - 1;
        else if (c == ' ' && i + 1 < l->end && p[i + 1] == ' ')
            note_at(s, D_SPACING, l, i, "two spaces between tokens: export format has one");
        else if (c == ' ' && i + 1 == l->end && i > l->start)
            note_at(s, D_SPACING, l, i, "a movetext line ends with a space");
    }
    s->in_comment = comment == 1;
    uint32_t n = chars_in(s, l->start, l->end);
    if (n > PGN_EXPORT_LINE_MAX)
        strict_note(s->f, D_LINE_LENGTH, l->number, 1, (uint32_t)l->start,
                    "movetext line of %u characters: export format keeps lines under 80", n);
}

static void check_tabs(struct text_scan *s, const struct text_line *l)
{
    for (size_t i = l->start; i < l->end; i++)
        if (s->raw[i] == '\t' || s->raw[i] == '\v') {
            note_at(s, D_TAB, l, i, "tab character: export format has none");
            return;
        }
}

static int starts_tag(const struct text_scan *s, const struct text_line *l)
{
    size_t i = l->start;
    while (i < l->end && s->raw[i] == ' ')
        i++;
    return i < l->end && s->raw[i] == '[';
}

static void check_line(struct text_scan *s, const struct text_line *l)
{
    check_tabs(s, l);
    if (s->part != PART_MOVETEXT) {
        if (l->start == l->end) {
            s->empty_after_tags++;
            return;
        }
        if (starts_tag(s, l)) {
            s->part = PART_TAGS;
            s->empty_after_tags = 0;
            check_tag_line(s, l);
            return;
        }
        if (s->raw[l->start] == '%')
            return;
        if (s->part == PART_TAGS && s->empty_after_tags != 1)
            strict_note(s->f, D_TAG_FORMAT, l->number, 1, (uint32_t)l->start,
                        "%u empty lines between the tag pairs and the movetext: export "
                        "format has one", s->empty_after_tags);
        s->part = PART_MOVETEXT;
    }
    check_movetext_line(s, l);
}

/* The line number of raw[0]: the game's first token is on line g->line. */
static uint64_t first_line(const struct game *g)
{
    uint64_t line = g->line;
    size_t first = g->nvars ? g->vars[0].off : 0;
    for (size_t i = 0; i < first && i < g->raw_len; i++)
        if (g->raw[i] == '\n' || (g->raw[i] == '\r' && (i + 1 >= g->raw_len ||
                                                        g->raw[i + 1] != '\n')))
            line--;
    return line;
}

void strict_check_text(struct strict_findings *f, const struct game *g)
{
    if (!g->raw || (g->flags & GAME_LAZY))
        return;
    struct text_scan s = { f, g, (const unsigned char *)g->raw, PART_LEAD, 0, 0 };
    const unsigned char *p = s.raw;
    size_t n = g->raw_len, at = (g->flags & GAME_BOM) ? 3 : 0;
    struct text_line l = { first_line(g), 0, 0 };
    while (at < n) {
        const unsigned char *eol = memchr(p + at, '\n', n - at);
        size_t end = eol ? (size_t)(eol - p) : n;
        const unsigned char *cr = memchr(p + at, '\r', end - at);
        size_t next;
        if (cr && (size_t)(cr - p) + 1 < end) { /* a lone CR ends a line too */
            end = (size_t)(cr - p);
            next = end + 1;
        } else {
            next = end < n ? end + 1 : n;
            if (end > at && p[end - 1] == '\r')
                end--;
        }
        l.start = at;
        l.end = end;
        check_line(&s, &l);
        at = next;
        l.number++;
    }
}
