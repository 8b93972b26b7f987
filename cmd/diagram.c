/* diagram.c - `pgnkit diagram`: positions as SVG diagrams, from a FEN or from games, one file each or one page. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "cli/dbinput.h"
#include "cli/driver.h"
#include "cli/outfile.h"
#include "cli/query_opts.h"
#include "base/ascii.h"
#include "notation/movewrite.h"
#include "notation/notation.h"
#include "picture/board_svg.h"
#include "picture/chart_svg.h"
#include "picture/game_series.h"
#include "picture/svg_text.h"
#include "pgn/pgn_reader.h"
#include "query/game_facts.h"
#include "base/banned.h"

static const char *const diagram_usage[] = {
    "pgnkit diagram [OPTIONS] [FILE...]",
    "",
    "Draws positions as SVG diagrams: the position of --fen, or positions of the games",
    "that meet every criterion. Reads standard input when no FILE (or '-') is given.",
    "Exit status: 0 when a diagram was written, 1 when none, 2 usage, 3 I/O.",
    "",
    NULL,
};

enum { PLY_FINAL = -1, PLY_ALL = -2 };
enum { PICTURE_MAX = 1 << 24, PAGE_FLUSH = 1 << 16 };

/* An input's name as the start of its files' names: its file name, made safe. */
struct input_stem {
    char *path;
    char stem[96];
};

struct diagram {
    struct query_opts qo;
    struct game_facts facts;
    struct driver d;
    long ply;           /* PLY_FINAL, PLY_ALL or a number of plies */
    const char *fen, *moves_text;
    char *out_path;     /* -o: a directory, or the page's file */
    int page, graph, flip, coordinates, lang;
    double *eval, *clock; /* --graph: per ply of the game */
    size_t graph_cap;
    long size;
    struct buf pic;      /* one picture */
    struct buf caption, short_caption; /* its caption, NUL-terminated */
    struct outfile page_out;
    FILE *out;           /* the page, or the one diagram of standard output */
    size_t dir_len;      /* -o DIR: path holds "DIR/" */
    char path[4096];
    char **inputs;       /* the command line's, for the check of each file written */
    int ninputs;
    int many_inputs;     /* names carry the input's name, as search -l's lines do */
    struct input_stem *stems; /* the inputs seen, each with the name part of its files */
    size_t nstems;
    const char *stem;    /* the current input's, "" with one input */
    uint64_t games, written;
    const char *failed_name; /* set when writing stopped on an error */
};

/* ---- Where pictures go ---- */

static void page_begin(struct diagram *s)
{
    fputs("<!DOCTYPE html>\n<html lang=\"", s->out);
    fputs(notation_get(s->lang)->name, s->out);
    fputs("\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<title>pgnkit diagrams</title>\n<style>\n"
          "body{font-family:sans-serif;margin:1em;background:#fff;color:#000}\n"
          "main{display:grid;grid-template-columns:repeat(auto-fill,minmax(16em,1fr));gap:1em}\n"
          "figure{margin:0}\nfigure svg{width:100%;height:auto;display:block}\n"
          "figcaption{font-size:.8em;color:#555;text-align:center}\n"
          "@media print{body{margin:0}main{gap:.5cm}figure{break-inside:avoid}}\n"
          "</style>\n</head>\n<body>\n",
          s->out);
    struct buf defs = BUF_INIT(PICTURE_MAX);
    if (board_svg_defs(&defs))
        die(EXIT_IO, "out of memory");
    fwrite(defs.data, 1, defs.len, s->out);
    buf_release(&defs);
    fputs("<main>\n", s->out);
}

static void page_end(struct diagram *s) { fputs("</main>\n</body>\n</html>\n", s->out); }

