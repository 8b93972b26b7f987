/* split_out.c - games written into many files: every N games, or one file per ECO code or tag value. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/common.h"
#include "cli/outfile.h"
#include "cli/split_out.h"
#include "base/ascii.h"
#include "base/buf.h"
#include "base/hash_table.h"
#include "base/utf8.h"
#include "base/banned.h"

/* A file's games wait in memory up to this size; at most OPEN_MAX files are
 * open at once (split by player may make thousands: the others are paused). */
enum { FILE_FLUSH_AT = 1 << 14, OPEN_MAX = 64 };
#define FILE_BUF_MAX ((size_t)1 << 30)

static void key_of(const struct split_opts *o, const struct game *g, char *key);

/* The file name extension of each format (enum game_out_format): every format has one. */
static const char *const extensions[] = {
    [GO_PGN] = "pgn", [GO_JSON] = "json", [GO_NDJSON] = "ndjson", [GO_EPD] = "epd",
    [GO_FEN] = "fen", [GO_UCI] = "uci", [GO_CSV] = "csv", [GO_ROWS] = "ndjson",
    [GO_PLAIN] = "plain", [GO_HTML] = "html", [GO_LATEX] = "tex", [GO_TYPST] = "typ",
};
_Static_assert(sizeof extensions / sizeof extensions[0] == GO_TYPST + 1,
               "an extension for every format");

struct split_file {
    struct outfile of;
    char *path;
    struct buf buf;
    struct game_out out; /* its own stream: JSON brackets and commas, CSV header */
    int open;            /* of.f is open (not paused) */
};

struct split_out {
    const struct split_opts *opts;
    struct game_out_opts out_opts;
    char *const *inputs;
    int ninputs;
    struct split_file **files;
    size_t nfiles;
    struct hash_table by_name; /* value: index into files */
    size_t nopen;
    uint64_t written;
};

void split_opts_init(struct split_opts *o)
{
    memset(o, 0, sizeof *o);
}

int split_opts_active(const struct split_opts *o)
{
    return o->every > 0 || o->by != NULL;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c; }

static int same_name(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

int split_opts_check(const struct split_opts *o)
{
    if (o->every && o->by) {
        error("--split-every and --split-by do not go together");
        return -1;
    }
    if (o->name && !split_opts_active(o)) {
        error("--split-name goes with --split-every or --split-by");
        return -1;
    }
    return 0;
}

/* KEY[:LEN]: a tag name, or eco, and a length. */
static int parse_by(struct split_opts *o, const char *arg)
{
    static char name[64];
    const char *colon = strchr(arg, ':');
    size_t n = colon ? (size_t)(colon - arg) : strlen(arg);
    o->len = 0;
    if (colon && parse_long(colon + 1, 1, SPLIT_KEY_MAX, &o->len)) {
        error("--split-by: bad length '%s' (1 to %d)", colon + 1, SPLIT_KEY_MAX);
        return -1;
    }
    if (!n || n >= sizeof name) {
        error("--split-by takes eco[:LEN] or a tag name, not '%s'", arg);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (!ascii_is_alnum(arg[i]) && arg[i] != '_') {
            error("--split-by: '%.*s' is not a tag name", (int)n, arg);
            return -1;
        }
    }
    memcpy(name, arg, n);
    name[n] = 0;
    o->eco = n == 3 && same_name(name, "eco", 3);
    o->by = o->eco ? "ECO" : name;
    return 0;
}

enum { SPLITOPT_EVERY = 1, SPLITOPT_BY, SPLITOPT_NAME };

/* Every option of the group: entry->number tells which. */
static int split_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct split_opts *o = storage;
    switch (entry->number) {
    case SPLITOPT_EVERY:
        if (parse_long(arg, 1, 2000000000L, &o->every)) {
            error("--split-every takes a positive number, not '%s'", arg);
            return -1;
        }
        return 0;
    case SPLITOPT_BY: return parse_by(o, arg);
    default:
        if (!strstr(arg, "{}")) {
            error("--split-name needs {} where the number or value goes, not '%s'", arg);
            return -1;
        }
        o->name = arg;
        return 0;
    }
}

