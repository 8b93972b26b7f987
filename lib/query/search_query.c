/* search_query.c - a set of game criteria matched in one pass, cheapest first. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/compiler.h"
#include "base/array.h"
#include "replay/diag.h"
#include "base/error.h"
#include "query/filter.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "replay/variant.h"
#include "notation/san.h"
#include "query/search_query.h"
#include "query/where.h"
#include "base/banned.h"

struct criterion {
    int kind;  /* enum search_criterion */
    int level; /* enum facts_level it needs */
    struct filter *re;
    int reported; /* the regex's limit hit was reported */
    char *tag;    /* SQ_TAG: the name; SQ_VARIANT: the squeezed name */
    int64_t lo, hi;
    struct date_range date;
    unsigned results; /* SQ_RESULT: bit per enum pgn_result */
    int tc_exact;     /* SQ_TIME_CONTROL: BASE+INC given (lo, hi) */
    int field;        /* feature criteria: the boolean field */
    /* positions */
    struct pos target;
    uint64_t key;
    struct material mat;
    bitboard home_pawns[2]; /* target's pawns on their start rank: they can never come back */
    move16 *moves;          /* SQ_MOVES */
    uint32_t nmoves;
    struct san_parts pattern; /* SQ_CONTAINS_MOVE */
    int promo_only;
    struct where *where;
};

struct search_query {
    struct search_query_opts opts;
    struct criterion *crit;
    size_t n, cap;
};

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
    for (size_t i = 0; i < q->n; i++) {
        filter_free(q->crit[i].re);
        free(q->crit[i].tag);
        free(q->crit[i].moves);
        where_free(q->crit[i].where);
    }
    free(q->crit);
    free(q);
}

size_t search_query_count(const struct search_query *q) { return q->n; }

int search_query_first_level(const struct search_query *q)
{
    return q->n ? q->crit[0].level : FACTS_TAGS;
}

int search_query_last_level(const struct search_query *q)
{
    return q->n ? q->crit[q->n - 1].level : FACTS_TAGS; /* sorted by level */
}

PRINTF_LIKE(3, 4)
static int refuse(struct sq_error *err, size_t col, const char *fmt, ...)
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

static int compile(struct search_query *q, struct criterion *c, const char *re, size_t len,
                   size_t col, struct sq_error *err)
{
    struct filter_error fe;
    int rc = filter_new(&c->re, re, len, q->opts.flags & SQ_ICASE ? FILTER_ICASE : 0,
                        q->opts.limit, &fe);
    if (rc == PGN_EINVAL)
        return refuse(err, col + fe.offset, "bad regular expression: %s", fe.msg);
    return rc;
}

static int parse_count(const char *arg, int64_t *out, struct sq_error *err)
{
    if (!arg || tagvalue_number(arg, strlen(arg), out) || *out < 0)
        return refuse(err, 1, "'%s' is not a whole number", arg ? arg : "");
    return PGN_OK;
}

static int parse_range(const char *arg, struct criterion *c, struct sq_error *err)
{
    if (!arg || tagvalue_range(arg, &c->lo, &c->hi))
        return refuse(err, 1, "'%s' is not a range (N, N-M, N- or -M)", arg ? arg : "");
    return PGN_OK;
}

static int parse_results(const char *arg, struct criterion *c, struct sq_error *err)
{
    static const char *const names[] = { "", "1-0", "0-1", "1/2-1/2", "*" };
    const char *s = arg;
    c->results = 0;
    for (;;) {
        size_t n = strcspn(s, ",");
        int r = 0;
        for (int i = 1; i <= 4; i++)
            if (strlen(names[i]) == n && !memcmp(s, names[i], n))
                r = i;
        if (!r)
            return refuse(err, (size_t)(s - arg) + 1,
                          "'%.*s' is not a result (1-0, 0-1, 1/2-1/2 or *)", (int)n, s);
        c->results |= 1u << r;
        if (!s[n])
            return PGN_OK;
        s += n + 1;
    }
}

