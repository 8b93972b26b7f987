/* root_position.c - a position given on the command line: a FEN, then moves played on it. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "base/ascii.h"
#include "cli/common.h"
#include "cli/root_position.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "base/banned.h"

int root_position(const char *fen, const char *moves, const char *fen_option,
                  const char *moves_option, struct pos *out)
{
    if (fen) {
        enum fen_problem why;
        if (pos_from_fen(out, fen, &why)) {
            error("%s: %s", fen_option, fen_problem_text(why));
            return -1;
        }
    } else {
        pos_set_start(out);
    }
    const char *t = moves;
    while (t && *t) {
        while (*t == ' ' || *t == '\t' || *t == '\n')
            t++;
        const char *e = t;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n')
            e++;
        if (e == t)
            break;
        /* Skip move numbers ("1.", "1...", "12") glued or not. */
        const char *m = t;
        while (m < e && ascii_is_digit(*m))
            m++;
        if (m > t)
            while (m < e && *m == '.')
                m++;
        if (m < e && strncmp(m, "*", 1) && strncmp(m, "1-0", 3) && strncmp(m, "0-1", 3) &&
            strncmp(m, "1/2", 3)) {
            move16 mv;
            struct move_error err;
            struct lang_detect d; /* san_read() takes a language, not NOTATION_AUTO */
            lang_detect_init(&d);
            lang_detect_add(&d, m, (size_t)(e - m));
            if (san_read(out, m, (size_t)(e - m), lang_detect_result(&d), &mv, NULL, &err)) {
                error("%s: '%.*s': %s", moves_option, (int)(e - m), m, err.msg);
                return -1;
            }
            pos_play(out, mv);
        }
        t = e;
    }
    return 0;
}
