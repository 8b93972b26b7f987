/* reader_member.c - an archive's members read one after another, each under its own name. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "pgn/io.h"
#include "pgn/reader/reader_internal.h"
#include "base/banned.h"

/* A name the reader keeps until it is freed: games and diagnostics point at it. */
struct member_name {
    struct member_name *next;
    char text[];
};

/* "PREFIX:TEXT" (just TEXT without prefix), kept in r's list; NULL when out of memory. */
static char *kept_text(struct member_name **names, const char *prefix, const char *text)
{
    size_t a = prefix ? strlen(prefix) + 1 : 0, m = strlen(text);
    struct member_name *n = malloc(sizeof *n + a + m + 1);
    if (!n)
        return NULL;
    if (prefix) {
        memcpy(n->text, prefix, a - 1);
        n->text[a - 1] = ':';
    }
    memcpy(n->text + a, text, m + 1);
    n->next = *names;
    *names = n;
    return n->text;
}

/* "ARCHIVE:MEMBER", kept in r's list; NULL when out of memory. */
static char *member_display_name(struct pgn_reader *r, const char *member)
{
    return kept_text(&r->member_names, r->input_name ? r->input_name : r->name, member);
}

/* A message about a member, kept as long as the member's name. */
static char *member_text(struct member_name **names, const char *text)
{
    return kept_text(names, NULL, text);
}

/* The window and the counts as for a new input: lines, offsets and game numbers from 1. */
static void start_member(struct pgn_reader *r, char *name)
{
    if (!r->input_name)
        r->input_name = r->name;
    r->name = name;
    reader_window_restart(&r->win);
    r->status = r->skip_blank = 0;
    r->ngames = 0;
    r->lazy.active = 0;
    memset(&r->err, 0, sizeof r->err);
    r->err.file = r->name;
}

int pgn_reader_next_member(struct pgn_reader *r, const char **name)
{
    *name = NULL;
    if (r->status < 0)
        return r->status;
    char *member;
    int skipped;
    int rc = pgn_input_next_member(r->win.in, &member, &skipped);
    if (rc > 0 && skipped == 2) {
        /* The member just read is not PGN: member says why; r->name is still its name. */
        char *why = member_text(&r->member_names, member);
        free(member);
        if (why) {
            memset(&r->err, 0, sizeof r->err);
            r->err.file = r->name;
            r->err.code = PGN_EFORMAT;
            r->err.severity = PGN_SEV_ERROR;
            r->err.message = why;
            *name = r->name;
            return 3;
        }
        rc = PGN_ENOMEM;
    } else if (rc > 0) {
        char *full = member_display_name(r, member);
        free(member);
        if (!full)
            rc = PGN_ENOMEM;
        else if (skipped)
            rc = 2;
        else
            start_member(r, full);
        *name = full;
    }
    if (rc < 0) {
        r->status = rc;
        r->err.code = rc;
        r->err.severity = PGN_SEV_ERROR;
        r->err.line = 0;
        r->err.col = 0;
        r->err.message = rc == PGN_ENOMEM ? pgn_strerror(rc) : pgn_input_error(r->win.in);
    }
    return rc;
}

void reader_member_names_free(struct pgn_reader *r)
{
    while (r->member_names) {
        struct member_name *n = r->member_names;
        r->member_names = n->next;
        free(n);
    }
    if (r->input_name) {
        free(r->input_name);
        r->input_name = NULL;
        r->name = NULL;
    }
}
