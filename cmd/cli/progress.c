/* progress.c - the progress line on a terminal's standard error, one for the whole process. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <time.h>
#include "cli/common.h"
#include "cli/progress.h"
#include "base/banned.h"

#define FIRST_DRAW 1.0  /* seconds: a run shorter than this shows no line */
#define REDRAW     0.25 /* seconds between two drawings */

static struct {
    int active, drawn;
    uint64_t total;
    double started, last;
} line;

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void progress_start(uint64_t total)
{
    line.active = 1;
    line.drawn = 0;
    line.total = total;
    line.started = line.last = now_seconds();
}

int progress_active(void) { return line.active; }

/* "1:05" or "2:03:07". */
static int format_duration(char *out, size_t cap, double secs)
{
    unsigned long s = secs > 0 ? (unsigned long)(secs + 0.5) : 0;
    if (s >= 3600)
        return snprintf(out, cap, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    return snprintf(out, cap, "%lu:%02lu", s / 60, s % 60);
}

void progress_update(uint64_t games, uint64_t bytes)
{
    if (!line.active)
        return;
    double now = now_seconds(), secs = now - line.started;
    if (secs < FIRST_DRAW || now - line.last < REDRAW)
        return;
    line.last = now;
    char text[160], left[32];
    int n = snprintf(text, sizeof text, "\r%s: %llu game%s, %.1f MB, %.1f MB/s", progname,
                     (unsigned long long)games, games == 1 ? "" : "s", (double)bytes / 1e6,
                     (double)bytes / 1e6 / secs);
    if (line.total && bytes && bytes <= line.total && n > 0 && (size_t)n < sizeof text) {
        format_duration(left, sizeof left, secs * (double)(line.total - bytes) / (double)bytes);
        n += snprintf(text + n, sizeof text - (size_t)n, ", %d%%, %s left",
                      (int)(100.0 * (double)bytes / (double)line.total), left);
    }
    if (n > 0 && (size_t)n < sizeof text - 4) {
        n += snprintf(text + n, sizeof text - (size_t)n, "\033[K");
        fwrite(text, 1, (size_t)n, stderr); /* one write: stderr is unbuffered */
        line.drawn = 1;
    }
}

void progress_erase(void)
{
    if (!line.drawn)
        return;
    fputs("\r\033[K", stderr);
    line.drawn = 0;
}

void progress_stop(void)
{
    progress_erase();
    line.active = 0;
}
