/* py_errors.c - pgnkit's statuses as Python exceptions, with the exit codes of its commands. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"

PyObject *py_error;
PyObject *py_read_error;
PyObject *py_move_error;
PyObject *py_fen_error;

static PyObject *new_class(PyObject *m, const char *name, const char *doc, PyObject *bases)
{
    PyObject *cls = PyErr_NewExceptionWithDoc(name, doc, bases, NULL);
    if (cls && PyModule_AddObjectRef(m, strchr(name, '.') + 1, cls) < 0)
        Py_CLEAR(cls);
    return cls;
}

int py_errors_init(PyObject *m)
{
    py_error = new_class(m, "pgnkit.Error",
                         "Base of pgnkit's exceptions; status is the library's status "
                         "(a negative int), exit_code what the pgnkit command exits with.",
                         NULL);
    if (!py_error)
        return PY_FAILED;
    PyObject *bases = Py_BuildValue("(OO)", py_error, PyExc_OSError);
    if (!bases)
        return PY_FAILED;
    py_read_error = new_class(m, "pgnkit.ReadError",
                              "An input could not be opened or read to its end, or is not PGN.",
                              bases);
    Py_DECREF(bases);
    bases = Py_BuildValue("(OO)", py_error, PyExc_ValueError);
    if (!bases || !py_read_error)
        return PY_FAILED;
    py_move_error = new_class(m, "pgnkit.MoveError",
                              "A move that is not legal, is ambiguous or is not a move.", bases);
    py_fen_error = new_class(m, "pgnkit.FenError", "A FEN that is not a valid position.", bases);
    Py_DECREF(bases);
    return py_move_error && py_fen_error ? 0 : -1;
}

int py_exit_code(int status)
{
    switch (status) {
    case PGNKIT_EIO:
    case PGNKIT_EFORMAT:
    case PGNKIT_ENOMEM:
    case PGNKIT_ETOOBIG:
        return 3;
    case PGNKIT_OK:
        return 0;
    default: /* a move, a FEN, an argument: what the commands refuse as usage */
        return 2;
    }
}

PyObject *py_raise(PyObject *type, int status, const char *message)
{
    PyObject *e = PyObject_CallFunction(type, "s", message);
    if (!e)
        return NULL;
    PyObject *st = PyLong_FromLong(status), *code = PyLong_FromLong(py_exit_code(status));
    if (st && code && PyObject_SetAttrString(e, "status", st) == 0 &&
        PyObject_SetAttrString(e, "exit_code", code) == 0)
        PyErr_SetObject(type, e);
    Py_XDECREF(st);
    Py_XDECREF(code);
    Py_DECREF(e);
    return NULL;
}

PyObject *py_raise_status(int status, const char *message)
{
    switch (status) {
    case PGNKIT_ENOMEM:
        return PyErr_NoMemory();
    case PGNKIT_EIO:
    case PGNKIT_EFORMAT:
    case PGNKIT_ETOOBIG:
    case PGNKIT_EENCODING:
        return py_raise(py_read_error, status, message);
    case PGNKIT_EFEN:
        return py_raise(py_fen_error, status, message);
    case PGNKIT_ESYNTAX:
    case PGNKIT_EILLEGAL:
    case PGNKIT_EAMBIGUOUS:
        return py_raise(py_move_error, status, message);
    default:
        return py_raise(py_error, status, message);
    }
}
