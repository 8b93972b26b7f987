/* lichess_json.c - a game of the lichess API's NDJSON export, as lichess writes it in PGN. */
/* SPDX-License-Identifier: MIT */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "pgn/lichess_fields.h"
#include "pgn/record_pgn.h"
#include "base/banned.h"

/*
 * The facts come from lichess's own export code (lila's PgnDump, its tag
 * list and its move tree) and the API documentation of the game export:
 * the tags in lichess's order and spelling (GameId and Round "-" as
 * lila writes them today), and one comment per move with
 * the evaluation of the analysis then the clock: lichess writes { [%eval
 * 0.17] [%clk 0:03:00] }, this text {[%eval 0.17] [%clk 0:03:00]} (the
 * same comment once read, and cheaper to read). A record that carries
 * its "pgn" (pgnInJson=true) is that PGN: lichess wrote it, nothing is
 * rebuilt.
 */

/* Names lichess gives a perf in the Event tag, by the API's perf key. */
static const char *const perf_names[][2] = {
    { "ultraBullet", "UltraBullet" }, { "bullet", "Bullet" },
    { "blitz", "Blitz" },             { "rapid", "Rapid" },
    { "classical", "Classical" },     { "correspondence", "Correspondence" },
    { "chess960", "Chess960" },       { "kingOfTheHill", "King of the Hill" },
    { "threeCheck", "Three-check" },  { "antichess", "Antichess" },
    { "atomic", "Atomic" },           { "horde", "Horde" },
    { "racingKings", "Racing Kings" }, { "crazyhouse", "Crazyhouse" },
    { "fromPosition", "From Position" },
};

/* Variant tag values, by the API's variant key. */
static const char *const variant_names[][2] = {
    { "standard", "Standard" },         { "chess960", "Chess960" },
    { "fromPosition", "From Position" }, { "kingOfTheHill", "King of the Hill" },
    { "threeCheck", "Three-check" },     { "antichess", "Antichess" },
    { "atomic", "Atomic" },             { "horde", "Horde" },
    { "racingKings", "Racing Kings" },   { "crazyhouse", "Crazyhouse" },
};

/* A lichess status: its Termination tag, and whether the game is over. */
struct status_fact {
    const char *status, *termination;
    int finished;
};
static const struct status_fact statuses[] = {
    { "created", "Unterminated", 0 },      { "started", "Unterminated", 0 },
    { "aborted", "Abandoned", 0 },         { "noStart", "Abandoned", 1 },
    { "mate", "Normal", 1 },               { "resign", "Normal", 1 },
    { "stalemate", "Normal", 1 },          { "draw", "Normal", 1 },
    { "variantEnd", "Normal", 1 },         { "timeout", "Time forfeit", 1 },
    { "outoftime", "Time forfeit", 1 },    { "cheat", "Rules infraction", 1 },
    { "unknownFinish", "Unknown", 1 },
    { "insufficientMaterialClaim", "Insufficient material", 1 },
};

static const char *lookup(const char *const (*table)[2], size_t n, const char *key, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(table[i][0]) == len && !memcmp(table[i][0], key, len))
            return table[i][1];
    return NULL;
}
#define LOOKUP(table, key, len) lookup(table, sizeof table / sizeof table[0], key, len)

/* The string member k: 1, 0 when missing or null, RECORD_FAILED when not a string. */
static int string_of(struct record_pgn *rp, const struct lichess_fields *f, int k, const char **s,
                     size_t *len)
{
    return record_value_string(rp, &f->v[k], lichess_field_path(k), s, len);
}

/* The whole number member k within [min, max]: as record_value_int(). */
static int int_of(struct record_pgn *rp, const struct lichess_fields *f, int k, int64_t min,
                  int64_t max, int64_t *v)
{
    return record_value_int(rp, &f->v[k], lichess_field_path(k), min, max, v);
}

/* A string member that must be there. */
static int need_string(struct record_pgn *rp, const struct lichess_fields *f, int k,
                       const char **s, size_t *len)
{
    int rc = string_of(rp, f, k, s, len);
    return rc < 0 ? RECORD_FAILED : rc == 0 ? record_bad(rp, lichess_field_path(k), "missing") : 0;
}

