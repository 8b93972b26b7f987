#!/bin/sh
# stats_lang.sh - `stats --lang L` writes the tree's moves in L's SAN, in the text, TSV
# and HTML reports, for every language: the English TSV tree with its piece letters
# swapped by the table below (written by hand from each language's chess books, not
# from pgnkit's) must be the tree that --lang writes, with the same figures.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need xmllint libxml2-utils
PGNKIT=${PGNKIT:-build/pgnkit}
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "stats_lang.sh: $*"; status=1; }

# language  king queen rook bishop knight
letters='de K D T L S
fr R D T F C
es R D T A C
it R D T A C
pt R D T B C
nl K D T L P
sv K D T L S
da K D T L S
no K D T L S
fi K D T L R
pl K H W G S
cs K D V S J
hu K V B F H
ro R D T N C
ru Кр Ф Л С К
en K Q R B N'

# Twelve moves deep, the tree has moves of every piece (checked below).
input=testdata/stats/small.pgn
"$PGNKIT" stats --tree --depth 12 --format tsv "$input" testdata/sample.pgn >"$tmp/en.tsv" || fail "en"
for piece in K Q R B N; do
    cut -f 1 "$tmp/en.tsv" | grep -q "\(^\| \)$piece[a-h1-8x]*[a-h][1-8]" || fail "no $piece move in the tree"
done
echo "$letters" | while read -r lang k q r b n; do
    # The oracle: each English piece letter of the move column swapped, one character at a time.
    awk -F '\t' -v OFS='\t' -v K="$k" -v Q="$q" -v R="$r" -v B="$b" -v N="$n" 'NR > 1 {
        m = $1; out = ""
        for (i = 1; i <= length(m); i++) {
            c = substr(m, i, 1)
            if (c == "K") c = K; else if (c == "Q") c = Q; else if (c == "R") c = R
            else if (c == "B") c = B; else if (c == "N") c = N
            out = out c
        }
        $1 = out; print
    }' "$tmp/en.tsv" >"$tmp/$lang.want"
    "$PGNKIT" stats --tree --depth 12 --format tsv --lang "$lang" "$input" testdata/sample.pgn |
        tail -n +2 >"$tmp/$lang.got" || echo "$lang: failed" >>"$tmp/failures"
    cmp -s "$tmp/$lang.want" "$tmp/$lang.got" || {
        echo "$lang: the TSV tree is not in $lang's SAN" >>"$tmp/failures"
        diff "$tmp/$lang.want" "$tmp/$lang.got" | head -n 4 >>"$tmp/failures"
    }
done
[ -s "$tmp/failures" ] && fail "$(cat "$tmp/failures")"

# German by hand, in the text tree and the HTML page: 1.Nf3 is 1.Sf3, 1...Nf6 is 1...Sf6.
"$PGNKIT" stats --tree --depth 2 --lang de testdata/stats/small.pgn >"$tmp/de.txt" || fail "de text"
grep -q '^Sf3 ' "$tmp/de.txt" && grep -q '^  Sf6 ' "$tmp/de.txt" || fail "text tree not German"
grep -q 'N[a-h][1-8]' "$tmp/de.txt" && fail "English knight moves in the German text tree"
"$PGNKIT" stats --tree --depth 2 --lang de --format html testdata/stats/small.pgn >"$tmp/de.html" ||
    fail "de html"
paths=$(xmllint --html --xpath '//tr/@data-path' "$tmp/de.html" 2>/dev/null | tr -d '\n')
case $paths in *'"Sf3 Sf6"'*) ;; *) fail "html tree not German: $paths" ;; esac
heads=$(xmllint --html --xpath '//section/h2/text()' "$tmp/de.html" 2>/dev/null | tr -d '\n')
case $heads in *'1. Sf3'*) ;; *) fail "html headings not German: $heads" ;; esac
case $paths$heads in *N[a-h][1-8]*) fail "English moves in the German page" ;; esac
# JSON stays English (it is merged and read by programs): --lang is refused there.
"$PGNKIT" stats --tree --lang de --format json testdata/stats/small.pgn >/dev/null 2>&1
[ $? = 2 ] || fail "--lang with --format json should be a usage error"
[ $status = 0 ] && echo "stats_lang.sh: 16 languages' trees and the German page checked"
exit $status
