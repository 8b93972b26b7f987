#!/bin/sh
# html_stats.sh - the stats pages keep what they promise: every tree move that games go
# on from links to the table of its own position (and each link lands on a table of
# exactly that position's moves); the players' table has rating and performance and the
# summary terminations, events and scores, as the TSV reports count them; every column
# label survives printing (Chromium's PDF, read back with pdftotext). A screenshot and
# the PDF of each page are kept under BUILD/html-stats/.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need xmllint libxml2-utils
need pdftotext poppler-utils
need chromium chromium chromium-browser
chromium=$need_path
html_test=html-stats
. tests/scripts/html_pages.inc

"$PGNKIT" stats --tree --depth 3 --format html testdata/sample.pgn >"$tmp/tree.html" || fail "tree"
"$PGNKIT" stats --tree --depth 3 --format tsv testdata/sample.pgn | tail -n +2 >"$tmp/tree.tsv"

# ---- Links: each one lands on an id of the page ----
xpath '//a/@href' "$tmp/tree.html" | tr ' ' '\n' | sed -n 's/^href="#\(.*\)"$/\1/p' |
    sort -u >"$tmp/targets"
xpath '//@id' "$tmp/tree.html" | tr ' ' '\n' | sed -n 's/^id="\(.*\)"$/\1/p' | sort -u >"$tmp/ids"
[ -s "$tmp/targets" ] || fail "the tree of depth 3 has no links"
missing=$(comm -23 "$tmp/targets" "$tmp/ids")
[ -z "$missing" ] || fail "links to ids the page lacks: $missing"

