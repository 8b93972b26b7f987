#!/bin/sh
# output_pgn_extract.sh - pgn-extract as a second opinion on the output options
# that share its ideas (issue 24): the same files from --split-every and
# --split-by eco:LEN as from -# and -E; the same movetext, lines and tags
# as --nomovenumbers, --noresults, --nochecks, --commentlines, -R and
# --xroster, --totalplycount; --dropply, --dropbefore, --plylimit with
# --quiescent, --splitvariants; -Wlalg, -Whalg, -Welalg, -Wxlalg, -Wxolalg.
# Skipped when pgn-extract is missing.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/pgn_extract.inc
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

# The movetext one token a line: comments as {text} whatever their spaces.
tokens() {
    grep -v '^\[[A-Za-z0-9_]* "' | tr '\n\r' '  ' | sed 's/{ */{/g; s/ *}/}/g; s/(/( /g; s/)/ )/g' |
        tr -s ' ' '\n'
}
same() { # label, pgn-extract's output, ours
    cmp -s "$2" "$3" || { fail "$1: ours and pgn-extract's differ:"; diff "$2" "$3" | head; }
    [ -s "$3" ] || fail "$1: nothing compared"
}

# 2. Movetext without move numbers, results and check marks.
"$pgn_extract" -s --nomovenumbers --noresults --nochecks "$tmp/in.pgn" | tokens >"$tmp/a.txt"
"$PGNKIT" convert -q --no-move-numbers --no-results --no-checks "$tmp/in.pgn" | tokens >"$tmp/b.txt"
same "--no-move-numbers --no-results --no-checks" "$tmp/a.txt" "$tmp/b.txt"

# Comments on lines of their own: the same lines, without a width (pgn-extract
# puts a blank line after a comment before the first move, always).
lines() { grep -v '^\[[A-Za-z0-9_]* "' | sed 's/{ /{/g; s/ }/}/g' | grep -v '^$'; }
"$pgn_extract" -s -w1000 --commentlines "$tmp/in.pgn" | lines >"$tmp/a.txt"
"$PGNKIT" convert -q --width 0 --comment-lines "$tmp/in.pgn" | lines >"$tmp/b.txt"
same "--comment-lines" "$tmp/a.txt" "$tmp/b.txt"

# Tag order: the roster file's tags, and only them (pgnkit keeps FEN and
# SetUp and Variant, which the moves need); TotalPlyCount with the variations.
printf 'White\nBlack\nECO\nDate\n' >"$tmp/roster.txt"
"$pgn_extract" -s -R"$tmp/roster.txt" --xroster "$tmp/in.pgn" | grep '^\[[A-Za-z0-9_]* "' >"$tmp/a.txt"
"$PGNKIT" convert -q --tag-order "$tmp/roster.txt" --tag-order-only "$tmp/in.pgn" |
    grep '^\[[A-Za-z0-9_]* "' | grep -v '^\[\(FEN\|SetUp\|Variant\) ' >"$tmp/b.txt"
same "--tag-order --tag-order-only" "$tmp/a.txt" "$tmp/b.txt"
"$pgn_extract" -s --totalplycount "$tmp/in.pgn" | grep '^\[TotalPlyCount ' >"$tmp/a.txt"
"$PGNKIT" convert -q --total-ply-count "$tmp/in.pgn" | grep '^\[TotalPlyCount ' >"$tmp/b.txt"
same "--total-ply-count" "$tmp/a.txt" "$tmp/b.txt"

# 3. Plies dropped and kept: the same movetext and the same FEN of the new
# start (pgn-extract writes the en-passant square after every double step:
# --fen-style pgn). The games that start from a FEN are left out of
# --quiescent: pgn-extract's --plylimit counts their plies from move 1.
# pgnkit keeps a cut game's result where pgn-extract writes "*", and the
# variations of the moves kept in full: results and variations are left out.
fens() { sed -n 's/^\[FEN "\(.*\)"\]\r*$/\1/p'; }
for drop in 5 -5; do
    "$pgn_extract" -s --dropply "$drop" "$tmp/in.pgn" >"$tmp/a.pgn" 2>/dev/null
    "$PGNKIT" convert -q --fen-style pgn --drop-ply "$drop" "$tmp/in.pgn" >"$tmp/b.pgn"
    tokens <"$tmp/a.pgn" >"$tmp/a.txt"
    tokens <"$tmp/b.pgn" >"$tmp/b.txt"
    same "--drop-ply $drop" "$tmp/a.txt" "$tmp/b.txt"
    fens <"$tmp/a.pgn" >"$tmp/a.txt"
    fens <"$tmp/b.pgn" >"$tmp/b.txt"
    same "--drop-ply $drop: FEN" "$tmp/a.txt" "$tmp/b.txt"
done
printf '[Event "?"]\n[Result "*"]\n\n1. e4 e5 { drop } 2. Nf3 Nc6 3. Bb5 *\n' >"$tmp/drop.pgn"
"$pgn_extract" -s --dropbefore drop "$tmp/drop.pgn" | fens >"$tmp/a.txt"
"$PGNKIT" convert -q --fen-style pgn --drop-before drop "$tmp/drop.pgn" | fens >"$tmp/b.txt"
same "--drop-before" "$tmp/a.txt" "$tmp/b.txt"
awk '/^\[Event / { if (g != "" && g !~ /\[FEN /) printf "%s", g; g = "" } { g = g $0 "\n" }
     END { if (g !~ /\[FEN /) printf "%s", g }' "$tmp/in.pgn" >"$tmp/nofen.pgn"
for q in 0 2 5; do
    "$pgn_extract" -s -V --plylimit 20 --quiescent $q "$tmp/nofen.pgn" | tokens |
        grep -v '^\(1-0\|0-1\|1/2-1/2\|[*]\)$' >"$tmp/a.txt"
    "$PGNKIT" convert -q --strip variations --plies 20 --quiescent $q "$tmp/nofen.pgn" | tokens |
        grep -v '^\(1-0\|0-1\|1/2-1/2\|[*]\)$' >"$tmp/b.txt"
    same "--plies 20 --quiescent $q" "$tmp/a.txt" "$tmp/b.txt"
done

# 4. pgn-extract's long notations, move for move (the lines wrap apart).
for style in lalg halg elalg xlalg xolalg; do
    for f in testdata/notation/long-styles.pgn testdata/convert/otb_events_2019.en.pgn; do
        "$pgn_extract" -s -W$style "$f" 2>/dev/null | tokens >"$tmp/a.txt"
        "$PGNKIT" convert -q --notation $style "$f" | tokens >"$tmp/b.txt"
        same "--notation $style $f" "$tmp/a.txt" "$tmp/b.txt"
    done
done

# Variations as games of their own; the NAGs left out (pgn-extract puts a
# variation's comment before the NAG of the move it follows).
for depth in "" 1; do
    "$pgn_extract" -s --splitvariants $depth "$tmp/in.pgn" >"$tmp/a.txt" 2>/dev/null
    "$PGNKIT" convert -q --split-variations${depth:+=$depth} "$tmp/in.pgn" | tokens |
        grep -v '^[$]' >"$tmp/b.txt"
    tokens <"$tmp/a.txt" | grep -v '^[$]' >"$tmp/a2.txt"
    same "--split-variations${depth:+=$depth}" "$tmp/a2.txt" "$tmp/b.txt"
done
exit $status
