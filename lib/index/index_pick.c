/* index_pick.c - which ranges of game_keys hold every game a search criterion may select. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "pgn/game.h"
#include "index/index_pick.h"
#include "index/index_plan.h"
#include "query/filter.h"
#include "base/array.h"
#include "base/banned.h"

int index_regex_verdict(struct filter *re, const char *s, size_t len)
{
    uint64_t hits = filter_limit_hits(re);
    int m = filter_match(re, s, len);
    return filter_limit_hits(re) != hits ? INDEX_MAYBE : m ? INDEX_YES : INDEX_NO;
}

int index_verdicts_set(unsigned char **v, uint32_t *n, uint32_t id, int verdict)
{
    if (id >= *n) {
        uint32_t grown = *n ? *n : 1024;
        while (grown <= id)
            grown *= 2;
        unsigned char *a = realloc(*v, grown);
        if (!a)
            return PGN_ENOMEM;
        memset(a + *n, INDEX_NO, grown - *n);
        *v = a;
        *n = grown;
    }
    (*v)[id] = (unsigned char)verdict;
    return PGN_OK;
}

int index_key_set_push(struct index_key_set *s, struct index_key_range r)
{
    if (array_reserve((void **)&s->r, &s->cap, s->n + 1, sizeof *s->r, 8))
        return PGN_ENOMEM;
    s->r[s->n++] = r;
    return PGN_OK;
}

int index_key_set_add(struct index_key_set *s, int field, int64_t lo, int64_t hi, int sure)
{
    struct index_key_range r = { field, index_key_value(field, lo), index_key_value(field, hi),
                                 1, 0, lo, hi };
    if (sure && r.lo <= r.hi && index_key_low_bits(field)) {
        r.sure_lo = r.lo, r.sure_hi = r.hi; /* the postings tell the raw values at the ends */
    } else if (sure && r.lo <= r.hi) {
        int64_t min, max;
        r.sure_lo = r.lo, r.sure_hi = r.hi;
        index_key_raw_bounds(field, r.lo, &min, &max);
        r.sure_lo += min < lo;
        index_key_raw_bounds(field, r.hi, &min, &max);
        r.sure_hi -= max > hi;
    }
    return index_key_set_push(s, r);
}

int index_key_set_add_all(struct index_key_set *a, const struct index_key_set *b)
{
    for (size_t i = 0; i < b->n; i++)
        if (index_key_set_push(a, b->r[i]))
            return PGN_ENOMEM;
    return PGN_OK;
}

/* The ids of the names a name criterion may select (PICK_MAYBE: those its regex gave up
 * on), runs of consecutive ids as one range, on each of its slots, and the games where a
 * slot's tag repeats; 0 past PICK_NAMES_MAX ids. */
static int name_ranges(struct index_key_set *s, const unsigned char *names, uint32_t nnames,
                       const int slot[2], int mode)
{
    uint32_t count = 0;
    for (uint32_t id = 1; id < nnames; id++)
        count += mode == PICK_MAYBE ? names[id] == INDEX_MAYBE : names[id] != INDEX_NO;
    if (count > PICK_NAMES_MAX)
        return 0;
    for (int k = 0; k < 2 && slot[k] >= 0; k++) {
        /* A repeated tag is tried value by value: only the scan tells. */
        if (index_key_set_add(s, IK_DUP, slot[k], slot[k], 0))
            return PGN_ENOMEM;
        for (uint32_t id = 1; id < nnames; id++) {
            int on = mode == PICK_MAYBE ? names[id] == INDEX_MAYBE : names[id] != INDEX_NO;
            if (!on)
                continue;
            uint32_t end = id;
            while (end + 1 < nnames && names[end + 1] == names[id])
                end++;
            if (index_key_set_add(s, IK_WHITE + slot[k], id, end, names[id] == INDEX_YES))
                return PGN_ENOMEM;
            id = end;
        }
    }
    return 1;
}

/* Criteria the keys do not index but whose answer is yes or no, never maybe. */
static int never_maybe(const struct criterion *c)
{
    switch (c->kind) {
    case SQ_ELO_DIFF: case SQ_CHECKMATE: case SQ_STALEMATE: case SQ_DEAD_POSITION:
    case SQ_FIFTY: case SQ_SEVENTYFIVE: case SQ_UNDERPROMOTION:
        return 1;
    case SQ_MOVES: return c->nmoves <= INDEX_OPENING_PLIES;
    case SQ_REPETITION: return c->lo <= 255;
    default: return 0;
    }
}

/* The feature (enum index_feature) a criterion asks for, or IF_COUNT: none. */
static int feature_of(const struct criterion *c)
{
    switch (c->kind) {
    case SQ_CHECKMATE: case SQ_STALEMATE: case SQ_DEAD_POSITION: case SQ_FIFTY:
    case SQ_SEVENTYFIVE: case SQ_UNDERPROMOTION:
        for (int i = 0; i < IF_COUNT; i++)
            if (index_feature_field(i) == c->field)
                return i;
        return IF_COUNT;
    default:
        return IF_COUNT;
    }
}