static int event_tag(struct record_pgn *rp, const struct lichess_fields *f)
{
    int rated = f->v[LF_RATED].type == RECORD_TRUE;
    const char *perf = NULL, *id;
    size_t n = 0, idn;
    if (string_of(rp, f, LF_PERF, &perf, &n) < 0)
        return RECORD_FAILED;
    const char *name = perf ? LOOKUP(perf_names, perf, n) : NULL;
    char event[256];
    if (!name)
        name = perf ? perf : "";
    int r = string_of(rp, f, LF_TOURNAMENT, &id, &idn);
    if (r < 0)
        return RECORD_FAILED;
    if (r)
        snprintf(event, sizeof event, "%s %s tournament https://lichess.org/tournament/%.*s",
                 rated ? "Rated" : "Casual", name, (int)(idn < 64 ? idn : 64), id);
    else if ((r = string_of(rp, f, LF_SIMUL, &id, &idn)) > 0)
        snprintf(event, sizeof event, "%s simul https://lichess.org/simul/%.*s", name,
                 (int)(idn < 64 ? idn : 64), id);
    else if (r < 0)
        return RECORD_FAILED;
    else
        snprintf(event, sizeof event, "%s %s game", rated ? "Rated" : "Casual", name);
    return record_tag_str(rp, "Event", event);
}

/*
 * v in decimal at out (room for 21 bytes and the NUL), with a "+" before
 * v >= 0 when plus (lichess writes a rating difference of 0 as "+0");
 * returns out. Digit by digit: printf cost a tenth
 * of each record's tags.
 */
static char *int_text(char *out, int64_t v, int plus)
{
    char digits[24], *p = digits + sizeof digits;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do
        *--p = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    char *o = out;
    if (v < 0 || plus)
        *o++ = v < 0 ? '-' : '+';
    size_t n = (size_t)(digits + sizeof digits - p);
    memcpy(o, p, n);
    o[n] = 0;
    return out;
}

/* The members of a side lichess writes tags from. */
struct side_paths {
    int name, ai_level, rating, rating_diff; /* enum lichess_field */
};
static const struct side_paths white_paths = { LF_WHITE_NAME, LF_WHITE_AI_LEVEL, LF_WHITE_RATING,
                                               LF_WHITE_RATING_DIFF };
static const struct side_paths black_paths = { LF_BLACK_NAME, LF_BLACK_AI_LEVEL, LF_BLACK_RATING,
                                               LF_BLACK_RATING_DIFF };

/* White or Black: the user's name, "lichess AI level N", or "Anonymous". */
static int player_tag(struct record_pgn *rp, const struct lichess_fields *f, const char *tag,
                      const struct side_paths *side)
{
    char ai[32];
    const char *name;
    size_t n;
    int64_t level;
    int r = string_of(rp, f, side->name, &name, &n);
    if (r)
        return r < 0 ? RECORD_FAILED : record_tag(rp, tag, name, n);
    if ((r = int_of(rp, f, side->ai_level, 1, 8, &level)) < 0)
        return RECORD_FAILED;
    if (r) {
        snprintf(ai, sizeof ai, "lichess AI level %d", (int)level);
        return record_tag_str(rp, tag, ai);
    }
    return record_tag_str(rp, tag, "Anonymous");
}

static int rating_tags(struct record_pgn *rp, const struct lichess_fields *f, const struct side_paths *side,
                       const char *elo_tag, const char *diff_tag, int diff)
{
    char text[32];
    int64_t v;
    int r = int_of(rp, f, diff ? side->rating_diff : side->rating, diff ? -10000 : 0, 10000, &v);
    if (r < 0)
        return RECORD_FAILED;
    if (diff) {
        if (!r)
            return 0; /* lichess writes the tag only when it knows the difference */
        return record_tag_str(rp, diff_tag, int_text(text, v, 1));
    }
    return record_tag_str(rp, elo_tag, r ? int_text(text, v, 0) : "?");
}

