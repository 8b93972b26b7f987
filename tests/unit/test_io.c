/* test_io.c - byte input: plain and gzip (detected by content), members, damage, files, stdin. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>
#include "test.h"
#include "pgn/io.h"
#include "pgn/pgn_reader.h"
#include "reader_util.h"

/* gzip of data[0..n) (one member), malloc'd. */
static unsigned char *gzip_mem(const void *data, size_t n, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&z, (uLong)n) + 64;
    unsigned char *out = malloc(cap);
    z.next_in = (unsigned char *)(uintptr_t)data;
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    int rc = deflate(&z, Z_FINISH);
    *out_len = cap - z.avail_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        free(out);
        return NULL;
    }
    return out;
}

/* All decoded bytes of an input, or NULL; *status gets the final read's return. */
static char *drain(struct pgn_input *in, size_t chunk, size_t *len, int *status)
{
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    ptrdiff_t k;
    for (;;) {
        if (cap - n < chunk)
            s = realloc(s, cap *= 2);
        k = pgn_input_read(in, s + n, chunk);
        if (k <= 0)
            break;
        n += (size_t)k;
    }
    *status = (int)k;
    *len = n;
    return s;
}

void test_io__gzip_equals_plain(void)
{
    size_t len, glen;
    char *plain = reader_slurp("testdata/reader/mixed.pgn", &len);
    if (!plain)
        return;
    unsigned char *gz = gzip_mem(plain, len, &glen);
    struct pgn_reader *r;
    int rc1, rc2;
    CHECK_EQ_INT(pgn_reader_open_mem(&r, plain, len, NULL), PGN_OK);
    char *a = reader_dump_all(r, plain, len, &rc1, NULL);
    struct pgn_reader_opts o;
    pgn_reader_opts_init(&o);
    o.read_size = 3; /* gzip output in tiny pieces */
    CHECK_EQ_INT(pgn_reader_open_mem(&r, gz, glen, &o), PGN_OK);
    char *b = reader_dump_all(r, plain, len, &rc2, NULL);
    CHECK_EQ_INT(rc1, 0);
    CHECK_EQ_INT(rc2, 0);
    CHECK_EQ_STR(b, a);
    free(a);
    free(b);
    free(gz);
    free(plain);
}

/* Concatenated members (as from cat a.gz b.gz), split inside a game; zero padding after. */
void test_io__gzip_members(void)
{
    size_t len, l1, l2;
    char *plain = reader_slurp("testdata/reader/constructs.pgn", &len);
    if (!plain)
        return;
    size_t cut = len / 3;
    unsigned char *g1 = gzip_mem(plain, cut, &l1), *g2 = gzip_mem(plain + cut, len - cut, &l2);
    unsigned char *both = malloc(l1 + l2 + 8);
    memcpy(both, g1, l1);
    memcpy(both + l1, g2, l2);
    memset(both + l1 + l2, 0, 8);
    struct pgn_input *in;
    size_t n;
    int st;
    CHECK_EQ_INT(pgn_input_open_mem(&in, both, l1 + l2 + 8), PGN_OK);
    char *out = drain(in, 100, &n, &st);
    CHECK_EQ_INT(st, 0);
    CHECK_EQ_INT(n, len);
    CHECK(n == len && !memcmp(out, plain, len));
    CHECK_EQ_INT(pgn_input_compression(in), PGN_COMP_GZIP);
    pgn_input_free(in);
    free(out);
    free(both);
    free(g1);
    free(g2);
    free(plain);
}

/*
 * A truncated gzip file: every byte that can be decoded comes out (as much
 * as zlib itself decodes), the games before the damage are returned, the
 * last one carries the error, and then the reader fails with PGN_EIO.
 */
