/* tiebreak.c - an event's standings: scores, performance and the FIDE tie-breaks (C.07, 2023), ranked. */
/* SPDX-License-Identifier: MIT */
#include "stats/tiebreak.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "base/banned.h"

const char *const tiebreak_names[TB_COUNT] = {
    "buchholz", "buchholz-cut1", "median-buchholz", "sonneborn-berger", "direct-encounter",
    "wins", "black-wins", "black-games", "aro",
};
const char *const tiebreak_abbrevs[TB_COUNT] = {
    "BH", "BH-C1", "BH-M1", "SB", "DE", "WIN", "BWG", "BPG", "ARO",
};

int tiebreak_parse(const char *text, int list[TIEBREAK_MAX], const char **bad, size_t *bad_len)
{
    int n = 0;
    const char *t = text;
    for (;;) {
        const char *e = strchr(t, ',');
        size_t len = e ? (size_t)(e - t) : strlen(t);
        int found = -1;
        for (int k = 0; k < TB_COUNT; k++)
            if (strlen(tiebreak_names[k]) == len && !memcmp(tiebreak_names[k], t, len))
                found = k;
        if (len == 7 && !memcmp(t, "median1", 7))
            found = TB_MEDIAN_BUCHHOLZ;
        if (found < 0 || n == TIEBREAK_MAX) {
            *bad = t;
            *bad_len = len;
            return PGN_EINVAL;
        }
        list[n++] = found;
        if (!e)
            return n;
        t = e + 1;
    }
}

/*
 * FIDE Rating Regulations, table 8.1.1: dp by the fraction scored, in
 * hundredths from 0.50 to 1.00; below 0.50 the table is the same with the
 * sign turned.
 */
static const short dp_table[51] = {
    0,   7,   14,  21,  29,  36,  43,  50,  57,  65,  72,  80,  87,  95,  102, 110, 117,
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273,
    284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
};

int tiebreak_dp(double p)
{
    if (p < 0)
        p = 0;
    if (p > 1)
        p = 1;
    int h = (int)lround(p * 100.0);
    return h >= 50 ? dp_table[h - 50] : -dp_table[50 - h];
}

/* A round from one player's side. */
struct entry {
    int opponent; /* -1: none (a bye) */
    int half;     /* the player's half points */
    int unplayed; /* enum standings_unplayed */
    int black;    /* 1 when the player had Black */
};

/* Every player's rounds, side by side: player p's are at[start[p] .. start[p + 1]). */
struct rounds {
    struct entry *at;
    size_t *start;
};

static int rounds_build(const struct standings_event *e, struct rounds *r)
{
    size_t np = e->nplayers;
    r->start = calloc(np + 1, sizeof *r->start);
    r->at = malloc((2 * e->npairings + 1) * sizeof *r->at);
    size_t *fill = calloc(np + 1, sizeof *fill);
    if (!r->start || !r->at || !fill) {
        free(fill);
        return PGN_ENOMEM;
    }
    for (size_t i = 0; i < e->npairings; i++) {
        const struct standings_pairing *p = &e->pairings[i];
        r->start[p->white + 1]++;
        if (p->black >= 0)
            r->start[p->black + 1]++;
    }
    for (size_t i = 0; i < np; i++)
        r->start[i + 1] += r->start[i];
    memcpy(fill, r->start, (np + 1) * sizeof *fill);
    for (size_t i = 0; i < e->npairings; i++) {
        const struct standings_pairing *p = &e->pairings[i];
        r->at[fill[p->white]++] = (struct entry){ p->black, p->white_half, p->unplayed, 0 };
        if (p->black >= 0)
            r->at[fill[p->black]++] =
                (struct entry){ p->white, 2 - p->white_half, p->unplayed, 1 };
    }
    free(fill);
    return PGN_OK;
}

/* A voluntarily unplayed round (C.07 16): unplayed, with less than a win's points. */
static int is_vur(const struct entry *x)
{
    return x->unplayed != SU_PLAYED && x->half < 2;
}

/* Buchholz's values of player p, in half points, into v; returns how many. */
static size_t bh_values(const struct rounds *r, int p, const int *score, const int *adjusted,
                        int *v, int *vur)
{
    size_t n = 0;
    for (size_t i = r->start[p]; i < r->start[p + 1]; i++, n++) {
        const struct entry *x = &r->at[i];
        v[n] = x->unplayed != SU_PLAYED ? score[p] : adjusted[x->opponent];
        vur[n] = is_vur(x);
    }
    return n;
}

