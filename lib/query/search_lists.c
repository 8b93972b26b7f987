/* search_lists.c - search criteria over lists: Polyglot keys, files of positions and of move lines, move sequences anywhere. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "notation/notation.h"
#include "query/search_criterion.h"
#include "base/banned.h"

enum { ANY_MOVE = 0xff, MAX_SEQUENCE = 32, MAX_LINE = 4096 };

int sq_build_polyglot_key(struct search_query *q, struct criterion *c, const char *arg,
                          struct sq_error *err)
{
    (void)q;
    const char *s = arg;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 16);
    if (!*s || *end || errno || strlen(s) > 16 || *s == '-' || *s == '+')
        return sq_refuse(err, 1, "'%s' is not a Polyglot key (16 hexadecimal digits)", arg);
    c->key = (uint64_t)v;
    return PGN_OK;
}

static int has_key(const struct criterion *c, const struct pos *p) { return p->key == c->key; }

int sq_match_polyglot_key(struct game_facts *f, const struct criterion *c)
{
    return sq_some_position(f, c, has_key);
}

/* Calls line() on each line of the file at path that is not blank or a '%' comment. */
static int each_line(struct search_query *q, struct criterion *c, const char *path,
                     int (*line)(struct search_query *, struct criterion *, const char *,
                                 struct sq_error *),
                     struct sq_error *err)
{
    FILE *fp = fopen(path, "r");
    if (!fp)
        return sq_refuse(err, 0, "cannot open '%s': %s", path, strerror(errno));
    char buf[MAX_LINE];
    int rc = PGN_OK;
    for (unsigned long n = 1; rc == PGN_OK && fgets(buf, sizeof buf, fp); n++) {
        buf[strcspn(buf, "\r\n")] = '\0';
        const char *t = buf + strspn(buf, " \t");
        if (!*t || *t == '%')
            continue;
        rc = line(q, c, t, err);
        if (rc == PGN_EINVAL) {
            char msg[SQ_MSG_MAX];
            snprintf(msg, sizeof msg, "%s", err->msg);
            sq_refuse(err, 0, "%s:%lu: %s", path, n, msg);
        }
    }
    if (rc == PGN_OK && ferror(fp))
        rc = sq_refuse(err, 0, "cannot read '%s'", path);
    fclose(fp);
    return rc;
}

/* ---- SQ_POSITIONS_FILE: any of the positions (FENs or lines of moves) ---- */

static int add_position(struct search_query *q, struct criterion *c, const char *text,
                        struct sq_error *err)
{
    struct pos p;
    if (pos_from_fen(&p, text, NULL) != PGN_OK) {
        int rc = sq_read_moves(q, text, NULL, &p, err);
        if (rc)
            return rc;
    }
    struct pos *t = realloc(c->targets, (c->ntargets + 1) * sizeof *t);
    if (!t)
        return PGN_ENOMEM;
    c->targets = t;
    t[c->ntargets++] = p;
    return PGN_OK;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = pos_repetition_key(a), y = pos_repetition_key(b);
    return x < y ? -1 : x > y;
}

int sq_build_positions_file(struct search_query *q, struct criterion *c, const char *arg,
                            struct sq_error *err)
{
    int rc = each_line(q, c, arg, add_position, err);
    if (!rc && !c->ntargets)
        rc = sq_refuse(err, 0, "no positions in '%s'", arg);
    if (!rc)
        qsort(c->targets, c->ntargets, sizeof *c->targets, by_key);
    return rc;
}

/* 1 when p is one of c's targets: its key found by bisection, then the squares compared. */
static int is_target(const struct criterion *c, const struct pos *p)
{
    uint64_t key = pos_repetition_key(p);
    size_t lo = 0, hi = c->ntargets;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (pos_repetition_key(&c->targets[mid]) < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < c->ntargets && pos_repetition_key(&c->targets[lo]) == key; lo++)
        if (pos_same(&c->targets[lo], p))
            return 1;
    return 0;
}

int sq_match_positions_file(struct game_facts *f, const struct criterion *c)
{
    return sq_some_position(f, c, is_target);
}

/* ---- SQ_MOVES_FILE: the game starts with any of the lines ---------------- */

