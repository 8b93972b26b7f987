/* game_facts.c - what searches ask about a game, computed on demand: tag values, movetext counts, main-line features. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/array.h"
#include "base/buf.h"
#include "base/error.h"
#include "query/dup_key.h"
#include "query/game_facts.h"
#include "replay/variant.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "base/banned.h"

/* Bits of have. */
enum { HAVE_MOVETEXT = 1, HAVE_MAINLINE = 2, HAVE_FEATURES = 4, HAVE_REPLAY = 8, HAVE_PLAY = 16 };

static const struct field {
    const char *name;
    unsigned char type, level;
    const char *tag; /* the tag it reads, if any */
} fields[F_FIELD_COUNT] = {
    [F_WHITE] = { "white", FT_STR, FACTS_TAGS, "White" },
    [F_BLACK] = { "black", FT_STR, FACTS_TAGS, "Black" },
    [F_PLAYER] = { "player", FT_STR, FACTS_TAGS, NULL },
    [F_EVENT] = { "event", FT_STR, FACTS_TAGS, "Event" },
    [F_SITE] = { "site", FT_STR, FACTS_TAGS, "Site" },
    [F_DATE] = { "date", FT_DATE, FACTS_TAGS, "Date" },
    [F_YEAR] = { "year", FT_NUM, FACTS_TAGS, "Date" },
    [F_ROUND] = { "round", FT_STR, FACTS_TAGS, "Round" },
    [F_RESULT] = { "result", FT_STR, FACTS_TAGS, "Result" },
    [F_ECO] = { "eco", FT_STR, FACTS_TAGS, "ECO" },
    [F_OPENING] = { "opening", FT_STR, FACTS_TAGS, "Opening" },
    [F_ANNOTATOR] = { "annotator", FT_STR, FACTS_TAGS, "Annotator" },
    [F_WHITE_ELO] = { "white_elo", FT_NUM, FACTS_TAGS, "WhiteElo" },
    [F_BLACK_ELO] = { "black_elo", FT_NUM, FACTS_TAGS, "BlackElo" },
    [F_MIN_ELO] = { "min_elo", FT_NUM, FACTS_TAGS, NULL },
    [F_MAX_ELO] = { "max_elo", FT_NUM, FACTS_TAGS, NULL },
    [F_ELO_DIFF] = { "elo_diff", FT_NUM, FACTS_TAGS, NULL },
    [F_TIME_CONTROL] = { "time_control", FT_STR, FACTS_TAGS, "TimeControl" },
    [F_SPEED] = { "speed", FT_STR, FACTS_TAGS, NULL },
    [F_TIME_ESTIMATE] = { "time_estimate", FT_NUM, FACTS_TAGS, NULL },
    [F_VARIANT] = { "variant", FT_STR, FACTS_TAGS, "Variant" },
    [F_TERMINATION] = { "termination", FT_STR, FACTS_TAGS, "Termination" },
    [F_GAME] = { "game", FT_NUM, FACTS_TAGS, NULL },
    [F_PLIES] = { "plies", FT_NUM, FACTS_MOVETEXT, NULL },
    [F_MOVES] = { "moves", FT_NUM, FACTS_MOVETEXT, NULL },
    [F_COMMENTS] = { "comments", FT_NUM, FACTS_MOVETEXT, NULL },
    [F_VARIATIONS] = { "variations", FT_NUM, FACTS_MOVETEXT, NULL },
    [F_COMMENT] = { "comment", FT_STR, FACTS_MOVETEXT, NULL },
    [F_HAS_COMMENTS] = { "has_comments", FT_BOOL, FACTS_MOVETEXT, NULL },
    [F_HAS_VARIATIONS] = { "has_variations", FT_BOOL, FACTS_MOVETEXT, NULL },
    [F_WHITE_MIN_CLOCK] = { "white_min_clock", FT_NUM, FACTS_MAINLINE, NULL },
    [F_BLACK_MIN_CLOCK] = { "black_min_clock", FT_NUM, FACTS_MAINLINE, NULL },
    [F_TIME_CONTROL_BASE] = { "time_control_base", FT_NUM, FACTS_MAINLINE, NULL },
    [F_TIME_CONTROL_INCREMENT] = { "time_control_increment", FT_NUM, FACTS_MAINLINE, NULL },
    [F_WHITE_TIME_USED] = { "white_time_used", FT_NUM, FACTS_MAINLINE, NULL },
    [F_BLACK_TIME_USED] = { "black_time_used", FT_NUM, FACTS_MAINLINE, NULL },
    [F_EVAL_FINAL] = { "eval_final", FT_NUM, FACTS_MAINLINE, NULL },
    [F_MAX_EVAL_SWING] = { "max_eval_swing", FT_NUM, FACTS_MAINLINE, NULL },
    [F_WHITE_BLUNDERS] = { "white_blunders", FT_NUM, FACTS_MAINLINE, NULL },
    [F_WHITE_MISTAKES] = { "white_mistakes", FT_NUM, FACTS_MAINLINE, NULL },
    [F_WHITE_INACCURACIES] = { "white_inaccuracies", FT_NUM, FACTS_MAINLINE, NULL },
    [F_BLACK_BLUNDERS] = { "black_blunders", FT_NUM, FACTS_MAINLINE, NULL },
    [F_BLACK_MISTAKES] = { "black_mistakes", FT_NUM, FACTS_MAINLINE, NULL },
    [F_BLACK_INACCURACIES] = { "black_inaccuracies", FT_NUM, FACTS_MAINLINE, NULL },
    [F_WHITE_ACCURACY] = { "white_accuracy", FT_NUM, FACTS_MAINLINE, NULL },
    [F_BLACK_ACCURACY] = { "black_accuracy", FT_NUM, FACTS_MAINLINE, NULL },
    [F_CHECKMATE] = { "checkmate", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_STALEMATE] = { "stalemate", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_DEAD_POSITION] = { "dead_position", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_THREEFOLD] = { "threefold", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_FIVEFOLD] = { "fivefold", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_FIFTY] = { "fifty", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_SEVENTYFIVE] = { "seventyfive", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_UNDERPROMOTION] = { "underpromotion", FT_BOOL, FACTS_MAINLINE, NULL },
    [F_MATERIAL] = { "material", FT_STR, FACTS_MAINLINE, NULL },
    [F_VALID] = { "valid", FT_BOOL, FACTS_REPLAY, NULL },
};

