/* py_database.c - pgnkit.Database: a database `pgnkit index` built, read through pgnkit_db.h. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <stdlib.h>

struct py_database {
    PyObject_HEAD
    struct pgnkit_db *db;
};

static void database_dealloc(PyObject *self)
{
    pgnkit_db_free(((struct py_database *)self)->db);
    Py_TYPE(self)->tp_free(self);
}

static struct pgnkit_db *db_of(PyObject *self)
{
    struct pgnkit_db *db = ((struct py_database *)self)->db;
    if (!db)
        PyErr_SetString(PyExc_ValueError, "the database is closed");
    return db;
}

/* Raises the database's own message for rc. */
static PyObject *db_failed(struct pgnkit_db *db, int rc)
{
    const char *why = db ? pgnkit_db_error(db) : "";
    return py_raise_status(rc, *why ? why : pgnkit_status_name(rc));
}

static PyObject *database_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "path", NULL };
    PyObject *path;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O&:Database", kwlist, PyUnicode_FSConverter,
                                     &path))
        return NULL;
    struct py_database *o = (struct py_database *)type->tp_alloc(type, 0);
    int rc = PGNKIT_ENOMEM;
    if (o) {
        Py_BEGIN_ALLOW_THREADS
        rc = pgnkit_db_open(&o->db, PyBytes_AS_STRING(path));
        Py_END_ALLOW_THREADS
    }
    if (o && rc != PGNKIT_OK) {
        PyObject *msg = PyUnicode_FromFormat("cannot open database '%s': %s",
                                             PyBytes_AS_STRING(path), pgnkit_status_name(rc));
        if (msg) {
            py_raise_status(rc, PyUnicode_AsUTF8(msg));
            Py_DECREF(msg);
        }
        Py_CLEAR(o);
    }
    Py_DECREF(path);
    return (PyObject *)o;
}

static Py_ssize_t database_len(PyObject *self)
{
    struct pgnkit_db *db = db_of(self);
    uint64_t n = 0;
    if (!db)
        return PY_FAILED;
    int rc = pgnkit_db_game_count(db, &n);
    if (rc != PGNKIT_OK) {
        db_failed(db, rc);
        return PY_FAILED;
    }
    return (Py_ssize_t)n;
}

/* The query of a method's keyword criteria, ignore_case=True being search -i. */
static struct pgnkit_query *query_of(PyObject *args, PyObject *kw, const char *format)
{
    if (!PyArg_ParseTuple(args, format))
        return NULL;
    PyObject *icase = kw ? PyDict_GetItemString(kw, "ignore_case") : NULL;
    PyObject *rest = kw ? PyDict_Copy(kw) : NULL;
    if (rest && icase)
        PyDict_DelItemString(rest, "ignore_case");
    struct pgnkit_query *q = py_query_new(rest, icase && PyObject_IsTrue(icase));
    Py_XDECREF(rest);
    return q;
}

static PyObject *database_count(PyObject *self, PyObject *args, PyObject *kw)
{
    struct pgnkit_db *db = db_of(self);
    struct pgnkit_query *q = db ? query_of(args, kw, ":count") : NULL;
    if (!q)
        return NULL;
    uint64_t n = 0;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = pgnkit_db_count(db, q, &n);
    Py_END_ALLOW_THREADS
    pgnkit_query_free(q);
    return rc == PGNKIT_OK ? PyLong_FromUnsignedLongLong(n) : db_failed(db, rc);
}

/* The numbers pgnkit_db_find() tells, gathered without the GIL into a growing array. */
struct found {
    uint64_t *numbers;
    size_t n, cap;
    int failed;
};

static int found_one(void *ctx, uint64_t number)
{
    struct found *f = ctx;
    if (f->n == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 256;
        uint64_t *more = realloc(f->numbers, cap * sizeof *more);
        if (!more)
            return f->failed = 1;
        f->numbers = more;
        f->cap = cap;
    }
    f->numbers[f->n++] = number;
    return 0;
}

static PyObject *database_find(PyObject *self, PyObject *args, PyObject *kw)
{
    struct pgnkit_db *db = db_of(self);
    struct pgnkit_query *q = db ? query_of(args, kw, ":find") : NULL;
    if (!q)
        return NULL;
    struct found f = { 0 };
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = pgnkit_db_find(db, q, found_one, &f);
    Py_END_ALLOW_THREADS
    pgnkit_query_free(q);
    PyObject *list = f.failed ? PyErr_NoMemory() : rc != PGNKIT_OK ? db_failed(db, rc)
                                                                   : PyList_New((Py_ssize_t)f.n);
    for (size_t i = 0; list && i < f.n; i++) {
        PyObject *n = PyLong_FromUnsignedLongLong(f.numbers[i]);
        if (!n)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, n);
    }
    free(f.numbers);
    return list;
}

static PyObject *database_game(PyObject *self, PyObject *arg)
{
    struct pgnkit_db *db = db_of(self);
    unsigned long long number = PyLong_AsUnsignedLongLong(arg);
    if (!db || PyErr_Occurred())
        return NULL;
    const char *text;
    size_t len;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = pgnkit_db_game_pgn(db, number, &text, &len);
    Py_END_ALLOW_THREADS
    if (rc == PGNKIT_EINVAL)
        return PyErr_Format(PyExc_IndexError, "no game %llu in the database", number);
    return rc == PGNKIT_OK ? PyBytes_FromStringAndSize(text, (Py_ssize_t)len) : db_failed(db, rc);
}

