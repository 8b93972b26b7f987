/* game_copy.c - deep copy of a parsed game into an arena. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/game_copy.h"
#include "base/banned.h"

struct copier {
    const struct game *src;
    struct game *dst;
    struct arena *a;
    int failed;
};

/* The copy of text [s, s+n): inside the source's raw bytes it is the same
 * place in the copied raw bytes, otherwise a fresh NUL-terminated copy. */
static const char *text(struct copier *c, const char *s, size_t n)
{
    if (!s)
        return NULL;
    const char *raw = c->src->raw;
    if (raw && c->dst->raw && s >= raw && s + n <= raw + c->src->raw_len)
        return c->dst->raw + (s - raw);
    char *p = arena_memdup(c->a, s, n);
    if (!p)
        c->failed = 1;
    return p;
}

static const char *cstr(struct copier *c, const char *s)
{
    return s ? text(c, s, strlen(s) + 1) : NULL;
}

/* An array of n elements of size bytes. */
static void *array(struct copier *c, const void *src, size_t n, size_t size)
{
    if (!n || !src)
        return NULL;
    void *p = arena_alloc(c->a, n * size);
    if (!p) {
        c->failed = 1;
        return NULL;
    }
    return memcpy(p, src, n * size);
}

int game_copy(struct game *dst, const struct game *src, struct arena *a)
{
    struct copier c = { src, dst, a, 0 };
    *dst = *src;
    dst->raw = NULL;
    if (src->raw) {
        char *raw = arena_memdup(a, src->raw, src->raw_len);
        if (!raw)
            return a->err ? a->err : PGN_ENOMEM;
        dst->raw = raw;
    }
    dst->file = cstr(&c, src->file);

    struct game_tag *tags = array(&c, src->tags, src->ntags, sizeof *tags);
    for (uint32_t i = 0; tags && i < src->ntags; i++) {
        /* Names and values are NUL-terminated: copy them with their NUL. */
        tags[i].name = cstr(&c, src->tags[i].name);
        tags[i].value = cstr(&c, src->tags[i].value);
    }
    dst->tags = tags;

    struct game_move *moves = array(&c, src->moves, src->nmoves, sizeof *moves);
    for (uint32_t i = 0; moves && i < src->nmoves; i++)
        moves[i].text = text(&c, src->moves[i].text, src->moves[i].len);
    dst->moves = moves;
    dst->vars = array(&c, src->vars, src->nvars, sizeof *src->vars);

    struct game_comment *comments = array(&c, src->comments, src->ncomments, sizeof *comments);
    for (uint32_t i = 0; comments && i < src->ncomments; i++) {
        comments[i].text = text(&c, src->comments[i].text, src->comments[i].len);
        comments[i].plain = text(&c, src->comments[i].plain, src->comments[i].plain_len);
    }
    dst->comments = comments;
    dst->nags = array(&c, src->nags, src->nnags, sizeof *src->nags);

    struct game_cmd *cmds = array(&c, src->cmds, src->ncmds, sizeof *cmds);
    for (uint32_t i = 0; cmds && i < src->ncmds; i++) {
        cmds[i].name = text(&c, src->cmds[i].name, src->cmds[i].name_len);
        cmds[i].args = text(&c, src->cmds[i].args, src->cmds[i].args_len);
    }
    dst->cmds = cmds;
    dst->result_text = text(&c, src->result_text, src->result_len);

    struct pgn_error *errors = array(&c, src->errors, src->nerrors, sizeof *errors);
    for (uint32_t i = 0; errors && i < src->nerrors; i++) {
        errors[i].file = dst->file;
        errors[i].message = cstr(&c, src->errors[i].message);
    }
    dst->errors = errors;
    return c.failed ? (a->err ? a->err : PGN_ENOMEM) : PGN_OK;
}