int facts_field_find(const char *name, size_t len)
{
    for (int i = 0; i < F_FIELD_COUNT; i++)
        if (strlen(fields[i].name) == len && !memcmp(fields[i].name, name, len))
            return i;
    return FACTS_NO_FIELD;
}

const char *facts_field_name(int id) { return fields[id].name; }
int facts_field_type(int id) { return fields[id].type; }
int facts_field_level(int id) { return fields[id].level; }
const char *facts_field_tag(int id) { return fields[id].tag; }

void game_facts_init(struct game_facts *f, int lang)
{
    memset(f, 0, sizeof *f);
    struct replay_opts ro = { .lang = lang, .flags = REPLAY_NO_TAGS };
    mainline_init(&f->ml, lang);
    replay_init(&f->replay, &ro);
}

void game_facts_release(struct game_facts *f)
{
    mainline_release(&f->ml);
    replay_release(&f->replay);
    free(f->keys);
    free(f->clocks);
    free(f->runs);
    memset(f, 0, sizeof *f);
}

void game_facts_reset(struct game_facts *f, struct game *g, struct pgn_reader *reader)
{
    f->g = g;
    f->reader = reader;
    f->have = 0;
    f->status = PGN_OK;
    f->seed = NULL;
}

void game_facts_seed(struct game_facts *f, const struct replay *r)
{
    f->seed = r;
}

static int fail(struct game_facts *f, int status)
{
    if (!f->status)
        f->status = status;
    return status;
}

