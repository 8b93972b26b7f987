/* book.c - `pgnkit book`: write a Polyglot opening book from games, or list a position's book moves. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cmd.h"
#include "book/book_build.h"
#include "book/polyglot_entry.h"
#include "chess/movegen.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/driver.h"
#include "cli/outfile.h"
#include "cli/report.h"
#include "cli/root_position.h"
#include "cli/term.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "notation/uci.h"
#include "pgn/pgn_reader.h"
#include "pipeline/pipeline.h"
#include "replay/mainline.h"
#include "replay/replay.h"
#include "base/banned.h"

static const char *const book_usage[] = {
    "pgnkit book [OPTIONS] -o BOOK [FILE...]",
    "   or: pgnkit book --probe FEN [--probe-moves MOVES] [--format FMT] BOOK",
    "",
    "Writes the main lines of the games of FILE (PGN, any input form, or a database",
    "of pgnkit index; standard input without FILE) as a Polyglot opening book, weighed",
    "as Polyglot's make-book weighs them; or lists the moves a book has for a position.",
    "",
    NULL,
};

struct book_cmd {
    const char *out_path;
    struct book_opts opts;
    long max_ply, jobs;
    int from, quiet;
    const char *probe_fen, *probe_moves, *format;
    struct driver d;
    struct book_builder *b;
    uint64_t games, counted, skipped, plies;
    int io_failed;
};

/* One main-line move as the book counts it. */
struct book_ply {
    uint64_t key;
    uint16_t move;
    uint8_t side;
};

/* What a worker made of one game. */
enum game_fate { FATE_NONE, FATE_COUNTED, FATE_SKIPPED };
struct book_game {
    struct batch_mark mark;
    int fate;
    int white_points; /* 2 White won, 0 Black won, 1 anything else */
    uint32_t nplies;
    struct book_ply *plies;
};

struct book_worker {
    const struct book_cmd *c;
    struct mainline ml;
    struct replay r; /* only for the diagnostics of a game that does not replay */
};

/*
 * White's points: the Result tag decides, as it does for make-book (which
 * counts any other value, "*" included, as a draw); a game without the tag,
 * its result token.
 */
static int white_points(const struct game *g)
{
    const char *tag = game_tag_value(g, "Result");
    int r = tag ? pgn_result_of(tag) : g->result;
    return r == PGN_RESULT_WHITE ? 2 : r == PGN_RESULT_BLACK ? 0 : 1;
}

