/* reader_tags.c - tag pairs: common names, one tag pair, a '[' in any phase, runs of them. */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <string.h>
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/* The common tag names, by enum game_tag_id from GAME_TAG_EVENT on: most names need no copy. */
#define NAME(s) { s, sizeof s - 1 }
static const struct {
    const char *name;
    uint32_t len;
} common_tags[GAME_TAG_COUNT - GAME_TAG_EVENT] = {
    NAME("Event"), NAME("Site"), NAME("Date"), NAME("Round"), NAME("White"), NAME("Black"),
    NAME("Result"), NAME("ECO"), NAME("WhiteElo"), NAME("BlackElo"), NAME("PlyCount"),
    NAME("EventDate"), NAME("Annotator"), NAME("Opening"), NAME("Variation"), NAME("TimeControl"),
    NAME("Termination"), NAME("FEN"), NAME("SetUp"), NAME("Variant"), NAME("WhiteTitle"),
    NAME("BlackTitle"), NAME("WhiteFideId"), NAME("BlackFideId"), NAME("EventType"),
    NAME("EventRounds"), NAME("EventCountry"), NAME("Source"), NAME("SourceDate"),
    NAME("UTCDate"), NAME("UTCTime"), NAME("WhiteRatingDiff"), NAME("BlackRatingDiff"),
    NAME("Mode"), NAME("Board"), NAME("WhiteTeam"), NAME("BlackTeam"),
};
#undef NAME

const char *reader_common_tag_name(unsigned id)
{
    assert(id >= GAME_TAG_EVENT && id < GAME_TAG_COUNT);
    return common_tags[id - GAME_TAG_EVENT].name;
}

/*
 * The common names by a hash of their first eight bytes, zero-padded (a
 * little-endian number): the multiplier, found by a search, sends the 37
 * names to 37 different slots of 64, so a lookup is one probe and one
 * compare, with no loop. Each slot holds its name in sixteen bytes,
 * zero-padded, for one vector compare, its length and its id (0: none).
 */
enum { NAME_BITS = 6, NAME_SLOTS = 1 << NAME_BITS };
#define NAME_MUL 0x5cebdd071228844bull
static _Alignas(NAME_VEC) unsigned char slot_name[NAME_SLOTS][NAME_VEC];
static unsigned char slot_len[NAME_SLOTS], slot_id[NAME_SLOTS];

static unsigned name_hash(uint64_t first8)
{
    return (unsigned)((first8 * NAME_MUL) >> (64 - NAME_BITS));
}

/* The first eight bytes of s[0..len), zero-padded, as a little-endian number. */
static uint64_t name_first8(const unsigned char *s, size_t len)
{
    uint64_t k = 0;
    for (size_t i = 0; i < len && i < 8; i++)
        k |= (uint64_t)s[i] << (8 * i);
    return k;
}

void reader_tag_names_init(void)
{
    for (size_t i = 0; i < sizeof common_tags / sizeof common_tags[0]; i++) {
        const unsigned char *s = (const unsigned char *)common_tags[i].name;
        unsigned h = name_hash(name_first8(s, common_tags[i].len));
        assert(!slot_id[h] && "NAME_MUL no longer sends every common name to its own slot");
        memcpy(slot_name[h], s, common_tags[i].len);
        slot_len[h] = (unsigned char)common_tags[i].len;
        slot_id[h] = (unsigned char)(GAME_TAG_EVENT + i);
    }
}

/*
 * The enum game_tag_id of the tag name s[0..len) (len >= 1). With vec, the
 * sixteen bytes at s are readable and len < 16: the name is compared in one
 * step (struct simd16) instead of a memcmp(). A tag name has no NUL byte, so the
 * compare with the zero-padded name also tells a longer or shorter name.
 */
static inline ALWAYS_INLINE unsigned tag_id(const unsigned char *s, size_t len,
                                             int vec)
{
    if (vec) {
        struct simd16 x = simd16_prefix(s, len);
        unsigned h = name_hash(simd16_low64(x));
        return simd16_equal(x, slot_name[h]) ? slot_id[h] : GAME_TAG_OTHER;
    }
    unsigned h = name_hash(name_first8(s, len));
    if (slot_len[h] == len && !memcmp(slot_name[h], s, len))
        return slot_id[h];
    return GAME_TAG_OTHER;
}

