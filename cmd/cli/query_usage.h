/* query_usage.h - how -h shows the search criteria: their order, sections, argument names and help. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_QUERY_USAGE_H
#define CMD_QUERY_USAGE_H

#include <stddef.h>
#include "query/search_query.h"

/*
 * A criterion's option in the selection group (query_opts.c builds the
 * entries): its name is the criterion's (search_criterion_info()), the
 * rest is how -h shows it. Rows are in the order of -h; every criterion
 * has one row, and the row of QUERY_USAGE_ICASE stands for -i.
 */
enum { QUERY_USAGE_ICASE = -1 };

struct criterion_usage {
    int criterion;        /* enum search_criterion, or QUERY_USAGE_ICASE */
    const char *section;  /* a heading shown before it, or NULL */
    const char *arg_name; /* its argument's name; NULL when it takes none */
    const char *help;     /* NULL: shown on the line before (OPTION_SAME_LINE) */
};

/** The rows, n of them: SQ_CRITERION_COUNT + 1. */
const struct criterion_usage *query_usage_rows(size_t *n);

#endif
