/* search_query.c - a set of game criteria matched in one pass, cheapest first. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "base/array.h"
#include "base/ascii.h"
#include "replay/diag.h"
#include "base/error.h"
#include "query/filter.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "replay/variant.h"
#include "notation/san.h"
#include "query/search_criterion.h"
#include "query/search_query.h"
#include "query/where.h"
#include "base/banned.h"

struct search_query {
    struct search_query_opts opts;
    struct criterion *crit;
    size_t n, cap;
};

/* A row of the table of criteria (at the end of this file). */
struct kind {
    struct search_criterion_info info; /* its name and what its argument is */
    int level;                    /* enum facts_level it needs (SQ_WHERE: its expression's) */
    build_fn *build;              /* reads its argument */
    match_fn *match;
    const char *tag;              /* the tag a regex criterion reads */
    int field;                    /* the field a range or feature criterion reads */
};

static const struct kind kinds[SQ_CRITERION_COUNT];

static void criterion_release(struct criterion *c)
{
    filter_free(c->re);
    free(c->name);
    free(c->tag);
    free(c->moves);
    free(c->patterns);
    free(c->targets);
    free(c->ends);
    where_free(c->where);
    repertoire_free(c->book);
}

int search_query_new(struct search_query **out, const struct search_query_opts *opts)
{
    struct search_query *q = calloc(1, sizeof *q);
    *out = q;
    if (!q)
        return PGN_ENOMEM;
    if (opts)
        q->opts = *opts;
    else
        q->opts.lang = NOTATION_AUTO;
    return PGN_OK;
}

void search_query_free(struct search_query *q)
{
    if (!q)
        return;
    for (size_t i = 0; i < q->n; i++)
        criterion_release(&q->crit[i]);
    free(q->crit);
    free(q);
}

size_t search_query_count(const struct search_query *q) { return q->n; }

const struct criterion *sq_criteria(const struct search_query *q, size_t *n)
{
    *n = q->n;
    return q->crit;
}

int search_query_first_level(const struct search_query *q)
{
    return q->n ? q->crit[0].level : FACTS_TAGS;
}

int search_query_last_level(const struct search_query *q)
{
    return q->n ? q->crit[q->n - 1].level : FACTS_TAGS; /* sorted by level */
}

