/* output_opts.c - the command-line options that choose how games are written (convert, search, ...). */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "notation/notation.h"
#include "replay/diag.h"
#include "cli/output_opts.h"
#include "base/banned.h"

/* In enum game_out_format's order. */
static const char *const format_names[] = { "pgn", "json", "ndjson", "epd", "fen", "uci",
                                            "csv", "rows", "plain", "html", "latex",
                                            "typst" };

static const struct {
    const char *name;
    unsigned flag;
} strip_names[] = {
    { "comments", GO_STRIP_COMMENTS }, { "variations", GO_STRIP_VARIATIONS },
    { "nags", GO_STRIP_NAGS },         { "clocks", GO_STRIP_CLOCKS },
    { "evals", GO_STRIP_EVALS },       { "arrows", GO_STRIP_ARROWS },
    { "commands", GO_STRIP_COMMANDS }, { "tags", GO_STRIP_TAGS },
};

void output_opts_init(struct output_opts *o)
{
    game_out_opts_init(&o->go);
    o->given = 0;
}

/* Splits s at commas in place: the next item, or NULL at the end. */
static char *next_item(char **s)
{
    if (!*s)
        return NULL;
    char *item = *s;
    char *comma = strchr(item, ',');
    if (comma) {
        *comma = 0;
        *s = comma + 1;
    } else {
        *s = NULL;
    }
    return item;
}

