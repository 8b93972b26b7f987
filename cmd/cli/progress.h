/* progress.h - the progress line on a terminal's standard error, one for the whole process. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_PROGRESS_H
#define CMD_PROGRESS_H

#include <stdint.h>

/*
 * While a command reads its inputs, the driver keeps one line on stderr up
 * to date when stderr is a terminal:
 *
 *   pgnkit: 51200 games, 33.4 MB, 28.1 MB/s, 45%, 0:02 left
 *
 * MB are bytes of the input files as stored (compressed bytes for a
 * compressed file), so the percent and the time left hold for compressed
 * input too; they are left out when a size is unknown (a pipe). Nothing is
 * drawn in the first second, then at most four times a second, and the line
 * is erased when the reading ends, before the command's summary. Anything
 * else written to the terminal first calls progress_erase(); the line comes
 * back at the next update.
 */

/** Starts the line: total is the bytes of all inputs, 0 when unknown. */
void progress_start(uint64_t total);

/** 1 between progress_start() and progress_stop(). */
int progress_active(void);

/** Redraws the line with games read and bytes of input read, if it is time to. */
void progress_update(uint64_t games, uint64_t bytes);

/** Erases the line if it is drawn (before other text goes to the terminal). */
void progress_erase(void);

/** Erases the line and stops drawing it. */
void progress_stop(void);

#endif