int sq_refuse(struct sq_error *err, size_t col, const char *fmt, ...)
{
    if (err) {
        err->col = col;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return PGN_EINVAL;
}

/* ---- Building ------------------------------------------------------------- */

/* The builders of the table's rows (build_fn): each reads one syntax of argument. */

static int compile(struct search_query *q, struct criterion *c, const char *re, size_t len,
                   size_t col, struct sq_error *err)
{
    struct filter_error fe;
    int rc = filter_new(&c->re, re, len, q->opts.flags & SQ_ICASE ? FILTER_ICASE : 0,
                        q->opts.limit, &fe);
    if (rc == PGN_EINVAL)
        return sq_refuse(err, col + fe.offset, "bad regular expression: %s", fe.msg);
    return rc;
}

static int parse_count(const char *arg, int64_t *out, struct sq_error *err)
{
    if (!arg || tagvalue_number(arg, strlen(arg), out) || *out < 0)
        return sq_refuse(err, 1, "'%s' is not a whole number", arg ? arg : "");
    return PGN_OK;
}

static int build_range(struct search_query *q, struct criterion *c, const char *arg,
                       struct sq_error *err)
{
    (void)q;
    if (!arg || tagvalue_range(arg, &c->lo, &c->hi))
        return sq_refuse(err, 1, "'%s' is not a range (N, N-M, N- or -M)", arg ? arg : "");
    return PGN_OK;
}

static int build_results(struct search_query *q, struct criterion *c, const char *arg,
                         struct sq_error *err)
{
    static const char *const names[] = { "", "1-0", "0-1", "1/2-1/2", "*" };
    (void)q;
    const char *s = arg;
    c->results = 0;
    for (;;) {
        size_t n = strcspn(s, ",");
        int r = 0;
        for (int i = 1; i <= 4; i++)
            if (strlen(names[i]) == n && !memcmp(s, names[i], n))
                r = i;
        if (!r)
            return sq_refuse(err, (size_t)(s - arg) + 1,
                          "'%.*s' is not a result (1-0, 0-1, 1/2-1/2 or *)", (int)n, s);
        c->results |= 1u << r;
        if (!s[n])
            return PGN_OK;
        s += n + 1;
    }
}

static int build_time_control(struct search_query *q, struct criterion *c, const char *arg,
                              struct sq_error *err)
{
    (void)q;
    if (!time_control_speed_range(arg, &c->lo, &c->hi))
        return PGN_OK;
    if (strchr(arg, '+')) {
        struct time_control tc;
        if (tagvalue_time_control(arg, strlen(arg), &tc) || tc.moves)
            return sq_refuse(err, 1, "'%s' is not BASE+INCREMENT in seconds", arg);
        c->tc_exact = 1;
        c->lo = tc.base;
        c->hi = tc.increment;
        return PGN_OK;
    }
    if (tagvalue_range(arg, &c->lo, &c->hi))
        return sq_refuse(err, 1, "'%s' is not a speed (ultrabullet, bullet, blitz, rapid, "
                              "classical, correspondence), BASE+INC or a range of seconds", arg);
    return PGN_OK;
}

int sq_read_moves(struct search_query *q, const char *arg, struct criterion *c,
                  struct pos *final, struct sq_error *err)
{
    struct pgn_reader *r;
    struct game g;
    struct replay rp;
    struct replay_opts ro = { .lang = q->opts.lang, .flags = REPLAY_NO_TAGS | REPLAY_NO_WARN };
    int rc = pgn_reader_open_mem(&r, arg, strlen(arg), NULL);
    if (rc)
        return rc;
    rc = pgn_reader_next(r, &g);
    if (rc <= 0 || g.nvars == 0 || g.vars[0].count == 0) {
        pgn_reader_free(r);
        return rc < 0 ? rc : sq_refuse(err, 1, "no moves in '%s'", arg);
    }
    replay_init(&rp, &ro);
    rc = replay_game(&rp, &g);
    if (!rc && (rp.errors || rp.skipped)) {
        const struct replay_diag *d = rp.diags;
        while (d->severity != PGN_SEV_ERROR && d + 1 < rp.diags + rp.ndiags)
            d++;
        rc = sq_refuse(err, d->col, "%s", d->msg);
    }
    if (!rc && !rp.complete)
        rc = sq_refuse(err, 1, "cannot read the moves of '%s'", arg);
    if (!rc && c) {
        const struct game_var *v = &g.vars[0];
        c->nmoves = v->count;
        c->moves = malloc(v->count * sizeof *c->moves);
        if (!c->moves)
            rc = PGN_ENOMEM;
        else
            for (uint32_t i = 0; i < v->count; i++)
                c->moves[i] = rp.moves[v->first + i];
        c->target = rp.start;
        c->key = pos_repetition_key(&rp.start);
    }
    if (!rc && final)
        *final = rp.final;
    if (!rc && g.nvars > 1)
        rc = sq_refuse(err, 1, "variations in '%s': give one line of moves", arg);
    replay_release(&rp);
    pgn_reader_free(r);
    return rc;
}

/* The main line of a movetext given on the command line, read like a game. */
static int build_moves(struct search_query *q, struct criterion *c, const char *arg,
                       struct sq_error *err)
{
    return sq_read_moves(q, arg, c, NULL, err);
}

/* A board pattern; with SQ_POSITION_PATTERN_EITHER its colours swapped too. */
static int build_board_pattern(struct search_query *q, struct criterion *c, const char *arg,
                               struct sq_error *err)
{
    (void)q;
    size_t at;
    const char *why;
    if (board_pattern_parse(arg, &c->bpat[0], &at, &why))
        return sq_refuse(err, at + 1, "'%s' is not a board pattern: %s", arg, why);
    board_pattern_invert(&c->bpat[0], &c->bpat[1]);
    c->either = c->kind == SQ_POSITION_PATTERN_EITHER;
    return PGN_OK;
}

static int build_position(struct search_query *q, struct criterion *c, const char *arg,
                          struct sq_error *err)
{
    (void)q;
    enum fen_problem why;
    int rc = pos_from_fen(&c->target, arg, &why);
    if (rc && !build_board_pattern(q, c, arg, NULL)) {
        c->match = sq_match_board_pattern; /* a board alone: any castling, en passant */
        return PGN_OK;
    }
    if (rc)
        return sq_refuse(err, 1, "invalid FEN '%s': %s", arg, fen_problem_text(why));
    c->key = pos_repetition_key(&c->target);
    material_of(&c->target, &c->mat);
    c->home_pawns[WHITE] = pos_pieces(&c->target, WHITE, PAWN) & rank_bb(1);
    c->home_pawns[BLACK] = pos_pieces(&c->target, BLACK, PAWN) & rank_bb(6);
    return PGN_OK;
}

static int build_material(struct search_query *q, struct criterion *c, const char *arg,
                          struct sq_error *err)
{
    size_t at;
    if (material_pattern_parse(arg, &c->mpat[0], &at))
        return sq_refuse(err, at + 1, "'%s' is not a material pattern like KRP:KR or KR+P2-:KL "
                                   "(WHITE:BLACK, letters K Q R B N P L, counts N, N+, N-, *)",
                      arg);
    material_pattern_swap(&c->mpat[0], &c->mpat[1]);
    c->either = c->kind == SQ_MATERIAL_EITHER;
    c->plies = q->opts.material_plies ? q->opts.material_plies : 2;
    return PGN_OK;
}

int sq_pattern_lang(const struct search_query *q)
{
    return q->opts.lang == NOTATION_AUTO ? NOTATION_EN : q->opts.lang;
}

const struct search_query_opts *sq_opts(const struct search_query *q) { return &q->opts; }

static int build_move_pattern(struct search_query *q, struct criterion *c, const char *arg,
                              struct sq_error *err)
{
    int lang = sq_pattern_lang(q);
    struct move_error me;
    if (arg[0] == '=') {
        /* "=N": any promotion to a knight; read through a full promotion move */
        char buf[32];
        snprintf(buf, sizeof buf, "a8%s", arg);
        if (strlen(arg) > 8 || san_parse(buf, strlen(buf), lang, &c->pattern, &me) ||
            !c->pattern.promo)
            return sq_refuse(err, 1, "'%s' is not a promotion piece like =N", arg);
        c->promo_only = 1;
        return PGN_OK;
    }
    if (san_parse(arg, strlen(arg), lang, &c->pattern, &me))
        return sq_refuse(err, 1, "'%s' is not a move: %s", arg, me.msg);
    return PGN_OK;
}

/* Letters and digits of s, lowercased, for loose name comparison. */
static char *squeeze(const char *s)
{
    size_t cap = strlen(s) + 1;
    char *t = malloc(cap);
    if (t)
        variant_squeeze(s, t, cap);
    return t;
}

static int build_none(struct search_query *q, struct criterion *c, const char *arg,
                      struct sq_error *err)
{
    (void)q, (void)c, (void)arg, (void)err;
    return PGN_OK;
}

/* The kind of name a name criterion reads, for a spelling file; SPELLING_NONE for others. */
static int criterion_name_kind(int criterion)
{
    switch (criterion) {
    case SQ_WHITE: case SQ_BLACK: case SQ_PLAYER: return SPELLING_PLAYER;
    case SQ_EVENT: return SPELLING_EVENT;
    case SQ_SITE: return SPELLING_SITE;
    default: return SPELLING_NONE;
    }
}

static int build_regex(struct search_query *q, struct criterion *c, const char *arg,
                       struct sq_error *err)
{
    int kind = criterion_name_kind(c->kind);
    if (q->opts.names && kind >= 0 &&
        (c->canonical = spelling_canonical(q->opts.names, kind, arg, strlen(arg)))) {
        c->names = q->opts.names;
        c->name_kind = kind;
        return PGN_OK;
    }
    return compile(q, c, arg, strlen(arg), 1, err);
}

static int build_name_like(struct search_query *q, struct criterion *c, const char *arg,
                           struct sq_error *err)
{
    (void)q;
    if (!(c->name = malloc(sizeof *c->name)))
        return PGN_ENOMEM;
    if (name_like_init(c->name, arg))
        return sq_refuse(err, 1, "'%s' is not a name of 1 to %d words", arg, NAME_LIKE_WORDS);
    return PGN_OK;
}

/* NAME=REGEX: a tag name of letters, digits and '_'. */
static int build_tag(struct search_query *q, struct criterion *c, const char *arg,
                     struct sq_error *err)
{
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg) : 0;
    for (size_t i = 0; i < n; i++)
        if (!(ascii_is_alnum(arg[i]) || arg[i] == '_'))
            return sq_refuse(err, i + 1, "'%.*s' is not a tag name", (int)n, arg);
    if (!n)
        return sq_refuse(err, 1, "'%s' is not NAME=REGEX", arg);
    c->tag = malloc(n + 1);
    if (!c->tag)
        return PGN_ENOMEM;
    memcpy(c->tag, arg, n);
    c->tag[n] = '\0';
    c->tag_name = c->tag;
    return compile(q, c, eq + 1, strlen(eq + 1), n + 2, err);
}