/* Criteria on one value of the record that the keys hold (their answer: yes or no). */
static int indexed_value(const struct criterion *c)
{
    switch (c->kind) {
    case SQ_ELO_MIN: case SQ_ELO_MAX: case SQ_WHITE_ELO: case SQ_BLACK_ELO: case SQ_DATE_FROM:
    case SQ_DATE_TO: case SQ_ECO: case SQ_PLIES_MIN: case SQ_PLIES_MAX: case SQ_RESULT:
        return 1;
    /* Fewer repetitions have no key; past 255 the record saturates and the scan decides. */
    case SQ_REPETITION: return c->lo >= IK_REPETITION_MIN && c->lo <= 255;
    default:
        return feature_of(c) < IF_COUNT;
    }
}

/* The ranges of an indexed_value() criterion. */
static int value_ranges(struct index_key_set *s, const struct criterion *c)
{
    switch (c->kind) {
    /* Both ratings count: White's keys list a superset, never sure. */
    case SQ_ELO_MIN: return index_key_set_add(s, IK_WHITE_ELO, c->lo, INT64_MAX, 0);
    case SQ_ELO_MAX: return index_key_set_add(s, IK_WHITE_ELO, 0, c->lo, 0);
    case SQ_WHITE_ELO: return index_key_set_add(s, IK_WHITE_ELO, c->lo, c->hi, 1);
    case SQ_BLACK_ELO: return index_key_set_add(s, IK_BLACK_ELO, c->lo, c->hi, 1);
    /* The key is the year of a date's first day, and its last day is in that
     * year too: the year bounds both the first day (--date-from compares it)
     * and the last (--date-to). */
    case SQ_DATE_FROM: return index_key_set_add(s, IK_DATE, c->date.lo, INT64_MAX, 1);
    case SQ_DATE_TO: return index_key_set_add(s, IK_DATE, 0, c->date.hi, 1);
    case SQ_ECO: return index_key_set_add(s, IK_ECO, c->lo, c->hi, 1);
    case SQ_PLIES_MIN: case SQ_PLIES_MAX: return index_key_set_add(s, IK_PLIES, c->lo, c->hi, 1);
    case SQ_RESULT:
        for (int r = PGN_RESULT_WHITE; r <= PGN_RESULT_UNKNOWN; r++)
            if ((c->results >> r) & 1 && index_key_set_add(s, IK_RESULT, r, r, 1))
                return PGN_ENOMEM;
        return PGN_OK;
    /* The record keeps 255 for 255 or more, as the key: 255 counts for any N <= 255. */
    case SQ_REPETITION: return index_key_set_add(s, IK_REPETITION, c->lo, 255, 1);
    default: return index_key_set_add(s, IK_FEATURE, feature_of(c), feature_of(c), 1);
    }
}

int index_pick_ranges(struct index_key_set *s, const struct criterion *c,
                      const unsigned char *names, uint32_t nnames, const int slot[2],
                      const struct index_key_set *fixed, int mode)
{
    if (slot && slot[0] >= 0)
        return name_ranges(s, names, nnames, slot, mode);
    if (c->kind == SQ_WHERE && fixed) {
        if (mode == PICK_MAYBE) /* a where expression may leave any game to the scan */
            return 0;
        int rc = index_key_set_add_all(s, fixed);
        return rc ? rc : 1;
    }
    if (mode == PICK_MAYBE)
        return never_maybe(c) || indexed_value(c);
    if (!indexed_value(c))
        return 0;
    int rc = value_ranges(s, c);
    return rc ? rc : 1;
}

static void overlap(int64_t *lo, int64_t *hi, int64_t blo, int64_t bhi)
{
    if (blo > *lo)
        *lo = blo;
    if (bhi < *hi)
        *hi = bhi;
}

int index_pick_narrow(struct index_key_set *a, const struct index_key_set *b)
{
    if (a->n != 1 || b->n != 1 || a->r[0].field != b->r[0].field)
        return 0;
    overlap(&a->r[0].lo, &a->r[0].hi, b->r[0].lo, b->r[0].hi);
    overlap(&a->r[0].sure_lo, &a->r[0].sure_hi, b->r[0].sure_lo, b->r[0].sure_hi);
    overlap(&a->r[0].raw_lo, &a->r[0].raw_hi, b->r[0].raw_lo, b->r[0].raw_hi);
    return 1;
}

void index_key_set_release(struct index_key_set *s)
{
    free(s->r);
    memset(s, 0, sizeof *s);
}

