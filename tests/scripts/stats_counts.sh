#!/bin/sh
# stats_counts.sh - stats figures checked against counts taken with grep/awk on the
# same file: games, results, White score, the Elo average, years.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0
f=testdata/sample.pgn
csv=$("$PGNKIT" stats --format csv "$f")
get() { echo "$csv" | awk -F, -v s="$1" -v k="$2" '$1 == s && $2 == k { print $3 }'; }
check() { [ "$2" = "$3" ] || { echo "$1: stats says '$2', expected '$3'"; status=1; }; }
check games "$(get games all)" "$(grep -c '^\[Event ' "$f")"
for r in 1-0 0-1 1/2-1/2; do
    check "result $r" "$(get result "$r")" "$(grep -c "^\[Result \"$r\"\]" "$f")"
done
w=$(grep -c '^\[Result "1-0"\]' "$f"); d=$(grep -c '^\[Result "1/2-1/2"\]' "$f")
b=$(grep -c '^\[Result "0-1"\]' "$f")
check "White score" "$(get score 'White score %')" \
    "$(awk -v w="$w" -v d="$d" -v b="$b" 'BEGIN { printf "%.1f", 100 * (w + d / 2) / (w + d + b) }')"
check "ratings" "$(get elo ratings)" "$(grep -cE '^\[(White|Black)Elo "[0-9]+"\]' "$f")"
check "Elo average" "$(get elo average)" "$(grep -E '^\[(White|Black)Elo "[0-9]+"\]' "$f" |
    awk -F'"' '{ s += $2; n++ } END { printf "%.1f", s / n }')"
for y in $(grep -oE '^\[Date "[0-9]{4}' "$f" | cut -c8- | sort -u); do
    check "year $y" "$(get year "$y")" "$(grep -cE "^\[Date \"$y" "$f")"
done
exit $status
