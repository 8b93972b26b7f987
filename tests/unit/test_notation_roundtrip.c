/* test_notation_roundtrip.c - write then read every legal move in every style and language;
 * SAN against a reference writer built on movegen; real files written by other tools. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "write_styles.h"
#include "chess/movegen.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "chess/position.h"
#include "notation/san.h"
#include "notation/uci.h"

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED_BUILD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED_BUILD 1
#endif
#endif
#ifndef SANITIZED_BUILD
#define SANITIZED_BUILD 0
#endif

/* Moves to test: (position, legal move) pairs, each in every style. */
static long target_moves(void)
{
    return (getenv("PGNKIT_QUICK") || SANITIZED_BUILD) ? 150000 : 1000000;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/*
 * English SAN as the PGN standard describes it, from the full legal move
 * list: independent of lib/san and lib/movewrite, so that it can judge them.
 */
static void reference_san(const struct pos *p, const struct movelist *legal, move16 m, char *out)
{
    static const char letters[] = "PNBRQK";
    int from = move_from(m), to = move_to(m), type = piece_type(p->board[from]);
    int capture = p->board[to] != NO_PIECE || move_flag(m) == MF_EN_PASSANT;
    char *o = out;
    if (move_flag(m) == MF_CASTLING) {
        o += snprintf(o, 8, "%s", to > from ? "O-O" : "O-O-O");
    } else {
        if (type == PAWN) {
            if (capture)
                *o++ = (char)('a' + sq_file(from));
        } else {
            int rivals = 0, same_file = 0, same_rank = 0;
            for (int i = 0; i < legal->n; i++) {
                move16 r = legal->moves[i];
                int rf = move_from(r);
                if (rf == from || move_to(r) != to || move_flag(r) == MF_CASTLING
                    || piece_type(p->board[rf]) != type)
                    continue;
                rivals = 1;
                same_file |= sq_file(rf) == sq_file(from);
                same_rank |= sq_rank(rf) == sq_rank(from);
            }
            *o++ = letters[type];
            if (rivals && (!same_file || same_rank))
                *o++ = (char)('a' + sq_file(from));
            if (rivals && same_file)
                *o++ = (char)('1' + sq_rank(from));
        }
        if (capture)
            *o++ = 'x';
        *o++ = (char)('a' + sq_file(to));
        *o++ = (char)('1' + sq_rank(to));
        if (move_flag(m) == MF_PROMOTION) {
            *o++ = '=';
            *o++ = letters[move_promo(m)];
        }
    }
    struct pos next = *p;
    pos_play(&next, m);
    if (pos_in_check(&next))
        *o++ = movegen_state(&next) == STATE_CHECKMATE ? '#' : '+';
    *o = 0;
}

/* san_origins, the candidate filter of reading and writing, against movegen. */
static void check_origins(const struct pos *p, const struct movelist *legal)
{
    bitboard want[PIECE_TYPE_NB][64] = { { 0 } };
    for (int i = 0; i < legal->n; i++) {
        move16 m = legal->moves[i];
        if (move_flag(m) != MF_CASTLING)
            want[piece_type(p->board[move_from(m)])][move_to(m)] |= sq_bb(move_from(m));
    }
    for (int type = KNIGHT; type <= KING; type++)
        for (int sq = 0; sq < 64; sq++)
            if (san_origins(p, type, sq) != want[type][sq]) {
                char fen[FEN_MAX];
                pos_to_fen(p, 0, fen);
                FAIL("%s: san_origins(%d, %c%c) %016llx, movegen %016llx", fen, type,
                     'a' + sq_file(sq), '1' + sq_rank(sq),
                     (unsigned long long)san_origins(p, type, sq),
                     (unsigned long long)want[type][sq]);
                return;
            }
}

/* Every legal move of p: reference SAN, then write + read in every style. */
static long check_position(const struct pos *p, const struct write_style *styles, int nstyles)
{
    struct movelist legal;
    movegen_legal(p, &legal);
    check_origins(p, &legal);
    for (int i = 0; i < legal.n; i++) {
        move16 m = legal.moves[i];
        char want[MOVE_TEXT_MAX], text[MOVE_TEXT_MAX];
        reference_san(p, &legal, m, want);
        san_write(p, m, text);
        if (strcmp(text, want)) {
            char fen[FEN_MAX];
            pos_to_fen(p, 0, fen);
            FAIL("%s: SAN '%s', reference '%s'", fen, text, want);
            if (test_failures > 20)
                return -1;
        }
        for (int s = 0; s < nstyles; s++) {
            move16 back = MOVE_NONE;
            struct move_error err = { 0, "" };
            size_t len = move_write(p, m, &styles[s], text, sizeof text);
            int rc = san_read(p, text, len, styles[s].lang, &back, NULL, &err);
            if (rc || back != m) {
                char fen[FEN_MAX], uci[UCI_MAX];
                pos_to_fen(p, 0, fen);
                uci_write(p, m, uci);
                FAIL("%s: %s written as '%s' (style %d) reads back as %s: %s", fen, uci, text, s,
                     rc ? pgn_strerror(rc) : "another move", err.msg);
                if (test_failures > 20)
                    return -1;
            }
        }
    }
    return legal.n;
}

void test_notation_roundtrip__random_playouts(void)
{
    static const char *const files[] = { "tests/data/standard.epd", "tests/data/chess960.epd" };
    struct write_style styles[MAX_STYLES];
    int nstyles = test_write_styles(styles);
    char fens[1200][FEN_MAX + 32];
    int nfens = 0;
    for (int i = 0; i < 2; i++) {
        FILE *f = test_open(files[i]);
        char line[512];
        while (f && fgets(line, sizeof line, f) && nfens < 1200) {
            char *semi = strchr(line, ';');
            if (semi)
                *semi = 0;
            snprintf(fens[nfens++], sizeof fens[0], "%.*s", (int)sizeof fens[0] - 1, line);
        }
        if (f)
            fclose(f);
    }
    long moves = 0, target = target_moves();
    for (int round = 0; moves < target && nfens; round++) {
        struct pos p;
        enum fen_problem why;
        int rc = pos_from_fen(&p, fens[round % nfens], &why);
        if (rc && why != FEN_IMPOSSIBLE_CHECK) { /* a suite's impossible check is complete */
            FAIL("bad FEN %s", fens[round % nfens]);
            return;
        }
        for (int ply = 0; ply < 60 && moves < target; ply++) {
            long n = check_position(&p, styles, nstyles);
            if (n < 0)
                return;
            if (n == 0)
                break;
            moves += n;
            struct movelist legal;
            movegen_legal(&p, &legal);
            pos_play(&p, legal.moves[rng() % (uint64_t)legal.n]);
        }
    }
    if (moves < target)
        FAIL("only %ld moves tested", moves);
}

/* ---- Real files written by other tools ---------------------------------- */

static char *slurp(const char *relpath)
{
    FILE *f = test_open(relpath);
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap)
            buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* A game's move tokens: tags, comments, variations, NAGs, move numbers and
 * results left out; tokens that belong together ("0- 0", "d5xc6 e.p.")
 * joined. Tokens point into the caller's text, which is modified. */
struct game_text {
    char fen[FEN_MAX + 1];
    char *tok[600];
    int n;
    char joined[32][MOVE_TEXT_MAX];
};

static int is_result(const char *t)
{
    static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*", "1:0", "0:1", "½:½" };
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (!strcmp(t, results[i]))
            return 1;
    return 0;
}

/* Reads the next game from *cursor; 0 when there is none. */
static int next_game(char **cursor, struct game_text *g)
{
    char *s = *cursor, *raw[600];
    int nraw = 0, depth = 0;
    g->fen[0] = 0;
    g->n = 0;
    while (*s == '\n' || *s == '\r' || *s == ' ')
        s++;
    while (*s == '[') {
        if (!strncmp(s, "[FEN \"", 6))
            snprintf(g->fen, sizeof g->fen, "%.*s", (int)strcspn(s + 6, "\""), s + 6);
        s += strcspn(s, "\n");
        while (*s == '\n' || *s == '\r')
            s++;
    }
    while (*s && !(*s == '[' && s[-1] == '\n')) {
        if (*s == '{') {
            s += strcspn(s, "}");
        } else if (*s == ';') {
            s += strcspn(s, "\n");
        } else if (*s == '(' || *s == ')') {
            depth += *s == '(' ? 1 : -1;
        } else if (*s != ' ' && *s != '\n' && *s != '\r' && *s != '\t' && !depth && *s != '$'
                   && nraw < 600) {
            raw[nraw++] = s;
            s += strcspn(s, " \r\n\t{}();");
            continue;
        }
        if (*s == '$' && !depth)
            s += strcspn(s, " \r\n\t");
        if (*s)
            s++;
    }
    *cursor = s;
    /* Terminate and filter the tokens only now: the scan above needs the text intact. */
    for (int i = 0; i < nraw; i++)
        raw[i][strcspn(raw[i], " \r\n\t{}();")] = 0;
    int njoined = 0;
    for (int i = 0; i < nraw; i++) {
        char *t = raw[i];
        size_t digits = strspn(t, "0123456789");
        if (digits && t[digits] == '.')
            t += digits; /* a move number, maybe glued to the move: "1.d4" */
        t += strspn(t, ".");
        if (!*t || !strcmp(t, "/") || is_result(t))
            continue;
        char *prev = g->n ? g->tok[g->n - 1] : NULL;
        if (prev && njoined < 32 && san_token_joins(prev, strlen(prev), t, strlen(t))) {
            snprintf(g->joined[njoined], sizeof g->joined[0], "%s %s", prev, t);
            g->tok[g->n - 1] = g->joined[njoined++];
            continue;
        }
        g->tok[g->n++] = t;
    }
    return nraw > 0 || g->fen[0];
}

/* The moves of one game, read in language lang (NOTATION_AUTO: detected). */
static int read_game(const struct game_text *g, int lang, move16 *moves, struct pos *start)
{
    struct pos p;
    if (lang == NOTATION_AUTO) {
        struct lang_detect d;
        lang_detect_init(&d);
        for (int i = 0; i < g->n; i++)
            lang_detect_add(&d, g->tok[i], strlen(g->tok[i]));
        lang = lang_detect_result(&d);
    }
    if (g->fen[0] ? pos_from_fen(&p, g->fen, NULL) : (pos_set_start(&p), 0)) {
        FAIL("bad FEN '%s'", g->fen);
        return -1;
    }
    *start = p;
    for (int i = 0; i < g->n; i++) {
        struct move_error err;
        if (san_read(&p, g->tok[i], strlen(g->tok[i]), lang, &moves[i], NULL, &err)) {
            FAIL("move %d '%s': %s", i + 1, g->tok[i], err.msg);
            return -1;
        }
        pos_play(&p, moves[i]);
    }
    return g->n;
}

/* Reads every game of path; if st is given, writing each move back in that
 * style must give the token exactly. Moves go to all[game][ply]. */
static int check_file(const char *path, int lang, const struct write_style *st,
                      move16 (*all)[600], int max_games)
{
    char *text = slurp(path), *cursor = text;
    struct game_text g;
    int games = 0;
    while (text && games < max_games && next_game(&cursor, &g)) {
        struct pos p;
        if (read_game(&g, lang, all[games], &p) < 0) {
            FAIL("%s: game %d", path, games + 1);
            break;
        }
        for (int i = 0; st && i < g.n; i++) {
            char out[MOVE_TEXT_MAX];
            move_write(&p, all[games][i], st, out, sizeof out);
            if (strcmp(out, g.tok[i]))
                FAIL("%s: game %d: '%s' written back as '%s'", path, games + 1, g.tok[i], out);
            pos_play(&p, all[games][i]);
        }
        all[games][g.n] = MOVE_NONE;
        games++;
    }
    free(text);
    return games;
}

/* UCI lines (one game per line) against moves read from the text. */
static void check_uci(const char *path, move16 (*all)[600], int games)
{
    char *text = slurp(path), *line = text;
    int game = 0;
    while (line && *line && game < games) {
        char *end = line + strcspn(line, "\n");
        struct pos p;
        pos_set_start(&p);
        int ply = 0;
        for (char *t = line; t < end; ply++) {
            int len = (int)strcspn(t, " \n");
            move16 m = uci_parse(&p, t, len);
            if (!m || m != all[game][ply]) {
                FAIL("%s: game %d ply %d: %.*s, read %s", path, game + 1, ply + 1, len, t,
                     all[game][ply] ? "another move" : "no move");
                break;
            }
            pos_play(&p, m);
            t += len;
            t += strspn(t, " ");
        }
        if (all[game][ply] != MOVE_NONE)
            FAIL("%s: game %d: more moves read than the UCI line has", path, game + 1);
        game++;
        line = *end ? end + 1 : end;
    }
    if (game != games)
        FAIL("%s: %d UCI lines for %d games", path, game, games);
    free(text);
}

static move16 games_a[40][600], games_b[40][600];

#define DIR "testdata/notation/"
enum {
    PGN_EXTRACT_LAN = WRITE_CASTLE_KING | WRITE_PROMO_BARE,
    GERMAN_LONG = WRITE_CAPTURED | WRITE_CASTLE_ZERO | WRITE_EP,
};

/* pgn-extract 19.04 -WsanBSLTDK / -Wxlalg / -WxlalgBSLTDK outputs of the same games. */
void test_notation_roundtrip__pgn_extract_outputs(void)
{
    const struct write_style de_san = { MOVE_FMT_SAN, NOTATION_DE, 0 };
    const struct write_style en_lan = { MOVE_FMT_LAN, NOTATION_EN, PGN_EXTRACT_LAN };
    const struct write_style de_lan = { MOVE_FMT_LAN, NOTATION_DE, PGN_EXTRACT_LAN };
    int n = check_file(DIR "otb_events_2019.de-san.pgn", NOTATION_DE, &de_san, games_a, 40);
    CHECK_EQ_INT(n, 20);
    n = check_file(DIR "otb_events_2019.en-xlalg.pgn", NOTATION_EN, &en_lan, games_b, 40);
    CHECK_EQ_INT(n, 20);
    for (int g = 0; g < n; g++)
        if (memcmp(games_a[g], games_b[g], sizeof games_a[g]))
            FAIL("game %d: German SAN and English LAN read as different moves", g + 1);
    n = check_file(DIR "otb_events_2019.de-xlalg.pgn", NOTATION_AUTO, &de_lan, games_b, 40);
    CHECK_EQ_INT(n, 10);
    for (int g = 0; g < n; g++)
        if (memcmp(games_a[g], games_b[g], sizeof games_a[g]))
            FAIL("game %d: German SAN and German LAN read as different moves", g + 1);
}

/* German book notation of every kind (language detected), against the UCI moves;
 * where the file keeps to one style, writing in it must give the text back. */
void test_notation_roundtrip__german_books(void)
{
    static const struct {
        const char *text, *uci;
        int games;
        struct write_style style;
    } files[] = {
        { DIR "world_matches.de-mixed.pgn", DIR "world_matches.de-mixed.uci", 30, { -1, 0, 0 } },
        { DIR "avro1938.de-long.pgn", DIR "avro1938.uci", 1,
          { MOVE_FMT_LAN, NOTATION_DE, GERMAN_LONG } },
        { DIR "avro1938.en.pgn", DIR "avro1938.uci", 1, { MOVE_FMT_SAN, NOTATION_EN, 0 } },
        { DIR "schaefermatt.de-long.txt", DIR "schaefermatt.uci", 1,
          { MOVE_FMT_LAN, NOTATION_DE, GERMAN_LONG } },
        { DIR "schaefermatt.de-short.txt", DIR "schaefermatt.uci", 1,
          { MOVE_FMT_SAN, NOTATION_DE, 0 } },
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        const struct write_style *st = files[i].style.format < 0 ? NULL : &files[i].style;
        int n = check_file(files[i].text, NOTATION_AUTO, st, games_a, 40);
        CHECK_EQ_INT(n, files[i].games);
        check_uci(files[i].uci, games_a, n);
    }
}
