/* api_reader.c - reading games through the public interface: inputs, archives, tags. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "api/api_internal.h"
#include "init/lib_init.h"
#include "notation/notation.h"
#include "base/banned.h"

static void game_forget(struct pgnkit_reader *r)
{
    /* The replay's buffers are kept for the next game; only its results go. */
    r->game.replayed = 0;
    r->game.replay_status = PGN_OK;
    r->game.line_len = 0;
}

static int reader_wrap(struct pgnkit_reader **out, struct pgn_reader *in)
{
    struct pgnkit_reader *r = calloc(1, sizeof *r);
    if (!r) {
        pgn_reader_free(in);
        return PGNKIT_ENOMEM;
    }
    r->in = in;
    r->game.reader = in;
    replay_init(&r->game.r, &(struct replay_opts){ .lang = NOTATION_AUTO });
    *out = r;
    return PGNKIT_OK;
}

int pgnkit_reader_open(struct pgnkit_reader **out, const char *path)
{
    struct pgn_reader *in;
    lib_init();
    *out = NULL;
    int rc = pgn_reader_open(&in, path, NULL);
    return rc ? rc : reader_wrap(out, in);
}

int pgnkit_reader_open_memory(struct pgnkit_reader **out, const void *data, size_t len)
{
    struct pgn_reader *in;
    lib_init();
    *out = NULL;
    if (!data && len)
        return PGNKIT_EINVAL;
    int rc = pgn_reader_open_mem(&in, data ? data : "", len, NULL);
    return rc ? rc : reader_wrap(out, in);
}

int pgnkit_reader_open_file(struct pgnkit_reader **out, FILE *f, const char *name)
{
    struct pgn_reader *in;
    lib_init();
    *out = NULL;
    int fd = f ? fileno(f) : -1;
    if (fd < 0)
        return PGNKIT_EINVAL;
    int own = dup(fd);
    if (own < 0)
        return PGNKIT_EIO;
    int rc = pgn_reader_open_fd(&in, own, name, NULL);
    return rc ? rc : reader_wrap(out, in);
}

int pgnkit_reader_next(struct pgnkit_reader *r, struct pgnkit_game **game)
{
    *game = NULL;
    if (r->status)
        return r->status;
    game_forget(r);
    for (;;) {
        int rc = pgn_reader_next(r->in, &r->game.g);
        if (rc > 0) {
            *game = &r->game;
            return 1;
        }
        if (rc < 0)
            return r->status = rc;
        /* The end of the input, or of one member of an archive: go on with
         * the next PGN member, past members that are not PGN. */
        const char *member;
        int more;
        do
            more = pgn_reader_next_member(r->in, &member);
        while (more == 2 || more == 3);
        if (more < 0)
            return r->status = more;
        if (more == 0)
            return 0;
    }
}

const char *pgnkit_reader_error(const struct pgnkit_reader *r)
{
    if (!r->status)
        return "";
    const struct pgn_error *e = pgn_reader_error(r->in);
    return e->message && *e->message ? e->message : pgn_strerror(r->status);
}

void pgnkit_reader_free(struct pgnkit_reader *r)
{
    if (!r)
        return;
    replay_release(&r->game.r);
    free(r->game.line);
    pgn_reader_free(r->in);
    free(r);
}

const char *pgnkit_game_file(const struct pgnkit_game *g)
{
    return g->g.file;
}

uint64_t pgnkit_game_number(const struct pgnkit_game *g)
{
    return g->g.index;
}

uint64_t pgnkit_game_line(const struct pgnkit_game *g)
{
    return g->g.line;
}

const char *pgnkit_game_raw(const struct pgnkit_game *g, size_t *len)
{
    if (len)
        *len = g->g.raw_len;
    return g->g.raw;
}

uint64_t pgnkit_game_offset(const struct pgnkit_game *g, uint64_t *size)
{
    if (size)
        *size = g->g.raw_size;
    return g->g.offset;
}

unsigned pgnkit_game_flags(const struct pgnkit_game *g)
{
    unsigned flags = 0;
    if (g->g.flags & GAME_TRUNCATED)
        flags |= PGNKIT_GAME_TOO_BIG;
    if (g->g.flags & GAME_CP1252)
        flags |= PGNKIT_GAME_CP1252;
    if (g->g.flags & GAME_EMPTY)
        flags |= PGNKIT_GAME_EMPTY;
    /* The reader gives the input's read error to the game it was reading. */
    for (uint32_t i = 0; i < g->g.nerrors; i++)
        if (g->g.errors[i].code == PGN_EIO)
            flags |= PGNKIT_GAME_INPUT_BROKEN;
    return flags;
}

size_t pgnkit_game_tag_count(const struct pgnkit_game *g)
{
    return g->g.ntags;
}

const char *pgnkit_game_tag_name(const struct pgnkit_game *g, size_t i)
{
    return i < g->g.ntags ? g->g.tags[i].name : NULL;
}

const char *pgnkit_game_tag_value(const struct pgnkit_game *g, size_t i)
{
    return i < g->g.ntags ? g->g.tags[i].value : NULL;
}

const char *pgnkit_game_tag(const struct pgnkit_game *g, const char *name)
{
    return name ? game_tag_value(&g->g, name) : NULL;
}

const char *pgnkit_game_result(const struct pgnkit_game *g)
{
    return pgn_result_str(g->g.result);
}

const char *pgnkit_game_written_result(const struct pgnkit_game *g)
{
    return pgn_result_str(game_result(&g->g));
}
