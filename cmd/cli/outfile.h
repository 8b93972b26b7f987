/* outfile.h - files a command writes: never one of its inputs, replaced whole or not at all. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_OUTFILE_H
#define CMD_OUTFILE_H

#include <stdio.h>
#include <sys/types.h>

/*
 * An output file (validate --good/--bad, search --rest, split output, a
 * diagram page, the database an index build writes) is written to a temporary file in the folder of its target,
 * .NAME.tmp-PID-XXXXXX, and renamed over the target by outfile_close(): a
 * run that fails or is killed leaves the previous file as it was, and the
 * temporary file of a killed run is removed by the next run that writes the
 * same target. The path "-" is standard output, and a device or FIFO
 * (/dev/null) is written directly.
 *
 *   if (outfile_check_all(outs, nouts, inputs, ninputs)) return EXIT_USAGE;
 *   struct outfile o;
 *   if (outfile_open(&o, path)) return EXIT_IO;
 *   if (outfile_write(&o, data, len)) ... // reported with its reason
 *   if (outfile_close(&o, run_succeeded)) ... EXIT_IO
 *
 * Every write failure is reported once, naming the file and the reason
 * (strerror of the errno of the write that failed), here and not by the
 * writer: a writer that prints to o.f itself calls outfile_failed().
 */
struct outfile {
    const char *path; /* as given, for messages */
    char *target;     /* what is replaced: path, or what its symbolic link names */
    char *tmp;        /* the temporary file (NULL for standard output) */
    FILE *f;          /* where to write; stdout for "-" */
    int err;          /* the errno of the first write that failed; 0 while none has */
    int reported;     /* that failure was reported */
    int durable;      /* set by the command: outfile_close() syncs the data to the disk
                       * before the rename, and the rename after it (a database) */
    dev_t paused_dev; /* the temporary file outfile_pause() closed: outfile_resume() */
    ino_t paused_ino; /* opens that one file again or fails, never a new one */
};

/**
 * The one test of whether a command may write its outputs: 0 when no two
 * of the nouts outputs are the same regular file and none is the same file
 * as one of the ninputs inputs (same device and inode, also through links;
 * "-" and no input at all are standard input or output; a database input
 * stands for its source PGN files too). Else -1 after reporting which: a
 * usage error, found before anything is opened. A terminal, pipe or device
 * is never refused: only a regular file can be written over while read.
 */
int outfile_check(char *const *outs, int nouts, char *const *inputs, int ninputs);

/**
 * outfile_check() with standard output among the outputs, whether "-" is
 * one of outs or not: what every command that reads games calls before it
 * reads, so that `pgnkit search in.pgn >> in.pgn` is refused.
 */
int outfile_check_all(char *const *outs, int nouts, char *const *inputs, int ninputs);

/**
 * The file an output named path replaces: path itself, or, when path is a
 * symbolic link, the file it names (so that the link stays a link), also
 * when that file is not there yet (it is made); a loop of links is path. The one
 * rule for every output written under another name and renamed over its
 * target (outfile_open(), the index build). Returns a string the caller
 * frees.
 */
char *outfile_target(const char *path);

/**
 * Removes the temporary files of target that runs killed earlier left
 * beside it (.NAME.tmp-PID-XXXXXX, and the -journal, -wal and -shm files
 * SQLite keeps beside such a file): only names of exactly that form,
 * regular files of this user, whose process is no longer running; a live
 * process's file (another run writing the same target) is kept. The one
 * place that decides what a leftover is: outfile_open() calls it, and so
 * does an index update, which writes no temporary file of its own.
 */
void outfile_remove_leftovers(const char *target);

/**
 * Opens o for path ("-": standard output). Returns 0, or -1 after reporting.
 * Until outfile_close(), the temporary file is removed when the program
 * exits (die() included).
 */
int outfile_open(struct outfile *o, const char *path);

/**
 * Writes [data, data+len) to o. Returns 0, or -1 when it failed (now or
 * before): reported once with the reason; later writes are not tried. On
 * standard output a failure is check_output()'s (a closed pipe: -1, quietly).
 */
int outfile_write(struct outfile *o, const void *data, size_t len);

/**
 * 1 when a write to o failed, reported here once with errno's reason: for a
 * writer that prints to o->f itself, called just after its writes; else 0.
 */
int outfile_failed(struct outfile *o);

/**
 * Writes out what o holds in memory, so that a full disk is known before
 * any file is replaced. Returns 0, or -1 when a write to o failed (reported
 * once, here or by outfile_write()).
 */
int outfile_flush(struct outfile *o);

/**
 * Closes o's stream but keeps its temporary file, for a command that
 * writes more files than it may keep open at once (split output);
 * outfile_resume() opens it again to append. Standard output and devices
 * stay open. Returns 0, or -1 after reporting a write error.
 */
int outfile_pause(struct outfile *o);

/**
 * Opens a paused o again (o->f); 0, or -1 after reporting. The temporary
 * file must be the one paused: when it was removed or replaced meanwhile
 * (a database SQLite wrote by its name, deleted by someone else), what it
 * held is lost, and closing must not put an empty file over the target.
 */
int outfile_resume(struct outfile *o);

/**
 * Closes o (paused or not) and, with replace, renames its temporary file over the target;
 * without, removes it (standard output: nothing, the command flushes it).
 * Returns 0, or -1 after a write error (reported once), in which case the
 * target is left as it was.
 * Frees what outfile_open() allocated; o closed again does nothing.
 */
int outfile_close(struct outfile *o, int replace);

#endif
