/* py_stats.c - the stats reports by name, and aggregates merged from their JSON (pgnkit.stats_merge). */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"

/* The reports as pgnkit-stats(1) names them in its JSON ("report"). */
static const char *const report_names[] = {
    [PGNKIT_STATS_SUMMARY] = "summary",
    [PGNKIT_STATS_OPENINGS] = "openings",
    [PGNKIT_STATS_TREE] = "tree",
    [PGNKIT_STATS_PLAYERS] = "players",
    [PGNKIT_STATS_CLOCK] = "clock",
};

int py_stats_reports_init(PyObject *m)
{
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < sizeof report_names / sizeof *report_names; i++) {
        PyObject *v = PyLong_FromSize_t(i);
        if (!v || PyDict_SetItemString(d, report_names[i], v) < 0)
            Py_CLEAR(d);
        Py_XDECREF(v);
    }
    int rc = d ? PyModule_AddObjectRef(m, "STATS_REPORTS", d) : PY_FAILED;
    Py_XDECREF(d);
    return rc;
}

/*
 * _stats_merge(texts, report, root, depth) -> str: the JSON text of the
 * aggregates in texts (a sequence of str) added into one new aggregate of
 * report (root a Position or None, depth: those of a tree).
 */
PyObject *py_stats_merge(PyObject *self, PyObject *args)
{
    PyObject *texts, *root;
    int report, depth;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiOi:_stats_merge", &texts, &report, &root, &depth))
        return NULL;
    if (root != Py_None && !PyObject_TypeCheck(root, &py_position_type))
        return PyErr_Format(PyExc_TypeError, "the tree root must be a Position");
    PyObject *seq = PySequence_Fast(texts, "texts must be a sequence of str");
    if (!seq)
        return NULL;
    struct pgnkit_stats *all;
    int rc = pgnkit_stats_new(&all, report, root == Py_None ? NULL : py_position_of(root), depth);
    char why[512] = "";
    for (Py_ssize_t i = 0; rc == PGNKIT_OK && i < PySequence_Fast_GET_SIZE(seq); i++) {
        Py_ssize_t n;
        const char *text = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(seq, i), &n);
        if (!text) {
            rc = PY_FAILED;
            break;
        }
        rc = pgnkit_stats_merge_json(all, text, (size_t)n, why, sizeof why);
    }
    const char *out = "";
    size_t len = 0;
    if (rc == PGNKIT_OK)
        rc = pgnkit_stats_json(all, &out, &len);
    PyObject *result = rc == PGNKIT_OK ? py_text(out, len)
                       : rc == PY_FAILED ? NULL
                       : rc == PGNKIT_ENOMEM ? PyErr_NoMemory()
                                             : py_raise(py_error, rc, *why ? why : pgnkit_status_name(rc));
    pgnkit_stats_free(all);
    Py_DECREF(seq);
    return result;
}
