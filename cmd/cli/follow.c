/* follow.c - --follow: read a PGN file still being written, each game once when it is finished. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "base/buf.h"
#include "base/hash_table.h"
#include "cli/common.h"
#include "cli/follow.h"
#include "cli/follow_live.h"
#include "cli/progress.h"
#include "pgn/game.h"
#include "pgn/pgn_reader.h"
#include "base/banned.h"

/* How often the file is looked at: a move on a board is seconds apart. */
enum { FOLLOW_NAP_MS = 100 };

/* What is known of a game handed over: its text's digest and its main line. */
struct seen_game {
    uint64_t digest;
    char *moves; /* the main line's moves, each followed by one space (xmalloc'd) */
};

struct follow {
    struct follow_opts *o;
    struct driver *d;
    const char *name;
    struct hash_table seen;  /* key (tags + occurrence) -> struct seen_game */
    struct hash_table count; /* per reading: key (tags) -> games so far with it */
    struct buf key, moves;
    struct follow_live live; /* --moves-live, and --dgt's look at the games in play */
    char *text;              /* the file as last read */
    size_t len;
};

enum { OPT_FOLLOW_ON, OPT_FOLLOW_IDLE, OPT_FOLLOW_MOVES };

static int follow_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct follow_opts *o = storage;
    (void)entry;
    char *end;
    errno = 0;
    double s = strtod(arg, &end);
    if (errno || end == arg || *end || !(s >= 0 && s <= 1e6)) {
        error("--until-idle takes seconds (0 to 1000000), not '%s'", arg);
        return -1;
    }
    o->until_idle = s;
    return 0;
}

static int follow_on(void *storage, const struct option_entry *entry, char *arg)
{
    struct follow_opts *o = storage;
    (void)arg;
    if (entry->number == OPT_FOLLOW_MOVES)
        o->moves_live = 1;
    else
        o->on = 1;
    return 0;
}

const struct option_entry follow_options[] = {
    OPT_HEADING("Live files:"),
    OPT_GROUP_OPTION("follow", NULL, "FILE is still being written: report each game when it is\n"
                     "finished, and a corrected game again; wait for more", follow_on,
                     OPT_FOLLOW_ON),
    OPT_GROUP_OPTION("until-idle", "SECONDS", "with --follow: stop when FILE has not changed for\n"
                     "SECONDS (default: at Ctrl-C)", follow_option, OPT_FOLLOW_IDLE),
    OPT_GROUP_OPTION("moves-live", NULL, "with --follow: also tell each new move of the games\n"
                     "in play, and each move taken back, as '% move' lines", follow_on,
                     OPT_FOLLOW_MOVES),
    OPT_END(),
};

