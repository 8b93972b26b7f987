/* stats.c - `pgnkit stats`: the summary and every report; exact JSON partial aggregates for --merge. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "base/ascii.h"
#include "base/buf.h"
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "annotate/eco.h"
#include "query/game_facts.h"
#include "notation/notation.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "chess/position.h"
#include "cli/dbinput.h"
#include "cli/driver.h"
#include "cli/outfile.h"
#include "cli/query_opts.h"
#include "cli/root_position.h"
#include "replay/replay.h"
#include "notation/san.h"
#include "stats/stats_agg.h"
#include "cli/term.h"
#include "explorer/explorer_json.h"
#include "explorer/explorer_request.h"
#include "explorer/explorer_tree.h"
#include "stats/stats_json.h"
#include "stats/stats_json_merge.h"
#include "stats/stats_report.h"
#include "stats/stats_spellings.h"
#include "stats/stats_standings.h"
#include "stats/stats_repertoire.h"
#include "base/banned.h"

static const char *const stats_usage[] = {
    "pgnkit stats [OPTIONS] [FILE...]",
    "   or: pgnkit stats --merge [OPTIONS] JSON...",
    "",
    "Counts games: results, ratings, lengths, terminations, years, variants, events",
    "(default), or one report, over the games that meet every criterion given (the",
    "criteria of pgnkit search). Reads standard input when no FILE (or '-') is given.",
    "--standings, --crosstable and --elo report on tournaments: by Event tag, or one pool.",
    "",
    NULL,
};


struct stats {
    struct stats_show show; /* what is reported (show.o: read by the workers too) and how */
    int merge;
    int reports;          /* bit per report option given: one report at a time */
    int depth_given;
    long jobs;
    char *moves_text;     /* --tree: the root; else a criterion */
    char *fen_text;       /* --position: the tree root; else a criterion */
    struct replay_opts ropts;
    struct query_opts qo;
    struct game_facts facts;
    int filter;           /* criteria or --unique/--duplicates given */
    int io_failed;
    struct driver d;
    struct stats_agg *agg; /* the reading thread's aggregate */
    int spellings;         /* --spellings: counted on the reading thread into tally */
    struct spelling_tally tally;
    /* --standings, --crosstable, --elo: the pairings of every game, in input order */
    struct standings standings;
    struct standings_show tables;
    int tournament;       /* one of those reports was asked for */
    int layout_given;
    int lang_given;       /* --lang */
    struct explorer_tree explorer; /* --format lichess: the explorer's counts */
    char *speeds_text, *since_text, *until_text; /* --format lichess: the explorer's filters */
    struct explorer_request filters; /* read from them as serve reads its parameters */
    int exits;             /* --repertoire without a report: its exits, counted here */
    struct exit_tally exit_tally;
};

/* ---- Reading: games counted on worker threads, each into its own aggregate ---- */

struct worker {
    const struct stats *s;
    struct standings *pairings; /* the tournament reports' (one job: this thread) */
    struct replay r;
    struct stats_agg a;
    struct explorer_tree t; /* --format lichess */
};

/* Lichess's explorer lists its top and recent games four at a time. */
enum { LICHESS_GAMES = 4 };