/* The index of the value a cut takes away first: a VUR's (the least of them), else the least. */
static size_t cut_index(const int *v, const int *vur, const int *gone, size_t n)
{
    size_t best = n;
    for (size_t i = 0; i < n; i++) {
        if (gone[i])
            continue;
        if (best == n || (vur[i] && !vur[best]) || (vur[i] == vur[best] && v[i] < v[best]))
            best = i;
    }
    return best;
}

/* BH, BH-C1 or BH-M1 of player p, in points. */
static double buchholz(const struct rounds *r, int p, const int *score, const int *adjusted,
                       int kind, int *v, int *vur, int *gone)
{
    size_t n = bh_values(r, p, score, adjusted, v, vur);
    long sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += v[i];
        gone[i] = 0;
    }
    if (kind != TB_BUCHHOLZ && n > 0) {
        size_t c = cut_index(v, vur, gone, n);
        sum -= v[c];
        gone[c] = 1;
        if (kind == TB_MEDIAN_BUCHHOLZ) {
            size_t hi = n;
            for (size_t i = 0; i < n; i++)
                if (!gone[i] && (hi == n || v[i] > v[hi]))
                    hi = i;
            if (hi < n)
                sum -= v[hi];
        }
    }
    return (double)sum / 2.0;
}

/* SB of player p, in points: per round, half points scored times the opponent's (or dummy's). */
static double sonneborn_berger(const struct rounds *r, int p, const int *score, const int *adjusted)
{
    long sum = 0;
    for (size_t i = r->start[p]; i < r->start[p + 1]; i++) {
        const struct entry *x = &r->at[i];
        sum += (long)x->half * (x->unplayed != SU_PLAYED ? score[p] : adjusted[x->opponent]);
    }
    return (double)sum / 4.0;
}

/* ---- Ranking ---- */

struct order {
    const struct standings_event *e;
    struct standing *rows;
    int keys; /* tie-breaks compared: tb[0 .. keys) */
};

/* <0 when row a ranks before row b on score and tb[0 .. keys), 0 when tied there. */
static int compare_keys(const struct standing *a, const struct standing *b, int keys)
{
    if (a->score_half != b->score_half)
        return a->score_half > b->score_half ? -1 : 1;
    for (int k = 0; k < keys; k++)
        if (a->tb[k] != b->tb[k])
            return a->tb[k] > b->tb[k] ? -1 : 1;
    return 0;
}

static int compare_rows(const struct order *o, const struct standing *a, const struct standing *b)
{
    int c = compare_keys(a, b, o->keys);
    return c ? c : strcmp(o->e->players[a->player].name, o->e->players[b->player].name);
}