/* N into c->lo. */
static int build_count(struct search_query *q, struct criterion *c, const char *arg,
                       struct sq_error *err)
{
    (void)q;
    return parse_count(arg, &c->lo, err);
}

/* N: the range [N, infinity) or [0, N]. */
static int build_at_least(struct search_query *q, struct criterion *c, const char *arg,
                          struct sq_error *err)
{
    c->hi = INT64_MAX;
    return build_count(q, c, arg, err);
}

static int build_at_most(struct search_query *q, struct criterion *c, const char *arg,
                         struct sq_error *err)
{
    (void)q;
    c->lo = 0;
    return parse_count(arg, &c->hi, err);
}

static int build_date(struct search_query *q, struct criterion *c, const char *arg,
                      struct sq_error *err)
{
    (void)q;
    if (tagvalue_date(arg, strlen(arg), &c->date))
        return sq_refuse(err, 1, "'%s' is not a date (YYYY, YYYY.MM or YYYY.MM.DD)", arg);
    return PGN_OK;
}

static int build_eco(struct search_query *q, struct criterion *c, const char *arg,
                     struct sq_error *err)
{
    int lo, hi;
    (void)q;
    if (tagvalue_eco_range(arg, &lo, &hi))
        return sq_refuse(err, 1, "'%s' is not an ECO range like B90-B99", arg);
    c->lo = lo;
    c->hi = hi;
    return PGN_OK;
}