/* Writes s->pic to DIR/name, which is checked to be no input first. */
static void write_file(struct diagram *s, const char *name)
{
    size_t n = strlen(name);
    if (s->dir_len + n + 1 > sizeof s->path)
        die(EXIT_IO, "'%s': path too long", s->out_path);
    memcpy(s->path + s->dir_len, name, n + 1);
    char *outs[1] = { s->path };
    if (outfile_check(outs, 1, s->inputs, s->ninputs))
        exit(EXIT_USAGE);
    int fd = open(s->path, O_WRONLY | O_CREAT, 0666);
    if (fd < 0)
        die(EXIT_IO, "cannot open '%s' for writing: %s", s->path, strerror(errno));
    const char *p = s->pic.data;
    size_t left = s->pic.len;
    int ok = ftruncate(fd, 0) == 0;
    while (ok && left) {
        ssize_t w = write(fd, p, left);
        if (w < 0 && errno == EINTR)
            continue;
        ok = w > 0;
        p += ok ? w : 0;
        left -= ok ? (size_t)w : 0;
    }
    if (close(fd) || !ok)
        die(EXIT_IO, "cannot write '%s': %s", s->path, strerror(errno ? errno : EIO));
}

/* A finished picture, named name in a directory: to its file, the page or standard output. */
static void emit(struct diagram *s, const char *name, const char *where)
{
    if (s->page) {
        fputs("<figure>", s->out);
        fwrite(s->pic.data, 1, s->pic.len, s->out);
        fputs("</figure>\n", s->out);
        check_output();
        if (s->out_path && outfile_failed(&s->page_out))
            s->d.io_failed = 1; /* reported; the page is not replaced */
    } else if (s->dir_len) {
        write_file(s, name);
    } else {
        if (s->written)
            die(EXIT_USAGE, "a second diagram (%s): standard output takes one; give -o DIR or "
                "--page", where);
        fwrite(s->pic.data, 1, s->pic.len, s->out);
        check_output();
    }
    s->written++;
}

/* ---- Names ---- */

/*
 * The one place that names a game's pictures. The number is the game's
 * number in its input (g->index, from 1), the number `search -l` prints
 * and `--where 'game = N'` selects; with several inputs the name starts
 * with the input's file name, as search -l's lines start with the input's
 * path. Two inputs of the same file name from different folders get -2,
 * -3, ... after it, in the order they are read, so that no picture
 * replaces another one of the same run.
 */
static int stem_taken(const struct diagram *s, const char *stem)
{
    for (size_t i = 0; i < s->nstems; i++)
        if (!strcmp(s->stems[i].stem, stem))
            return 1;
    return 0;
}

static const char *input_stem(struct diagram *s, const char *path)
{
    if (!s->many_inputs)
        return "";
    if (s->nstems && !strcmp(s->stems[s->nstems - 1].path, path))
        return s->stems[s->nstems - 1].stem;
    for (size_t i = 0; i < s->nstems; i++)
        if (!strcmp(s->stems[i].path, path))
            return s->stems[i].stem;
    struct input_stem in;
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!strcmp(path, "<stdin>") || !*base)
        base = "stdin";
    size_t n = 0;
    /* Letters, digits and . _ + - stay; anything else (blanks, quotes,
     * bytes of other scripts) is written '_'; a leading dot would hide the file. */
    for (; *base && n < sizeof in.stem - 8; base++, n++) {
        char c = *base;
        in.stem[n] = ascii_is_alnum(c) || (n && c == '.') || c == '_' || c == '+' || c == '-'
                         ? c : '_';
    }
    in.stem[n] = 0;
    for (unsigned twin = 2; stem_taken(s, in.stem); twin++)
        snprintf(in.stem + n, sizeof in.stem - n, "-%u", twin);
    in.path = xstrdup(path);
    s->stems = xrealloc(s->stems, (s->nstems + 1) * sizeof *s->stems);
    s->stems[s->nstems++] = in;
    return s->stems[s->nstems - 1].stem;
}

/* "game-000012-ply-046.svg" (or "games.pgn-game-000012-ply-046.svg" with several
 * inputs) for the picture of ply k (k < 0: the graph); where: the game as
 * messages name it ("games.pgn: game 12, ply 46"). */
