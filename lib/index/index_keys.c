/* index_keys.c - posting lists of games by tag value: written per chunk, read by ranges. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "pgn/game.h"
#include "index/index_build_sort.h"
#include "index/index_keys.h"
#include "base/array.h"
#include "base/banned.h"

/* A posting's u16: the place in its low 12 bits, the dropped low bits above them. */
enum { PLACE_BITS = 12, PLACE_MASK = (1 << PLACE_BITS) - 1 };
_Static_assert(INDEX_CHUNK_GAMES == 1 << PLACE_BITS, "a chunk's places fill 12 bits of a posting");

int index_key_low_bits(int field)
{
    switch (field) {
    case IK_WHITE_ELO: case IK_BLACK_ELO: return 4;
    case IK_PLIES: return 3;
    default: return 0;
    }
}

int64_t index_key_value(int field, int64_t v)
{
    if (v < 0)
        return 0;
    return field == IK_DATE ? v / 10000 /* YYYYMMDD -> YYYY */ : v >> index_key_low_bits(field);
}

void index_key_raw_bounds(int field, int64_t v, int64_t *min, int64_t *max)
{
    int bits = index_key_low_bits(field);
    /* Every day of a year, as tagvalue_date gives them (a date's range is
     * within its year: unknown parts are a month or days, never the year). */
    if (field == IK_DATE)
        *min = v * 10000 + 101, *max = v * 10000 + 1231;
    else
        /* An or, not a sum: the shifted value's low bits are clear, and the
         * top stored value of an open range must not overflow. */
        *min = v << bits, *max = v << bits | (((int64_t)1 << bits) - 1);
}

/*
 * A posting packed in 64 bits so that one sort groups a chunk's postings by
 * field, then value, then place; the low bits the key drops ride below:
 *
 *   63..58 field   57..16 value (42 bits)   15..4 place   3..0 dropped bits
 */
