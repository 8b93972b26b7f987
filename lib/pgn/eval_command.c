/* eval_command.c - the evaluation a [%eval] comment command gives, read once for every reader of it. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pgn/eval_command.h"
#include "base/ascii.h"
#include "base/error.h"
#include "base/banned.h"

int eval_command_read(const char *s, size_t n, struct pgn_eval *e)
{
    char buf[32];
    size_t k = 0;
    while (k < n && s[k] != ',' && s[k] != ' ')
        k++;
    if (k == 0 || k >= sizeof buf)
        return PGN_ESYNTAX;
    memcpy(buf, s, k);
    buf[k] = 0;
    char *end;
    if (buf[0] == '#') {
        long m = strtol(buf + 1, &end, 10);
        if (end == buf + 1 || *end || m == 0 || m > EVAL_MATE_LIMIT || m < -EVAL_MATE_LIMIT)
            return PGN_ESYNTAX;
        e->mate = (int)m;
        e->cp = 0;
        return 0;
    }
    if (!(buf[0] == '-' || buf[0] == '+' || buf[0] == '.' || ascii_is_digit(buf[0])))
        return PGN_ESYNTAX;
    double v = strtod(buf, &end);
    if (end == buf || *end || !(v > -1e6 && v < 1e6))
        return PGN_ESYNTAX;
    long cp = lround(v * 100.0);
    if (cp > EVAL_CP_LIMIT || cp < -EVAL_CP_LIMIT)
        return PGN_ESYNTAX;
    e->mate = 0;
    e->cp = (int)cp;
    return 0;
}
