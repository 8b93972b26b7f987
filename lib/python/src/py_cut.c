/* py_cut.c - where an input may be cut so that each piece is read on its own: pipeline copies, shards. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <stdlib.h>

int py_game_stands_alone(struct pgnkit_game *g, int *line_start)
{
    size_t len;
    const char *raw = pgnkit_game_raw(g, &len);
    int starts_line = pgnkit_game_offset(g, NULL) == 0 || *line_start;
    *line_start = raw && len && (raw[len - 1] == '\n' || raw[len - 1] == '\r');
    return raw && pgnkit_game_line(g) && starts_line &&
           !(pgnkit_game_flags(g) & PGNKIT_GAME_INPUT_BROKEN);
}

/* One cut: where a piece starts, and the line and number of its first game there. */
struct cut {
    uint64_t offset, line, number;
};

/*
 * Reads path (without replaying) and cuts it before the first game that
 * stands alone at or after each of pieces - 1 evenly spaced offsets of
 * size bytes. Returns how many cuts it made into cuts (room for pieces - 1),
 * or a negative status when path cannot be opened.
 */
static int find_cuts(const char *path, uint64_t size, int pieces, struct cut *cuts)
{
    struct pgnkit_reader *r;
    int rc = pgnkit_reader_open(&r, path);
    if (rc != PGNKIT_OK)
        return rc;
    struct pgnkit_game *g;
    int n = 0, line_start = 1;
    /* A damaged input ends the cuts: the piece after the last holds the damage, as read whole. */
    while (n < pieces - 1 && pgnkit_reader_next(r, &g) == 1) {
        uint64_t at = pgnkit_game_offset(g, NULL);
        int alone = py_game_stands_alone(g, &line_start);
        if (at == 0 || !alone || at < size / (uint64_t)pieces * (uint64_t)(n + 1))
            continue;
        cuts[n++] = (struct cut){ at, pgnkit_game_line(g), pgnkit_game_number(g) };
    }
    pgnkit_reader_free(r);
    return n;
}

/*
 * _cut(path, size, pieces) -> list[(offset, line, number)]: the cuts of
 * find_cuts() in order, each where a piece starts.
 */
PyObject *py_cut(PyObject *self, PyObject *args)
{
    PyObject *path;
    unsigned long long size;
    int pieces, n;
    (void)self;
    if (!PyArg_ParseTuple(args, "O&Ki:_cut", PyUnicode_FSConverter, &path, &size, &pieces))
        return NULL;
    if (pieces < 1) {
        Py_DECREF(path);
        return PyErr_Format(PyExc_ValueError, "pieces must be 1 or more, not %d", pieces);
    }
    struct cut *cuts = calloc((size_t)pieces, sizeof *cuts);
    if (!cuts) {
        Py_DECREF(path);
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    n = find_cuts(PyBytes_AS_STRING(path), size, pieces, cuts);
    Py_END_ALLOW_THREADS
    PyObject *list = n < 0 ? PyErr_Format(py_read_error, "cannot open '%s': %s",
                                          PyBytes_AS_STRING(path), pgnkit_status_name(n))
                           : PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *t = Py_BuildValue("(KKK)", (unsigned long long)cuts[i].offset,
                                    (unsigned long long)cuts[i].line,
                                    (unsigned long long)cuts[i].number);
        if (!t)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, t);
    }
    free(cuts);
    Py_DECREF(path);
    return list;
}