/* createdAt (milliseconds since 1970, UTC) as lichess prints it: its date and time, "?" when missing. */
struct created_at {
    char date[16], time[16];
};

static int created_at_of(struct record_pgn *rp, const struct lichess_fields *f, struct created_at *c)
{
    int64_t ms;
    int r = int_of(rp, f, LF_CREATED_AT, 0, INT64_C(253402300799999), &ms);
    if (r < 0)
        return RECORD_FAILED;
    if (!r) {
        memcpy(c->date, "????.??.??", sizeof "????.??.??");
        memcpy(c->time, "??:??:??", sizeof "??:??:??");
        return 0;
    }
    time_t t = (time_t)(ms / 1000);
    struct tm tm;
    if (!gmtime_r(&t, &tm))
        return record_bad(rp, "createdAt", "is not a date");
    strftime(c->date, sizeof c->date, "%Y.%m.%d", &tm);
    strftime(c->time, sizeof c->time, "%H:%M:%S", &tm);
    return 0;
}

static int time_control_tag(struct record_pgn *rp, const struct lichess_fields *f)
{
    int64_t initial, increment;
    int a = int_of(rp, f, LF_CLOCK_INITIAL, 0, 1000000000, &initial);
    int b = a > 0 ? int_of(rp, f, LF_CLOCK_INCREMENT, 0, 1000000000, &increment) : 0;
    if (a < 0 || b < 0)
        return RECORD_FAILED;
    char text[48];
    if (a > 0) {
        size_t n = strlen(int_text(text, initial, 0));
        text[n] = '+';
        int_text(text + n + 1, b ? increment : 0, 0);
    }
    return record_tag_str(rp, "TimeControl", a > 0 ? text : "-");
}

/* One string tag from path, "?" when the record has none. */
static int string_tag(struct record_pgn *rp, const struct lichess_fields *f, const char *tag, int k)
{
    const char *s;
    size_t n;
    int r = string_of(rp, f, k, &s, &n);
    return r < 0 ? RECORD_FAILED : r ? record_tag(rp, tag, s, n) : record_tag_str(rp, tag, "?");
}

static int tags(struct record_pgn *rp, const struct lichess_fields *f, const struct status_fact *st,
                const char **result)
{
    const char *id, *s;
    size_t idn, n;
    char site[128];
    struct created_at created;
    if (need_string(rp, f, LF_ID, &id, &idn))
        return RECORD_FAILED;
    static const char lichess[] = "https://lichess.org/";
    size_t cut = idn < 64 ? idn : 64;
    memcpy(site, lichess, sizeof lichess - 1);
    memcpy(site + sizeof lichess - 1, id, cut);
    site[sizeof lichess - 1 + cut] = 0;
    int r = string_of(rp, f, LF_WINNER, &s, &n);
    if (r < 0)
        return RECORD_FAILED;
    if (r && !(n == 5 && (!memcmp(s, "white", 5) || !memcmp(s, "black", 5))))
        return record_bad(rp, "winner", "must be \"white\" or \"black\"");
    *result = r ? (*s == 'w' ? "1-0" : "0-1") : st->finished ? "1/2-1/2" : "*";
    const char *variant = NULL;
    if (string_of(rp, f, LF_VARIANT, &variant, &n) < 0)
        return RECORD_FAILED;
    const char *vname = variant ? LOOKUP(variant_names, variant, n) : "Standard";
    if (!vname)
        return record_bad(rp, "variant", "unknown variant '%.*s'", (int)(n < 40 ? n : 40),
                          variant);
    if (event_tag(rp, f) || record_tag_str(rp, "Site", site) || record_tag(rp, "GameId", id, idn) ||
        created_at_of(rp, f, &created) || record_tag_str(rp, "Date", created.date) ||
        record_tag_str(rp, "Round", "-") ||
        player_tag(rp, f, "White", &white_paths) ||
        player_tag(rp, f, "Black", &black_paths) ||
        record_tag_str(rp, "Result", *result) || record_tag_str(rp, "UTCDate", created.date) ||
        record_tag_str(rp, "UTCTime", created.time) ||
        rating_tags(rp, f, &white_paths, "WhiteElo", NULL, 0) ||
        rating_tags(rp, f, &black_paths, "BlackElo", NULL, 0) ||
        rating_tags(rp, f, &white_paths, NULL, "WhiteRatingDiff", 1) ||
        rating_tags(rp, f, &black_paths, NULL, "BlackRatingDiff", 1) ||
        record_tag_str(rp, "Variant", vname) || time_control_tag(rp, f) ||
        string_tag(rp, f, "ECO", LF_OPENING_ECO) ||
        string_tag(rp, f, "Opening", LF_OPENING_NAME) ||
        record_tag_str(rp, "Termination", st->termination))
        return RECORD_FAILED;
    /* A game from a position of its own: lichess adds FEN and SetUp. */
    if ((r = string_of(rp, f, LF_INITIAL_FEN, &s, &n)) < 0)
        return RECORD_FAILED;
    if (r && strcmp(vname, "Standard") &&
        (record_tag(rp, "FEN", s, n) || record_tag_str(rp, "SetUp", "1")))
        return RECORD_FAILED;
    return 0;
}

