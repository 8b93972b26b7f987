#!/bin/sh
# convert_strict.sh - convert writes the export format that validate --strict
# checks. Every game of the real-game corpus that validate accepts, converted
# with the default options, passes validate --strict. The one finding let
# through is a movetext line that no layout can shorten: a single comment word,
# or a ';' comment (a comment holding '}'), longer than 79 characters by
# itself. The script decides that from the text, and checks the line lengths
# and the tag order itself too, without pgnkit.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "$*"; status=1; }

# Lines of out.pgn (ASCII only: bytes are characters) that no layout could
# cut: a ';' comment holding '}', or no space at all.
unbreakable() {
    case $1 in
        ';'*'}'*) return 0 ;;
        *' '*) return 1 ;;
    esac
    return 0
}

games=0
for f in testdata/corpus/*.pgn testdata/sample.pgn; do
    "$PGNKIT" validate -q --good "$tmp/good.pgn" "$f"
    "$PGNKIT" convert -q "$tmp/good.pgn" >"$tmp/out.pgn" || { fail "$f: convert failed"; continue; }
    want=$("$PGNKIT" validate "$f" 2>&1 >/dev/null | sed -n 's/^[0-9]* games*: \([0-9]*\) valid.*/\1/p')
    got=$(grep -c '^\[Event ' "$tmp/out.pgn")
    [ "$want" = "$got" ] || fail "$f: $want valid games, $got converted"
    games=$((games + got))

    # validate --strict: only notes, and over-long lines that cannot be cut.
    "$PGNKIT" validate --strict "$tmp/out.pgn" 2>/dev/null | grep -v ': note: ' >"$tmp/diags"
    while IFS= read -r d; do
        line=$(printf '%s\n' "$d" | sed -n 's/^[^:]*:\([0-9]*\):.*movetext line of [0-9]* characters.*/\1/p')
        if [ -n "$line" ] && unbreakable "$(sed -n "${line}p" "$tmp/out.pgn")"; then
            continue
        fi
        fail "$f: converted, not export format: $d"
    done <"$tmp/diags"

    # The same two rules, counted here: movetext lines under 80 characters
    # (ASCII lines: bytes are characters), and after the Seven Tag Roster the
    # tags in ASCII order of their names.
    LC_ALL=C awk 'length($0) > 79 && !/[\200-\377]/ && !/^\[[A-Za-z0-9_]+ "/ { print NR }' "$tmp/out.pgn" |
    while read -r n; do
        unbreakable "$(sed -n "${n}p" "$tmp/out.pgn")" ||
            echo "$f: converted, line $n has more than 79 characters"
    done >"$tmp/long"
    [ -s "$tmp/long" ] && fail "$(cat "$tmp/long")"
    LC_ALL=C awk '
        /^\[[A-Za-z0-9_]+ "/ { n++; name = substr($1, 2)
                if (n <= 7 && name != roster[n]) { print FILENAME ":" NR ": tag " name " in the roster place of " roster[n] }
                if (n > 8 && name < last) { print FILENAME ":" NR ": tag " name " after " last }
                if (n > 7) last = name; next }
        { n = 0; last = "" }
        BEGIN { split("Event Site Date Round White Black Result", roster, " ") }
    ' "$tmp/out.pgn" >"$tmp/order"
    [ -s "$tmp/order" ] && fail "$f: $(head -n 3 "$tmp/order")"
done
[ "$games" -gt 400 ] || fail "only $games games checked"
echo "$games games converted to export format"
exit $status