static uint64_t pack(int field, int64_t value, uint32_t place)
{
    uint64_t low = value < 0 ? 0 : (uint64_t)value & ((1u << index_key_low_bits(field)) - 1);
    return (uint64_t)field << 58 |
           ((uint64_t)index_key_value(field, value) & 0x3ffffffffffull) << 16 | place << 4 | low;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/*
 * The postings of one record at place into out; returns how many. A record
 * that decides nothing is listed as that alone, and a repeated name tag as
 * that alone: so a game a value's list holds has that value for sure (a
 * count of those needs no record).
 */
static size_t postings_of(const struct index_record *r, uint32_t place, uint64_t *out)
{
    size_t n = 0;
    if (r->flags & IR_EMPTY)
        return 0;
    if (r->flags & IR_UNSURE) {
        out[n++] = pack(IK_UNSURE, 0, place);
        return n;
    }
    for (int i = 0; i < IR_NAMES; i++) {
        if (r->flags & (IR_DUP_WHITE << i))
            out[n++] = pack(IK_DUP, i, place);
        else if (r->name[i])
            out[n++] = pack(IK_WHITE + i, r->name[i], place);
    }
    if (!(r->flags & IR_NO_DATE))
        out[n++] = pack(IK_DATE, r->date.lo, place);
    if (r->white_elo >= 0)
        out[n++] = pack(IK_WHITE_ELO, r->white_elo, place);
    if (r->black_elo >= 0)
        out[n++] = pack(IK_BLACK_ELO, r->black_elo, place);
    if (r->eco >= 0)
        out[n++] = pack(IK_ECO, r->eco, place);
    if (r->result != PGN_RESULT_NONE)
        out[n++] = pack(IK_RESULT, r->result, place);
    out[n++] = pack(IK_PLIES, r->plies, place);
    for (int i = 0; i < IF_COUNT; i++)
        if (r->features >> i & 1)
            out[n++] = pack(IK_FEATURE, i, place);
    if (r->max_repetition >= IK_REPETITION_MIN)
        out[n++] = pack(IK_REPETITION, r->max_repetition, place);
    return n;
}

enum { POSTINGS_MAX = IR_NAMES + 6 + IF_COUNT + 1 }; /* per record, at most */

/* Writes the row of postings v[0..n) (one field and value) with st. */
static int put_row(sqlite3_stmt *st, int64_t source, uint64_t chunk, const uint64_t *v, size_t n,
                   unsigned char *blob)
{
    for (size_t i = 0; i < n; i++) {
        unsigned posting = (unsigned)(v[i] >> 4 & PLACE_MASK) | (unsigned)(v[i] & 15) << PLACE_BITS;
        blob[2 * i] = (unsigned char)posting;
        blob[2 * i + 1] = (unsigned char)(posting >> 8);
    }
    sqlite3_bind_int64(st, 1, source);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)(v[0] >> 58));
    sqlite3_bind_int64(st, 3, (sqlite3_int64)(v[0] >> 16 & 0x3ffffffffffull));
    sqlite3_bind_int64(st, 4, (sqlite3_int64)chunk);
    sqlite3_bind_blob(st, 5, blob, (int)(2 * n), SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int index_keys_write(sqlite3_stmt *st, int64_t source, uint64_t chunk,
                     const unsigned char *records, uint32_t n)
{
    uint64_t *v = malloc((size_t)n * POSTINGS_MAX * sizeof *v + 1);
    unsigned char *blob = malloc(2 * (size_t)n + 1);
    if (!v || !blob) {
        free(v);
        free(blob);
        return SQLITE_NOMEM;
    }
    size_t count = 0;
    for (uint32_t i = 0; i < n; i++) {
        struct index_record r;
        index_record_decode(records + (size_t)i * INDEX_RECORD_SIZE, &r);
        count += postings_of(&r, i, v + count);
    }
    int rc = index_sort_u64(v, count) == PGN_OK ? SQLITE_OK : SQLITE_NOMEM;
    for (size_t at = 0, end; rc == SQLITE_OK && at < count; at = end) {
        for (end = at + 1; end < count && v[end] >> 16 == v[at] >> 16; end++)
            ;
        rc = put_row(st, source, chunk, v + at, end - at, blob);
    }
    free(v);
    free(blob);
    return rc;
}

/* 1 when the raw value of posting p (field's low bits in its top 4) at stored value lies in r's raw range. */
static int raw_in(const struct index_key_range *r, int64_t value, unsigned p)
{
    int bits = index_key_low_bits(r->field);
    int64_t raw = value << bits | (int64_t)(p >> PLACE_BITS);
    return raw >= r->raw_lo && raw <= r->raw_hi;
}

/* 1 when some raw value of stored value v lies outside r's raw range: its postings are told one by one. */
static int cut(const struct index_key_range *r, int64_t v)
{
    int64_t min, max;
    if (!index_key_low_bits(r->field))
        return 0;
    index_key_raw_bounds(r->field, v, &min, &max);
    return min < r->raw_lo || max > r->raw_hi;
}

/* The postings of a blob (len bytes) at stored value whose raw value lies in r's raw range. */
static uint64_t count_raw_in(const struct index_key_range *r, int64_t value,
                             const unsigned char *b, size_t len)
{
    uint64_t n = 0;
    for (size_t i = 0; b && i + 1 < len; i += 2)
        n += (uint64_t)raw_in(r, value, (unsigned)b[i] | (unsigned)b[i + 1] << 8);
    return n;
}

/* Prepares *st (once) and binds one range of source ([lo, hi] of r). */
static int bind_range(sqlite3 *h, sqlite3_stmt **st, const char *sql, int64_t source,
                      const struct index_key_range *r, int64_t lo, int64_t hi)
{
    int rc;
    if (!*st && (rc = sqlite3_prepare_v2(h, sql, -1, st, NULL)) != SQLITE_OK)
        return rc;
    sqlite3_reset(*st);
    sqlite3_bind_int64(*st, 1, source);
    sqlite3_bind_int(*st, 2, r->field);
    sqlite3_bind_int64(*st, 3, lo);
    sqlite3_bind_int64(*st, 4, hi);
    return SQLITE_OK;
}

int index_keys_count(sqlite3 *h, sqlite3_stmt **st, int64_t source,
                     const struct index_key_range *r, size_t n, int sure, uint64_t cap,
                     uint64_t *count)
{
    /* length() reads a row's header, not its blob: counting costs the rows,
     * not the games. Only a row at an end that cuts a key's raw values
     * (?5, ?6) has its blob read (CASE reads the column in that branch alone). */
    static const char sql[] = "SELECT length(games), CASE WHEN value IN (?5, ?6) THEN games END,"
                              " value FROM game_keys WHERE source=?1 AND field=?2"
                              " AND value BETWEEN ?3 AND ?4";
    int rc = SQLITE_OK;
    *count = 0;
    for (size_t i = 0; i < n && rc == SQLITE_OK && *count <= cap; i++) {
        if (sure && r[i].sure_lo > r[i].sure_hi)
            continue;
        int64_t lo = sure ? r[i].sure_lo : r[i].lo, hi = sure ? r[i].sure_hi : r[i].hi;
        if ((rc = bind_range(h, st, sql, source, &r[i], lo, hi)) != SQLITE_OK)
            break;
        sqlite3_bind_int64(*st, 5, cut(&r[i], lo) ? lo : -1);
        sqlite3_bind_int64(*st, 6, cut(&r[i], hi) ? hi : -1);
        while (*count <= cap && (rc = sqlite3_step(*st)) == SQLITE_ROW) {
            if (sqlite3_column_type(*st, 1) == SQLITE_NULL)
                *count += (uint64_t)sqlite3_column_int64(*st, 0) / 2;
            else
                *count += count_raw_in(&r[i], sqlite3_column_int64(*st, 2),
                                       sqlite3_column_blob(*st, 1),
                                       (size_t)sqlite3_column_bytes(*st, 1));
        }
        rc = rc == SQLITE_DONE || rc == SQLITE_ROW ? SQLITE_OK : rc;
        sqlite3_reset(*st);
    }
    return rc;
}

static int picks_add(struct index_picks *p, uint64_t game)
{
    if (array_reserve((void **)&p->game, &p->cap, p->n + 1, sizeof *p->game, 1024))
        return SQLITE_NOMEM;
    p->game[p->n++] = game;
    return SQLITE_OK;
}

/* Appends the games of the row *st is on (chunk, games, value) to p (r: the range read). */
static int add_row(sqlite3_stmt *st, const struct index_key_range *r, struct index_picks *p)
{
    int64_t value = sqlite3_column_int64(st, 2);
    uint64_t unsure = value < r->sure_lo || value > r->sure_hi;
    sqlite3_int64 chunk = sqlite3_column_int64(st, 0);
    const unsigned char *b = sqlite3_column_blob(st, 1);
    size_t len = (size_t)sqlite3_column_bytes(st, 1);
    if (chunk < 0 || !b || len % 2 || len > 2 * INDEX_CHUNK_GAMES)
        return SQLITE_CORRUPT;
    unsigned last = 0, low_max = (1u << index_key_low_bits(r->field)) - 1;
    int told = cut(r, value);
    for (size_t i = 0; i < len; i += 2) {
        unsigned posting = (unsigned)b[i] | (unsigned)b[i + 1] << 8;
        unsigned place = posting & PLACE_MASK;
        if (posting >> PLACE_BITS > low_max || (i && place <= last))
            return SQLITE_CORRUPT;
        last = place;
        if (told && !raw_in(r, value, posting))
            continue; /* its raw value is outside the range: the criterion turns it down */
        if (picks_add(p, ((uint64_t)chunk * INDEX_CHUNK_GAMES + place) << 1 | unsure) != SQLITE_OK)
            return SQLITE_NOMEM;
    }
    return SQLITE_OK;
}

int index_keys_collect(sqlite3 *h, sqlite3_stmt **st, int64_t source,
                       const struct index_key_range *r, size_t n, struct index_picks *out)
{
    static const char sql[] = "SELECT chunk, games, value FROM game_keys WHERE source=?1 AND"
                              " field=?2 AND value BETWEEN ?3 AND ?4";
    int rc = SQLITE_OK;
    for (size_t i = 0; i < n && rc == SQLITE_OK; i++) {
        if ((rc = bind_range(h, st, sql, source, &r[i], r[i].lo, r[i].hi)) != SQLITE_OK)
            break;
        while ((rc = sqlite3_step(*st)) == SQLITE_ROW &&
               (rc = add_row(*st, &r[i], out)) == SQLITE_OK)
            ;
        rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
        sqlite3_reset(*st);
    }
    if (rc != SQLITE_OK)
        return rc;
    if (out->n) /* qsort wants a pointer, even for no games */
        qsort(out->game, out->n, sizeof *out->game, cmp_u64);
    /* A game one range holds for sure and another not (Black the player's
     * name, White a repeated tag the scan tries first) is unsure: its record
     * decides, in the criterion's own order. */
    size_t kept = 0;
    for (size_t i = 0; i < out->n; i++) {
        if (kept && out->game[i] >> 1 == out->game[kept - 1] >> 1)
            out->game[kept - 1] |= out->game[i] & 1;
        else
            out->game[kept++] = out->game[i];
    }
    out->n = kept;
    return SQLITE_OK;
}

void index_picks_release(struct index_picks *p)
{
    free(p->game);
    memset(p, 0, sizeof *p);
}
