/* term.c - what the terminal takes: colour (--color, NO_COLOR, TERM) and UTF-8 (the locale). */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "cli/term.h"
#include "base/banned.h"

static enum term_color_mode color_mode = TERM_COLOR_AUTO;

void term_set_color(enum term_color_mode mode) { color_mode = mode; }

int term_color(FILE *f)
{
    if (color_mode != TERM_COLOR_AUTO)
        return color_mode == TERM_COLOR_ALWAYS;
    /* https://no-color.org: any non-empty value; an explicit --color wins. */
    const char *no_color = getenv("NO_COLOR");
    if (no_color && *no_color)
        return 0;
    const char *term = getenv("TERM");
    if (!term || !*term || !strcmp(term, "dumb"))
        return 0;
    int fd = fileno(f); /* -1 for a memory stream */
    return fd >= 0 && isatty(fd);
}

int term_utf8(void)
{
    static const char *const vars[] = { "LC_ALL", "LC_CTYPE", "LANG" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (!v || !*v)
            continue;
        const char *dot = strchr(v, '.');
        if (!dot)
            return 0; /* "C", "POSIX", "en_US": not UTF-8 */
        dot++;
        return !strncasecmp(dot, "utf-8", 5) || !strncasecmp(dot, "utf8", 4);
    }
    return 0;
}
