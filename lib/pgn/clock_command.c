/* clock_command.c - the time a [%clk] comment command gives, read once for every reader of it. */
/* SPDX-License-Identifier: MIT */
#include "pgn/clock_command.h"
#include <string.h>
#include "base/ascii.h"
#include "base/error.h"
#include "base/banned.h"

/* Past this a field is refused: hours * 3,600,000 then stays far below INT64_MAX. */
#define FIELD_MAX 1000000

int clock_command_ms(const char *s, size_t n, int64_t *ms)
{
    int64_t total = 0, part = 0, frac = 0, scale = 100;
    int fields = 1, digits = 0, in_frac = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (ascii_is_digit(c)) {
            if (in_frac) {
                frac += (c - '0') * scale;
                scale /= 10;
            } else if (part > FIELD_MAX) {
                return PGN_ESYNTAX;
            } else {
                part = part * 10 + (c - '0');
            }
            digits++;
        } else if (c == ':' && !in_frac && digits && fields < 3) {
            total = (total + part) * 60;
            part = 0;
            digits = 0;
            fields++;
        } else if (c == '.' && !in_frac && digits) {
            in_frac = 1;
        } else {
            return PGN_ESYNTAX;
        }
    }
    if (!digits)
        return PGN_ESYNTAX;
    *ms = (total + part) * 1000 + frac;
    return 0;
}

static int name_is(const char *name, size_t n, const char *what)
{
    return strlen(what) == n && !memcmp(name, what, n);
}

enum clock_command_kind clock_command_kind(const char *name, size_t n)
{
    if (name_is(name, n, "clk") || name_is(name, n, "clkc"))
        return CLOCK_LEFT;
    if (name_is(name, n, "emt"))
        return CLOCK_SPENT;
    if (name_is(name, n, "timestamp"))
        return CLOCK_OTHER_TIME;
    return CLOCK_NOT_TIME;
}

/* Past this many centiseconds (about 115 days) a [%clkc] is refused. */
#define CENTISECONDS_MAX 999999999

int clock_command_left(const char *name, size_t name_len, const char *args, size_t n,
                       int64_t *ms)
{
    if (clock_command_kind(name, name_len) != CLOCK_LEFT)
        return 0;
    if (name_len == 3 || memchr(args, ':', n))
        return clock_command_ms(args, n, ms) == 0;
    int64_t cs = 0;
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        if (!ascii_is_digit(args[i]) || cs > CENTISECONDS_MAX)
            return 0;
        cs = cs * 10 + (args[i] - '0');
    }
    *ms = cs * 10;
    return 1;
}
