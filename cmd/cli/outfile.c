/* outfile.c - files a command writes: never one of its inputs, replaced whole or not at all. */
/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/common.h"
#include "cli/dbinput.h"
#include "cli/outfile.h"
#include "index/index_db.h"
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

/* The folder of path, "." for a bare name; to be freed. */
static char *folder_of(const char *path)
{
    size_t dir_len = (size_t)(base_name(path) - path);
    char *dir = xmalloc(dir_len + 2);
    if (dir_len)
        memcpy(dir, path, dir_len);
    else
        dir[dir_len++] = '.';
    dir[dir_len] = '\0';
    return dir;
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
    char *dir = folder_of(path);
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

/* A file a command reads: an input as given, or a source of a database input. */
struct read_file {
    struct file_id id;
    const char *name; /* for messages */
    const char *db;   /* the database input it is a source of; NULL for an input */
};

/* The files a command reads, as a growing array. */
struct read_files {
    struct read_file *v;
    int n, cap;
};

/* A new entry of r, zeroed: kept by incrementing r->n once it is filled. */
static struct read_file *read_files_next(struct read_files *r)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 8;
        r->v = xrealloc(r->v, (size_t)r->cap * sizeof *r->v);
    }
    memset(&r->v[r->n], 0, sizeof r->v[r->n]);
    return &r->v[r->n];
}

/* Adds the source PGN files of the database path to r: the games it
 * stands for are read from them. A source is where the database reader
 * opens it: its absolute location when it is still there, else its path. */
static void add_sources(const char *path, struct read_files *r)
{
    struct index_db *db = NULL;
    struct index_source *srcs;
    size_t nsrc;
    if (!dbinput_is_database(path))
        return;
    /* A database that cannot be read fails as an input later, and is reported then. */
    if (index_db_open(&db, path, 0) == PGN_OK && index_db_sources(db, &srcs, &nsrc) == PGN_OK) {
        for (size_t i = 0; i < nsrc; i++) {
            struct stat st;
            const char *name = srcs[i].location && !stat(srcs[i].location, &st)
                                   ? srcs[i].location : srcs[i].path;
            struct read_file *f = read_files_next(r);
            if (!name || file_id_get(name, -1, &f->id) || !f->id.regular || f->id.name)
                continue; /* missing: nothing to overwrite */
            f->name = xstrdup(name);
            f->db = path;
            r->n++;
        }
        index_sources_free(srcs, nsrc);
    }
    index_db_close(db);
}

/* The files the ninputs inputs stand for (none: standard input), with
 * known identities. Free with read_files_free(). */
static struct read_files read_files_get(char *const *inputs, int ninputs)
{
    static char dash[] = "-";
    static char *const stdin_only[] = { dash };
    struct read_files r = { NULL, 0, 0 };
    if (ninputs == 0) {
        inputs = stdin_only;
        ninputs = 1;
    }
    for (int k = 0; k < ninputs; k++) {
        struct read_file *f = read_files_next(&r);
        int stdin_input = is_dash(inputs[k]);
        if (file_id_get(inputs[k], stdin_input ? 0 : -1, &f->id) == 0) {
            f->name = stdin_input ? "<stdin>" : inputs[k];
            r.n++;
        }
        if (!stdin_input)
            add_sources(inputs[k], &r);
    }
    return r;
}

static void read_files_free(struct read_files *r)
{
    for (int i = 0; i < r->n; i++)
        if (r->v[i].db)
            free((char *)r->v[i].name);
    free(r->v);
}

/* The identity of output path ("-": standard output); 0, or -1 when unknown. */
static int out_id_get(const char *path, struct file_id *id)
{
    return file_id_get(path, is_dash(path) ? 1 : -1, id);
}

/* Says why outs[i] may not be written, when it is an input or an earlier
 * output ("-": standard output); -1 then. */
static int check_one(const char *const *outs, int i, const struct read_file *in, int nin)
{
    const char *path = outs[i];
    struct file_id id, other;
    if (out_id_get(path, &id) != 0)
        return 0; /* nothing there to be harmed, nor a folder to create it in */
    for (int k = 0; k < i; k++) {
        /* Two writers on one device (/dev/null) harm nothing: a file only. */
        if ((is_dash(outs[k]) && is_dash(path)) ||
            (id.regular && !out_id_get(outs[k], &other) && other.regular &&
             same_file(&id, &other))) {
            error("'%s' and '%s' are the same file: the two outputs would mix", outs[k], path);
            return -1;
        }
    }
    /* A terminal or pipe can be both standard input and output: only a
     * file can be emptied, or grown by what is read again, while read. */
    for (int k = 0; id.regular && k < nin; k++) {
        if (!in[k].id.regular || !same_file(&id, &in[k].id))
            continue;
        int out = !is_dash(path);
        if (in[k].db)
            error("%s%s%s is '%s', a source of the database '%s': writing it would destroy the "
                  "games", out ? "output '" : "standard output", out ? path : "",
                  out ? "'" : "", in[k].name, in[k].db);
        else if (!out)
            error("standard output is the input '%s': writing it would change the games being "
                  "read", in[k].name);
        else
            error("output '%s' is the input '%s': writing it would destroy the games", path,
                  in[k].name);
        return -1;
    }
    return 0;
}