/* Reports why g is left out, as validate reports its errors. */
static void report_skip(struct book_worker *w, const struct game *g, FILE *diag, const char *why)
{
    if (w->c->quiet)
        return;
    if (why) {
        report_game_prefix(diag, g, g->line, g->col, PGN_SEV_ERROR);
        fprintf(diag, ": %s, left out of the book\n", why);
        return;
    }
    if (replay_game(&w->r, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    report_diags(diag, g, &w->r, PGN_SEV_ERROR, 0);
}

/* The main line of g up to --max-ply, on a worker; the counting is the writer's (input order). */
static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct book_worker *w = ctx;
    struct book_game *bg = BATCH_RECORD(m, struct book_game, mark);
    (void)out;
    if ((g->flags & GAME_LAZY) && pgn_reader_complete(reader, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (g->flags & GAME_EMPTY)
        return; /* FATE_NONE: comments alone are no game */
    if (mainline_reset(&w->ml, g) != PGN_OK)
        die(EXIT_IO, "out of memory");
    if (w->ml.status != ML_OK) {
        bg->fate = FATE_SKIPPED;
        report_skip(w, g, diag, w->ml.status == ML_BAD_FEN ? "its FEN is not a legal position"
                                                         : "a variant pgnkit does not replay");
        return;
    }
    uint32_t want = w->ml.nmoves < (uint64_t)w->c->max_ply ? w->ml.nmoves : (uint32_t)w->c->max_ply;
    bg->plies = want ? arena_alloc(arena, want * sizeof *bg->plies) : NULL;
    if (want && !bg->plies)
        die(EXIT_IO, "out of memory");
    struct ml_iter it;
    mainline_first(&w->ml, &it);
    while (it.ply < want) {
        struct book_ply *p = &bg->plies[it.ply];
        p->key = it.pos.key;
        p->side = it.pos.side;
        int rc = mainline_next(&w->ml, &it);
        if (rc < 0)
            die(EXIT_IO, "out of memory");
        if (rc == 0)
            break;
        move16 mv = w->ml.moves[it.ply - 1];
        if (mv == MOVE_NONE) { /* a null move: no book move, and no real position after it */
            it.ply--;
            break;
        }
        p->move = polyglot_move_of(mv);
    }
    if (w->ml.failed) {
        bg->fate = FATE_SKIPPED;
        report_skip(w, g, diag, NULL);
        return;
    }
    bg->fate = FATE_COUNTED;
    bg->nplies = it.ply;
    bg->white_points = white_points(g);
}

/* Counts a worked game, in input order: the order make-book meets the moves in. */
static void write_game(void *cmd, const struct game *g, const struct batch_mark *m,
                       const struct batch_part *part)
{
    struct book_cmd *c = cmd;
    const struct book_game *bg = BATCH_RECORD(m, const struct book_game, mark);
    (void)g;
    if (part->diag_len)
        fwrite(part->diag, 1, part->diag_len, stderr);
    if (bg->fate == FATE_NONE)
        return;
    c->games++;
    if (bg->fate == FATE_SKIPPED) {
        c->skipped++;
        return;
    }
    c->counted++;
    for (uint32_t i = 0; i < bg->nplies; i++) {
        const struct book_ply *p = &bg->plies[i];
        int points = p->side == WHITE ? bg->white_points : 2 - bg->white_points;
        int rc = book_add(c->b, p->key, p->move, p->side, points);
        if (rc)
            die(EXIT_IO, "cannot count the book: %s", pgn_strerror(rc));
    }
    c->plies += bg->nplies;
}

static const struct driver_job book_job = {
    .work = work, .write = write_game, .record = BATCH_LAYOUT(struct book_game, mark),
};

static void summary(const struct book_cmd *c, size_t entries)
{
    if (c->quiet)
        return;
    fprintf(stderr, "%s: %" PRIu64 " games read (%" PRIu64 " left out: they do not replay), "
            "%zu move%s in '%s'\n", progname, c->games, c->skipped, entries, entries == 1 ? "" : "s",
            c->out_path);
}

static int build(struct book_cmd *c, int n, char **inputs)
{
    char *outs[1] = { (char *)c->out_path };
    if (outfile_check(outs, 1, inputs, n))
        return EXIT_USAGE;
    c->b = book_builder_new(&c->opts);
    if (!c->b)
        die(EXIT_IO, "out of memory");
    driver_init(&c->d, c, &book_job);
    c->d.from = c->from;
    c->d.worker_reader_flags = PGN_READER_LAZY | PGN_READER_SPLIT;
    c->d.flags = c->quiet ? DRIVER_NO_PROGRESS : 0;
    report_set_color(term_color(stderr));
    struct book_worker *workers = xcalloc((size_t)c->jobs, sizeof *workers);
    struct replay_opts ro = { .lang = NOTATION_AUTO, .flags = REPLAY_NO_WARN };
    for (long i = 0; i < c->jobs; i++) {
        workers[i].c = c;
        mainline_init(&workers[i].ml, NOTATION_AUTO);
        replay_init(&workers[i].r, &ro);
    }
    driver_start(&c->d, c->jobs, PIPELINE_CALLER_WORKS, workers, sizeof *workers);
    driver_run(&c->d, n, inputs);
    driver_release(&c->d);
    for (long i = 0; i < c->jobs; i++) {
        mainline_release(&workers[i].ml);
        replay_release(&workers[i].r);
    }
    free(workers);
    c->io_failed |= c->d.io_failed;

    /* A book of part of the input is a wrong book: the target is left as it was. */
    int failed = driver_run_failed(c->io_failed);
    struct buf bytes = BUF_INIT((size_t)1 << 40);
    size_t entries = 0;
    if (!failed) {
        int rc = book_write(c->b, &bytes);
        if (rc)
            die(EXIT_IO, "cannot write the book: %s", pgn_strerror(rc));
        entries = bytes.len / POLYGLOT_ENTRY_SIZE;
        struct outfile o;
        if (outfile_open(&o, c->out_path))
            failed = c->io_failed = 1;
        /* An empty book is an empty file: nothing to write (and no data pointer). */
        else if ((bytes.len && outfile_write(&o, bytes.data, bytes.len)) | outfile_close(&o, 1))
            failed = c->io_failed = 1;
    }
    buf_release(&bytes);
    book_builder_free(c->b);
    if (!failed)
        summary(c, entries);
    else if (c->io_failed && !driver_interrupted())
        error("'%s' is left as it was", c->out_path);
    return driver_exit_status(c->quiet, c->io_failed, EXIT_OK);
}

/* ---- --probe: a position's moves in any Polyglot book ---- */

/* The whole of the book path into *data (malloc'd); 0, or -1 after a message. */
static int read_book(const char *path, uint8_t **data, size_t *len)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    *data = NULL;
    *len = 0;
    const char *why = !f || fstat(fileno(f), &st) ? strerror(errno)
                      : !S_ISREG(st.st_mode)      ? "not a regular file"
                                                  : NULL;
    if (why) {
        error("cannot read '%s': %s", path, why);
        if (f)
            fclose(f);
        return -1;
    }
    size_t size = (size_t)st.st_size;
    if (polyglot_book_check(size)) {
        error("'%s' is not a Polyglot book: %zu bytes are not a whole number of 16-byte entries",
              path, size);
        fclose(f);
        return -1;
    }
    *data = xmalloc(size ? size : 1);
    if (fread(*data, 1, size, f) != size) {
        error("cannot read '%s': %s", path, ferror(f) ? strerror(errno) : "it got shorter");
        fclose(f);
        free(*data);
        *data = NULL;
        return -1;
    }
    fclose(f);
    *len = size;
    return 0;
}

struct probe_move {
    move16 move;
    struct polyglot_entry e;
};

/* The book's own spelling of a move: from, to, promotion (castling as king takes rook). */
static void book_move_text(uint16_t m, char out[UCI_MAX])
{
    unsigned promo = m >> 12 & 7;
    out[0] = (char)('a' + (m >> 6 & 7));
    out[1] = (char)('1' + (m >> 9 & 7));
    out[2] = (char)('a' + (m & 7));
    out[3] = (char)('1' + (m >> 3 & 7));
    out[4] = promo >= 1 && promo <= 4 ? "nbrq"[promo - 1] : 0;
    out[5] = 0;
}

static void print_probe_text(const struct pos *p, const char *fen, const struct probe_move *pm,
                             size_t n, uint64_t total)
{
    printf("position: %s\nkey: %016" PRIx64 "\n", fen, p->key);
    printf("%-8s %-6s %-6s %7s %8s\n", "move", "uci", "book", "weight", "percent");
    for (size_t i = 0; i < n; i++) {
        char san[MOVE_TEXT_MAX], uci[UCI_MAX], raw[UCI_MAX];
        san_write(p, pm[i].move, san);
        uci_write(p, pm[i].move, uci);
        book_move_text(pm[i].e.move, raw);
        printf("%-8s %-6s %-6s %7u %7.1f%%\n", san, uci, raw, pm[i].e.weight,
               total ? 100.0 * pm[i].e.weight / (double)total : 0.0);
    }
}

static void print_probe_json(const struct pos *p, const char *fen, const struct probe_move *pm,
                             size_t n, uint64_t total)
{
    printf("{\"fen\":");
    json_write_string(stdout, fen, strlen(fen));
    printf(",\"key\":\"%016" PRIx64 "\",\"total_weight\":%" PRIu64 ",\"moves\":[", p->key, total);
    for (size_t i = 0; i < n; i++) {
        char san[MOVE_TEXT_MAX], uci[UCI_MAX];
        san_write(p, pm[i].move, san);
        uci_write(p, pm[i].move, uci);
        printf("%s{\"san\":\"%s\",\"uci\":\"%s\",\"book_move\":%u,\"weight\":%u,\"learn\":%" PRIu32
               ",\"percent\":%.2f}", i ? "," : "", san, uci, pm[i].e.move, pm[i].e.weight,
               pm[i].e.learn, total ? 100.0 * pm[i].e.weight / (double)total : 0.0);
    }
    printf("]}\n");
}

static int probe(struct book_cmd *c, int n, char **operands)
{
    if (n != 1) {
        error("--probe reads one book, not %d files", n);
        return usage_error(book_usage);
    }
    int json = 0;
    if (c->format && !(json = !strcmp(c->format, "json")) && strcmp(c->format, "text")) {
        error("--format takes text or json, not '%s'", c->format);
        return EXIT_USAGE;
    }
    struct pos p;
    const char *fen = c->probe_fen && strcmp(c->probe_fen, "startpos") ? c->probe_fen : NULL;
    if (root_position(fen, c->probe_moves, "--probe", "--probe-moves", &p))
        return EXIT_USAGE;
    uint8_t *data;
    size_t len;
    if (read_book(operands[0], &data, &len))
        return EXIT_IO;
    size_t count, first = polyglot_book_find(data, len / POLYGLOT_ENTRY_SIZE, p.key, &count);
    struct probe_move *pm = xmalloc((count ? count : 1) * sizeof *pm);
    size_t k = 0;
    uint64_t total = 0;
    for (size_t i = 0; i < count; i++) {
        polyglot_entry_get(data + (first + i) * POLYGLOT_ENTRY_SIZE, &pm[k].e);
        pm[k].move = polyglot_move_in(&p, pm[k].e.move);
        if (pm[k].move == MOVE_NONE) {
            /* Polyglot's own reader passes over such an entry too. */
            warning("'%s': entry %zu: move %04x is not legal in this position", operands[0],
                    first + i, pm[k].e.move);
            continue;
        }
        total += pm[k].e.weight;
        k++;
    }
    char fentext[FEN_MAX];
    pos_to_fen(&p, 0, fentext);
    if (json)
        print_probe_json(&p, fentext, pm, k, total);
    else if (k)
        print_probe_text(&p, fentext, pm, k, total);
    if (!k)
        fprintf(stderr, "%s: no move for this position in '%s'\n", progname, operands[0]);
    free(pm);
    free(data);
    fflush(stdout);
    if (check_output())
        return EXIT_IO;
    return k ? EXIT_OK : EXIT_NEGATIVE;
}

/* ---- Options ---- */

/* A percentage, 0 to 100: 0, or -1 after a message. */
static int percent_option(void *storage, const struct option_entry *entry, char *arg)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (errno || end == arg || *end || !(v >= 0 && v <= 100)) {
        error("--%s takes a percentage from 0 to 100, not '%s'", option_name(entry), arg);
        return -1;
    }
    *(double *)storage = v;
    return 0;
}

enum { NUM_MAX_PLY, NUM_MIN_GAMES };

static int number_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct book_cmd *c = storage;
    long v;
    long min = entry->number == NUM_MAX_PLY ? 0 : 1;
    if (parse_long(arg, min, 1000000, &v)) {
        error("--%s takes a number from %ld to 1000000, not '%s'", option_name(entry), min, arg);
        return -1;
    }
    if (entry->number == NUM_MAX_PLY)
        c->max_ply = v;
    else
        c->opts.min_games = (uint32_t)v;
    return 0;
}

