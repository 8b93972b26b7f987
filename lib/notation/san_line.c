/* san_line.c - a line of SAN moves rewritten in another notation or language. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/error.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "notation/san_line.h"
#include "base/banned.h"

/* The line unchanged (cut to cap), for a caller that must show something. */
static int keep_line(const char *line, char *out, size_t cap, int rc)
{
    size_t n = strlen(line);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, line, n);
    out[n] = '\0';
    return rc;
}

int san_line_restyle(const struct pos *root, const char *line, const struct write_style *st,
                     char *out, size_t cap)
{
    struct pos p = *root;
    size_t len = 0;
    const char *s = line;
    out[0] = '\0';
    while (*s) {
        const char *end = strchr(s, ' ');
        size_t n = end ? (size_t)(end - s) : strlen(s);
        move16 m;
        int rc = san_read(&p, s, n, NOTATION_EN, &m, NULL, NULL);
        if (rc)
            return keep_line(line, out, cap, rc);
        char text[MOVE_TEXT_MAX];
        size_t t = move_write(&p, m, st, text, sizeof text);
        /* the move, a space before it but the first, and the NUL */
        if (len + (len > 0) + t + 1 > cap)
            return keep_line(line, out, cap, PGN_ETOOBIG);
        if (len)
            out[len++] = ' ';
        memcpy(out + len, text, t + 1);
        len += t;
        pos_play(&p, m);
        s += n;
        while (*s == ' ')
            s++;
    }
    return PGN_OK;
}
