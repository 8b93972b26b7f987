#!/bin/sh
# search_marks_pgn_extract.sh - pgn-extract as a second opinion on search's
# marks (issue 24): --mark-matches puts its comment after the same moves as
# pgn-extract's --markmatches for the positions after lines of moves (-x,
# --positions-file) and Polyglot keys (-H, --polyglot-key), and --match-tag
# gives the same MaterialMatch tag as --addmatchtag with -z
# (--material-either) on the games both select. Skipped when pgn-extract is
# missing.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
. tests/scripts/pgn_extract.inc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "$*"; status=1; }

# pgn-extract 19.04 cannot read the German game of sample.pgn: the first 38
# games, without their comments, so that the marks are the only comments.
awk '/^\[Event / { n++ } n <= 38' testdata/sample.pgn >"$tmp/all.pgn"
"$PGNKIT" convert -q --strip comments "$tmp/all.pgn" >"$tmp/in.pgn"

# The movetext of each game, one token a line, move numbers and NAGs left out.
tokens() {
    "$PGNKIT" convert -q --no-move-numbers --strip nags,variations |
        grep -v '^\[[A-Za-z0-9_]* "' | tr '\n\r' '  ' | sed 's/{ */{/g; s/ *}/}/g' | tr -s ' ' '\n'
}
same() { # label, pgn-extract's output, ours
    cmp -s "$2" "$3" || { fail "$1: ours and pgn-extract's differ:"; diff "$2" "$3" | head; }
    grep -q '{MATCHED}' "$3" || fail "$1: no mark compared"
}

# 1. Positions after lines of moves, one of them reached only by transposition.
printf 'e4 c5\nd4 d5 c4\nNf3 d5 d4\ne4 e6 d4 d5 Nc3\n' >"$tmp/lines.txt"
"$pgn_extract" -s -x"$tmp/lines.txt" --markmatches MATCHED "$tmp/in.pgn" 2>/dev/null | tokens >"$tmp/a.txt"
"$PGNKIT" search --positions-file "$tmp/lines.txt" --mark-matches MATCHED "$tmp/in.pgn" | tokens >"$tmp/b.txt"
same "--positions-file" "$tmp/a.txt" "$tmp/b.txt"

# 2. A Polyglot key (after 1. e4 e5 2. Nf3 Nc6).
key=$(printf '1. e4 e5 2. Nf3 Nc6 *\n' | "$PGNKIT" annotate --hash 2>/dev/null |
    sed -n 's/^\[PolyglotKey "\(.*\)"\]\r*$/\1/p')
[ -n "$key" ] || fail "no Polyglot key from annotate --hash"
"$pgn_extract" -s -H"$key" --markmatches MATCHED "$tmp/in.pgn" 2>/dev/null | tokens >"$tmp/a.txt"
"$PGNKIT" search --polyglot-key "$key" --mark-matches MATCHED "$tmp/in.pgn" | tokens >"$tmp/b.txt"
same "--polyglot-key" "$tmp/a.txt" "$tmp/b.txt"

# 3. MaterialMatch: White when the pattern fits as written, Black when swapped.
# The two tools decide how long material must last differently, so only the
# games both select are compared.
tags() { grep -E '^\[(Event|Round|White|MaterialMatch) ' | paste -d'|' - - - - | sort; }
printf 'q*r2b*n*p* q*r1b*n*p*\n' >"$tmp/material.txt"
"$pgn_extract" -s -z"$tmp/material.txt" --addmatchtag "$tmp/in.pgn" 2>/dev/null | tags >"$tmp/a.txt"
"$PGNKIT" search --material-either 'KQ*R2B*N*P*:KQ*RB*N*P*' --match-tag "$tmp/in.pgn" | tags >"$tmp/b.txt"
sed 's/|\[MaterialMatch.*//' "$tmp/a.txt" | sort >"$tmp/a.keys"
sed 's/|\[MaterialMatch.*//' "$tmp/b.txt" | sort >"$tmp/b.keys"
comm -12 "$tmp/a.keys" "$tmp/b.keys" >"$tmp/both"
grep -F -f "$tmp/both" "$tmp/a.txt" >"$tmp/a.both"
grep -F -f "$tmp/both" "$tmp/b.txt" >"$tmp/b.both"
cmp -s "$tmp/a.both" "$tmp/b.both" || { fail "--match-tag: ours and pgn-extract's differ:"; diff "$tmp/a.both" "$tmp/b.both" | head; }
grep -q 'MaterialMatch "Black"' "$tmp/b.both" && grep -q 'MaterialMatch "White"' "$tmp/b.both" ||
    fail "--match-tag: White and Black not both compared"

[ $status = 0 ] && echo "search_marks_pgn_extract: marks as pgn-extract's"
exit $status
