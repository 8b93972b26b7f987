/* index_where.c - where expressions decided from a game's record: the fields the database knows without the game. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "chess/material.h"
#include "index/index_db_internal.h"
#include "index/index_material.h"
#include "index/index_where.h"
#include "base/banned.h"

/* One name table in memory: name id -> its text (ids run from 1 without gaps). */
struct name_list {
    struct buf text; /* every name, one after the other */
    size_t *start;   /* start[id], start[id + 1]: where name id begins and ends in text */
    size_t cap;      /* entries of start */
    uint32_t count;  /* the highest id */
};

struct index_where {
    struct where *w; /* the copy */
    int material;    /* w reads the material field */
    struct name_list names[NAMES_KINDS];
    const struct index_record *r; /* the record being decided */
    char material_text[MATERIAL_MAX];
};

static const char *const name_tags[IR_NAMES] = { "White", "Black", "Event", "Site" };
static const int name_fields[IR_NAMES] = { F_WHITE, F_BLACK, F_EVENT, F_SITE };

static int kind_of_slot(int slot)
{
    return slot <= IR_BLACK ? NAMES_PLAYERS : slot == IR_EVENT ? NAMES_EVENTS : NAMES_SITES;
}

/* Appends name id (the next one: ids have no gaps) to the list ctx. */
static int keep_name(void *ctx, uint32_t id, const char *s, size_t len)
{
    struct name_list *l = ctx;
    if (id != l->count + 1)
        return PGN_EFORMAT; /* a gap */
    if (l->count + 2 > l->cap) {
        size_t grown = l->cap ? 2 * l->cap : 4096;
        size_t *a = realloc(l->start, grown * sizeof *a);
        if (!a)
            return PGN_ENOMEM;
        l->start = a;
        l->cap = grown;
    }
    l->start[id] = l->text.len;
    if (buf_append(&l->text, s, len))
        return PGN_ENOMEM;
    l->count = id;
    l->start[id + 1] = l->text.len;
    return PGN_OK;
}

/* Reads table kind whole into *l. */
static int load_names(struct index_db *db, int kind, struct name_list *l)
{
    buf_init(&l->text, SIZE_MAX);
    int rc = index_names_each(db, kind, keep_name, l);
    return rc == PGN_EFORMAT ? index_db_damaged(db, "a name table's ids have a gap") : rc;
}

int index_where_new(struct index_where **out, struct index_db *db, const struct where *w)
{
    struct index_where *iw = calloc(1, sizeof *iw);
    *out = iw;
    if (!iw)
        return PGN_ENOMEM;
    int rc = where_clone(&iw->w, w);
    if (rc)
        return rc;
    /* The clock and evaluation fields are stored with the material runs. */
    iw->material = where_reads(w, F_MATERIAL, NULL);
    for (int i = 0; i < INDEX_PLAY_FIELDS; i++)
        iw->material |= where_reads(w, index_play_field(i), NULL);
    int want[NAMES_KINDS] = { where_reads(w, F_PLAYER, NULL), 0, 0 };
    for (int i = 0; i < IR_NAMES; i++)
        want[kind_of_slot(i)] |= where_reads(w, name_fields[i], name_tags[i]);
    for (int k = 0; k < NAMES_KINDS; k++)
        if (want[k] && (rc = load_names(db, k, &iw->names[k])))
            return rc;
    return PGN_OK;
}

int index_where_needs_material(const struct index_where *iw) { return iw->material; }

void index_where_free(struct index_where *iw)
{
    if (!iw)
        return;
    for (int k = 0; k < NAMES_KINDS; k++) {
        buf_release(&iw->names[k].text);
        free(iw->names[k].start);
    }
    where_free(iw->w);
    free(iw);
}

/* ---- The fields of a record, as game_facts_get gives them ------------------- */

static int str_value(struct fact_value *v, const char *s, size_t len)
{
    v->type = FT_STR;
    v->s = s;
    v->len = len;
    v->num = 0;
    return 1;
}

/* A number; its text is its digits (a computed number, s NULL in the scan too). */
static int num_value(struct fact_value *v, int64_t n)
{
    v->type = FT_NUM;
    v->num = n;
    v->s = NULL;
    v->len = 0;
    return 1;
}

/* The name of slot (IR_WHITE..) of the record, or no value when the tag is missing. */
static int name_value(const struct index_where *iw, int slot, struct fact_value *v)
{
    uint32_t id = iw->r->name[slot];
    const struct name_list *l = &iw->names[kind_of_slot(slot)];
    if (!id)
        return 0;
    if (id > l->count)
        return WHERE_UNKNOWN; /* not in its table: the scan decides */
    return str_value(v, l->text.data + l->start[id], l->start[id + 1] - l->start[id]);
}