int game_facts_need(struct game_facts *f, int level)
{
    if (f->status)
        return f->status;
    if (level >= FACTS_MOVETEXT && !(f->have & HAVE_MOVETEXT)) {
        if (f->g->flags & GAME_LAZY) {
            int rc = f->reader ? pgn_reader_complete(f->reader, f->g) : PGN_EINVAL;
            if (rc)
                return fail(f, rc);
            f->completions++;
        }
        f->have |= HAVE_MOVETEXT;
    }
    if (level >= FACTS_MAINLINE && !(f->have & HAVE_MAINLINE)) {
        int rc = mainline_reset(&f->ml, f->g);
        if (rc)
            return fail(f, rc);
        if (f->seed)
            mainline_seed(&f->ml, f->seed);
        f->walks++;
        f->have |= HAVE_MAINLINE;
    }
    if (level >= FACTS_REPLAY && !(f->have & HAVE_REPLAY)) {
        int rc = replay_game(&f->replay, f->g);
        if (rc)
            return fail(f, rc);
        f->replays++;
        f->have |= HAVE_REPLAY;
    }
    return PGN_OK;
}

struct mainline *game_facts_mainline(struct game_facts *f)
{
    return game_facts_need(f, FACTS_MAINLINE) ? NULL : &f->ml;
}

const struct replay *game_facts_replay(struct game_facts *f)
{
    return game_facts_need(f, FACTS_REPLAY) ? NULL : &f->replay;
}

static int grow_keys(struct game_facts *f, size_t n)
{
    /* Two arrays of one length: each keeps its own capacity until both have grown. */
    size_t keys_cap = f->key_cap, clocks_cap = f->key_cap;
    if (array_reserve((void **)&f->keys, &keys_cap, n, sizeof *f->keys, 512) ||
        array_reserve((void **)&f->clocks, &clocks_cap, n, sizeof *f->clocks, 512))
        return PGN_ENOMEM;
    f->key_cap = keys_cap;
    return 0;
}

/* A new material run at the position of it, if it starts one (material_run_starts).
 * 0, or PGN_ENOMEM. */
static int note_run(struct game_facts *f, const struct ml_iter *it, int *pieces, int *pawns)
{
    if (!material_run_starts(&it->pos, pieces, pawns))
        return 0;
    if (array_reserve((void **)&f->runs, &f->run_cap, (size_t)f->nruns + 1, sizeof *f->runs, 64))
        return PGN_ENOMEM;
    struct material_run *run = &f->runs[f->nruns++];
    run->ply = it->ply;
    material_of(&it->pos, &run->mat);
    return 0;
}

/* Occurrences of the position at ply n so far: a repetition can only reach back as far as the clock. */
static int repetitions_at(const struct game_facts *f, uint32_t n)
{
    /* The look reaches back by the clock, but not before the first position. */
    uint32_t back = f->clocks[n] < n ? f->clocks[n] : n;
    const uint64_t key = f->keys[n];
    int count = 1;
    for (uint32_t d = 2; d <= back; d += 2)
        count += f->keys[n - d] == key;
    return count;
}


static int is_underpromotion(move16 mv)
{
    return mv != MOVE_NONE && move_flag(mv) == MF_PROMOTION && move_promo(mv) != QUEEN;
}

/*
 * The features taken from the seed instead of played again: when it was
 * replayed with REPLAY_TRACE through the whole main line, with the main
 * line's moves, its keys, clocks, material runs and last position are
 * those the walk below would find. Games that come near a draw by rule
 * (a clock of 100, a position met five times) need positions the trace
 * does not keep, and are left to the walk, as are all others. 1 when done.
 */