static int build_variant(struct search_query *q, struct criterion *c, const char *arg,
                         struct sq_error *err)
{
    (void)q, (void)err;
    c->tag = squeeze(arg);
    return c->tag ? PGN_OK : PGN_ENOMEM;
}

/* An expression: the level is the costliest field it reads. */
static int build_where(struct search_query *q, struct criterion *c, const char *arg,
                       struct sq_error *err)
{
    struct where_error we;
    int rc = where_parse(&c->where, arg, q->opts.flags & SQ_ICASE ? FILTER_ICASE : 0,
                         q->opts.limit, &we);
    if (rc == PGN_ESYNTAX)
        return sq_refuse(err, we.col, "%s", we.msg);
    if (!rc)
        c->level = where_level(c->where);
    return rc;
}

/* ---- Matching ------------------------------------------------------------- */

int sq_same_name(const struct criterion *c, const char *s, size_t len)
{
    const char *k = spelling_canonical(c->names, c->name_kind, s, len);
    return k && !strcmp(k, c->canonical);
}

/*
 * 1 when a copy of tag name fits c: its regex, (SQ_PLAYER_LIKE) its name,
 * or a spelling of its name.
 */
static int tag_matches(const struct criterion *c, struct game_facts *f, const char *name)
{
    struct fact_value v;
    for (uint32_t k = 0; game_facts_tag(f, name, k, &v) > 0; k++)
        if (c->name        ? name_like_match(c->name, v.s, v.len)
            : c->canonical ? sq_same_name(c, v.s, v.len)
                           : filter_match(c->re, v.s, v.len))
            return 1;
    return 0;
}

