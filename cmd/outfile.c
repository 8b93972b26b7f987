/* outfile.c - files a command writes: never one of its inputs, replaced whole or not at all. */
/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "common.h"
#include "outfile.h"
#include "base/banned.h"

/* What a path stands for: an existing file by device and inode; a file
 * still to be created by its folder's device and inode and its name. */
struct file_id {
    dev_t dev;
    ino_t ino;
    const char *name; /* NULL: an existing file */
    int regular;      /* a regular file (or one to be created) */
};

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The identity of path (fd >= 0: that descriptor instead); 0, or -1 when unknown. */
static int file_id_get(const char *path, int fd, struct file_id *id)
{
    struct stat st;
    memset(id, 0, sizeof *id);
    if (fd >= 0 ? fstat(fd, &st) == 0 : stat(path, &st) == 0) {
        id->dev = st.st_dev;
        id->ino = st.st_ino;
        id->regular = S_ISREG(st.st_mode);
        return 0;
    }
    if (fd >= 0 || errno != ENOENT)
        return -1;
    /* Not there yet: the same name in the same folder is the same file. */
    const char *name = base_name(path);
    size_t dir_len = (size_t)(name - path);
    char *dir = xmalloc(dir_len + 2);
    if (dir_len)
        memcpy(dir, path, dir_len);
    else
        dir[dir_len++] = '.';
    dir[dir_len] = '\0';
    int rc = stat(dir, &st);
    free(dir);
    if (rc != 0)
        return -1;
    id->dev = st.st_dev;
    id->ino = st.st_ino;
    id->name = name;
    id->regular = 1;
    return 0;
}

static int same_file(const struct file_id *a, const struct file_id *b)
{
    if (a->dev != b->dev || a->ino != b->ino || !a->name != !b->name)
        return 0;
    return !a->name || !strcmp(a->name, b->name);
}

static int is_dash(const char *s) { return !strcmp(s, "-"); }

int outfile_check(char *const *outs, int nouts, char *const *inputs, int ninputs)
{
    static char dash[] = "-";
    static char *const stdin_only[] = { dash };
    struct file_id out_id, other;
    if (ninputs == 0) {
        inputs = stdin_only;
        ninputs = 1;
    }
    for (int i = 0; i < nouts; i++) {
        int known = file_id_get(outs[i], is_dash(outs[i]) ? 1 : -1, &out_id) == 0;
        for (int k = 0; k < i; k++) {
            int both_stdout = is_dash(outs[i]) && is_dash(outs[k]);
            if (both_stdout || (known && !file_id_get(outs[k], is_dash(outs[k]) ? 1 : -1, &other) &&
                                same_file(&out_id, &other))) {
                error("'%s' and '%s' are the same file: the two outputs would mix", outs[k],
                      outs[i]);
                return -1;
            }
        }
        /* A terminal or pipe can be both standard input and output: only
         * a file can be emptied before it is read. */
        for (int k = 0; known && k < ninputs; k++) {
            if (!file_id_get(inputs[k], is_dash(inputs[k]) ? 0 : -1, &other) && other.regular &&
                out_id.regular && same_file(&out_id, &other)) {
                error("output '%s' is the input '%s': writing it would destroy the games",
                      outs[i], is_dash(inputs[k]) ? "<stdin>" : inputs[k]);
                return -1;
            }
        }
    }
    return 0;
}

/* Temporary files not yet renamed, removed at exit: a failed run leaves none.
 * A run that splits its output into files may have many. */
static char **pending;
static size_t npending, pending_cap;

static void remove_pending(void)
{
    for (size_t i = 0; i < npending; i++) {
        if (pending[i])
            unlink(pending[i]);
        free(pending[i]);
    }
    free(pending);
    pending = NULL;
    npending = pending_cap = 0;
}