static int parse_time_control(const char *arg, struct criterion *c, struct sq_error *err)
{
    if (!time_control_speed_range(arg, &c->lo, &c->hi))
        return PGN_OK;
    if (strchr(arg, '+')) {
        struct time_control tc;
        if (tagvalue_time_control(arg, strlen(arg), &tc) || tc.moves)
            return refuse(err, 1, "'%s' is not BASE+INCREMENT in seconds", arg);
        c->tc_exact = 1;
        c->lo = tc.base;
        c->hi = tc.increment;
        return PGN_OK;
    }
    if (tagvalue_range(arg, &c->lo, &c->hi))
        return refuse(err, 1, "'%s' is not a speed (ultrabullet, bullet, blitz, rapid, "
                              "classical), BASE+INC or a range of seconds", arg);
    return PGN_OK;
}

/* The main line of a movetext given on the command line, read like a game. */
static int parse_moves(struct search_query *q, const char *arg, struct criterion *c,
                       struct sq_error *err)
{
    struct pgn_reader *r;
    struct game g;
    struct replay rp;
    struct replay_opts ro = { q->opts.lang, REPLAY_NO_TAGS | REPLAY_NO_WARN };
    int rc = pgn_reader_open_mem(&r, arg, strlen(arg), NULL);
    if (rc)
        return rc;
    rc = pgn_reader_next(r, &g);
    if (rc <= 0 || g.nvars == 0 || g.vars[0].count == 0) {
        pgn_reader_free(r);
        return rc < 0 ? rc : refuse(err, 1, "no moves in '%s'", arg);
    }
    replay_init(&rp, &ro);
    rc = replay_game(&rp, &g);
    if (!rc && (rp.errors || rp.skipped)) {
        const struct replay_diag *d = rp.diags;
        while (d->severity != SEV_ERROR && d + 1 < rp.diags + rp.ndiags)
            d++;
        rc = refuse(err, d->col, "%s", d->msg);
    }
    if (!rc && !rp.complete)
        rc = refuse(err, 1, "cannot read the moves of '%s'", arg);
    if (!rc) {
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
    if (!rc && g.nvars > 1)
        rc = refuse(err, 1, "variations in '%s': give one line of moves", arg);
    replay_release(&rp);
    pgn_reader_free(r);
    return rc;
}

static int parse_position(const char *arg, struct criterion *c, struct sq_error *err)
{
    int rc = pos_from_fen(&c->target, arg);
    if (rc)
        return refuse(err, 1, "invalid FEN '%s': %s", arg, fen_strerror(rc));
    c->key = pos_repetition_key(&c->target);
    material_of(&c->target, &c->mat);
    c->home_pawns[WHITE] = pos_pieces(&c->target, WHITE, PAWN) & rank_bb(1);
    c->home_pawns[BLACK] = pos_pieces(&c->target, BLACK, PAWN) & rank_bb(6);
    return PGN_OK;
}

static int parse_material(const char *arg, struct criterion *c, struct sq_error *err)
{
    size_t at;
    if (material_parse(arg, &c->mat, &at))
        return refuse(err, at + 1, "'%s' is not a material signature like KRP:KR (WHITE:BLACK, "
                                   "letters K Q R B N P)", arg);
    return PGN_OK;
}

static int parse_move_pattern(struct search_query *q, const char *arg, struct criterion *c,
                              struct sq_error *err)
{
    int lang = q->opts.lang == NOTATION_AUTO ? NOTATION_EN : q->opts.lang;
    struct move_error me;
    if (arg[0] == '=') {
        /* "=N": any promotion to a knight; read through a full promotion move */
        char buf[32];
        snprintf(buf, sizeof buf, "a8%s", arg);
        if (strlen(arg) > 8 || san_parse(buf, strlen(buf), lang, &c->pattern, &me) ||
            !c->pattern.promo)
            return refuse(err, 1, "'%s' is not a promotion piece like =N", arg);
        c->promo_only = 1;
        return PGN_OK;
    }
    if (san_parse(arg, strlen(arg), lang, &c->pattern, &me))
        return refuse(err, 1, "'%s' is not a move: %s", arg, me.msg);
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

static int level_of(int kind, const struct criterion *c)
{
    switch (kind) {
    case SQ_PLIES_MIN:
    case SQ_PLIES_MAX:
    case SQ_HAS_COMMENTS:
    case SQ_HAS_VARIATIONS:
    case SQ_COMMENT:
        return FACTS_MOVETEXT;
    case SQ_MOVES:
    case SQ_POSITION:
    case SQ_MATERIAL:
    case SQ_MATERIAL_END:
    case SQ_CONTAINS_MOVE:
    case SQ_CHECKMATE:
    case SQ_STALEMATE:
    case SQ_DEAD_POSITION:
    case SQ_REPETITION:
    case SQ_FIFTY:
    case SQ_SEVENTYFIVE:
    case SQ_UNDERPROMOTION:
        return FACTS_MAINLINE;
    case SQ_WHERE:
        return where_level(c->where);
    default:
        return FACTS_TAGS;
    }
}

/* Feature criteria are boolean fields. */
static int feature_field(int kind)
{
    switch (kind) {
    case SQ_CHECKMATE: return F_CHECKMATE;
    case SQ_STALEMATE: return F_STALEMATE;
    case SQ_DEAD_POSITION: return F_DEAD_POSITION;
    case SQ_FIFTY: return F_FIFTY;
    case SQ_SEVENTYFIVE: return F_SEVENTYFIVE;
    case SQ_UNDERPROMOTION: return F_UNDERPROMOTION;
    case SQ_HAS_COMMENTS: return F_HAS_COMMENTS;
    case SQ_HAS_VARIATIONS: return F_HAS_VARIATIONS;
    default: return -1;
    }
}

static int build(struct search_query *q, struct criterion *c, const char *arg,
                 struct sq_error *err)
{
    int k = c->kind;
    c->field = feature_field(k);
    if (c->field >= 0)
        return PGN_OK;
    if (!arg)
        return refuse(err, 0, "missing argument");
    switch (k) {
    case SQ_WHITE:
    case SQ_BLACK:
    case SQ_PLAYER:
    case SQ_EVENT:
    case SQ_SITE:
    case SQ_ANNOTATOR:
    case SQ_COMMENT:
        return compile(q, c, arg, strlen(arg), 1, err);
    case SQ_TAG: {
        const char *eq = strchr(arg, '=');
        size_t n = eq ? (size_t)(eq - arg) : 0;
        for (size_t i = 0; i < n; i++) {
            char ch = arg[i];
            if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
                  ch == '_'))
                return refuse(err, i + 1, "'%.*s' is not a tag name", (int)n, arg);
        }
        if (!n)
            return refuse(err, 1, "'%s' is not NAME=REGEX", arg);
        c->tag = malloc(n + 1);
        if (!c->tag)
            return PGN_ENOMEM;
        memcpy(c->tag, arg, n);
        c->tag[n] = '\0';
        return compile(q, c, eq + 1, strlen(eq + 1), n + 2, err);
    }
    case SQ_ELO_MIN:
    case SQ_ELO_MAX:
    case SQ_PLIES_MIN:
    case SQ_PLIES_MAX:
    case SQ_REPETITION:
        return parse_count(arg, &c->lo, err);
    case SQ_WHITE_ELO:
    case SQ_BLACK_ELO:
    case SQ_ELO_DIFF:
        return parse_range(arg, c, err);
    case SQ_DATE_FROM:
    case SQ_DATE_TO:
        if (tagvalue_date(arg, strlen(arg), &c->date))
            return refuse(err, 1, "'%s' is not a date (YYYY, YYYY.MM or YYYY.MM.DD)", arg);
        return PGN_OK;
    case SQ_ECO: {
        int lo, hi;
        if (tagvalue_eco_range(arg, &lo, &hi))
            return refuse(err, 1, "'%s' is not an ECO range like B90-B99", arg);
        c->lo = lo;
        c->hi = hi;
        return PGN_OK;
    }
    case SQ_RESULT:
        return parse_results(arg, c, err);
    case SQ_TIME_CONTROL:
        return parse_time_control(arg, c, err);
    case SQ_MOVES:
        return parse_moves(q, arg, c, err);
    case SQ_POSITION:
        return parse_position(arg, c, err);
    case SQ_MATERIAL:
    case SQ_MATERIAL_END:
        return parse_material(arg, c, err);
    case SQ_CONTAINS_MOVE:
        return parse_move_pattern(q, arg, c, err);
    case SQ_VARIANT:
        c->tag = squeeze(arg);
        return c->tag ? PGN_OK : PGN_ENOMEM;
    case SQ_WHERE: {
        struct where_error we;
        int rc = where_parse(&c->where, arg, q->opts.flags & SQ_ICASE ? FILTER_ICASE : 0,
                             q->opts.limit, &we);
        if (rc == PGN_ESYNTAX)
            return refuse(err, we.col, "%s", we.msg);
        return rc;
    }
    }
    return refuse(err, 0, "unknown criterion %d", k);
}

