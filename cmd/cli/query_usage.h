/* query_usage.h - the usage lines of the search criteria, as the command line offers them. */
/* SPDX-License-Identifier: MIT */
#ifndef CMD_QUERY_USAGE_H
#define CMD_QUERY_USAGE_H

#include <stdio.h>
#include "query/search_query.h"

/**
 * Prints to f the section heading and the usage line that go at criterion
 * (enum search_criterion), if it has them; nothing for another number.
 */
void query_usage_print(FILE *f, int criterion);

#endif
