/* common.c - CLI-only helpers: messages, exit codes, allocation-or-die. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/common.h"
#include "cli/progress.h"
#include "base/json_escape.h"
#include "base/banned.h"

const char *progname = "pgnkit";
int message_color;

/* color: the SGR sequence of the severity, as gcc colours it. */
static void report(const char *prefix, const char *color, const char *fmt, va_list ap)
{
    progress_erase();
    fflush(stdout);
    if (message_color)
        fprintf(stderr, "\033[1m%s:\033[m %s%s\033[m ", progname, color, prefix);
    else
        fprintf(stderr, "%s: %s ", progname, prefix);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("error:", "\033[1;31m", fmt, ap);
    va_end(ap);
}

void warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("warning:", "\033[1;35m", fmt, ap);
    va_end(ap);
}

void die(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report("fatal:", "\033[1;31m", fmt, ap);
    va_end(ap);
    exit(code);
}

void print_usage(FILE *f, const char *const *usage)
{
    fprintf(f, "usage: %s\n", usage[0]);
    for (int i = 1; usage[i]; i++)
        fprintf(f, "%s\n", usage[i]);
}

int usage_error(const char *const *usage)
{
    /* The synopsis and where the rest is, as git does: the error above it
     * stays in sight, not scrolled away by every option. */
    fprintf(stderr, "usage: %s\n", usage[0]);
    for (int i = 1; usage[i] && !strncmp(usage[i], "   or: ", 7); i++)
        fprintf(stderr, "%s\n", usage[i]);
    const char *sp = strchr(progname, ' ');
    if (sp)
        fprintf(stderr, "see 'pgnkit help %s' or '%s -h'\n", sp + 1, progname);
    else
        fprintf(stderr, "see 'pgnkit --help'\n");
    return EXIT_USAGE;
}

static volatile sig_atomic_t pipe_closed;

static void on_sigpipe(int sig)
{
    (void)sig;
    pipe_closed = 1;
}

void catch_signal(int sig, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void output_init(void) { catch_signal(SIGPIPE, on_sigpipe); }

int output_closed(void) { return pipe_closed != 0; }

int check_output(void)
{
    if (!ferror(stdout) && !pipe_closed)
        return 0;
    if (pipe_closed)
        return 1; /* the command decides whether to go on */
    int saved = errno;
    fprintf(stderr, "%s: error: cannot write to standard output: %s\n", progname,
            strerror(saved ? saved : EIO));
    exit(EXIT_IO);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die(EXIT_IO, "out of memory allocating %zu bytes", n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die(EXIT_IO, "out of memory allocating %zu bytes", n * size);
    return p;
}

void *xrealloc(void *ptr, size_t n)
{
    void *p = realloc(ptr, n ? n : 1);
    if (!p)
        die(EXIT_IO, "out of memory allocating %zu bytes", n);
    return p;
}

char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

void json_write_string(FILE *f, const char *s, size_t len)
{
    enum { CHUNK = 256 };
    char escaped[JSON_ESCAPE_MAX(CHUNK)];
    putc('"', f);
    for (size_t i = 0; i < len; i += CHUNK) {
        size_t n = len - i < CHUNK ? len - i : CHUNK;
        fwrite(escaped, 1, json_escape(escaped, s + i, n), f);
    }
    putc('"', f);
}

int parse_long(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

int parse_jobs(const char *arg, long *jobs)
{
    if (parse_long(arg, 1, JOBS_MAX, jobs)) {
        error("--jobs takes a number from 1 to %d, not '%s'", JOBS_MAX, arg);
        return -1;
    }
    return 0;
}

int edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    int row[64];
    if (la > 60 || lb > 60)
        return 99;
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

const char *nearest_name(const char *word, const char *const *names, size_t n, size_t stride,
                         int *distance)
{
    const char *best = NULL;
    *distance = 99;
    for (size_t i = 0; i < n; i++) {
        const char *name = *(const char *const *)((const char *)names + i * stride);
        int d = edit_distance(word, name);
        if (d < *distance)
            *distance = d, best = name;
    }
    return best;
}
