/* py_game.c - pgnkit.Game: one game read, copied out of the reader into Python objects. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"
#include <structmember.h>

/*
 * A Game owns plain Python objects only: the reader's game is reused by the
 * next read, so everything is copied out while it is valid. fens() is the
 * exception that is made on demand: it reads the game's own text again.
 */
struct py_game {
    PyObject_HEAD
    PyObject *tags, *result, *moves, *uci, *clocks, *elapsed, *evals, *mates, *comments;
    PyObject *start_comments, *nags, *variations, *diagnostics, *valid, *end;
    PyObject *source, *raw, *number, *line;
};

PyTypeObject *py_diagnostic_type;
PyTypeObject *py_variation_type;
PyTypeObject *py_source_type;

static PyStructSequence_Field diagnostic_fields[] = {
    { "code", "stable name of the kind, as pgnkit-validate(1) lists it (\"illegal-move\")" },
    { "severity", "\"error\", \"warning\" or \"note\"" },
    { "message", "lowercase English, the subject quoted" },
    { "file", "the input's name" },
    { "line", "1-based line (0: no position)" },
    { "column", "1-based byte column (0: none)" },
    { "offset", "byte offset in the (decompressed) input" },
    { "ply", "ply of the move it is about in its line, or None" },
    { "move", "that move as written, or None" },
    { "fen", "the position before that move, or None" },
    { "status", "the broad class: a pgnkit status (0 for a deviation from the export format)" },
    { NULL, NULL },
};
static PyStructSequence_Desc diagnostic_desc = {
    "pgnkit.Diagnostic", "One finding of the replay, as the JSON report of pgnkit validate gives it.",
    diagnostic_fields, 11,
};

static PyStructSequence_Field variation_fields[] = {
    { "parent", "the line it branches from: 0 for the main line, else a variation's index + 1" },
    { "index", "0-based index in the parent line of the move it replaces" },
    { "depth", "1 for a variation of the main line, 2 for one inside it, ..." },
    { "moves", "its moves as written" },
    { NULL, NULL },
};
static PyStructSequence_Desc variation_desc = {
    "pgnkit.Variation",
    "A variation (RAV): the move of its parent line it replaces and its moves as written.",
    variation_fields, 4,
};

static PyStructSequence_Field source_fields[] = {
    { "file", "the input's name: a path, \"ARCHIVE:MEMBER\", \"<stdin>\" or \"<memory>\"" },
    { "start", "byte offset of the game's first byte in the (decompressed) input" },
    { "end", "byte offset just past its last byte" },
    { NULL, NULL },
};
static PyStructSequence_Desc source_desc = {
    "pgnkit.Source", "Where a game stands in its input: raw == input[start:end].",
    source_fields, 3,
};

void py_game_prepare(struct pgnkit_game *g)
{
    char scratch[PGNKIT_MOVE_TEXT_MAX];
    pgnkit_game_diagnostic_count(g);           /* replays */
    pgnkit_game_move(g, 1, PGNKIT_UCI, 0, scratch, sizeof scratch); /* makes the positions */
}

/* Appends o to list (stealing o). Returns -1 when o is NULL or append fails. */
static int append(PyObject *list, PyObject *o)
{
    if (!o)
        return PY_FAILED;
    int rc = PyList_Append(list, o);
    Py_DECREF(o);
    return rc;
}

static PyObject *tags_of(struct pgnkit_game *g)
{
    PyObject *d = PyDict_New();
    size_t n = pgnkit_game_tag_count(g);
    for (size_t i = 0; d && i < n; i++) {
        PyObject *k = PyUnicode_FromString(pgnkit_game_tag_name(g, i));
        PyObject *v = py_text(pgnkit_game_tag_value(g, i), strlen(pgnkit_game_tag_value(g, i)));
        /* The first pair of a name wins, as in convert's JSON "tags". */
        if (!k || !v || !PyDict_SetDefault(d, k, v))
            Py_CLEAR(d);
        Py_XDECREF(k);
        Py_XDECREF(v);
    }
    return d;
}

/*
 * The str of a UCI move, made once per interpreter: a game of 80 plies
 * would otherwise make 80 new strings of the same few thousand. Slots are
 * from, to and promotion ("e7e8q"); other text (a null move) is not kept.
 */