/* A selected game, counted into the worker's own aggregate (merged at the end). */
static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct worker *w = ctx;
    (void)arena, (void)diag, (void)out, (void)m;
    if (w->pairings) {
        int rc = standings_add_game(w->pairings, g, reader);
        if (rc == PGN_ENOMEM)
            die(EXIT_IO, "out of memory");
        return;
    }
    if ((g->flags & GAME_LAZY) && pgn_reader_complete(reader, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (stats_count_game(&w->s->show.o, &w->a, &w->r, g))
        die(EXIT_IO, "out of memory");
    if (w->s->show.format == FMT_LICHESS && !(g->flags & GAME_EMPTY)) {
        /* The tree's one reading of a replay, numbered as search -l numbers games. */
        struct index_tree_game tg;
        index_tree_of_replay(g, &w->r, &w->s->show.o.root, 1, &tg);
        if (explorer_request_admits(&w->s->filters, &tg) &&
            explorer_tree_add(&w->t, &tg, g->index, g))
            die(EXIT_IO, "out of memory");
    }
}

/* Every game read: the selection, which stays on this thread because
 * --unique depends on input order. */
static int select_game(void *cmd, struct pgn_reader *reader, struct game *g)
{
    struct stats *s = cmd;
    int selected = 1;
    if (g->flags & GAME_EMPTY)
        selected = !s->filter; /* as before: the workers skip it */
    else if (s->filter) {
        game_facts_reset(&s->facts, g, reader);
        selected = query_opts_select(&s->qo, &s->facts, 0);
    }
    if (s->exits && selected && !(g->flags & GAME_EMPTY)) {
        /* Where the game left the book: the facts are on this thread. */
        struct repertoire_exit e;
        int rc = search_query_repertoire_exit(s->qo.query, &s->facts, &e);
        struct mainline *ml = rc > 0 ? game_facts_mainline(&s->facts) : NULL;
        if (rc < 0 || (ml && exit_tally_add(&s->exit_tally, ml, &e, g->result)))
            die(EXIT_IO, "out of memory");
        return 0;
    }
    if (!s->spellings || !selected)
        return selected;
    /* The tags are all --spellings reads: the game needs no worker. */
    if (!(g->flags & GAME_EMPTY) && spelling_tally_game(&s->tally, g))
        die(EXIT_IO, "out of memory");
    return 0;
}

/* The workers count into their own aggregates: a counted game leaves nothing to write. */
static const struct driver_job stats_job = {
    .select = select_game, .work = work, .record = { sizeof(struct batch_mark), 0 },
};

/* The tree's W/D/B bars: colour where the terminal takes it, block characters when the
 * locale is UTF-8, ASCII letters otherwise (cmd/cli/term.c decides both). */
static void bar_style(struct stats_show *o)
{
    o->bar_color = term_color(stdout);
    o->bar_utf8 = term_utf8();
}

/* ---- The tree root: --position, then --moves played on it ---- */

static int set_root(struct stats *s)
{
    struct pos root;
    if (root_position(s->fen_text, s->moves_text, "--position", "--moves", &root))
        return -1;
    /* The depth was checked as it was read; stats_opts_set() clears --by. */
    int by = s->show.o.by;
    if (stats_opts_set(&s->show.o, R_TREE, &root, s->show.o.depth))
        return -1;
    s->show.o.by = by;
    return 0;
}

enum { OPT_OPENINGS = 1, OPT_TREE, OPT_DEPTH, OPT_BY, OPT_PLAYERS, OPT_CLOCK, OPT_FORMAT, OPT_TOP,
       OPT_SPELLINGS, OPT_LANG,
       OPT_STANDINGS, OPT_CROSSTABLE, OPT_LAYOUT, OPT_TIEBREAK, OPT_ELO, OPT_ANCHOR };

/* Report bits of struct stats.reports beyond --openings (1), --tree (2), --players (4)
 * and --clock (8). */
enum { REPORT_SPELLINGS = 16, REPORT_STANDINGS = 32, REPORT_ELO = 64 };

/* The index of arg among names[0..n), or -1. */
static int word_of(const char *arg, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(arg, names[i]))
            return i;
    return -1;
}

/* --format's words by enum stats_format; --layout's from CT_AUTO on. */
static const char *const formats[] = { "text", "csv", "tsv", "json", "html", "lichess" };
static const char *const layouts[] = { "auto", "grid", "rounds" };
/* --by's words by enum tree_by (none is not one). */
static const char *const bys[] = { "", "rating", "speed" };

