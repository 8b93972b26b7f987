/* test_san.c - move reading: the tests/data/san.tsv table, suffixes, language detection. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include "test.h"
#include "notation/notation.h"
#include "chess/position.h"
#include "notation/san.h"
#include "notation/uci.h"

static int error_kind(const char *word)
{
    if (!strcmp(word, "SYNTAX"))
        return PGN_ESYNTAX;
    if (!strcmp(word, "ILLEGAL"))
        return PGN_EILLEGAL;
    if (!strcmp(word, "AMBIGUOUS"))
        return PGN_EAMBIGUOUS;
    return PGN_OK;
}

static int language_of(const char *name, const char *token)
{
    if (strcmp(name, "auto"))
        return notation_find(name);
    struct lang_detect d;
    lang_detect_init(&d);
    lang_detect_add(&d, token, strlen(token));
    return lang_detect_result(&d);
}

/* One row: FEN, token, language, expected UCI or "KIND[: reason substring]". */
static void check_row(int lineno, char *fields[4])
{
    struct pos p;
    struct move_error err = { 0, "" };
    move16 m = MOVE_NONE;
    int lang = language_of(fields[2], fields[1]);
    if (pos_from_fen(&p, fields[0], NULL) || lang < 0) {
        FAIL("san.tsv:%d: bad FEN or language", lineno);
        return;
    }
    int rc = san_read(&p, fields[1], strlen(fields[1]), lang, &m, NULL, &err);
    char kind[16];
    const char *reason = strstr(fields[3], ": ");
    snprintf(kind, sizeof kind, "%.*s", reason ? (int)(reason - fields[3]) : 15, fields[3]);
    int want = error_kind(kind);
    if (want != PGN_OK) {
        if (rc != want)
            FAIL("san.tsv:%d: '%s' (%s): got %s%s%s, expected %s", lineno, fields[1], fields[2],
                 rc ? pgn_strerror(rc) : "a move", rc ? ": " : "", rc ? err.msg : "", fields[3]);
        else if (reason && !strstr(err.msg, reason + 2))
            FAIL("san.tsv:%d: '%s': reason '%s' lacks '%s'", lineno, fields[1], err.msg,
                 reason + 2);
        return;
    }
    move16 expect = uci_parse(&p, fields[3], (int)strlen(fields[3]));
    if (!expect) {
        FAIL("san.tsv:%d: expected UCI '%s' is not legal in the position", lineno, fields[3]);
    } else if (rc) {
        FAIL("san.tsv:%d: '%s' (%s): %s: %s, expected %s", lineno, fields[1], fields[2],
             pgn_strerror(rc), err.msg, fields[3]);
    } else if (m != expect) {
        char got[UCI_MAX];
        uci_write(&p, m, got);
        FAIL("san.tsv:%d: '%s' (%s): got %s, expected %s", lineno, fields[1], fields[2], got,
             fields[3]);
    }
}

void test_san__table(void)
{
    FILE *f = test_open("tests/data/san.tsv");
    char line[1024];
    int lineno = 0, rows = 0;
    while (f && fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        char *fields[4], *s = line;
        int n = 0;
        for (; n < 4 && s; n++) {
            fields[n] = s;
            s = strchr(s, '\t');
            if (s)
                *s++ = 0;
        }
        if (n != 4 || s) {
            FAIL("san.tsv:%d: expected 4 tab-separated fields", lineno);
            continue;
        }
        check_row(lineno, fields);
        rows++;
    }
    if (f)
        fclose(f);
    if (rows < 300)
        FAIL("san.tsv has %d rows, expected at least 300", rows);
}