int follow_check(const struct follow_opts *o, int n, char *const *inputs)
{
    if (!o->on) {
        if (o->until_idle >= 0 || o->moves_live) {
            error("--%s goes with --follow", o->moves_live ? "moves-live" : "until-idle");
            return -1;
        }
        return 0;
    }
    if (n != 1 || !strcmp(inputs[0], "-")) {
        error("--follow reads one file, not %s",
              n == 0 || (n == 1 && !strcmp(inputs[0], "-")) ? "standard input" : "several");
        return -1;
    }
    return 0;
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Sleeps a little; a signal ends the nap early (nanosleep is not restarted). */
static void nap(void)
{
    struct timespec t = { 0, FOLLOW_NAP_MS * 1000000L };
    nanosleep(&t, NULL);
}

static int stopped(const struct follow *f)
{
    return f->d->stop || driver_interrupted();
}

/* The whole file into f->text; 0, or -1 with errno (a file that vanished is ENOENT). */
static int read_file(struct follow *f)
{
    int fd = open(f->name, O_RDONLY);
    if (fd < 0)
        return -1;
    struct buf b = BUF_INIT(SIZE_MAX);
    char chunk[1 << 16];
    ssize_t got;
    while ((got = read(fd, chunk, sizeof chunk)) != 0) {
        if (got < 0) {
            if (errno == EINTR && !driver_interrupted())
                continue;
            int e = errno;
            close(fd);
            buf_release(&b);
            errno = e;
            return -1;
        }
        if (buf_append(&b, chunk, (size_t)got))
            die(EXIT_IO, "out of memory");
    }
    close(fd);
    free(f->text);
    f->len = b.len;
    f->text = b.data; /* the buffer's bytes are ours now */
    return 0;
}

/*
 * Whether the game g of a text len bytes long is finished. The one rule of
 * --follow: a game is finished when its result (1-0, 0-1, 1/2-1/2) was
 * read, or when it has no result token and more follows it (the writer
 * went on to the next game). A broadcast writes '*' for a game still being
 * played, wherever it stands in the file; the last game without a result
 * token is still being written.
 */
static int game_finished(const struct game *g, size_t len)
{
    if (g->result == PGN_RESULT_UNKNOWN)
        return 0;
    return g->result != PGN_RESULT_NONE || g->offset + g->raw_size < len;
}

static void put_tag(struct buf *b, const struct game *g, const char *name)
{
    const char *v = game_tag_value(g, name);
    if ((v && buf_append(b, v, strlen(v))) || buf_append(b, "\x1f", 1))
        die(EXIT_IO, "out of memory");
}

/* g's key into f->key: its Event, Round, White and Black, and how many games before it had them. */
static void game_key(struct follow *f, const struct game *g)
{
    buf_reset(&f->key);
    put_tag(&f->key, g, "Event");
    put_tag(&f->key, g, "Round");
    put_tag(&f->key, g, "Board");
    put_tag(&f->key, g, "White");
    put_tag(&f->key, g, "Black");
    uint32_t *n;
    if (hash_table_insert(&f->count, f->key.data, f->key.len,
                          hash_table_hash(f->key.data, f->key.len), (void **)&n) < 0)
        die(EXIT_IO, "out of memory");
    char occurrence[24];
    int w = snprintf(occurrence, sizeof occurrence, "%u", (*n)++);
    if (buf_append(&f->key, occurrence, (size_t)w))
        die(EXIT_IO, "out of memory");
}

/* g's main line into f->moves, each move followed by a space. */
static void main_line(struct follow *f, const struct game *g)
{
    buf_reset(&f->moves);
    for (uint32_t i = 0; i < g->nmoves; i++)
        if (g->moves[i].var == 0 && (buf_append(&f->moves, g->moves[i].text, g->moves[i].len) ||
                                     buf_append(&f->moves, " ", 1)))
            die(EXIT_IO, "out of memory");
    if (buf_append(&f->moves, "", 1)) /* a C string */
        die(EXIT_IO, "out of memory");
}

/* The digest of g's text, blank space at its end aside (the next game may add some). */
static uint64_t game_digest(const struct game *g)
{
    size_t n = g->raw ? g->raw_len : 0;
    while (n && (g->raw[n - 1] == ' ' || g->raw[n - 1] == '\n' || g->raw[n - 1] == '\r' ||
                 g->raw[n - 1] == '\t'))
        n--;
    return hash_table_hash(g->raw ? g->raw : "", n);
}

/* The first move of the main line "was" that "now" changed, said as "move 12 'Qd5' (was 'Qe5')". */
static void say_change(FILE *f, const char *was, const char *now)
{
    unsigned ply = 0;
    for (;;) {
        size_t a = strcspn(was, " "), b = strcspn(now, " ");
        if (!a && !b) {
            fputs("its tags, comments or result", f);
            return;
        }
        if (a != b || memcmp(was, now, a)) {
            fprintf(f, "move %u%s ", ply / 2 + 1, ply % 2 ? "..." : ".");
            if (b)
                fprintf(f, "'%.*s'", (int)b, now);
            else
                fputs("(none now)", f);
            if (a)
                fprintf(f, " (was '%.*s')", (int)a, was);
            else
                fputs(" (new)", f);
            return;
        }
        was += a + (was[a] == ' ');
        now += b + (now[b] == ' ');
        ply++;
    }
}

/* "live.pgn:12:1: note: game 3 (White - Black)" and the rest of the note from the caller. */
static void note_start(const struct follow *f, const struct game *g)
{
    const char *w = game_tag_value(g, "White"), *b = game_tag_value(g, "Black");
    progress_erase();
    fflush(stdout);
    fprintf(stderr, "%s:%llu:%lu: note: game %llu (%s - %s): ", f->name,
            (unsigned long long)g->line, (unsigned long)g->col, (unsigned long long)g->index,
            w ? w : "?", b ? b : "?");
}

/* Whether g is all there: it has a result token ('*' too) or another game follows it. */
static int game_whole(const struct follow *f, const struct game *g)
{
    return g->result != PGN_RESULT_NONE || g->offset + g->raw_size < f->len;
}

/* Whether g, the last game of the file, may end in a move still being written ("Qx"). */
static int may_end_cut(const struct follow *f, const struct game *g)
{
    if (game_whole(f, g) || !f->len)
        return 0;
    char last = f->text[f->len - 1];
    return last != ' ' && last != '\n' && last != '\r' && last != '\t';
}

/*
 * The result that finishes g (its own, PGN_RESULT_UNKNOWN for a game that
 * ended without one, or with --dgt the kings' signal), or PGN_RESULT_NONE
 * while it is played; with --moves-live, tells its new moves first.
 */
static int in_play(struct follow *f, const struct game *g, uint64_t digest)
{
    int result = PGN_RESULT_NONE;
    if (game_finished(g, f->len))
        result = g->result != PGN_RESULT_NONE ? g->result : PGN_RESULT_UNKNOWN;
    int live = f->o->moves_live && !follow_live_unchanged(&f->live, f->key.data, f->key.len, digest);
    if (!live && !(f->o->dgt && result == PGN_RESULT_NONE))
        return result;
    struct dgt_facts df;
    uint32_t plies = follow_live_plies(&f->live, g, f->o->dgt, &df);
    if (result == PGN_RESULT_NONE && df.result != PGN_RESULT_NONE)
        result = df.result;
    if (!f->o->moves_live)
        return result;
    if (result == PGN_RESULT_NONE && plies && plies == g->vars[0].count && may_end_cut(f, g))
        plies--;
    progress_erase();
    follow_live_tell(&f->live, f->key.data, f->key.len, digest, g, plies, game_whole(f, g), result,
                     stdout);
    return result;
}

/* Hands g, read from f->text by r, to the driver as its own span. */
static int hand_over(struct follow *f, struct pgn_reader *r, const struct game *g)
{
    struct pgn_span_origin origin;
    if (pgn_reader_span_origin(r, g, &origin) != PGN_OK)
        origin = (struct pgn_span_origin){ g->index, g->offset, g->line, 1 };
    return driver_read_span(f->d, f->text + origin.offset, g->offset + g->raw_size - origin.offset,
                            f->name, &origin);
}

/* Reads the file as it is now and hands over the games finished since the last reading. */
static int read_again(struct follow *f)
{
    struct pgn_reader *r;
    struct pgn_reader_opts opts;
    pgn_reader_opts_init(&opts);
    /* Whole games: the moves say what a correction changed. */
    opts.flags |= f->d->reader_flags & ~(unsigned)(PGN_READER_LAZY | PGN_READER_SPLIT);
    opts.name = f->name;
    if (pgn_reader_open_mem(&r, f->text, f->len, &opts) != PGN_OK)
        die(EXIT_IO, "out of memory");
    hash_table_release(&f->count);
    f->o->incomplete = 0;
    struct game g;
    int rc, failed = 0;
    while (!stopped(f) && (rc = pgn_reader_next(r, &g)) > 0) {
        if (g.flags & GAME_EMPTY)
            continue;
        game_key(f, &g); /* counted finished or not: the keys after it stay the same */
        uint64_t digest = game_digest(&g);
        int result = in_play(f, &g, digest);
        if (result == PGN_RESULT_NONE) {
            f->o->incomplete++;
            continue;
        }
        main_line(f, &g);
        struct seen_game *s;
        int added = hash_table_insert(&f->seen, f->key.data, f->key.len,
                                      hash_table_hash(f->key.data, f->key.len), (void **)&s);
        if (added < 0)
            die(EXIT_IO, "out of memory");
        if (!added && s->digest == digest)
            continue; /* handed over as it is: once is enough */
        if (!f->o->quiet) {
            note_start(f, &g);
            if (added) {
                fprintf(stderr, "finished, %s%s\n",
                        result != PGN_RESULT_UNKNOWN ? pgn_result_str(result) : "no result",
                        result != g.result && result != PGN_RESULT_UNKNOWN
                            ? " (the kings on the centre squares)" : "");
            } else {
                fputs("corrected at ", stderr);
                say_change(stderr, s->moves, f->moves.data);
                fputs(": read again\n", stderr);
            }
        }
        if (!added)
            f->o->corrected++;
        f->o->games += added;
        s->digest = digest;
        free(s->moves);
        s->moves = xstrdup(f->moves.data);
        failed |= hand_over(f, r, &g) < 0;
    }
    pgn_reader_free(r);
    return failed ? -1 : 0;
}

/* Whether the file at st is another file, or another content, than at was. */
static int file_changed(const struct stat *st, const struct stat *was)
{
    return st->st_ino != was->st_ino || st->st_dev != was->st_dev ||
           st->st_size != was->st_size || st->st_mtim.tv_sec != was->st_mtim.tv_sec ||
           st->st_mtim.tv_nsec != was->st_mtim.tv_nsec;
}

/*
 * A file that got smaller is most often being rewritten in place: the writer
 * truncated it and has not written it all again yet (a broadcast writes its
 * games.pgn so). Read then, its games would seem taken back. So a smaller
 * file is read only once it has stood unchanged for a while: one nap, or
 * FOLLOW_EMPTY_SETTLE_S when it is empty (a writer may be slow to start).
 */
enum { FOLLOW_EMPTY_SETTLE_S = 1 };
struct settle {
    struct stat seen; /* the smaller file as last seen */
    double since;     /* when it was first seen so */
    int waiting;
};

static int shrunk_unsettled(const struct stat *st, const struct stat *was, struct settle *s)
{
    if (st->st_size >= was->st_size) {
        s->waiting = 0;
        return 0;
    }
    if (!s->waiting || file_changed(st, &s->seen)) {
        s->seen = *st;
        s->since = now_seconds();
        s->waiting = 1;
        return 1;
    }
    double wait = st->st_size ? 0 : FOLLOW_EMPTY_SETTLE_S;
    if (now_seconds() - s->since < wait)
        return 1;
    s->waiting = 0;
    return 0;
}

static void say_file(const struct follow *f, const char *what)
{
    if (f->o->quiet || !what)
        return;
    progress_erase();
    fflush(stdout);
    fprintf(stderr, "%s: note: %s: read again\n", f->name, what);
}

/* The follow loop: the driver's reading of its one input with --follow. */
static int follow_read(void *ctx, struct driver *d, const char *path)
{
    struct follow f = { .o = ctx, .d = d, .name = path, .key = BUF_INIT(1 << 20),
                        .moves = BUF_INIT(SIZE_MAX) };
    hash_table_init(&f.seen, sizeof(struct seen_game));
    hash_table_init(&f.count, sizeof(uint32_t));
    follow_live_init(&f.live, f.o->lang);
    struct stat was = { 0 };
    struct settle settle = { 0 };
    int known = 0, failed = 0, gone = 0;
    double last_change = now_seconds();
    while (!stopped(&f)) {
        struct stat st;
        if (stat(path, &st) != 0) {
            /* Between a writer's rename and its new file, or an error. */
            if (errno != ENOENT || !known) {
                error("cannot open '%s': %s", path, strerror(errno));
                failed = 1;
                break;
            }
            gone = 1;
        } else if (known && !gone && shrunk_unsettled(&st, &was, &settle)) {
            nap(); /* a writer between truncating the file and writing it again */
            continue;
        } else if (!known || gone || file_changed(&st, &was)) {
            if (known)
                say_file(&f, st.st_ino != was.st_ino || st.st_dev != was.st_dev || gone
                                 ? "the file was replaced"
                             : st.st_size < was.st_size ? "the file was truncated or rewritten"
                                                        : NULL);
            if (read_file(&f) != 0) {
                if (errno == ENOENT && known) {
                    gone = 1;
                    continue;
                }
                error("cannot read '%s': %s", path, strerror(errno));
                failed = 1;
                break;
            }
            was = st;
            known = 1;
            gone = 0;
            last_change = now_seconds();
            if (read_again(&f) < 0)
                failed = 1;
            driver_pause(d); /* the games of this reading are read now, not at the end */
            continue; /* it may have grown meanwhile */
        }
        if (f.o->until_idle >= 0 && now_seconds() - last_change >= f.o->until_idle)
            break;
        nap();
    }
    if (!f.o->quiet && known) {
        progress_erase();
        fflush(stdout);
        fprintf(stderr, "%s: note: followed: %llu game%s, %llu corrected", path, f.o->games,
                plural_s(f.o->games), f.o->corrected);
        if (f.o->incomplete)
            fprintf(stderr, "; %u game%s not finished (no result yet): not read",
                    f.o->incomplete, plural_s(f.o->incomplete));
        if (f.o->moves_live)
            fprintf(stderr, "; %llu move%s told live, %llu taken back", f.live.moves,
                    plural_s(f.live.moves), f.live.takebacks);
        fputc('\n', stderr);
    }
    size_t cursor = 0;
    struct hash_item item;
    while (hash_table_next(&f.seen, &cursor, &item))
        free(((struct seen_game *)item.value)->moves);
    hash_table_release(&f.seen);
    hash_table_release(&f.count);
    follow_live_release(&f.live);
    buf_release(&f.key);
    buf_release(&f.moves);
    free(f.text);
    return failed ? -1 : 0;
}

void follow_attach(struct follow_opts *o, struct driver *d)
{
    if (!o->on)
        return;
    d->reader = follow_read;
    d->reader_ctx = o;
}
