/* wdl_bar.c - the white/draw/black bar of an opening explorer, in text for terminals. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "picture/wdl_bar.h"
#include "base/banned.h"

void wdl_split(int64_t white, int64_t draws, int64_t black, int width, int cells[3])
{
    int64_t v[3] = { white, draws, black }, total = white + draws + black, rem[3];
    int given = 0;
    for (int i = 0; i < 3; i++) {
        cells[i] = total ? (int)(v[i] * width / total) : 0;
        rem[i] = total ? v[i] * width % total : 0;
        given += cells[i];
    }
    while (total && given < width) {
        int best = 0;
        for (int i = 1; i < 3; i++)
            if (rem[i] > rem[best])
                best = i;
        cells[best]++;
        rem[best] = -1;
        given++;
    }
    /* A share that is there keeps a cell, taken from the largest. */
    for (int i = 0; i < 3; i++) {
        if (v[i] && !cells[i]) {
            int big = cells[0] >= cells[1] && cells[0] >= cells[2] ? 0 : cells[1] >= cells[2] ? 1 : 2;
            if (cells[big] > 1) {
                cells[big]--;
                cells[i]++;
            }
        }
    }
}

size_t wdl_bar_text(char *out, size_t cap, int64_t white, int64_t draws, int64_t black, int width,
                    bool color, bool utf8)
{
    static const char *const ascii[3] = { "W", "=", "B" };
    static const char *const blocks[3] = { "█", "▒", "░" };
    static const char *const bg[3] = { "\033[30;107m", "\033[30;100m", "\033[97;40m" };
    int cells[3];
    size_t len = 0;
    if (cap)
        out[0] = 0;
    if (white + draws + black <= 0)
        return 0;
    wdl_split(white, draws, black, width, cells);
    for (int i = 0; i < 3; i++) {
        const char *cell = color ? " " : utf8 ? blocks[i] : ascii[i];
        size_t n = strlen(cell), e = color ? strlen(bg[i]) : 0;
        if (len + e + n * (size_t)cells[i] + 5 >= cap)
            break;
        memcpy(out + len, bg[i], e);
        len += e;
        for (int k = 0; k < cells[i]; k++, len += n)
            memcpy(out + len, cell, n);
    }
    if (color && len + 5 < cap) {
        memcpy(out + len, "\033[0m", 4);
        len += 4;
    }
    if (len < cap)
        out[len] = 0;
    return len;
}
