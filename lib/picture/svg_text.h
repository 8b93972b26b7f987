/* svg_text.h - writing SVG and HTML text into a buffer: formatted pieces, XML escapes, a sticky status. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_SVG_TEXT_H
#define LIB_SVG_TEXT_H

#include <stddef.h>
#include "base/buf.h"
#include "base/compiler.h"

/*
 * Every picture is written through a struct svg: the pieces go to the
 * caller's buffer, and the first failure (PGN_ENOMEM, PGN_ETOOBIG from the
 * buffer's cap) is kept in status, after which nothing more is written. A
 * writer checks the status once, at its end:
 *
 *   struct svg s = { out, PGN_OK };
 *   svg_printf(&s, "<rect width=\"%d\"/>", w);
 *   svg_escape(&s, caption, strlen(caption));
 *   return s.status;
 */
struct svg {
    struct buf *out; /* the caller's */
    int status;      /* PGN_OK, or the first failure */
};

/** Appends the printf-formatted text (no NUL) to s->out. */
void svg_printf(struct svg *s, const char *fmt, ...) PRINTF_LIKE(2, 3);

/** Appends the bytes [p, p+n) as they are. */
void svg_raw(struct svg *s, const char *p, size_t n);

/** Appends the NUL-terminated text t as it is. */
void svg_puts(struct svg *s, const char *t);

/** Appends text [p, p+n) with & < > " ' written as character references (XML and HTML). */
void svg_escape(struct svg *s, const char *p, size_t n);

#endif
