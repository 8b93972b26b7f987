/* reader_run.c - the movetext run: numbers and plain moves in one loop. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/*
 * "O-O" or "O-O-O", maybe with '+' or '#', at w[0..q): castling as
 * pgn_lex_word() reads it, and not a word that reader_word() would join with the
 * next one ("O-O -O", "O-O - O"): 0 when the next word continues it.
 * pgn_lex_glue() joins words only into a prefix of one of its spellings, or
 * into castling and nothing but + # ! ?; from "O-O" that needs a next word
 * starting with '-' ("O-O-O"), and from "O-O-O" nothing goes on. So
 * "O-O 10.Nc3" is plain castling, and is not handed to reader_word() for a join
 * that cannot happen.
 */
static int plain_castling(const unsigned char *w, const unsigned char *q)
{
    size_t n = (size_t)(q - w);
    int marked = n && (q[-1] == '+' || q[-1] == '#');
    n -= (size_t)marked;
    if (!((n == 3 && !memcmp(w, "O-O", 3)) || (n == 5 && !memcmp(w, "O-O-O", 5))))
        return 0;
    if (!marked && n == 3 && ascii_is_blank(*q)) {
        while (ascii_is_blank(*q))
            q++;
        if (*q == '-')
            return 0;
    }
    return 1;
}

/* What reader_movetext_run() asks of a byte, in one lookup (a mix of pgn_lex_class and
 * pgn_lex_move). */
enum { RC_WORD = 1, RC_DIGIT = 2, RC_START = 4, RC_LAST = 8, RC_EOL = 16, RC_E = 32,
       RC_DOTP = 64 };
static unsigned char run_class[256];

void reader_run_init(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned k = 0, cl = pgn_lex_class[c], mv = pgn_lex_move[c];
        k |= (cl & LX_WORD) ? RC_WORD : 0;
        k |= (cl & LX_DIGIT) ? RC_DIGIT : 0;
        k |= (cl & LX_EOL) ? RC_EOL : 0;
        /* May start a move: "e" only when not "e.p." or "ep" (see run_move()). */
        k |= ((mv & LM_FIRST) || c == 'e' || c == 'O') ? RC_START : 0;
        k |= (mv & LM_LAST) ? RC_LAST : 0;
        k |= c == 'e' ? RC_E : 0;
        k |= (c == '.' || c == 'p') ? RC_DOTP : 0;
        run_class[c] = (unsigned char)k;
    }
}

/* GCC packs the fields of a move record into vector registers, which costs more than it saves. */
#define HOT_LOOP NOINLINE NO_SLP_VECTORIZE

/* reader_movetext_run()'s state, in locals once run_move() and run_sep() are inlined. */
struct run {
    const unsigned char *p;    /* the next word */
    const unsigned char *last; /* end of the last word taken */
    const unsigned char *lend; /* end of the last line end taken */
    struct game_move *m;       /* the next move record */
    uint32_t lbase;            /* col = off - lbase (mod 2^32), as col_of() counts */
    uint64_t line;
};

/* What reader_movetext_run() does not change. */
struct run_env {
    const unsigned char *g;    /* the game's first byte */
    const unsigned char *safe;
    struct game_move *mend;    /* no room for a move record here */
    size_t max_token, max_game;
    uint32_t var;
};

/* What run_number() read. */
enum { RN_STOP, RN_ALONE, RN_GLUED };

/*
 * Reads the move number at p (a digit), "12." or "12..." alone or glued to a
 * move ("12.Nf3"): returns what it was, with the number, its flags and the
 * byte after its dots, or RN_STOP when reader_movetext_run() must not take it.
 */
static inline ALWAYS_INLINE int run_number(const unsigned char *p,
                                           uint32_t *number, uint32_t *nflags,
                                           const unsigned char **after)
{
    const unsigned char *const rc = run_class;
    uint32_t num = (uint32_t)(p[0] - '0'); /* p is a digit */
    size_t nd = 1;
    for (unsigned c; rc[c = p[nd]] & RC_DIGIT; nd++)
        num = num * 10 + (uint32_t)(c - '0');
    const unsigned char *w = p + nd;
    if (*w != '.' || nd > 9) /* a result ("1-0"), a word not taken, or too long */
        return RN_STOP;
    /* One dot, or (rarely) more. */
    uint32_t f = 0;
    if (*++w == '.') {
        f = GAME_MOVE_NUMBER_DOTS;
        while (*++w == '.')
            ;
    }
    *number = num;
    *nflags = f;
    *after = w;
    if (rc[*w] & RC_WORD)
        return RN_GLUED;
    return *w == '(' ? RN_STOP : RN_ALONE;
}

/*
 * Takes the move at w (a word, or the rest of one after a glued number) with
 * the number written before it: returns 1 with s->last at its end, or 0 (s
 * unchanged) when reader_movetext_run() must not take it.
 */