const struct option_entry split_options[] = {
    OPT_HEADING("Output files (instead of standard output):"),
    OPT_GROUP_OPTION("split-every", "N", "N games per file: 1.pgn, 2.pgn, ...", split_option,
                     SPLITOPT_EVERY),
    OPT_GROUP_OPTION("split-by", "KEY",
                     "one file per value of KEY: eco[:LEN] (the ECO code or\n"
                     "its first LEN characters; noeco when none) or a tag\n"
                     "name, TAG[:LEN] (Event, Date:4, White; none when none)",
                     split_option, SPLITOPT_BY),
    OPT_GROUP_OPTION("split-name", "PAT",
                     "file names: PAT with {} replaced by the number or\n"
                     "value (default {}.pgn, or the format's extension)",
                     split_option, SPLITOPT_NAME),
    OPT_END(),
};

/* The length of the valid UTF-8 character at s (n bytes left), or 0. */
static size_t char_len(const char *s, size_t n)
{
    unsigned char c = (unsigned char)s[0];
    size_t k = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
    return k && k <= n && utf8_valid(s, k) ? k : 0;
}

/* Bytes of the first chars characters of s[0..n) (a byte that is no character counts as one). */
static size_t chars_prefix(const char *s, size_t n, size_t chars)
{
    size_t i = 0;
    while (i < n && chars--) {
        size_t k = char_len(s + i, n - i);
        i += k ? k : 1;
    }
    return i;
}

/* Bytes that mean nothing to a shell or a file system. */
static int safe_byte(unsigned char c)
{
    return ascii_is_alnum((char)c) || (c && strchr("-_.+,=@", c));
}

size_t split_key_sanitize(const char *s, size_t n, char *out)
{
    size_t len = 0;
    for (size_t i = 0; i < n;) {
        size_t k = 1;
        if ((unsigned char)s[i] >= 0x80) {
            /* A whole UTF-8 character or one '_' for the bytes that are not one. */
            k = char_len(s + i, n - i);
            if (!k) {
                k = 1;
                if (len + 1 > SPLIT_KEY_MAX)
                    break;
                out[len++] = '_';
                i++;
                continue;
            }
            if (len + k > SPLIT_KEY_MAX)
                break;
            memcpy(out + len, s + i, k);
        } else {
            if (len + 1 > SPLIT_KEY_MAX)
                break;
            out[len] = safe_byte((unsigned char)s[i]) ? s[i] : '_';
        }
        len += k;
        i += k;
    }
    if (len && out[0] == '.')
        out[0] = '_';
    out[len] = 0;
    return len;
}

/* The first tag named name, its case ignored. */
static const char *tag_value(const struct game *g, const char *name)
{
    size_t n = strlen(name);
    for (uint32_t i = 0; i < g->ntags; i++)
        if (g->tags[i].name_len == n && same_name(g->tags[i].name, name, n))
            return g->tags[i].value;
    return NULL;
}

/* An ECO code's first len characters: a letter A-E, then digits. */
static int eco_prefix(const char *v, size_t len)
{
    if (!v || strlen(v) < len || !strchr("ABCDEabcde", v[0]))
        return 0;
    for (size_t i = 1; i < len; i++)
        if (!ascii_is_digit(v[i]))
            return 0;
    return 1;
}

size_t split_key_of(const struct split_opts *o, const struct game *g, char *key)
{
    key_of(o, g, key);
    return strlen(key);
}

static void key_of(const struct split_opts *o, const struct game *g, char *key)
{
    if (!o->by) {
        key[0] = 0;
        return;
    }
    const char *v = tag_value(g, o->by);
    if (o->eco) {
        size_t len = o->len ? (size_t)o->len : 3;
        if (!eco_prefix(v, len)) {
            memcpy(key, "noeco", 6);
            return;
        }
        split_key_sanitize(v, len, key);
        return;
    }
    /* "?" and "????.??.??" are the export format's unknown values. */
    size_t n = v ? strlen(v) : 0, q = 0;
    while (q < n && (v[q] == '?' || v[q] == '.'))
        q++;
    if (q == n) {
        memcpy(key, "none", 5);
        return;
    }
    if (o->len && (size_t)o->len < n)
        n = chars_prefix(v, n, (size_t)o->len);
    if (!split_key_sanitize(v, n, key))
        memcpy(key, "none", 5);
}

static char *file_name(const struct split_out *so, const char *key)
{
    char pattern[64];
    const char *p = so->opts->name;
    if (!p) {
        snprintf(pattern, sizeof pattern, "{}.%s", extensions[so->out_opts.format]);
        p = pattern;
    }
    size_t cap = strlen(p) + strlen(key) * 8 + 1, n = 0;
    char *path = xmalloc(cap);
    while (*p) {
        if (p[0] == '{' && p[1] == '}') {
            size_t k = strlen(key);
            memcpy(path + n, key, k);
            n += k;
            p += 2;
        } else {
            path[n++] = *p++;
        }
    }
    path[n] = 0;
    return path;
}

