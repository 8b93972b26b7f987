/* reader_finish.c - a game finished: text as UTF-8, tags and comments resolved, the tree. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/utf8.h"
#include "pgn/io.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/* UTF-8 for s[0..len) of the game: itself, unless the game is CP1252 and s is not ASCII. */
static const char *utf8_text(struct pgn_reader *r, const char *s, uint32_t len, uint32_t *out_len)
{
    *out_len = len;
    if (!r->ps.latin1 || utf8_is_ascii(s, len))
        return s;
    char *d = arena_alloc(&r->rec.arena, (size_t)len * CP1252_UTF8_MAX + 1);
    if (!d) {
        *out_len = 0;
        return "";
    }
    size_t n = utf8_from_cp1252(d, s, len);
    d[n] = '\0';
    *out_len = (uint32_t)n;
    return d;
}

/* UTF-8 text of the game's raw bytes [off, off + len): zero-copy unless transcoded. */
static const char *text_at(struct pgn_reader *r, uint32_t off, uint32_t len, uint32_t *out_len)
{
    return utf8_text(r, (const char *)r->win.buf + r->win.gstart + off, len, out_len);
}

/* Decodes \" and \\ in place; other backslashes stay. Returns the new length. */
static size_t unescape(char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
            i++;
        s[o++] = s[i];
    }
    s[o] = '\0';
    return o;
}

/* NUL-terminated arena copy of raw bytes [off, off + len), transcoded and unescaped as needed. */
static const char *tag_text(struct pgn_reader *r, uint32_t off, uint32_t len, int escaped,
                            uint32_t *out_len)
{
    const char *s = (const char *)r->win.buf + r->win.gstart + off;
    int transcode = r->ps.latin1 && !utf8_is_ascii(s, len);
    char *d = arena_alloc(&r->rec.arena, (size_t)len * (transcode ? CP1252_UTF8_MAX : 1) + 1);
    if (!d) {
        *out_len = 0;
        return "";
    }
    size_t n = transcode ? utf8_from_cp1252(d, s, len) : len;
    if (!transcode)
        memcpy(d, s, len);
    d[n] = '\0';
    if (escaped)
        n = unescape(d, n);
    *out_len = (uint32_t)n;
    return d;
}

/* The place of tag rt in t; where its value is not unescaped, its length is the raw one. */
static inline void tag_place(struct game_tag *t, const struct raw_tag *rt, unsigned *other)
{
    *other |= rt->id == GAME_TAG_OTHER;
    t->name_len = rt->name_len;
    t->value_len = rt->value_len;
    t->line = rt->line;
    t->col = rt->col;
    t->off = rt->off;
    t->id = rt->id;
}

/*
 * Tag names that are a common name in another case ("fEn", "result", as
 * chess.js test games write them): read as the common name, with a
 * warning. Only names that are no common name are looked at.
 */
static COLD void fix_tag_case(struct pgn_reader *r, struct game_tag *t)
{
    unsigned id = reader_tag_id_nocase(t->name, t->name_len);
    if (id == GAME_TAG_OTHER)
        return;
    const char *name = reader_common_tag_name(id);
    reader_repair(r, PGN_REPAIR_TAG_CASE, t->line, t->col, r->ps.goff + t->off,
                  "tag name '%s' read as '%s'", t->name, name);
    t->name = name;
    t->id = id;
}

/*
 * The text of the tag string at the game's raw bytes [off, off + len) (a
 * name, or a value with escaped set when it holds backslashes), NUL-ended:
 * cut in place out of section, the copy of the tag section from the game's
 * offset lo, or without one an arena copy of its own (tag_text()).
 */
static inline ALWAYS_INLINE const char *tag_string(struct pgn_reader *r, char *section,
                                                   uint32_t lo, uint32_t off, uint32_t len,
                                                   int escaped, uint32_t *out_len)
{
    if (!section)
        return tag_text(r, off, len, escaped, out_len);
    char *s = section + (off - lo);
    *out_len = escaped ? (uint32_t)unescape(s, len) : len;
    s[len] = '\0'; /* the blank or quote after it (unescape() ends a shorter value itself) */
    return s;
}

