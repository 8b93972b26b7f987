/* py_movetext.c - pgnkit.parse_movetext(): a column of movetext strings replayed on N threads. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <pthread.h>
#include <stdlib.h>

/*
 * The strings are read with the GIL held (their UTF-8 stays valid while the
 * list holds them), replayed with it released, each thread taking every
 * N-th string into plain C records, and the records become dicts with the
 * GIL again. Each string is a game of its own, so order is the input's.
 */
struct mt_ply {
    char uci[8];         /* "" past the replayed plies */
    int has_clock, has_took, has_eval;
    int64_t clock_ms, took_ms;
    int cp, mate;
};

struct mt_record {
    const char *text;
    size_t len;
    int status;          /* PGNKIT_OK, or what stopped the read (PGNKIT_ENOMEM, ...) */
    size_t plies;        /* replayed */
    size_t written;      /* main-line moves as written */
    struct mt_ply *ply;  /* max(plies, written) of them */
    int valid;
    const char *end, *result; /* static strings of the library */
};

struct mt_job {
    struct mt_record *rec;
    size_t n, first, step;
};

static int fill_record(struct mt_record *rec, struct pgnkit_game *g)
{
    rec->plies = pgnkit_game_ply_count(g);
    rec->written = pgnkit_game_line_length(g, 0);
    size_t n = rec->plies > rec->written ? rec->plies : rec->written;
    rec->ply = calloc(n ? n : 1, sizeof *rec->ply);
    if (!rec->ply)
        return PGNKIT_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        struct mt_ply *p = &rec->ply[i];
        if (i < rec->plies)
            pgnkit_game_move(g, i + 1, PGNKIT_UCI, 0, p->uci, sizeof p->uci);
        p->has_clock = pgnkit_game_clock(g, i + 1, &p->clock_ms);
        p->has_took = pgnkit_game_elapsed(g, i + 1, &p->took_ms);
        p->has_eval = pgnkit_game_eval(g, i + 1, &p->cp, &p->mate);
    }
    rec->valid = pgnkit_game_is_valid(g);
    rec->end = pgnkit_game_end(g);
    rec->result = pgnkit_game_result(g);
    return PGNKIT_OK;
}

static void read_record(struct mt_record *rec)
{
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    rec->end = rec->result = "";
    rec->status = pgnkit_reader_open_memory(&r, rec->text, rec->len);
    if (rec->status != PGNKIT_OK)
        return;
    /* 0 (an empty string: no game) leaves the record without moves and not valid. */
    int rc = pgnkit_reader_next(r, &g);
    if (rc == 1)
        rec->status = fill_record(rec, g);
    else if (rc < 0)
        rec->status = rc;
    pgnkit_reader_free(r);
}

static void *mt_worker(void *arg)
{
    struct mt_job *job = arg;
    for (size_t i = job->first; i < job->n; i += job->step)
        read_record(&job->rec[i]);
    return NULL;
}

/* Runs the records on threads threads (the calling one among them). */
static void run_threads(struct mt_record *rec, size_t n, int threads)
{
    struct mt_job jobs[64];
    pthread_t tid[64];
    int started = 0;
    if (threads > 64)
        threads = 64;
    for (int t = 0; t < threads; t++)
        jobs[t] = (struct mt_job){ rec, n, (size_t)t, (size_t)threads };
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[t], NULL, mt_worker, &jobs[t]) != 0)
            break;
        started = t;
    }
    /* Jobs whose thread could not start are run here, after the own one. */
    mt_worker(&jobs[0]);
    for (int t = started + 1; t < threads; t++)
        mt_worker(&jobs[t]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
}

static PyObject *none_or(int has, PyObject *value)
{
    return has ? value : Py_NewRef(Py_None);
}

static int set_item(PyObject *d, const char *key, PyObject *value)
{
    if (!value)
        return PY_FAILED;
    int rc = PyDict_SetItemString(d, key, value);
    Py_DECREF(value);
    return rc;
}