static int parse_u32(const char *s, uint32_t *out)
{
    long v;
    if (parse_long(s, 0, (long)UINT32_MAX - 1, &v))
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* all | start | final | last | N | N-M | N- */
static int parse_ply_item(const char *s, struct go_ply_range *r)
{
    char a[32];
    const char *dash = strchr(s, '-');
    if (!strcmp(s, "start"))
        return r->first = r->last = 0, 0;
    if (!strcmp(s, "final") || !strcmp(s, "last"))
        return r->first = r->last = GO_PLY_FINAL, 0;
    if (!dash)
        return parse_u32(s, &r->first) ? -1 : (r->last = r->first, 0);
    if ((size_t)(dash - s) >= sizeof a || dash == s)
        return -1;
    memcpy(a, s, (size_t)(dash - s));
    a[dash - s] = 0;
    if (parse_u32(a, &r->first))
        return -1;
    if (!dash[1])
        return r->last = GO_PLY_FINAL, 0;
    return parse_u32(dash + 1, &r->last) || r->last < r->first ? -1 : 0;
}

/* A --ply or --diagram-ply LIST into ranges[0..*n) ("all": none, every ply): 0, or -1 after a message. */
static int parse_plies(const char *option, struct go_ply_range *ranges, size_t *n, char *arg)
{
    *n = 0;
    for (char *item; (item = next_item(&arg)) != NULL;) {
        if (!strcmp(item, "all")) {
            *n = 0;
            return 0;
        }
        if (*n == GO_MAX_RANGES) {
            error("%s takes at most %d items", option, GO_MAX_RANGES);
            return -1;
        }
        if (parse_ply_item(item, &ranges[*n])) {
            error("bad ply '%s' (all, start, final, N, N-M or N-)", item);
            return -1;
        }
        (*n)++;
    }
    return 0;
}

static int parse_columns(struct game_out_opts *o, char *arg)
{
    o->ncolumns = 0;
    for (char *item; (item = next_item(&arg)) != NULL;) {
        if (!*item) {
            error("empty column name in --columns");
            return -1;
        }
        if (o->ncolumns == GO_MAX_COLUMNS) {
            error("--columns takes at most %d columns", GO_MAX_COLUMNS);
            return -1;
        }
        o->columns[o->ncolumns++] = item;
    }
    return 0;
}

static int parse_strip(struct game_out_opts *o, char *arg)
{
    for (char *item; (item = next_item(&arg)) != NULL;) {
        size_t k = 0, n = sizeof strip_names / sizeof strip_names[0];
        while (k < n && strcmp(item, strip_names[k].name))
            k++;
        if (k == n) {
            error("cannot strip '%s' (comments, variations, nags, clocks, evals, arrows, "
                  "commands or tags)", item);
            return -1;
        }
        o->strip |= strip_names[k].flag;
    }
    return 0;
}

int fen_style_parse(char *arg, int *flags)
{
    int f = 0;
    for (char *item; (item = next_item(&arg)) != NULL;) {
        if (!strcmp(item, "xfen")) {
            f = 0;
        } else if (!strcmp(item, "shredder")) {
            f |= FEN_SHREDDER;
        } else if (!strcmp(item, "pgn")) {
            f |= FEN_EP_ALWAYS;
        } else {
            error("unknown FEN style '%s' (xfen, shredder or pgn)", item);
            return -1;
        }
    }
    *flags = f;
    return 0;
}

/* --tag-order FILE: tag names separated by white space or commas, read whole and kept. */
static int read_tag_order(struct output_opts *o, const char *path)
{
    static char *text; /* the names point into it until the program ends */
    FILE *f = fopen(path, "rb");
    if (!f) {
        error("cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t len = 0, cap = 4096;
    free(text);
    text = xmalloc(cap);
    for (size_t n; (n = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += n;
        if (cap - len - 1 == 0)
            text = xrealloc(text, cap *= 2);
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        error("cannot read '%s'", path);
        return -1;
    }
    text[len] = 0;
    o->go.ntag_order = 0;
    for (char *p = text; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
            p++;
        if (!*p)
            break;
        char *name = p;
        while (*p && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ','))
            p++;
        if (*p)
            *p++ = 0;
        if (o->go.ntag_order == OUTOPT_TAGS_MAX) {
            error("%s: more than %d tag names", path, OUTOPT_TAGS_MAX);
            return -1;
        }
        o->tag_order[o->go.ntag_order++] = name;
    }
    o->go.tag_order = o->tag_order;
    return 0;
}

static int parse_drop_tags(struct output_opts *o, char *arg)
{
    for (char *item; (item = next_item(&arg)) != NULL;) {
        if (!*item)
            continue;
        if (o->go.ndrop_tags == OUTOPT_TAGS_MAX) {
            error("--drop-tag takes at most %d names", OUTOPT_TAGS_MAX);
            return -1;
        }
        o->drop_tags[o->go.ndrop_tags++] = item;
    }
    o->go.drop_tags = o->drop_tags;
    return 0;
}

static int parse_format(struct game_out_opts *o, const char *arg)
{
    for (size_t k = 0; k < sizeof format_names / sizeof format_names[0]; k++) {
        if (!strcmp(arg, format_names[k])) {
            o->format = (int)k;
            return 0;
        }
    }
    error("unknown format '%s' (pgn, json, ndjson, epd, fen, uci, csv, rows, plain, html, "
          "latex or typst)", arg);
    return -1;
}

static const struct {
    const char *name;
    int format;
    unsigned flags;
} notation_names[] = {
    { "san", MOVE_FMT_SAN, 0 },        { "lan", MOVE_FMT_LAN, 0 },
    { "uci", MOVE_FMT_UCI, 0 },        { "figurine", MOVE_FMT_SAN, WRITE_FIGURINE },
    { "lalg", MOVE_FMT_LALG, 0 },      { "halg", MOVE_FMT_HALG, 0 },
    { "elalg", MOVE_FMT_ELALG, 0 },    { "xlalg", MOVE_FMT_XLALG, 0 },
    { "xolalg", MOVE_FMT_XOLALG, 0 },
};

static int parse_notation(struct game_out_opts *o, const char *arg)
{
    struct write_style *st = &o->style;
    for (size_t k = 0; k < sizeof notation_names / sizeof notation_names[0]; k++) {
        if (!strcmp(arg, notation_names[k].name)) {
            st->flags &= ~(unsigned)WRITE_FIGURINE;
            st->format = notation_names[k].format;
            st->flags |= notation_names[k].flags;
            return 0;
        }
    }
    error("unknown notation '%s' (san, lan, uci, figurine, lalg, halg, elalg, xlalg or "
          "xolalg)", arg);
    return -1;
}

/* Every option of the group: entry->number tells which. */
static int output_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct output_opts *o = storage;
    struct game_out_opts *go = &o->go;
    int rc = 0, opt = (int)entry->number;
    long v;
    _Static_assert(OUTOPT_END_ <= 64, "a bit of output_opts.given per option");
    o->given |= (uint64_t)1 << opt;
    switch (opt) {
    case OUTOPT_FORMAT: rc = parse_format(go, arg); break;
    case OUTOPT_NOTATION: rc = parse_notation(go, arg); break;
    case OUTOPT_LANG:
        go->style.lang = notation_find(arg);
        if (go->style.lang < 0) {
            error("unknown language '%s'", arg);
            rc = -1;
        }
        break;
    case OUTOPT_BOOK:
        go->style.flags |= WRITE_CASTLE_ZERO | WRITE_PROMO_BARE | WRITE_EP;
        go->flags |= GO_BOOK_RESULTS;
        break;
    case OUTOPT_CAPTURED: go->style.flags |= WRITE_CAPTURED; break;
    case OUTOPT_WIDTH:
        if (parse_long(arg, 0, 1000000, &v)) {
            error("--width takes a number from 0 to 1000000, not '%s'", arg);
            rc = -1;
        } else {
            go->width = (unsigned)v;
        }
        break;
    case OUTOPT_FEN: go->flags |= GO_MOVE_FEN; break;
    case OUTOPT_PLY: rc = parse_plies("--ply", go->ranges, &go->nranges, arg); break;
    case OUTOPT_DIAGRAM_PLY:
        rc = parse_plies("--diagram-ply", go->diagrams, &go->ndiagrams, arg);
        if (!rc && !go->ndiagrams) /* all */
            go->diagrams[go->ndiagrams++] = (struct go_ply_range){ 0, GO_PLY_FINAL };
        break;
    case OUTOPT_COLUMNS: rc = parse_columns(go, arg); break;
    case OUTOPT_STRIP: rc = parse_strip(go, arg); break;
    case OUTOPT_STR: go->flags |= GO_SEVEN_TAG_ROSTER; break;
    case OUTOPT_FIX_RESULTS: go->flags |= GO_FIX_RESULTS; break;
    case OUTOPT_FEN_STYLE: rc = fen_style_parse(arg, &go->fen_flags); break;
    case OUTOPT_NO_MOVE_NUMBERS: go->flags |= GO_NO_MOVE_NUMBERS; break;
    case OUTOPT_NO_RESULTS: go->flags |= GO_NO_RESULTS; break;
    case OUTOPT_NO_CHECKS: go->style.flags |= WRITE_NO_CHECK; break;
    case OUTOPT_COMMENT_LINES: go->flags |= GO_COMMENT_LINES; break;
    case OUTOPT_TAG_ORDER: rc = read_tag_order(o, arg); break;
    case OUTOPT_TAG_ORDER_ONLY: go->flags |= GO_TAG_ORDER_ONLY; break;
    case OUTOPT_DROP_TAG: rc = parse_drop_tags(o, arg); break;
    case OUTOPT_TOTAL_PLY_COUNT: go->flags |= GO_TOTAL_PLY_COUNT; break;
    case OUTOPT_DROP_PLY:
        if (parse_long(arg, -2000000000L, 2000000000L, &v)) {
            error("--drop-ply takes a number, not '%s'", arg);
            rc = -1;
        } else {
            go->drop_plies = (int32_t)v;
        }
        break;
    case OUTOPT_DROP_BEFORE:
        if (!*arg) {
            error("--drop-before takes a text to find in a comment");
            rc = -1;
        }
        go->drop_before = arg;
        break;
    case OUTOPT_QUIESCENT:
        if (parse_u32(arg, &go->quiescent)) {
            error("--quiescent takes a number, not '%s'", arg);
            rc = -1;
        }
        break;
    case OUTOPT_SPLIT_VARIATIONS:
        go->flags |= GO_SPLIT_VARIATIONS;
        if (arg && parse_u32(arg, &go->split_depth)) {
            error("--split-variations takes a depth, not '%s'", arg);
            rc = -1;
        }
        break;
    case OUTOPT_PER:
        if (!strcmp(arg, "ply")) {
            go->flags |= GO_PER_PLY;
        } else if (!strcmp(arg, "game")) {
            go->flags &= ~(unsigned)GO_PER_PLY;
        } else {
            error("--per takes game or ply, not '%s'", arg);
            rc = -1;
        }
        break;
    case OUTOPT_SKIP_OPENING:
        if (parse_u32(arg, &go->skip_opening)) {
            error("--skip-opening takes a number of plies, not '%s'", arg);
            rc = -1;
        }
        break;
    case OUTOPT_MIN_PLY:
        if (parse_u32(arg, &go->min_plies)) {
            error("--min-ply takes a number of plies, not '%s'", arg);
            rc = -1;
        }
        break;
    case OUTOPT_RANDOM: {
        char *end;
        errno = 0;
        double p = strtod(arg, &end);
        if (end == arg || *end || errno || !(p >= 0.0 && p <= 1.0)) {
            error("--random takes a probability from 0 to 1, not '%s'", arg);
            rc = -1;
        } else {
            go->sample = p;
        }
        break;
    }
    case OUTOPT_SEED:
        if (parse_long(arg, 0, 2000000000L, &v)) {
            error("--seed takes a number from 0 to 2000000000, not '%s'", arg);
            rc = -1;
        } else {
            go->seed = (uint64_t)v;
        }
        break;
    case OUTOPT_PLIES:
        if (parse_u32(arg, &go->max_plies)) {
            error("--plies takes a number, not '%s'", arg);
            rc = -1;
        }
        break;
    }
    return rc ? -1 : 0;
}

#define OUTPUT_OPTION(name, arg, help, id) OPT_GROUP_OPTION(name, arg, help, output_option, id)

const struct option_entry output_options[] = {
    OPT_HEADING("Output:"),
    OUTPUT_OPTION("format", "FMT", "pgn (default), json, ndjson, epd, fen, uci, csv,\n"
                  "rows (NDJSON for data tools), plain (training positions),\n"
                  "html (a page of the games: moves, comments, diagrams, graph),\n"
                  "latex or typst (documents to print)", OUTOPT_FORMAT),
    OUTPUT_OPTION("per", "WHAT", "csv, rows: a row per game (default) or per ply",
                  OUTOPT_PER),
    OUTPUT_OPTION("notation", "NOT", "san (default), lan (Ng1-f3), uci (g1f3) or figurine;\n"
                  "pgn-extract's lalg, halg, elalg, xlalg, xolalg", OUTOPT_NOTATION),
    OUTPUT_OPTION("lang", "LANG", "piece letters: en (default), de, fr, es, it, pt, nl, sv,\n"
                  "fi, pl, cs, hu, ro, ru", OUTOPT_LANG),
    OUTPUT_OPTION("book", NULL, "book style: 0-0, e8D, e.p., results 1:0 ½:½ 0:1", OUTOPT_BOOK),
    OUTPUT_OPTION("captured", NULL, "long notation names the captured piece: Sf3xTe5",
                  OUTOPT_CAPTURED),
    OUTPUT_OPTION("width", "N", "PGN lines of at most N characters (79; 0: no limit)",
                  OUTOPT_WIDTH),
    OUTPUT_OPTION("fen", NULL, "json, ndjson: the FEN after every move; --per ply: a\n"
                  "fen column, the FEN before the move", OUTOPT_FEN),
    OUTPUT_OPTION("ply", "LIST", "epd, fen: plies to write: all (default), start, final,\n"
                  "N, N-M, N- (comma-separated)", OUTOPT_PLY),
    OUTPUT_OPTION("diagram-ply", "LIST", "html, latex, typst: a diagram after these main-line\n"
                  "plies too (start, final, N, N-M, N-, all; besides [#] markers)",
                  OUTOPT_DIAGRAM_PLY),
    OUTPUT_OPTION("columns", "LIST", "csv: tag names and game, file, plies, result, end,\n"
                  "start_fen, final_fen, moves, uci", OUTOPT_COLUMNS),
    OUTPUT_OPTION("fen-style", "LIST", FEN_STYLE_HELP, OUTOPT_FEN_STYLE),
    OUTPUT_OPTION("skip-opening", "N", "plain: leave out the positions before ply N",
                  OUTOPT_SKIP_OPENING),
    OUTPUT_OPTION("min-ply", "N", "plain: leave out the games of fewer than N plies",
                  OUTOPT_MIN_PLY),
    OUTPUT_OPTION("random", "P", "plain: keep each position with probability P (0 to 1)",
                  OUTOPT_RANDOM),
    OUTPUT_OPTION("seed", "S", "plain: with --random, the positions drawn from seed S\n"
                  "(default 0): the same on every run", OUTOPT_SEED),
    OPT_HEADING("Clean-up:"),
    OUTPUT_OPTION("strip", "LIST", "leave out comments, variations, nags, clocks, evals,\n"
                  "arrows, commands, tags (comma-separated)", OUTOPT_STRIP),
    OUTPUT_OPTION("seven-tag-roster", NULL,
                  "keep only the Seven Tag Roster (and FEN, SetUp, Variant)", OUTOPT_STR),
    OUTPUT_OPTION("fix-results", NULL,
                  "result from how the game ended (mate, stalemate, draw by rule)",
                  OUTOPT_FIX_RESULTS),
    OUTPUT_OPTION("plies", "N", "keep the first N plies of the main line", OUTOPT_PLIES),
    OUTPUT_OPTION("quiescent", "N", "with --plies: go on until N plies without capture,\n"
                  "check or promotion", OUTOPT_QUIESCENT),
    OUTPUT_OPTION("drop-ply", "N", "leave out the first N plies (-N: keep the last N); the\n"
                  "game starts from a FEN", OUTOPT_DROP_PLY),
    OUTPUT_OPTION("drop-before", "TEXT", "leave out the plies up to the comment holding TEXT",
                  OUTOPT_DROP_BEFORE),
    { .type = OPTION_CALLBACK, .long_name = "split-variations", .arg_name = "DEPTH",
      .flags = OPTION_OPTIONAL_ARG, .help = "every variation also a game of its own",
      .callback = output_option, .number = OUTOPT_SPLIT_VARIATIONS },
    OUTPUT_OPTION("no-move-numbers", NULL, "leave out the move numbers", OUTOPT_NO_MOVE_NUMBERS),
    OUTPUT_OPTION("no-results", NULL, "leave out the results", OUTOPT_NO_RESULTS),
    OUTPUT_OPTION("no-checks", NULL, "leave out the check marks (+ and #)", OUTOPT_NO_CHECKS),
    OUTPUT_OPTION("comment-lines", NULL, "PGN: every comment on lines of its own",
                  OUTOPT_COMMENT_LINES),
    OUTPUT_OPTION("tag-order", "FILE", "the tags FILE names (white-space separated) first, in\n"
                  "its order", OUTOPT_TAG_ORDER),
    OUTPUT_OPTION("tag-order-only", NULL, "with --tag-order: only those tags",
                  OUTOPT_TAG_ORDER_ONLY),
    OUTPUT_OPTION("drop-tag", "LIST", "leave out these tags (comma-separated; FEN, SetUp stay)",
                  OUTOPT_DROP_TAG),
    OUTPUT_OPTION("total-ply-count", NULL, "a TotalPlyCount tag: the plies written, variations too",
                  OUTOPT_TOTAL_PLY_COUNT),
    OPT_END(),
};

static int given(const struct output_opts *o, int opt)
{
    return (int)((o->given >> opt) & 1);
}

int output_opts_check(const struct output_opts *o)
{
    int f = o->go.format;
    int per_ply = (o->go.flags & GO_PER_PLY) != 0;
    if (given(o, OUTOPT_PER) && f != GO_CSV && f != GO_ROWS) {
        error("--per goes with --format csv or rows");
        return -1;
    }
    if (given(o, OUTOPT_FEN) && f != GO_JSON && f != GO_NDJSON && !per_ply) {
        error("--fen goes with --format json or ndjson, or with --per ply");
        return -1;
    }
    static const struct {
        int opt;
        const char *name;
    } plain_only[] = {
        { OUTOPT_SKIP_OPENING, "--skip-opening" }, { OUTOPT_MIN_PLY, "--min-ply" },
        { OUTOPT_RANDOM, "--random" },             { OUTOPT_SEED, "--seed" },
    };
    for (size_t k = 0; k < sizeof plain_only / sizeof plain_only[0]; k++) {
        if (given(o, plain_only[k].opt) && f != GO_PLAIN) {
            error("%s goes with --format plain", plain_only[k].name);
            return -1;
        }
    }
    if (given(o, OUTOPT_SEED) && !given(o, OUTOPT_RANDOM)) {
        error("--seed goes with --random");
        return -1;
    }
    if (given(o, OUTOPT_DIAGRAM_PLY) && f != GO_HTML && f != GO_LATEX && f != GO_TYPST) {
        error("--diagram-ply goes with --format html, latex or typst");
        return -1;
    }
    if (given(o, OUTOPT_PLY) && f != GO_EPD && f != GO_FEN) {
        error("--ply goes with --format epd or fen");
        return -1;
    }
    if (given(o, OUTOPT_COLUMNS) && (f != GO_CSV || per_ply)) {
        error("--columns goes with --format csv, one row per game");
        return -1;
    }
    if (given(o, OUTOPT_QUIESCENT) && !given(o, OUTOPT_PLIES)) {
        error("--quiescent goes with --plies");
        return -1;
    }
    if (given(o, OUTOPT_SPLIT_VARIATIONS) && (o->go.strip & GO_STRIP_VARIATIONS)) {
        error("--split-variations does not go with --strip variations");
        return -1;
    }
    if (given(o, OUTOPT_TAG_ORDER_ONLY) && !given(o, OUTOPT_TAG_ORDER)) {
        error("--tag-order-only goes with --tag-order");
        return -1;
    }
    if (given(o, OUTOPT_CAPTURED) && o->go.style.format != MOVE_FMT_LAN) {
        error("--captured goes with --notation lan");
        return -1;
    }
    return 0;
}

int output_fatal_errors(const struct replay *r, int fix_results)
{
    int n = r->errors;
    if (!fix_results)
        return n;
    /* Each is about a result that replay_fixed_result() replaces. */
    for (size_t i = 0; i < r->ndiags; i++) {
        int code = r->diags[i].code;
        if (r->diags[i].severity == PGN_SEV_ERROR &&
            (code == D_RESULT_CONTRADICTS || code == D_RESULT_MISMATCH ||
             code == D_PAST_FIVEFOLD || code == D_PAST_75_MOVES))
            n--;
    }
    return n;
}
