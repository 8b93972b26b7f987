/* uci_engine.c - a UCI chess engine run as a child process: start, set options, search, stop. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "base/compiler.h"
#include "base/error.h"
#include "pgn/judge.h"
#include "annotate/uci_engine.h"
#include "notation/uci.h"
#include "base/banned.h"

enum { LINE_MAX_BYTES = 1 << 16 };

struct uci_engine {
    pid_t pid;
    int fd;              /* our end of the socket pair */
    int timeout_ms;
    char buf[LINE_MAX_BYTES];
    size_t have;         /* bytes in buf */
    char err[UCI_ERR_MAX];
};

static int fail(struct uci_engine *e, int code, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static int fail(struct uci_engine *e, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->err, sizeof e->err, fmt, ap);
    va_end(ap);
    return code;
}

int uci_engine_find(const char *name, char *out, size_t cap)
{
    if (strchr(name, '/')) {
        if (access(name, X_OK))
            return UCI_ENGINE_NOT_FOUND;
        snprintf(out, cap, "%s", name);
        return 0;
    }
    const char *path = getenv("PATH");
    char dirs[8192];
    snprintf(dirs, sizeof dirs, "%s:/usr/games", path ? path : "/usr/bin:/bin");
    for (char *d = dirs, *next; d; d = next) {
        next = strchr(d, ':');
        if (next)
            *next++ = 0;
        int n = snprintf(out, cap, "%s/%s", *d ? d : ".", name);
        if (n > 0 && (size_t)n < cap && !access(out, X_OK))
            return 0;
    }
    return UCI_ENGINE_NOT_FOUND;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/*
 * Kills the engine's process group, then reaps the engine. The engine is
 * reaped last: until then its pid stays reserved, so the group cannot be
 * another's by the time it is killed.
 */
static void kill_engine(struct uci_engine *e)
{
    if (e->fd >= 0)
        close(e->fd);
    e->fd = -1;
    if (e->pid > 0) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL); /* in case it left the group */
        while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    e->pid = 0;
}

static int send_line(struct uci_engine *e, const char *fmt, ...)
    PRINTF_LIKE(2, 3);
static int send_line(struct uci_engine *e, const char *fmt, ...)
{
    char stack[4096], *line = stack;
    va_list ap;
    if (e->fd < 0)
        return fail(e, PGN_EIO, "the engine is not running");
    va_start(ap, fmt);
    int n = vsnprintf(stack, sizeof stack - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return fail(e, PGN_EINVAL, "bad command");
    if ((size_t)n >= sizeof stack - 1) {
        line = malloc((size_t)n + 2);
        if (!line)
            return PGN_ENOMEM;
        va_start(ap, fmt);
        vsnprintf(line, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    line[n++] = '\n';
    size_t off = 0;
    int rc = PGN_OK;
    while (off < (size_t)n) {
        ssize_t w = send(e->fd, line + off, (size_t)n - off, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0 && (errno == EPIPE || errno == ECONNRESET)) {
            rc = fail(e, PGN_EIO, "the engine stopped (it crashed or quit)");
            kill_engine(e);
            break;
        }
        if (w <= 0) {
            rc = fail(e, PGN_EIO, "cannot write to the engine: %s", strerror(errno));
            kill_engine(e);
            break;
        }
        off += (size_t)w;
    }
    if (line != stack)
        free(line);
    return rc;
}

/*
 * What a deadline is for, for the message when it passes: "the engine did not
 * answer within 200 ms", "... did not finish its search within 200 ms".
 */
struct deadline {
    long long at; /* now_ms() time */
    int ms;       /* as given */
    const char *what;
};

static struct deadline deadline_in(int ms, const char *what)
{
    return (struct deadline){ now_ms() + ms, ms, what };
}

/*
 * The next line from the engine (NUL-terminated, no newline) in *line, valid
 * until the next call. Past the deadline the engine is killed.
 */
static int read_line(struct uci_engine *e, const struct deadline *d, char **line)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->have);
        if (nl) {
            /* Hand out the line, keep the rest: the caller reads the line
             * before the next call, which first drops it. */
            size_t len = (size_t)(nl - e->buf);
            *nl = 0;
            if (len && e->buf[len - 1] == '\r')
                e->buf[len - 1] = 0;
            *line = e->buf;
            return (int)(len + 1); /* bytes to drop on the next call */
        }
        if (e->have == sizeof e->buf) /* an absurd line: dropped */
            e->have = 0;
        if (e->fd < 0)
            return fail(e, PGN_EIO, "the engine is not running");
        long long left = d->at - now_ms();
        if (left <= 0) {
            kill_engine(e);
            return fail(e, PGN_EIO, "the engine did not %s within %d ms", d->what, d->ms);
        }
        struct pollfd p = { e->fd, POLLIN, 0 };
        int r = poll(&p, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            kill_engine(e);
            return fail(e, PGN_EIO, "poll: %s", strerror(errno));
        }
        if (r == 0)
            continue;
        ssize_t n = read(e->fd, e->buf + e->have, sizeof e->buf - e->have);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            kill_engine(e);
            return fail(e, PGN_EIO, "the engine stopped (it crashed or quit)");
        }
        e->have += (size_t)n;
    }
}

