/* test_corpus_roundtrip.c - every move of the real-game samples, read by the reader and
 * replayed, is written in every style and read back to the same move. */
/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdlib.h>
#include "test.h"
#include "write_styles.h"
#include "pgn/pgn_reader.h"
#include "replay/replay.h"
#include "notation/san.h"
#include "notation/uci.h"

struct rt {
    const struct game *g;
    const struct replay *r;
    struct write_style styles[MAX_STYLES];
    int nstyles;
    long moves;
    int failures;
};

static void check_move(struct rt *t, const struct pos *p, move16 mv)
{
    for (int s = 0; s < t->nstyles; s++) {
        char text[MOVE_TEXT_MAX];
        struct move_error err;
        move16 back = MOVE_NONE;
        size_t len = move_write(p, mv, &t->styles[s], text, sizeof text);
        int rc = san_read(p, text, len, t->styles[s].lang, &back, NULL, &err);
        if ((rc != PGN_OK || back != mv) && t->failures++ < 10) {
            char fen[FEN_MAX], uci[UCI_MAX];
            pos_to_fen(p, 0, fen);
            uci_write(p, mv, uci);
            FAIL("%s game %llu: %s written as '%s' (style %d) reads back wrong: %s", t->g->file,
                 (unsigned long long)t->g->index, uci, text, s, rc ? err.msg : "other move");
        }
    }
    t->moves++;
}

/* Walks one line from p, variations first, as the replay did. */
static void walk(struct rt *t, uint32_t var, const struct pos *start)
{
    const struct game_var *v = &t->g->vars[var];
    struct pos p = *start;
    for (uint32_t k = 0; k < v->count; k++) {
        uint32_t i = v->first + k;
        const struct game_move *m = &t->g->moves[i];
        for (uint32_t j = 0; j < m->var_count; j++)
            walk(t, m->var_first + j, &p);
        move16 mv = t->r->moves[i];
        if (!mv)
            return; /* null move or the end of what replayed */
        check_move(t, &p, mv);
        pos_play(&p, mv);
    }
}

static void check_file(struct rt *t, const char *path)
{
    struct pgn_reader *reader;
    struct game g;
    struct replay r;
    if (pgn_reader_open(&reader, path, NULL) != PGN_OK) {
        FAIL("cannot open %s", path);
        return;
    }
    replay_init(&r, NULL);
    while (pgn_reader_next(reader, &g) > 0) {
        if (replay_game(&r, &g) != PGN_OK || r.skipped || !g.nvars)
            continue;
        t->g = &g;
        t->r = &r;
        walk(t, 0, &r.start);
    }
    replay_release(&r);
    pgn_reader_free(reader);
}

void test_corpus_roundtrip__every_style(void)
{
    static struct rt t;
    char dir[4096], path[8192];
    memset(&t, 0, sizeof t);
    t.nstyles = test_write_styles(t.styles);
    snprintf(dir, sizeof dir, "%s/testdata/corpus", test_root);
    DIR *d = opendir(dir);
    if (!d) {
        FAIL("cannot open %s", dir);
        return;
    }
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".pgn"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        check_file(&t, path);
        files++;
    }
    closedir(d);
    snprintf(path, sizeof path, "%s/testdata/sample.pgn", test_root);
    check_file(&t, path);
    CHECK(files >= 15);
    /* The samples hold about 40,000 moves; each is checked in every style. */
    if (t.moves < 30000)
        FAIL("only %ld moves checked", t.moves);
}
