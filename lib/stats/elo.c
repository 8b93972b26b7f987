/* elo.c - maximum-likelihood Elo ratings by Hunter's MM iteration, with Fisher-information error bars. */
/* SPDX-License-Identifier: MIT */
#include "stats/elo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "stats/standings.h"
#include "base/banned.h"

/* Elo points per unit of the natural-log strength: 400 / ln 10. */
#define ELO_PER_LOGIT (400.0 / 2.302585092994046)

/* Who each player met, both ways: player p's games are at[start[p] .. start[p + 1]). */
struct adjacency {
    size_t *start;
    int *other;
    int *half; /* p's half points in that game */
};

static int adjacency_build(size_t n, const struct elo_game *g, size_t ng, struct adjacency *a)
{
    a->start = calloc(n + 1, sizeof *a->start);
    a->other = malloc((2 * ng + 1) * sizeof *a->other);
    a->half = malloc((2 * ng + 1) * sizeof *a->half);
    size_t *fill = malloc((n + 1) * sizeof *fill);
    if (!a->start || !a->other || !a->half || !fill) {
        free(fill);
        return PGN_ENOMEM;
    }
    for (size_t i = 0; i < ng; i++) {
        a->start[g[i].a + 1]++;
        a->start[g[i].b + 1]++;
    }
    for (size_t i = 0; i < n; i++)
        a->start[i + 1] += a->start[i];
    memcpy(fill, a->start, (n + 1) * sizeof *fill);
    for (size_t i = 0; i < ng; i++) {
        size_t x = fill[g[i].a]++, y = fill[g[i].b]++;
        a->other[x] = g[i].b;
        a->half[x] = g[i].a_half;
        a->other[y] = g[i].a;
        a->half[y] = 2 - g[i].a_half;
    }
    free(fill);
    return PGN_OK;
}

static void adjacency_release(struct adjacency *a)
{
    free(a->start);
    free(a->other);
    free(a->half);
}

/*
 * 1 when every player reaches every other along "scored something against"
 * (and back): then, and only then, the best ratings are finite (Zermelo,
 * Ford). seen is n ints of scratch, stack n ints more.
 */
static int strongly_connected(size_t n, const struct adjacency *a, int *seen, int *stack)
{
    for (int way = 0; way < 2; way++) {
        memset(seen, 0, n * sizeof *seen);
        size_t top = 0, reached = 1;
        seen[0] = 1;
        stack[top++] = 0;
        while (top) {
            int p = stack[--top];
            for (size_t i = a->start[p]; i < a->start[p + 1]; i++) {
                int q = a->other[i];
                /* forward: p scored against q; backward: q scored against p */
                int edge = way == 0 ? a->half[i] > 0 : a->half[i] < 2;
                if (edge && !seen[q]) {
                    seen[q] = 1;
                    reached++;
                    stack[top++] = q;
                }
            }
        }
        if (reached < n)
            return 0;
    }
    return 1;
}

/*
 * Hunter's MM step for each player in turn, on the strengths g (ratings in
 * natural-log units are ln g): g_p = W_p / sum over p's games of
 * 1 / (g_p + g_q), W_p in games won (a draw a half); the prior adds a drawn
 * game against strength 1. Returns the largest change of ln g.
 */
static double mm_sweep(size_t n, const struct adjacency *a, int prior, double *g)
{
    double most = 0;
    for (size_t p = 0; p < n; p++) {
        double won = 0, denominator = 0;
        for (size_t i = a->start[p]; i < a->start[p + 1]; i++) {
            won += a->half[i] / 2.0;
            denominator += 1.0 / (g[p] + g[a->other[i]]);
        }
        if (prior) {
            won += 0.5;
            denominator += 1.0 / (g[p] + 1.0);
        }
        if (won <= 0 || denominator <= 0)
            continue;
        double next = won / denominator, change = fabs(log(next / g[p]));
        if (change > most)
            most = change;
        g[p] = next;
    }
    return most;
}

/* 1 / (1 + e^-x): the expected score of a strength ln-difference x. */
static double logistic(double x)
{
    return 1.0 / (1.0 + exp(-x));
}

