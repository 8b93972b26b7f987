#!/bin/sh
# output_pgn_extract.sh - pgn-extract as a second opinion on the output options
# that share its ideas (issue 24): the same files from --split-every and
# --split-by eco:LEN as from -# and -E. Skipped when pgn-extract is missing.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
pgn_extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null)
if [ -z "$pgn_extract" ]; then
    echo "pgn-extract not installed: skipped"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "$*"; status=1; }

# The files of a folder, each with its games' White-Black-Date, one a line.
games_of() {
    (cd "$1" && for f in *; do
        echo "== $f"
        sed -n 's/^\[\(White\|Black\|Date\) "\(.*\)"\]\r*$/\2/p' "$f" | paste -d'|' - - -
    done)
}

# 1. Splitting. pgn-extract 19.04 cannot read the German game of sample.pgn
# and makes two broken games of it (into noeco.pgn): the first 38 games only.
awk '/^\[Event / { n++ } n <= 38' testdata/sample.pgn >"$tmp/in.pgn"
for split in "-#10:--split-every 10" "-E1:--split-by eco:1" "-E2:--split-by eco:2" \
    "-E3:--split-by eco"; do
    theirs=${split%%:*} ours=${split#*:}
    rm -rf "$tmp/a" "$tmp/b"
    mkdir "$tmp/a" "$tmp/b"
    (cd "$tmp/a" && "$pgn_extract" -s "$theirs" ../in.pgn >/dev/null 2>&1)
    # shellcheck disable=SC2086
    "$PGNKIT" convert -q $ours --split-name "$tmp/b/{}.pgn" "$tmp/in.pgn"
    games_of "$tmp/a" >"$tmp/a.txt"
    games_of "$tmp/b" >"$tmp/b.txt"
    cmp -s "$tmp/a.txt" "$tmp/b.txt" || { fail "$ours and pgn-extract $theirs differ:"; diff "$tmp/a.txt" "$tmp/b.txt" | head; }
    [ "$(grep -c '^== ' "$tmp/b.txt")" -gt 1 ] || fail "$ours: one file"
done
exit $status
