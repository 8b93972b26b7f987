/* json_reader.c - reading back games written as JSON (json, ndjson), with libjansson. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "pgn/json_reader.h"
#include "base/arena.h"
#include "base/ascii.h"
#include "base/buf.h"
#include "pgn/json_stream.h"
#include "pgn/pgn_lex.h"
#include "base/banned.h"

enum { MAX_DEPTH = 256 }; /* nesting of variations, as the PGN reader */
#define VEC_MAX ((size_t)1 << 30)

struct json_reader {
    const char *name;
    struct json_stream *values;
    json_t *value;            /* the game object being read (owned by values) */
    uint64_t value_line;
    uint64_t index;           /* games read */

    struct arena arena;
    struct buf tags, moves, vars, comments, nags, cmds;
    char why[256];            /* what is wrong with the current object */
    int nomem;                /* memory ran out building the current object */
    int status;               /* of the last problem: enum pgn_status, PGN_OK if none */
    char message[512];        /* the last problem, "" if none */
};

#define AT(b, T, i) (((T *)(b).data)[i])
#define COUNT(b, T) ((b).len / sizeof(T))

int json_reader_open(struct json_reader **out, const char *path)
{
    struct json_reader *j = calloc(1, sizeof *j);
    *out = NULL;
    if (!j)
        return PGN_ENOMEM;
    int rc = json_stream_open(&j->values, path);
    if (rc != PGN_OK) {
        free(j);
        return rc; /* errno is pgn_input_open's */
    }
    j->name = json_stream_name(j->values);
    arena_init(&j->arena, VEC_MAX);
    struct buf *vecs[] = { &j->tags, &j->moves, &j->vars, &j->comments, &j->nags, &j->cmds };
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
        buf_init(vecs[i], VEC_MAX);
    *out = j;
    return PGN_OK;
}

const char *json_reader_message(const struct json_reader *j, int *status)
{
    if (status)
        *status = j->status;
    return j->message;
}

/* Records the problem the caller reports; returns fail. */
static int problem(struct json_reader *j, int fail, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->message, sizeof j->message, fmt, ap);
    va_end(ap);
    j->status = status;
    return fail;
}

static int out_of_memory(struct json_reader *j)
{
    return problem(j, JSON_READER_FAIL, PGN_ENOMEM, "out of memory reading '%s'", j->name);
}

void json_reader_free(struct json_reader *j)
{
    if (!j)
        return;
    json_stream_free(j->values);
    arena_release(&j->arena);
    struct buf *vecs[] = { &j->tags, &j->moves, &j->vars, &j->comments, &j->nags, &j->cmds };
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
        buf_release(vecs[i]);
    free(j);
}

/* ---- Building the game ----------------------------------------------------- */

/* What a building step returns when it failed: the reason is in j->why (and
 * j->nomem), recorded by bad() or no_memory() where the failure was met. */
enum { BUILD_FAILED = -1 };

static int bad(struct json_reader *j, const char *what)
{
    if (!j->why[0])
        snprintf(j->why, sizeof j->why, "%s", what);
    return BUILD_FAILED;
}

/* Memory running out ends the input: the object cannot be judged, nor what follows. */
static int no_memory(struct json_reader *j)
{
    j->nomem = 1;
    return bad(j, "out of memory");
}

/* size zeroed bytes at the end of b, or NULL with j->nomem set. */
static void *push(struct json_reader *j, struct buf *b, size_t size)
{
    int status = 0;
    void *p = buf_push(b, size, &status);
    if (!p) {
        no_memory(j);
        return NULL;
    }
    memset(p, 0, size);
    return p;
}

/* Room for n bytes and a NUL, or NULL with j->nomem set. */
static char *arena_bytes(struct json_reader *j, size_t n)
{
    char *p = arena_alloc(&j->arena, n + 1);
    if (!p)
        no_memory(j);
    return p;
}

static const char *string_member(json_t *obj, const char *key, size_t *len)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_string(v))
        return NULL;
    *len = json_string_length(v);
    return json_string_value(v);
}

static int add_tag(struct json_reader *j, const char *name, json_t *value)
{
    if (!json_is_string(value))
        return bad(j, "tag values must be strings");
    struct game_tag *t = push(j, &j->tags, sizeof *t);
    if (!t)
        return BUILD_FAILED;
    t->name = name;
    t->name_len = (uint32_t)strlen(name);
    t->value = json_string_value(value);
    t->value_len = (uint32_t)json_string_length(value);
    return 0;
}