/*
 * The tags t[0..n) from the raw records rt: one body for both ways, the
 * strings cut out of section (the copy of the tag section from the game's
 * offset lo) or, with section NULL, copied one by one. Inlined into
 * reader_resolve_tags() once for each, with section a constant NULL in one
 * (as zstd builds one body twice), so neither way tests it per string.
 */
static inline ALWAYS_INLINE unsigned resolve_tags_body(struct pgn_reader *r, struct game_tag *t,
                                                       const struct raw_tag *rt, uint32_t n,
                                                       char *section, uint32_t lo)
{
    unsigned other = 0; /* a tag whose name is no common name: see fix_tag_case() */
    for (uint32_t i = 0; i < n; i++) {
        tag_place(&t[i], &rt[i], &other);
        if (section || rt[i].id < GAME_TAG_EVENT)
            t[i].name = tag_string(r, section, lo, rt[i].name_off, rt[i].name_len, 0,
                                   &t[i].name_len);
        else
            t[i].name = reader_common_tag_name(rt[i].id); /* a common name needs no copy */
        t[i].value = tag_string(r, section, lo, rt[i].value_off, rt[i].value_len,
                                (int)rt[i].escaped, &t[i].value_len);
    }
    return other;
}

void reader_resolve_tags(struct pgn_reader *r)
{
    const struct raw_tag *rt = (const struct raw_tag *)r->rec.rtags.data;
    uint32_t n = COUNT_OF(r->rec.rtags, struct raw_tag);
    struct game_tag *t = n ? push(r, &r->rec.tags, n * sizeof *t) : NULL;
    if (!t)
        return;
    /*
     * FAST PATH (the tag section copied once): in a UTF-8 game the strings
     * are cut out of one copy of the whole section instead of a copy each;
     * a CP1252 game, or the general paths alone, copies each.
     */
    uint32_t lo = rt[0].name_off, hi = rt[n - 1].value_off + rt[n - 1].value_len + 1;
    char *section = r->ps.latin1 || !r->fast_paths ? NULL : arena_alloc(&r->rec.arena, hi - lo);
    unsigned other;
    if (section) {
        memcpy(section, r->win.buf + r->win.gstart + lo, hi - lo);
        other = resolve_tags_body(r, t, rt, n, section, lo);
    } else {
        other = resolve_tags_body(r, t, rt, n, NULL, lo);
    }
    for (uint32_t i = 0; other && i < n; i++)
        if (t[i].id == GAME_TAG_OTHER && t[i].name_len <= REPAIR_TAG_NAME_MAX)
            fix_tag_case(r, &t[i]);
    r->rec.rtags.len = 0;
}

/* What a comment's text is trimmed of: ascii_is_space() but '\v', which stays (as it always did).
 */
static int is_space(char c) { return ascii_is_pgn_space(c) || c == '\f'; }

static void trim(const char **s, uint32_t *n)
{
    while (*n && is_space(**s))
        (*s)++, (*n)--;
    while (*n && is_space((*s)[*n - 1]))
        (*n)--;
}

/*
 * Adds a piece of comment text to the plain text: the first piece is kept
 * as a pointer; with text on both sides of a command the pieces are joined
 * in the arena, separated by one space.
 */
static void add_piece(struct arena *arena, uint32_t *pieces, const char **piece,
                      uint32_t *piece_len, char **joined, uint32_t *jlen, uint32_t len,
                      const char *seg, uint32_t seg_len)
{
    if (!seg_len)
        return;
    if (*pieces == 1) {
        *joined = arena_alloc(arena, (size_t)len + 1);
        if (*joined) {
            memcpy(*joined, *piece, *piece_len);
            *jlen = *piece_len;
        }
    }
    if (*pieces >= 1 && *joined) {
        (*joined)[(*jlen)++] = ' ';
        memcpy(*joined + *jlen, seg, seg_len);
        *jlen += seg_len;
    }
    if (*pieces == 0) {
        *piece = seg;
        *piece_len = seg_len;
    }
    ++*pieces;
}