static PyObject *uci_str(const char *t, size_t n)
{
    static PyObject *cache[64 * 64 * 5];
    static const char promos[] = " nbrq";
    const char *promo = n == 5 ? strchr(promos + 1, t[4]) : NULL;
    if ((n != 4 && !promo) || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' ||
        t[2] < 'a' || t[2] > 'h' || t[3] < '1' || t[3] > '8')
        return PyUnicode_FromStringAndSize(t, (Py_ssize_t)n);
    size_t slot = ((size_t)(t[0] - 'a') + 8 * (size_t)(t[1] - '1')) * 64 * 5 +
                  ((size_t)(t[2] - 'a') + 8 * (size_t)(t[3] - '1')) * 5 +
                  (promo ? (size_t)(promo - promos) : 0);
    if (!cache[slot])
        cache[slot] = PyUnicode_FromStringAndSize(t, (Py_ssize_t)n);
    return cache[slot] ? Py_NewRef(cache[slot]) : NULL;
}

/* The replayed main line in format: one str per ply. */
static PyObject *moves_of(struct pgnkit_game *g, size_t plies, int format)
{
    PyObject *list = PyList_New((Py_ssize_t)plies);
    char text[PGNKIT_MOVE_TEXT_MAX];
    for (size_t ply = 1; list && ply <= plies; ply++) {
        size_t n = pgnkit_game_move(g, ply, format, 0, text, sizeof text);
        PyObject *s = format == PGNKIT_UCI ? uci_str(text, n)
                                           : PyUnicode_FromStringAndSize(text, (Py_ssize_t)n);
        if (!s)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)ply - 1, s);
    }
    return list;
}

/* The comments after ply with text, as a tuple (a comment of commands only says nothing). */
static PyObject *comment_tuple(struct pgnkit_game *g, size_t ply)
{
    size_t n = pgnkit_game_comment_count(g, ply), len, texts = 0;
    for (size_t k = 0; k < n; k++)
        texts += pgnkit_game_comment(g, ply, k, &len) && len;
    PyObject *t = PyTuple_New((Py_ssize_t)texts);
    for (size_t k = 0, i = 0; t && k < n; k++) {
        const char *s = pgnkit_game_comment(g, ply, k, &len);
        if (!s || !len)
            continue;
        PyObject *text = py_text(s, len);
        if (!text)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, (Py_ssize_t)i++, text);
    }
    return t;
}

static PyObject *nag_tuple(struct pgnkit_game *g, size_t ply)
{
    size_t n = pgnkit_game_nag_count(g, ply);
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (size_t k = 0; t && k < n; k++) {
        PyObject *v = PyLong_FromLong(pgnkit_game_nag(g, ply, k));
        if (!v)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, (Py_ssize_t)k, v);
    }
    return t;
}

/* What is written after each main-line move: clocks, times taken, evaluations, mates, comments, NAGs. */
static int per_ply(struct py_game *o, struct pgnkit_game *g)
{
    size_t n = pgnkit_game_line_length(g, 0);
    PyObject **lists[] = { &o->clocks, &o->elapsed, &o->evals, &o->mates, &o->comments,
                           &o->nags };
    enum { NLISTS = sizeof lists / sizeof lists[0] };
    for (size_t i = 0; i < NLISTS; i++)
        if (!(*lists[i] = PyList_New((Py_ssize_t)n)))
            return PY_FAILED;
    for (size_t ply = 1; ply <= n; ply++) {
        int64_t ms, took;
        int cp, mate;
        int has_eval = pgnkit_game_eval(g, ply, &cp, &mate);
        PyObject *items[NLISTS] = {
            pgnkit_game_clock(g, ply, &ms) ? PyFloat_FromDouble((double)ms / 1000)
                                           : Py_NewRef(Py_None),
            pgnkit_game_elapsed(g, ply, &took) ? PyFloat_FromDouble((double)took / 1000)
                                               : Py_NewRef(Py_None),
            has_eval && !mate ? PyLong_FromLong(cp) : Py_NewRef(Py_None),
            has_eval && mate ? PyLong_FromLong(mate) : Py_NewRef(Py_None),
            comment_tuple(g, ply),
            nag_tuple(g, ply),
        };
        int bad = 0;
        for (size_t i = 0; i < NLISTS; i++) {
            bad |= !items[i];
            PyList_SET_ITEM(*lists[i], (Py_ssize_t)ply - 1, items[i] ? items[i] : Py_NewRef(Py_None));
        }
        if (bad)
            return PY_FAILED;
    }
    PyObject *start = comment_tuple(g, 0);
    o->start_comments = start ? PySequence_List(start) : NULL;
    Py_XDECREF(start);
    return o->start_comments ? 0 : PY_FAILED;
}