/*
 * Newton's method on the ln-strengths t = ln g, each step's equations
 * H d = gradient solved by conjugate gradients (Jacobi-preconditioned):
 * H is as sparse as the games, so a step costs a few hundred passes over
 * them, where MM alone needs tens of thousands of sweeps on a large sparse
 * field of players (its slow modes are whole groups drifting together).
 * MM finishes (mm_sweep) from where this leaves. Without the prior H is
 * singular along the common shift, but the gradient sums to 0 there
 * (points scored = points expected, in all), so the system stays
 * consistent. PGN_OK or PGN_ENOMEM.
 */
static int newton(size_t n, const struct adjacency *a, int prior, double *g)
{
    size_t edges = a->start[n];
    double *t = malloc(n * sizeof *t), *w = malloc((edges + 1) * sizeof *w);
    double *diag = malloc(n * sizeof *diag), *grad = malloc(n * sizeof *grad);
    double *d = malloc(n * sizeof *d), *r = malloc(n * sizeof *r), *z = malloc(n * sizeof *z);
    double *q = malloc(n * sizeof *q), *hq = malloc(n * sizeof *hq);
    int rc = t && w && diag && grad && d && r && z && q && hq ? PGN_OK : PGN_ENOMEM;
    for (size_t p = 0; !rc && p < n; p++)
        t[p] = log(g[p]);
    for (int step = 0; !rc && step < 60; step++) {
        double norm = 0;
        for (size_t p = 0; p < n; p++) {
            double expected = 0, won = 0;
            diag[p] = prior ? logistic(t[p]) * (1 - logistic(t[p])) : 0;
            for (size_t i = a->start[p]; i < a->start[p + 1]; i++) {
                double e = logistic(t[p] - t[a->other[i]]);
                expected += e;
                won += a->half[i] / 2.0;
                w[i] = e * (1 - e);
                diag[p] += w[i];
            }
            if (prior) {
                expected += logistic(t[p]);
                won += 0.5;
            }
            grad[p] = won - expected;
            norm += grad[p] * grad[p];
        }
        if (norm < 1e-24)
            break;
        /* conjugate gradients for H d = grad, from d = 0 */
        double rz = 0;
        for (size_t p = 0; p < n; p++) {
            d[p] = 0;
            r[p] = grad[p];
            z[p] = diag[p] > 0 ? r[p] / diag[p] : 0;
            q[p] = z[p];
            rz += r[p] * z[p];
        }
        for (int k = 0; k < 2000 && rz > 1e-30; k++) {
            double qhq = 0;
            for (size_t p = 0; p < n; p++) {
                double v = prior ? logistic(t[p]) * (1 - logistic(t[p])) * q[p] : 0;
                for (size_t i = a->start[p]; i < a->start[p + 1]; i++)
                    v += w[i] * (q[p] - q[a->other[i]]);
                hq[p] = v;
                qhq += q[p] * v;
            }
            if (qhq <= 0)
                break;
            double alpha = rz / qhq, rz_next = 0, rr = 0;
            for (size_t p = 0; p < n; p++) {
                d[p] += alpha * q[p];
                r[p] -= alpha * hq[p];
                z[p] = diag[p] > 0 ? r[p] / diag[p] : 0;
                rz_next += r[p] * z[p];
                rr += r[p] * r[p];
            }
            if (rr < 1e-20 * norm)
                break;
            for (size_t p = 0; p < n; p++)
                q[p] = z[p] + rz_next / rz * q[p];
            rz = rz_next;
        }
        /* a step of at most 2 (870 Elo) per player: far from the optimum Newton can overshoot */
        double most = 0;
        for (size_t p = 0; p < n; p++) {
            double x = d[p] > 2 ? 2 : d[p] < -2 ? -2 : d[p];
            t[p] += x;
            most = fabs(x) > most ? fabs(x) : most;
        }
        if (most < 1e-13)
            break;
    }
    for (size_t p = 0; !rc && p < n; p++)
        g[p] = exp(t[p]);
    free(t), free(w), free(diag), free(grad), free(d), free(r), free(z), free(q), free(hq);
    return rc;
}