static void picture_name(const struct diagram *s, const struct game *g, long k, char *name,
                         size_t name_cap, char *where, size_t where_cap)
{
    char what[32];
    if (k < 0)
        snprintf(what, sizeof what, "graph");
    else
        snprintf(what, sizeof what, "ply-%03ld", k);
    snprintf(name, name_cap, "%s%sgame-%06" PRIu64 "-%s.svg", s->stem, *s->stem ? "-" : "",
             g->index, what);
    if (k >= 0)
        snprintf(what, sizeof what, "ply %ld", k);
    snprintf(where, where_cap, "%s%sgame %" PRIu64 ", %s", s->many_inputs ? g->file : "",
             s->many_inputs ? ": " : "", g->index, what);
}

/* ---- Boards ---- */

static void draw(struct diagram *s, const struct pos *p, move16 last, const struct board_marks *m,
                 int captioned)
{
    struct board_view v = { p, s->flip, s->coordinates, last, m,
                            captioned ? s->caption.data : NULL, (int)s->size,
                            captioned ? s->short_caption.data : NULL };
    buf_reset(&s->pic);
    unsigned flags = s->page ? 0 : BOARD_SVG_DOCUMENT | BOARD_SVG_DEFS;
    if (board_svg(&s->pic, &v, flags))
        die(EXIT_IO, "out of memory");
}

/* The caption of g's picture ("White – Black, Event, after 23...Nf6"), full and
 * with initials, into s->caption and s->short_caption. */
static void game_caption(struct diagram *s, const struct game *g, const char *after)
{
    struct caption_game c = { game_tag_value(g, "White"), game_tag_value(g, "Black"),
                              game_tag_value(g, "Event"), after };
    buf_reset(&s->caption);
    buf_reset(&s->short_caption);
    if (board_caption_game(&s->caption, &c, false) ||
        board_caption_game(&s->short_caption, &c, true))
        die(EXIT_IO, "out of memory");
}

/* The marks of the comments after main-line move k (1-based) of g. */
static void move_marks(const struct game *g, uint32_t k, struct board_marks *m)
{
    memset(m, 0, sizeof *m);
    if (!k)
        return;
    const struct game_move *mv = &g->moves[g->vars[0].first + k - 1];
    for (uint32_t c = 0; c < mv->comment_count; c++) {
        const struct game_comment *cm = &g->comments[mv->comment_first + c];
        for (uint32_t i = 0; i < cm->cmd_count; i++) {
            const struct game_cmd *cmd = &g->cmds[cm->cmd_first + i];
            board_marks_add(m, cmd->name, cmd->name_len, cmd->args, cmd->args_len);
        }
    }
}

/* Draws the position after ply k of g (before: the position before its last move). */
static void game_position(struct diagram *s, const struct game *g,
                          const struct pos *before, const struct pos *p, uint32_t k, move16 last)
{
    char san[MOVE_TEXT_MAX] = "--", after[128] = "", name[160], where[4200];
    if (k) {
        struct write_style st = { MOVE_FMT_SAN, s->lang, 0 };
        if (last != MOVE_NONE)
            move_write(before, last, &st, san, sizeof san);
        board_caption_after(s->lang, before->fullmove, before->side, san, after, sizeof after);
    }
    struct board_marks m;
    move_marks(g, k, &m);
    game_caption(s, g, after);
    draw(s, p, last, &m, 1);
    picture_name(s, g, (long)k, name, sizeof name, where, sizeof where);
    emit(s, name, where);
}

static void game_boards(struct diagram *s, const struct game *g)
{
    if (game_facts_need(&s->facts, FACTS_MAINLINE))
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index,
            pgn_strerror(s->facts.status));
    struct mainline *ml = game_facts_mainline(&s->facts);
    if (ml->status != ML_OK) {
        warning("%s: game %" PRIu64 " %s: no diagram", g->file, g->index,
                ml->status == ML_BAD_FEN ? "has a FEN that is not a legal position"
                                         : "is a variant pgnkit does not replay");
        return;
    }
    struct ml_iter it;
    struct pos before;
    move16 last = MOVE_NONE;
    mainline_first(ml, &it);
    before = it.pos;
    for (;;) {
        if (s->ply == PLY_ALL || (long)it.ply == s->ply)
            game_position(s, g, &before, &it.pos, it.ply, last);
        if (s->ply >= 0 && (long)it.ply >= s->ply)
            return;
        struct pos cur = it.pos;
        int rc = mainline_next(ml, &it);
        if (rc < 0)
            die(EXIT_IO, "out of memory");
        if (rc == 0)
            break;
        before = cur; /* only when a move was played: final needs the position before it */
        last = ml->moves[it.ply - 1];
    }
    if (ml->failed)
        warning("%s: game %" PRIu64 ": move %u does not replay: %s", g->file, g->index,
                it.ply + 1, s->ply == PLY_FINAL ? "the diagram shows the position before it"
                                                : "the positions after it are left out");
    if (s->ply == PLY_FINAL)
        game_position(s, g, it.ply ? &before : &it.pos, &it.pos, it.ply,
                      it.ply ? last : MOVE_NONE);
}

