/* py_write.c - games written as `pgnkit convert` writes them: formats by name, one writer per call. */
/* SPDX-License-Identifier: MIT */
#include "python/src/py_pgnkit.h"

/*
 * The formats as pgnkit-convert(1) names them: the writer's JSON is
 * convert's ndjson (its json is one array of every game, which is no text
 * per game), and its per-ply formats are rows and csv with per "ply".
 */
static const struct {
    const char *name;
    int game, ply; /* enum pgnkit_format per game and per ply; -1: none */
} formats[] = {
    { "pgn", PGNKIT_FORMAT_PGN, -1 },
    { "ndjson", PGNKIT_FORMAT_JSON, -1 },
    { "epd", PGNKIT_FORMAT_EPD, -1 },
    { "fen", PGNKIT_FORMAT_FEN, -1 },
    { "uci", PGNKIT_FORMAT_UCI, -1 },
    { "csv", PGNKIT_FORMAT_CSV, PGNKIT_FORMAT_PLY_CSV },
    { "rows", PGNKIT_FORMAT_ROWS, PGNKIT_FORMAT_PLY_ROWS },
    { "plain", PGNKIT_FORMAT_PLAIN, -1 },
};
enum { FORMAT_COUNT = sizeof formats / sizeof *formats };

struct pgnkit_writer *py_writer_new(const char *format, const char *per, const char *lang)
{
    int f = 0;
    while (f < FORMAT_COUNT && strcmp(format, formats[f].name))
        f++;
    if (f == FORMAT_COUNT) {
        PyErr_Format(PyExc_ValueError,
                     "unknown format '%s' (pgn, ndjson, epd, fen, uci, csv, rows or plain)",
                     format);
        return NULL;
    }
    int by_ply = !strcmp(per, "ply");
    if (!by_ply && strcmp(per, "game")) {
        PyErr_Format(PyExc_ValueError, "per takes game or ply, not '%s'", per);
        return NULL;
    }
    if (by_ply && formats[f].ply < 0) {
        PyErr_Format(PyExc_ValueError, "per='ply' goes with format rows or csv, not '%s'", format);
        return NULL;
    }
    int id = py_language(lang, 0);
    if (id == PY_NO_LANGUAGE)
        return NULL;
    struct pgnkit_writer *w;
    int rc = pgnkit_writer_new(&w, by_ply ? formats[f].ply : formats[f].game, id);
    if (rc != PGNKIT_OK) {
        py_raise_status(rc, pgnkit_status_name(rc));
        return NULL;
    }
    return w;
}

int py_write_game(struct pgnkit_writer *w, struct pgnkit_game *g, PyObject **text)
{
    const char *s;
    size_t n;
    *text = NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = pgnkit_writer_game(w, g, &s, &n);
    Py_END_ALLOW_THREADS
    if (rc == PGNKIT_EILLEGAL)
        return PY_LEFT_OUT;
    if (rc != PGNKIT_OK) {
        py_raise_status(rc, pgnkit_status_name(rc));
        return PY_FAILED;
    }
    if (n == 0)
        return PY_NOTHING; /* comments alone: no game */
    *text = py_text(s, n);
    return *text ? PY_WRITTEN : PY_FAILED;
}