static int add_line(struct search_query *q, struct criterion *c, const char *text,
                    struct sq_error *err)
{
    struct criterion one;
    memset(&one, 0, sizeof one);
    int rc = sq_read_moves(q, text, &one, NULL, err);
    if (rc)
        return rc;
    struct pos start;
    pos_set_start(&start);
    if (!pos_same(&one.target, &start)) {
        free(one.moves);
        return sq_refuse(err, 0, "a line of the file starts from another position than the "
                                 "standard one");
    }
    uint64_t *ends = realloc(c->ends, (c->ntargets + 1) * sizeof *ends);
    move16 *moves = ends ? realloc(c->moves, (c->nmoves + one.nmoves) * sizeof *moves) : NULL;
    if (ends)
        c->ends = ends;
    if (!moves) {
        free(one.moves);
        return PGN_ENOMEM;
    }
    c->moves = moves;
    memcpy(moves + c->nmoves, one.moves, one.nmoves * sizeof *moves);
    c->nmoves += one.nmoves;
    c->ends[c->ntargets++] = c->nmoves;
    if (one.nmoves > c->lo)
        c->lo = one.nmoves; /* the longest line */
    free(one.moves);
    return PGN_OK;
}

int sq_build_moves_file(struct search_query *q, struct criterion *c, const char *arg,
                        struct sq_error *err)
{
    int rc = each_line(q, c, arg, add_line, err);
    if (!rc && !c->ntargets)
        rc = sq_refuse(err, 0, "no lines of moves in '%s'", arg);
    pos_set_start(&c->target);
    return rc;
}

int sq_match_moves_file(struct game_facts *f, const struct criterion *c)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    if (!pos_same(&ml->start, &c->target))
        return 0;
    /* Read as far as the longest line, then compare each line with the game's start. */
    while (it.ply < (uint64_t)c->lo && (rc = mainline_next(ml, &it)) > 0)
        ;
    if (rc < 0)
        return rc;
    for (uint32_t k = 0, from = 0; k < c->ntargets; from = (uint32_t)c->ends[k++]) {
        uint32_t len = (uint32_t)c->ends[k] - from;
        if (len <= it.ply && !memcmp(ml->moves, c->moves + from, len * sizeof *c->moves)) {
            f->hit_ply = len;
            return 1;
        }
    }
    return 0;
}

/* ---- SQ_MOVES_ANYWHERE: consecutive moves somewhere in the main line ----- */

int sq_build_moves_anywhere(struct search_query *q, struct criterion *c, const char *arg,
                            struct sq_error *err)
{
    int lang = sq_pattern_lang(q);
    const char *s = arg;
    for (;;) {
        s += strspn(s, " \t\n");
        size_t n = strcspn(s, " \t\n");
        if (!n)
            break;
        size_t skip = strspn(s, "0123456789");
        skip += skip ? strspn(s + skip, ".") : 0;
        if (skip < n) {
            if (c->npatterns == MAX_SEQUENCE)
                return sq_refuse(err, (size_t)(s - arg) + 1, "more than %d moves",
                                 MAX_SEQUENCE);
            struct san_parts *p = realloc(c->patterns, (c->npatterns + 1) * sizeof *p);
            if (!p)
                return PGN_ENOMEM;
            c->patterns = p;
            struct san_parts *sp = &p[c->npatterns++];
            struct move_error me;
            memset(sp, 0, sizeof *sp);
            if (n - skip == 1 && s[skip] == '*')
                sp->kind = ANY_MOVE;
            else if (san_parse(s + skip, n - skip, lang, sp, &me))
                return sq_refuse(err, (size_t)(s + skip - arg) + 1, "'%.*s' is not a move: %s",
                                 (int)(n - skip), s + skip, me.msg);
        }
        s += n;
    }
    if (!c->npatterns)
        return sq_refuse(err, 1, "no moves in '%s'", arg);
    return PGN_OK;
}

int sq_match_moves_anywhere(struct game_facts *f, const struct criterion *c)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = sq_walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    struct pos before[MAX_SEQUENCE]; /* the positions before the last moves, by ply */
    uint32_t n = c->npatterns;
    for (;;) {
        before[it.ply % n] = it.pos;
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
        if (it.ply < n)
            continue;
        uint32_t first = it.ply - n, k = 0;
        for (; k < n; k++) {
            const struct san_parts *sp = &c->patterns[k];
            uint32_t ply = first + k;
            if (sp->kind != ANY_MOVE && !sq_move_fits(sp, 0, &before[ply % n], ml->moves[ply]))
                break;
        }
        if (k == n) {
            f->hit_ply = it.ply; /* after the last move of the sequence */
            return 1;
        }
    }
}
