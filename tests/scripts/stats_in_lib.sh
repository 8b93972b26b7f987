#!/bin/sh
# stats_in_lib.sh - the statistics aggregate and its JSON live once, in lib/stats.
# SPDX-License-Identifier: MIT
#
# `pgnkit stats` and the library's pgnkit_stats_* functions count, merge and
# write JSON through the same code, so the two cannot drift apart: one
# aggregator (stats_agg_merge, which the CLI's workers and the handles both
# use), one JSON writer (the only code that spells the "pgnkit_stats" member)
# and one JSON reader (the only stats code that includes jansson). cmd/stats
# keeps the text, CSV and HTML rendering and the command itself.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
status=0

# only_in WHAT PLACE FILES...: FILES must be exactly PLACE.
only_in() {
    what=$1 place=$2; shift 2
    if [ "$*" != "$place" ]; then
        echo "$what: expected only in $place, found in: ${*:-nothing}"; status=1
    fi
}

only_in "the aggregator (stats_agg_merge defined)" lib/stats/stats_agg.c \
    $(grep -rlE --include='*.c' '^(int|void) stats_agg_merge\(' lib cmd)
only_in "the JSON writer (the \"pgnkit_stats\" member written)" lib/stats/stats_json.c \
    $(grep -rl '"{\\"pgnkit_stats\\":' lib cmd)
only_in "the JSON reader of stats (jansson)" lib/stats/stats_json_merge.c \
    $(grep -rl '#include <jansson.h>' lib/stats cmd/stats)

# The library's side of stats speaks in statuses: no message printed, no exit.
if grep -nE '\b(die|error|warning|xmalloc|xcalloc|xrealloc)\(' lib/stats/*.c lib/api/api_stats.c; then
    echo "lib/stats dies or prints (above): return a status"; status=1
fi
exit $status