static inline ALWAYS_INLINE int run_move(struct run *s, const struct run_env *e,
                                         const unsigned char *w, uint32_t num,
                                         uint32_t nf)
{
    const unsigned char *const rc = run_class;
    unsigned k = rc[*w];
    if (!(k & RC_START))
        return 0;
    const unsigned char *q = w + 1;
    while (rc[*q] & RC_WORD)
        q++;
    if ((size_t)(q - w) > e->max_token)
        return 0;
    struct game_move *m = s->m;
    if (*q == '(' || !(rc[q[-1]] & RC_LAST) || m == e->mend)
        return 0;
    /* "e.p.+", "ep+": an e.p. mark, as reader_word() reads it ('.' or 'p' is rare there in a move).
     */
    if ((rc[w[1]] & RC_DOTP) && (k & RC_E))
        return 0;
    if (*w == 'O' && !plain_castling(w, q))
        return 0;
    uint32_t off = (uint32_t)(w - e->g);
    put_move(m, w, s->line, off - s->lbase, off, (uint32_t)(q - w), nf, num, e->var);
    s->m = m + 1;
    s->last = q;
    return 1;
}

/*
 * Takes the blank or the line end after the token that ends at s->last, and
 * returns 1 when a word follows (s->p), else 0. Inlined at each site.
 */
static inline ALWAYS_INLINE int run_sep(struct run *s, const struct run_env *e)
{
    const unsigned char *const rc = run_class, *q = s->last;
    if (*q == ' ') {
        if (!(rc[q[1]] & RC_WORD))
            return 0;
        s->p = q + 1;
        return 1;
    }
    if (!(rc[*q] & RC_EOL))
        return 0;
    /* A line end, as tokens() in reader_parse.c takes it after a token. */
    const unsigned char *p = q + ((*q == '\r' && q[1] == '\n') ? 2 : 1);
    if ((size_t)(p - e->g) > e->max_game)
        return 0;
    s->line++;
    s->lbase = (uint32_t)(p - e->g) - 1;
    s->lend = p;
    if (p >= e->safe || !(rc[*p] & RC_WORD))
        return 0;
    s->p = p;
    return 1;
}

/*
 * The sites of reader_movetext_run(): the tokens before, which tell what likely
 * comes next. Each site takes a token and its separator and names the next:
 *
 *   site               after                       a number alone  a glued number  a move
 *   SITE_AFTER_BLACK   Black's move, or the start  AFTER_NUMBER    BEFORE_BLACK    AFTER_BLACK
 *   SITE_AFTER_NUMBER  "12. "                      (OUT)           (OUT)           BEFORE_BLACK
 *   SITE_BEFORE_BLACK  "12.Nf3 ", "12. Nf3 "       AFTER_NUMBER    BEFORE_BLACK    AFTER_BLACK
 *
 * and SITE_OUT at anything the run does not take ("12. 13." is rare: left to
 * the caller).
 */
enum run_site { SITE_AFTER_BLACK, SITE_AFTER_NUMBER, SITE_BEFORE_BLACK, SITE_OUT };

/* The move number read and waiting for its move: 0 and 0 but at SITE_AFTER_NUMBER. */
struct run_wait {
    uint32_t number, flags;
};

/*
 * SITE_AFTER_BLACK and SITE_BEFORE_BLACK: a number (alone or glued to its
 * move) or a move without one, at s->p. Returns the next site.
 */
static inline ALWAYS_INLINE enum run_site run_site_word(struct run *s, const struct run_env *e,
                                                        struct run_wait *wait)
{
    uint32_t num = 0, nf = 0; /* run_number() sets them, as w, unless it finds no number */
    const unsigned char *w = s->p;
    if (!(run_class[*s->p] & RC_DIGIT))
        return run_move(s, e, s->p, 0, 0) && run_sep(s, e) ? SITE_AFTER_BLACK : SITE_OUT;
    switch (run_number(s->p, &num, &nf, &w)) {
    case RN_GLUED: /* "12.Nf3" */
        if (run_move(s, e, w, num, nf | GAME_MOVE_GLUED_NUMBER) && run_sep(s, e))
            return SITE_BEFORE_BLACK;
        return SITE_OUT;
    case RN_ALONE: /* "12." */
        wait->number = num;
        wait->flags = nf;
        s->last = w;
        return run_sep(s, e) ? SITE_AFTER_NUMBER : SITE_OUT;
    default:
        return SITE_OUT;
    }
}

/* SITE_AFTER_NUMBER: the move at s->p that the waiting number belongs to. Returns the next site. */
static inline ALWAYS_INLINE enum run_site run_site_numbered(struct run *s, const struct run_env *e,
                                                            struct run_wait *wait)
{
    if ((run_class[*s->p] & RC_DIGIT) || !run_move(s, e, s->p, wait->number, wait->flags))
        return SITE_OUT;
    wait->number = wait->flags = 0;
    return run_sep(s, e) ? SITE_BEFORE_BLACK : SITE_OUT;
}

