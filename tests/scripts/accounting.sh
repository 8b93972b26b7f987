#!/bin/sh
# accounting.sh - no subcommand loses a game: on a mixed input (every broken and
# hostile sample plus the sample database), games in = games out + games reported,
# for validate, convert, search, stats and annotate. The number of games in comes
# from validate, whose count validate_accounting.sh proves byte for byte; the number
# out is counted by reading the output back.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
cat testdata/broken/*.pgn testdata/hostile/*.pgn testdata/sample.pgn >"$tmp/in.pgn"

# summary FILE: "games valid invalid skipped" from validate's summary line.
summary() {
    "$PGNKIT" validate "$1" 2>&1 >/dev/null | sed -n \
        's/^\([0-9]*\) games: \([0-9]*\) valid, \([0-9]*\) invalid\(, \([0-9]*\) skipped\)*.*/\1 \2 \3 \5/p'
}
expect() { # expect WHAT GOT WANT
    if [ "$2" != "$3" ]; then
        echo "$1: $2, expected $3"
        fail=1
    fi
}
set -- $(summary "$tmp/in.pgn")
games=$1 valid=$2 invalid=$3 skipped=${4:-0}
[ "$games" -gt 100 ] && [ "$invalid" -gt 10 ] && [ "$skipped" -ge 1 ] ||
    { echo "the mixed input should hold many games, invalid ones and a variant"; exit 1; }

for jobs in 1 2; do
    # convert: replayed games are written, the others reported and counted.
    "$PGNKIT" convert -j "$jobs" "$tmp/in.pgn" >"$tmp/conv.pgn" 2>"$tmp/conv.err"
    line=$(tail -n 1 "$tmp/conv.err")
    set -- $(echo "$line" | sed -n \
        's/^\([0-9]*\) games: \([0-9]*\) converted, \([0-9]*\) invalid (skipped), \([0-9]*\) variants.*/\1 \2 \3 \4/p')
    expect "convert -j$jobs summary '$line'" "${1:-} ${2:-} ${3:-} ${4:-}" \
        "$games $valid $invalid $skipped"
    reported=$(grep -c ': error: ' "$tmp/conv.err")
    expect "convert -j$jobs errors reported" "$reported" "$invalid"
    set -- $(summary "$tmp/conv.pgn")
    expect "convert -j$jobs games written" "${1:-none}" "$valid"
    n=$("$PGNKIT" convert -j "$jobs" --format ndjson "$tmp/in.pgn" 2>/dev/null | wc -l)
    expect "convert -j$jobs ndjson lines" "$n" "$valid"

    # search: the selected games and the rest (-v) add up, for a tag criterion and
    # for one that needs the replay (invalid games are not checkmates).
    for crit in "--white A" "--checkmate" "--result 1-0"; do
        # shellcheck disable=SC2086
        a=$("$PGNKIT" search -j "$jobs" -c $crit "$tmp/in.pgn")
        # shellcheck disable=SC2086
        b=$("$PGNKIT" search -j "$jobs" -c -v $crit "$tmp/in.pgn")
        expect "search -j$jobs $crit: selected + rest" "$((a + b))" "$games"
        # shellcheck disable=SC2086
        "$PGNKIT" search -j "$jobs" $crit "$tmp/in.pgn" >"$tmp/sel.pgn"
        # shellcheck disable=SC2086
        "$PGNKIT" search -j "$jobs" -v $crit "$tmp/in.pgn" >"$tmp/rest.pgn"
        set -- $(summary "$tmp/sel.pgn")
        expect "search -j$jobs $crit: games printed" "${1:-0}" "$a"
        # Printed byte for byte: both parts hold every line of the input.
        sort "$tmp/in.pgn" >"$tmp/a"
        cat "$tmp/sel.pgn" "$tmp/rest.pgn" | sort >"$tmp/b"
        cmp -s "$tmp/a" "$tmp/b" || { echo "search -j$jobs $crit: lines lost or added"; fail=1; }
    done

    # stats: every game is counted once.
    set -- $("$PGNKIT" stats -j "$jobs" "$tmp/in.pgn" 2>/dev/null |
        awk '$1 == "all" { a = $2 } $1 == "valid" { v = $2 } $1 == "invalid" { i = $2 }
             END { print a, v, i }')
    expect "stats -j$jobs all/valid/invalid" "$*" "$games $valid $invalid"

    # annotate: every game is written, the invalid ones unchanged, and reported.
    "$PGNKIT" annotate -j "$jobs" --eco "$tmp/in.pgn" >"$tmp/ann.pgn" 2>"$tmp/ann.err"
    set -- $(summary "$tmp/ann.pgn")
    expect "annotate -j$jobs games written/valid/invalid" "${1:-} ${2:-} ${3:-}" \
        "$games $valid $invalid"
    reported=$(grep -c ': error: ' "$tmp/ann.err")
    expect "annotate -j$jobs errors reported" "$reported" "$invalid"
done
[ $fail = 0 ] && echo "$games games accounted for in every subcommand ($valid valid, $invalid invalid, $skipped variant)"
exit $fail