static int features_from_seed(struct game_facts *f, struct game_features *ft)
{
    const struct replay *r = f->seed;
    const struct mainline *ml = &f->ml;
    uint32_t n = ml->nmoves;
    if (!r || !(r->opts.flags & REPLAY_TRACE) || !r->complete || r->plies != n ||
        !mainline_agrees(ml, r, n))
        return 0;
    if (grow_keys(f, (size_t)n + 1) ||
        array_reserve((void **)&f->runs, &f->run_cap, r->nruns, sizeof *f->runs, 64))
        return 0; /* the walk reports it */
    memcpy(f->keys, r->keys, ((size_t)n + 1) * sizeof *f->keys);
    memcpy(f->clocks, r->clocks, ((size_t)n + 1) * sizeof *f->clocks);
    ft->max_halfmove = f->clocks[0];
    ft->max_repetition = 1;
    for (uint32_t i = 1; i <= n; i++) {
        if (f->clocks[i] > ft->max_halfmove)
            ft->max_halfmove = f->clocks[i];
        int count = repetitions_at(f, i);
        if (count > ft->max_repetition)
            ft->max_repetition = count;
        ft->underpromotion |= is_underpromotion(ml->moves[i - 1]);
    }
    if (ft->max_halfmove >= 100 || ft->max_repetition >= 5)
        return 0;
    memcpy(f->runs, r->runs, r->nruns * sizeof *f->runs);
    f->nruns = r->nruns;
    ft->plies = n;
    ft->complete = 1;
    material_of(&r->final, &ft->final_material);
    ft->end = replay_end_of(&r->final, END_NONE, 0);
    ft->final_dead = ft->end == END_DEAD || pos_is_dead(&r->final);
    return 1;
}

const struct game_features *game_facts_features(struct game_facts *f)
{
    if (f->have & HAVE_FEATURES)
        return &f->feat;
    if (game_facts_need(f, FACTS_MAINLINE))
        return NULL;
    struct game_features *ft = &f->feat;
    struct mainline *ml = &f->ml;
    memset(ft, 0, sizeof *ft);
    ft->end = END_NONE;
    f->have |= HAVE_FEATURES;
    f->nruns = 0;
    if (ml->status != ML_OK || features_from_seed(f, ft))
        return ft;
    memset(ft, 0, sizeof *ft); /* what the seed may have filled in */
    ft->end = END_NONE;
    struct ml_iter it;
    mainline_first(ml, &it);
    int pieces = -1, pawns = -1;
    if (grow_keys(f, (size_t)ml->nmoves + 1) || note_run(f, &it, &pieces, &pawns)) {
        fail(f, PGN_ENOMEM);
        return NULL;
    }
    f->keys[0] = pos_repetition_key(&it.pos);
    f->clocks[0] = it.pos.halfmove;
    ft->max_halfmove = it.pos.halfmove;
    ft->max_repetition = 1;
    int rc, draw_end = END_NONE, draw_dead = 0;
    while ((rc = mainline_next(ml, &it)) > 0) {
        uint32_t n = it.ply;
        if (note_run(f, &it, &pieces, &pawns)) {
            fail(f, PGN_ENOMEM);
            return NULL;
        }
        f->keys[n] = pos_repetition_key(&it.pos);
        f->clocks[n] = it.pos.halfmove;
        if (it.pos.halfmove > ft->max_halfmove)
            ft->max_halfmove = it.pos.halfmove;
        int count = repetitions_at(f, n);
        if (count > ft->max_repetition)
            ft->max_repetition = count;
        /* A mate ends the game before any claim or automatic draw (FIDE
         * 5.1.1, 9.6.2): a clock of 100 or 150 counts in a position that is
         * not mate. Once a flag is set its test is not run again. */
        int at150 = it.pos.halfmove >= 150;
        if (it.pos.halfmove >= 100 && (!ft->fifty || (at150 && !ft->seventyfive)) &&
            !(pos_in_check(&it.pos) && !movegen_has_legal(&it.pos))) {
            ft->fifty = 1;
            ft->seventyfive |= at150;
        }
        if (draw_end == END_NONE && (count >= 5 || ft->seventyfive)) {
            /* A dead position never comes back to life: dead here means dead first. */
            draw_end = count >= 5 ? END_FIVEFOLD : END_SEVENTYFIVE;
            draw_dead = pos_is_dead(&it.pos);
        }
        ft->underpromotion |= is_underpromotion(ml->moves[n - 1]);
    }
    if (rc < 0) {
        fail(f, rc);
        return NULL;
    }
    ft->plies = it.ply;
    ft->complete = !ml->failed && it.ply == ml->nmoves;
    material_of(&it.pos, &ft->final_material);
    if (ft->complete) {
        ft->end = replay_end_of(&it.pos, draw_end, draw_dead);
        ft->final_dead = ft->end == END_DEAD || pos_is_dead(&it.pos);
    }
    return ft;
}