/* --anchor NAME=RATING into s: 0, or -1 after a message. */
static int anchor_option(struct stats *s, char *arg)
{
    char *eq = strrchr(arg, '=');
    long rating;
    if (!eq || eq == arg || parse_long(eq + 1, -100000, 100000, &rating)) {
        error("--anchor takes NAME=RATING (a whole number), not '%s'", arg);
        return -1;
    }
    *eq = '\0';
    s->tables.anchor_name = arg;
    s->tables.anchor_rating = (double)rating;
    return 0;
}

/* The tournament reports' options, told by entry->number: 0, or -1 after a message. */
static int tournament_option(struct stats *s, int number, char *arg)
{
    const char *bad;
    size_t bad_len;
    int k;
    switch (number) {
    case OPT_STANDINGS: s->reports |= REPORT_STANDINGS; return 0;
    case OPT_CROSSTABLE:
        s->reports |= REPORT_STANDINGS;
        if (!s->tables.crosstable)
            s->tables.crosstable = CT_AUTO;
        return 0;
    case OPT_LAYOUT:
        s->layout_given = 1;
        k = word_of(arg, layouts, 3);
        if (k < 0) {
            error("unknown layout '%s' (auto, grid or rounds)", arg);
            return -1;
        }
        s->tables.crosstable = CT_AUTO + k;
        return 0;
    case OPT_TIEBREAK:
        s->tables.ntiebreaks = tiebreak_parse(arg, s->tables.tiebreaks, &bad, &bad_len);
        if (s->tables.ntiebreaks < 0) {
            error("unknown tie-break '%.*s' (at most %d of: buchholz, buchholz-cut1, "
                  "median-buchholz, sonneborn-berger, direct-encounter, wins, black-wins, "
                  "black-games, aro)",
                  (int)bad_len, bad, TIEBREAK_MAX);
            return -1;
        }
        return 0;
    case OPT_ELO: s->reports |= REPORT_ELO; return 0;
    case OPT_ANCHOR: return anchor_option(s, arg);
    }
    return -1;
}

/* The report's own options, told by entry->number: 0, or -1 after a message. */
static int report_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct stats *s = storage;
    long n;
    if (entry->number >= OPT_STANDINGS)
        return tournament_option(s, entry->number, arg);
    switch (entry->number) {
    case OPT_OPENINGS: s->show.o.report = R_OPENINGS; s->reports |= 1; return 0;
    case OPT_TREE: s->show.o.report = R_TREE; s->reports |= 2; return 0;
    case OPT_PLAYERS: s->show.o.report = R_PLAYERS; s->reports |= 4; return 0;
    case OPT_CLOCK: s->show.o.report = R_CLOCK; s->reports |= 8; return 0;
    case OPT_SPELLINGS: s->spellings = 1; s->reports |= REPORT_SPELLINGS; return 0;
    case OPT_DEPTH:
        if (parse_long(arg, 1, 20, &n)) {
            error("--depth takes a number from 1 to 20, not '%s'", arg);
            return -1;
        }
        s->show.o.depth = (int)n;
        s->depth_given = 1;
        return 0;
    case OPT_BY:
        s->show.o.by = word_of(arg, bys, 3);
        if (s->show.o.by <= TREE_BY_NONE) {
            error("--by takes rating or speed, not '%s'", arg);
            return -1;
        }
        return 0;
    case OPT_FORMAT:
        s->show.format = word_of(arg, formats, 6);
        if (s->show.format < 0) {
            error("unknown format '%s' (text, csv, tsv, json, html or lichess)", arg);
            return -1;
        }
        return 0;
    case OPT_LANG:
        s->show.lang = notation_find(arg);
        if (s->show.lang < 0) {
            error("unknown language '%s'", arg);
            return -1;
        }
        s->lang_given = 1;
        return 0;
    case OPT_TOP:
        if (parse_long(arg, 1, 1000000000L, &s->show.top)) {
            error("--top takes a positive number, not '%s'", arg);
            return -1;
        }
        return 0;
    }
    return -1;
}