/* The ranges of crit (PICK_ALL or PICK_MAYBE) into *s: 1, 0 (none), PGN_ENOMEM. */
static int ranges_of(const struct index_pick_crit *crit, struct index_key_set *s, int mode)
{
    if (crit->fixed && mode == PICK_MAYBE && !crit->blocks)
        return 1; /* a conjunct of a where expression that another one follows */
    return index_pick_ranges(s, crit->c, crit->names, crit->nnames, crit->slot, crit->fixed, mode);
}

/* 1 when the criteria, all n of the query, are one criterion or one field's: then the sure
 * parts of their keys are yeses of the whole query. (A conjunct of a where expression is
 * not the whole expression.) */
static int sure_for_query(const struct index_pick_crit *crit, const struct index_key_set *own,
                          const int *indexed, size_t n, size_t total)
{
    if (n != total)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!indexed[i] || crit[i].fixed ||
            (n > 1 && (own[i].n != 1 || own[i].r[0].field != own[0].r[0].field)))
            return 0;
    return 1;
}

/* Counts set's postings (stopping past cap) into *n: PGN_OK or what SQLite said. */
static int count_set(struct index_db *db, sqlite3_stmt **st, int64_t source,
                     const struct index_key_set *set, uint64_t cap, uint64_t *n)
{
    int rc = index_keys_count(db->h, st, source, set->r, set->n, 0, cap, n);
    return rc == SQLITE_OK ? PGN_OK : index_db_fail(db, rc);
}

int index_pick_choose(struct index_db *db, sqlite3_stmt **st, int64_t source,
                      const struct index_pick_crit *crit, size_t n, size_t total,
                      struct index_key_set *best, uint64_t *count)
{
    struct index_key_set extra = { 0 }, *own = calloc(n + 1, sizeof *own);
    int *indexed = calloc(n + 1, sizeof *indexed);
    size_t upto = 0;
    /* A record that decides nothing is a maybe whatever the criteria. */
    static const struct index_key_range unsure = { IK_UNSURE, 0, 0, 1, 0, 0, 0 };
    int rc = own && indexed ? index_key_set_push(&extra, unsure) : PGN_ENOMEM;
    for (size_t i = 0; rc == PGN_OK && i < n; i++) {
        if ((rc = ranges_of(&crit[i], &own[i], PICK_ALL)) < 0)
            break;
        indexed[i] = rc;
        upto = i + 1;
        if ((rc = ranges_of(&crit[i], &extra, PICK_MAYBE)) <= 0)
            break; /* the criteria after it cannot pick */
        rc = PGN_OK;
    }
    rc = rc < 0 ? rc : PGN_OK;
    int sure = rc == PGN_OK && sure_for_query(crit, own, indexed, upto, total);
    uint64_t best_count = UINT64_MAX - 1;
    int found = 0;
    for (size_t i = 0; rc == PGN_OK && i < upto; i++) {
        if (!indexed[i])
            continue;
        for (size_t j = 0; j < upto; j++)
            if (j != i && indexed[j])
                index_pick_narrow(&own[i], &own[j]);
        struct index_key_set set = { 0 };
        uint64_t c = 0;
        if ((rc = index_key_set_add_all(&set, &own[i])) == PGN_OK &&
            (rc = index_key_set_add_all(&set, &extra)) == PGN_OK)
            rc = count_set(db, st, source, &set, best_count, &c);
        for (size_t k = 0; !sure && k < set.n; k++)
            set.r[k].sure_lo = 1, set.r[k].sure_hi = 0;
        if (rc == PGN_OK && c < best_count) {
            best_count = c;
            index_key_set_release(best);
            *best = set;
            found = 1;
        } else {
            index_key_set_release(&set);
        }
    }
    for (size_t i = 0; own && i < n; i++)
        index_key_set_release(&own[i]);
    free(own);
    free(indexed);
    index_key_set_release(&extra);
    *count = best_count;
    return rc ? rc : found;
}

int index_pick_unsure_parts(const struct index_key_set *set, struct index_key_set *out)
{
    int rc = PGN_OK;
    for (size_t i = 0; rc == PGN_OK && i < set->n; i++) {
        struct index_key_range r = set->r[i], below = r, above = r;
        if (r.sure_lo > r.sure_hi) {
            rc = index_key_set_push(out, r);
            continue;
        }
        below.hi = r.sure_lo - 1, above.lo = r.sure_hi + 1;
        below.sure_lo = above.sure_lo = 1, below.sure_hi = above.sure_hi = 0;
        if (below.lo <= below.hi)
            rc = index_key_set_push(out, below);
        if (rc == PGN_OK && above.lo <= above.hi)
            rc = index_key_set_push(out, above);
    }
    return rc;
}

int index_pick_sure_on_one_field(const struct index_key_set *set)
{
    int field = -1;
    for (size_t i = 0; i < set->n; i++) {
        if (set->r[i].sure_lo > set->r[i].sure_hi)
            continue;
        if (field >= 0 && set->r[i].field != field)
            return 0;
        field = set->r[i].field;
    }
    return field >= 0;
}
