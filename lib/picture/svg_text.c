/* svg_text.c - writing SVG and HTML text into a buffer: formatted pieces, XML escapes, a sticky status. */
/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "picture/svg_text.h"
#include "base/banned.h"

void svg_printf(struct svg *s, const char *fmt, ...)
{
    if (s->status)
        return;
    /* Most pieces are short: format straight into the buffer's free room. */
    if ((s->status = buf_reserve(s->out, 128)) != PGN_OK)
        return;
    struct buf *b = s->out;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
        s->status = PGN_EINVAL;
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        if ((s->status = buf_reserve(b, (size_t)n + 1)) != PGN_OK)
            return;
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void svg_raw(struct svg *s, const char *p, size_t n)
{
    if (!s->status)
        s->status = buf_append(s->out, p, n);
}

void svg_puts(struct svg *s, const char *t) { svg_raw(s, t, strlen(t)); }

void svg_escape(struct svg *s, const char *p, size_t n)
{
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        const char *ref = NULL;
        switch (p[i]) {
        case '&': ref = "&amp;"; break;
        case '<': ref = "&lt;"; break;
        case '>': ref = "&gt;"; break;
        case '"': ref = "&quot;"; break;
        case '\'': ref = "&#39;"; break;
        default: continue;
        }
        svg_raw(s, p + start, i - start);
        svg_puts(s, ref);
        start = i + 1;
    }
    svg_raw(s, p + start, n - start);
}
