/* uci_engine.c - a UCI chess engine run as a child process: start, set options, search, stop. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
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
#include "annotate/uci_engine.h"
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
            return -1;
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
    return -1;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void kill_engine(struct uci_engine *e)
{
    if (e->fd >= 0)
        close(e->fd);
    e->fd = -1;
    if (e->pid > 0) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, NULL, 0);
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
 * The next line from the engine (NUL-terminated, no newline) in *line, valid
 * until the next call. Waits at most timeout_ms for it.
 */
static int read_line(struct uci_engine *e, int timeout_ms, char **line)
{
    long long deadline = now_ms() + timeout_ms;
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
        long long left = deadline - now_ms();
        if (left <= 0) {
            kill_engine(e);
            return fail(e, PGN_EIO, "the engine did not answer within %d ms", timeout_ms);
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

/* Reads lines until one starting with word; other lines are skipped. */
static int expect(struct uci_engine *e, const char *word, int timeout_ms)
{
    size_t wl = strlen(word);
    for (;;) {
        char *line;
        int n = read_line(e, timeout_ms, &line);
        if (n < 0)
            return n;
        int match = !strncmp(line, word, wl) && (line[wl] == 0 || line[wl] == ' ');
        memmove(e->buf, e->buf + n, e->have - (size_t)n);
        e->have -= (size_t)n;
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
        /* Child: the socket is stdin and stdout; exec failure reported through ex. */
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

/* Parses an "info" line into res. */
static void parse_info(struct uci_result *res, char *line)
{
    struct uci_line l = { 0 };
    int multipv = 1, bound = 0, have_score = 0;
    char *save = NULL;
    for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (!strcmp(w, "multipv")) {
            char *v = strtok_r(NULL, " ", &save);
            multipv = v ? atoi(v) : 1;
        } else if (!strcmp(w, "depth")) {
            char *v = strtok_r(NULL, " ", &save);
            l.depth = v ? atoi(v) : 0;
        } else if (!strcmp(w, "nodes")) {
            char *v = strtok_r(NULL, " ", &save);
            if (v)
                res->nodes = strtoull(v, NULL, 10);
        } else if (!strcmp(w, "score")) {
            char *kind = strtok_r(NULL, " ", &save);
            char *v = strtok_r(NULL, " ", &save);
            if (!kind || !v)
                return;
            if (!strcmp(kind, "cp")) {
                l.cp = atoi(v);
                have_score = 1;
            } else if (!strcmp(kind, "mate")) {
                l.mate = atoi(v);
                have_score = 1;
                if (l.mate == 0) /* mated now: "mate 0" (a few engines) */
                    l.mate = -1;
            }
        } else if (!strcmp(w, "lowerbound") || !strcmp(w, "upperbound")) {
            bound = 1;
        } else if (!strcmp(w, "pv")) {
            for (char *m = strtok_r(NULL, " ", &save); m && l.npv < UCI_PV_MAX;
                 m = strtok_r(NULL, " ", &save))
                snprintf(l.pv[l.npv++], sizeof l.pv[0], "%s", m);
            break;
        } else if (!strcmp(w, "string")) {
            return;
        }
    }
    if (!have_score || bound || multipv < 1 || multipv > UCI_MULTIPV_MAX)
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

int uci_engine_go(struct uci_engine *e, const char *position, const struct uci_search *s,
                  struct uci_result *res)
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
    int wait = e->timeout_ms + (int)(s->movetime > 0 ? s->movetime : 0);
    for (;;) {
        char *line;
        int n = read_line(e, wait, &line);
        if (n < 0)
            return n;
        int done = 0;
        if (!strncmp(line, "info ", 5)) {
            parse_info(res, line + 5);
        } else if (!strncmp(line, "bestmove", 8)) {
            char *save = NULL;
            strtok_r(line, " ", &save);
            char *m = strtok_r(NULL, " ", &save);
            snprintf(res->bestmove, sizeof res->bestmove, "%s", m ? m : "(none)");
            done = 1;
        }
        memmove(e->buf, e->buf + n, e->have - (size_t)n);
        e->have -= (size_t)n;
        if (done)
            break;
    }
    if (!res->lines[0].valid)
        return fail(e, PGN_EINVAL, "the engine gave no score");
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
        /* Give it a moment to quit on its own, then kill it. */
        for (int i = 0; i < 50; i++) {
            if (waitpid(e->pid, NULL, WNOHANG) == e->pid) {
                e->pid = 0;
                break;
            }
            struct timespec t = { 0, 2000000 };
            nanosleep(&t, NULL);
        }
    }
    kill_engine(e);
    free(e);
}
