/* game_marks.c - a game as read, with a tag pair and comments added where a search matched. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "base/error.h"
#include "pgn/pgn_lex.h"
#include "write/game_marks.h"
#include "base/banned.h"

/* The byte after main-line move m as written, with its glued glyphs, e.p. mark and check sign. */
static size_t move_end(const struct game *g, const struct game_move *m)
{
    const unsigned char *b = (const unsigned char *)g->raw;
    size_t p = m->off, n = g->raw_len;
    /* A rejoined move ("0- 0", "a4xb3 e.p.+") has blanks between its letters. */
    if (m->flags & GAME_MOVE_REJOINED) {
        for (uint32_t need = m->len; p < n && need; p++) {
            if (pgn_lex_class[b[p]] & LX_WORD)
                need--;
            else if (!ascii_is_blank(b[p]))
                break;
        }
    }
    while (p < n && (pgn_lex_class[b[p]] & LX_WORD))
        p++;
    return p;
}

/* Where the first move's number starts ("1." or "1..." before it, glued or not), or the move. */
static size_t first_move_start(const struct game *g, const struct game_move *m)
{
    const char *b = g->raw;
    size_t p = m->off, q;
    while (p > 0 && ascii_is_blank(b[p - 1]))
        p--;
    for (q = p; q > 0 && b[q - 1] == '.'; q--)
        ;
    if (q == p)
        return m->off;
    for (p = q; p > 0 && ascii_is_digit(b[p - 1]); p--)
        ;
    return p < q ? p : m->off;
}

/* The byte after the line of the last tag pair, and that line's end in *eol (NULL: none). */
static size_t tags_end(const struct game *g, const char **eol, size_t *eol_len)
{
    const char *b = g->raw;
    size_t n = g->raw_len, p = g->ntags ? g->tags[g->ntags - 1].off : 0;
    *eol = "\n";
    *eol_len = 1;
    if (!g->ntags)
        return 0;
    while (p < n && !ascii_is_line_end(b[p]))
        p++;
    if (p == n) {
        *eol_len = 0; /* the game ends on the tag's line: the line end goes first */
        return p;
    }
    if (b[p] == '\r' && p + 1 < n && b[p + 1] == '\n') {
        *eol = "\r\n";
        *eol_len = 2;
    } else if (b[p] == '\r') {
        *eol = "\r";
    }
    return p + *eol_len;
}

int game_marks_write(const struct game *g, const char *tag_name, const char *tag_value,
                     const struct game_mark *marks, size_t n, struct buf *out)
{
    if (!g->raw)
        return PGN_EINVAL;
    const struct game_var *main_line = g->nvars ? &g->vars[0] : NULL;
    uint32_t plies = main_line ? main_line->count : 0;
    const char *eol = "\n";
    size_t eol_len = 0, done = 0, tag_at = tag_name ? tags_end(g, &eol, &eol_len) : (size_t)-1;
    size_t k = 0;
    int rc = PGN_OK;
    while (!rc && (k < n || tag_at != (size_t)-1)) {
        size_t at = (size_t)-1;
        if (k < n && marks[k].ply <= plies && plies) {
            const struct game_move *m = &g->moves[main_line->first];
            at = marks[k].ply ? move_end(g, m + marks[k].ply - 1) : first_move_start(g, m);
        } else if (k < n) {
            k++; /* past the main line, or no moves to stand by */
            continue;
        }
        if (tag_at != (size_t)-1 && tag_at <= at) {
            rc = buf_append(out, g->raw + done, tag_at - done);
            if (!rc && !eol_len)
                rc = buf_append(out, "\n", 1);
            if (!rc)
                rc = buf_append(out, "[", 1);
            if (!rc)
                rc = buf_append(out, tag_name, strlen(tag_name));
            if (!rc)
                rc = buf_append(out, " \"", 2);
            if (!rc)
                rc = buf_append(out, tag_value, strlen(tag_value));
            if (!rc)
                rc = buf_append(out, "\"]", 2);
            if (!rc)
                rc = buf_append(out, eol_len ? eol : "\n", eol_len ? eol_len : 1);
            done = tag_at;
            tag_at = (size_t)-1;
            continue;
        }
        const struct game_mark *mk = &marks[k++];
        rc = buf_append(out, g->raw + done, at - done);
        if (!rc && mk->ply)
            rc = buf_append(out, " {", 2);
        else if (!rc)
            rc = buf_append(out, "{", 1);
        if (!rc)
            rc = buf_append(out, mk->text, mk->len);
        if (!rc)
            rc = buf_append(out, mk->ply ? "}" : "} ", mk->ply ? 1 : 2);
        done = at;
    }
    if (!rc)
        rc = buf_append(out, g->raw + done, g->raw_len - done);
    /* The last game of an input without a final line end gets one, as when copied. */
    if (!rc && out->len && !ascii_is_line_end(out->data[out->len - 1]))
        rc = buf_append(out, "\n", 1);
    return rc;
}