# ---- Every move that games go on from (a TSV path that is the prefix of another)
# links to a table whose rows are exactly its next moves, as the TSV lists them ----
cut -f 1 "$tmp/tree.tsv" >"$tmp/paths"
parents=0
while IFS= read -r path; do
    grep -q "^$path " "$tmp/paths" || continue
    parents=$((parents + 1))
    target=$(xpath "string(//tr[@data-path='$path']/td[contains(@class,'move')]/a/@href)" "$tmp/tree.html")
    case $target in
    "#"?*) ;;
    *) fail "move '$path' goes on but has no link"; continue ;;
    esac
    id=${target#\#}
    xpath "//section[@id='$id']//tr/@data-path" "$tmp/tree.html" | tr '"' '\n' |
        grep -v '^ *data-path=$' | grep . | sort >"$tmp/got"
    depth=$(echo "$path" | awk '{ print NF + 1 }')
    awk -F '\t' -v p="$path " -v d="$depth" 'index($1, p) == 1 && split($1, w, " ") == d { print $1 }' \
        "$tmp/tree.tsv" | sort >"$tmp/want"
    cmp -s "$tmp/want" "$tmp/got" || fail "the table '$id' that '$path' links to is not its next moves"
done <"$tmp/paths"
[ "$parents" -gt 3 ] || fail "only $parents moves with a table: the test proves little"
# The rows' mover figures are the TSV's (score%, rating, opponents, performance).
awk -F '\t' '{ print $1 "\t" $7 "\t" ($8 == "" ? "-" : $8) "\t" ($9 == "" ? "-" : $9) "\t" ($10 == "" ? "-" : $10) }' \
    "$tmp/tree.tsv" | sort >"$tmp/mover.want"
tr '\n' ' ' <"$tmp/tree.html" | sed 's/<tr class="node"/\n&/g' |
    sed -n 's/.*data-path="\([^"]*\)".*<td class="score wide">\([^<]*\)<\/td><td class="elo wide">\([^<]*\)<\/td><td class="opp wide">\([^<]*\)<\/td><td class="perf wide">\([^<]*\)<\/td>.*/\1\t\2\t\3\t\4\t\5/p' |
    sort >"$tmp/mover.got"
cmp -s "$tmp/mover.want" "$tmp/mover.got" || { fail "mover figures differ from the TSV"; diff "$tmp/mover.want" "$tmp/mover.got" | head -5; }

# ---- The players' table: rating, opponents and performance as the TSV report ----
"$PGNKIT" stats --players --format html testdata/sample.pgn >"$tmp/players.html" || fail "players"
"$PGNKIT" stats --players --format tsv testdata/sample.pgn | tail -n +2 |
    awk -F '\t' '{ print $1 "\t" ($7 == "" ? "-" : $7) "\t" ($8 == "" ? "-" : $8) "\t" ($9 == "" ? "-" : $9) }' |
    sort >"$tmp/players.want"
tr '\n' ' ' <"$tmp/players.html" | sed 's/<tr data-games/\n&/g' |
    sed -n 's/^<tr data-games="[0-9]*"><td class="t">\([^<]*\)<\/td>.*<td class="elo">\([^<]*\)<\/td><td class="opp wide">\([^<]*\)<\/td><td class="perf">\([^<]*\)<\/td>.*/\1\t\2\t\3\t\4/p' |
    sed 's/&amp;/\&/g; s/&#39;/'"'"'/g' | sort >"$tmp/players.got"
[ -s "$tmp/players.want" ] || fail "no players in the TSV"
cmp -s "$tmp/players.want" "$tmp/players.got" || { fail "players' ratings and performance differ from the TSV"; diff "$tmp/players.want" "$tmp/players.got" | head -5; }

# ---- The summary: terminations and events with their games, scores ----
"$PGNKIT" stats --format html testdata/stats/small.pgn >"$tmp/summary.html" || fail "summary"
"$PGNKIT" stats --format tsv testdata/stats/small.pgn >"$tmp/summary.tsv"
for section in termination event; do
    awk -F '\t' -v s="$section" '$1 == s { print $2 "\t" $3 }' "$tmp/summary.tsv" | sort >"$tmp/$section.want"
    xpath "//table[@class='${section}s']//tr[@data-games]" "$tmp/summary.html" |
        sed -n 's/.*<td class="t">\([^<]*\)<\/td><td>\([0-9]*\)<\/td>.*/\1\t\2/p' | sort >"$tmp/$section.got"
    [ -s "$tmp/$section.want" ] || fail "no $section rows in the TSV"
    cmp -s "$tmp/$section.want" "$tmp/$section.got" || fail "the summary's ${section}s differ from the TSV"
done
# small.pgn by hand: results 1-0 x2, 0-1 x2, draws x3 (and one *): White 2+1.5 of 7 = 50.0%.
grep -q "White's score: 50.0%; Black's: 50.0% (of 7 games with a result)" "$tmp/summary.html" ||
    fail "the summary lacks the scores"

# ---- On paper: each page printed, every column label whole in the PDF's text ----
for page in tree players summary; do
    cp "$tmp/$page.html" "$keep/$page.html"
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
        --no-pdf-header-footer --print-to-pdf="$keep/$page.pdf" "file://$keep/$page.html" \
        >/dev/null 2>"$tmp/$page.log"
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
        --enable-logging=stderr --v=0 --window-size=1000,1400 --screenshot="$keep/$page.png" \
        "file://$keep/$page.html" >/dev/null 2>"$tmp/$page.png.log"
    [ -s "$keep/$page.png" ] || fail "$page: no screenshot"
    if grep -i 'CONSOLE\|Uncaught' "$tmp/$page.png.log"; then fail "$page: console messages"; fi
    pdftotext -raw "$keep/$page.pdf" "$tmp/$page.txt" || { fail "$page: no PDF"; continue; }
    tr -s ' \n' '  ' <"$tmp/$page.txt" >"$tmp/$page.flat"
    xpath '//th' "$tmp/$page.html" | sed 's/<\/th>/\n/g; s/<[^>]*>//g' | grep . | sort -u |
    while IFS= read -r label; do
        # A wrapped label comes back a word per line: each word must be there, whole.
        for word in $label; do
            grep -qF -- "$word" "$tmp/$page.flat" || echo "$page: '$word' of label '$label'"
        done
    done >"$tmp/$page.lost"
    [ -s "$tmp/$page.lost" ] && fail "labels lost in print: $(cat "$tmp/$page.lost")"
done
[ $status = 0 ] && echo "html_stats.sh: links, players, summary and print checked; pages kept in $keep"
exit $status