/* ---- Graphs ---- */

/* The graph of g's main line into s->pic; empty when no move has an [%eval] or [%clk]. */
static void game_graph(struct diagram *s, const struct game *g)
{
    const struct game_var *line = &g->vars[0];
    size_t n = line->count, found = 0;
    buf_reset(&s->pic);
    if (n > s->graph_cap) {
        s->graph_cap = n;
        s->eval = xrealloc(s->eval, n * sizeof *s->eval);
        s->clock = xrealloc(s->clock, n * sizeof *s->clock);
    }
    found = game_series(g, s->eval, s->clock);
    if (!found)
        return;
    game_caption(s, g, NULL);
    struct chart_game cg = { s->caption.len ? s->caption.data : "game", n, s->eval, s->clock,
                             1, 0 };
    const char *fen = game_tag_value(g, "FEN");
    struct pos start;
    enum fen_problem why;
    if (fen && !pos_from_fen(&start, fen, &why)) { /* the moves' numbers go on from the FEN's */
        cg.first_move = start.fullmove;
        cg.first_black = start.side == BLACK;
    }
    if (chart_game_svg(&s->pic, &cg, !s->page))
        die(EXIT_IO, "out of memory");
}

/* One game, drawn on the calling thread (diagram's one worker: its names
 * and files follow the input order), so there is nothing left to write. */
static void work(void *ctx, struct game *g, struct pgn_reader *reader, struct arena *arena,
                 FILE *diag, struct buf *out, struct batch_mark *m)
{
    struct diagram *s = ctx;
    (void)arena, (void)diag, (void)out, (void)m;
    if (g->flags & GAME_EMPTY)
        return;
    s->stem = input_stem(s, g->file);
    s->games++;
    game_facts_reset(&s->facts, g, reader);
    if (!query_opts_select(&s->qo, &s->facts, 0))
        return;
    if (!s->graph) {
        game_boards(s, g);
        return;
    }
    if (g->flags & GAME_LAZY && game_facts_need(&s->facts, FACTS_MOVETEXT))
        die(EXIT_IO, "%s: game %" PRIu64 ": %s", g->file, g->index,
            pgn_strerror(s->facts.status));
    game_graph(s, g);
    if (s->pic.len) {
        char name[160], where[4200];
        picture_name(s, g, -1, name, sizeof name, where, sizeof where);
        emit(s, name, where);
    }
}

static const struct driver_job diagram_job = {
    .work = work, .record = { sizeof(struct batch_mark), 0 },
};

/* ---- Options ---- */

/* Plies of a line of moves ("1. e4 c5 2. Nf3"): its tokens less move numbers and a result. */
static long count_plies(const char *t)
{
    long n = 0;
    while (*t) {
        while (*t && ascii_is_space(*t))
            t++;
        const char *e = t;
        while (*e && !ascii_is_space(*e))
            e++;
        const char *m = t;
        while (m < e && (ascii_is_digit(*m) || *m == '.'))
            m++;
        if (m < e && *m != '*' && strncmp(m, "1-0", 3) && strncmp(m, "0-1", 3) &&
            strncmp(m, "1/2", 3))
            n++;
        t = e;
    }
    return n;
}

/* The command's own options: 1 when taken, 0 when not its, -1 after a message. */
enum { OPT_PLY = 1, OPT_SIZE, OPT_LANG, OPT_MOVES };

