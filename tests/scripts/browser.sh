#!/bin/sh
# browser.sh - every kind of page pgnkit draws loads in a real browser (headless
# Chromium) without console errors, is screenshot, and has the structure it claims:
# every tree move with its numbers, and bars whose drawn widths are their percentages.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need chromium chromium chromium-browser
chromium=$need_path
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "browser.sh: $*"; status=1; }

browse() { # browse MODE FILE OUT: MODE screenshot or dom
    set -- "$1" "$2" "$3"
    if [ "$1" = screenshot ]; then
        timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
            --enable-logging=stderr --v=0 --window-size=800,1000 --screenshot="$3" \
            "file://$2" >/dev/null 2>"$3.log"
    else
        timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
            --enable-logging=stderr --v=0 --dump-dom "file://$2" >"$3" 2>"$3.log"
    fi
}

# Each bar's segments, as laid out, must be their data-pct share of the bar (within a
# percentage point); the result goes into the DOM for --dump-dom to show.
measure='<script>
(function(){var bad=[],n=0;document.querySelectorAll(".bar").forEach(function(b){
var w=b.clientWidth;b.querySelectorAll("span").forEach(function(s){n++;
var want=parseFloat(s.dataset.pct),got=100*s.getBoundingClientRect().width/w;
if(!(Math.abs(got-want)<=1))bad.push(want+"/"+got.toFixed(1));});});
document.body.setAttribute("data-check",bad.length?"bad "+bad.join(" "):"ok "+n);})();
</script>'

check_page() { # check_page NAME FILE: loads, no console errors, a PNG, bars as wide as said
    name=$1 page=$2
    browse screenshot "$page" "$tmp/$name.png"
    if ! [ -s "$tmp/$name.png" ] || [ "$(head -c 4 "$tmp/$name.png" | od -An -c | tr -d ' ')" != "211PNG" ]; then
        fail "$name: no PNG screenshot"; sed 's/^/    /' "$tmp/$name.png.log" | tail -5
    fi
    if grep -i 'CONSOLE\|Uncaught' "$tmp/$name.png.log"; then
        fail "$name: console messages (above)"
    fi
    # The measuring script goes in a copy, before </body>.
    awk -v m="$measure" '/<\/body>/ { print m } { print }' "$page" >"$tmp/$name.measured.html"
    browse dom "$tmp/$name.measured.html" "$tmp/$name.dom"
    check=$(sed -n 's/.*<body[^>]*data-check="\([^"]*\)".*/\1/p' "$tmp/$name.dom" | head -n 1)
    case $check in
    "ok "*) ;;
    *) fail "$name: bars not drawn as wide as their percentages: '${check:-no result}'" ;;
    esac
}

"$PGNKIT" stats --tree --depth 3 --format html testdata/sample.pgn >"$tmp/tree.html" || fail "stats --tree html"
"$PGNKIT" stats --openings --format html testdata/sample.pgn >"$tmp/openings.html" || fail "openings"
"$PGNKIT" stats --players --format html testdata/sample.pgn >"$tmp/players.html" || fail "players"
"$PGNKIT" stats --format html testdata/sample.pgn >"$tmp/summary.html" || fail "summary"
"$PGNKIT" diagram --page --ply all testdata/diagram/arrows.pgn >"$tmp/diagrams.html" || fail "diagram --page"
"$PGNKIT" diagram --graph --page testdata/annotate/lichess-evals.pgn >"$tmp/graph.html" || fail "graph"
for name in tree openings players summary diagrams graph; do
    check_page "$name" "$tmp/$name.html"
done

# Nothing is fetched: no reference leaves the page.
for f in "$tmp"/tree.html "$tmp"/openings.html "$tmp"/players.html "$tmp"/summary.html \
         "$tmp"/diagrams.html "$tmp"/graph.html; do
    if grep -o '\(href\|src\)="[^"]*"' "$f" | grep -v '="#' | grep -q .; then
        fail "$f refers outside itself"
    fi
done

# Every move of the tree (the TSV report's rows) is a row of the page with its numbers
# (the page groups them by position: compared in sorted order).
"$PGNKIT" stats --tree --depth 3 --format tsv testdata/sample.pgn | tail -n +2 |
    cut -f 1-6 | sort >"$tmp/tree.want"
{ tr '\n' ' ' <"$tmp/tree.dom"; echo; } | sed 's/<tr class="node"/\n&/g' | sed -n 's/^<tr class="node" data-depth="[0-9]*" data-games="\([0-9]*\)" data-path="\([^"]*\)">.*<td class="games">\([0-9]*\)<\/td><td class="share">\([0-9.]*\)<\/td><td class="white wide">\([0-9.]*\)<\/td><td class="draw wide">\([0-9.]*\)<\/td><td class="black wide">\([0-9.]*\)<\/td>.*/\2\t\3\t\4\t\5\t\6\t\7/p' \
    | sort >"$tmp/tree.got"
[ -s "$tmp/tree.want" ] || fail "the TSV tree is empty"
if ! cmp -s "$tmp/tree.want" "$tmp/tree.got"; then
    fail "the page's tree rows differ from the TSV report:"
    diff "$tmp/tree.want" "$tmp/tree.got" | head -n 10
fi
# The diagram page: one figure per position, each board with its 8x8 squares' pieces placed.
figures=$(grep -o '<figure>' "$tmp/diagrams.dom" | wc -l)
[ "$figures" -eq 13 ] || fail "diagram page: $figures figures, expected 13"
grep -q 'class="clock-white"' "$tmp/graph.dom" || fail "graph page: no clock line"
grep -q 'class="eval"' "$tmp/graph.dom" || fail "graph page: no evaluation area"
[ $status = 0 ] && echo "browser.sh: 6 pages loaded, screenshots taken, structure checked"
exit $status
