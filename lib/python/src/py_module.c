/* py_module.c - the pgnkit._pgnkit extension module: its functions and its set-up. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"

PyObject *py_text(const char *s, size_t n)
{
    return PyUnicode_DecodeUTF8(s ? s : "", s ? (Py_ssize_t)n : 0, "replace");
}

int py_language(const char *name, int auto_ok)
{
    int id = pgnkit_language_find(name);
    if (id == PGNKIT_LANG_AUTO && auto_ok)
        return id;
    if (id < 0) {
        PyErr_Format(PyExc_ValueError, "unknown notation language '%s'", name);
        return PY_NO_LANGUAGE;
    }
    return id;
}

int py_move_format(const char *name)
{
    static const char *const names[] = { [PGNKIT_SAN] = "san", [PGNKIT_LAN] = "lan",
                                         [PGNKIT_UCI] = "uci" };
    for (int i = 0; i < 3; i++)
        if (!strcmp(name, names[i]))
            return i;
    PyErr_Format(PyExc_ValueError, "unknown move format '%s' (san, lan or uci)", name);
    return PY_FAILED;
}

int py_add_type(PyObject *m, PyTypeObject *type, const char *name)
{
    if (PyType_Ready(type) < 0)
        return PY_FAILED;
    return PyModule_AddObjectRef(m, name, (PyObject *)type);
}

static PyObject *status_name(PyObject *self, PyObject *arg)
{
    (void)self;
    long status = PyLong_AsLong(arg);
    if (status == -1 && PyErr_Occurred())
        return NULL;
    return PyUnicode_FromString(pgnkit_status_name((int)status));
}

static PyObject *languages(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    int n = pgnkit_language_count();
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *s = PyUnicode_FromString(pgnkit_language_name(i));
        if (!s) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, s);
    }
    return list;
}

static PyMethodDef functions[] = {
    { "status_name", status_name, METH_O,
      "status_name(status) -> str\n\nThe library's text for a status (\"illegal move\")." },
    { "languages", languages, METH_NOARGS,
      "languages($module, /)\n--\n\nThe notation languages, English first (\"en\", \"de\", ...)." },
    { "parse_movetext", (PyCFunction)(void (*)(void))py_parse_movetext,
      METH_VARARGS | METH_KEYWORDS,
      "parse_movetext(strings, threads=1) -> list[dict]\n\n"
      "Replays each string of movetext (a PGN game, tags optional) and gives per\n"
      "string a dict: uci, clocks, elapsed, evals, mates (as on a Game), valid, end, and\n"
      "result (the result marker as written, \"\" without one). An empty string is\n"
      "no game: no moves, not valid." },
    { "_stats_merge", py_stats_merge, METH_VARARGS,
      "_stats_merge(texts, report, root, depth) -> str\n\nThe JSON text of the stats aggregates "
      "in texts merged into one\n(use pgnkit.stats_merge)." },
    { "_cut", py_cut, METH_VARARGS,
      "_cut(path, size, pieces) -> list[tuple[int, int, int]]\n\nWhere to cut a plain PGN file "
      "of size bytes into pieces read apart:\n(offset, line, number) of the first game of each "
      "piece after the first\n(use pgnkit.dask.shards)." },
    { NULL, NULL, 0, NULL },
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "pgnkit._pgnkit",
    "The C part of pgnkit: the library's public interface (pgnkit.h) seen from Python.", -1,
    functions, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__pgnkit(void);

PyMODINIT_FUNC PyInit__pgnkit(void)
{
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (py_errors_init(m) < 0 || py_game_types_init(m) < 0 ||
        py_add_type(m, &py_reader_type, "Reader") < 0 ||
        py_add_type(m, &py_position_type, "Position") < 0 ||
        py_add_type(m, &py_database_type, "Database") < 0 || py_stats_reports_init(m) < 0 ||
        PyModule_AddStringConstant(m, "library_version", pgnkit_version_string()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