/* The options with a value to check, told by entry->number: 0, or -1 after a message. */
static int diagram_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct diagram *s = storage;
    switch (entry->number) {
    case OPT_PLY:
        if (!strcmp(arg, "final"))
            s->ply = PLY_FINAL;
        else if (!strcmp(arg, "all"))
            s->ply = PLY_ALL;
        else if (parse_long(arg, 0, 100000, &s->ply)) {
            error("--ply takes a number of plies, 'final' or 'all', not '%s'", arg);
            return -1;
        }
        return 0;
    case OPT_SIZE:
        if (parse_long(arg, 0, 10000, &s->size)) {
            error("--size takes a width in pixels from 0 to 10000, not '%s'", arg);
            return -1;
        }
        return 0;
    case OPT_LANG:
        s->lang = notation_find(arg);
        if (s->lang < 0) {
            error("unknown language '%s'", arg);
            return -1;
        }
        return 0;
    case OPT_MOVES: /* the position, and the criterion of the games that start so */
        s->moves_text = arg;
        return query_opts_take(&s->qo, QOPT_CRITERION + SQ_MOVES, arg) == 1 ? 0 : -1;
    }
    return -1;
}

#define DIAGRAM_OPTION(l, a, h, id) \
    { .type = OPTION_CALLBACK, .long_name = (l), .value = &s, .arg_name = (a), .help = (h), \
      .callback = diagram_option, .number = (id) }

static int check_options(struct diagram *s, int ninputs)
{
    if (s->fen && (ninputs || s->moves_text || s->qo.n)) {
        error("--fen draws one position: it takes no FILE, --moves or selection options");
        return -1;
    }
    if (s->graph && (s->fen || s->ply != PLY_FINAL || s->moves_text)) {
        error("--graph draws whole games: it does not go with --fen, --ply or --moves");
        return -1;
    }
    if (s->moves_text) {
        if (s->ply != PLY_FINAL) {
            error("--moves sets the position: it does not go with --ply");
            return -1;
        }
        s->ply = count_plies(s->moves_text);
    }
    return 0;
}

/* -o DIR: made when missing (not its parents); names are appended to s->path. */
static int open_dir(struct diagram *s)
{
    struct stat st;
    size_t n = strlen(s->out_path);
    if (n + 2 > sizeof s->path) {
        error("'%s': path too long", s->out_path);
        return EXIT_USAGE;
    }
    if (stat(s->out_path, &st) && (errno != ENOENT || mkdir(s->out_path, 0777))) {
        error("cannot make directory '%s': %s", s->out_path, strerror(errno));
        return EXIT_IO;
    }
    if (!stat(s->out_path, &st) && !S_ISDIR(st.st_mode)) {
        error("'%s' is not a directory (-o takes a directory; --page writes one file)",
              s->out_path);
        return EXIT_USAGE;
    }
    memcpy(s->path, s->out_path, n);
    if (s->path[n - 1] != '/')
        s->path[n++] = '/';
    s->dir_len = n;
    return EXIT_OK;
}

static int draw_fen(struct diagram *s)
{
    struct pos p;
    enum fen_problem why;
    if (pos_from_fen(&p, s->fen, &why) && why != FEN_IMPOSSIBLE_CHECK) {
        error("invalid FEN '%s': %s", s->fen, fen_problem_text(why));
        return EXIT_USAGE;
    }
    draw(s, &p, MOVE_NONE, NULL, 0);
    emit(s, "position.svg", "--fen");
    return EXIT_OK;
}

