/* clock_command.c - the time a [%clk] comment command gives, read once for every reader of it. */
/* SPDX-License-Identifier: MIT */
#include "pgn/clock_command.h"
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