static int add_tags(struct json_reader *j, json_t *obj)
{
    json_t *tags = json_object_get(obj, "tags"), *v;
    const char *name;
    if (tags && !json_is_object(tags))
        return bad(j, "\"tags\" must be an object");
    json_object_foreach(tags, name, v)
        if (add_tag(j, name, v))
            return BUILD_FAILED;
    json_t *dups = json_object_get(obj, "duplicate_tags");
    size_t i;
    json_array_foreach(dups, i, v) {
        json_t *n = json_array_get(v, 0);
        if (json_array_size(v) != 2 || !json_is_string(n))
            return bad(j, "\"duplicate_tags\" must hold [name, value] pairs");
        if (add_tag(j, json_string_value(n), json_array_get(v, 1)))
            return BUILD_FAILED;
    }
    return 0;
}


/* plain text and commands of a comment from its raw text, as the PGN reader does. */
static int split_comment(struct json_reader *j, struct game_comment *c)
{
    struct pgn_cmd_span cs;
    char *plain = arena_bytes(j, c->len);
    if (!plain)
        return BUILD_FAILED;
    size_t n = 0, from = 0;
    c->cmd_first = (uint32_t)COUNT(j->cmds, struct game_cmd);
    for (;;) {
        int found = pgn_lex_next_command(c->text, c->len, from, &cs);
        size_t a = from, z = found ? cs.start : c->len;
        while (a < z && ascii_is_pgn_space(c->text[a]))
            a++;
        while (z > a && ascii_is_pgn_space(c->text[z - 1]))
            z--;
        if (z > a) {
            if (n)
                plain[n++] = ' ';
            memcpy(plain + n, c->text + a, z - a);
            n += z - a;
        }
        if (!found)
            break;
        struct game_cmd *cmd = push(j, &j->cmds, sizeof *cmd);
        if (!cmd)
            return BUILD_FAILED;
        cmd->name = c->text + cs.name_off;
        cmd->name_len = (uint32_t)cs.name_len;
        cmd->args = c->text + cs.args_off;
        cmd->args_len = (uint32_t)cs.args_len;
        from = cs.end;
    }
    plain[n] = 0;
    c->plain = plain;
    c->plain_len = (uint32_t)n;
    c->cmd_count = (uint32_t)COUNT(j->cmds, struct game_cmd) - c->cmd_first;
    return 0;
}

/* The comment's text as written: "raw", else its commands then its "text". */
static int comment_raw(struct json_reader *j, json_t *obj, struct game_comment *c)
{
    size_t n = 0, tn = 0;
    const char *raw = string_member(obj, "raw", &n);
    if (raw) {
        c->text = raw;
        c->len = (uint32_t)n;
        return 0;
    }
    const char *text = string_member(obj, "text", &tn);
    json_t *cmds = json_object_get(obj, "commands"), *cmd;
    size_t i;
    n = tn + 1;
    json_array_foreach(cmds, i, cmd) {
        size_t a = 0, b = 0;
        if (!string_member(cmd, "name", &a) || !string_member(cmd, "args", &b))
            return bad(j, "a command needs a \"name\" and \"args\"");
        n += a + b + 5;
    }
    char *s = arena_bytes(j, n);
    if (!s)
        return BUILD_FAILED;
    size_t len = 0;
    json_array_foreach(cmds, i, cmd) {
        size_t a = 0, b = 0;
        const char *name = string_member(cmd, "name", &a), *args = string_member(cmd, "args", &b);
        len += (size_t)snprintf(s + len, n + 1 - len, "%s[%%%.*s%s%.*s]", len ? " " : "",
                                (int)a, name, b ? " " : "", (int)b, args);
    }
    if (tn)
        len += (size_t)snprintf(s + len, n + 1 - len, "%s%.*s", len ? " " : "", (int)tn, text);
    c->text = s;
    c->len = (uint32_t)len;
    return 0;
}

/* Appends n empty slots of size bytes to b, contiguous; sets *first to the index of the first. */
static int reserve(struct json_reader *j, struct buf *b, size_t size, size_t n, uint32_t *first)
{
    *first = (uint32_t)(b->len / size);
    for (size_t i = 0; i < n; i++)
        if (!push(j, b, size))
            return BUILD_FAILED;
    return 0;
}

static int reserve_comments(struct json_reader *j, size_t n, uint32_t *first)
{
    return reserve(j, &j->comments, sizeof(struct game_comment), n, first);
}

/*
 * Fills the reserved comments from index at with the comments of array arr,
 * at offset off (offsets order a move's comments among its variations, see
 * fill_move). Returns how many, or -1.
 */
static int fill_comments(struct json_reader *j, json_t *arr, uint32_t at, uint32_t off)
{
    json_t *obj;
    size_t i;
    json_array_foreach(arr, i, obj) {
        struct game_comment c = { 0 };
        if (!json_is_object(obj))
            return bad(j, "a comment must be an object");
        if (comment_raw(j, obj, &c))
            return BUILD_FAILED;
        c.off = off;
        if (split_comment(j, &c))
            return BUILD_FAILED;
        AT(j->comments, struct game_comment, at + i) = c;
    }
    return (int)json_array_size(arr);
}