/* Sets text, plain and the commands of comment c. */
static void resolve_comment(struct pgn_reader *r, struct game_comment *c)
{
    uint32_t len;
    const char *s = text_at(r, c->off + 1, c->len, &len);
    c->text = s;
    c->len = len;
    c->cmd_first = COUNT_OF(r->rec.cmds, struct game_cmd);
    struct pgn_cmd_span cs;
    size_t from = 0;
    const char *piece = NULL;
    uint32_t piece_len = 0, pieces = 0;
    char *joined = NULL;
    uint32_t jlen = 0;
    for (;;) {
        int found = pgn_lex_next_command(s, len, from, &cs);
        const char *seg = s + from;
        uint32_t seg_len = (uint32_t)((found ? cs.start : len) - from);
        trim(&seg, &seg_len);
        add_piece(&r->rec.arena, &pieces, &piece, &piece_len, &joined, &jlen, len, seg, seg_len);
        if (!found)
            break;
        if (COUNT_OF(r->rec.cmds, struct game_cmd) >= r->lim.max_cmds) {
            /* Over the limit: the rest of the comment stays text. */
            if (!r->ps.cmds_full)
                reader_diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, c->line, c->col, r->ps.goff + c->off,
                     "too many [%%commands] in one game (limit %lu)",
                     (unsigned long)r->lim.max_cmds);
            r->ps.cmds_full = 1;
            found = 0;
            seg = s + cs.start;
            seg_len = (uint32_t)(len - cs.start);
            trim(&seg, &seg_len);
            add_piece(&r->rec.arena, &pieces, &piece, &piece_len, &joined, &jlen, len, seg, seg_len);
            break;
        }
        struct game_cmd *cmd = push(r, &r->rec.cmds, sizeof *cmd);
        if (!cmd)
            break;
        cmd->name = s + cs.name_off;
        cmd->name_len = (uint32_t)cs.name_len;
        cmd->args = s + cs.args_off;
        cmd->args_len = (uint32_t)cs.args_len;
        from = cs.end;
    }
    c->cmd_count = COUNT_OF(r->rec.cmds, struct game_cmd) - c->cmd_first;
    if (joined) {
        joined[jlen] = '\0';
        c->plain = joined;
        c->plain_len = jlen;
    } else {
        c->plain = pieces ? piece : s;
        c->plain_len = pieces ? piece_len : 0;
    }
    const char *t = s;
    uint32_t tl = len;
    trim(&t, &tl);
    if (tl && pgn_lex_result((const unsigned char *)t, tl) >= 0)
        c->flags |= GAME_COMMENT_RESULT;
}

/*
 * Stable counting sort of n elements of size sz by keys[i] < nkeys; keys
 * are reordered too. If newpos is not NULL it receives each element's new
 * index. Returns 1 if anything moved, 0 if the order was already right,
 * or a negative status.
 */
static int group(struct arena *arena, void *base, uint32_t n, size_t sz, uint32_t *keys,
                 uint32_t nkeys, uint32_t *newpos)
{
    uint32_t i = 1;
    while (i < n && keys[i] >= keys[i - 1])
        i++;
    if (i >= n)
        return 0;
    uint32_t *start = arena_alloc(arena, ((size_t)nkeys + 1) * sizeof *start);
    char *tmp = arena_alloc(arena, (size_t)n * sz);
    uint32_t *tk = arena_alloc(arena, (size_t)n * sizeof *tk);
    if (!start || !tmp || !tk)
        return arena->err;
    memset(start, 0, ((size_t)nkeys + 1) * sizeof *start);
    for (i = 0; i < n; i++)
        start[keys[i] + 1]++;
    for (i = 0; i < nkeys; i++)
        start[i + 1] += start[i];
    for (i = 0; i < n; i++) {
        uint32_t d = start[keys[i]]++;
        memcpy(tmp + (size_t)d * sz, (char *)base + (size_t)i * sz, sz);
        tk[d] = keys[i];
        if (newpos)
            newpos[i] = d;
    }
    memcpy(base, tmp, (size_t)n * sz);
    memcpy(keys, tk, (size_t)n * sizeof *keys);
    return 1;
}