void test_io__gzip_truncated(void)
{
    size_t len, glen;
    char *plain = reader_slurp("testdata/reader/cp1252.pgn", &len);
    if (!plain)
        return;
    unsigned char *gz = gzip_mem(plain, len, &glen);
    size_t cut = glen * 2 / 3;

    /* What zlib decodes from the same bytes. */
    z_stream z;
    memset(&z, 0, sizeof z);
    inflateInit2(&z, 16 + MAX_WBITS);
    char *ref = malloc(len);
    z.next_in = gz;
    z.avail_in = (uInt)cut;
    z.next_out = (unsigned char *)ref;
    z.avail_out = (uInt)len;
    inflate(&z, Z_SYNC_FLUSH);
    size_t decodable = len - z.avail_out;
    inflateEnd(&z);
    free(ref);

    struct pgn_input *in;
    size_t n;
    int st;
    CHECK_EQ_INT(pgn_input_open_mem(&in, gz, cut), PGN_OK);
    char *out = drain(in, 7, &n, &st);
    CHECK_EQ_INT(st, PGN_EIO);
    CHECK_EQ_INT(n, decodable);
    CHECK(!memcmp(out, plain, n));
    CHECK(strstr(pgn_input_error(in), "truncated gzip data") != NULL);
    CHECK_EQ_INT(pgn_input_read(in, out, 10), PGN_EIO); /* it stays failed */
    pgn_input_free(in);
    free(out);

    struct pgn_reader *r;
    struct game g;
    CHECK_EQ_INT(pgn_reader_open_mem(&r, gz, cut, NULL), PGN_OK);
    int rc, games = 0;
    uint64_t off = 0;
    while ((rc = pgn_reader_next(r, &g)) > 0) {
        games++;
        reader_check_game(&g, plain, len, &off);
        if (games == 2) {
            CHECK(g.flags & GAME_BAD);
            CHECK_EQ_INT(g.errors[g.nerrors - 1].code, PGN_EIO);
        }
    }
    CHECK_EQ_INT(games, 2);
    CHECK_EQ_INT(off, decodable);
    CHECK_EQ_INT(rc, PGN_EIO);
    CHECK_EQ_INT(pgn_reader_error(r)->code, PGN_EIO);
    CHECK(strstr(pgn_reader_error(r)->message, "truncated gzip data") != NULL);
    CHECK_EQ_INT(pgn_reader_next(r, &g), PGN_EIO);
    pgn_reader_free(r);
    free(gz);
    free(plain);
}

void test_io__gzip_damaged(void)
{
    size_t len, glen;
    char *plain = reader_slurp("testdata/reader/mixed.pgn", &len);
    if (!plain)
        return;
    unsigned char *gz = gzip_mem(plain, len, &glen);
    struct pgn_input *in;
    size_t n;
    int st;
    char *out;

    /* A corrupt byte in the deflate data (or its CRC): an error, never a silent success. */
    gz[glen / 2] ^= 0x55;
    CHECK_EQ_INT(pgn_input_open_mem(&in, gz, glen), PGN_OK);
    out = drain(in, 64, &n, &st);
    CHECK_EQ_INT(st, PGN_EIO);
    CHECK(strstr(pgn_input_error(in), "corrupt gzip data") != NULL);
    pgn_input_free(in);
    free(out);
    gz[glen / 2] ^= 0x55;

    /* Trailing garbage: all the data, then the error. */
    unsigned char *tail = malloc(glen + 5);
    memcpy(tail, gz, glen);
    memcpy(tail + glen, "junk!", 5);
    CHECK_EQ_INT(pgn_input_open_mem(&in, tail, glen + 5), PGN_OK);
    out = drain(in, 64, &n, &st);
    CHECK_EQ_INT(n, len);
    CHECK_EQ_INT(st, PGN_EIO);
    CHECK(strstr(pgn_input_error(in), "trailing garbage") != NULL);
    pgn_input_free(in);
    free(out);
    free(tail);
    free(gz);
    free(plain);

    /* zstd is recognised and refused, for now. */
    static const unsigned char zst[] = { 0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0 };
    CHECK_EQ_INT(pgn_input_open_mem(&in, zst, sizeof zst), PGN_OK);
    char b[16];
    CHECK_EQ_INT(pgn_input_read(in, b, sizeof b), PGN_EIO);
    CHECK(strstr(pgn_input_error(in), "zstd") != NULL);
    pgn_input_free(in);
}

/* Plain input in pieces of every size; an empty input. */
void test_io__plain(void)
{
    const char *text = "[Event \"x\"]\n1. e4 *\n";
    for (size_t chunk = 1; chunk < 25; chunk++) {
        struct pgn_input *in;
        size_t n;
        int st;
        CHECK_EQ_INT(pgn_input_open_mem(&in, text, strlen(text)), PGN_OK);
        char *out = drain(in, chunk, &n, &st);
        CHECK_EQ_INT(st, 0);
        CHECK(n == strlen(text) && !memcmp(out, text, n));
        CHECK_EQ_INT(pgn_input_compression(in), PGN_COMP_NONE);
        pgn_input_free(in);
        free(out);
    }
    struct pgn_reader *r;
    struct game g;
    CHECK_EQ_INT(pgn_reader_open_mem(&r, "", 0, NULL), PGN_OK);
    CHECK_EQ_INT(pgn_reader_next(r, &g), 0);
    CHECK_EQ_INT(pgn_reader_next(r, &g), 0);
    pgn_reader_free(r);
    pgn_reader_free(NULL);
    pgn_input_free(NULL);
}