/* The tag of the kind's row (White, Event, ...), or SQ_TAG's own. */
static int match_tag(struct game_facts *f, const struct criterion *c)
{
    return tag_matches(c, f, c->tag_name);
}

static int match_player(struct game_facts *f, const struct criterion *c)
{
    return tag_matches(c, f, "White") || tag_matches(c, f, "Black");
}


/* The value of a field as a number: 1 and *n, 0 when missing, < 0 on error. */
static int number(struct game_facts *f, int field, int64_t *n)
{
    struct fact_value v;
    int rc = game_facts_get(f, field, 0, &v);
    if (rc > 0)
        *n = v.num;
    return rc;
}

static int in_range(struct game_facts *f, int field, int64_t lo, int64_t hi)
{
    int64_t n;
    int rc = number(f, field, &n);
    return rc <= 0 ? rc : n >= lo && n <= hi;
}

/* The number field of the kind's row in [c->lo, c->hi]. */
static int match_range(struct game_facts *f, const struct criterion *c)
{
    return in_range(f, c->field, c->lo, c->hi);
}

/* The kind's boolean field is true. */
/* A move under c->lo seconds on the mover's clock that lost PLAY_TROUBLE_DROP win points. */
static int match_time_trouble(struct game_facts *f, const struct criterion *c)
{
    const struct play_totals *t = game_facts_play(f);
    if (!t)
        return f->status;
    if (!play_in_trouble(t, c->lo))
        return 0;
    f->hit_ply = t->trouble_ply;
    return 1;
}

static int match_feature(struct game_facts *f, const struct criterion *c)
{
    struct fact_value v;
    int rc = game_facts_get(f, c->field, 0, &v);
    return rc <= 0 ? rc : v.num != 0;
}

/* Both ratings known and at least (at_least) or at most c->lo. */
static int elo_bound(struct game_facts *f, const struct criterion *c, int at_least)
{
    int64_t w, b;
    int rc = number(f, F_WHITE_ELO, &w);
    if (rc <= 0)
        return rc;
    rc = number(f, F_BLACK_ELO, &b);
    if (rc <= 0)
        return rc;
    return at_least ? w >= c->lo && b >= c->lo : w <= c->lo && b <= c->lo;
}

static int match_elo_min(struct game_facts *f, const struct criterion *c)
{
    return elo_bound(f, c, 1);
}

static int match_elo_max(struct game_facts *f, const struct criterion *c)
{
    return elo_bound(f, c, 0);
}

/* The game's date surely on or after the first day (from) / on or before the last day of c's. */
static int date_bound(struct game_facts *f, const struct criterion *c, int from)
{
    struct fact_value v;
    int rc = game_facts_get(f, F_DATE, 0, &v);
    if (rc <= 0)
        return rc;
    return from ? v.date.lo >= c->date.lo : v.date.hi <= c->date.hi;
}

static int match_date_from(struct game_facts *f, const struct criterion *c)
{
    return date_bound(f, c, 1);
}

static int match_date_to(struct game_facts *f, const struct criterion *c)
{
    return date_bound(f, c, 0);
}

static int match_eco(struct game_facts *f, const struct criterion *c)
{
    struct fact_value v;
    int rc = game_facts_get(f, F_ECO, 0, &v);
    if (rc <= 0)
        return rc;
    int eco = tagvalue_eco(v.s, v.len);
    return eco >= 0 && eco >= c->lo && eco <= c->hi;
}

static int match_result(struct game_facts *f, const struct criterion *c)
{
    struct fact_value v;
    int rc = game_facts_get(f, F_RESULT, 0, &v);
    if (rc <= 0)
        return rc;
    int r = v.len == 3 ? (v.s[0] == '1' ? PGN_RESULT_WHITE : PGN_RESULT_BLACK)
          : v.len == 7 ? PGN_RESULT_DRAW : PGN_RESULT_UNKNOWN;
    return (c->results >> r) & 1;
}

