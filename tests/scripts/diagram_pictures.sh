#!/bin/sh
# diagram_pictures.sh - diagram's pictures keep the promises of their man page,
# measured in a real browser (headless Chromium): every <text> of every board
# caption and graph lies inside its SVG's viewBox (getBBox(), the font's own
# widths), so long names and events are shortened, wrapped or made smaller,
# never cut; the --graph SVG has its axes, ticks, units, zero line, move
# numbers, legend and mate markers (xmllint); the pictures load with no
# console message, and screenshots are kept under the build folder.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need xmllint libxml2-utils
need chromium chromium chromium-browser
chromium=$need_path
keep=$(cd "$(dirname "$PGNKIT")" && pwd)/screenshots
mkdir -p "$keep"
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "diagram_pictures.sh: $*"; status=1; }

d=$tmp/svg && mkdir "$d"
"$PGNKIT" diagram -o "$d/long" testdata/diagram/long-names.pgn || fail "diagram long-names"
"$PGNKIT" diagram --no-coordinates --flip -o "$d/flip" testdata/diagram/long-names.pgn || fail "--flip"
"$PGNKIT" diagram --lang ru --ply 9 -o "$d/ru" testdata/sample.pgn 2>/dev/null || fail "--lang ru"
"$PGNKIT" diagram --lang de -o "$d/de" testdata/diagram/arrows.pgn || fail "--lang de"
"$PGNKIT" diagram --graph -o "$d/graph" testdata/annotate/lichess-evals.pgn \
    testdata/diagram/graph-mate.pgn testdata/diagram/long-names.pgn 2>/dev/null
"$PGNKIT" diagram --graph testdata/annotate/lichess-evals.pgn >"$tmp/graph.svg" || fail "--graph"
"$PGNKIT" diagram --graph testdata/diagram/graph-mate.pgn >"$tmp/mate.svg" || fail "--graph mate"

# 1. The graph's parts, by structure.
x() { xmllint --xpath "$2" "$1" 2>/dev/null; }
for f in "$tmp/graph.svg" "$tmp/mate.svg"; do
    xmllint --noout "$f" || fail "$f: not well-formed"
    for g in eval-axis clock-axis move-axis legend; do
        [ "$(x "$f" "count(//*[local-name()='g'][@class='$g'])")" = 1 ] || fail "${f##*/}: no $g"
    done
    for g in eval-axis clock-axis move-axis; do
        n=$(x "$f" "count(//*[local-name()='g'][@class='$g']/*[local-name()='line'][@class='tick'])")
        [ "${n:-0}" -ge 3 ] || fail "${f##*/}: $g has ${n:-0} ticks"
    done
    [ "$(x "$f" "count(//*[local-name()='line'][@class='zero-line'])")" = 1 ] || fail "${f##*/}: no zero line"
    [ "$(x "$f" "string(//*[local-name()='g'][@class='eval-axis']/*[@class='unit'])")" = pawns ] ||
        fail "${f##*/}: the evaluation axis has no unit"
    legend=$(x "$f" "string(//*[local-name()='g'][@class='legend'])")
    for name in "evaluation" "White's clock" "Black's clock"; do
        case $legend in *"$name"*) ;; *) fail "${f##*/}: the legend does not name $name" ;; esac
    done
done
# Clocks of 30 seconds are in seconds, of 10 minutes in minutes; lichess-evals is 300+0
# bullet started at 0:00:30, the mate game is a rapid game.
[ "$(x "$tmp/graph.svg" "string(//*[local-name()='g'][@class='clock-axis']/*[@class='unit'])")" = seconds ] ||
    fail "graph.svg: the clock axis is not in seconds"
[ "$(x "$tmp/mate.svg" "string(//*[local-name()='g'][@class='clock-axis']/*[@class='unit'])")" = minutes ] ||
    fail "mate.svg: the clock axis is not in minutes"
# Move numbers: the mate game starts at 30... (its FEN), so its ticks are 31 to 34.
ticks=$(x "$tmp/mate.svg" "//*[local-name()='g'][@class='move-axis']/*[@class='tick-label']/text()" | tr '\n' ' ')
[ "$ticks" = "31 32 33 34 " ] || fail "mate.svg: move numbers '$ticks', expected 31 to 34"
ticks=$(x "$tmp/graph.svg" "//*[local-name()='g'][@class='move-axis']/*[@class='tick-label']/text()" | tr '\n' ' ')
[ "$ticks" = "2 4 6 8 10 12 " ] || fail "graph.svg: move numbers '$ticks'"
# Three mates (#4, #3 for White, #-2 for Black), each on its edge of the plot.
top=$(x "$tmp/mate.svg" "string(//*[@class='plot']/@y)")
[ "$(x "$tmp/mate.svg" "count(//*[@class='mate'])")" = 3 ] || fail "mate.svg: not 3 mate markers"
[ "$(x "$tmp/mate.svg" "count(//*[@class='mate'][@cy='$top'])")" = 2 ] || fail "mate.svg: White's mates not at the top edge"
cp "$tmp/mate.svg" "$keep/diagram-graph-mate.svg"

# 2. In the browser: every text inside its picture's viewBox, no console message.
{
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>pictures</title></head><body>'
    for f in "$d"/*/*.svg "$tmp/graph.svg" "$tmp/mate.svg"; do
        printf '<div data-file="%s">' "${f#"$d"/}"
        sed '1s/^<?xml[^>]*>//' "$f"
        echo '</div>'
    done
    cat <<'JS'
<script>
(function(){var bad=[],n=0;document.querySelectorAll("div[data-file]").forEach(function(d){
var svg=d.querySelector("svg"),v=svg.viewBox.baseVal;svg.querySelectorAll("text").forEach(function(t){
n++;var b=t.getBBox();if(b.x<v.x-0.5||b.y<v.y-0.5||b.x+b.width>v.x+v.width+0.5||b.y+b.height>v.y+v.height+0.5)
bad.push(d.dataset.file+":"+t.textContent.slice(0,30)+"@"+[b.x,b.y,b.width,b.height].map(Math.round).join(","));});});
document.body.setAttribute("data-check",bad.length?"bad "+bad.join(" | "):"ok "+n);})();
</script></body></html>
JS
} >"$tmp/pictures.html"
run() { timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
        --enable-logging=stderr --v=0 "$@"; }
run --dump-dom "file://$tmp/pictures.html" >"$tmp/dom" 2>"$tmp/dom.log"
check=$(sed -n 's/.*<body[^>]*data-check="\([^"]*\)".*/\1/p' "$tmp/dom" | head -n 1)
case $check in
"ok "*) texts=${check#ok } ;;
*) fail "text outside its picture: '${check:-no result}'" ;;
esac
run --window-size=700,1400 --screenshot="$keep/diagram-pictures.png" "file://$tmp/pictures.html" \
    >/dev/null 2>"$tmp/shot.log"
run --window-size=660,330 --screenshot="$keep/diagram-graph.png" "file://$tmp/graph.svg" \
    >/dev/null 2>"$tmp/graph.log"
for png in diagram-pictures diagram-graph; do
    [ "$(head -c 4 "$keep/$png.png" 2>/dev/null | od -An -c | tr -d ' ')" = "211PNG" ] ||
        fail "no screenshot $png.png"
done
if grep -i 'CONSOLE\|Uncaught' "$tmp/dom.log" "$tmp/shot.log" "$tmp/graph.log"; then
    fail "console messages (above)"
fi
[ $status = 0 ] && echo "diagram_pictures.sh: ${texts:-0} texts inside their pictures; screenshots in $keep"
exit $status