unsigned reader_tag_id_nocase(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof common_tags / sizeof common_tags[0]; i++) {
        if (common_tags[i].len != len)
            continue;
        size_t k = 0;
        /* Letters and digits only (a tag name's): bit 0x20 is the case of a letter. */
        while (k < len && ((unsigned char)name[k] | 0x20) == (common_tags[i].name[k] | 0x20))
            k++;
        if (k == len)
            return GAME_TAG_EVENT + (unsigned)i;
    }
    return GAME_TAG_OTHER;
}

unsigned pgn_tag_id(const char *name, size_t len)
{
    return len ? tag_id((const unsigned char *)name, len, 0) : GAME_TAG_OTHER;
}

/* Skips the rest of the line from buf[idx] up to (not including) its line end or ']'. */
static size_t skip_to_bracket(const unsigned char *b, size_t idx)
{
    while (!(pgn_lex_class[b[idx]] & LX_EOL) && b[idx] != ']')
        idx++;
    return b[idx] == ']' ? idx + 1 : idx;
}

/* The record of a tag pair whose '[' is off bytes into the game, with its
 * name at name_off and its value at [v0, vend) (offsets from the game's
 * first byte); line and col are the '['s. */
static inline ALWAYS_INLINE void put_raw_tag(struct raw_tag *rt, uint32_t off,
                                             uint32_t name_off, size_t name_len,
                                             size_t v0, size_t vend, int escaped,
                                             uint64_t line, uint32_t col,
                                             unsigned id)
{
    rt->name_off = name_off;
    rt->name_len = (uint32_t)name_len;
    rt->value_off = (uint32_t)v0;
    rt->value_len = (uint32_t)(vend - v0);
    rt->escaped = (uint32_t)escaped;
    rt->line = line;
    rt->col = col;
    rt->off = off;
    rt->id = id;
}

/*
 * Records the tag pair whose '[' is buf[idx], name buf[name..+name_len) and
 * value buf[v0..vend) (escaped: with backslashes to decode), the limits
 * checked. Returns 0 when out of memory.
 */
static inline int add_tag(struct pgn_reader *r, size_t idx, size_t name, size_t name_len,
                          size_t v0, size_t vend, int escaped, unsigned id)
{
    struct raw_tag *rt = push(r, &r->rec.rtags, sizeof *rt);
    if (!rt)
        return 0;
    const struct reader_window *w = &r->win;
    put_raw_tag(rt, rel(w, idx), rel(w, name), name_len, rel(w, v0), rel(w, vend), escaped,
                w->line, col_of(w, idx), id);
    return 1;
}

/*
 * A value over the limit: one error, and the value keeps its first
 * max_tag_value bytes, cut before a UTF-8 character or an escape that would
 * be split. Only this tag pair suffers: skipping the rest of the game would
 * lose the tags after it, and they would then be reported missing although
 * present. Returns the new end of the value.
 */
static size_t cut_tag_value(struct pgn_reader *r, size_t idx, size_t name, size_t name_len,
                            size_t v0, size_t vend, int escaped)
{
    const unsigned char *b = r->win.buf;
    char t[MSG_TOKEN_MAX * 3 + 8];
    size_t end = v0 + r->lim.max_tag_value;
    while (end > v0 && (b[end] & 0xc0) == 0x80)
        end--;
    size_t slashes = 0;
    while (escaped && end - slashes > v0 && b[end - slashes - 1] == '\\')
        slashes++;
    end -= slashes & 1;
    DIAG_AT(r, PGN_SEV_ERROR, PGN_ETOOBIG, idx,
            "tag value too long (limit %llu): '%s' cut from %zu to %zu bytes",
            (unsigned long long)r->lim.max_tag_value, reader_quote(t, b + name, name_len),
            vend - v0, end - v0);
    return end;
}

/* A tag pair at buf[idx] without a name, or with its name buf[name..+name_len) but no value
 * at buf[q]: an error, and the reader goes on after it. */
static void no_value(struct pgn_reader *r, size_t idx, size_t q, size_t name, size_t name_len)
{
    char t[MSG_TOKEN_MAX * 3 + 8];
    if (!r->ps.skip) {
        if (!name_len)
            DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "tag pair without a name");
        else
            DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "tag '%s' has no value",
                    reader_quote(t, r->win.buf + name, name_len));
    }
    r->win.pos = skip_to_bracket(r->win.buf, q);
    r->ps.last_end = rel(&r->win, r->win.pos);
}