int search_query_add(struct search_query *q, int criterion, const char *arg, struct sq_error *err)
{
    if (criterion < 0 || criterion >= SQ_CRITERION_COUNT)
        return refuse(err, 0, "unknown criterion %d", criterion);
    if (array_reserve((void **)&q->crit, &q->cap, q->n + 1, sizeof *q->crit, 8))
        return PGN_ENOMEM;
    struct criterion *c = &q->crit[q->n];
    memset(c, 0, sizeof *c);
    c->kind = criterion;
    int rc = build(q, c, arg, err);
    if (rc) {
        filter_free(c->re);
        free(c->tag);
        free(c->moves);
        where_free(c->where);
        return rc;
    }
    c->level = level_of(criterion, c);
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

/* ---- Matching ------------------------------------------------------------- */

static int tag_matches(struct criterion *c, struct game_facts *f, const char *name)
{
    struct fact_value v;
    for (uint32_t k = 0; game_facts_tag(f, name, k, &v) > 0; k++)
        if (filter_match(c->re, v.s, v.len))
            return 1;
    return 0;
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

static int match_elo_bound(struct game_facts *f, const struct criterion *c)
{
    int64_t w, b;
    int rc = number(f, F_WHITE_ELO, &w);
    if (rc <= 0)
        return rc;
    rc = number(f, F_BLACK_ELO, &b);
    if (rc <= 0)
        return rc;
    return c->kind == SQ_ELO_MIN ? w >= c->lo && b >= c->lo : w <= c->lo && b <= c->lo;
}

static int match_date(struct game_facts *f, const struct criterion *c)
{
    struct fact_value v;
    int rc = game_facts_get(f, F_DATE, 0, &v);
    if (rc <= 0)
        return rc;
    return c->kind == SQ_DATE_FROM ? v.date.lo >= c->date.lo : v.date.hi <= c->date.hi;
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

static int match_comment(struct game_facts *f, struct criterion *c)
{
    struct fact_value v;
    int rc;
    for (uint32_t k = 0; (rc = game_facts_get(f, F_COMMENT, k, &v)) > 0; k++)
        if (filter_match(c->re, v.s, v.len))
            return 1;
    return rc;
}

/*
 * The main line of f's game set to its start in *it, or NULL with *rc = 0
 * when it cannot be walked (a variant, a bad FEN) or < 0 on an error.
 */
static struct mainline *walk_start(struct game_facts *f, struct ml_iter *it, int *rc)
{
    struct mainline *ml = game_facts_mainline(f);
    *rc = ml ? 0 : f->status;
    if (!ml || ml->status != ML_OK)
        return NULL;
    mainline_first(ml, it);
    return ml;
}

/*
 * Material changes only by captures and promotions: 1 when the counts of p
 * moved since the last call. Both reset the halfmove clock, so a position
 * with a running clock is passed over without counting.
 */
static int counts_changed(const struct pos *p, int *pieces, int *pawns)
{
    if (p->halfmove != 0 && *pieces >= 0)
        return 0;
    int np = bb_count(pos_occupied(p)), nw = bb_count(p->by_type[PAWN]);
    if (np == *pieces && nw == *pawns)
        return 0;
    *pieces = np;
    *pawns = nw;
    return 1;
}

static int match_moves(struct game_facts *f, const struct criterion *c)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    if (ml->nmoves < c->nmoves || pos_repetition_key(&ml->start) != c->key ||
        !pos_same(&ml->start, &c->target))
        return 0;
    for (uint32_t i = 0; i < c->nmoves; i++) {
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
        if (ml->moves[i] != c->moves[i])
            return 0;
    }
    return 1;
}

static int match_position(struct game_facts *f, const struct criterion *c)
{
    int rc, pieces = -1, pawns = -1;
    struct ml_iter it;
    struct mainline *ml = walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    for (;;) {
        const struct pos *p = &it.pos;
        if (pos_repetition_key(p) == c->key && pos_same(p, &c->target))
            return 1;
        /*
         * Give up once the target is out of reach: castling rights and pawns
         * on their start rank never come back, and pieces only disappear (a
         * promotion trades a pawn for one).
         */
        if ((c->target.castling & ~p->castling) ||
            (c->home_pawns[WHITE] & ~pos_pieces(p, WHITE, PAWN)) ||
            (c->home_pawns[BLACK] & ~pos_pieces(p, BLACK, PAWN)))
            return 0;
        if (counts_changed(p, &pieces, &pawns)) {
            struct material m;
            material_of(p, &m);
            if (material_unreachable(&m, &c->mat))
                return 0;
        }
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
    }
}

static int match_material(struct game_facts *f, const struct criterion *c)
{
    int rc, pieces = -1, pawns = -1;
    struct ml_iter it;
    struct mainline *ml = walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    for (;;) {
        if (counts_changed(&it.pos, &pieces, &pawns)) {
            struct material m;
            material_of(&it.pos, &m);
            if (material_equal(&m, &c->mat))
                return 1;
            if (material_unreachable(&m, &c->mat))
                return 0;
        }
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
    }
}

static int match_material_end(struct game_facts *f, const struct criterion *c)
{
    const struct game_features *ft = game_facts_features(f);
    if (!ft)
        return f->status;
    return f->ml.status == ML_OK && material_equal(&ft->final_material, &c->mat);
}

/* 1 when move m, played in p, fits the pattern. */
static int move_fits(const struct criterion *c, const struct pos *p, move16 m)
{
    const struct san_parts *sp = &c->pattern;
    if (m == MOVE_NONE)
        return 0;
    int castle = move_flag(m) == MF_CASTLING;
    if (c->promo_only)
        return move_flag(m) == MF_PROMOTION && (sp->promo & (1u << move_promo(m)));
    if (sp->kind != SAN_MOVE)
        return castle && (move_to(m) > move_from(m)) == (sp->kind == SAN_CASTLE_SHORT);
    if (castle)
        return 0;
    int from = move_from(m), to = move_to(m), type = piece_type(p->board[from]);
    if (sp->pieces) {
        if (!(sp->pieces & (1u << type)))
            return 0;
    } else if (type != PAWN && !(sp->from_file >= 0 && sp->from_rank >= 0)) {
        return 0;
    }
    if ((sp->to_file >= 0 && sq_file(to) != sp->to_file) ||
        (sp->to_rank >= 0 && sq_rank(to) != sp->to_rank) ||
        (sp->from_file >= 0 && sq_file(from) != sp->from_file) ||
        (sp->from_rank >= 0 && sq_rank(from) != sp->from_rank))
        return 0;
    if (sp->promo && (move_flag(m) != MF_PROMOTION || !(sp->promo & (1u << move_promo(m)))))
        return 0;
    int captured = pos_captured(p, m);
    if ((sp->flags & SAN_CAPTURE) && captured == NO_PIECE)
        return 0;
    if (sp->captured && (captured == NO_PIECE || !(sp->captured & (1u << piece_type(captured)))))
        return 0;
    return 1;
}

static int match_contains_move(struct game_facts *f, const struct criterion *c)
{
    int rc;
    struct ml_iter it;
    struct mainline *ml = walk_start(f, &it, &rc);
    if (!ml)
        return rc;
    for (;;) {
        struct pos before = it.pos;
        rc = mainline_next(ml, &it);
        if (rc <= 0)
            return rc;
        if (move_fits(c, &before, ml->moves[it.ply - 1]))
            return 1;
    }
}

static int match_repetition(struct game_facts *f, const struct criterion *c)
{
    const struct game_features *ft = game_facts_features(f);
    if (!ft)
        return f->status;
    return ft->max_repetition >= c->lo;
}

static int match_one(struct criterion *c, struct game_facts *f)
{
    if (c->field >= 0) {
        struct fact_value v;
        int rc = game_facts_get(f, c->field, 0, &v);
        return rc <= 0 ? rc : v.num != 0;
    }
    switch (c->kind) {
    case SQ_WHITE: return tag_matches(c, f, "White");
    case SQ_BLACK: return tag_matches(c, f, "Black");
    case SQ_PLAYER: return tag_matches(c, f, "White") || tag_matches(c, f, "Black");
    case SQ_EVENT: return tag_matches(c, f, "Event");
    case SQ_SITE: return tag_matches(c, f, "Site");
    case SQ_ANNOTATOR: return tag_matches(c, f, "Annotator");
    case SQ_TAG: return tag_matches(c, f, c->tag);
    case SQ_ELO_MIN:
    case SQ_ELO_MAX: return match_elo_bound(f, c);
    case SQ_WHITE_ELO: return in_range(f, F_WHITE_ELO, c->lo, c->hi);
    case SQ_BLACK_ELO: return in_range(f, F_BLACK_ELO, c->lo, c->hi);
    case SQ_ELO_DIFF: return in_range(f, F_ELO_DIFF, c->lo, c->hi);
    case SQ_DATE_FROM:
    case SQ_DATE_TO: return match_date(f, c);
    case SQ_ECO: return match_eco(f, c);
    case SQ_RESULT: return match_result(f, c);
    case SQ_PLIES_MIN: return in_range(f, F_PLIES, c->lo, INT64_MAX);
    case SQ_PLIES_MAX: return in_range(f, F_PLIES, 0, c->lo);
    case SQ_TIME_CONTROL: return match_time_control(f, c);
    case SQ_MOVES: return match_moves(f, c);
    case SQ_POSITION: return match_position(f, c);
    case SQ_MATERIAL: return match_material(f, c);
    case SQ_MATERIAL_END: return match_material_end(f, c);
    case SQ_CONTAINS_MOVE: return match_contains_move(f, c);
    case SQ_REPETITION: return match_repetition(f, c);
    case SQ_VARIANT: return match_variant(f, c);
    case SQ_COMMENT: return match_comment(f, c);
    case SQ_WHERE: return where_eval(c->where, f);
    }
    return 0;
}

int search_query_match(struct search_query *q, struct game_facts *f)
{
    for (size_t i = 0; i < q->n; i++) {
        int rc = match_one(&q->crit[i], f);
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