/* The comments, grouped by owner: a line (before its first move), a move, or the result. */
static int group_comments(struct pgn_reader *r)
{
    struct game_move *m = (struct game_move *)r->rec.moves.data;
    struct game_var *v = (struct game_var *)r->rec.vars.data;
    struct game_comment *c = (struct game_comment *)r->rec.comments.data;
    uint32_t nm = COUNT_OF(r->rec.moves, struct game_move);
    uint32_t nv = COUNT_OF(r->rec.vars, struct game_var);
    uint32_t nc = COUNT_OF(r->rec.comments, struct game_comment);
    struct parse *ps = &r->ps;
    int rc;

    /* Comments. Keys: v before line v's first move, nv + i after move i, nv + nm after the result.
     */
    uint32_t *ck = (uint32_t *)r->rec.ckeys.data;
    for (uint32_t i = 0; i < nc; i++)
        ck[i] = ck[i] == OWNER_POST    ? nv + nm
                : (ck[i] & OWNER_LINE) ? ck[i] & ~OWNER_LINE
                                       : nv + ck[i];
    if ((rc = group(&r->rec.arena, c, nc, sizeof *c, ck, nv + nm + 1, NULL)) < 0)
        return rc;
    ps->post_first = nc;
    ps->post_count = 0;
    for (uint32_t i = 0; i < nc; i++) {
        uint32_t k = ck[i], *first, *count;
        if (k < nv) {
            first = &v[k].comment_first;
            count = &v[k].comment_count;
        } else if (k < nv + nm) {
            first = &m[k - nv].comment_first;
            count = &m[k - nv].comment_count;
        } else {
            first = &ps->post_first;
            count = &ps->post_count;
        }
        if (!*count)
            *first = i;
        ++*count;
    }
    return PGN_OK;
}

/* Puts every line's moves and every owner's comments and NAGs into contiguous slices. */
static int build_tree(struct pgn_reader *r)
{
    struct game_move *m = (struct game_move *)r->rec.moves.data;
    struct game_var *v = (struct game_var *)r->rec.vars.data;
    uint32_t nm = COUNT_OF(r->rec.moves, struct game_move);
    uint32_t nv = COUNT_OF(r->rec.vars, struct game_var);
    uint32_t nn = COUNT_OF(r->rec.nags, uint16_t);
    int rc;

    if ((rc = group_comments(r)) < 0)
        return rc;

    /* NAGs. Key: the move they follow. */
    uint32_t *nk = (uint32_t *)r->rec.nkeys.data;
    if ((rc = group(&r->rec.arena, r->rec.nags.data, nn, sizeof(uint16_t), nk, nm, NULL)) < 0)
        return rc;
    for (uint32_t i = 0; i < nn; i++) {
        if (!m[nk[i]].nag_count)
            m[nk[i]].nag_first = i;
        m[nk[i]].nag_count++;
    }

    if (nv > 1) {
        /* Variations. Key: 1 + the move they replace (the main line keeps key 0). */
        uint32_t *vk = arena_alloc(&r->rec.arena, (size_t)nv * sizeof *vk);
        uint32_t *vpos = arena_alloc(&r->rec.arena, (size_t)nv * sizeof *vpos);
        uint32_t *mk = arena_alloc(&r->rec.arena, ((size_t)nm + 1) * sizeof *mk);
        uint32_t *mpos = arena_alloc(&r->rec.arena, ((size_t)nm + 1) * sizeof *mpos);
        if (!vk || !vpos || !mk || !mpos)
            return r->rec.arena.err;
        for (uint32_t i = 0; i < nv; i++)
            vk[i] = v[i].parent == NONE ? 0 : v[i].parent + 1;
        if ((rc = group(&r->rec.arena, v, nv, sizeof *v, vk, nm + 1, vpos)) < 0)
            return rc;
        for (uint32_t i = 0; rc == 0 && i < nv; i++)
            vpos[i] = i;
        for (uint32_t i = 1; i < nv; i++) {
            struct game_move *pm = &m[v[i].parent];
            if (!pm->var_count)
                pm->var_first = i;
            pm->var_count++;
        }
        /* Moves. Key: their line's new index. */
        for (uint32_t i = 0; i < nm; i++)
            mk[i] = m[i].var = vpos[m[i].var];
        if ((rc = group(&r->rec.arena, m, nm, sizeof *m, mk, nv, mpos)) < 0)
            return rc;
        for (uint32_t i = 0; rc == 0 && i < nm; i++)
            mpos[i] = i;
        for (uint32_t i = 1; i < nv; i++)
            v[i].parent = mpos[v[i].parent];
    }
    if (nv == 1) {
        v[0].first = 0;
        v[0].count = nm;
        return PGN_OK;
    }
    for (uint32_t i = 0; i < nm; i++) {
        struct game_var *l = &v[m[i].var];
        if (!l->count)
            l->first = i;
        l->count++;
    }
    return PGN_OK;
}