/* After a quote in a tag value not followed by ']', from b[a]: 1 when a later quote on the line
 * closes the value (followed by ']' or by the line end), so that this one is a literal quote. */
static int closed_later(const unsigned char *b, size_t a)
{
    const unsigned char *cls = pgn_lex_class;
    for (size_t z = a; !(cls[b[z]] & LX_EOL); z++) {
        if (b[z] == '"') {
            size_t y = z + 1;
            while (ascii_is_blank(b[y]))
                y++;
            if (b[y] == ']' || (cls[b[y]] & LX_EOL))
                return 1;
        }
    }
    return 0;
}

/* A tag pair at buf[idx] ('['), on one line. Errors here spoil only this tag pair. */
static void tag_pair(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    const unsigned char *b = r->win.buf, *cls = pgn_lex_class;
    size_t q = idx + 1;
    char t[MSG_TOKEN_MAX * 3 + 8];
    while (ascii_is_blank(b[q]))
        q++;
    size_t name = q;
    while (cls[b[q]] & LX_TAGNAME)
        q++;
    size_t name_len = q - name;
    while (ascii_is_blank(b[q]))
        q++;
    if (!name_len || b[q] != '"') {
        no_value(r, idx, q, name, name_len);
        return;
    }
    size_t v0 = ++q, vend;
    int escaped = 0, warned = 0;
    for (;;) {
        while (!(cls[b[q]] & LX_VSTOP))
            q++;
        if (b[q] == '\\') {
            escaped = 1;
            q += (cls[b[q + 1]] & LX_EOL) ? 1 : 2;
            continue;
        }
        if (b[q] != '"') {
            if (!ps->skip)
                DIAG_AT(r, PGN_SEV_ERROR, PGN_ESYNTAX, idx, "unterminated value of tag '%s'",
                        reader_quote(t, b + name, name_len));
            r->win.pos = q;
            ps->last_end = rel(&r->win, q);
            return;
        }
        size_t a = q + 1;
        while (ascii_is_blank(b[a]))
            a++;
        if (b[a] == ']') {
            vend = q;
            q = a + 1;
            break;
        }
        /*
         * A quote not followed by ']': a literal quote if a later one closes
         * the value (followed by ']' or by the line end).
         */
        if (closed_later(b, a)) {
            if (!warned && !ps->skip)
                DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, q, "unescaped '\"' in value of tag '%s'",
                        reader_quote(t, b + name, name_len));
            warned = 1;
            q++;
            continue;
        }
        vend = q;
        if (!ps->skip) {
            if (cls[b[a]] & LX_EOL)
                DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, a, "missing ']' after tag '%s'",
                        reader_quote(t, b + name, name_len));
            else
                DIAG_AT(r, PGN_SEV_WARNING, PGN_ESYNTAX, a, "text after the value of tag '%s'",
                        reader_quote(t, b + name, name_len));
        }
        q = skip_to_bracket(b, a);
        break;
    }
    r->win.pos = q;
    ps->last_end = rel(&r->win, q);
    ps->blank = 0;
    if (ps->skip)
        return;
    if (vend - v0 > r->lim.max_tag_value)
        vend = cut_tag_value(r, idx, name, name_len, v0, vend, escaped);
    if (reader_over_limit(r, COUNT_OF(r->rec.rtags, struct raw_tag) >= r->lim.max_tags, idx,
                          "too many tags in one game", r->lim.max_tags))
        return;
    add_tag(r, idx, name, name_len, v0, vend, escaped, tag_id(b + name, name_len, 0));
}

/* 1 when the game already has a tag called name[0..n). */
static int has_tag(const struct pgn_reader *r, const unsigned char *name, size_t n)
{
    const struct raw_tag *t = (const struct raw_tag *)r->rec.rtags.data;
    const unsigned char *g = r->win.buf + r->win.gstart;
    for (uint32_t i = 0, c = COUNT_OF(r->rec.rtags, struct raw_tag); i < c; i++)
        if (t[i].name_len == n && !memcmp(g + t[i].name_off, name, n))
            return 1;
    return 0;
}

