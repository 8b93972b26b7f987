/* pgn_reader.c - the reader's public calls: options, opening, next game, completion, freeing. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/io.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

void pgn_reader_opts_init(struct pgn_reader_opts *o)
{
    memset(o, 0, sizeof *o);
    struct pgn_limits *l = &o->limits;
    l->max_game = 16u << 20;
    l->max_comment = 1u << 20;
    l->max_tag_value = 64u << 10;
    l->max_token = 255;
    l->max_arena = 64u << 20;
    l->max_tags = 1000;
    l->max_moves = 100000;
    l->max_comments = 100000;
    l->max_nags = 100000;
    l->max_cmds = 100000;
    l->max_depth = 256;
    l->max_errors = 64;
    o->read_size = 256u << 10;
}


/* The reader's lookup tables, built once by lib_init(). */
void pgn_reader_tables_init(void)
{
    pgn_lex_tables_init();
    reader_skim_init();
    reader_tag_names_init();
    reader_run_init();
    reader_split_init();
}

static int reader_new(struct pgn_reader **out, struct pgn_input *in, const char *name,
                      const struct pgn_reader_opts *opts)
{
    struct pgn_reader_opts defaults;
    if (!opts) {
        pgn_reader_opts_init(&defaults);
        opts = &defaults;
    }
    struct pgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return PGN_ENOMEM;
    r->lim = opts->limits;
    if (r->lim.max_game > UINT32_MAX / 4)
        r->lim.max_game = UINT32_MAX / 4; /* offsets in a game are 32-bit */
    size_t read_size = opts->read_size ? opts->read_size : 256u << 10;
    r->name = strdup(opts->name ? opts->name : name);
    if (!r->name || reader_window_init(&r->win, in, read_size, r->lim.max_game) < 0) {
        free(r->name);
        free(r);
        return PGN_ENOMEM;
    }
    reader_records_init(&r->rec, &r->lim);
    r->err.file = r->name;
    r->flags = opts->flags;
#ifdef PGN_READER_GENERAL_ONLY
    /* A build with no fast path at all (make GENERAL=1), which
     * tests/scripts/reader_general_differential.sh compares with the usual one. */
    r->flags |= PGN_READER_REFERENCE;
#endif
    r->fast_paths = !(r->flags & PGN_READER_REFERENCE);
    if (!r->fast_paths) /* the skim and the split are fast paths too */
        r->flags &= ~(unsigned)(PGN_READER_LAZY | PGN_READER_SPLIT);
    r->comment_stop = r->flags & PGN_READER_NESTED_COMMENTS ? LX_NSTOP : LX_CSTOP;
    *out = r;
    return PGN_OK;
}

int pgn_reader_open(struct pgn_reader **out, const char *path, const struct pgn_reader_opts *opts)
{
    struct pgn_input *in;
    *out = NULL;
    int rc = pgn_input_open(&in, path, opts ? opts->read_size : 0);
    if (rc)
        return rc;
    int is_stdin = !path || !strcmp(path, "-");
    rc = reader_new(out, in, is_stdin ? "<stdin>" : path, opts);
    if (rc)
        pgn_input_free(in);
    return rc;
}

int pgn_reader_open_fd(struct pgn_reader **out, int fd, const char *name,
                       const struct pgn_reader_opts *opts)
{
    struct pgn_input *in;
    *out = NULL;
    int rc = pgn_input_open_fd(&in, fd, opts ? opts->read_size : 0);
    if (rc)
        return rc;
    rc = reader_new(out, in, name ? name : "<file>", opts);
    if (rc)
        pgn_input_free(in);
    return rc;
}

int pgn_reader_open_mem(struct pgn_reader **out, const void *data, size_t len,
                        const struct pgn_reader_opts *opts)
{
    struct pgn_input *in;
    *out = NULL;
    int rc = pgn_input_open_mem(&in, data, len);
    if (rc)
        return rc;
    rc = reader_new(out, in, "<memory>", opts);
    if (rc)
        pgn_input_free(in);
    return rc;
}

void pgn_reader_free(struct pgn_reader *r)
{
    if (!r)
        return;
    reader_window_release(&r->win);
    reader_records_release(&r->rec);
    reader_member_names_free(r);
    free(r->name);
    free(r);
}

const struct pgn_error *pgn_reader_error(const struct pgn_reader *r) { return &r->err; }

uint64_t pgn_reader_offset(const struct pgn_reader *r) { return r->win.base + r->win.gstart; }

uint64_t pgn_reader_raw_offset(const struct pgn_reader *r)
{
    return r->win.in ? pgn_input_raw_offset(r->win.in) : 0;
}

int pgn_reader_complete(struct pgn_reader *r, struct game *g)
{
    struct lazy *z = &r->lazy;
    if (!(g->flags & GAME_LAZY))
        return PGN_OK;
    if (!z->active || g->index != r->ngames)
        return PGN_EINVAL;
    /* Back to the first movetext word, as it was before the skim... */
    size_t end = r->win.pos;
    uint64_t end_line = r->win.line;
    ptrdiff_t end_lstart = r->win.lstart;
    r->win.gstart = z->gstart;
    r->win.pos = z->gstart + z->word_rel;
    r->win.line = z->line;
    r->win.lstart = (ptrdiff_t)z->gstart + z->lstart_rel;
    r->ps = z->ps;
    r->rec.errors.len = z->nerrors;
    r->rec.rtags.len = z->nrtags;
    r->rec.tags.len = 0;
    r->ngames--;
    z->active = 0;
    /* ...and parse from there: the skim proved where the game ends. */
    int rc = reader_parse_game(r);
    if (rc > 0) {
        assert(r->ps.split == end || (end == r->win.len && r->ps.split >= r->win.len));
        rc = reader_finish_game(r, g);
    } else if (rc == 0) {
        rc = PGN_EINVAL;
    }
    r->win.pos = end;
    r->win.gstart = end;
    r->win.line = end_line;
    r->win.lstart = end_lstart;
    if (rc < 0)
        r->status = r->fatal = rc;
    return rc;
}

int pgn_reader_next(struct pgn_reader *r, struct game *g)
{
    if (r->status)
        return r->status < 0 ? r->status : 0;
    int rc = r->skip_blank ? reader_skip_blank(r) : 0;
    reader_begin_game(r);
    if (rc == 0)
        rc = (r->flags & PGN_READER_SPLIT) && reader_split_plain(r) ? 1 : reader_parse_game(r);
    if (rc > 0) {
        rc = r->lazy.active ? reader_finish_lazy(r, g) : reader_finish_game(r, g);
        if (rc == PGN_OK) {
            if (r->ps.resume)
                r->win.pos = r->ps.resume;
            else if (!r->ps.truncated)
                r->win.pos = r->ps.split < r->win.len ? r->ps.split : r->win.len;
            r->win.gstart = r->win.pos;
            return 1;
        }
    }
    if (rc == 0 && r->win.io_status)
        rc = r->win.io_status;
    r->status = rc ? rc : 1;
    if (rc < 0) {
        r->err.code = rc;
        r->err.severity = PGN_SEV_ERROR;
        r->err.line = rc == PGN_EFORMAT ? 0 : r->win.line; /* the whole input, no line */
        r->err.col = 0;
        r->err.offset = r->win.base + r->win.len;
        r->err.message = rc == r->win.io_status ? pgn_input_error(r->win.in) : pgn_strerror(rc);
    }
    return rc;
}