static PyObject *line_moves(struct pgnkit_game *g, size_t line)
{
    size_t n = pgnkit_game_line_length(g, line);
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t k = 0; list && k < n; k++) {
        size_t len;
        const char *s = pgnkit_game_line_move(g, line, k, &len);
        PyObject *t = py_text(s, len);
        if (!t)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, (Py_ssize_t)k, t);
    }
    return list;
}

/* The variations in line order: each line's parent is found from the lines that branch. */
static PyObject *variations_of(struct pgnkit_game *g)
{
    size_t lines = pgnkit_game_line_count(g);
    PyObject *list = PyList_New(lines > 0 ? (Py_ssize_t)lines - 1 : 0);
    for (size_t line = 0; list && line < lines; line++) {
        size_t len = pgnkit_game_line_length(g, line);
        for (size_t k = 0; list && k < len; k++) {
            size_t first, count = pgnkit_game_line_variations(g, line, k, &first);
            for (size_t v = first; list && v < first + count && v < lines; v++) {
                PyObject *var = PyStructSequence_New(py_variation_type);
                PyObject *moves = line_moves(g, v);
                if (!var || !moves || v == 0) {
                    Py_XDECREF(var);
                    Py_XDECREF(moves);
                    Py_CLEAR(list);
                    break;
                }
                PyStructSequence_SET_ITEM(var, 0, PyLong_FromSize_t(line));
                PyStructSequence_SET_ITEM(var, 1, PyLong_FromSize_t(k));
                PyStructSequence_SET_ITEM(var, 2, PyLong_FromSize_t(pgnkit_game_line_depth(g, v)));
                PyStructSequence_SET_ITEM(var, 3, moves);
                Py_XDECREF(PyList_GET_ITEM(list, (Py_ssize_t)v - 1));
                PyList_SET_ITEM(list, (Py_ssize_t)v - 1, var);
            }
        }
    }
    /* Every item is set when the lines form a tree, as the library promises; a hole would be NULL. */
    for (Py_ssize_t i = 0; list && i < PyList_GET_SIZE(list); i++)
        if (!PyList_GET_ITEM(list, i))
            PyList_SET_ITEM(list, i, Py_NewRef(Py_None));
    return list;
}

static PyObject *maybe_text(const char *s, size_t n)
{
    return s ? py_text(s, n) : Py_NewRef(Py_None);
}

static PyObject *diagnostic_of(struct pgnkit_diagnostic *d, const struct py_origin *origin)
{
    if (origin) {
        d->file = origin->file;
        d->offset += origin->offset;
        if (d->line)
            d->line = (uint64_t)((int64_t)d->line + origin->line_delta);
    }
    PyObject *o = PyStructSequence_New(py_diagnostic_type);
    if (!o)
        return NULL;
    const char *code = pgnkit_detail_name(d->detail);
    PyObject *items[] = {
        PyUnicode_FromString(code ? code : "unknown"),
        PyUnicode_FromString(pgnkit_severity_name(d->severity)),
        py_text(d->message, strlen(d->message)),
        py_text(d->file, strlen(d->file)),
        PyLong_FromUnsignedLongLong(d->line),
        PyLong_FromUnsignedLong(d->column),
        PyLong_FromUnsignedLongLong(d->offset),
        d->ply ? PyLong_FromUnsignedLong(d->ply) : Py_NewRef(Py_None),
        maybe_text(d->move, d->move_len),
        d->fen && *d->fen ? PyUnicode_FromString(d->fen) : Py_NewRef(Py_None),
        PyLong_FromLong(d->status),
    };
    int bad = 0;
    for (Py_ssize_t i = 0; i < 11; i++) {
        bad |= !items[i];
        PyStructSequence_SET_ITEM(o, i, items[i] ? items[i] : Py_NewRef(Py_None));
    }
    if (bad)
        Py_CLEAR(o);
    return o;
}