/* Files by path; gzip is found by content, not by name; a missing file. */
void test_io__files(void)
{
    size_t len, glen;
    char *plain = reader_slurp("testdata/reader/german.pgn", &len);
    if (!plain)
        return;
    unsigned char *gz = gzip_mem(plain, len, &glen);
    struct pgn_reader *r;
    int rc;
    const char *p1 = reader_temp_file(gz, glen, ".pgn"); /* gzip content, plain name */
    if (p1) {
        CHECK_EQ_INT(pgn_reader_open(&r, p1, NULL), PGN_OK);
        char *a = reader_dump_all(r, plain, len, &rc, NULL);
        CHECK_EQ_INT(rc, 0);
        CHECK(strstr(a, "#5 @") != NULL);
        unlink(p1);
        const char *p2 = reader_temp_file(plain, len, ".gz"); /* plain content, gzip name */
        if (p2) {
            CHECK_EQ_INT(pgn_reader_open(&r, p2, NULL), PGN_OK);
            char *b = reader_dump_all(r, plain, len, &rc, NULL);
            CHECK_EQ_STR(b, a);
            free(b);
            unlink(p2);
        }
        free(a);
    }
    errno = 0;
    CHECK_EQ_INT(pgn_reader_open(&r, "/nonexistent/x.pgn", NULL), PGN_EIO);
    CHECK(r == NULL);
    CHECK_EQ_INT(errno, ENOENT);
    free(gz);
    free(plain);
}

/* "-" and NULL read standard input; diagnostics name it "<stdin>". */
void test_io__stdin(void)
{
    size_t len;
    char *plain = reader_slurp("testdata/reader/mixed.pgn", &len);
    if (!plain)
        return;
    const char *path = reader_temp_file(plain, len, ".stdin");
    int saved = dup(0);
    for (int k = 0; k < 2 && path; k++) {
        int fd = open(path, O_RDONLY);
        dup2(fd, 0);
        close(fd);
        struct pgn_reader *r;
        struct game g;
        CHECK_EQ_INT(pgn_reader_open(&r, k ? NULL : "-", NULL), PGN_OK);
        int n = 0, rc;
        uint64_t off = 0;
        while ((rc = pgn_reader_next(r, &g)) > 0) {
            n++;
            reader_check_game(&g, plain, len, &off);
            CHECK_EQ_STR(g.file, "<stdin>");
        }
        CHECK_EQ_INT(n, 12);
        CHECK_EQ_INT(rc, 0);
        pgn_reader_free(r);
    }
    dup2(saved, 0);
    close(saved);
    if (path)
        unlink(path);
    free(plain);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
/*
 * Whether the upper halves of the YMM registers are in use (XINUSE bit 2,
 * read with XGETBV 1), or -1 where the CPU cannot tell.
 */
static int upper_vector_state_dirty(void)
{
    unsigned a, b, c, d, lo, hi;
    if (!__get_cpuid_count(0xd, 1, &a, &b, &c, &d) || !(a & 4))
        return -1;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
    (void)hi;
    return (int)(lo >> 2 & 1);
}
#else
static int upper_vector_state_dirty(void) { return -1; }
#endif

/*
 * ISA-L's inflate runs AVX code and returns with the upper YMM state dirty;
 * left so, every later SSE instruction (libm's exp() in stats --elo) is
 * several times slower. Reading gzip input must leave it clean.
 */
void test_io__gzip_leaves_upper_vector_state_clean(void)
{
    static const char line[] = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {a comment} 4. Ba4 Nf6 5. O-O Be7\n";
    size_t len = 1 << 16, glen;
    char *plain = malloc(len), *out = malloc(len);
    for (size_t i = 0; i < len; i++)
        plain[i] = line[i % (sizeof line - 1)];
    unsigned char *gz = gzip_mem(plain, len, &glen);
    struct pgn_input *in;
    CHECK_EQ_INT(pgn_input_open_mem(&in, gz, glen), PGN_OK);
    ptrdiff_t got = pgn_input_read(in, out, len);
    int dirty = upper_vector_state_dirty(); /* at once: nothing else may run first */
    CHECK(got > 0);
    if (dirty >= 0)
        CHECK_EQ_INT(dirty, 0);
    pgn_input_free(in);
    free(gz);
    free(out);
    free(plain);
}