/* Runs the drawing once the options are known; returns the exit status. */
static int run(struct diagram *s, int n, char **inputs)
{
    int status;
    char *outs[1] = { s->out_path };
    if (outfile_check_all(outs, s->page && s->out_path ? 1 : 0, inputs, n))
        return EXIT_USAGE;
    s->inputs = inputs;
    s->ninputs = n;
    s->many_inputs = dbinput_count_inputs(n, inputs) > 1;
    if (s->page && s->out_path) {
        if (outfile_open(&s->page_out, s->out_path))
            return EXIT_IO;
        s->out = s->page_out.f;
    } else if (s->out_path && (status = open_dir(s)) != EXIT_OK) {
        return status;
    }
    /* Standard output gets its buffer before anything is written to it: a
     * write that fails is then seen by check_output() with its errno, not
     * after the terminal checks of driver_init() have changed errno. */
    driver_init(&s->d, s, &diagram_job);
    if (s->page)
        page_begin(s);
    if (s->fen) {
        if ((status = draw_fen(s)) != EXIT_OK)
            return status;
    } else {
        s->d.reader_flags = query_opts_reader_flags(&s->qo);
        driver_start(&s->d, 1, PIPELINE_CALLER_WORKS, s, sizeof *s);
        driver_run(&s->d, n, inputs);
        driver_release(&s->d);
    }
    if (s->page)
        page_end(s);
    if (s->page && s->out_path && outfile_close(&s->page_out, !s->d.io_failed))
        return EXIT_IO;
    if (fflush(stdout) != 0)
        check_output();
    return driver_exit_status(0, s->d.io_failed, s->written ? EXIT_OK : EXIT_NEGATIVE);
}

int cmd_diagram(int argc, char **argv)
{
    struct diagram s;
    int status;
    memset(&s, 0, sizeof s);
    query_opts_init(&s.qo);
    s.ply = PLY_FINAL;
    s.coordinates = 1;
    s.size = 360;
    s.out = stdout;
    const struct option_entry options[] = {
        OPT_HEADING("Positions:"),
        OPT_STRING(0, "fen", &s.fen, "FEN", "this position (no games are read)"),
        DIAGRAM_OPTION("ply", "N|final|all",
                       "after N plies of the main line, after its last move (default),\n"
                       "or every position from the start", OPT_PLY),
        DIAGRAM_OPTION("moves", "TEXT",
                       "the position after these moves, in the games that start with\n"
                       "them (\"1. e4 c5\")", OPT_MOVES),
        OPT_GROUP(query_opts_options(), &s.qo),
        OPT_HEADING("Output:"),
        OPT_STRING('o', "output", &s.out_path, "DIR",
                   "one file per position in DIR: game-NNNNNN-ply-NNN.svg, N the\n"
                   "game's number in its input as search -l prints it (FILE-game-...\n"
                   "with several inputs; position.svg for --fen); without -o:\n"
                   "standard output"),
        OPT_BOOL(0, "page", &s.page,
                 "one HTML page of every diagram (to -o FILE or standard output)"),
        OPT_BOOL(0, "graph", &s.graph,
                 "per game, its evaluation and clock graph from the [%eval] and\n"
                 "[%clk] comments, instead of boards: game-NNNNNN-graph.svg"),
        OPT_BOOL(0, "flip", &s.flip, "Black at the bottom"),
        OPT_SET_INT(0, "no-coordinates", &s.coordinates, 0, "no files and ranks around the board"),
        DIAGRAM_OPTION("size", "N", "width in pixels (default 360; 0: as wide as the page)",
                       OPT_SIZE),
        DIAGRAM_OPTION("lang", "LANG", "caption and moves in this language (en, de, fr, ...)",
                       OPT_LANG),
        OPT_HELP(),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, diagram_usage);
    if (parsed != OPTIONS_PARSED) {
        query_opts_release(&s.qo);
        return parsed;
    }
    if (check_options(&s, argc - optind) || query_opts_build(&s.qo)) {
        query_opts_release(&s.qo);
        return EXIT_USAGE;
    }
    game_facts_init(&s.facts, s.qo.sq.lang);
    buf_init(&s.pic, PICTURE_MAX);
    buf_init(&s.caption, PICTURE_MAX);
    buf_init(&s.short_caption, PICTURE_MAX);
    status = run(&s, argc - optind, argv + optind);
    buf_release(&s.pic);
    buf_release(&s.caption);
    buf_release(&s.short_caption);
    free(s.eval);
    free(s.clock);
    for (size_t i = 0; i < s.nstems; i++)
        free(s.stems[i].path);
    free(s.stems);
    game_facts_release(&s.facts);
    query_opts_release(&s.qo);
    return status;
}