/* Drops the line read_line() handed out (n: its return value). */
static void drop_line(struct uci_engine *e, int n)
{
    memmove(e->buf, e->buf + n, e->have - (size_t)n);
    e->have -= (size_t)n;
}

/* Reads lines until one starting with word, within timeout_ms; other lines are skipped. */
static int expect(struct uci_engine *e, const char *word, int timeout_ms)
{
    size_t wl = strlen(word);
    struct deadline d = deadline_in(timeout_ms, "answer");
    for (;;) {
        char *line;
        int n = read_line(e, &d, &line);
        if (n < 0)
            return n;
        int match = !strncmp(line, word, wl) && (line[wl] == 0 || line[wl] == ' ');
        drop_line(e, n);
        if (match)
            return PGN_OK;
    }
}

int uci_engine_start(struct uci_engine **out, const char *path, int timeout_ms)
{
    struct uci_engine *e = calloc(1, sizeof *e);
    *out = e;
    if (!e)
        return PGN_ENOMEM;
    e->fd = -1;
    e->timeout_ms = timeout_ms > 0 ? timeout_ms : 30000;
    int sv[2], ex[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
        return fail(e, PGN_EIO, "socketpair: %s", strerror(errno));
    if (pipe2(ex, O_CLOEXEC)) {
        close(sv[0]);
        close(sv[1]);
        return fail(e, PGN_EIO, "pipe: %s", strerror(errno));
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]), close(sv[1]), close(ex[0]), close(ex[1]);
        return fail(e, PGN_EIO, "fork: %s", strerror(errno));
    }
    if (pid == 0) {
        /* Child: the socket is stdin and stdout; exec failure reported through ex.
         * A process group of its own, so that a kill reaches its children too. */
        setpgid(0, 0);
        dup2(sv[1], 0);
        dup2(sv[1], 1);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_IGN); /* Ctrl-C is for pgnkit, which stops the engines itself */
        execl(path, path, (char *)NULL);
        int err = errno;
        ssize_t w = write(ex[1], &err, sizeof err);
        (void)w;
        _exit(127);
    }
    /* Also here, so that the group exists whichever of the two runs first
     * (EACCES once the child has exec'd: it had set it itself). */
    setpgid(pid, pid);
    close(sv[1]);
    close(ex[1]);
    e->pid = pid;
    e->fd = sv[0];
    int err = 0;
    ssize_t n;
    while ((n = read(ex[0], &err, sizeof err)) < 0 && errno == EINTR)
        ;
    close(ex[0]);
    if (n == (ssize_t)sizeof err) {
        kill_engine(e);
        return fail(e, PGN_EIO, "cannot run '%s': %s", path, strerror(err));
    }
    int rc = send_line(e, "uci");
    if (rc == PGN_OK)
        rc = expect(e, "uciok", e->timeout_ms);
    return rc;
}

int uci_engine_setoption(struct uci_engine *e, const char *name, const char *value)
{
    if (value)
        return send_line(e, "setoption name %s value %s", name, value);
    return send_line(e, "setoption name %s", name);
}