static PyObject *record_dict(const struct mt_record *rec)
{
    if (rec->status != PGNKIT_OK)
        return py_raise_status(rec->status, pgnkit_status_name(rec->status));
    PyObject *d = PyDict_New();
    PyObject *uci = PyList_New((Py_ssize_t)rec->plies), *clocks = PyList_New(0);
    PyObject *elapsed = PyList_New(0), *evals = PyList_New(0), *mates = PyList_New(0);
    int bad = !d || !uci || !clocks || !elapsed || !evals || !mates;
    for (size_t i = 0; !bad && i < rec->plies; i++) {
        PyObject *s = PyUnicode_FromString(rec->ply[i].uci);
        bad = !s;
        if (s)
            PyList_SET_ITEM(uci, (Py_ssize_t)i, s);
    }
    for (size_t i = 0; !bad && i < rec->written; i++) {
        const struct mt_ply *p = &rec->ply[i];
        PyObject *c = none_or(p->has_clock, PyFloat_FromDouble((double)p->clock_ms / 1000));
        PyObject *t = none_or(p->has_took, PyFloat_FromDouble((double)p->took_ms / 1000));
        PyObject *e = none_or(p->has_eval && !p->mate, PyLong_FromLong(p->cp));
        PyObject *m = none_or(p->has_eval && p->mate, PyLong_FromLong(p->mate));
        bad = !c || !t || !e || !m || PyList_Append(clocks, c) || PyList_Append(elapsed, t) ||
              PyList_Append(evals, e) || PyList_Append(mates, m);
        Py_XDECREF(c);
        Py_XDECREF(t);
        Py_XDECREF(e);
        Py_XDECREF(m);
    }
    if (bad || set_item(d, "uci", Py_NewRef(uci)) || set_item(d, "clocks", Py_NewRef(clocks)) ||
        set_item(d, "elapsed", Py_NewRef(elapsed)) ||
        set_item(d, "evals", Py_NewRef(evals)) || set_item(d, "mates", Py_NewRef(mates)) ||
        set_item(d, "valid", PyBool_FromLong(rec->valid)) ||
        set_item(d, "end", PyUnicode_FromString(rec->end)) ||
        set_item(d, "result", PyUnicode_FromString(rec->result)))
        Py_CLEAR(d);
    Py_XDECREF(uci);
    Py_XDECREF(clocks);
    Py_XDECREF(elapsed);
    Py_XDECREF(evals);
    Py_XDECREF(mates);
    return d;
}

/* Points rec at the UTF-8 of each item (str or bytes). Returns -1 with TypeError set. */
static int gather(PyObject *seq, struct mt_record *rec, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, (Py_ssize_t)i);
        Py_ssize_t len;
        if (PyUnicode_Check(item)) {
            rec[i].text = PyUnicode_AsUTF8AndSize(item, &len);
            if (!rec[i].text)
                return PY_FAILED;
        } else if (PyBytes_Check(item)) {
            rec[i].text = PyBytes_AS_STRING(item);
            len = PyBytes_GET_SIZE(item);
        } else {
            PyErr_Format(PyExc_TypeError, "parse_movetext: item %zu is %s, not str or bytes", i,
                         Py_TYPE(item)->tp_name);
            return PY_FAILED;
        }
        rec[i].len = (size_t)len;
    }
    return 0;
}

PyObject *py_parse_movetext(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "strings", "threads", NULL };
    PyObject *strings;
    int threads = 1;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|i:parse_movetext", kwlist, &strings, &threads))
        return NULL;
    if (threads < 1)
        return PyErr_Format(PyExc_ValueError, "threads must be 1 or more, not %d", threads);
    PyObject *seq = PySequence_Fast(strings, "parse_movetext: strings must be a sequence");
    if (!seq)
        return NULL;
    size_t n = (size_t)PySequence_Fast_GET_SIZE(seq);
    struct mt_record *rec = calloc(n ? n : 1, sizeof *rec);
    PyObject *out = NULL;
    if (!rec) {
        PyErr_NoMemory();
    } else if (gather(seq, rec, n) == 0) {
        Py_BEGIN_ALLOW_THREADS
        run_threads(rec, n, threads);
        Py_END_ALLOW_THREADS
        out = PyList_New((Py_ssize_t)n);
        for (size_t i = 0; out && i < n; i++) {
            PyObject *d = record_dict(&rec[i]);
            if (!d)
                Py_CLEAR(out);
            else
                PyList_SET_ITEM(out, (Py_ssize_t)i, d);
        }
    }
    for (size_t i = 0; rec && i < n; i++)
        free(rec[i].ply);
    free(rec);
    Py_DECREF(seq);
    return out;
}