/* '[' at buf[idx]. Returns 1 when it starts the next game. */
/*
 * The length of a forum wrapper at b[idx] ('['): "[pgn]" (opening) or
 * "[/pgn]" (closing), in any case, as bulletin boards put them around a
 * game; 0 for anything else. *closing tells which.
 */
static size_t forum_wrapper(const unsigned char *b, size_t idx, size_t safe, int *closing)
{
    size_t k = idx + 1;
    *closing = k < safe && b[k] == '/';
    k += (size_t)*closing;
    if (safe - k < 4 || (b[k] | 0x20) != 'p' || (b[k + 1] | 0x20) != 'g' ||
        (b[k + 2] | 0x20) != 'n' || b[k + 3] != ']')
        return 0;
    return k + 4 - idx;
}

/*
 * A forum wrapper (see forum_wrapper()) of n bytes at buf[idx]: an opening
 * one after moves starts the next game; otherwise it is skipped, with a
 * warning. Returns 1 when the game ends before it.
 */
static COLD int skip_forum_wrapper(struct pgn_reader *r, size_t idx, size_t n, int closing)
{
    struct parse *ps = &r->ps;
    if (!closing && ps->phase >= PHASE_MOVES)
        return reader_end_before(r, idx);
    start_token(r, idx);
    reader_repair(r, PGN_REPAIR_WRAPPER, r->win.line, col_of(&r->win, idx), r->win.base + idx,
                  "forum wrapper '%.*s' skipped", (int)n, (const char *)r->win.buf + idx);
    r->win.pos = idx + n;
    ps->last_end = rel(&r->win, idx + n);
    return 0;
}

int reader_bracket(struct pgn_reader *r, size_t idx)
{
    struct parse *ps = &r->ps;
    const unsigned char *name;
    size_t name_len;
    int closing;
    size_t wrapper = forum_wrapper(r->win.buf, idx, r->win.safe, &closing);
    if (wrapper)
        return skip_forum_wrapper(r, idx, wrapper, closing);
    if (ps->phase == PHASE_RESULT)
        return reader_end_before(r, idx);
    if (ps->phase <= PHASE_TAGS) {
        /* A repeated tag may start the next game (header-only games). */
        if (ps->phase != PHASE_START &&
            (ps->blank || r->win.buf[idx + 1] == 'E' || r->win.buf[idx + 1] == ' ') &&
            pgn_lex_tag_start(r->win.buf + idx, r->win.buf + r->win.safe, &name, &name_len) &&
            ((ps->skip && ps->blank) ||
             ((ps->blank || (name_len == 5 && !memcmp(name, "Event", 5))) &&
              has_tag(r, name, name_len))))
            return reader_end_before(r, idx);
        start_token(r, idx);
        tag_pair(r, idx);
        return 0;
    }
    int tag = pgn_lex_tag_start(r->win.buf + idx, r->win.buf + r->win.safe, &name, &name_len);
    if (tag && ps->line_tokens == 0) {
        reader_unterminated_variation(r);
        return reader_end_before(r, idx);
    }
    start_token(r, idx);
    FAIL_AT(r, PGN_ESYNTAX, idx, tag ? "tag pair in movetext" : "unexpected '[' in movetext");
    r->win.pos = idx + 1;
    ps->last_end = rel(&r->win, idx + 1);
    return 0;
}

/* Where reader_tag_run() stopped, written back to the reader: the tag records rt0..rt, the line
 * (line, lbase as the run counts them) and the parser state at done, then the empty line that
 * nearly always follows. Returns where reading goes on. */
static const unsigned char *tag_run_store(struct pgn_reader *r, const struct raw_tag *rt0,
                                          const struct raw_tag *rt, const unsigned char *done,
                                          uint64_t line, ptrdiff_t lbase)
{
    struct parse *ps = &r->ps;
    const unsigned char *const g = r->win.buf + r->win.gstart;
    /* As start_token() and the line ends would have left them. */
    uint32_t last_end = rt[-1].value_off + rt[-1].value_len + 2;
    mark_started(ps, rt0->line, rt0->col, rt0->off);
    if (done != g + last_end)
        ps->line_tokens = 0; /* the run ends after a line end */
    else if (line == r->win.line)
        ps->line_tokens++; /* one tag pair, on the line the run began on */
    else
        ps->line_tokens = 1;
    ps->last_end = last_end;
    ps->blank = 0;
    r->rec.rtags.len = (size_t)((const char *)rt - r->rec.rtags.data);
    r->win.line = line;
    r->win.lstart = (ptrdiff_t)r->win.gstart + lbase + 1;
    return done;
}