int uci_engine_isready(struct uci_engine *e)
{
    int rc = send_line(e, "isready");
    return rc ? rc : expect(e, "readyok", e->timeout_ms);
}

int uci_engine_newgame(struct uci_engine *e)
{
    int rc = send_line(e, "ucinewgame");
    return rc ? rc : uci_engine_isready(e);
}

/* Notes a line of output that is not used (or only in part), and why. */
static void note_bad(struct uci_result *res, const char *raw, const char *fmt, ...)
    PRINTF_LIKE(3, 4);
static void note_bad(struct uci_result *res, const char *raw, const char *fmt, ...)
{
    if (res->nbad < UCI_BAD_MAX) {
        struct uci_bad *b = &res->bad[res->nbad];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(b->why, sizeof b->why, fmt, ap);
        va_end(ap);
        snprintf(b->line, sizeof b->line, "%s", raw);
    }
    res->nbad++;
}

/* The whole number v (decimal, sign allowed) if it lies in min..max: 0, else PGN_ESYNTAX. */
static int whole_number(const char *v, long min, long max, long *out)
{
    char *end;
    if (!v)
        return PGN_ESYNTAX;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < min || x > max)
        return PGN_ESYNTAX;
    *out = x;
    return 0;
}

/*
 * Reads the score after "score": "cp N" or "mate N" into l, both within what
 * an [%eval] holds. Returns NULL, or why it cannot be used.
 */
static const char *parse_score(const char *kind, const char *v, struct uci_line *l)
{
    long x;
    if (kind && !strcmp(kind, "cp")) {
        if (whole_number(v, -JUDGE_CP_LIMIT, JUDGE_CP_LIMIT, &x))
            return "the centipawn score is not a whole number in range";
        l->cp = (int)x;
        return NULL;
    }
    if (kind && !strcmp(kind, "mate")) {
        if (whole_number(v, -JUDGE_MATE_LIMIT, JUDGE_MATE_LIMIT, &x))
            return "the mate score is not a whole number in range";
        /* "mate 0" would say the side to move is mated: such a position is
         * never searched, so it is a wrong answer, whatever its sign. */
        if (x == 0)
            return "mate in 0 from a position that is not mate";
        l->mate = (int)x;
        return NULL;
    }
    return "the score is neither cp nor mate";
}

/*
 * Takes the moves of a pv from save (strtok_r) into l while they are legal
 * from at (NULL: not checked); returns the first illegal one or NULL.
 */
static const char *parse_pv(char **save, const struct pos *at, struct uci_line *l)
{
    struct pos q;
    if (at)
        q = *at;
    for (char *m = strtok_r(NULL, " ", save); m && l->npv < UCI_PV_MAX; m = strtok_r(NULL, " ", save)) {
        if (at) {
            move16 mv = uci_parse(&q, m, (int)strlen(m));
            if (mv == MOVE_NONE)
                return m;
            pos_play(&q, mv);
        }
        snprintf(l->pv[l->npv++], sizeof l->pv[0], "%s", m);
    }
    return NULL;
}

/* Parses an "info" line (raw: the whole line, kept for res->bad) into res. */
static void parse_info(struct uci_result *res, char *line, const char *raw, const struct pos *at)
{
    struct uci_line l = { 0 };
    long multipv = 1, v;
    int bound = 0, have_score = 0;
    char *save = NULL;
    for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (!strcmp(w, "multipv")) {
            if (whole_number(strtok_r(NULL, " ", &save), 1, 1000, &multipv)) {
                note_bad(res, raw, "multipv is not a whole number from 1");
                return;
            }
        } else if (!strcmp(w, "depth")) {
            l.depth = whole_number(strtok_r(NULL, " ", &save), 0, 100000, &v) ? 0 : (int)v;
        } else if (!strcmp(w, "nodes")) {
            char *n = strtok_r(NULL, " ", &save);
            if (n)
                res->nodes = strtoull(n, NULL, 10);
        } else if (!strcmp(w, "score")) {
            char *kind = strtok_r(NULL, " ", &save);
            const char *why = parse_score(kind, strtok_r(NULL, " ", &save), &l);
            if (why) {
                note_bad(res, raw, "%s", why);
                return;
            }
            have_score = 1;
        } else if (!strcmp(w, "lowerbound") || !strcmp(w, "upperbound")) {
            bound = 1;
        } else if (!strcmp(w, "pv")) {
            const char *bad = parse_pv(&save, at, &l);
            if (bad) /* the score stands; the pv ends before the illegal move */
                note_bad(res, raw, "illegal move '%.8s' in the pv", bad);
            break;
        } else if (!strcmp(w, "string")) {
            return;
        }
    }
    if (!have_score || bound || multipv > UCI_MULTIPV_MAX)
        return;
    l.valid = 1;
    /* A line without pv keeps the pv of the last report (some engines send the score alone). */
    struct uci_line *dst = &res->lines[multipv - 1];
    if (!l.npv && dst->valid) {
        l.npv = dst->npv;
        memcpy(l.pv, dst->pv, sizeof l.pv);
    }
    *dst = l;
}