static PyObject *diagnostics_of(struct pgnkit_game *g, const struct py_origin *origin)
{
    int n = pgnkit_game_diagnostic_count(g);
    if (n < 0)
        return py_raise_status(n, pgnkit_status_name(n));
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        struct pgnkit_diagnostic d;
        PyObject *o = NULL;
        if (pgnkit_game_diagnostic(g, (size_t)i, &d) == PGNKIT_OK)
            o = diagnostic_of(&d, origin);
        if (!o)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, o);
    }
    return list;
}

static PyObject *source_of(struct pgnkit_game *g, const struct py_origin *origin)
{
    uint64_t size, start = pgnkit_game_offset(g, &size);
    const char *file = pgnkit_game_file(g);
    if (origin) {
        file = origin->file;
        start = origin->offset;
        size = origin->size;
    }
    return Py_BuildValue("(NKK)", py_text(file, strlen(file)), (unsigned long long)start,
                         (unsigned long long)(start + size));
}

PyObject *py_game_new(struct pgnkit_game *g, const struct py_origin *origin)
{
    struct py_game *o = PyObject_New(struct py_game, &py_game_type);
    if (!o)
        return NULL;
    memset((char *)o + sizeof(PyObject), 0, sizeof *o - sizeof(PyObject));
    size_t plies = pgnkit_game_ply_count(g), raw_len;
    const char *raw = pgnkit_game_raw(g, &raw_len);
    const char *result = pgnkit_game_written_result(g);
    PyObject *where = source_of(g, origin);
    if (where) {
        o->source = PyStructSequence_New(py_source_type);
        for (Py_ssize_t i = 0; o->source && i < 3; i++)
            PyStructSequence_SET_ITEM(o->source, i, Py_NewRef(PyTuple_GET_ITEM(where, i)));
        Py_DECREF(where);
    }
    o->tags = tags_of(g);
    o->result = PyUnicode_FromString(result);
    o->uci = moves_of(g, plies, PGNKIT_UCI);
    o->variations = variations_of(g);
    o->diagnostics = diagnostics_of(g, origin);
    o->valid = PyBool_FromLong(pgnkit_game_is_valid(g));
    o->end = PyUnicode_FromString(pgnkit_game_end(g));
    o->raw = raw ? PyBytes_FromStringAndSize(raw, (Py_ssize_t)raw_len) : Py_NewRef(Py_None);
    uint64_t line = pgnkit_game_line(g);
    o->number = PyLong_FromUnsignedLongLong(origin ? origin->number : pgnkit_game_number(g));
    if (origin && line)
        line = (uint64_t)((int64_t)line + origin->line_delta);
    o->line = PyLong_FromUnsignedLongLong(line);
    if (!o->source || !o->tags || !o->result || !o->uci || !o->variations ||
        !o->diagnostics || !o->valid || !o->end || !o->raw || !o->number || !o->line ||
        per_ply(o, g) < 0) {
        Py_DECREF(o);
        return NULL;
    }
    return (PyObject *)o;
}

static void game_dealloc(PyObject *self)
{
    struct py_game *o = (struct py_game *)self;
    PyObject **fields[] = { &o->tags, &o->result, &o->moves, &o->uci, &o->clocks, &o->elapsed,
                            &o->evals, &o->mates, &o->comments, &o->start_comments, &o->nags,
                            &o->variations, &o->diagnostics, &o->valid, &o->end, &o->source,
                            &o->raw, &o->number, &o->line };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        Py_CLEAR(*fields[i]);
    PyObject_Free(self);
}

/* The FEN of every position of g's replayed main line. */
static PyObject *fens_of(struct pgnkit_game *g)
{
    struct pgnkit_position *p;
    int rc = pgnkit_position_new(&p);
    if (rc != PGNKIT_OK)
        return py_raise_status(rc, pgnkit_status_name(rc));
    PyObject *list = PyList_New(0);
    char fen[PGNKIT_FEN_MAX];
    size_t plies = pgnkit_game_ply_count(g);
    for (size_t ply = 0; list && ply <= plies && pgnkit_game_position(g, ply, p) == PGNKIT_OK;
         ply++) {
        size_t n = pgnkit_position_fen(p, fen, sizeof fen);
        if (append(list, PyUnicode_FromStringAndSize(fen, (Py_ssize_t)n)) < 0)
            Py_CLEAR(list);
    }
    pgnkit_position_free(p);
    return list;
}

