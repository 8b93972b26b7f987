/* board_marks.c - squares and arrows drawn on a board: the [%csl] and [%cal] commands of PGN comments. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "picture/board_marks.h"
#include "base/banned.h"

/* square_at() of text that is no square. */
enum { NO_SQUARE = -1 };

static int square_at(const char *p)
{
    if (p[0] < 'a' || p[0] > 'h' || p[1] < '1' || p[1] > '8')
        return NO_SQUARE;
    return (p[1] - '1') * 8 + (p[0] - 'a');
}

static int is_color(char c) { return c == 'G' || c == 'R' || c == 'Y' || c == 'B'; }

unsigned board_marks_add(struct board_marks *m, const char *name, size_t name_len,
                         const char *args, size_t args_len)
{
    int arrows;
    if (name_len == 3 && !memcmp(name, "csl", 3))
        arrows = 0;
    else if (name_len == 3 && !memcmp(name, "cal", 3))
        arrows = 1;
    else
        return 0;
    unsigned added = 0;
    size_t want = arrows ? 5 : 3, i = 0;
    while (i < args_len) {
        size_t j = i;
        while (j < args_len && args[j] != ',')
            j++;
        /* Trim blanks around the item ("Gd4, Re5"). */
        size_t a = i, e = j;
        while (a < e && (args[a] == ' ' || args[a] == '\t'))
            a++;
        while (e > a && (args[e - 1] == ' ' || args[e - 1] == '\t'))
            e--;
        if (e - a == want && is_color(args[a])) {
            int from = square_at(args + a + 1), to = arrows ? square_at(args + a + 3) : from;
            unsigned *n = arrows ? &m->narrows : &m->nsquares;
            struct board_mark *list = arrows ? m->arrows : m->squares;
            if (from != NO_SQUARE && to != NO_SQUARE && *n < BOARD_MARKS_MAX) {
                list[(*n)++] = (struct board_mark){ (uint8_t)from, (uint8_t)to, args[a] };
                added++;
            }
        }
        i = j + 1;
    }
    return added;
}

const char *board_mark_rgb(char c)
{
    switch (c) {
    case 'R': return "#c8262b";
    case 'Y': return "#e6a817";
    case 'B': return "#1f5fbf";
    default: return "#15781b";
    }
}
