/* io_detect.c - what an input is, told by its first bytes: text, a compressor, an archive, binary. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "pgn/io_internal.h"
#include "base/banned.h"

/*
 * Magic bytes at offset 0 (tar's at 257). The name never matters: a .pgn
 * file that holds gzip data is read as gzip. Formats pgnkit decodes come
 * first; the rest only name what the input is, so that a picture or a
 * program ends its input with one clear error instead of thousands of
 * diagnostics on its bytes.
 */
struct magic {
    const char *bytes;
    size_t len;
    enum io_kind kind;
    const char *what;
};

#define M(s, kind, what) { s, sizeof s - 1, kind, what }
static const struct magic magics[] = {
    M("\x1f\x8b", IO_GZIP, "gzip data"),
    M("\x28\xb5\x2f\xfd", IO_ZSTD, "zstd data"),
    M("PK\x03\x04", IO_ARCHIVE, "a zip archive"),
    M("PK\x05\x06", IO_ARCHIVE, "a zip archive"),
    M("PK\x07\x08", IO_ARCHIVE, "a zip archive"),
    M("7z\xbc\xaf\x27\x1c", IO_ARCHIVE, "a 7z archive"),
    M("Rar!\x1a\x07", IO_ARCHIVE, "a RAR archive"),
    M("BZh", IO_ARCHIVE, "bzip2 data"),
    M("\xfd" "7zXZ\x00", IO_ARCHIVE, "xz data"),
    M("\x5d\x00\x00", IO_ARCHIVE, "lzma data"),
    M("\x04\x22\x4d\x18", IO_ARCHIVE, "lz4 data"),
    M("LZIP", IO_ARCHIVE, "lzip data"),
    M("\x1f\x9d", IO_ARCHIVE, "compress (.Z) data"),
    M("MSCF", IO_ARCHIVE, "a cabinet archive"),
    M("%PDF-", IO_BINARY, "a PDF document"),
    M("\x89PNG\r\n\x1a\n", IO_BINARY, "a PNG image"),
    M("\xff\xd8\xff", IO_BINARY, "a JPEG image"),
    M("GIF87a", IO_BINARY, "a GIF image"),
    M("GIF89a", IO_BINARY, "a GIF image"),
    M("\x7f" "ELF", IO_BINARY, "an ELF executable"),
    M("SQLite format 3", IO_BINARY, "an SQLite database"),
    M("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", IO_BINARY, "a Microsoft Office document"),
    M("OggS", IO_BINARY, "an Ogg media file"),
    M("ID3", IO_BINARY, "an MP3 audio file"),
};
#undef M

/* Executables for Windows start with MZ; text could too, so a NUL byte must follow. */
static int is_windows_exe(const unsigned char *p, size_t n)
{
    return n >= 64 && p[0] == 'M' && p[1] == 'Z' && memchr(p, 0, 64);
}

int io_is_tar(const unsigned char *p, size_t n)
{
    return n >= 262 && !memcmp(p + 257, "ustar", 5);
}

enum io_kind io_detect(const unsigned char *p, size_t n, const char **what)
{
    for (size_t i = 0; i < sizeof magics / sizeof magics[0]; i++) {
        const struct magic *m = &magics[i];
        if (n >= m->len && !memcmp(p, m->bytes, m->len)) {
            /* "BZh" is English too: a digit (block size) and the block magic follow. */
            if (m->bytes[0] == 'B' && (n < 10 || memcmp(p + 4, "1AY&SY", 6)))
                continue;
            *what = m->what;
            return m->kind;
        }
    }
    if (io_is_tar(p, n)) {
        *what = "a tar archive";
        return IO_ARCHIVE;
    }
    *what = NULL;
    return IO_PLAIN;
}

int io_utf16_bom(const unsigned char *p, size_t n)
{
    if (n >= 2 && p[0] == 0xff && p[1] == 0xfe)
        return 1;
    if (n >= 2 && p[0] == 0xfe && p[1] == 0xff)
        return 2;
    return 0;
}

/* How far the first look goes: a NUL byte there, on the first line, is not text. */
enum { SNIFF_BYTES = 4096 };

const char *io_not_text(const unsigned char *p, size_t n)
{
    const char *what;
    enum io_kind kind = io_detect(p, n, &what);
    if (kind != IO_PLAIN)
        return what;
    if (is_windows_exe(p, n))
        return "a Windows executable";
    if (n > SNIFF_BYTES)
        n = SNIFF_BYTES;
    /* A PGN file that has NUL bytes further on is damaged text, read with
     * diagnostics; one on the first line is a binary file. */
    const unsigned char *eol = memchr(p, '\n', n);
    size_t first_line = eol ? (size_t)(eol - p) : n;
    const unsigned char *nul = memchr(p, 0, first_line);
    if (!nul)
        return NULL;
    /* ASCII in UTF-16 without a byte order mark: every other byte NUL. */
    size_t even = 0, odd = 0, pairs = first_line / 2;
    for (size_t i = 0; i + 1 < first_line; i += 2) {
        even += p[i] == 0;
        odd += p[i + 1] == 0;
    }
    if (pairs >= 2 && (even == pairs || odd == pairs))
        return "UTF-16 text without a byte order mark";
    return "binary data (a NUL byte on its first line)";
}