static int match_time_control(struct game_facts *f, const struct criterion *c)
{
    struct time_control tc;
    const char *v = game_tag_value(f->g, "TimeControl");
    /* "-" has no clock, as if it lasted for ever: a class or range without an upper end
     * (correspondence, "21600-") takes it. */
    if (v && !strcmp(v, "-"))
        return !c->tc_exact && c->hi == INT64_MAX;
    if (!v || tagvalue_time_control(v, strlen(v), &tc))
        return 0;
    if (c->tc_exact)
        return tc.moves == 0 && tc.base == c->lo && tc.increment == c->hi;
    int64_t est = time_control_estimate(&tc);
    return est >= c->lo && est <= c->hi;
}

static int match_variant(struct game_facts *f, const struct criterion *c)
{
    const char *v = game_tag_value(f->g, "Variant");
    int standard = !v || variant_is_standard(v);
    if (!strcmp(c->tag, "any"))
        return !standard;
    if (!strcmp(c->tag, "standard"))
        return standard;
    if (!strcmp(c->tag, "chess960"))
        return v && variant_is_chess960(v);
    if (!v)
        return 0;
    char *s = squeeze(v);
    int same = s && !strcmp(s, c->tag);
    free(s);
    return same;
}

static int match_comment(struct game_facts *f, const struct criterion *c)
{
    struct fact_value v;
    int rc;
    for (uint32_t k = 0; (rc = game_facts_get(f, F_COMMENT, k, &v)) > 0; k++)
        if (filter_match(c->re, v.s, v.len))
            return 1;
    return rc;
}

static int match_where(struct game_facts *f, const struct criterion *c)
{
    return where_eval(c->where, f);
}

int search_query_match(struct search_query *q, struct game_facts *f)
{
    for (size_t i = 0; i < q->n; i++) {
        int rc = q->crit[i].match(f, &q->crit[i]);
        if (rc <= 0)
            return rc;
    }
    return 1;
}

const char *search_query_new_limit_hit(struct search_query *q)
{
    for (size_t i = 0; i < q->n; i++) {
        struct criterion *c = &q->crit[i];
        if (c->re && !c->reported && filter_limit_hits(c->re)) {
            c->reported = 1;
            return filter_pattern(c->re);
        }
        if (c->where) {
            const char *s = where_new_limit_hit(c->where);
            if (s)
                return s;
        }
    }
    return NULL;
}

/* ---- The criteria ---------------------------------------------------------- */

/*
 * One row per criterion, in enum search_criterion order. Adding a criterion:
 * its enum constant, its row here (with a builder and a matcher, maybe new
 * ones); a command line that offers it adds its option and usage there
 * (pgnkit: cmd/cli/query_usage.c and the man pages).
 */
#define ARG 1 /* takes an argument */
#define NO_ARG 0
#define CARET 1 /* a refused argument is shown with a caret under the column */