/* A stable merge sort of rows[0..n) by compare_rows (qsort has no context for keys). */
static void sort_rows(const struct order *o, struct standing *rows, struct standing *tmp, size_t n)
{
    if (n < 2)
        return;
    size_t h = n / 2;
    sort_rows(o, rows, tmp, h);
    sort_rows(o, rows + h, tmp, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = compare_rows(o, &rows[j], &rows[i]) < 0 ? rows[j++] : rows[i++];
    while (i < h)
        tmp[k++] = rows[i++];
    while (j < n)
        tmp[k++] = rows[j++];
    memcpy(rows, tmp, n * sizeof *rows);
}

/* DE (tie-break k) for the group rows[0..n), tied on score and tb[0..k). */
static void direct_encounter(const struct rounds *r, struct standing *rows, size_t n, int k,
                             int *group_of, int group)
{
    for (size_t i = 0; i < n; i++)
        group_of[rows[i].player] = group;
    int complete = n > 1;
    for (size_t i = 0; i < n && complete; i++) {
        int p = rows[i].player;
        long half = 0;
        size_t met = 0;
        for (size_t a = 0; a < n; a++) {
            if (a == i)
                continue;
            int seen = 0;
            for (size_t x = r->start[p]; x < r->start[p + 1]; x++)
                if (r->at[x].opponent == rows[a].player) {
                    seen = 1;
                    half += r->at[x].half;
                }
            met += (size_t)seen;
        }
        complete = met == n - 1;
        rows[i].tb[k] = (double)half / 2.0;
    }
    if (!complete)
        for (size_t i = 0; i < n; i++)
            rows[i].tb[k] = 0;
}

int standings_rank(const struct standings_event *e, const int *list, int n, struct standing *out)
{
    RETURN_ERR_IF(n < 0 || n > TIEBREAK_MAX, PGN_EINVAL);
    for (int k = 0; k < n; k++)
        RETURN_ERR_IF(list[k] < 0 || list[k] >= TB_COUNT, PGN_EINVAL);
    size_t np = e->nplayers;
    if (!np)
        return PGN_OK;
    struct rounds r = { NULL, NULL };
    int rc = rounds_build(e, &r);
    int *score = calloc(np, sizeof *score), *adjusted = calloc(np, sizeof *adjusted);
    size_t most = 1;
    for (size_t p = 0; !rc && p < np; p++)
        if (r.start[p + 1] - r.start[p] > most)
            most = r.start[p + 1] - r.start[p];
    int *v = calloc(most, sizeof *v), *vur = calloc(most, sizeof *vur);
    int *gone = calloc(most, sizeof *gone), *group_of = calloc(np, sizeof *group_of);
    struct standing *tmp = calloc(np, sizeof *tmp);
    if (rc || !score || !adjusted || !v || !vur || !gone || !group_of || !tmp) {
        rc = PGN_ENOMEM;
        goto done;
    }
    for (size_t p = 0; p < np; p++) {
        struct standing *s = &out[p];
        memset(s, 0, sizeof *s);
        s->player = (int)p;
        long played_half = 0;
        for (size_t i = r.start[p]; i < r.start[p + 1]; i++) {
            const struct entry *x = &r.at[i];
            s->score_half += x->half;
            s->rounds++;
            adjusted[p] += is_vur(x) ? 1 : x->half;
            if (x->unplayed != SU_PLAYED) {
                s->unplayed++;
                continue;
            }
            s->played++;
            s->wins += x->half == 2;
            s->draws += x->half == 1;
            s->losses += x->half == 0;
            int rating = e->players[x->opponent].rating;
            if (rating > 0) {
                s->rated_opponents++;
                s->opponent_rating_sum += rating;
                played_half += x->half;
            }
        }
        score[p] = s->score_half;
        if (s->rated_opponents) {
            double ra = (double)s->opponent_rating_sum / s->rated_opponents;
            double frac = (double)played_half / (2.0 * s->rated_opponents);
            s->performance = (int)lround(ra + tiebreak_dp(frac));
        }
    }
    for (size_t p = 0; p < np; p++) {
        struct standing *s = &out[p];
        for (int k = 0; k < n; k++) {
            double t = 0;
            switch (list[k]) {
            case TB_BUCHHOLZ:
            case TB_BUCHHOLZ_CUT1:
            case TB_MEDIAN_BUCHHOLZ:
                t = buchholz(&r, (int)p, score, adjusted, list[k], v, vur, gone);
                break;
            case TB_SONNEBORN_BERGER: t = sonneborn_berger(&r, (int)p, score, adjusted); break;
            case TB_WINS:
                for (size_t i = r.start[p]; i < r.start[p + 1]; i++)
                    t += r.at[i].half == 2;
                break;
            case TB_BLACK_WINS:
            case TB_BLACK_GAMES:
                for (size_t i = r.start[p]; i < r.start[p + 1]; i++) {
                    const struct entry *x = &r.at[i];
                    if (x->black && x->unplayed == SU_PLAYED)
                        t += list[k] == TB_BLACK_GAMES || x->half == 2;
                }
                break;
            case TB_ARO:
                t = s->rated_opponents
                        ? (double)lround((double)s->opponent_rating_sum / s->rated_opponents)
                        : 0;
                break;
            default: break; /* DE: by groups, below */
            }
            s->tb[k] = t;
        }
    }
    struct order o = { e, out, 0 };
    for (int k = 0; k < n; k++) {
        if (list[k] != TB_DIRECT_ENCOUNTER)
            continue;
        o.keys = k;
        sort_rows(&o, out, tmp, np);
        int group = 0;
        for (size_t i = 0; i < np;) {
            size_t j = i + 1;
            while (j < np && !compare_keys(&out[i], &out[j], k))
                j++;
            direct_encounter(&r, out + i, j - i, k, group_of, ++group);
            i = j;
        }
    }
    o.keys = n;
    sort_rows(&o, out, tmp, np);
    for (size_t i = 0; i < np; i++)
        out[i].rank = i > 0 && !compare_keys(&out[i - 1], &out[i], n) ? out[i - 1].rank
                                                                        : (int)i + 1;
done:
    free(r.at);
    free(r.start);
    free(score);
    free(adjusted);
    free(v);
    free(vur);
    free(gone);
    free(group_of);
    free(tmp);
    return rc;
}