static PyObject *san_of(struct pgnkit_game *g)
{
    return moves_of(g, pgnkit_game_ply_count(g), PGNKIT_SAN);
}

/*
 * make(g) on the game read again from its own text: what is made on
 * demand (SAN, FENs) without keeping the reader's game. A game without raw
 * text (over the size limit) has no moves: an empty list.
 */
static PyObject *from_own_text(struct py_game *o, PyObject *(*make)(struct pgnkit_game *))
{
    if (o->raw == Py_None)
        return PyList_New(0);
    struct pgnkit_reader *r;
    struct pgnkit_game *g;
    int rc = pgnkit_reader_open_memory(&r, PyBytes_AS_STRING(o->raw),
                                       (size_t)PyBytes_GET_SIZE(o->raw));
    if (rc != PGNKIT_OK)
        return py_raise_status(rc, pgnkit_status_name(rc));
    PyObject *list = pgnkit_reader_next(r, &g) == 1 ? make(g) : PyList_New(0);
    pgnkit_reader_free(r);
    return list;
}

static PyObject *game_fens(PyObject *self, PyObject *unused)
{
    (void)unused;
    return from_own_text((struct py_game *)self, fens_of);
}

/* SAN costs a third of a read: made when first asked for, then kept. */
static PyObject *game_moves(PyObject *self, void *closure)
{
    struct py_game *o = (struct py_game *)self;
    (void)closure;
    if (!o->moves)
        o->moves = from_own_text(o, san_of);
    return o->moves ? Py_NewRef(o->moves) : NULL;
}

static PyObject *game_errors(PyObject *self, void *closure)
{
    struct py_game *o = (struct py_game *)self;
    (void)closure;
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list && i < PyList_GET_SIZE(o->diagnostics); i++) {
        PyObject *d = PyList_GET_ITEM(o->diagnostics, i);
        PyObject *severity = PyStructSequence_GET_ITEM(d, 1);
        if (PyUnicode_CompareWithASCIIString(severity, "error") == 0 &&
            PyList_Append(list, d) < 0)
            Py_CLEAR(list);
    }
    return list;
}

static PyObject *game_repr(PyObject *self)
{
    struct py_game *o = (struct py_game *)self;
    PyObject *white = PyDict_GetItemString(o->tags, "White");
    PyObject *black = PyDict_GetItemString(o->tags, "Black");
    return PyUnicode_FromFormat("<pgnkit.Game %S #%S: %S - %S %S, %zd plies>",
                                PyStructSequence_GET_ITEM(o->source, 0), o->number,
                                white ? white : Py_None, black ? black : Py_None, o->result,
                                PyList_GET_SIZE(o->uci));
}

#define MEMBER(name, doc) { #name, T_OBJECT_EX, offsetof(struct py_game, name), READONLY, doc }
static PyMemberDef game_members[] = {
    MEMBER(tags, "dict of the tag pairs in file order (the first pair of a name, as convert's JSON)"),
    MEMBER(result, "\"1-0\", \"0-1\", \"1/2-1/2\" or \"*\" as convert writes it: the movetext's "
                   "marker, else the Result tag"),
    MEMBER(uci, "the replayed main line in UCI"),
    MEMBER(clocks, "per main-line move as written: [%clk] in seconds, or None"),
    MEMBER(elapsed, "per move: [%emt], the time it took, in seconds, or None"),
    MEMBER(evals, "per move: [%eval] in centipawns from White's view, or None (also for a mate)"),
    MEMBER(mates, "per move: [%eval #N] as N from White's view (negative: Black mates), or None"),
    MEMBER(comments, "per move: tuple of its comments' text ([%cmd] commands left out; a comment of commands only is none)"),
    MEMBER(start_comments, "the comments before the first move"),
    MEMBER(nags, "per move: tuple of its NAGs (1..255)"),
    MEMBER(variations, "list of Variation, in the order they are written"),
    MEMBER(diagnostics, "list of Diagnostic: errors, warnings and notes, in input order"),
    MEMBER(valid, "True when the game has no error (as validate says)"),
    MEMBER(end, "how the rules ended the main line: \"checkmate\", \"stalemate\", \"dead position\", "
                "\"fivefold repetition\", \"75-move rule\", or \"\""),
    MEMBER(source, "Source(file, start, end): where the game's bytes are in its input"),
    MEMBER(raw, "the game's text as read (bytes), or None when it was over the size limit"),
    MEMBER(number, "1-based number of the game in its input"),
    MEMBER(line, "line of the game's first token"),
    { NULL, 0, 0, 0, NULL },
};

