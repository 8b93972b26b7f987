/* lichess_fields.c - the members of a lichess API record that its PGN is written from, read with or without a tree. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>
#include "pgn/lichess_fields.h"
#include "pgn/json_fast.h"
#include "base/banned.h"

/*
 * A path and its length: the scan looks the path of every value up, and
 * comparing the lengths first spares most of the comparisons of text.
 */
struct path {
    const char *s;
    size_t n;
};
#define PATH(s) { s, sizeof s - 1 }

/*
 * The paths of the members, then of the objects that hold them: the scan
 * meets those objects too, and gives the record up to jansson when one
 * comes twice (jansson keeps the last whole, members the first had included).
 */
enum { LF_PLAYERS = LF_COUNT, LF_WHITE, LF_BLACK, LF_WHITE_USER, LF_BLACK_USER, LF_CLOCK,
       LF_OPENING, LF_ALL };

static const struct path paths[LF_ALL] = {
    [LF_PGN] = PATH("pgn"), [LF_STATUS] = PATH("status"), [LF_ID] = PATH("id"),
    [LF_WINNER] = PATH("winner"), [LF_VARIANT] = PATH("variant"), [LF_PERF] = PATH("perf"),
    [LF_RATED] = PATH("rated"), [LF_TOURNAMENT] = PATH("tournament"), [LF_SIMUL] = PATH("simul"),
    [LF_CREATED_AT] = PATH("createdAt"), [LF_INITIAL_FEN] = PATH("initialFen"),
    [LF_MOVES] = PATH("moves"), [LF_CLOCKS] = PATH("clocks"), [LF_ANALYSIS] = PATH("analysis"),
    [LF_WHITE_NAME] = PATH("players.white.user.name"),
    [LF_WHITE_AI_LEVEL] = PATH("players.white.aiLevel"),
    [LF_WHITE_RATING] = PATH("players.white.rating"),
    [LF_WHITE_RATING_DIFF] = PATH("players.white.ratingDiff"),
    [LF_BLACK_NAME] = PATH("players.black.user.name"),
    [LF_BLACK_AI_LEVEL] = PATH("players.black.aiLevel"),
    [LF_BLACK_RATING] = PATH("players.black.rating"),
    [LF_BLACK_RATING_DIFF] = PATH("players.black.ratingDiff"),
    [LF_CLOCK_INITIAL] = PATH("clock.initial"), [LF_CLOCK_INCREMENT] = PATH("clock.increment"),
    [LF_OPENING_ECO] = PATH("opening.eco"), [LF_OPENING_NAME] = PATH("opening.name"),
    [LF_PLAYERS] = PATH("players"), [LF_WHITE] = PATH("players.white"),
    [LF_BLACK] = PATH("players.black"), [LF_WHITE_USER] = PATH("players.white.user"),
    [LF_BLACK_USER] = PATH("players.black.user"), [LF_CLOCK] = PATH("clock"),
    [LF_OPENING] = PATH("opening"),
};

/* Within an element of "analysis"; LP_JUDGMENT is its object, met by the scan only. */
enum { LP_JUDGMENT = LP_COUNT, LP_ALL };
static const struct path ply_paths[LP_ALL] = {
    [LP_CLOCK] = PATH(""), [LP_ANALYSIS] = PATH(""), [LP_EVAL] = PATH("eval"),
    [LP_MATE] = PATH("mate"), [LP_JUDGMENT_NAME] = PATH("judgment.name"),
    [LP_JUDGMENT_COMMENT] = PATH("judgment.comment"), [LP_VARIATION] = PATH("variation"),
    [LP_JUDGMENT] = PATH("judgment"),
};

/* Plies at most: a record with longer arrays is left to jansson (and most likely refused). */
enum { PLIES_MAX = 1 << 16 };

const char *lichess_field_path(int field) { return paths[field].s; }
const char *lichess_ply_path(int field) { return ply_paths[field].s; }

void lichess_fields_init(struct lichess_fields *f)
{
    memset(f, 0, sizeof *f);
    buf_init(&f->plies, (size_t)PLIES_MAX * sizeof(struct lichess_ply));
    buf_init(&f->strings, (size_t)64 << 20);
}

void lichess_fields_release(struct lichess_fields *f)
{
    buf_release(&f->plies);
    buf_release(&f->strings);
}

