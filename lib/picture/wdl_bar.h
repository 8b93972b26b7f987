/* wdl_bar.h - the white/draw/black bar of an opening explorer, in text for terminals. */
/* SPDX-License-Identifier: MIT */
#ifndef LIB_WDL_BAR_H
#define LIB_WDL_BAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A bar of width cells split in proportion to White's wins, draws and
 * Black's wins, as the lichess explorer draws one under each move:
 *
 *   ASCII   WWWWWWWWW=====BBBBBB
 *   UTF-8   █████████▒▒▒▒▒░░░░░░
 *   colour  the same cells as spaces on white, grey and black backgrounds
 *
 * The cells are shared out by largest remainder, so they always add up to
 * width and a share that rounds to nothing but is not zero keeps a cell
 * when another share can spare one.
 */

enum { WDL_BAR_MAX = 256 }; /* bytes a bar of up to 40 cells needs, NUL included */

/** The cells of White, draws and Black (cells[0..2]) for a bar of width cells. */
void wdl_split(int64_t white, int64_t draws, int64_t black, int width, int cells[3]);

/**
 * Writes the bar into out (cap bytes, NUL included; WDL_BAR_MAX suffices
 * for width <= 40) and returns its length. With color the three segments
 * always carry their escapes, so bars of one width have one length in
 * bytes. Nothing but "" when there are no results.
 */
size_t wdl_bar_text(char *out, size_t cap, int64_t white, int64_t draws, int64_t black, int width,
                    bool color, bool utf8);

#endif