/* outfile_check(), with standard output among the outputs when with_stdout. */
static int check_outputs(char *const *outs, int nouts, int with_stdout, char *const *inputs,
                         int ninputs)
{
    const char **all = xcalloc((size_t)nouts + 1, sizeof *all);
    int n = 0, stdout_named = 0, rc = 0;
    for (int i = 0; i < nouts; i++) {
        all[n++] = outs[i];
        stdout_named |= is_dash(outs[i]);
    }
    if (with_stdout && !stdout_named)
        all[n++] = "-";
    struct read_files in = read_files_get(inputs, ninputs);
    for (int i = 0; i < n && !rc; i++)
        rc = check_one(all, i, in.v, in.n);
    read_files_free(&in);
    free(all);
    return rc;
}

int outfile_check(char *const *outs, int nouts, char *const *inputs, int ninputs)
{
    return check_outputs(outs, nouts, 0, inputs, ninputs);
}

int outfile_check_all(char *const *outs, int nouts, char *const *inputs, int ninputs)
{
    return check_outputs(outs, nouts, 1, inputs, ninputs);
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

/*
 * The temporary file of target DIR/NAME is DIR/.NAME.tmp-PID-XXXXXX: a run
 * killed before it could remove it (SIGKILL, a crash) leaves it, and a later
 * run writing the same target knows it by its name and by its process being
 * gone.
 */
#define TMP_MARK ".tmp-"

/* The process number of a temporary file's name after ".NAME.tmp-", when the
 * rest is exactly what outfile_open() makes ("PID-" and mkstemp's six
 * letters or digits), or that with the suffix of a side file SQLite makes
 * beside a database (the index build writes one there); else 0. */
static long leftover_pid(const char *rest)
{
    static const char *const side_files[] = { "", "-journal", "-wal", "-shm" };
    const char *p = rest;
    long pid = 0;
    while (*p >= '0' && *p <= '9' && p - rest < 10)
        pid = pid * 10 + (*p++ - '0');
    if (p == rest || *p++ != '-')
        return 0;
    for (int i = 0; i < 6; i++, p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
            return 0;
    for (size_t i = 0; i < sizeof side_files / sizeof *side_files; i++)
        if (!strcmp(p, side_files[i]))
            return pid;
    return 0;
}

/*
 * The temporary files in one folder that runs killed earlier left: names of
 * that form whose process is no longer running. A folder is read once per
 * run, not once per file written there (split output writes thousands).
 */
static struct {
    char *dir;    /* the folder read; NULL before */
    char **names; /* the leftovers found there, NULL once removed */
    size_t n;
} leftovers;

static void leftovers_release(void)
{
    for (size_t i = 0; i < leftovers.n; i++)
        free(leftovers.names[i]);
    free(leftovers.names);
    free(leftovers.dir);
    memset(&leftovers, 0, sizeof leftovers);
}

/* The leftovers of folder dir into the cache (a run writes there from now on). */
static void leftovers_read(const char *dir)
{
    static int registered;
    if (leftovers.dir && !strcmp(leftovers.dir, dir))
        return;
    if (!registered) {
        atexit(leftovers_release);
        registered = 1;
    }
    leftovers_release();
    leftovers.dir = xstrdup(dir);
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t cap = 0;
    while (d && (e = readdir(d)) != NULL) {
        const char *mark = e->d_name[0] == '.' ? strstr(e->d_name, TMP_MARK) : NULL;
        for (const char *later; mark && (later = strstr(mark + 1, TMP_MARK)) != NULL;)
            mark = later; /* the last: NAME may hold one too */
        long pid = mark ? leftover_pid(mark + strlen(TMP_MARK)) : 0;
        if (pid <= 0 || pid == (long)getpid() || pid > INT_MAX || kill((pid_t)pid, 0) == 0 ||
            errno != ESRCH)
            continue;
        if (leftovers.n == cap) {
            cap = cap ? 2 * cap : 8;
            leftovers.names = xrealloc(leftovers.names, cap * sizeof *leftovers.names);
        }
        leftovers.names[leftovers.n++] = xstrdup(e->d_name);
    }
    if (d)
        closedir(d);
}

void outfile_remove_leftovers(const char *target)
{
    const char *name = base_name(target);
    size_t name_len = strlen(name);
    char *dir = folder_of(target);
    leftovers_read(dir);
    for (size_t i = 0; i < leftovers.n; i++) {
        const char *n = leftovers.names[i];
        if (!n || strncmp(n + 1, name, name_len) ||
            strncmp(n + 1 + name_len, TMP_MARK, strlen(TMP_MARK)) ||
            !leftover_pid(n + 1 + name_len + strlen(TMP_MARK)))
            continue;
        size_t cap = strlen(dir) + strlen(n) + 2;
        char *path = xmalloc(cap);
        snprintf(path, cap, "%s/%s", dir, n);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid())
            unlink(path);
        free(path);
        free(leftovers.names[i]);
        leftovers.names[i] = NULL;
    }
    free(dir);
}

/* Links followed for a target not there yet; more is a loop, as open() says (ELOOP). */
enum { MAX_LINK_HOPS = 40 };

char *outfile_target(const char *path)
{
    char *cur = xstrdup(path);
    for (int hops = 0; hops < MAX_LINK_HOPS; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        char *real = realpath(cur, NULL);
        if (real) {
            free(cur);
            return real;
        }
        if (errno != ENOENT)
            break;
        /* A link to a file not there yet: that file is made, the link stays. */
        char named[PATH_MAX];
        ssize_t n = readlink(cur, named, sizeof named - 1);
        if (n <= 0)
            break;
        named[n] = '\0';
        char *dir = named[0] == '/' ? xstrdup("") : folder_of(cur);
        size_t cap = strlen(dir) + (size_t)n + 2;
        char *next = xmalloc(cap);
        snprintf(next, cap, "%s%s%s", dir, *dir ? "/" : "", named);
        free(dir);
        free(cur);
        cur = next;
    }
    free(cur);
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

/* Writes out the folder of path's entries (a rename in it). */
static void sync_folder(const char *path)
{
    char *dir = folder_of(path);
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

int outfile_open(struct outfile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (is_dash(path)) {
        o->f = stdout;
        return 0;
    }
    o->target = outfile_target(path);
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
    outfile_remove_leftovers(o->target);
    size_t cap = strlen(o->target) + 48;
    o->tmp = xmalloc(cap);
    snprintf(o->tmp, cap, "%.*s.%s" TMP_MARK "%ld-XXXXXX", (int)dir_len, o->target, name,
             (long)getpid());
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

/* Reports o's first failed write, once, with its reason (err: errno then). */
static void write_failed(struct outfile *o, int err)
{
    if (!o->err)
        o->err = err ? err : EIO;
    if (!o->reported)
        error("cannot write '%s': %s", o->path, strerror(o->err));
    o->reported = 1;
}

int outfile_write(struct outfile *o, const void *data, size_t len)
{
    assert(o->f); /* open, and not paused */
    if (o->err)
        return -1; /* reported when it failed */
    if (fwrite(data, 1, len, o->f) == len)
        return 0;
    if (o->f == stdout) {
        check_output(); /* a full disk: reported there, and the run ends */
        o->err = EPIPE;
        return -1;
    }
    write_failed(o, errno);
    return -1;
}

int outfile_failed(struct outfile *o)
{
    if (o->f && o->f != stdout && ferror(o->f))
        write_failed(o, errno);
    return o->err != 0;
}

int outfile_flush(struct outfile *o)
{
    if (!o->f || o->f == stdout)
        return 0;
    if (outfile_failed(o))
        return -1;
    if (fflush(o->f) != 0) {
        write_failed(o, errno);
        return -1;
    }
    return 0;
}

int outfile_pause(struct outfile *o)
{
    if (!o->f || !o->tmp)
        return 0;
    int failed = outfile_failed(o);
    struct stat st;
    if (fstat(fileno(o->f), &st) == 0) {
        o->paused_dev = st.st_dev;
        o->paused_ino = st.st_ino;
    }
    if (fclose(o->f) != 0 && !failed) {
        write_failed(o, errno);
        failed = 1;
    }
    o->f = NULL;
    return failed ? -1 : 0;
}

int outfile_resume(struct outfile *o)
{
    if (o->f || !o->tmp)
        return 0;
    /* No O_CREAT: a temporary file that is gone stays gone. */
    int fd = open(o->tmp, O_WRONLY | O_APPEND | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_dev != o->paused_dev ||
        st.st_ino != o->paused_ino) {
        error("cannot finish '%s': its temporary file '%s' was removed or replaced meanwhile",
              o->path, o->tmp);
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (!(o->f = fdopen(fd, "ab"))) {
        error("cannot open '%s' for writing: %s", o->path, strerror(errno));
        close(fd);
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
    int failed = !o->f || outfile_failed(o);
    /* Durable: the data is on the disk before the name points to it. */
    if (o->f && !failed && o->tmp && replace && o->durable &&
        (fflush(o->f) != 0 || fsync(fileno(o->f)) != 0)) {
        write_failed(o, errno);
        failed = 1;
    }
    if (o->f && fclose(o->f) != 0 && !failed) {
        write_failed(o, errno);
        failed = 1;
    }
    if (failed) {
        rc = -1;
    } else if (o->tmp && replace && rename(o->tmp, o->target) != 0) {
        error("cannot replace '%s': %s", o->path, strerror(errno));
        rc = -1;
    } else if (o->tmp && replace && o->durable) {
        sync_folder(o->target); /* the rename itself survives a power loss */
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