static void clear(struct lichess_fields *f)
{
    memset(f->v, 0, sizeof f->v);
    f->nplies = 0;
    f->plies.len = 0;
    f->strings.len = 0;
}

const struct lichess_ply *lichess_fields_ply(const struct lichess_fields *f, size_t k)
{
    static const struct lichess_ply none;
    return k < f->nplies ? (const struct lichess_ply *)f->plies.data + k : &none;
}

/* Ply k's members, the plies before it made (missing) as needed; NULL when too many. */
static struct lichess_ply *ply_at(struct lichess_fields *f, size_t k)
{
    if (k >= f->nplies) {
        size_t more = (k + 1 - f->nplies) * sizeof(struct lichess_ply);
        if (buf_reserve(&f->plies, more) != PGN_OK)
            return NULL;
        /*
         * Only the types are set (missing): whoever reads a value looks
         * at its type first, and whoever sets one sets it whole. Zeroing
         * all 280 bytes of a ply, once for every clock, was a tenth of
         * the scan's own work.
         */
        struct lichess_ply *p = (struct lichess_ply *)(f->plies.data + f->plies.len);
        for (size_t i = f->nplies; i <= k; i++, p++)
            for (int j = 0; j < LP_COUNT; j++)
                p->v[j].type = RECORD_MISSING;
        f->plies.len += more;
        f->nplies = k + 1;
    }
    return (struct lichess_ply *)f->plies.data + k;
}

/* ---- from a jansson tree ---------------------------------------------------------- */

int lichess_fields_of_tree(struct lichess_fields *f, json_t *rec)
{
    clear(f);
    for (int k = 0; k < LF_COUNT; k++)
        record_value_of(record_get(rec, paths[k].s), &f->v[k]);
    json_t *clocks = json_object_get(rec, "clocks"), *analysis = json_object_get(rec, "analysis");
    for (size_t i = 0; i < json_array_size(clocks); i++) {
        struct lichess_ply *p = ply_at(f, i);
        if (!p)
            return PGN_ETOOBIG;
        record_value_of(json_array_get(clocks, i), &p->v[LP_CLOCK]);
    }
    for (size_t i = 0; i < json_array_size(analysis); i++) {
        struct lichess_ply *p = ply_at(f, i);
        if (!p)
            return PGN_ETOOBIG;
        json_t *info = json_array_get(analysis, i);
        record_value_of(info, &p->v[LP_ANALYSIS]);
        for (int k = LP_EVAL; k < LP_COUNT; k++)
            record_value_of(record_get(info, ply_paths[k].s), &p->v[k]);
    }
    return PGN_OK;
}

/* ---- from the text, with yajl ------------------------------------------------------ */

enum { SCAN_DEPTH = 8, SCAN_PATH_MAX = 128 };

/*
 * The path of the value coming, as the tables spell it ("players.white",
 * "analysis[].judgment"), and the containers open: the path's length at
 * each, whether it is an array and its elements so far. Deeper than
 * SCAN_DEPTH no member is wanted: the depth is only counted there.
 */
struct scan {
    struct lichess_fields *f;
    int depth;          /* containers open, the record's object included */
    int deep;           /* containers open below SCAN_DEPTH */
    size_t len;         /* path[0..len) is the value's */
    char path[SCAN_PATH_MAX];
    size_t at[SCAN_DEPTH];
    int array[SCAN_DEPTH];
    size_t elements[SCAN_DEPTH];
    size_t ply;         /* the element of "clocks" or "analysis" the value is in */
    int in_clocks;      /* the container open is the record's "clocks" */
};

enum { NOT_FOUND = -1 };

/* The table entry named path[0..len) of n, or NOT_FOUND. */
static int find(const struct path *table, int n, const char *path, size_t len)
{
    for (int k = 0; k < n; k++)
        if (table[k].n == len && table[k].s[0] == path[0] && !memcmp(table[k].s, path, len))
            return k;
    return NOT_FOUND;
}

