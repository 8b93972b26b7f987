/* test_json_escape.c - the one JSON string escaper: hand-written cases and jansson as the oracle. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include <jansson.h>
#include "test.h"
#include "base/json_escape.h"
#include "base/banned.h"

static void check_escape(const char *in, size_t n, const char *want)
{
    char out[JSON_ESCAPE_MAX(16) + 1];
    size_t len = json_escape(out, in, n);
    out[len] = 0;
    CHECK_EQ_STR(out, want);
}

/* What each kind of byte becomes, written out by hand. */
void test_json_escape__cases(void)
{
    check_escape("Nf3", 3, "Nf3");
    check_escape("\x7f", 1, "\\u007f"); /* DEL: escaped, as a control character */
    check_escape("\0", 1, "\\u0000");
    check_escape("\x1f", 1, "\\u001f");
    check_escape("\"\\", 2, "\\\"\\\\");
    check_escape("\n\r\t", 3, "\\n\\r\\t");
    check_escape("\b\f", 2, "\\u0008\\u000c");
    check_escape("/ ~", 3, "/ ~");
    check_escape("\xc3\xa9", 2, "\xc3\xa9"); /* UTF-8 passes as it is */
    check_escape("", 0, "");
}

/*
 * Every ASCII byte: the output is printable ASCII only, and jansson reads
 * the quoted output back as the byte itself.
 */
void test_json_escape__every_ascii_byte_reads_back(void)
{
    for (int c = 0; c < 0x80; c++) {
        char in = (char)c, out[JSON_ESCAPE_MAX(1) + 3];
        out[0] = '"';
        size_t len = json_escape(out + 1, &in, 1);
        CHECK(len >= 1 && len <= JSON_ESCAPE_MAX(1));
        out[len + 1] = '"';
        out[len + 2] = 0;
        for (size_t i = 0; i < len + 2; i++)
            CHECK(out[i] >= 0x20 && out[i] < 0x7f);
        json_error_t e;
        json_t *v = json_loads(out, JSON_DECODE_ANY | JSON_ALLOW_NUL, &e);
        CHECK(json_is_string(v) && json_string_length(v) == 1 && json_string_value(v)[0] == in);
        json_decref(v);
    }
}
