/* filter.c - regular expressions for tag, comment and expression matching (PCRE2): compiled once, bounded. */
/* SPDX-License-Identifier: MIT */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base/error.h"
#include "query/filter.h"
#include "base/banned.h"

/* Limits besides the match limit: recursion depth (interpreter), heap for
 * backtracking (KiB, interpreter) and the JIT stack. */
enum {
    DEPTH_LIMIT = 10000,
    HEAP_LIMIT_KIB = 64 * 1024,
    JIT_STACK_START = 32 * 1024,
    JIT_STACK_MAX = 1024 * 1024,
};

struct filter {
    pcre2_code *code;
    pcre2_match_data *md;
    pcre2_match_context *mctx;
    pcre2_jit_stack *jit_stack;
    int jit;
    uint64_t limit_hits;
    char *pattern;
};

static void set_error(struct filter_error *err, size_t offset, const char *msg)
{
    if (!err)
        return;
    err->offset = offset;
    snprintf(err->msg, sizeof err->msg, "%s", msg);
}

int filter_new(struct filter **out, const char *pattern, size_t len, unsigned flags,
               unsigned long limit, struct filter_error *err)
{
    *out = NULL;
    struct filter *f = calloc(1, sizeof *f);
    if (!f)
        return PGN_ENOMEM;
    f->pattern = malloc(len + 1);
    if (!f->pattern) {
        free(f);
        return PGN_ENOMEM;
    }
    memcpy(f->pattern, pattern, len);
    f->pattern[len] = '\0';

    uint32_t options = PCRE2_UTF | PCRE2_UCP;
    if (flags & FILTER_ICASE)
        options |= PCRE2_CASELESS;
    int code;
    PCRE2_SIZE offset;
    f->code = pcre2_compile((PCRE2_SPTR)pattern, len, options, &code, &offset, NULL);
    if (!f->code) {
        PCRE2_UCHAR msg[FILTER_MSG_MAX];
        if (pcre2_get_error_message(code, msg, sizeof msg) < 0)
            snprintf((char *)msg, sizeof msg, "error %d", code);
        set_error(err, offset, (const char *)msg);
        filter_free(f);
        return code == PCRE2_ERROR_NOMEMORY ? PGN_ENOMEM : PGN_EINVAL;
    }
    f->jit = pcre2_jit_compile(f->code, PCRE2_JIT_COMPLETE) == 0;
    f->md = pcre2_match_data_create(1, NULL);
    f->mctx = pcre2_match_context_create(NULL);
    if (!f->md || !f->mctx) {
        filter_free(f);
        return PGN_ENOMEM;
    }
    pcre2_set_match_limit(f->mctx, limit ? (uint32_t)(limit > UINT32_MAX ? UINT32_MAX : limit)
                                         : FILTER_DEFAULT_LIMIT);
    pcre2_set_depth_limit(f->mctx, DEPTH_LIMIT);
    pcre2_set_heap_limit(f->mctx, HEAP_LIMIT_KIB);
    if (f->jit) {
        f->jit_stack = pcre2_jit_stack_create(JIT_STACK_START, JIT_STACK_MAX, NULL);
        if (f->jit_stack)
            pcre2_jit_stack_assign(f->mctx, NULL, f->jit_stack);
    }
    *out = f;
    return PGN_OK;
}

int filter_match(struct filter *f, const char *s, size_t len)
{
    int rc = pcre2_match(f->code, (PCRE2_SPTR)s, len, 0, PCRE2_NO_UTF_CHECK, f->md, f->mctx);
    if (rc >= 0)
        return 1;
    if (rc != PCRE2_ERROR_NOMATCH)
        f->limit_hits++; /* match, depth, heap or JIT stack limit (or no memory): give up */
    return 0;
}

uint64_t filter_limit_hits(const struct filter *f) { return f->limit_hits; }

const char *filter_pattern(const struct filter *f) { return f->pattern; }

int filter_is_jit(const struct filter *f) { return f->jit; }

void filter_free(struct filter *f)
{
    if (!f)
        return;
    pcre2_code_free(f->code);
    pcre2_match_data_free(f->md);
    pcre2_match_context_free(f->mctx);
    pcre2_jit_stack_free(f->jit_stack);
    free(f->pattern);
    free(f);
}