/* The members inside each object of paths[LF_COUNT..]: [first, end). */
static const unsigned char inside[LF_ALL - LF_COUNT][2] = {
    [LF_PLAYERS - LF_COUNT] = { LF_WHITE_NAME, LF_BLACK_RATING_DIFF + 1 },
    [LF_WHITE - LF_COUNT] = { LF_WHITE_NAME, LF_WHITE_RATING_DIFF + 1 },
    [LF_BLACK - LF_COUNT] = { LF_BLACK_NAME, LF_BLACK_RATING_DIFF + 1 },
    [LF_WHITE_USER - LF_COUNT] = { LF_WHITE_NAME, LF_WHITE_NAME + 1 },
    [LF_BLACK_USER - LF_COUNT] = { LF_BLACK_NAME, LF_BLACK_NAME + 1 },
    [LF_CLOCK - LF_COUNT] = { LF_CLOCK_INITIAL, LF_CLOCK_INCREMENT + 1 },
    [LF_OPENING - LF_COUNT] = { LF_OPENING_ECO, LF_OPENING_NAME + 1 },
};

/* 1 when one of v[first..end) is there already: a second object at their path. */
static int any_kept(const struct record_value *v, int first, int end)
{
    for (int k = first; k < end; k++)
        if (v[k].type != RECORD_MISSING)
            return 1;
    return 0;
}

/*
 * Where the value coming is kept (*out, NULL when it is not wanted):
 * 1, or 0 to give the record up to jansson, where a member comes twice.
 */
static int slot(struct scan *sc, struct record_value **out)
{
    *out = NULL;
    if (sc->deep || sc->depth == 0)
        return 1;
    if (sc->array[sc->depth - 1]) {
        sc->len = sc->at[sc->depth - 1];
        if (sc->len + 2 > SCAN_PATH_MAX)
            return 1;
        memcpy(sc->path + sc->len, "[]", 2);
        sc->len += 2;
        if (sc->depth == 2)
            sc->ply = sc->elements[1]++;
    }
    if (sc->len > SCAN_PATH_MAX)
        return 1;
    static const char clocks[] = "clocks[]", analysis[] = "analysis[]";
    int k;
    if (sc->len == sizeof clocks - 1 && !memcmp(sc->path, clocks, sc->len)) {
        k = LP_CLOCK;
    } else if (sc->len >= sizeof analysis - 1 && !memcmp(sc->path, analysis, sizeof analysis - 1)) {
        size_t skip = sizeof analysis; /* and the '.' */
        if (sc->len == sizeof analysis - 1) {
            k = LP_ANALYSIS;
        } else {
            k = find(ply_paths + LP_EVAL, LP_ALL - LP_EVAL, sc->path + skip, sc->len - skip);
            if (k == NOT_FOUND)
                return 1;
            k += LP_EVAL;
        }
    } else {
        k = find(paths, LF_ALL, sc->path, sc->len);
        if (k == NOT_FOUND)
            return 1;
        if (k >= LF_COUNT)
            return !any_kept(sc->f->v, inside[k - LF_COUNT][0], inside[k - LF_COUNT][1]);
        *out = &sc->f->v[k];
        return (*out)->type == RECORD_MISSING;
    }
    struct lichess_ply *p = ply_at(sc->f, sc->ply);
    if (!p)
        return 0;
    if (k == LP_JUDGMENT)
        return !any_kept(p->v, LP_JUDGMENT_NAME, LP_JUDGMENT_COMMENT + 1);
    *out = &p->v[k];
    return (*out)->type == RECORD_MISSING;
}

/* A value of type t: kept where wanted (*kept, else NULL); 0 to give up. */
static int value(struct scan *sc, int t, struct record_value **kept)
{
    struct record_value *v;
    *kept = NULL;
    if (!slot(sc, &v))
        return 0;
    if (v) {
        memset(v, 0, sizeof *v);
        v->type = t;
        *kept = v;
    }
    return 1;
}

static int scalar(void *ctx, int t)
{
    struct record_value *v;
    return value(ctx, t, &v);
}

static int on_null(void *ctx) { return scalar(ctx, RECORD_NULL); }
static int on_boolean(void *ctx, int b) { return scalar(ctx, b ? RECORD_TRUE : RECORD_FALSE); }

/*
 * An element of "clocks" straight into its ply, without the path: a
 * lichess export has one on every ply, and the path's building and
 * matching cost more than yajl's reading of the number.
 */