/* Check marks and annotation glyphs are reported, never used to resolve. */
void test_san__suffixes(void)
{
    static const struct { const char *tok; int flags, nag; } cases[] = {
        { "Nf3", 0, 0 },
        { "Nf3+", SAN_CHECK, 0 },
        { "Nf3#", SAN_MATE, 0 },
        { "Nf3++", SAN_DOUBLE_PLUS, 0 },
        { "Nf3!", 0, 1 }, { "Nf3?", 0, 2 }, { "Nf3!!", 0, 3 },
        { "Nf3??", 0, 4 }, { "Nf3!?", 0, 5 }, { "Nf3?!", 0, 6 },
        { "Nf3‼", 0, 3 }, { "Nf3⁇", 0, 4 }, { "Nf3⁉", 0, 5 }, { "Nf3⁈", 0, 6 },
        { "Nf3+!?", SAN_CHECK, 5 },
        { "Nf3 ?!", 0, 6 },
        { "Nxe5", SAN_CAPTURE, 0 },
        { "Ne5:", SAN_CAPTURE, 0 },
        { "exd6 e.p.", SAN_CAPTURE | SAN_EP, 0 },
        { "exd6ep+", SAN_CAPTURE | SAN_EP | SAN_CHECK, 0 },
        { "O-O-O#", SAN_MATE, 0 },
        { "0-0+!", SAN_CHECK, 1 },
        { "Dh5", SAN_FOREIGN, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct san_parts sp;
        struct move_error err;
        if (san_parse(cases[i].tok, strlen(cases[i].tok), NOTATION_EN, &sp, &err)) {
            FAIL("'%s': %s", cases[i].tok, err.msg);
            continue;
        }
        if (sp.flags != cases[i].flags || sp.nag != cases[i].nag)
            FAIL("'%s': flags %#x nag %d, expected flags %#x nag %d", cases[i].tok, sp.flags,
                 sp.nag, cases[i].flags, cases[i].nag);
    }
}

/* What phase 1 reads out of the text, field by field. */
void test_san__parts(void)
{
    struct san_parts sp;
    CHECK(san_parse("Sf3xTe5", 7, NOTATION_DE, &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.pieces, 1 << KNIGHT);
    CHECK_EQ_INT(sp.captured, 1 << ROOK);
    CHECK_EQ_INT(sp.from_file, 5);
    CHECK_EQ_INT(sp.from_rank, 2);
    CHECK_EQ_INT(sp.to_file, 4);
    CHECK_EQ_INT(sp.to_rank, 4);
    CHECK(san_parse("ed", 2, NOTATION_DE, &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.pieces, 0);
    CHECK_EQ_INT(sp.from_file, 4);
    CHECK_EQ_INT(sp.to_file, 3);
    CHECK_EQ_INT(sp.to_rank, -1);
    CHECK(san_parse("e8(Q)", 5, NOTATION_EN, &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.promo, 1 << QUEEN);
    CHECK(san_parse("0 - 0 - 0", 9, NOTATION_DE, &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.kind, SAN_CASTLE_LONG);
    CHECK(san_parse("Sf3", 3, NOTATION_EN, &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.pieces, (1 << KNIGHT) | (1 << BISHOP)); /* German knight, Czech bishop */
    CHECK_EQ_INT(sp.piece, KNIGHT);
    CHECK(san_parse("Крe2", strlen("Крe2"), notation_find("ru"), &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.pieces, 1 << KING);
    CHECK(san_parse("Кe2", strlen("Кe2"), notation_find("ru"), &sp, NULL) == PGN_OK);
    CHECK_EQ_INT(sp.pieces, 1 << KNIGHT);
}

void test_san__token_joins(void)
{
    static const struct { const char *tok, *next; int joins; } cases[] = {
        { "0-", "0", 1 }, { "O-", "O", 1 }, { "0- 0-", "0", 1 }, { "0-0-", "0", 1 },
        { "d5xc6", "e.p.", 1 }, { "exd6", "ep", 1 }, { "exd6", "e.p.+", 1 }, { "ed", "e.p.", 1 },
        { "0", "-", 0 }, { "0-0", "-0", 0 }, { "0-", "1", 0 }, { "0-0-0-", "0", 0 },
        { "Nf3", "e.p.", 0 }, { "e4", "e5", 0 }, { "exd6", "epx", 0 }, { "1-", "0", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int got = san_token_joins(cases[i].tok, strlen(cases[i].tok), cases[i].next,
                                  strlen(cases[i].next));
        if (got != cases[i].joins)
            FAIL("'%s' + '%s': %d, expected %d", cases[i].tok, cases[i].next, got, cases[i].joins);
    }
}

/* Detection decides on the whole set of letters of a game, then the game replays. */
void test_san__detect_games(void)
{
    static const struct { const char *moves, *lang, *last_uci; } games[] = {
        /* schachfeld_wonder_weapons_black.pgn: English letters and a German "Db6". */
        { "d4 d5 c4 e6 Nc3 Nf6 Bg5 c5 cd5 Db6", "en", "d8b6" },
        { "d4 d5 c4 e6 Nc3 Nf6 Bg5 c5 cd5 cd4", "en", "c5d4" },
        { "e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 0-0 Le7 Te1 b5 Lb3 d6 Bc3", "de", "c2c3" },
        { "e4 e5 Pf3 Pc6 Lb5 a6 La4 Pf6 0-0 Le7", "nl", "f8e7" },
        { "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3", "en", "c2c3" },
        { "e4 e5 Ke2 Ke7 Ke1 Ke8 Bc4", "en", "f1c4" },
        { "e4 e5 Кf3 Кc6 Сb5 a6 Сa4 Кf6 0-0 Сe7 Лe1 b5 Сb3 d6 c3 0-0", "ru", "e8g8" },
        { "e4 e5 Cf3 Cc6 Fb5 a6 Fa4 Cf6 O-O Fe7 Te1", "fr", "f1e1" },
        { "e4 e5 Cf3 Cc6 Ab5 a6 Aa4 Cf6 O-O Ae7 Te1", "es", "f1e1" },
        { "e4 e5 Cf3 Cc6 Nb5 a6 Na4 Cf6 O-O Ne7 Te1", "ro", "f1e1" },
        { "e4 e5 Sf3 Sc6 Gb5 a6 Ga4 Sf6 O-O Ge7 We1", "pl", "f1e1" },
        { "e4 e5 Jf3 Jc6 Sb5 a6 Sa4 Jf6 O-O Se7 Ve1", "cs", "f1e1" },
        { "e4 e5 Hf3 Hc6 Fb5 a6 Fa4 Hf6 O-O Fe7 Be1", "hu", "f1e1" },
        { "e4 e5 Rf3 Rc6 Lb5 a6 La4 Rf6 O-O Le7 Te1", "fi", "f1e1" },
        { "e2-e4 e7-e5 Sg1-f3 Sb8-c6 Lf1-b5 a7-a6 Lb5xSc6 d7xLc6", "de", "d7c6" },
        { "e4 e5 ♘f3 ♞c6 ♗b5", "en", "f1b5" },
        { "", "en", "" },
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char buf[256], *save = NULL;
        struct lang_detect d;
        lang_detect_init(&d);
        snprintf(buf, sizeof buf, "%s", games[i].moves);
        for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
            lang_detect_add(&d, tok, strlen(tok));
        int lang = lang_detect_result(&d);
        if (lang != notation_find(games[i].lang)) {
            FAIL("game %zu detected as %s, expected %s", i, notation_get(lang)->name,
                 games[i].lang);
            continue;
        }
        struct pos p, before;
        move16 m = MOVE_NONE;
        char uci[UCI_MAX] = "";
        pos_set_start(&p);
        snprintf(buf, sizeof buf, "%s", games[i].moves);
        for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
            struct move_error err;
            before = p;
            if (san_read(&p, tok, strlen(tok), lang, &m, NULL, &err)) {
                FAIL("game %zu: '%s': %s", i, tok, err.msg);
                break;
            }
            pos_play(&p, m);
            uci_write(&before, m, uci);
        }
        CHECK_EQ_STR(uci, games[i].last_uci);
    }
}