int cmd_book(int argc, char **argv)
{
    struct book_cmd c;
    memset(&c, 0, sizeof c);
    /* make-book's defaults, so that the same command line makes the same book. */
    c.max_ply = 1024;
    c.opts.min_games = 3;
    c.jobs = pipeline_cpus();
    const struct option_entry options[] = {
        OPT_HEADING("Writing a book:"),
        OPT_STRING('o', "output", &c.out_path, "BOOK", "the book to write (replaced only when complete)"),
        { .type = OPTION_CALLBACK, .long_name = "max-ply", .value = &c, .arg_name = "N",
          .help = "count the first N plies of each game (default 1024)",
          .callback = number_option, .number = NUM_MAX_PLY },
        { .type = OPTION_CALLBACK, .long_name = "min-games", .value = &c, .arg_name = "N",
          .help = "keep moves played in at least N games (default 3)",
          .callback = number_option, .number = NUM_MIN_GAMES },
        OPT_CALLBACK(0, "min-score", &c.opts.min_score, "P",
                     "keep moves that scored at least P % for their side (default 0)", percent_option),
        OPT_CALLBACK(0, "min-percent", &c.opts.min_percent, "P",
                     "keep moves played in at least P % of their position's games", percent_option),
        OPT_BOOL(0, "only-white", &c.opts.only_white, "keep White's moves only"),
        OPT_BOOL(0, "only-black", &c.opts.only_black, "keep Black's moves only"),
        OPT_BOOL(0, "uniform", &c.opts.uniform, "give every move the weight 1"),
        OPT_FROM(&c.from),
        OPT_JOBS(&c.jobs, "replay games on N threads (default: the number of CPUs)"),
        OPT_BOOL('q', "quiet", &c.quiet, "report no game left out and no summary"),
        OPT_HEADING("Reading a book:"),
        OPT_STRING(0, "probe", &c.probe_fen, "FEN",
                   "list the book's moves for the position FEN (startpos: the start)"),
        OPT_STRING(0, "probe-moves", &c.probe_moves, "MOVES",
                   "... after these moves (\"1. e4 e5\"), from FEN or the start"),
        OPT_STRING(0, "format", &c.format, "FMT", "list as text (default) or json"),
        OPT_HELP(),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, book_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    if (c.probe_fen || c.probe_moves) {
        if (c.out_path) {
            error("--probe reads a book and -o writes one: give one of them");
            return usage_error(book_usage);
        }
        return probe(&c, argc - optind, argv + optind);
    }
    if (!c.out_path) {
        error("no book to write: give -o BOOK (or --probe FEN to read one)");
        return usage_error(book_usage);
    }
    if (c.opts.only_white && c.opts.only_black) {
        error("--only-white and --only-black leave no move: give one of them");
        return EXIT_USAGE;
    }
    return build(&c, argc - optind, argv + optind);
}