/* An evaluation in pawns as lichess prints it (a Scala double: 0.17, 2.5, -1.0, 0.0). */
static void eval_text(char *out, size_t cap, int64_t cp)
{
    int64_t a = cp < 0 ? -cp : cp;
    const char *sign = cp < 0 ? "-" : "";
    if (a % 10)
        snprintf(out, cap, "%s%" PRId64 ".%02d", sign, a / 100, (int)(a % 100));
    else
        snprintf(out, cap, "%s%" PRId64 ".%d", sign, a / 100, (int)(a % 100 / 10));
}

/*
 * Centiseconds as H:MM:SS at out, rounded to the second as lichess's
 * export does; returns its length (at most CLOCK_TEXT_MAX). Digit by
 * digit: a real export has a clock on every ply, and printf would cost
 * more than the rest of the ply's text.
 */
enum { CLOCK_TEXT_MAX = 21 + 6 };

static size_t clock_text(char *out, int64_t cs)
{
    int64_t s = (cs + 50) / 100;
    /* Under ten hours (nearly every clock) the hours are one digit. */
    size_t n = 1;
    if (s < 36000)
        out[0] = (char)('0' + s / 3600);
    else
        n = strlen(int_text(out, s / 3600, 0));
    int m = (int)(s / 60 % 60), sec = (int)(s % 60);
    char *o = out + n;
    o[0] = ':';
    o[1] = (char)('0' + m / 10);
    o[2] = (char)('0' + m % 10);
    o[3] = ':';
    o[4] = (char)('0' + sec / 10);
    o[5] = (char)('0' + sec % 10);
    return n + 6;
}

static const char *glyph_of(const char *judgment, size_t n)
{
    static const char *const glyphs[][2] = {
        { "Inaccuracy", "?!" }, { "Mistake", "?" }, { "Blunder", "??" },
    };
    return lookup(glyphs, 3, judgment, n);
}

/*
 * The move number before the SAN of ply i (0 = White's first), " 12." or
 * " 12...", written at out: always for White, for Black after a comment
 * or a variation; returns its length (0: none). Written digit by digit
 * and in place: it comes every other ply, and printf, then a copy from
 * a scratch buffer, were each a good share of the whole reading.
 */
enum { MOVE_NUMBER_MAX = 32 };

static size_t move_number_text(char *out, size_t ply, int black_needs)
{
    if (ply % 2 && !black_needs)
        return 0;
    size_t n = ply / 2 + 1, digits = 1;
    for (size_t m = n; m >= 10; m /= 10)
        digits++;
    out[0] = ' ';
    char *p = out + 1 + digits;
    do
        *--p = (char)('0' + n % 10);
    while ((n /= 10) != 0);
    p = out + 1 + digits;
    *p++ = '.';
    if (ply % 2) {
        *p++ = '.';
        *p++ = '.';
    }
    return (size_t)(p - out);
}

/* The glyph lichess appends to a judged move, at most. */
enum { GLYPH_MAX = 2 };