static const struct kind kinds[SQ_CRITERION_COUNT] = {
    [SQ_WHITE] = { { "white", ARG, 0 }, FACTS_TAGS, build_regex, match_tag, "White", 0 },
    [SQ_BLACK] = { { "black", ARG, 0 }, FACTS_TAGS, build_regex, match_tag, "Black", 0 },
    [SQ_PLAYER] = { { "player", ARG, 0 }, FACTS_TAGS, build_regex, match_player, NULL, 0 },
    [SQ_PLAYER_LIKE] = { { "player-like", ARG, 0 },
                         FACTS_TAGS, build_name_like, match_player, NULL, 0 },
    [SQ_EVENT] = { { "event", ARG, 0 }, FACTS_TAGS, build_regex, match_tag, "Event", 0 },
    [SQ_SITE] = { { "site", ARG, 0 }, FACTS_TAGS, build_regex, match_tag, "Site", 0 },
    [SQ_ANNOTATOR] = { { "annotator", ARG, 0 },
                       FACTS_TAGS, build_regex, match_tag, "Annotator", 0 },
    [SQ_TAG] = { { "tag", ARG, CARET }, FACTS_TAGS, build_tag, match_tag, NULL, 0 },
    [SQ_ELO_MIN] = { { "elo-min", ARG, 0 }, FACTS_TAGS, build_count, match_elo_min, NULL, 0 },
    [SQ_ELO_MAX] = { { "elo-max", ARG, 0 }, FACTS_TAGS, build_count, match_elo_max, NULL, 0 },
    [SQ_WHITE_ELO] = { { "white-elo", ARG, 0 },
                       FACTS_TAGS, build_range, match_range, NULL, F_WHITE_ELO },
    [SQ_BLACK_ELO] = { { "black-elo", ARG, 0 },
                       FACTS_TAGS, build_range, match_range, NULL, F_BLACK_ELO },
    [SQ_ELO_DIFF] = { { "elo-diff", ARG, 0 },
                      FACTS_TAGS, build_range, match_range, NULL, F_ELO_DIFF },
    [SQ_DATE_FROM] = { { "date-from", ARG, 0 }, FACTS_TAGS, build_date, match_date_from, NULL, 0 },
    [SQ_DATE_TO] = { { "date-to", ARG, 0 }, FACTS_TAGS, build_date, match_date_to, NULL, 0 },
    [SQ_ECO] = { { "eco", ARG, 0 }, FACTS_TAGS, build_eco, match_eco, NULL, 0 },
    [SQ_RESULT] = { { "result", ARG, CARET }, FACTS_TAGS, build_results, match_result, NULL, 0 },
    [SQ_PLIES_MIN] = { { "plies-min", ARG, 0 },
                       FACTS_MOVETEXT, build_at_least, match_range, NULL, F_PLIES },
    [SQ_PLIES_MAX] = { { "plies-max", ARG, 0 },
                       FACTS_MOVETEXT, build_at_most, match_range, NULL, F_PLIES },
    [SQ_TIME_CONTROL] = { { "time-control", ARG, 0 },
                          FACTS_TAGS, build_time_control, match_time_control, NULL, 0 },
    [SQ_MOVES] = { { "moves", ARG, 0 }, FACTS_MAINLINE, build_moves, sq_match_moves, NULL, 0 },
    [SQ_POSITION] = { { "position", ARG, 0 },
                      FACTS_MAINLINE, build_position, sq_match_position, NULL, 0 },
    [SQ_POSITION_PATTERN] = { { "position-pattern", ARG, CARET },
                              FACTS_MAINLINE, build_board_pattern, sq_match_board_pattern, NULL,
                              0 },
    [SQ_POSITION_PATTERN_EITHER] = { { "position-pattern-either", ARG, CARET },
                                     FACTS_MAINLINE, build_board_pattern, sq_match_board_pattern,
                                     NULL, 0 },
    [SQ_MATERIAL] = { { "material", ARG, CARET },
                      FACTS_MAINLINE, build_material, sq_match_material, NULL, 0 },
    [SQ_MATERIAL_EITHER] = { { "material-either", ARG, CARET },
                             FACTS_MAINLINE, build_material, sq_match_material, NULL, 0 },
    [SQ_MATERIAL_END] = { { "material-end", ARG, CARET },
                          FACTS_MAINLINE, build_material, sq_match_material_end, NULL, 0 },
    [SQ_CONTAINS_MOVE] = { { "contains-move", ARG, 0 },
                           FACTS_MAINLINE, build_move_pattern, sq_match_contains_move, NULL, 0 },
    [SQ_MOVES_ANYWHERE] = { { "moves-anywhere", ARG, CARET },
                            FACTS_MAINLINE, sq_build_moves_anywhere, sq_match_moves_anywhere,
                            NULL, 0 },
    [SQ_MOVES_FILE] = { { "moves-file", ARG, 0 },
                        FACTS_MAINLINE, sq_build_moves_file, sq_match_moves_file, NULL, 0 },
    [SQ_POSITIONS_FILE] = { { "positions-file", ARG, 0 },
                            FACTS_MAINLINE, sq_build_positions_file, sq_match_positions_file,
                            NULL, 0 },
    [SQ_POLYGLOT_KEY] = { { "polyglot-key", ARG, 0 },
                          FACTS_MAINLINE, sq_build_polyglot_key, sq_match_polyglot_key, NULL, 0 },
    [SQ_REPERTOIRE] = { { "repertoire", ARG, 0 },
                        FACTS_MAINLINE, sq_build_repertoire, sq_match_repertoire, NULL, 0 },
    [SQ_CHECKMATE] = { { "checkmate", NO_ARG, 0 },
                       FACTS_MAINLINE, build_none, match_feature, NULL, F_CHECKMATE },
    [SQ_STALEMATE] = { { "stalemate", NO_ARG, 0 },
                       FACTS_MAINLINE, build_none, match_feature, NULL, F_STALEMATE },
    [SQ_DEAD_POSITION] = { { "dead-position", NO_ARG, 0 },
                           FACTS_MAINLINE, build_none, match_feature, NULL, F_DEAD_POSITION },
    [SQ_REPETITION] = { { "repetition", ARG, 0 },
                        FACTS_MAINLINE, build_count, sq_match_repetition, NULL, 0 },
    [SQ_FIFTY] = { { "fifty", NO_ARG, 0 },
                   FACTS_MAINLINE, build_none, match_feature, NULL, F_FIFTY },
    [SQ_SEVENTYFIVE] = { { "seventyfive", NO_ARG, 0 },
                         FACTS_MAINLINE, build_none, match_feature, NULL, F_SEVENTYFIVE },
    [SQ_UNDERPROMOTION] = { { "underpromotion", NO_ARG, 0 },
                            FACTS_MAINLINE, build_none, match_feature, NULL, F_UNDERPROMOTION },
    [SQ_VARIANT] = { { "variant", ARG, 0 }, FACTS_TAGS, build_variant, match_variant, NULL, 0 },
    [SQ_HAS_COMMENTS] = { { "has-comments", NO_ARG, 0 },
                          FACTS_MOVETEXT, build_none, match_feature, NULL, F_HAS_COMMENTS },
    [SQ_HAS_VARIATIONS] = { { "has-variations", NO_ARG, 0 },
                            FACTS_MOVETEXT, build_none, match_feature, NULL, F_HAS_VARIATIONS },
    [SQ_COMMENT] = { { "comment", ARG, 0 }, FACTS_MOVETEXT, build_regex, match_comment, NULL, 0 },
    [SQ_TIME_TROUBLE] = { { "time-trouble", ARG, 0 },
                          FACTS_MAINLINE, build_count, match_time_trouble, NULL, 0 },
    [SQ_WHERE] = { { "where", ARG, CARET }, FACTS_TAGS, build_where, match_where, NULL, 0 },
};