/* Line and column of the byte at game-relative offset off. */
static void locate(const struct pgn_reader *r, size_t off, uint64_t *line, uint32_t *col)
{
    const unsigned char *g = r->win.buf + r->win.gstart;
    uint64_t l = r->ps.start_line;
    ptrdiff_t ls = 1 - (ptrdiff_t)r->ps.start_col; /* offset of the line start */
    for (size_t i = 0; i < off; i++) {
        if (g[i] == '\n' || (g[i] == '\r' && g[i + 1] != '\n')) {
            l++;
            ls = (ptrdiff_t)i + 1;
        }
    }
    *line = l;
    *col = (uint32_t)((ptrdiff_t)off - ls + 1);
}

/*
 * What every finished game gets, lazy or not: number, span, position, the
 * read error at the end of the input, and (not truncated, unless span_only)
 * the encoding check and the tags.
 */
static void finish_span(struct pgn_reader *r, struct game *g, int span_only)
{
    struct parse *ps = &r->ps;
    size_t split = ps->truncated ? r->win.pos : (ps->split < r->win.len ? ps->split : r->win.len);
    const char *raw = (const char *)r->win.buf + r->win.gstart;
    size_t raw_len = ps->truncated ? 0 : split - r->win.gstart;
    game_clear(g);
    g->file = r->name;
    g->index = ++r->ngames;
    g->offset = ps->goff;
    g->raw_size = ps->truncated ? ps->split_abs - ps->goff : raw_len;
    g->raw = ps->truncated ? NULL : raw;
    g->raw_len = raw_len;
    g->line = ps->first_line;
    g->col = ps->first_col;

    if (r->win.io_status && split >= r->win.len)
        reader_diag(r, PGN_SEV_ERROR, PGN_EIO, r->win.line, col_of(&r->win, r->win.len),
                    r->win.base + r->win.len, "%s", pgn_input_error(r->win.in));
    if (!ps->truncated && !span_only) {
        size_t good = utf8_valid_prefix(raw, raw_len);
        if (good < raw_len) {
            uint64_t line;
            uint32_t col;
            ps->latin1 = 1;
            locate(r, good, &line, &col);
            reader_diag(r, PGN_SEV_NOTE, PGN_EENCODING, line, col, ps->goff + good,
                 "not valid UTF-8: read as CP1252");
        }
        reader_resolve_tags(r);
    }
}

/*
 * "remis" (German for a draw, any case) as the game's last word and no result
 * token: read as the result 1/2-1/2, with a repair warning. It is taken here,
 * once a game, and not where words are read: reader_movetext_run(),
 * reader_word() and skim() take it as a plain move (it starts and ends with
 * letters a move may), and the game ends where it would anyway, before the
 * next tag pair line or at the end of the input, so no fast path pays a test
 * on every move and the lazy and full reads agree. The move record becomes
 * the result; comments after it become comments after the result. A NAG or
 * a variation after it keeps it a move.
 */