/*
 * Writes at out the move number, a space and the move san[0..n) with its
 * glyph (or NULL): at most MOVE_NUMBER_MAX + 1 + n + GLYPH_MAX bytes.
 * Returns the end.
 */
static char *move_at(char *out, size_t ply, int black_needs, const char *san, size_t n,
                     const char *glyph)
{
    out += move_number_text(out, ply, black_needs);
    *out++ = ' ';
    memcpy(out, san, n);
    out += n;
    if (glyph) {
        size_t gn = strlen(glyph);
        memcpy(out, glyph, gn);
        out += gn;
    }
    return out;
}

/* Room for a move's text (move_at) with n bytes of SAN, and extra more. */
static char *move_space(struct record_pgn *rp, size_t n, size_t extra)
{
    return record_space(rp, MOVE_NUMBER_MAX + 1 + n + GLYPH_MAX + extra);
}

/* Ends the text at end, inside the room move_space() made. */
static void text_ends(struct record_pgn *rp, const char *end)
{
    rp->text.len = (size_t)(end - rp->text.data);
}

/* The move number, a space and the move san[0..n) with its glyph (or NULL), in one append. */
static int move_text(struct record_pgn *rp, size_t ply, int black_needs, const char *san,
                     size_t n, const char *glyph)
{
    char *out = move_space(rp, n, 0);
    if (!out)
        return RECORD_FAILED;
    text_ends(rp, move_at(out, ply, black_needs, san, n, glyph));
    return 0;
}

/* Appends s at out; returns the end. */
static char *put(char *out, const char *s)
{
    size_t n = strlen(s);
    memcpy(out, s, n);
    return out + n;
}

/* The next space-separated word of s[0..n) from *at: 1 with [*start, *at), or 0 at the end. */
static int next_word(const char *s, size_t n, size_t *at, size_t *start)
{
    while (*at < n && s[*at] == ' ')
        ++*at;
    *start = *at;
    while (*at < n && s[*at] != ' ')
        ++*at;
    return *at > *start;
}

/* The analysis' suggested line replacing ply i: "(N. a b c)". */
static int variation(struct record_pgn *rp, size_t ply, const char *line, size_t n)
{
    if (record_puts(rp, " ("))
        return RECORD_FAILED;
    size_t at = 0, start, p = ply;
    int first = 1;
    while (next_word(line, n, &at, &start)) {
        if (move_text(rp, p, first, line + start, at - start, NULL))
            return RECORD_FAILED;
        first = 0;
        p++;
    }
    return record_puts(rp, " )");
}

