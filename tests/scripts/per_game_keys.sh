#!/bin/sh
# per_game_keys.sh - work that per-game loops need once is done once, not per comparison.
# SPDX-License-Identifier: MIT
#
# Three loops run for every game written, matched or keyed, and each once
# redid per comparison or per game what one step before them gives:
#   - the export tag sort (lib/write/game_out_tags.c, sort_export) looked
#     up both names in the roster and took their strlen in every
#     comparison (pgn_export_tag_cmp); a tag's rank is now found once;
#   - --where comparisons (lib/query/where_eval.c) told a tag's number
#     reader from its name in every comparison (tagvalue_tag_number); the
#     parser now tells it once per operand (tagvalue_number_reader);
#   - the duplicate key of a game without moves (lib/query/dup_key.c,
#     put_tags) allocated its sorted tag list per game; it now sorts in
#     the key buffer's own room.
# Each check reads the function's body, from its definition to the first
# line that is a lone '}'.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
status=0

# body FILE FUNCTION: the lines of the function's definition.
body() {
    awk -v fn="$2" '
        index($0, fn "(") && /^[a-z]/ && !/;$/ { on = 1 }
        on { print }
        on && /^}$/ { exit }
    ' "$1"
}

# refuse FILE FUNCTION PATTERN WHY: FUNCTION of FILE must not match PATTERN.
refuse() {
    text=$(body "$1" "$2")
    if [ -z "$text" ]; then
        echo "FAIL: $1 has no function $2 (this test reads it)"
        status=1
    elif printf '%s\n' "$text" | grep -nE "$3" >/dev/null; then
        echo "FAIL: $1: $2 $4:"
        printf '%s\n' "$text" | grep -nE "$3" | sed 's/^/    /'
        status=1
    fi
}

refuse lib/write/game_out_tags.c sort_export 'pgn_export_tag_cmp|strlen' \
    'compares names through the roster or strlen per comparison'
refuse lib/query/where_eval.c compare 'tagvalue_tag_number|strcmp' \
    'tells a number reader from a tag name per comparison'
refuse lib/query/where_eval.c as_number 'tagvalue_tag_number|facts_field_tag|strcmp' \
    'tells a number reader from a tag name per value'
refuse lib/query/dup_key.c put_tags '\b(malloc|calloc|realloc|free)\(' \
    'allocates per game'
[ $status = 0 ] && echo "ok: sort keys, --where number readers and move-less keys computed once"
exit $status