static void remis_result(struct pgn_reader *r)
{
    struct parse *ps = &r->ps;
    uint32_t nm = COUNT_OF(r->rec.moves, struct game_move);
    if (ps->result || ps->truncated || !nm)
        return;
    const struct game_move *m = (const struct game_move *)r->rec.moves.data + (nm - 1);
    const unsigned char *t = r->win.buf + r->win.gstart + m->off;
    if (m->len != 5 || m->var != 0 || (m->flags & GAME_MOVE_REJOINED) || (t[0] | 0x20) != 'r' ||
        (t[1] | 0x20) != 'e' || (t[2] | 0x20) != 'm' || (t[3] | 0x20) != 'i' ||
        (t[4] | 0x20) != 's')
        return;
    const uint32_t *nk = (const uint32_t *)r->rec.nkeys.data;
    uint32_t nn = COUNT_OF(r->rec.nkeys, uint32_t);
    if (nn && nk[nn - 1] == nm - 1) /* NAGs are recorded in text order */
        return;
    const struct game_var *v = (const struct game_var *)r->rec.vars.data;
    for (uint32_t i = 1, n = COUNT_OF(r->rec.vars, struct game_var); i < n; i++)
        if (v[i].parent == nm - 1)
            return;
    uint32_t *ck = (uint32_t *)r->rec.ckeys.data;
    for (uint32_t i = 0, n = COUNT_OF(r->rec.ckeys, uint32_t); i < n; i++)
        if (ck[i] == nm - 1)
            ck[i] = OWNER_POST;
    ps->result = PGN_RESULT_DRAW;
    ps->result_off = m->off;
    ps->result_len = m->len;
    ps->result_line = m->line;
    ps->result_col = m->col;
    reader_repair(r, PGN_REPAIR_RESULT_FORM, m->line, m->col, ps->goff + m->off,
                  "result '%.*s' written as a word, read as '%s'", (int)m->len,
                  (const char *)t, pgn_result_str(PGN_RESULT_DRAW));
    r->rec.moves.len -= sizeof *m;
    if (ps->last == nm - 1)
        ps->last = NONE;
}

/* The game's records, now in their final order, handed to g (the reader keeps owning them). */
static void hand_over(const struct pgn_reader *r, struct game *g)
{
    const struct parse *ps = &r->ps;
    g->tags = (const struct game_tag *)r->rec.tags.data;
    g->ntags = COUNT_OF(r->rec.tags, struct game_tag);
    g->moves = (const struct game_move *)r->rec.moves.data;
    g->nmoves = COUNT_OF(r->rec.moves, struct game_move);
    g->vars = (const struct game_var *)r->rec.vars.data;
    g->nvars = COUNT_OF(r->rec.vars, struct game_var);
    g->comments = (const struct game_comment *)r->rec.comments.data;
    g->ncomments = COUNT_OF(r->rec.comments, struct game_comment);
    g->nags = (const uint16_t *)r->rec.nags.data;
    g->nnags = COUNT_OF(r->rec.nags, uint16_t);
    g->cmds = (const struct game_cmd *)r->rec.cmds.data;
    g->ncmds = COUNT_OF(r->rec.cmds, struct game_cmd);
    g->result = ps->result;
    if (ps->result) {
        g->result_text = ps->result_text;
        g->result_len = ps->result_len;
        g->result_line = ps->result_line;
        g->result_col = ps->result_col;
        g->result_off = ps->result_off;
    }
}

