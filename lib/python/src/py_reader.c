/* py_reader.c - the iterator behind pgnkit.read(): a path, standard input, bytes or a file descriptor. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <errno.h>
#include <unistd.h>

struct py_reader {
    PyObject_HEAD
    struct pgnkit_reader *r;
    PyObject *data; /* the bytes read from memory, kept alive while r reads them */
    PyObject *name; /* the input's name for messages (str) */
    struct py_pipeline *pipe; /* threads > 1: the threads that read and replay ahead */
    struct py_select *select; /* NULL, or which games Python sees (and the stats counted) */
    struct pgnkit_writer *writer; /* NULL, or the games are given as convert writes them */
    unsigned long long left_out;  /* with writer: the games with errors, which convert leaves out */
};

static void reader_dealloc(PyObject *self)
{
    struct py_reader *o = (struct py_reader *)self;
    py_pipeline_stop(o->pipe); /* first: its threads use r and select */
    py_select_free(o->select);
    pgnkit_writer_free(o->writer);
    pgnkit_reader_free(o->r);
    Py_CLEAR(o->data);
    Py_CLEAR(o->name);
    Py_TYPE(self)->tp_free(self);
}

/* Opens the reader as the kind of source says; with the GIL released, as opening may block. */
static int reader_open(struct py_reader *o, const char *path, int fd, const char *name)
{
    int rc;
    if (o->data) {
        const char *s = PyBytes_AS_STRING(o->data);
        size_t n = (size_t)PyBytes_GET_SIZE(o->data);
        Py_BEGIN_ALLOW_THREADS
        rc = pgnkit_reader_open_memory(&o->r, s, n);
        Py_END_ALLOW_THREADS
        return rc;
    }
    if (fd >= 0) {
        /* The library reads its own duplicate of the descriptor: f is only a handle to it. */
        int mine = dup(fd);
        FILE *f = mine >= 0 ? fdopen(mine, "rb") : NULL;
        if (!f) {
            if (mine >= 0)
                close(mine);
            return PGNKIT_EIO;
        }
        Py_BEGIN_ALLOW_THREADS
        rc = pgnkit_reader_open_file(&o->r, f, name);
        Py_END_ALLOW_THREADS
        fclose(f);
        return rc;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = pgnkit_reader_open(&o->r, path);
    Py_END_ALLOW_THREADS
    return rc;
}

/*
 * _pgnkit.Reader(path=None, data=None, fd=-1, name=None, threads=1,
 * criteria=None, ignore_case=False, stats=None, write=None): exactly one of
 * a path (bytes, "-" for standard input), data (bytes) or a file
 * descriptor; the selection (struct py_select) from criteria and stats;
 * write, a tuple (format, per, lang), gives each game as the str convert
 * writes for it (on one thread: the writer needs the reader's game).
 */
static PyObject *reader_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "path",     "data",        "fd",    "name", "threads",
                              "criteria", "ignore_case", "stats", "write", NULL };
    PyObject *path = Py_None, *data = Py_None, *name = Py_None, *criteria = Py_None,
             *stats = Py_None, *write = Py_None;
    int fd = -1, threads = 1, icase = 0;
    const char *format, *per, *lang;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OSiOiOpOO:Reader", kwlist, &path, &data, &fd,
                                     &name, &threads, &criteria, &icase, &stats, &write))
        return NULL;
    if (threads < 1)
        return PyErr_Format(PyExc_ValueError, "threads must be 1 or more, not %d", threads);
    if (write != Py_None && (threads > 1 || !PyArg_ParseTuple(write, "sss", &format, &per, &lang)))
        return threads > 1 ? PyErr_Format(PyExc_ValueError, "write goes with threads=1") : NULL;
    struct py_reader *o = (struct py_reader *)type->tp_alloc(type, 0);
    if (!o)
        return NULL;
    if (write != Py_None && !(o->writer = py_writer_new(format, per, lang)))
        goto fail;
    if ((criteria != Py_None || stats != Py_None) &&
        !(o->select = py_select_new(criteria, icase, stats, threads > 1 ? threads : 0)))
        goto fail;
    const char *p = NULL, *n = NULL;
    if (path != Py_None && !(p = PyBytes_AsString(path)))
        goto fail;
    if (data != Py_None)
        o->data = Py_NewRef(data);
    if (name != Py_None && !(n = PyUnicode_AsUTF8(name)))
        goto fail;
    o->name = name != Py_None ? Py_NewRef(name) : PyUnicode_DecodeFSDefault(p ? p : "-");
    if (!o->name)
        goto fail;
    errno = 0;
    int rc = reader_open(o, p, fd, n);
    if (rc != PGNKIT_OK) {
        int err = errno;
        PyObject *msg = PyUnicode_FromFormat("cannot open '%U': %s", o->name,
                                             err ? strerror(err) : pgnkit_status_name(rc));
        if (msg) {
            py_raise_status(rc, PyUnicode_AsUTF8(msg));
            Py_DECREF(msg);
        }
        if (err && PyErr_ExceptionMatches(py_read_error)) {
            /* errno as OSError gives it, so that FileNotFoundError's cases can be told apart. */
            PyObject *type_, *value, *tb;
            PyErr_Fetch(&type_, &value, &tb);
            PyErr_NormalizeException(&type_, &value, &tb);
            PyObject *e = PyLong_FromLong(err);
            if (e && value)
                PyObject_SetAttrString(value, "errno", e);
            Py_XDECREF(e);
            PyErr_Restore(type_, value, tb);
        }
        goto fail;
    }
    if (threads > 1 && !(o->pipe = py_pipeline_start(o->r, threads, o->select))) {
        PyErr_NoMemory();
        goto fail;
    }
    return (PyObject *)o;