static void check(int rc)
{
    if (rc)
        die(EXIT_IO, "out of memory");
}

/* Pauses an open file when OPEN_MAX are: its games wait in its buffer, then go out. */
static void make_room(struct split_out *so)
{
    for (size_t i = 0; so->nopen >= OPEN_MAX && i < so->nfiles; i++) {
        struct split_file *f = so->files[i];
        if (!f->open)
            continue;
        if (outfile_pause(&f->of))
            exit(EXIT_IO);
        f->open = 0;
        so->nopen--;
    }
}

/* Makes f's stream open, pausing another when too many are. */
static void file_resume(struct split_out *so, struct split_file *f)
{
    if (f->open)
        return;
    make_room(so);
    if (outfile_resume(&f->of))
        exit(EXIT_IO);
    f->open = 1;
    so->nopen++;
}

static void file_flush(struct split_out *so, struct split_file *f)
{
    if (!f->buf.len)
        return;
    file_resume(so, f);
    if (outfile_write(&f->of, f->buf.data, f->buf.len))
        exit(EXIT_IO); /* reported, with the reason; the temporary files are removed at exit */
    buf_reset(&f->buf);
}

static struct split_file *file_open(struct split_out *so, const char *key)
{
    struct split_file *f = xcalloc(1, sizeof *f);
    f->path = file_name(so, key);
    char *outs[1] = { f->path };
    if (outfile_check(outs, 1, so->inputs, so->ninputs))
        exit(EXIT_USAGE); /* the temporary files written so far are removed at exit */
    make_room(so);
    if (outfile_open(&f->of, f->path))
        exit(EXIT_IO);
    f->open = 1;
    so->nopen++;
    buf_init(&f->buf, FILE_BUF_MAX);
    game_out_init(&f->out, &so->out_opts);
    check(game_out_begin(&f->out, &f->buf));
    return f;
}

static int file_finish(struct split_out *so, struct split_file *f, int replace)
{
    int rc = 0;
    check(game_out_end(&f->out, &f->buf));
    file_flush(so, f);
    if (outfile_flush(&f->of))
        rc = -1;
    if (outfile_close(&f->of, replace && !rc))
        rc = -1;
    if (f->open)
        so->nopen--;
    game_out_release(&f->out);
    buf_release(&f->buf);
    free(f->path);
    free(f);
    return rc;
}

struct split_out *split_out_new(const struct split_opts *opts, const struct game_out_opts *out_opts,
                                char *const *inputs, int ninputs)
{
    struct split_out *so = xcalloc(1, sizeof *so);
    so->opts = opts;
    so->out_opts = *out_opts;
    so->inputs = inputs;
    so->ninputs = ninputs;
    hash_table_init(&so->by_name, sizeof(size_t));
    return so;
}

/* The file of key, opened at its first game. */
static struct split_file *file_of(struct split_out *so, const char *key)
{
    size_t n = strlen(key);
    void *value;
    int rc = hash_table_insert(&so->by_name, key, n, hash_table_hash(key, n), &value);
    if (rc < 0)
        die(EXIT_IO, "out of memory");
    if (rc == 0)
        return so->files[*(size_t *)value];
    so->files = xrealloc(so->files, (so->nfiles + 1) * sizeof *so->files);
    so->files[so->nfiles] = file_open(so, key);
    *(size_t *)value = so->nfiles;
    return so->files[so->nfiles++];
}

void split_out_write(struct split_out *so, const char *key, const char *text, size_t len)
{
    char number[32];
    if (!len)
        return;
    if (!so->opts->by) {
        snprintf(number, sizeof number, "%llu",
                 (unsigned long long)(so->written / (uint64_t)so->opts->every + 1));
        key = number;
    }
    struct split_file *f = file_of(so, key);
    if (f->out.opts.format == GO_JSON && f->out.games)
        check(buf_append(&f->buf, ",", 1));
    check(buf_append(&f->buf, text, len));
    f->out.games++;
    so->written++;
    if (f->buf.len >= FILE_FLUSH_AT)
        file_flush(so, f);
}

int split_out_finish(struct split_out *so, int replace)
{
    int rc = 0;
    for (size_t i = 0; i < so->nfiles; i++)
        if (so->files[i] && file_finish(so, so->files[i], replace && !rc) < 0)
            rc = -1;
    free(so->files);
    hash_table_release(&so->by_name);
    free(so);
    return rc;
}