/* The final material: the last run's (none when the main line has no positions). */
static int material_value(struct index_where *iw, struct fact_value *v)
{
    char *text = iw->material_text;
    const struct index_material *m = iw->r->material;
    if (!m || (m->flags & IM_UNSURE))
        return WHERE_UNKNOWN;
    if (m->flags & IM_NO_LINE)
        return 0;
    if (!m->nruns)
        return WHERE_UNKNOWN;
    return str_value(v, text, material_format(&m->run[m->nruns - 1].mat, text));
}

/* A clock or evaluation field (slot of index_play.h): none when the game does not say it. */
static int play_value(const struct index_where *iw, int slot, struct fact_value *v)
{
    const struct index_material *m = iw->r->material;
    if (!m || (m->flags & IM_PLAY_UNSURE))
        return WHERE_UNKNOWN;
    if (!(m->play.mask & (1u << slot)))
        return 0;
    return num_value(v, m->play.value[slot]);
}

/* A rating: the number is known, the tag's text (what a regex reads) is not. */
static int elo_value(int elo, int text, struct fact_value *v)
{
    if (elo < 0)
        return 0;
    return text ? WHERE_UNKNOWN : num_value(v, elo);
}

static int record_field(struct index_where *iw, int field, uint32_t k, int text,
                        struct fact_value *v)
{
    const struct index_record *r = iw->r;
    int w = r->white_elo, b = r->black_elo;
    switch (field) {
    case F_PLAYER: return k < 2 ? name_value(iw, (int)k, v) : 0;
    case F_WHITE: return name_value(iw, IR_WHITE, v);
    case F_BLACK: return name_value(iw, IR_BLACK, v);
    case F_EVENT: return name_value(iw, IR_EVENT, v);
    case F_SITE: return name_value(iw, IR_SITE, v);
    case F_DATE:
        if (r->flags & IR_NO_DATE)
            return 0;
        if (text)
            return WHERE_UNKNOWN;
        v->type = FT_DATE;
        v->date = r->date;
        v->s = NULL;
        v->len = 0;
        return 1;
    case F_YEAR:
        if (r->flags & IR_NO_DATE)
            return 0;
        return text ? WHERE_UNKNOWN : num_value(v, r->date.lo / 10000);
    case F_RESULT: {
        if (r->result == PGN_RESULT_NONE)
            return 0;
        const char *s = pgn_result_str(r->result);
        return str_value(v, s, strlen(s));
    }
    case F_WHITE_ELO: return elo_value(w, text, v);
    case F_BLACK_ELO: return elo_value(b, text, v);
    case F_MIN_ELO:
    case F_MAX_ELO:
    case F_ELO_DIFF:
        if (w < 0 || b < 0)
            return 0;
        return num_value(v, field == F_MIN_ELO ? (w < b ? w : b) : field == F_MAX_ELO ? (w > b ? w : b)
                                                                              : (w > b ? w - b : b - w));
    case F_GAME: return num_value(v, (int64_t)r->number);
    case F_PLIES: return num_value(v, r->plies);
    case F_MOVES: return num_value(v, (r->plies + 1) / 2);
    case F_MATERIAL: return material_value(iw, v);
    }
    int slot = index_play_slot(field);
    if (slot != INDEX_PLAY_NO_SLOT)
        return play_value(iw, slot, v);
    for (int i = 0; i < IF_COUNT; i++)
        if (index_feature_field(i) == field) {
            v->type = FT_BOOL;
            v->num = (r->features >> i) & 1;
            v->s = NULL;
            v->len = 0;
            return 1;
        }
    return WHERE_UNKNOWN;
}

static int record_get(void *ctx, int field, const char *tag, uint32_t k, int text,
                      struct fact_value *v)
{
    struct index_where *iw = ctx;
    if (tag) {
        /* game_facts_tag: every value of the tag, in order. */
        for (int i = 0; i < IR_NAMES; i++)
            if (!strcmp(tag, name_tags[i])) {
                if (k == 0)
                    return name_value(iw, i, v);
                return iw->r->flags & (IR_DUP_WHITE << i) ? WHERE_UNKNOWN : 0;
            }
        return WHERE_UNKNOWN;
    }
    if (field < 0 || field >= F_FIELD_COUNT)
        return 0;
    if (field == F_COMMENT)
        return WHERE_UNKNOWN;
    if (k > 0 && field != F_PLAYER)
        return 0; /* one value each, as game_facts_get */
    return record_field(iw, field, k, text, v);
}

int index_where_decide(struct index_where *iw, const struct index_record *r)
{
    iw->r = r;
    return where_decide(iw->w, record_get, iw);
}