fail:
    Py_DECREF(o);
    return NULL;
}

/* The error that ended reading, in the command's words. */
static PyObject *read_failed(struct py_reader *o, int rc, const char *why)
{
    PyObject *msg = rc == PGNKIT_EFORMAT
                        ? PyUnicode_FromFormat("%U: %s", o->name, why)
                        : PyUnicode_FromFormat("cannot read '%U' to its end: %s", o->name, why);
    if (msg) {
        py_raise_status(rc, PyUnicode_AsUTF8(msg));
        Py_DECREF(msg);
    }
    return NULL;
}

static PyObject *reader_next(PyObject *self)
{
    struct py_reader *o = (struct py_reader *)self;
    struct pgnkit_game *g = NULL;
    int rc;
    if (!o->r)
        return NULL;
    if (o->pipe) {
        PyObject *game;
        const char *why;
        rc = py_pipeline_next(o->pipe, &game, &why);
        return rc == 1 ? game : rc == 0 ? NULL : read_failed(o, rc, why);
    }
    for (;;) {
        Py_BEGIN_ALLOW_THREADS
        while ((rc = pgnkit_reader_next(o->r, &g)) == 1) {
            int keep = py_select_game(o->select, 0, g);
            if (keep < 0)
                rc = keep;
            if (keep != 0)
                break;
        }
        if (rc == 1 && !o->writer)
            py_game_prepare(g);
        Py_END_ALLOW_THREADS
        if (rc != 1 || !o->writer)
            break;
        PyObject *text;
        int written = py_write_game(o->writer, g, &text);
        if (written == PY_WRITTEN || written == PY_FAILED)
            return text; /* NULL with the exception when writing failed */
        o->left_out += written == PY_LEFT_OUT;
    }
    if (rc == 1)
        return py_game_new(g, NULL);
    if (rc == 0)
        return NULL; /* StopIteration */
    if (rc == PGNKIT_ENOMEM)
        return PyErr_NoMemory();
    return read_failed(o, rc, pgnkit_reader_error(o->r));
}

static PyObject *reader_stats_json(PyObject *self, PyObject *unused)
{
    (void)unused;
    return py_select_stats_json(((struct py_reader *)self)->select);
}

static PyObject *reader_left_out(PyObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromUnsignedLongLong(((struct py_reader *)self)->left_out);
}

static PyGetSetDef reader_getset[] = {
    { "left_out", reader_left_out, NULL,
      "Reader(write=...): the games with errors so far, which convert leaves out", NULL },
    { NULL, NULL, NULL, NULL, NULL },
};

static PyMethodDef reader_methods[] = {
    { "stats_json", reader_stats_json, METH_NOARGS,
      "stats_json($self, /)\n--\n\nThe JSON text of the stats counted so far (Reader(stats=...))." },
    { NULL, NULL, 0, NULL },
};

PyTypeObject py_reader_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pgnkit._pgnkit.Reader",
    .tp_basicsize = sizeof(struct py_reader),
    .tp_dealloc = reader_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Reader(path=None, data=None, fd=-1, name=None, threads=1): the games of one input,\n"
              "in order (threads > 1: read by one thread and replayed by threads more).\n"
              "Use pgnkit.read(), which chooses the arguments from what it is given.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = reader_next,
    .tp_methods = reader_methods,
    .tp_getset = reader_getset,
    .tp_new = reader_new,
};