static void set_pending(const char *tmp, int on)
{
    static int registered;
    if (!registered) {
        atexit(remove_pending);
        registered = 1;
    }
    for (size_t i = 0; i < npending; i++) {
        if (on && !pending[i]) {
            pending[i] = xstrdup(tmp);
            return;
        }
        if (!on && pending[i] && !strcmp(pending[i], tmp)) {
            free(pending[i]);
            pending[i] = NULL;
            return;
        }
    }
    if (!on)
        return;
    if (npending == pending_cap) {
        pending_cap = pending_cap ? 2 * pending_cap : 8;
        pending = xrealloc(pending, pending_cap * sizeof *pending);
    }
    pending[npending++] = xstrdup(tmp);
}

/* The file path names: through a symbolic link, so that the link stays. */
static char *resolve_target(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (real)
            return real;
    }
    return xstrdup(path);
}

/* New files get the mode open() would give them; a replaced file keeps its own. */
static mode_t target_mode(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0)
        return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

int outfile_open(struct outfile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (is_dash(path)) {
        o->f = stdout;
        return 0;
    }
    o->target = resolve_target(path);
    struct stat st;
    if (stat(o->target, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* A device or a pipe (/dev/null, a FIFO): nothing to replace. */
        if (!(o->f = fopen(o->target, "wb"))) {
            error("cannot open '%s' for writing: %s", path, strerror(errno));
            free(o->target);
            return -1;
        }
        return 0;
    }
    const char *name = base_name(o->target);
    size_t dir_len = (size_t)(name - o->target);
    size_t cap = strlen(o->target) + 16;
    o->tmp = xmalloc(cap);
    snprintf(o->tmp, cap, "%.*s.%s.XXXXXX", (int)dir_len, o->target, name);
    int fd = mkstemp(o->tmp);
    if (fd < 0 || fchmod(fd, target_mode(o->target)) != 0 || !(o->f = fdopen(fd, "wb"))) {
        error("cannot open '%s' for writing: %s", path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
        }
        free(o->tmp);
        free(o->target);
        memset(o, 0, sizeof *o);
        return -1;
    }
    set_pending(o->tmp, 1);
    return 0;
}

int outfile_flush(struct outfile *o)
{
    if (!o->f || o->f == stdout)
        return 0;
    if (ferror(o->f))
        return -1; /* reported by the writer */
    if (fflush(o->f) != 0) {
        error("cannot write '%s': %s", o->path, strerror(errno));
        return -1;
    }
    return 0;
}

int outfile_pause(struct outfile *o)
{
    if (!o->f || !o->tmp)
        return 0;
    int failed = ferror(o->f);
    if (fclose(o->f) != 0 || failed) {
        if (!failed)
            error("cannot write '%s': %s", o->path, strerror(errno));
        o->f = NULL;
        return -1;
    }
    o->f = NULL;
    return 0;
}

int outfile_resume(struct outfile *o)
{
    if (o->f || !o->tmp)
        return 0;
    if (!(o->f = fopen(o->tmp, "ab"))) {
        error("cannot open '%s' for writing: %s", o->path, strerror(errno));
        return -1;
    }
    return 0;
}

int outfile_close(struct outfile *o, int replace)
{
    int rc = 0;
    if (!o->f && o->tmp && outfile_resume(o))
        rc = -1; /* paused, and cannot be opened again */
    if (!o->f && !o->tmp)
        return rc;
    if (o->f == stdout) {
        o->f = NULL;
        return 0; /* the command flushes and checks standard output */
    }
    /* A write that failed before was reported by the writer. */
    int failed = o->f && ferror(o->f);
    if (!o->f || fclose(o->f) != 0 || failed) {
        if (o->f && !failed)
            error("cannot write '%s': %s", o->path, strerror(errno));
        rc = -1;
    } else if (o->tmp && replace && rename(o->tmp, o->target) != 0) {
        error("cannot replace '%s': %s", o->path, strerror(errno));
        rc = -1;
    }
    if (o->tmp) {
        if (rc || !replace)
            unlink(o->tmp);
        set_pending(o->tmp, 0);
    }
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    o->f = NULL;
    return rc;
}
