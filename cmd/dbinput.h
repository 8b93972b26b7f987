/* dbinput.h - a pgnkit database given as an input: its sources' games, as the scan reads them. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_DBINPUT_H
#define CMD_DBINPUT_H

#include "driver.h"

/** 1 when path is a regular file that starts with the SQLite magic (a database). */
int dbinput_is_database(const char *path);

/**
 * Reads the games of the database path through d, as driver_read() reads a
 * PGN file: the games of its sources, in the order they were indexed, each
 * source's indexed part read from the source itself (so the games and
 * their bytes are the source's). A source changed since it was indexed, or
 * missing, is reported and makes the input fail; one that grew is read as
 * far as it was indexed, with a warning. 0, or -1 when it failed (reported).
 */
int dbinput_read(struct driver *d, const char *path);

/**
 * How many files the n inputs stand for, a database counting as its sources
 * (what a command that names the file of each game when there are several
 * asks); an unreadable database counts as one.
 */
int dbinput_count_inputs(int n, char *const *inputs);

#endif