static int clock_element(struct scan *sc, long long i)
{
    sc->ply = sc->elements[1]++;
    struct lichess_ply *p = ply_at(sc->f, sc->ply);
    if (!p || p->v[LP_CLOCK].type != RECORD_MISSING)
        return 0;
    p->v[LP_CLOCK].type = RECORD_INTEGER;
    p->v[LP_CLOCK].i = (int64_t)i;
    return 1;
}

static int on_integer(void *ctx, long long i)
{
    struct scan *sc = ctx;
    if (sc->in_clocks && sc->depth == 2 && !sc->deep)
        return clock_element(sc, i);
    struct record_value *v;
    if (!value(ctx, RECORD_INTEGER, &v))
        return 0;
    if (v)
        v->i = (int64_t)i;
    return 1;
}

static int on_double(void *ctx, double d)
{
    struct record_value *v;
    if (!value(ctx, RECORD_REAL, &v))
        return 0;
    if (v)
        v->d = d;
    return 1;
}

/* Strings are copied (yajl's own are gone after the callback): s holds the offset until the end. */
static int on_string(void *ctx, const unsigned char *s, size_t n)
{
    struct scan *sc = ctx;
    struct record_value *v;
    if (!value(sc, RECORD_STRING, &v))
        return 0;
    if (v) {
        v->len = n;
        v->s = (const char *)(uintptr_t)sc->f->strings.len;
        if (buf_append(&sc->f->strings, s, n) != PGN_OK)
            return 0;
    }
    return 1;
}

static int open_container(void *ctx, int is_array)
{
    struct scan *sc = ctx;
    struct record_value *v;
    if (sc->depth && !value(sc, is_array ? RECORD_ARRAY : RECORD_OBJECT, &v))
        return 0;
    if (sc->deep || sc->depth == SCAN_DEPTH) {
        sc->deep++;
        return 1;
    }
    static const char clocks[] = "clocks";
    sc->in_clocks = sc->depth == 1 && is_array && sc->len == sizeof clocks - 1 &&
                    !memcmp(sc->path, clocks, sizeof clocks - 1);
    sc->at[sc->depth] = sc->len;
    sc->array[sc->depth] = is_array;
    sc->elements[sc->depth] = 0;
    sc->depth++;
    return 1;
}

static int on_start_map(void *ctx) { return open_container(ctx, 0); }
static int on_start_array(void *ctx) { return open_container(ctx, 1); }

static int on_key(void *ctx, const unsigned char *key, size_t n)
{
    struct scan *sc = ctx;
    if (sc->deep)
        return 1;
    size_t base = sc->at[sc->depth - 1], dot = sc->depth > 1;
    sc->len = base + dot + n;
    /* A key too long for any wanted path: its value (and all inside it) is kept nowhere. */
    if (sc->len > SCAN_PATH_MAX) {
        sc->len = SCAN_PATH_MAX + 1;
        return 1;
    }
    sc->path[base] = '.';
    memcpy(sc->path + base + dot, key, n);
    return 1;
}

static int on_end(void *ctx)
{
    struct scan *sc = ctx;
    if (sc->deep) {
        sc->deep--;
        return 1;
    }
    sc->depth--;
    sc->len = sc->depth ? sc->at[sc->depth - 1] : 0;
    sc->in_clocks = 0;
    return 1;
}

static const yajl_callbacks callbacks = {
    on_null, on_boolean, on_integer, on_double, NULL, on_string,
    on_start_map, on_key, on_end, on_start_array, on_end,
};

/* The strings' offsets made pointers, now that f->strings has stopped growing. */
static void point(struct lichess_fields *f, struct record_value *v)
{
    if (v->type == RECORD_STRING)
        v->s = f->strings.data + (uintptr_t)v->s;
}

int lichess_fields_scan(struct lichess_fields *f, const char *text, size_t n, size_t *used)
{
    struct scan sc;
    clear(f);
    sc.f = f;
    sc.depth = sc.deep = 0;
    sc.len = 0;
    sc.ply = 0;
    sc.in_clocks = 0;
    if (!json_fast_scan(text, n, &callbacks, &sc, used))
        return 0;
    for (int k = 0; k < LF_COUNT; k++)
        point(f, &f->v[k]);
    for (size_t i = 0; i < f->nplies; i++)
        for (int k = 0; k < LP_COUNT; k++)
            point(f, &((struct lichess_ply *)f->plies.data)[i].v[k]);
    return 1;
}