/*
 * Inverts the symmetric positive-definite m (k * k, row-major) in place by
 * Cholesky: PGN_OK, or PGN_EINVAL when it is not positive definite.
 */
static int spd_invert(double *m, size_t k)
{
    /* L into the lower triangle */
    for (size_t j = 0; j < k; j++) {
        double d = m[j * k + j];
        for (size_t t = 0; t < j; t++)
            d -= m[j * k + t] * m[j * k + t];
        if (d <= 1e-300)
            return PGN_EINVAL;
        d = sqrt(d);
        m[j * k + j] = d;
        for (size_t i = j + 1; i < k; i++) {
            double s = m[i * k + j];
            for (size_t t = 0; t < j; t++)
                s -= m[i * k + t] * m[j * k + t];
            m[i * k + j] = s / d;
        }
    }
    /* L^-1 into the lower triangle */
    for (size_t j = 0; j < k; j++) {
        m[j * k + j] = 1.0 / m[j * k + j];
        for (size_t i = j + 1; i < k; i++) {
            double s = 0;
            for (size_t t = j; t < i; t++)
                s -= m[i * k + t] * m[t * k + j];
            m[i * k + j] = s / m[i * k + i];
        }
    }
    /* (L^-1)^T L^-1, the inverse, into both triangles */
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j <= i; j++) {
            double s = 0;
            for (size_t t = i; t < k; t++)
                s += m[t * k + i] * m[t * k + j];
            m[j * k + i] = s; /* upper triangle first: the lower still holds L^-1 */
        }
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < i; j++)
            m[i * k + j] = m[j * k + i];
    return PGN_OK;
}

/*
 * The exact covariance (Elo^2) of the anchored ratings into f->cov from the
 * information h (n * n, overwritten): PGN_OK, PGN_EINVAL when h cannot be
 * inverted, PGN_ENOMEM.
 */
static int exact_covariance(struct elo_fit *f, double *h, long anchor)
{
    size_t n = f->n;
    if (!f->prior) /* the information is singular along the common shift: fix it */
        for (size_t i = 0; i < n * n; i++)
            h[i] += 1.0 / (double)n;
    if (spd_invert(h, n))
        return PGN_EINVAL;
    double *c = f->cov, s = ELO_PER_LOGIT * ELO_PER_LOGIT;
    if (anchor >= 0) {
        size_t a = (size_t)anchor;
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                c[i * n + j] = s * (h[i * n + j] - h[i * n + a] - h[a * n + j] + h[a * n + a]);
    } else {
        double *row = calloc(n, sizeof *row), all = 0;
        if (!row)
            return PGN_ENOMEM;
        for (size_t i = 0; i < n; i++) {
            for (size_t j = 0; j < n; j++)
                row[i] += h[i * n + j] / (double)n;
            all += row[i] / (double)n;
        }
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++)
                c[i * n + j] = s * (h[i * n + j] - row[i] - row[j] + all);
        free(row);
    }
    for (size_t i = 0; i < n; i++)
        f->error[i] = sqrt(fmax(c[i * n + i], 0));
    f->exact = 1;
    return PGN_OK;
}

void elo_fit_release(struct elo_fit *f)
{
    free(f->rating);
    free(f->error);
    free(f->cov);
    memset(f, 0, sizeof *f);
}