/* ---- Values ---------------------------------------------------------------- */

static int str_value(struct fact_value *v, const char *s, size_t len)
{
    v->type = FT_STR;
    v->s = s;
    v->len = len;
    return 1;
}

static int num_value(struct fact_value *v, int64_t n, const char *s, size_t len)
{
    v->type = FT_NUM;
    v->num = n;
    v->s = s;
    v->len = len;
    return 1;
}

static int bool_value(struct fact_value *v, int b)
{
    v->type = FT_BOOL;
    v->num = b != 0;
    v->s = NULL;
    v->len = 0;
    return 1;
}

int game_facts_tag(struct game_facts *f, const char *name, uint32_t k, struct fact_value *v)
{
    const struct game *g = f->g;
    size_t n = strlen(name);
    for (uint32_t i = 0; i < g->ntags; i++)
        if (g->tags[i].name_len == n && g->tags[i].name[0] == name[0] &&
            !memcmp(g->tags[i].name, name, n) && k-- == 0)
            return str_value(v, g->tags[i].value, g->tags[i].value_len);
    return 0;
}

static const struct game_tag *tag_of(const struct game *g, const char *name)
{
    size_t n = strlen(name);
    for (uint32_t i = 0; i < g->ntags; i++)
        if (g->tags[i].name_len == n && g->tags[i].name[0] == name[0] &&
            !memcmp(g->tags[i].name, name, n))
            return &g->tags[i];
    return NULL;
}

static int elo_of(const struct game *g, const char *name)
{
    const struct game_tag *t = tag_of(g, name);
    return t ? tagvalue_elo(t->value, t->value_len) : -1;
}

/* A comment with text besides its [%...] commands. */
static int is_text_comment(const struct game_comment *c) { return c->plain_len > 0; }

static int tag_field(struct game_facts *f, int id, uint32_t k, struct fact_value *v)
{
    const struct game *g = f->g;
    const struct game_tag *t;
    switch (id) {
    case F_PLAYER:
        t = tag_of(g, k == 0 ? "White" : "Black");
        return k < 2 && t ? str_value(v, t->value, t->value_len) : 0;
    case F_DATE:
        t = tag_of(g, "Date");
        if (!t || tagvalue_date(t->value, t->value_len, &v->date))
            return 0;
        v->type = FT_DATE;
        v->s = t->value;
        v->len = t->value_len;
        return 1;
    case F_YEAR: {
        struct date_range d;
        t = tag_of(g, "Date");
        if (!t || tagvalue_date(t->value, t->value_len, &d))
            return 0;
        return num_value(v, d.lo / 10000, t->value, t->value_len > 4 ? 4 : t->value_len);
    }
    case F_RESULT:
        t = tag_of(g, "Result");
        if (t && (!strcmp(t->value, "1-0") || !strcmp(t->value, "0-1") ||
                  !strcmp(t->value, "1/2-1/2") || !strcmp(t->value, "*")))
            return str_value(v, t->value, t->value_len);
        if (game_facts_need(f, FACTS_MOVETEXT))
            return f->status;
        if (g->result == PGN_RESULT_NONE)
            return 0;
        return str_value(v, pgn_result_str(g->result), strlen(pgn_result_str(g->result)));
    case F_WHITE_ELO:
    case F_BLACK_ELO: {
        t = tag_of(g, fields[id].tag);
        int e = t ? tagvalue_elo(t->value, t->value_len) : -1;
        return e < 0 ? 0 : num_value(v, e, t->value, t->value_len);
    }
    case F_MIN_ELO:
    case F_MAX_ELO:
    case F_ELO_DIFF: {
        int w = elo_of(g, "WhiteElo"), b = elo_of(g, "BlackElo");
        if (w < 0 || b < 0)
            return 0;
        int64_t n = id == F_MIN_ELO ? (w < b ? w : b) : id == F_MAX_ELO ? (w > b ? w : b)
                                                                       : (w > b ? w - b : b - w);
        return num_value(v, n, NULL, 0);
    }
    case F_SPEED:
    case F_TIME_ESTIMATE: {
        struct time_control tc;
        t = tag_of(g, "TimeControl");
        /* "-": no clock at all (lichess's daily games): correspondence, with no estimate. */
        if (t && id == F_SPEED && t->value_len == 1 && t->value[0] == '-')
            return str_value(v, "correspondence", 14);
        if (!t || tagvalue_time_control(t->value, t->value_len, &tc))
            return 0;
        int64_t est = time_control_estimate(&tc);
        if (id == F_TIME_ESTIMATE)
            return num_value(v, est, NULL, 0);
        const char *speed = time_control_speed(est);
        return str_value(v, speed, strlen(speed));
    }
    case F_VARIANT:
        t = tag_of(g, "Variant");
        return t && !variant_is_standard(t->value) ? str_value(v, t->value, t->value_len) : 0;
    case F_GAME:
        return num_value(v, (int64_t)g->index, NULL, 0);
    default:
        t = tag_of(g, fields[id].tag);
        return t ? str_value(v, t->value, t->value_len) : 0;
    }
}

