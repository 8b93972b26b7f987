/* py_position.c - pgnkit.Position: a chess position, its legal moves, moves read and written. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"

struct py_position {
    PyObject_HEAD
    struct pgnkit_position *p;
};

static void position_dealloc(PyObject *self)
{
    pgnkit_position_free(((struct py_position *)self)->p);
    Py_TYPE(self)->tp_free(self);
}

static struct pgnkit_position *pos_of(PyObject *self)
{
    return ((struct py_position *)self)->p;
}

const struct pgnkit_position *py_position_of(PyObject *o)
{
    return pos_of(o);
}

static PyObject *position_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "fen", NULL };
    const char *fen = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|z:Position", kwlist, &fen))
        return NULL;
    struct py_position *o = (struct py_position *)type->tp_alloc(type, 0);
    if (!o)
        return NULL;
    int rc = pgnkit_position_new(&o->p);
    if (rc != PGNKIT_OK) {
        Py_DECREF(o);
        return py_raise_status(rc, pgnkit_status_name(rc));
    }
    char why[160];
    if (fen && pgnkit_position_set_fen(o->p, fen, why, sizeof why) != PGNKIT_OK) {
        Py_DECREF(o);
        PyObject *msg = PyUnicode_FromFormat("invalid FEN '%s': %s", fen, why);
        if (msg) {
            py_raise(py_fen_error, PGNKIT_EFEN, PyUnicode_AsUTF8(msg));
            Py_DECREF(msg);
        }
        return NULL;
    }
    return (PyObject *)o;
}

/*
 * Reads text as a legal move of p: UCI first (which no SAN spells), then SAN
 * or LAN in language lang. uci_only/san_only narrow it. Returns 0 and *m,
 * or -1 with MoveError set, its message in the words of the commands.
 */
enum { READ_ANY, READ_UCI, READ_SAN };

static int read_move(const struct pgnkit_position *p, const char *text, int lang, int how,
                     pgnkit_move *m)
{
    char why[160] = "";
    if (how != READ_SAN && pgnkit_position_parse_uci(p, text, m) == PGNKIT_OK)
        return 0;
    int rc = PGNKIT_EILLEGAL;
    if (how != READ_UCI) {
        rc = pgnkit_position_parse_move(p, text, lang, m, why, sizeof why);
        if (rc == PGNKIT_OK)
            return 0;
    }
    PyObject *msg = *why ? PyUnicode_FromFormat("%s: '%s': %s", pgnkit_status_name(rc), text, why)
                         : PyUnicode_FromFormat("%s: '%s'", pgnkit_status_name(rc), text);
    if (msg) {
        py_raise(py_move_error, rc, PyUnicode_AsUTF8(msg));
        Py_DECREF(msg);
    }
    return PY_FAILED;
}

static PyObject *move_text(const struct pgnkit_position *p, pgnkit_move m, int format, int lang)
{
    char text[PGNKIT_MOVE_TEXT_MAX];
    size_t n = pgnkit_position_write_move(p, m, format, lang, text, sizeof text);
    return PyUnicode_FromStringAndSize(text, (Py_ssize_t)n);
}

static PyObject *push_as(PyObject *self, PyObject *args, PyObject *kw, int how)
{
    static char *kwlist[] = { "move", "lang", NULL };
    const char *text, *lang_name = "auto";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|s", kwlist, &text, &lang_name))
        return NULL;
    int lang = py_language(lang_name, 1);
    pgnkit_move m;
    if (lang < -1 || read_move(pos_of(self), text, lang, how, &m) < 0)
        return NULL;
    /* The SAN is written before the move is played: it is the move's text in this position. */
    PyObject *san = move_text(pos_of(self), m, PGNKIT_SAN, 0);
    if (san && pgnkit_position_play(pos_of(self), m) != PGNKIT_OK)
        Py_CLEAR(san);
    return san;
}

static PyObject *position_push(PyObject *self, PyObject *args, PyObject *kw)
{
    return push_as(self, args, kw, READ_ANY);
}

static PyObject *position_push_san(PyObject *self, PyObject *args, PyObject *kw)
{
    return push_as(self, args, kw, READ_SAN);
}

static PyObject *position_push_uci(PyObject *self, PyObject *args, PyObject *kw)
{
    return push_as(self, args, kw, READ_UCI);
}

static PyObject *position_write(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "move", "format", "lang", NULL };
    const char *text, *fmt_name = "san", *lang_name = "en";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s|ss:write", kwlist, &text, &fmt_name,
                                     &lang_name))
        return NULL;
    int format = py_move_format(fmt_name), lang = format < 0 ? 0 : py_language(lang_name, 0);
    pgnkit_move m;
    if (format < 0 || lang < 0 || read_move(pos_of(self), text, PGNKIT_LANG_AUTO, READ_ANY, &m) < 0)
        return NULL;
    return move_text(pos_of(self), m, format, lang);
}