/* Where reader_movetext_run() stopped, written back to the reader: the moves, the number
 * waiting, the line. Returns where the run stopped (p when it took nothing). */
static inline ALWAYS_INLINE const unsigned char *
run_store(struct pgn_reader *r, const struct run *s, const struct run_env *e,
          const struct run_wait *wait, const unsigned char *start, struct game_move *m0)
{
    struct parse *ps = &r->ps;
    if (s->last == start)
        return start;
    /* line_tokens: only whether it is 0 matters. */
    ps->line_tokens = s->lend > s->last ? 0 : ps->line_tokens + 1;
    ps->number = wait->number;
    ps->number_flags = wait->flags;
    ps->last_end = (uint32_t)(s->last - e->g);
    if (s->lend != start) {
        r->win.line = s->line;
        r->win.lstart = s->lend - r->win.buf;
    }
    if (s->m != m0) {
        uint32_t count = COUNT_OF(r->rec.moves, struct game_move) + (uint32_t)(s->m - m0);
        r->rec.moves.len = (size_t)count * sizeof *s->m;
        ps->last = count - 1;
    }
    return s->lend > s->last ? s->lend : s->last;
}

/*
 * The bulk of movetext in one loop, with the parser's state in locals: move
 * numbers ("12.", "12..."), plain moves ("Nf3", "exd5", "e8=Q+") and both
 * glued ("12.Nf3"), one blank or one line end apart, taken exactly as
 * reader_word() and the line-end case of tokens() (reader_parse.c) take them;
 * castling too, as reader_word() takes it. Called at a word of the movetext proper
 * (a token seen, the tag section over, no error, no result yet). Returns
 * where it stopped (after the last word or line end it took), or p when it
 * took nothing. The first word it does not take is left to the caller, and
 * so is a line end that the caller must see: at the end of the window, or
 * where the game may grow too big.
 *
 * Whether a token starts with a move number depends on the tokens before it
 * ("12.Nf3 Nc6 13.", "12. Nf3 Nc6 13."), so the loop is a state machine whose
 * states are the sites of enum run_site. A site only guesses what comes, but
 * knows the number waiting for its move: none but after a number alone, which
 * has a site of its own. The two word sites read the same way and share one
 * copy of the code; a switch on the site cost 2% more instructions of
 * validate -j 1 (callgrind, 20,000 games) than this loop, whose ways from site
 * to site are direct branches.
 */
HOT_LOOP const unsigned char *reader_movetext_run(struct pgn_reader *r, const unsigned char *p)
{
    /* A result ("1-0", "1/2-1/2"), which the run would only refuse after
     * setting itself up, is mostly where it was entered a second time. */
    if ((pgn_lex_class[p[0]] & LX_DIGIT) && (p[1] == '-' || p[1] == '/'))
        return p;
    size_t room = (r->rec.moves.cap - r->rec.moves.len) / sizeof(struct game_move);
    uint32_t count = COUNT_OF(r->rec.moves, struct game_move);
    uint32_t limit = count + (uint32_t)(room < r->lim.max_moves ? room : r->lim.max_moves);
    if (limit > r->lim.max_moves)
        limit = r->lim.max_moves;
    /* No array before the first move (room 0): no pointer either (NULL + 0 is undefined). */
    struct game_move *m0 =
        r->rec.moves.data ? (struct game_move *)(r->rec.moves.data + r->rec.moves.len) : NULL;
    const struct run_env e = {
        .g = r->win.buf + r->win.gstart,
        .safe = r->win.buf + r->win.safe,
        .mend = m0 ? m0 + (limit - count) : NULL,
        .max_token = r->lim.max_token,
        .max_game = r->lim.max_game,
        .var = r->ps.cur,
    };
    struct run s = {
        .p = p, .last = p, .lend = p, .m = m0,
        .lbase = (uint32_t)(r->win.lstart - 1 - (ptrdiff_t)r->win.gstart),
        .line = r->win.line,
    };
    struct run_wait wait = { r->ps.number, r->ps.number_flags };
    /* The sites as a loop: a word site (SITE_AFTER_BLACK, SITE_BEFORE_BLACK) goes on to a word
     * site or to SITE_AFTER_NUMBER, which goes back to a word site; each way is a direct branch. */
    enum run_site site = SITE_AFTER_BLACK;
    if (wait.number || wait.flags)
        site = run_site_numbered(&s, &e, &wait);
    while (site != SITE_OUT) {
        site = run_site_word(&s, &e, &wait);
        if (site == SITE_AFTER_NUMBER)
            site = run_site_numbered(&s, &e, &wait);
    }
    return run_store(r, &s, &e, &wait, p, m0);
}