static int movetext_field(struct game_facts *f, int id, uint32_t k, struct fact_value *v)
{
    int rc = game_facts_need(f, FACTS_MOVETEXT);
    if (rc)
        return rc;
    const struct game *g = f->g;
    uint32_t plies = g->nvars ? g->vars[0].count : 0;
    uint32_t text_comments = 0;
    if (id == F_COMMENTS || id == F_HAS_COMMENTS)
        for (uint32_t i = 0; i < g->ncomments; i++)
            text_comments += is_text_comment(&g->comments[i]);
    switch (id) {
    case F_PLIES:
        return num_value(v, plies, NULL, 0);
    case F_MOVES:
        return num_value(v, (plies + 1) / 2, NULL, 0);
    case F_COMMENTS:
        return num_value(v, text_comments, NULL, 0);
    case F_VARIATIONS:
        return num_value(v, g->nvars ? g->nvars - 1 : 0, NULL, 0);
    case F_COMMENT:
        return k < g->ncomments ? str_value(v, g->comments[k].text, g->comments[k].len) : 0;
    case F_HAS_COMMENTS:
        return bool_value(v, text_comments > 0);
    case F_HAS_VARIATIONS:
        return bool_value(v, g->nvars > 1);
    }
    return 0;
}

/* A count of a side, present when the game says how the moves were judged. */
static int judged(const struct play_totals *t, int n, struct fact_value *v)
{
    return t->has_judgments ? num_value(v, n, NULL, 0) : 0;
}

/*
 * The clock and evaluation fields: present only when the game says them.
 * Seconds are whole, rounded down; accuracy is rounded to the nearest whole.
 */
const struct play_totals *game_facts_play(struct game_facts *f)
{
    struct mainline *ml = game_facts_mainline(f);
    if (!ml)
        return NULL;
    if (!(f->have & HAVE_PLAY)) {
        play_totals_compute(f->g, ml->start.side == BLACK, &f->play);
        f->have |= HAVE_PLAY;
    }
    return &f->play;
}

