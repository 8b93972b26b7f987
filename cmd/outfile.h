/* outfile.h - files a command writes: never one of its inputs, replaced whole or not at all. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_OUTFILE_H
#define CMD_OUTFILE_H

#include <stdio.h>

/*
 * An output file (validate --good/--bad) is written to a temporary file in
 * the folder of its target and renamed over the target by outfile_close():
 * a run that fails or is killed leaves the previous file as it was. The
 * path "-" is standard output, and a device or FIFO (/dev/null) is written
 * directly.
 *
 *   if (outfile_check(outs, nouts, inputs, ninputs)) return EXIT_USAGE;
 *   struct outfile o;
 *   if (outfile_open(&o, path)) return EXIT_IO;
 *   fwrite(..., o.f);
 *   if (outfile_close(&o, run_succeeded)) ... EXIT_IO
 */
struct outfile {
    const char *path; /* as given, for messages */
    char *target;     /* what is replaced: path, or what its symbolic link names */
    char *tmp;        /* the temporary file (NULL for standard output) */
    FILE *f;          /* where to write; stdout for "-" */
};

/**
 * 0 when no two of the nouts outputs are the same file and none is the same
 * file as one of the ninputs inputs (same device and inode, also through
 * links; "-" and no input at all are standard input or output). Else -1
 * after reporting which: a usage error, found before anything is opened.
 */
int outfile_check(char *const *outs, int nouts, char *const *inputs, int ninputs);

/**
 * Opens o for path ("-": standard output). Returns 0, or -1 after reporting.
 * Until outfile_close(), the temporary file is removed when the program
 * exits (die() included).
 */
int outfile_open(struct outfile *o, const char *path);

/**
 * Writes out what o holds in memory, so that a full disk is known before
 * any file is replaced. Returns 0, or -1 when a write to o failed (reported
 * here unless the writer already had).
 */
int outfile_flush(struct outfile *o);

/**
 * Closes o's stream but keeps its temporary file, for a command that
 * writes more files than it may keep open at once (split output);
 * outfile_resume() opens it again to append. Standard output and devices
 * stay open. Returns 0, or -1 after reporting a write error.
 */
int outfile_pause(struct outfile *o);

/** Opens a paused o again (o->f); 0, or -1 after reporting. */
int outfile_resume(struct outfile *o);

/**
 * Closes o (paused or not) and, with replace, renames its temporary file over the target;
 * without, removes it (standard output: nothing, the command flushes it).
 * Returns 0, or -1 after reporting a write error (one the writer met on
 * o->f it reported itself), in which case the target is left as it was.
 * Frees what outfile_open() allocated; o closed again does nothing.
 */
int outfile_close(struct outfile *o, int replace);

#endif