/* Reads the move of a "bestmove" line (raw: the whole line) into res. */
static void parse_bestmove(struct uci_result *res, char *line, const char *raw,
                           const struct pos *at)
{
    char *save = NULL;
    strtok_r(line, " ", &save);
    const char *m = strtok_r(NULL, " ", &save);
    if (!m)
        m = "(none)";
    /* "(none)" and "0000" are how engines say there is no move to give. */
    int none = !strcmp(m, "(none)") || !strcmp(m, "0000");
    if (!none && at && uci_parse(at, m, (int)strlen(m)) == MOVE_NONE) {
        note_bad(res, raw, "illegal best move '%.8s'", m);
        m = "";
    }
    snprintf(res->bestmove, sizeof res->bestmove, "%s", m);
}

int uci_engine_go(struct uci_engine *e, const char *position, const struct pos *at,
                  const struct uci_search *s, struct uci_result *res)
{
    memset(res, 0, sizeof *res);
    int rc = send_line(e, "position %s", position);
    if (rc)
        return rc;
    if (s->nodes)
        rc = send_line(e, "go nodes %ld", s->nodes);
    else if (s->depth)
        rc = send_line(e, "go depth %ld", s->depth);
    else if (s->movetime)
        rc = send_line(e, "go movetime %ld", s->movetime);
    else
        rc = send_line(e, "go depth 12");
    if (rc)
        return rc;
    /* One deadline for the whole search: an engine that keeps talking
     * (info after info) but never gives its move is stopped as well. */
    long long ms = (long long)e->timeout_ms + (s->movetime > 0 ? s->movetime : 0);
    struct deadline d = deadline_in(ms > INT_MAX ? INT_MAX : (int)ms, "finish its search");
    for (;;) {
        char *line;
        int n = read_line(e, &d, &line);
        if (n < 0)
            return n;
        int done = 0;
        char raw[UCI_BAD_TEXT];
        snprintf(raw, sizeof raw, "%s", line);
        if (!strncmp(line, "info ", 5)) {
            parse_info(res, line + 5, raw, at);
        } else if (!strncmp(line, "bestmove", 8) && (line[8] == 0 || line[8] == ' ')) {
            parse_bestmove(res, line, raw, at);
            done = 1;
        }
        drop_line(e, n);
        if (done)
            break;
    }
    if (!res->lines[0].valid)
        return fail(e, PGN_EINVAL, "the engine gave no usable score");
    return PGN_OK;
}

const char *uci_engine_error(const struct uci_engine *e)
{
    return e ? e->err : "out of memory";
}

void uci_engine_free(struct uci_engine *e)
{
    if (!e)
        return;
    if (e->fd >= 0 && e->pid > 0) {
        send_line(e, "quit");
        /* Give it a moment to quit on its own. It is not reaped here
         * (WNOWAIT): kill_engine() then ends what is left of its group. */
        for (int i = 0; i < 50 && e->pid > 0; i++) {
            siginfo_t info;
            info.si_pid = 0;
            if (waitid(P_PID, (id_t)e->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
                info.si_pid == e->pid)
                break;
            struct timespec t = { 0, 2000000 };
            nanosleep(&t, NULL);
        }
    }
    kill_engine(e);
    free(e);
}