static int play_field(struct game_facts *f, int id, struct fact_value *v)
{
    const struct play_totals *t = game_facts_play(f);
    if (!t)
        return f->status;
    int s = id == F_BLACK_MIN_CLOCK || id == F_BLACK_TIME_USED || id == F_BLACK_ACCURACY ||
            id == F_BLACK_BLUNDERS || id == F_BLACK_MISTAKES || id == F_BLACK_INACCURACIES;
    switch (id) {
    case F_WHITE_MIN_CLOCK:
    case F_BLACK_MIN_CLOCK:
        return t->has_min_clock[s] ? num_value(v, t->min_clock_ms[s] / 1000, NULL, 0) : 0;
    case F_TIME_CONTROL_BASE:
        return t->has_base ? num_value(v, t->base_ms / 1000, NULL, 0) : 0;
    case F_TIME_CONTROL_INCREMENT:
        return t->has_base ? num_value(v, t->increment_ms / 1000, NULL, 0) : 0;
    case F_WHITE_TIME_USED:
    case F_BLACK_TIME_USED:
        return t->has_used[s] ? num_value(v, t->used_ms[s] / 1000, NULL, 0) : 0;
    case F_EVAL_FINAL:
        return t->has_final_eval ? num_value(v, t->final_eval_cp, NULL, 0) : 0;
    case F_MAX_EVAL_SWING:
        return t->has_swing ? num_value(v, t->max_swing_cp, NULL, 0) : 0;
    case F_WHITE_BLUNDERS:
    case F_BLACK_BLUNDERS:
        return judged(t, t->blunders[s], v);
    case F_WHITE_MISTAKES:
    case F_BLACK_MISTAKES:
        return judged(t, t->mistakes[s], v);
    case F_WHITE_INACCURACIES:
    case F_BLACK_INACCURACIES:
        return judged(t, t->inaccuracies[s], v);
    case F_WHITE_ACCURACY:
    case F_BLACK_ACCURACY:
        return t->has_accuracy[s] ? num_value(v, (int64_t)(t->accuracy[s] + 0.5), NULL, 0) : 0;
    }
    return 0;
}

static int mainline_field(struct game_facts *f, int id, struct fact_value *v)
{
    if (id >= F_WHITE_MIN_CLOCK && id <= F_BLACK_ACCURACY)
        return play_field(f, id, v);

    const struct game_features *ft = game_facts_features(f);
    if (!ft)
        return f->status;
    switch (id) {
    case F_CHECKMATE:
        return bool_value(v, ft->end == END_CHECKMATE);
    case F_STALEMATE:
        return bool_value(v, ft->end == END_STALEMATE);
    case F_DEAD_POSITION:
        return bool_value(v, ft->final_dead);
    case F_THREEFOLD:
        return bool_value(v, ft->max_repetition >= 3);
    case F_FIVEFOLD:
        return bool_value(v, ft->max_repetition >= 5);
    case F_FIFTY:
        return bool_value(v, ft->fifty);
    case F_SEVENTYFIVE:
        return bool_value(v, ft->seventyfive);
    case F_UNDERPROMOTION:
        return bool_value(v, ft->underpromotion);
    case F_MATERIAL:
        if (f->ml.status != ML_OK)
            return 0;
        return str_value(v, f->material_text,
                         material_format(&ft->final_material, f->material_text));
    }
    return 0;
}

int game_facts_get(struct game_facts *f, int id, uint32_t k, struct fact_value *v)
{
    if (id < 0 || id >= F_FIELD_COUNT)
        return 0;
    if (k > 0 && id != F_PLAYER && id != F_COMMENT)
        return 0;
    switch (fields[id].level) {
    case FACTS_TAGS:
        return tag_field(f, id, k, v);
    case FACTS_MOVETEXT:
        return movetext_field(f, id, k, v);
    case FACTS_MAINLINE:
        return mainline_field(f, id, v);
    default: {
        const struct replay *r = game_facts_replay(f);
        if (!r)
            return f->status;
        return bool_value(v, r->errors == 0 && !r->skipped);
    }
    }
}

/* ---- Duplicates ---------------------------------------------------------- */

int game_facts_dup_key(struct game_facts *f, struct buf *out)
{
    struct mainline *ml = game_facts_mainline(f);
    if (!ml)
        return f->status;
    int rc = mainline_resolve_all(ml);
    if (rc)
        return rc;
    if (ml->status != ML_OK)
        return dup_key_append(out, f->g, NULL, 0, NULL, 0);
    return dup_key_append(out, f->g, &ml->start, ml->chess960, ml->moves, ml->nresolved);
}