static int comments_array(struct json_reader *j, json_t *arr)
{
    return !arr || json_is_array(arr) ? 0 : bad(j, "comments must be arrays");
}

/* The comments of array arr, contiguous; sets *first and *count. */
static int add_comments(struct json_reader *j, json_t *arr, uint32_t *first, uint32_t *count)
{
    if (comments_array(j, arr))
        return BUILD_FAILED;
    if (reserve_comments(j, json_array_size(arr), first))
        return BUILD_FAILED;
    *count = (uint32_t)json_array_size(arr);
    return fill_comments(j, arr, *first, 0) < 0 ? -1 : 0;
}

static int fill_move(struct json_reader *j, json_t *obj, uint32_t index, uint32_t var)
{
    struct game_move m = { 0 };
    size_t n = 0;
    json_t *v;
    size_t i;
    if (!json_is_object(obj))
        return bad(j, "a move must be an object");
    m.var = var;
    if (json_is_true(json_object_get(obj, "null"))) {
        m.text = "--";
        m.len = 2;
        m.flags |= GAME_MOVE_NULL;
    } else if ((m.text = string_member(obj, "san", &n)) != NULL ||
               (m.text = string_member(obj, "uci", &n)) != NULL) {
        if (n == 0)
            return bad(j, "a move's \"san\" or \"uci\" is empty");
        m.len = (uint32_t)n;
    } else {
        return bad(j, "a move needs \"san\" or \"uci\"");
    }
    if (json_is_true(json_object_get(obj, "draw_offer")))
        m.flags |= GAME_MOVE_DRAW_OFFER;
    json_t *nags = json_object_get(obj, "nags");
    if (nags && !json_is_array(nags))
        return bad(j, "\"nags\" must be an array");
    m.nag_first = (uint32_t)COUNT(j->nags, uint16_t);
    json_array_foreach(nags, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 255)
            return bad(j, "a NAG must be a number from 0 to 255");
        uint16_t *nag = push(j, &j->nags, sizeof *nag);
        if (!nag)
            return BUILD_FAILED;
        *nag = (uint16_t)json_integer_value(v);
        m.nag_count++;
    }
    /*
     * Its comments and those after each of its variations, in one slice.
     * Offsets place them: 0 right after the move, 2k+2 after variation k,
     * whose own offset is 2k+1 (see build_line).
     */
    json_t *own = json_object_get(obj, "comments");
    json_t *vars = json_object_get(obj, "variations");
    n = json_array_size(own);
    if (comments_array(j, own) || (vars && !json_is_array(vars)))
        return bad(j, "\"comments\" and \"variations\" must be arrays");
    json_array_foreach(vars, i, v) {
        if (comments_array(j, json_object_get(v, "comments_after")))
            return BUILD_FAILED;
        n += json_array_size(json_object_get(v, "comments_after"));
    }
    if (reserve_comments(j, n, &m.comment_first))
        return BUILD_FAILED;
    m.comment_count = (uint32_t)n;
    int at = fill_comments(j, own, m.comment_first, 0);
    json_array_foreach(vars, i, v) {
        int got = at < 0 ? -1 : fill_comments(j, json_object_get(v, "comments_after"),
                                               m.comment_first + (uint32_t)at, 2 * (uint32_t)i + 2);
        at = got < 0 ? -1 : at + got;
    }
    if (at < 0)
        return BUILD_FAILED;
    AT(j->moves, struct game_move, index) = m;
    return 0;
}