/*
 * Plain tag pairs in a row, each '[' name ' ' '"' value '"' ']' with no
 * backslash in the value, and the line ends after them: read as reader_bracket()
 * and tag_pair() read them, and the line ends as tokens() in reader_parse.c does. Called
 * at a '[' in the tag section. Returns where it stopped: after the last tag
 * pair or line end it took, or p when it took nothing. What it does not
 * take goes the general way: other spellings, a tag pair that may start the
 * next game, errors and limits, a line end at the end of the window or
 * where the game may grow too big.
 */
const unsigned char *reader_tag_run(struct pgn_reader *r, const unsigned char *p)
{
    struct parse *ps = &r->ps;
    if (ps->skip)
        return p;
    /*
     * The state the loop changes stays in locals and goes back to r and ps
     * once, at the end: stores through r would make the compiler reload the
     * limits after every one. Offsets count from the game's first byte, as
     * the records keep them, and the records go straight into the room the
     * vector has; with none left, the general way grows it.
     */
    const unsigned char *const g = r->win.buf + r->win.gstart;
    const unsigned char *const safe = r->win.buf + r->win.safe;
    const unsigned char *cls = pgn_lex_class, *done = p;
    const size_t max_value = r->lim.max_tag_value, max_game = r->lim.max_game;
    size_t count = COUNT_OF(r->rec.rtags, struct raw_tag);
    size_t room = (r->rec.rtags.cap - r->rec.rtags.len) / sizeof(struct raw_tag);
    size_t limit = count + room < r->lim.max_tags ? count + room : r->lim.max_tags;
    if (count >= limit)
        return p; /* no array yet (NULL + 0 is undefined), or a full one */
    struct raw_tag *const rt0 = (struct raw_tag *)(r->rec.rtags.data + r->rec.rtags.len);
    struct raw_tag *rt = rt0, *const rt_end = rt0 + (limit - count);
    uint64_t line = r->win.line;
    ptrdiff_t lbase = r->win.lstart - (ptrdiff_t)r->win.gstart - 1; /* col = off - lbase */
    /* Which tag names may start the next game (see reader_bracket()): none, "Event" or any. */
    enum { REPEAT_NONE, REPEAT_EVENT, REPEAT_ANY } repeat =
        ps->phase == PHASE_START ? REPEAT_NONE : ps->blank ? REPEAT_ANY : REPEAT_EVENT;
    while (rt < rt_end) {
        size_t name_end, vend;
        int vec;
        if (!plain_tag_pair(g, (size_t)(p - g), (size_t)(safe - g), max_value, &name_end, &vend,
                            &vec))
            break;
        const unsigned char *name = p + 1;
        size_t name_len = (size_t)(g + name_end - name), v0 = name_end + 2;
        unsigned id = tag_id(name, name_len, vec);
        if (repeat == REPEAT_ANY || (repeat == REPEAT_EVENT && id == GAME_TAG_EVENT)) {
            r->rec.rtags.len = (size_t)((char *)rt - r->rec.rtags.data);
            if (has_tag(r, name, name_len))
                break;
        }
        repeat = REPEAT_EVENT;
        uint32_t off = (uint32_t)(p - g);
        put_raw_tag(rt++, off, off + 1, name_len, v0, vend, 0, line,
                    (uint32_t)((ptrdiff_t)off - lbase), id);
        p = done = g + vend + 2;
        unsigned c = *p;
        if (!(cls[c] & LX_EOL))
            break;
        /* The line end, as tokens() in reader_parse.c takes it after a token. */
        const unsigned char *n = p + ((c == '\r' && p[1] == '\n') ? 2 : 1);
        if ((size_t)(n - g) > max_game)
            break;
        line++;
        lbase = n - g - 1;
        p = done = n;
        if (p >= safe || *p != '[')
            break;
    }
    if (rt != rt0)
        done = tag_run_store(r, rt0, rt, done, line, lbase);
    return done;
}
