/* fuzz_san_roundtrip.c - every legal move written in every style reads back as itself;
 * arbitrary bytes read as a move give a typed result. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "fuzz.h"
#include "chess/movegen.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "chess/position.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "base/utf8.h"
#include "write_styles.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * Input layout:
 *   data[0..1]   index into fuzz_fens (little-endian, modulo the count)
 *   data[2]      plies of a random legal playout from there; ALL_MOVES: none, and
 *                every legal move is checked (test_fuzz.c runs each FEN so)
 *   data[3..]    one byte per ply choosing among the legal moves (index modulo the count)
 *   next byte    the legal move written in every style and read back (0 if missing)
 *   the rest     a move token, read in every language
 */
enum { HEADER = 3, ALL_MOVES = 255 };

static void check_move(const struct pos *p, move16 m, const struct write_style *st, int nst)
{
    struct pos after = *p;
    pos_play(&after, m);
    int check = pos_in_check(&after);
    int mate = check && !movegen_has_legal(&after);
    for (int s = 0; s < nst; s++) {
        char text[MOVE_TEXT_MAX];
        struct san_parts parts;
        struct move_error err;
        move16 back = MOVE_NONE;
        size_t len = move_write(p, m, &st[s], text, sizeof text);
        if (len >= sizeof text || strlen(text) != len || !utf8_valid(text, len)) {
            FAIL("style %d: bad text of length %zu", s, len);
            continue;
        }
        int rc = san_read(p, text, len, st[s].lang, &back, &parts, &err);
        if (rc != PGN_OK || back != m) {
            char fen[FEN_MAX], uci[UCI_MAX];
            pos_to_fen(p, 0, fen);
            uci_write(p, m, uci);
            FAIL("%s: %s written as '%s' (style %d) reads back %s", fen, uci, text, s,
                 rc ? err.msg : "as another move");
            continue;
        }
        if (st[s].format == MOVE_FMT_UCI || (st[s].flags & WRITE_NO_CHECK))
            continue;
        int marked = !!(parts.flags & (SAN_CHECK | SAN_MATE | SAN_DOUBLE_PLUS));
        if (marked != check || !!(parts.flags & SAN_MATE) != mate)
            FAIL("'%s' (style %d): check mark does not match the position", text, s);
    }
    char uci[UCI_MAX];
    int n = uci_write(p, m, uci);
    if (uci_parse(p, uci, n) != m)
        FAIL("UCI '%s' does not read back", uci);
}

static int legal(const struct movelist *list, move16 m)
{
    for (int i = 0; i < list->n; i++)
        if (list->moves[i] == m)
            return 1;
    return 0;
}

/* The token tok[0..len) read in language lang on p: a typed result, a legal move if any. */
static void check_token(const struct pos *p, const struct movelist *list, const char *tok,
                        size_t len, int lang)
{
    struct san_parts parts, sp;
    struct move_error err, perr;
    move16 m = MOVE_NONE;
    memset(&err, 0, sizeof err);
    int rc = san_read(p, tok, len, lang, &m, &parts, &err);
    if (rc != PGN_OK && rc != PGN_ESYNTAX && rc != PGN_EILLEGAL && rc != PGN_EAMBIGUOUS) {
        FAIL("san_read returned %d", rc);
        return;
    }
    if (rc == PGN_OK) {
        if (!legal(list, m))
            FAIL("san_read accepted an illegal move %04x (language %d)", m, lang);
        char text[MOVE_TEXT_MAX];
        struct write_style st = { MOVE_FMT_SAN, lang, 0 };
        move16 back = MOVE_NONE;
        size_t n = move_write(p, m, &st, text, sizeof text);
        if (san_read(p, text, n, lang, &back, NULL, NULL) != PGN_OK || back != m)
            FAIL("the move read is written '%s', which does not read back", text);
    } else {
        /* The reader hands over valid UTF-8 only; the message must stay so. */
        size_t n = strnlen(err.msg, sizeof err.msg);
        if (err.code != rc || n == sizeof err.msg ||
            (utf8_valid(tok, len) && !memchr(tok, 0, len) && !utf8_valid(err.msg, n)))
            FAIL("error %d: code %d, message not a valid string: %s", rc, err.code, err.msg);
    }
    if (san_parse(tok, len, lang, &sp, &perr) == PGN_ESYNTAX && rc != PGN_ESYNTAX)
        FAIL("san_parse says syntax error, san_read %d", rc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct write_style styles[MAX_STYLES];
    static int nstyles;
    if (!nstyles)
        nstyles = test_write_styles(styles);
    if (size < HEADER)
        return 0;
    struct pos p;
    const char *fen = fuzz_fens[(data[0] | (size_t)data[1] << 8) % fuzz_fens_count];
    if (pos_from_fen(&p, fen, NULL) != PGN_OK)
        return 0; /* the SAN table holds a few refused FENs on purpose */
    size_t at = HEADER;
    struct movelist list;
    for (unsigned ply = 0; data[2] != ALL_MOVES && ply < data[2] && at < size; ply++) {
        if (!movegen_legal(&p, &list))
            break;
        pos_play(&p, list.moves[data[at++] % list.n]);
        if (!pos_is_consistent(&p)) {
            FAIL("inconsistent position after a legal move");
            break;
        }
    }

    movegen_legal(&p, &list);
    if (data[2] == ALL_MOVES)
        for (int i = 0; i < list.n; i++)
            check_move(&p, list.moves[i], styles, nstyles);
    else if (list.n)
        check_move(&p, list.moves[(at < size ? data[at++] : 0) % list.n], styles, nstyles);

    const char *tok = (const char *)data + at;
    size_t len = size - at;
    for (int lang = 0; lang < notation_count(); lang++)
        check_token(&p, &list, tok, len, lang);
    move16 u = uci_parse(&p, tok, (int)(len < 64 ? len : 64));
    if (u != MOVE_NONE && !legal(&list, u))
        FAIL("uci_parse accepted an illegal move");
    struct lang_detect d;
    lang_detect_init(&d);
    lang_detect_add(&d, tok, len);
    int lang = lang_detect_result(&d);
    CHECK(lang >= 0 && lang < notation_count());
    const char *space = memchr(tok, ' ', len);
    if (space)
        san_token_joins(tok, (size_t)(space - tok), space + 1, len - (size_t)(space - tok) - 1);
    fuzz_done();
    return 0;
}