#define REPORT_OPTION(l, a, h, id) \
    { .type = OPTION_CALLBACK, .long_name = (l), .value = s, .arg_name = (a), .help = (h), \
      .callback = report_option, .number = (id) }

/* The report options given together make sense: 1, or 0 after a message. */
static int report_options_agree(const struct stats *s)
{
    if (s->tables.ntiebreaks && !(s->reports & REPORT_STANDINGS)) {
        error("--tiebreak goes with --standings or --crosstable");
        return 0;
    }
    if (s->layout_given && !(s->reports & REPORT_STANDINGS && s->tables.crosstable)) {
        error("--layout goes with --crosstable");
        return 0;
    }
    if (s->tables.anchor_name && !(s->reports & REPORT_ELO)) {
        error("--anchor goes with --elo");
        return 0;
    }
    if (s->tournament && (s->merge || s->show.top)) {
        error("--%s goes with the summary, --openings, --tree and --players, not with "
              "--standings or --elo", s->merge ? "merge" : "top");
        return 0;
    }
    if (s->show.format == FMT_LICHESS && (s->show.o.report != R_TREE || s->merge)) {
        error("--format lichess goes with --tree (and not with --merge)");
        return 0;
    }
    if (s->show.format == FMT_LICHESS && s->show.o.depth != 1) {
        error("--format lichess lists the next moves only: --depth 1");
        return 0;
    }
    if (s->lang_given && (s->show.format == FMT_JSON || s->show.format == FMT_LICHESS)) {
        error("--lang goes with --format text, csv, tsv or html: JSON names moves in English");
        return 0;
    }
    if (s->show.o.by && (s->show.o.report != R_TREE || s->show.format == FMT_HTML ||
                         s->show.format == FMT_LICHESS)) {
        error("--by goes with --tree, in text, csv, tsv or json");
        return 0;
    }
    if (s->depth_given && s->show.o.report != R_TREE) {
        error("--depth goes with --tree");
        return 0;
    }
    if (s->show.o.report == R_CLOCK && s->show.format == FMT_HTML) {
        error("--clock has no html output: text, csv, tsv or json");
        return 0;
    }
    if (s->show.top && (s->show.o.report == R_TREE || s->show.o.report == R_CLOCK ||
                        s->show.format != FMT_TEXT)) {
        error("--top goes with the text output of the summary, --openings and --players");
        return 0;
    }
    return 1;
}

/*
 * --speeds, --since and --until into s->filters, read by the explorer's own
 * parser so that they mean what serve's parameters mean: 0, or -1 after a
 * message.
 */
static int read_filters(struct stats *s)
{
    const struct explorer_param params[] = {
        { "speeds", s->speeds_text }, { "since", s->since_text }, { "until", s->until_text },
    };
    struct explorer_param given[3];
    size_t n = 0;
    for (size_t i = 0; i < 3; i++)
        if (params[i].value)
            given[n++] = params[i];
    if (!n)
        return 0;
    if (s->show.format != FMT_LICHESS) {
        error("--speeds, --since and --until go with --format lichess");
        return -1;
    }
    char why[256];
    if (explorer_request_parse(&s->filters, "/lichess", given, n, why, sizeof why) != 200) {
        error("--%s", why);
        return -1;
    }
    return 0;
}