static PyGetSetDef game_getset[] = {
    { "moves", game_moves, NULL,
      "the replayed main line in SAN, as `pgnkit convert` writes it (made on first use)", NULL },
    { "errors", game_errors, NULL, "the diagnostics of severity \"error\"", NULL },
    { NULL, NULL, NULL, NULL, NULL },
};

/*
 * write(format="pgn", lang="en", per="game") -> str: the game read again
 * from its own text and written as convert writes a file of it alone.
 */
static PyObject *game_write(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = { "format", "lang", "per", NULL };
    const char *format = "pgn", *lang = "en", *per = "game";
    struct py_game *o = (struct py_game *)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|sss:write", kwlist, &format, &lang, &per))
        return NULL;
    struct pgnkit_writer *w = py_writer_new(format, per, lang);
    if (!w)
        return NULL;
    PyObject *text = NULL;
    struct pgnkit_reader *r = NULL;
    struct pgnkit_game *g;
    int rc = o->raw == Py_None ? PGNKIT_ETOOBIG
                               : pgnkit_reader_open_memory(&r, PyBytes_AS_STRING(o->raw),
                                                           (size_t)PyBytes_GET_SIZE(o->raw));
    if (rc != PGNKIT_OK)
        py_raise_status(rc, o->raw == Py_None ? "the game's text was not kept (over the size limit)"
                                              : pgnkit_status_name(rc));
    else if (pgnkit_reader_next(r, &g) != 1 || py_write_game(w, g, &text) == PY_LEFT_OUT ||
             (!text && !PyErr_Occurred()))
        text = PyUnicode_FromString(""); /* a game with errors: convert writes nothing */
    pgnkit_reader_free(r);
    pgnkit_writer_free(w);
    return text;
}

static PyMethodDef game_methods[] = {
    { "write", (PyCFunction)(void (*)(void))game_write, METH_VARARGS | METH_KEYWORDS,
      "write($self, /, format='pgn', lang='en', per='game')\n--\n\n"
      "The game as `pgnkit convert` writes it with these format, language and per\n"
      "options for a file holding this game alone (formats: pgn, ndjson, epd, fen,\n"
      "uci, csv, rows, plain; per='ply' for rows and csv). It is read again from\n"
      "raw, so csv's header\n"
      "row comes first and where the text numbers the game (epd's id, the game\n"
      "column of rows and csv per ply) it is game 1.\n"
      "\"\" for a game with errors, which convert leaves out. ValueError for a\n"
      "format, per or language that is none." },
    { "fens", game_fens, METH_NOARGS,
      "fens($self, /)\n--\n\nThe FEN of every position of the replayed main line, the start "
      "position first\n(made on demand from the game's text)." },
    { NULL, NULL, 0, NULL },
};

PyTypeObject py_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pgnkit.Game",
    .tp_basicsize = sizeof(struct py_game),
    .tp_dealloc = game_dealloc,
    .tp_repr = game_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A game read by pgnkit.read(). Per-move lists (clocks, evals, mates, comments,\n"
              "nags) have one entry per main-line move as written; moves and uci one per ply\n"
              "replayed (the same for a valid game).",
    .tp_members = game_members,
    .tp_getset = game_getset,
    .tp_methods = game_methods,
};

int py_game_types_init(PyObject *m)
{
    py_diagnostic_type = PyStructSequence_NewType(&diagnostic_desc);
    py_variation_type = PyStructSequence_NewType(&variation_desc);
    py_source_type = PyStructSequence_NewType(&source_desc);
    if (!py_diagnostic_type || !py_variation_type || !py_source_type)
        return PY_FAILED;
    if (py_add_type(m, &py_game_type, "Game") < 0 ||
        PyModule_AddObjectRef(m, "Diagnostic", (PyObject *)py_diagnostic_type) < 0 ||
        PyModule_AddObjectRef(m, "Variation", (PyObject *)py_variation_type) < 0 ||
        PyModule_AddObjectRef(m, "Source", (PyObject *)py_source_type) < 0)
        return PY_FAILED;
    return 0;
}