int elo_fit(size_t n, const struct elo_game *games, size_t ngames, long anchor, double rating,
            struct elo_fit *f)
{
    memset(f, 0, sizeof *f);
    RETURN_ERR_IF(anchor >= (long)n, PGN_EINVAL);
    for (size_t i = 0; i < ngames; i++)
        RETURN_ERR_IF(games[i].a < 0 || (size_t)games[i].a >= n || games[i].b < 0 ||
                          (size_t)games[i].b >= n || games[i].a == games[i].b ||
                          games[i].a_half < 0 || games[i].a_half > 2,
                      PGN_EINVAL);
    f->n = n;
    if (!n)
        return PGN_OK;
    struct adjacency adj = { NULL, NULL, NULL };
    int rc = adjacency_build(n, games, ngames, &adj);
    f->rating = calloc(n, sizeof *f->rating);
    f->error = calloc(n, sizeof *f->error);
    double *g = malloc(n * sizeof *g);
    int *seen = malloc(n * sizeof *seen), *stack = malloc(n * sizeof *stack);
    double *h = NULL;
    if (rc || !f->rating || !f->error || !g || !seen || !stack) {
        rc = PGN_ENOMEM;
        goto done;
    }
    f->prior = !strongly_connected(n, &adj, seen, stack);
    for (size_t p = 0; p < n; p++)
        g[p] = 1.0;
    if (newton(n, &adj, f->prior, g))
        rc = PGN_ENOMEM;
    for (f->iterations = 1; !rc && f->iterations <= 100000; f->iterations++)
        if (mm_sweep(n, &adj, f->prior, g) < 1e-12)
            break;
    if (rc)
        goto done;
    /* The information: each game adds p(1-p) to both players' own and
     * takes it from their shared entry; the prior's game only to one's own. */
    double *own = calloc(n, sizeof *own);
    if (!own) {
        rc = PGN_ENOMEM;
        goto done;
    }
    if (n <= ELO_EXACT_MAX) {
        h = calloc(n * n, sizeof *h);
        f->cov = calloc(n * n, sizeof *f->cov);
    }
    for (size_t p = 0; p < n; p++) {
        for (size_t i = adj.start[p]; i < adj.start[p + 1]; i++) {
            int q = adj.other[i];
            double w = g[p] * g[q] / ((g[p] + g[q]) * (g[p] + g[q]));
            own[p] += w;
            if (h)
                h[p * n + (size_t)q] -= w;
        }
        if (f->prior)
            own[p] += g[p] / ((g[p] + 1.0) * (g[p] + 1.0));
        if (h)
            h[p * n + p] += own[p];
    }
    double shift = 0;
    for (size_t p = 0; p < n; p++)
        f->rating[p] = ELO_PER_LOGIT * log(g[p]);
    if (anchor >= 0) {
        shift = rating - f->rating[anchor];
    } else {
        for (size_t p = 0; p < n; p++)
            shift += f->rating[p] / (double)n;
        shift = rating - shift;
    }
    for (size_t p = 0; p < n; p++)
        f->rating[p] += shift;
    if (!h || !f->cov || exact_covariance(f, h, anchor)) {
        free(f->cov);
        f->cov = NULL;
        f->exact = 0;
        for (size_t p = 0; p < n; p++)
            f->error[p] = own[p] > 0 && (long)p != anchor ? ELO_PER_LOGIT / sqrt(own[p]) : 0;
    }
    free(own);
done:
    adjacency_release(&adj);
    free(g);
    free(seen);
    free(stack);
    free(h);
    if (rc)
        elo_fit_release(f);
    return rc;
}

double elo_los(const struct elo_fit *f, size_t i, size_t j)
{
    double var = f->error[i] * f->error[i] + f->error[j] * f->error[j];
    if (f->cov)
        var = f->cov[i * f->n + i] + f->cov[j * f->n + j] - 2 * f->cov[i * f->n + j];
    double d = f->rating[i] - f->rating[j];
    if (var <= 0)
        return d > 0 ? 1.0 : d < 0 ? 0.0 : 0.5;
    return 0.5 * erfc(-d / sqrt(2.0 * var));
}

int elo_fit_event(const struct standings_event *e, long anchor, double rating, struct elo_fit *f)
{
    struct elo_game *g = malloc((e->npairings + 1) * sizeof *g);
    if (!g) {
        memset(f, 0, sizeof *f);
        return PGN_ENOMEM;
    }
    size_t n = 0;
    for (size_t i = 0; i < e->npairings; i++) {
        const struct standings_pairing *p = &e->pairings[i];
        if (p->unplayed == SU_PLAYED && p->black >= 0 && p->white != p->black)
            g[n++] = (struct elo_game){ p->white, p->black, p->white_half };
    }
    int rc = elo_fit(e->nplayers, g, n, anchor, rating, f);
    free(g);
    return rc;
}