/* The options into s: EXIT_OK to go on, else the exit status (-h: -1, after the help). */
static int read_options(struct stats *s, int argc, char **argv)
{
    /* --moves and --position are the root of the tree, or criteria as in
     * search: told after all options. */
    const struct option_entry options[] = {
        OPT_HEADING("Reports:"),
        REPORT_OPTION("openings", NULL, "ECO code and name by position (transpositions recognised)",
                      OPT_OPENINGS),
        REPORT_OPTION("tree", NULL, "next moves from a position, like an opening explorer",
                      OPT_TREE),
        OPT_STRING(0, "moves", &s->moves_text, "TEXT",
                   "with --tree: the position after these moves (\"1. e4 c5\");\n"
                   "else the criterion: games that start with these moves"),
        OPT_STRING(0, "position", &s->fen_text, "FEN",
                   "with --tree: this position (default: the start position);\n"
                   "else the criterion: games where it occurs"),
        REPORT_OPTION("depth", "N", "with --tree: expand N moves deep (default 1, at most 20)",
                      OPT_DEPTH),
        REPORT_OPTION("by", "WHAT",
                      "with --tree: each move's games and W/D/B per lichess rating group\n"
                      "(rating: the players' mean) or speed (speed: from TimeControl)", OPT_BY),
        REPORT_OPTION("players", NULL, "per player: games, score, average opponent, performance",
                      OPT_PLAYERS),
        REPORT_OPTION("clock", NULL,
                      "time spent by move number; moves and results under 60/30/10 s left",
                      OPT_CLOCK),
        REPORT_OPTION("spellings", NULL,
                      "each spelling of players, events, sites and its count (with --names:\n"
                      "grouped by the name the spelling file gives), to write that file",
                      OPT_SPELLINGS),
        OPT_HEADING("Tournaments:"),
        REPORT_OPTION("standings", NULL,
                      "per event: rank, score, results, performance and tie-breaks", OPT_STANDINGS),
        REPORT_OPTION("tiebreak", "LIST",
                      "with --standings: FIDE tie-breaks in order (buchholz, buchholz-cut1,\n"
                      "median-buchholz, sonneborn-berger, direct-encounter, wins,\n"
                      "black-wins, black-games, aro)", OPT_TIEBREAK),
        REPORT_OPTION("crosstable", NULL, "the standings with each event's crosstable",
                      OPT_CROSSTABLE),
        REPORT_OPTION("layout", "HOW",
                      "with --crosstable: grid (a column per opponent), rounds (a column\n"
                      "per round, Swiss style) or auto (default: grid for a round robin)",
                      OPT_LAYOUT),
        REPORT_OPTION("elo", NULL, "maximum-likelihood Elo of every player, with error bars",
                      OPT_ELO),
        REPORT_OPTION("anchor", "NAME=RATING",
                      "with --elo: fix this player's rating (default: the average is 0)",
                      OPT_ANCHOR),
        OPT_HEADING("Output:"),
        REPORT_OPTION("format", "FMT",
                      "text (default), csv, tsv, json (a partial aggregate), html, or\n"
                      "lichess (with --tree: the lichess opening explorer's JSON)", OPT_FORMAT),
        OPT_STRING(0, "speeds", &s->speeds_text, "S,...",
                   "with --format lichess: only these speeds (ultraBullet, bullet, blitz,\n"
                   "rapid, classical, correspondence), as the explorer's speeds="),
        OPT_STRING(0, "since", &s->since_text, "YYYY-MM",
                   "with --format lichess: only games of this month or later"),
        OPT_STRING(0, "until", &s->until_text, "YYYY-MM",
                   "with --format lichess: only games of this month or earlier"),
        REPORT_OPTION("lang", "LANG",
                      "the tree's moves in this language's SAN: en (default), de, fr,\n"
                      "es, it, pt, nl, sv, da, no, fi, pl, cs, hu, ro, ru", OPT_LANG),
        OPT_BOOL(0, "merge", &s->merge, "the FILEs are --format json outputs: combine them exactly"),
        REPORT_OPTION("top", "N", "rows of event and opening/player tables in text (default 10/all)",
                      OPT_TOP),
        OPT_JOBS(&s->jobs, "read games on N threads (default: the number of CPUs)"),
        OPT_HELP(),
        OPT_HEADING("Criteria (as in pgnkit search):"),
        OPT_GROUP(query_opts_options(), &s->qo),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, stats_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed == EXIT_OK ? -1 : parsed;
    s->filter = s->qo.given != 0;
    if (s->reports & (s->reports - 1)) {
        error("--openings, --tree, --players, --clock, --spellings, --standings and --elo "
              "are different reports: give one");
        return EXIT_USAGE;
    }
    s->tournament = (s->reports & (REPORT_STANDINGS | REPORT_ELO)) != 0;
    if (!report_options_agree(s) || read_filters(s))
        return EXIT_USAGE;
    if (s->fen_text && s->show.o.report != R_TREE) {
        if (query_opts_take(&s->qo, QOPT_CRITERION + SQ_POSITION, s->fen_text) < 0)
            return EXIT_USAGE;
        s->filter = 1;
    }
    if (s->moves_text && s->show.o.report != R_TREE) {
        query_opts_take(&s->qo, QOPT_CRITERION + SQ_MOVES, s->moves_text);
        s->filter = 1;
    }
    if (query_opts_needs_key(&s->qo))
        s->filter = 1;
    if (s->merge && s->filter) {
        error("--merge combines finished aggregates: criteria go with the runs that made them");
        return EXIT_USAGE;
    }
    if (s->spellings && (s->merge || s->show.format == FMT_HTML || s->show.top)) {
        error("--spellings goes with --format text, csv, tsv or json, without --merge and --top");
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < s->qo.n && !s->reports && !s->merge; i++)
        s->exits |= s->qo.items[i].criterion == SQ_REPERTOIRE;
    if (s->exits && (s->show.format == FMT_HTML || s->show.top)) {
        error("--repertoire's exits go with --format text, csv, tsv or json, without --top");
        return EXIT_USAGE;
    }
    if (query_opts_build(&s->qo))
        return EXIT_USAGE;
    if (s->merge && optind == argc) {
        error("--merge needs the JSON files to combine");
        return EXIT_USAGE;
    }
    if (!s->merge && s->show.o.report == R_TREE && set_root(s))
        return EXIT_USAGE;
    return EXIT_OK;
}

/* A game a database told the tree of (dbinput.h). */
static void indexed_game(void *ctx, const struct index_tree_game *tg)
{
    struct stats *s = ctx;
    if (stats_count_indexed(&s->show.o, s->agg, tg))
        die(EXIT_IO, "out of memory");
}

/* The tree a database's counts table told (dbinput.h). */
static int counted_tree(void *ctx, const struct index_tree_counts *c)
{
    struct stats *s = ctx;
    if (stats_count_counts(&s->show.o, s->agg, c))
        die(EXIT_IO, "out of memory");
    return PGN_OK;
}

/* Counts the games of the inputs into a, on the workers or here. */
static void count_inputs(struct stats *s, struct stats_agg *a, int n, char **inputs)
{
    /* Games the tags alone turn down need not be parsed past their tags;
     * with workers, they parse the movetext. Without a selection here, this
     * thread only splits the input. */
    s->d.reader_flags = s->filter ? query_opts_reader_flags(&s->qo)
                                  : (s->qo.nested_comments ? PGN_READER_NESTED_COMMENTS : 0);
    if (s->spellings && !s->filter) /* the tags are read here, and only they */
        s->d.reader_flags |= PGN_READER_LAZY;
    s->d.worker_reader_flags = PGN_READER_LAZY | (s->filter || s->spellings ? 0 : PGN_READER_SPLIT);
    s->d.flags |= DRIVER_QUIET_STDOUT; /* the report comes at the end */
    s->agg = a;
    if (s->tournament) {
        /* The pairings keep input order, and only the tags and (rarely) the
         * moves of a game matter: one job, lazy games. */
        s->jobs = 1;
        s->d.reader_flags |= PGN_READER_LAZY;
    }
    struct worker *workers = xcalloc((size_t)s->jobs, sizeof *workers);
    int root_white = s->show.o.root.side == WHITE;
    for (long i = 0; i < s->jobs; i++) {
        workers[i].s = s;
        workers[i].pairings = s->tournament ? &s->standings : NULL;
        replay_init(&workers[i].r, &s->ropts);
        stats_agg_init(&workers[i].a);
        explorer_tree_init(&workers[i].t, root_white, LICHESS_GAMES, LICHESS_GAMES);
    }
    driver_start(&s->d, s->jobs, PIPELINE_CALLER_WORKS, workers, sizeof *workers);
    /* A database counts the tree of most games itself; with a selection the
     * games it reads are chosen by the criteria instead. */
    struct dbinput_tree tree = { &s->show.o.root, s->show.o.depth, indexed_game, s,
                                 s->show.o.by == TREE_BY_NONE ? counted_tree : NULL };
    /* The explorer's JSON names games and players: each game is read. */
    s->d.db.tree = s->show.o.report == R_TREE && !s->filter && s->show.format != FMT_LICHESS
                       ? &tree : NULL;
    driver_run(&s->d, n, inputs);
    s->d.db.tree = NULL;
    driver_release(&s->d);
    s->io_failed |= s->d.io_failed;
    for (long i = 0; i < s->jobs; i++) {
        int rc = stats_agg_merge(a, &workers[i].a);
        if (rc)
            die(EXIT_IO, "%s", pgn_strerror(rc));
        stats_agg_release(&workers[i].a);
        if (explorer_tree_merge(&s->explorer, &workers[i].t))
            die(EXIT_IO, "out of memory");
        explorer_tree_release(&workers[i].t);
        replay_release(&workers[i].r);
    }
    free(workers);
}

/* ---- The JSON aggregate: written here, read back by --merge (lib/stats does both) ---- */

static void print_json(const struct stats_show *o, const struct stats_agg *a)
{
    struct buf text = BUF_INIT(STATS_JSON_MAX);
    int rc = stats_json_write(&o->o, a, &text);
    if (rc)
        die(EXIT_IO, "cannot write the JSON aggregate: %s", pgn_strerror(rc));
    fwrite(text.data, 1, text.len, stdout);
    buf_release(&text);
}

/* The lichess explorer's answer for the tree's root (lib/explorer writes it for serve too). */
static void print_lichess(const struct stats_show *o, struct explorer_tree *t)
{
    struct buf text = BUF_INIT(STATS_JSON_MAX);
    if (eco_init() != PGN_OK)
        die(EXIT_IO, "out of memory building the opening table");
    explorer_tree_sort(t);
    int rc = explorer_json_write(t, &o->o.root, t->n, EXPLORER_JSON_PERFORMANCE, &text);
    if (rc)
        die(EXIT_IO, "cannot write the explorer's JSON: %s", pgn_strerror(rc));
    fwrite(text.data, 1, text.len, stdout);
    buf_release(&text);
}

/* The whole of the file path into text: 0, or -1 after a message. */
static int read_whole(const char *path, struct buf *text)
{
    FILE *f = fopen(path, "rb");
    int rc = f ? PGN_OK : PGN_EIO;
    enum { CHUNK = 1 << 16 };
    while (!rc) {
        char *p = buf_push(text, CHUNK, &rc);
        if (!p)
            break;
        size_t n = fread(p, 1, CHUNK, f);
        text->len -= CHUNK - n;
        if (n < CHUNK)
            break;
    }
    if (!rc && ferror(f))
        rc = PGN_EIO;
    int saved = errno;
    if (f)
        fclose(f);
    if (rc == PGN_EIO)
        error("cannot read '%s': %s", path, strerror(saved));
    else if (rc)
        error("cannot read '%s': %s", path, pgn_strerror(rc));
    return rc ? -1 : 0;
}

/* Adds the aggregate of the JSON file path to a; the first file sets the report. 0, or -1 after a message. */
static int merge_file(struct stats_show *o, struct stats_agg *a, const char *path, int first)
{
    const struct stats_json_names names = { path, "pgnkit stats --format json", "the first file" };
    struct buf text = BUF_INIT(STATS_JSON_MAX);
    char why[8192];
    int rc = read_whole(path, &text);
    if (!rc && stats_json_merge(&o->o, a, text.data ? text.data : "", text.len, &names, first,
                                why, sizeof why)) {
        error("%s", why);
        rc = -1;
    }
    buf_release(&text);
    return rc;
}

int cmd_stats(int argc, char **argv)
{
    struct stats s;
    memset(&s, 0, sizeof s);
    s.ropts.lang = NOTATION_AUTO;
    s.ropts.flags = REPLAY_NO_WARN;
    s.show.o.depth = 1;
    s.jobs = pipeline_cpus();
    query_opts_init(&s.qo);
    int rc = read_options(&s, argc, argv);
    if (rc != EXIT_OK) {
        query_opts_release(&s.qo);
        return rc < 0 ? EXIT_OK : rc;
    }
    if (outfile_check_all(NULL, 0, argv + optind, argc - optind)) {
        query_opts_release(&s.qo);
        return EXIT_USAGE;
    }
    if (!s.merge && s.show.o.report == R_OPENINGS && eco_init() != PGN_OK)
        die(EXIT_IO, "out of memory building the opening table");

    driver_init(&s.d, &s, &stats_job);
    s.d.from = s.qo.from;
    game_facts_init(&s.facts, s.qo.sq.lang);
    struct stats_agg a;
    stats_agg_init(&a);
    standings_init(&s.standings);
    s.standings.pool = (s.reports & REPORT_ELO) != 0;
    explorer_tree_init(&s.explorer, s.show.o.root.side == WHITE, LICHESS_GAMES, LICHESS_GAMES);
    if (s.merge) {
        for (int i = optind; i < argc; i++)
            if (merge_file(&s.show, &a, argv[i], i == optind))
                s.io_failed = 1;
    } else {
        spelling_tally_init(&s.tally, s.qo.names);
        exit_tally_init(&s.exit_tally, s.qo.sq.repertoire_side);
        count_inputs(&s, &a, argc - optind, argv + optind);
    }
    int elo_failed = 0;
    if (s.exits) {
        stats_print_exits(&s.exit_tally, s.show.format);
    } else if (s.spellings) {
        stats_print_spellings(&s.tally, s.show.format, s.show.format == FMT_TEXT && isatty(1));
    } else if (s.tournament) {
        if (s.reports & REPORT_ELO)
            elo_failed = stats_print_elo(&s.show, &s.tables, &s.standings) != 0;
        else
            stats_print_standings(&s.show, &s.tables, &s.standings);
    } else if (s.io_failed && (s.merge || a.games == 0)) {
        /* Nothing to report: the messages and the status tell what failed.
         * A report of the games read before a failure is printed, as one
         * after a signal is, with the failure said on stderr. */
    } else {
        if (s.show.format == FMT_JSON)
            print_json(&s.show, &a);
        else if (s.show.format == FMT_HTML && s.show.o.report == R_CLOCK)
            die(EXIT_USAGE, "--clock has no html output: text, csv, tsv or json");
        else if (s.show.format == FMT_LICHESS)
            print_lichess(&s.show, &s.explorer);
        else if (s.show.format == FMT_HTML)
            stats_print_html(&s.show, &a);
        else {
            bar_style(&s.show);
            stats_print_report(&s.show, &a, s.show.format == FMT_TEXT && isatty(1));
        }
    }
    stats_agg_release(&a);
    if (!s.merge) {
        spelling_tally_release(&s.tally);
        exit_tally_release(&s.exit_tally);
    }
    standings_release(&s.standings);
    explorer_tree_release(&s.explorer);
    game_facts_release(&s.facts);
    query_opts_release(&s.qo);
    if (s.merge && s.io_failed)
        return EXIT_IO;
    if (elo_failed)
        return EXIT_USAGE;
    fflush(stdout);
    check_output();
    return driver_exit_status(0, s.io_failed, EXIT_OK);
}