static PyObject *position_legal_moves(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "format", "lang", NULL };
    const char *fmt_name = "uci", *lang_name = "en";
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|ss:legal_moves", kwlist, &fmt_name, &lang_name))
        return NULL;
    int format = py_move_format(fmt_name), lang = format < 0 ? 0 : py_language(lang_name, 0);
    if (format < 0 || lang < 0)
        return NULL;
    pgnkit_move moves[PGNKIT_MAX_MOVES];
    size_t n = pgnkit_position_legal_moves(pos_of(self), moves);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *s = move_text(pos_of(self), moves[i], format, lang);
        if (!s)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

static PyObject *position_fen(PyObject *self, PyObject *unused)
{
    (void)unused;
    char fen[PGNKIT_FEN_MAX];
    size_t n = pgnkit_position_fen(pos_of(self), fen, sizeof fen);
    return PyUnicode_FromStringAndSize(fen, (Py_ssize_t)n);
}

static PyObject *position_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    struct py_position *o = PyObject_New(struct py_position, Py_TYPE(self));
    if (!o)
        return NULL;
    int rc = pgnkit_position_copy(&o->p, pos_of(self));
    if (rc != PGNKIT_OK) {
        o->p = NULL;
        Py_DECREF(o);
        return py_raise_status(rc, pgnkit_status_name(rc));
    }
    return (PyObject *)o;
}

static PyObject *position_repr(PyObject *self)
{
    char fen[PGNKIT_FEN_MAX];
    pgnkit_position_fen(pos_of(self), fen, sizeof fen);
    return PyUnicode_FromFormat("pgnkit.Position('%s')", fen);
}

static PyObject *state_bit(PyObject *self, void *bit)
{
    return PyBool_FromLong((pgnkit_position_state(pos_of(self)) & (unsigned)(uintptr_t)bit) != 0);
}

static PyObject *position_key(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromUnsignedLongLong(pgnkit_position_key(pos_of(self)));
}

static PyObject *position_turn(PyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(pgnkit_position_side(pos_of(self)) ? "black" : "white");
}

static PyGetSetDef position_getset[] = {
    { "key", position_key, NULL, "the Polyglot key (the start position's is 0x463b96181691fc9c)", NULL },
    { "turn", position_turn, NULL, "\"white\" or \"black\": the side to move", NULL },
    { "is_check", state_bit, NULL, "the side to move is in check", (void *)PGNKIT_CHECK },
    { "is_checkmate", state_bit, NULL, "the side to move is mated", (void *)PGNKIT_CHECKMATE },
    { "is_stalemate", state_bit, NULL, "not in check and no legal move", (void *)PGNKIT_STALEMATE },
    { "is_dead", state_bit, NULL, "no sequence of legal moves can mate (FIDE 5.2.2)",
      (void *)PGNKIT_DEAD },
    { NULL, NULL, NULL, NULL, NULL },
};

#define KW METH_VARARGS | METH_KEYWORDS
#define FN(f) (PyCFunction)(void (*)(void))(f)
static PyMethodDef position_methods[] = {
    { "fen", position_fen, METH_NOARGS, "fen($self, /)\n--\n\nThe FEN of the position." },
    { "copy", position_copy, METH_NOARGS, "copy($self, /)\n--\n\nA copy of the position." },
    { "legal_moves", FN(position_legal_moves), KW,
      "legal_moves(format='uci', lang='en') -> list[str]\n\n"
      "Every legal move, written in format ('san', 'lan' or 'uci') and language lang." },
    { "push", FN(position_push), KW,
      "push(move, lang='auto') -> str\n\nPlays move, given in UCI, SAN or LAN of any "
      "language (or lang); returns its SAN.\nRaises MoveError when it is not a legal move." },
    { "push_san", FN(position_push_san), KW,
      "push_san(move, lang='auto') -> str\n\nAs push(), taking SAN or LAN only." },
    { "push_uci", FN(position_push_uci), KW,
      "push_uci(move) -> str\n\nAs push(), taking UCI only." },
    { "write", FN(position_write), KW,
      "write(move, format='san', lang='en') -> str\n\nThe legal move given as text (UCI, SAN "
      "or LAN, any language)\nwritten in format ('san', 'lan' or 'uci') and language lang." },
    { NULL, NULL, 0, NULL },
};

PyTypeObject py_position_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pgnkit.Position",
    .tp_basicsize = sizeof(struct py_position),
    .tp_dealloc = position_dealloc,
    .tp_repr = position_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Position(fen=None): a chess position, the start position without fen.\n"
              "Raises FenError for a FEN that is not a valid position.",
    .tp_methods = position_methods,
    .tp_getset = position_getset,
    .tp_new = position_new,
};
