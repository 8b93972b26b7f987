/* py_select.c - what a reader does with each game before Python sees it: match a query, count stats. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <stdlib.h>

/*
 * A query and a stats handle may be used by one thread at a time, so the
 * selection holds one of each per thread that reads games: the caller's
 * (who = 0, also the reading thread of a pipeline) and one per worker.
 * The stats counted apart are merged when asked for, which the library
 * promises gives exactly the counts of one pass.
 */
struct py_select {
    int n;                          /* handles per kind: workers + 1 */
    int counting;                   /* stats: count and keep nothing */
    struct pgnkit_query **queries;  /* NULL, or one per thread */
    struct pgnkit_stats **stats;    /* NULL, or one per thread */
    int report, depth;
    struct pgnkit_position *root;   /* a copy of the tree root, for the merged handle */
};

void py_select_free(struct py_select *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n; i++) {
        if (s->queries)
            pgnkit_query_free(s->queries[i]);
        if (s->stats)
            pgnkit_stats_free(s->stats[i]);
    }
    free(s->queries);
    free(s->stats);
    pgnkit_position_free(s->root);
    free(s);
}

/* Raises the refusal of criterion name as the search command words it: two dashes, the name, the reason. */
static void raise_refused(int rc, const char *name, const char *why)
{
    char msg[512];
    snprintf(msg, sizeof msg, "--%s: %s", name, *why ? why : pgnkit_status_name(rc));
    py_raise(py_error, rc, msg);
}

struct pgnkit_query *py_query_new(PyObject *criteria, int icase)
{
    struct pgnkit_query *q;
    int rc = pgnkit_query_new(&q, icase ? PGNKIT_QUERY_ICASE : 0);
    if (rc != PGNKIT_OK)
        return (void *)PyErr_NoMemory();
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (criteria && PyDict_Next(criteria, &pos, &key, &value)) {
        if (value == Py_False || value == Py_None)
            continue;
        PyObject *name = PyObject_CallMethod(key, "replace", "ss", "_", "-");
        PyObject *arg = value == Py_True ? NULL : PyObject_Str(value);
        const char *n = name ? PyUnicode_AsUTF8(name) : NULL;
        const char *a = arg ? PyUnicode_AsUTF8(arg) : NULL;
        char why[256] = "";
        rc = !n || (value != Py_True && !a) ? PY_FAILED : pgnkit_query_add(q, n, a, why, sizeof why);
        if (rc == PGNKIT_ENOMEM)
            PyErr_NoMemory();
        else if (rc != PGNKIT_OK && rc != PY_FAILED)
            raise_refused(rc, n, why);
        Py_XDECREF(name);
        Py_XDECREF(arg);
        if (rc != PGNKIT_OK) {
            pgnkit_query_free(q);
            return NULL;
        }
    }
    return q;
}

struct py_select *py_select_new(PyObject *criteria, int icase, PyObject *stats, int threads)
{
    struct py_select *s = calloc(1, sizeof *s);
    if (!s)
        return (void *)PyErr_NoMemory();
    s->n = threads + 1;
    s->counting = stats != Py_None;
    PyObject *root = Py_None;
    if (s->counting && !PyArg_ParseTuple(stats, "iOi:stats", &s->report, &root, &s->depth))
        goto fail;
    if (root != Py_None && !PyObject_TypeCheck(root, &py_position_type)) {
        PyErr_SetString(PyExc_TypeError, "the tree root must be a Position");
        goto fail;
    }
    if (root != Py_None && pgnkit_position_copy(&s->root, py_position_of(root)) != PGNKIT_OK) {
        PyErr_NoMemory();
        goto fail;
    }
    if (criteria != Py_None && !PyDict_Check(criteria)) {
        PyErr_SetString(PyExc_TypeError, "criteria must be a dict");
        goto fail;
    }
    if (criteria != Py_None && !(s->queries = calloc((size_t)s->n, sizeof *s->queries)))
        goto no_memory;
    if (s->counting && !(s->stats = calloc((size_t)s->n, sizeof *s->stats)))
        goto no_memory;
    for (int i = 0; i < s->n; i++) {
        /* Each thread's query compiles the same criteria: a refusal shows on the first. */
        if (s->queries) {
            if (!(s->queries[i] = py_query_new(criteria, icase)))
                goto fail;
        }
        if (s->stats) {
            int rc = pgnkit_stats_new(&s->stats[i], s->report, s->root, s->depth);
            if (rc == PGNKIT_EINVAL) {
                PyErr_Format(PyExc_ValueError,
                             "depth takes a number from 1 to %d, not %d", PGNKIT_STATS_DEPTH_MAX,
                             s->depth);
                goto fail;
            }
            if (rc != PGNKIT_OK)
                goto no_memory;
        }
    }
    return s;
no_memory:
    PyErr_NoMemory();
fail:
    py_select_free(s);
    return NULL;
}

int py_select_game(struct py_select *s, int who, struct pgnkit_game *g)
{
    if (pgnkit_game_flags(g) & PGNKIT_GAME_EMPTY)
        return 0; /* only comments: no game, which the commands neither count nor write */
    if (!s)
        return 1;
    if (s->queries) {
        int rc = pgnkit_query_match(s->queries[who], g);
        if (rc <= 0)
            return rc;
    }
    if (!s->counting)
        return 1;
    int rc = pgnkit_stats_add(s->stats[who], g);
    return rc == PGNKIT_OK ? 0 : rc;
}

PyObject *py_select_stats_json(const struct py_select *s)
{
    if (!s || !s->counting)
        return PyErr_Format(PyExc_ValueError, "the reader counts no stats");
    struct pgnkit_stats *all;
    int rc = pgnkit_stats_new(&all, s->report, s->root, s->depth);
    for (int i = 0; rc == PGNKIT_OK && i < s->n; i++)
        rc = pgnkit_stats_merge(all, s->stats[i]);
    const char *text = "";
    size_t len = 0;
    if (rc == PGNKIT_OK)
        rc = pgnkit_stats_json(all, &text, &len);
    PyObject *out = rc == PGNKIT_OK ? py_text(text, len)
                                    : py_raise_status(rc, pgnkit_status_name(rc));
    pgnkit_stats_free(all);
    return out;
}