static int movetext(struct record_pgn *rp, const struct lichess_fields *f, const char *result)
{
    const char *moves = "";
    size_t n = 0;
    if (string_of(rp, f, LF_MOVES, &moves, &n) < 0)
        return RECORD_FAILED;
    int clocks = f->v[LF_CLOCKS].type, analysis = f->v[LF_ANALYSIS].type;
    if (clocks != RECORD_MISSING && clocks != RECORD_ARRAY)
        return record_bad(rp, "clocks", "must be an array");
    if (analysis != RECORD_MISSING && analysis != RECORD_ARRAY)
        return record_bad(rp, "analysis", "must be an array");
    size_t at = 0, start, ply = 0;
    int black_needs = 0;
    while (next_word(moves, n, &at, &start)) {
        char field[48], num[40];
#define FIELD(what) (snprintf(field, sizeof field, "%s[%zu]", what, ply), field)
        const struct lichess_ply *p = lichess_fields_ply(f, ply);
        const struct record_value *info = &p->v[LP_ANALYSIS], *c = &p->v[LP_CLOCK];
        const char *glyph = NULL, *comment = NULL, *line = NULL;
        size_t gn = 0, cn = 0, ln = 0;
        int64_t v;
        num[0] = 0;
        if (info->type != RECORD_MISSING) {
            if (info->type != RECORD_OBJECT)
                return record_bad(rp, FIELD("analysis"), "must be an object");
            int r;
#define PLY_INT(k, min, max) record_value_int(rp, &p->v[k], lichess_ply_path(k), min, max, &v)
#define PLY_STRING(k, s, n) record_value_string(rp, &p->v[k], lichess_ply_path(k), s, n)
            if ((r = PLY_INT(LP_EVAL, -100000, 100000)) > 0)
                eval_text(num, sizeof num, v);
            else if (!r && (r = PLY_INT(LP_MATE, -1000, 1000)) > 0)
                snprintf(num, sizeof num, "#%d", (int)v);
            if (r < 0 || PLY_STRING(LP_JUDGMENT_NAME, &glyph, &gn) < 0 ||
                PLY_STRING(LP_JUDGMENT_COMMENT, &comment, &cn) < 0 ||
                PLY_STRING(LP_VARIATION, &line, &ln) < 0)
                return record_within(rp, FIELD("analysis"));
#undef PLY_INT
#undef PLY_STRING
            glyph = glyph ? glyph_of(glyph, gn) : NULL;
        }
        int clocked = c->type != RECORD_MISSING;
        if (clocked && (c->type != RECORD_INTEGER || c->i < 0 || c->i > INT64_C(100000000000)))
            return record_bad(rp, FIELD("clocks"), "must be centiseconds (a whole number)");
        /*
         * The move, then {[%eval e] [%clk c]} when it has either, in one
         * room. Without blanks inside the braces: that spares the PGN
         * reader trimming each comment when it finishes the game, and
         * the comment's text is the same (the writers print it so).
         */
        char *out = move_space(rp, at - start, sizeof " {[%eval ] [%clk ]}" + sizeof num +
                                                   CLOCK_TEXT_MAX);
        if (!out)
            return RECORD_FAILED;
        out = move_at(out, ply, black_needs, moves + start, at - start, glyph);
        black_needs = num[0] || clocked;
        if (black_needs) {
            out = put(out, " {");
            if (num[0]) {
                out = put(put(out, "[%eval "), num);
                *out++ = ']';
            }
            if (clocked) {
                out = put(out, num[0] ? " [%clk " : "[%clk ");
                out += clock_text(out, c->i);
                *out++ = ']';
            }
            *out++ = '}';
        }
        text_ends(rp, out);
        if (comment) {
            if (record_puts(rp, " { ") || record_put(rp, comment, cn) || record_puts(rp, " }"))
                return RECORD_FAILED;
            black_needs = 1;
        }
        if (line && glyph) {
            if (variation(rp, ply, line, ln))
                return RECORD_FAILED;
            black_needs = 1;
        }
        ply++;
#undef FIELD
    }
    return record_put(rp, " ", 1) || record_puts(rp, result) ? RECORD_FAILED : 0;
}

int lichess_fields_pgn(const struct lichess_fields *f, struct record_pgn *rp)
{
    const char *s;
    size_t n;
    int r = string_of(rp, f, LF_PGN, &s, &n);
    if (r)
        return r < 0 ? RECORD_FAILED : record_put_pgn(rp, s, n);
    const char *status = "";
    if ((r = string_of(rp, f, LF_STATUS, &status, &n)) < 0)
        return RECORD_FAILED;
    const struct status_fact *st = NULL;
    for (size_t i = 0; r && i < sizeof statuses / sizeof statuses[0]; i++)
        if (strlen(statuses[i].status) == n && !memcmp(statuses[i].status, status, n))
            st = &statuses[i];
    if (!st)
        return r ? record_bad(rp, "status", "unknown status '%.*s'", (int)(n < 40 ? n : 40),
                              status)
                 : record_bad(rp, "status", "missing");
    const char *result = "*"; /* tags() sets it unless it fails */
    if (tags(rp, f, st, &result) || movetext(rp, f, result))
        return RECORD_FAILED;
    return 0;
}

int lichess_record_pgn(json_t *rec, struct record_pgn *rp)
{
    if (record_not_object(rp, rec))
        return RECORD_FAILED;
    struct lichess_fields f;
    lichess_fields_init(&f);
    int rc = RECORD_FAILED;
    if (lichess_fields_of_tree(&f, rec))
        snprintf(rp->why, sizeof rp->why, "the game is too big (or out of memory)");
    else
        rc = lichess_fields_pgn(&f, rp);
    lichess_fields_release(&f);
    return rc;
}