/* Fills vars[v] and appends its moves (contiguous), then the variations of each move. */
static int build_line(struct json_reader *j, uint32_t v, json_t *line, uint32_t parent,
                      uint32_t depth, uint32_t off)
{
    json_t *moves = json_object_get(line, "moves"), *obj;
    size_t k;
    if (depth > MAX_DEPTH)
        return bad(j, "variations nested too deep");
    if (moves && !json_is_array(moves))
        return bad(j, "\"moves\" must be an array");
    struct game_var var = { 0 };
    var.parent = parent;
    var.depth = depth;
    var.off = off;
    if (add_comments(j, json_object_get(line, "comments"),
                     &var.comment_first, &var.comment_count))
        return BUILD_FAILED;
    uint32_t first;
    if (reserve(j, &j->moves, sizeof(struct game_move), json_array_size(moves), &first))
        return BUILD_FAILED;
    var.first = first;
    var.count = (uint32_t)json_array_size(moves);
    AT(j->vars, struct game_var, v) = var;
    json_array_foreach(moves, k, obj)
        if (fill_move(j, obj, first + (uint32_t)k, v))
            return BUILD_FAILED;
    json_array_foreach(moves, k, obj) {
        json_t *vars = json_object_get(obj, "variations"), *sub;
        size_t t;
        if (vars && !json_is_array(vars))
            return bad(j, "\"variations\" must be an array");
        uint32_t vf;
        if (reserve(j, &j->vars, sizeof(struct game_var), json_array_size(vars), &vf))
            return BUILD_FAILED;
        AT(j->moves, struct game_move, first + k).var_first = vf;
        AT(j->moves, struct game_move, first + k).var_count = (uint32_t)json_array_size(vars);
        json_array_foreach(vars, t, sub) {
            if (!json_is_object(sub))
                return bad(j, "a variation must be an object");
            if (build_line(j, vf + (uint32_t)t, sub, first + (uint32_t)k, depth + 1,
                           2 * (uint32_t)t + 1))
                return BUILD_FAILED;
        }
    }
    return 0;
}

static int build_game(struct json_reader *j, json_t *obj, struct game *g)
{
    struct buf *vecs[] = { &j->tags, &j->moves, &j->vars, &j->comments, &j->nags, &j->cmds };
    for (size_t i = 0; i < sizeof vecs / sizeof vecs[0]; i++)
        buf_reset(vecs[i]);
    arena_reset(&j->arena);
    j->why[0] = 0;
    j->nomem = 0;
    memset(g, 0, sizeof *g);
    g->file = j->name;
    g->index = j->index;
    if (add_tags(j, obj))
        return BUILD_FAILED;
    if (!push(j, &j->vars, sizeof(struct game_var)))
        return BUILD_FAILED;
    if (build_line(j, 0, obj, UINT32_MAX, 0, 0))
        return BUILD_FAILED;
    /* After the moves: the main line's own comments come first in the array. */
    if (add_comments(j, json_object_get(obj, "final_comments"), &g->post_first,
                     &g->post_count))
        return BUILD_FAILED;
    size_t n;
    json_t *res = json_object_get(obj, "result");
    const char *rs = string_member(obj, "result", &n);
    if (rs) {
        int result = pgn_lex_result((const unsigned char *)rs, n);
        if (result < 0)
            return bad(j, "\"result\" must be 1-0, 0-1, 1/2-1/2 or *");
        g->result = result;
        g->result_text = rs;
        g->result_len = (uint32_t)n;
    } else if (res && !json_is_null(res)) {
        return bad(j, "\"result\" must be a string");
    }
    g->tags = (const struct game_tag *)j->tags.data;
    g->ntags = (uint32_t)COUNT(j->tags, struct game_tag);
    g->moves = (const struct game_move *)j->moves.data;
    g->nmoves = (uint32_t)COUNT(j->moves, struct game_move);
    g->vars = (const struct game_var *)j->vars.data;
    g->nvars = (uint32_t)COUNT(j->vars, struct game_var);
    g->comments = (const struct game_comment *)j->comments.data;
    g->ncomments = (uint32_t)COUNT(j->comments, struct game_comment);
    g->nags = (const uint16_t *)j->nags.data;
    g->nnags = (uint32_t)COUNT(j->nags, uint16_t);
    g->cmds = (const struct game_cmd *)j->cmds.data;
    g->ncmds = (uint32_t)COUNT(j->cmds, struct game_cmd);
    return 0;
}

int json_reader_next(struct json_reader *j, struct game *g, const char **raw, size_t *raw_len)
{
    j->status = PGN_OK;
    j->nomem = 0;
    j->message[0] = 0;
    *raw = NULL;
    int rc = json_stream_next(j->values, &j->value, &j->value_line);
    if (rc < 0) {
        int status;
        const char *why = json_stream_message(j->values, &status);
        return problem(j, JSON_READER_FAIL, status, "%s", why);
    }
    if (rc == 0)
        return JSON_READER_END;
    json_t *obj = j->value;
    j->index++;
    const char *why = NULL;
    if (!json_is_object(obj))
        why = "not a JSON object";
    else if (json_is_false(json_object_get(obj, "valid")))
        why = (*raw = string_member(obj, "raw", raw_len)) ? NULL
                                                          : "\"valid\": false without \"raw\"";
    else if (build_game(j, obj, g))
        why = j->nomem ? NULL : j->why;
    if (j->nomem)
        return out_of_memory(j);
    if (why)
        return problem(j, JSON_READER_BAD, PGN_ESYNTAX, "%s:%" PRIu64 ": game %" PRIu64 ": %s",
                       j->name, j->value_line, j->index, why);
    return *raw ? JSON_READER_RAW : JSON_READER_GAME;
}