static PyObject *tree_move(const struct pgnkit_position *root, const struct pgnkit_tree_move *m)
{
    char san[PGNKIT_MOVE_TEXT_MAX], uci[PGNKIT_MOVE_TEXT_MAX];
    size_t ns = pgnkit_position_write_move(root, m->move, PGNKIT_SAN, 0, san, sizeof san);
    size_t nu = pgnkit_position_write_move(root, m->move, PGNKIT_UCI, 0, uci, sizeof uci);
    return Py_BuildValue("{s:s#,s:s#,s:K,s:K,s:K,s:K}", "san", san, (Py_ssize_t)ns, "uci", uci,
                         (Py_ssize_t)nu, "games", (unsigned long long)m->games, "white_wins",
                         (unsigned long long)m->white_wins, "draws", (unsigned long long)m->draws,
                         "black_wins", (unsigned long long)m->black_wins);
}

static PyObject *database_tree(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "position", NULL };
    PyObject *root = Py_None;
    struct pgnkit_db *db = db_of(self);
    if (!db || !PyArg_ParseTupleAndKeywords(args, kw, "|O:tree", kwlist, &root))
        return NULL;
    /* A FEN, a Position, or None for the start position: made a Position in every case. */
    PyObject *pos = PyObject_IsInstance(root, (PyObject *)&py_position_type) == 1
                        ? Py_NewRef(root)
                        : root == Py_None ? PyObject_CallNoArgs((PyObject *)&py_position_type)
                                          : PyObject_CallOneArg((PyObject *)&py_position_type, root);
    if (!pos)
        return NULL;
    const struct pgnkit_position *p = py_position_of(pos);
    const struct pgnkit_tree_move *moves;
    struct pgnkit_tree_total total;
    size_t n = 0;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = pgnkit_db_tree(db, p, &moves, &n, &total);
    Py_END_ALLOW_THREADS
    PyObject *out = NULL, *list = rc == PGNKIT_OK ? PyList_New(0) : db_failed(db, rc);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *m = tree_move(p, &moves[i]);
        if (!m || PyList_Append(list, m) < 0)
            Py_CLEAR(list);
        Py_XDECREF(m);
    }
    if (list)
        out = Py_BuildValue("{s:N,s:{s:K,s:K,s:K,s:K,s:K}}", "moves", list, "total", "games",
                            (unsigned long long)total.games, "reached",
                            (unsigned long long)total.reached, "white_wins",
                            (unsigned long long)total.white_wins, "draws",
                            (unsigned long long)total.draws, "black_wins",
                            (unsigned long long)total.black_wins);
    Py_DECREF(pos);
    return out;
}

static PyObject *database_close(PyObject *self, PyObject *unused)
{
    struct py_database *o = (struct py_database *)self;
    (void)unused;
    pgnkit_db_free(o->db);
    o->db = NULL;
    Py_RETURN_NONE;
}

static PyObject *database_enter(PyObject *self, PyObject *unused)
{
    (void)unused;
    return Py_NewRef(self);
}

static PyObject *database_exit(PyObject *self, PyObject *args)
{
    (void)args;
    return database_close(self, NULL);
}

#define KW METH_VARARGS | METH_KEYWORDS
#define FN(f) (PyCFunction)(void (*)(void))(f)
static PyMethodDef database_methods[] = {
    { "count", FN(database_count), KW,
      "count(**criteria) -> int\n\nThe games that meet every criterion, named as the long "
      "options of\npgnkit-search(1) with '_' for '-' (white='Carlsen', plies_min=80,\n"
      "checkmate=True, where='white_elo > 2700'); ignore_case=True is search -i.\n"
      "Without criteria, every game." },
    { "find", FN(database_find), KW,
      "find(**criteria) -> list[int]\n\nThe numbers (as game() takes them) of the games that meet "
      "every\ncriterion, in input order: the games `pgnkit search` writes. Criteria as\nfor count()." },
    { "game", database_game, METH_O,
      "game(number) -> bytes\n\nGame number (1-based) byte for byte as it stands in its source." },
    { "tree", FN(database_tree), KW,
      "tree(position=None) -> dict\n\nThe opening tree at position (a Position or a FEN; None: "
      "the start),\nas the tree report of pgnkit stats counts it: {'moves': [{'san', 'uci', 'games',\n"
      "'white_wins', 'draws', 'black_wins'}, ...], 'total': {...}}, most played first." },
    { "close", database_close, METH_NOARGS, "close($self, /)\n--\n\nCloses the database." },
    { "__enter__", database_enter, METH_NOARGS, NULL },
    { "__exit__", database_exit, METH_VARARGS, NULL },
    { NULL, NULL, 0, NULL },
};

static PySequenceMethods database_sequence = { .sq_length = database_len };

PyTypeObject py_database_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pgnkit.Database",
    .tp_basicsize = sizeof(struct py_database),
    .tp_dealloc = database_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Database(path): a database built by `pgnkit index`, opened read-only.\n"
              "len(db) is its number of games.",
    .tp_as_sequence = &database_sequence,
    .tp_methods = database_methods,
    .tp_new = database_new,
};