int reader_finish_game(struct pgn_reader *r, struct game *g)
{
    struct parse *ps = &r->ps;
    const char *raw = (const char *)r->win.buf + r->win.gstart;
    finish_span(r, g, 0);
    size_t raw_len = g->raw_len; /* 0 when truncated */
    remis_result(r);
    if (!ps->truncated) {
        struct game_move *m = (struct game_move *)r->rec.moves.data;
        if (r->win.moved || ps->latin1)
            for (uint32_t i = 0, n = COUNT_OF(r->rec.moves, struct game_move); i < n; i++)
                m[i].text = (m[i].flags & GAME_MOVE_REJOINED)
                                ? utf8_text(r, m[i].text, m[i].len, &m[i].len) /* arena copy */
                                : text_at(r, m[i].off, m[i].len, &m[i].len);
        struct game_comment *c = (struct game_comment *)r->rec.comments.data;
        for (uint32_t i = 0, n = COUNT_OF(r->rec.comments, struct game_comment); i < n; i++)
            resolve_comment(r, &c[i]);
        if (ps->result)
            ps->result_text = text_at(r, ps->result_off, ps->result_len, &ps->result_len);
    } else if (ps->latin1) {
        reader_diag(r, PGN_SEV_NOTE, PGN_EENCODING, ps->first_line, ps->first_col, ps->goff,
             "not valid UTF-8: read as CP1252");
    }
    if (ps->latin1)
        g->flags |= GAME_CP1252;
    if (ps->truncated)
        g->flags |= GAME_TRUNCATED;
    if (!ps->result && !ps->truncated) {
        /* No result token, but a comment that holds one: "{0-1}". Say so; keep the comment. */
        const struct game_comment *c = (const struct game_comment *)r->rec.comments.data;
        for (uint32_t i = 0, n = COUNT_OF(r->rec.comments, struct game_comment); i < n; i++)
            if (c[i].flags & GAME_COMMENT_RESULT) {
                reader_diag(r, PGN_SEV_WARNING, PGN_ESYNTAX, c[i].line, c[i].col,
                            ps->goff + c[i].off, "result only in a comment");
                break;
            }
    }
    struct game_var *v0 = (struct game_var *)r->rec.vars.data;
    v0->line = ps->first_line;
    v0->col = ps->first_col;
    v0->off = ps->first_off;
    int rc = build_tree(r);
    if (rc < 0) {
        if (rc == PGN_ENOMEM)
            return rc;
        reader_diag(r, PGN_SEV_ERROR, rc, ps->first_line, ps->first_col, ps->goff,
             "game needs too much memory (limit %llu bytes)", (unsigned long long)r->lim.max_arena);
    }
    g->post_first = ps->post_first;
    g->post_count = ps->post_count;
    if (r->rec.arena.err && r->rec.arena.err != PGN_ENOMEM)
        reader_diag(r, PGN_SEV_ERROR, PGN_ETOOBIG, ps->first_line, ps->first_col, ps->goff,
             "game needs too much memory (limit %llu bytes)", (unsigned long long)r->lim.max_arena);
    if (r->rec.arena.err == PGN_ENOMEM || r->fatal)
        return PGN_ENOMEM;

    hand_over(r, g);
    if (ps->bom || (raw_len >= 3 && !memcmp(raw, UTF8_BOM, 3)))
        g->flags |= GAME_BOM;
    if (!g->ntags && !g->nmoves && !g->result && !ps->truncated) {
        /* Comments alone are no game, and every command passes them over;
         * junk between games (a broken tag pair, a stray quote) is an
         * invalid game, which every command counts and reports. */
        if (!ps->nbad)
            g->flags |= GAME_EMPTY;
        reader_diag(r, PGN_SEV_WARNING, PGN_ESYNTAX, ps->first_line, ps->first_col, ps->goff,
             "no tag pair, move or result here: only comments");
    }
    if (ps->nbad)
        g->flags |= GAME_BAD;
    g->errors = (const struct pgn_error *)r->rec.errors.data;
    g->nerrors = COUNT_OF(r->rec.errors, struct pgn_error);
    g->nbad = ps->nbad;
    return PGN_OK;
}

/*
 * A game skim() read to its end: raw span, tags and the diagnostics so far,
 * as reader_finish_game() makes them (with PGN_READER_SPLIT only the span); the
 * movetext waits for pgn_reader_complete().
 */
int reader_finish_lazy(struct pgn_reader *r, struct game *g)
{
    struct parse *ps = &r->ps;
    const char *raw = (const char *)r->win.buf + r->win.gstart;
    int span_only = (r->flags & PGN_READER_SPLIT) != 0;
    finish_span(r, g, span_only);
    size_t raw_len = g->raw_len;
    if (r->rec.arena.err == PGN_ENOMEM || r->fatal)
        return PGN_ENOMEM;
    g->flags = GAME_LAZY;
    if (ps->bom || (raw_len >= 3 && !memcmp(raw, UTF8_BOM, 3)))
        g->flags |= GAME_BOM;
    if (span_only)
        return PGN_OK; /* the tags and diagnostics stay in r for pgn_reader_complete() */
    if (ps->latin1)
        g->flags |= GAME_CP1252;
    if (ps->nbad)
        g->flags |= GAME_BAD;
    g->tags = (const struct game_tag *)r->rec.tags.data;
    g->ntags = COUNT_OF(r->rec.tags, struct game_tag);
    g->errors = (const struct pgn_error *)r->rec.errors.data;
    g->nerrors = COUNT_OF(r->rec.errors, struct pgn_error);
    g->nbad = ps->nbad;
    return PGN_OK;
}