const struct search_criterion_info *search_criterion_info(int criterion)
{
    return criterion >= 0 && criterion < SQ_CRITERION_COUNT ? &kinds[criterion].info : NULL;
}

int search_query_add(struct search_query *q, int criterion, const char *arg, struct sq_error *err)
{
    if (criterion < 0 || criterion >= SQ_CRITERION_COUNT)
        return sq_refuse(err, 0, "unknown criterion %d", criterion);
    const struct kind *k = &kinds[criterion];
    if (k->info.takes_arg && !arg)
        return sq_refuse(err, 0, "missing argument");
    if (array_reserve((void **)&q->crit, &q->cap, q->n + 1, sizeof *q->crit, 8))
        return PGN_ENOMEM;
    struct criterion *c = &q->crit[q->n];
    memset(c, 0, sizeof *c);
    c->kind = criterion;
    c->level = k->level;
    c->match = k->match;
    c->tag_name = k->tag;
    c->field = k->field;
    int rc = k->build(q, c, arg, err);
    if (rc) {
        criterion_release(c);
        return rc;
    }
    /* Keep the list sorted by level (stable): cheap criteria first. */
    size_t i = q->n++;
    struct criterion x = *c;
    while (i > 0 && q->crit[i - 1].level > x.level) {
        q->crit[i] = q->crit[i - 1];
        i--;
    }
    q->crit[i] = x;
    return PGN_OK;
}
