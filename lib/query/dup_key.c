/* dup_key.c - the duplicate key of a game from its main line, read once or replayed. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "query/dup_key.h"
#include "base/error.h"
#include "base/hash_table.h"
#include "replay/diag.h"
#include "base/banned.h"

/* Text with its NUL: the next piece cannot run into it. */
static int put_text(struct buf *out, const char *s, size_t n)
{
    int rc = buf_append(out, s, n);
    return rc ? rc : buf_append(out, "", 1);
}

/* put_text() into room already reserved at p; returns the end. */
static char *put_text_at(char *p, const char *s, size_t n)
{
    if (n)
        memcpy(p, s, n);
    p[n] = '\0';
    return p + n + 1;
}

int dup_key_counts(const struct game *g) { return !(g->flags & GAME_EMPTY); }

static int bytes_cmp(const char *a, size_t na, const char *b, size_t nb)
{
    int c = memcmp(a, b, na < nb ? na : nb);
    return c ? c : (na > nb) - (na < nb);
}

static int tag_cmp(const void *pa, const void *pb)
{
    const struct game_tag *a = *(const struct game_tag *const *)pa;
    const struct game_tag *b = *(const struct game_tag *const *)pb;
    int c = bytes_cmp(a->name, a->name_len, b->name, b->name_len);
    return c ? c : bytes_cmp(a->value, a->value_len, b->value, b->value_len);
}

/*
 * The tags of g in name order (then value order): the same for copies that
 * write them in another order. The text goes where it stays in out, and the
 * list sorted to write it lies just past it, in the room of the same
 * reservation: no allocation of its own, only out's growth, which the
 * games after reuse.
 */
static int put_tags(struct buf *out, const struct game *g)
{
    size_t text = 1; /* "T" */
    for (uint32_t i = 0; i < g->ntags; i++)
        text += (size_t)g->tags[i].name_len + g->tags[i].value_len + 2;
    size_t align = sizeof(const struct game_tag *);
    size_t list_at = (out->len + text + align - 1) / align * align;
    int rc = buf_reserve(out, list_at - out->len + (size_t)g->ntags * align);
    if (rc)
        return rc;
    const struct game_tag **sorted = (const struct game_tag **)(void *)(out->data + list_at);
    for (uint32_t i = 0; i < g->ntags; i++)
        sorted[i] = &g->tags[i];
    qsort(sorted, g->ntags, sizeof *sorted, tag_cmp);
    char *p = out->data + out->len;
    *p++ = 'T';
    for (uint32_t i = 0; i < g->ntags; i++) {
        p = put_text_at(p, sorted[i]->name, sorted[i]->name_len);
        p = put_text_at(p, sorted[i]->value, sorted[i]->value_len);
    }
    out->len += text;
    return 0;
}

int dup_key_append(struct buf *out, const struct game *g, const struct pos *start, int chess960,
                   const move16 *moves, uint32_t nresolved)
{
    uint32_t first = g->nvars ? g->vars[0].first : 0, nmoves = g->nvars ? g->vars[0].count : 0;
    uint32_t from = 0;
    int rc;
    if (start) {
        struct pos initial;
        pos_set_start(&initial);
        if (pos_same(start, &initial) && start->chess960 == initial.chess960) {
            rc = buf_append(out, "S", 1);
        } else {
            char fen[FEN_MAX];
            size_t n = pos_to_fen(start, FEN_NO_COUNTERS | (chess960 ? FEN_SHREDDER : 0), fen);
            rc = buf_append(out, "F", 1);
            if (!rc)
                rc = put_text(out, fen, n);
        }
        for (uint32_t i = 0; !rc && i < nresolved; i++) {
            unsigned char m[2] = { (unsigned char)(moves[i] & 0xFF),
                                   (unsigned char)(moves[i] >> 8) };
            rc = buf_append(out, m, 2);
        }
        from = nresolved;
        if (!rc && from < nmoves)
            rc = buf_append(out, "\xFF\xFF", 2); /* not a move16: the rest is text */
    } else {
        const char *variant = game_tag_value(g, "Variant"), *fen = game_tag_value(g, "FEN");
        rc = buf_append(out, "V", 1);
        if (!rc)
            rc = put_text(out, variant ? variant : "", variant ? strlen(variant) : 0);
        if (!rc)
            rc = put_text(out, fen ? fen : "", fen ? strlen(fen) : 0);
    }
    for (uint32_t i = from; !rc && i < nmoves; i++)
        rc = put_text(out, g->moves[first + i].text, g->moves[first + i].len);
    if (!rc && !nmoves)
        rc = put_tags(out, g);
    return rc;
}

/* A start position the replay could not set up: the FEN tag was refused. */
static int bad_start(const struct replay *r)
{
    for (size_t i = 0; i < r->ndiags; i++)
        if (r->diags[i].code == D_BAD_FEN)
            return 1;
    return 0;
}

int dup_key_of_replay(struct buf *out, const struct game *g, const struct replay *r)
{
    if (r->skipped || !g->nvars || bad_start(r))
        return dup_key_append(out, g, NULL, 0, NULL, 0);
    return dup_key_append(out, g, &r->start, r->chess960, r->moves + g->vars[0].first, r->plies);
}

int dup_digest_of_replay(struct dup_digest *out, const struct game *g, const struct replay *r,
                         struct buf *scratch)
{
    if (r->complete && !r->skipped && g->nvars && g->vars[0].count) {
        /* The replay's keys of the main-line positions (the start one too)
         * name the moves between them. Summed with a different odd weight
         * per ply, they give a hash of the sequence without a chain of
         * dependent steps: a cost far below the replay's. */
        const uint64_t *keys = r->keys;
        uint64_t sum = (uint64_t)r->plies * 0xFF51AFD7ED558CCDu ^ (uint64_t)r->chess960;
        for (uint32_t i = 0; i <= r->plies; i++)
            sum += keys[i] * (2 * (uint64_t)i + 1);
        out->key_hash = sum;
        out->final_key = r->final.key;
        return PGN_OK;
    }
    buf_reset(scratch);
    int rc = dup_key_of_replay(scratch, g, r);
    if (rc)
        return rc;
    out->key_hash = hash_table_hash(scratch->data, scratch->len);
    out->final_key = 0; /* a game that stops early: its key holds the rest as text */
    return PGN_OK;
}
