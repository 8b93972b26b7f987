#!/bin/sh
# serve_browser.sh - the explorer page of `pgnkit serve` in headless Chromium: it
# loads, two clicks on the first move row go two moves deep (1. e4 e5 on
# testdata/sample.pgn, the most played moves), and the counts on screen are those
# `pgnkit stats --tree` gives on the scan; no console message; a screenshot is kept
# in the build folder (serve-explorer.png).
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need chromium chromium chromium-browser
chromium=$need_path
need python3 python3-dev # (python3-dev, which .ci/deps installs, brings python3)
python=$need_path
. tests/scripts/serve.inc
status=0
fail() { echo "serve_browser.sh: $*"; status=1; }

serve_sample serve_browser.sh
# #click=2: the page clicks its first move row, and again once the answer is drawn.
page="http://127.0.0.1:$serve_port/#click=2"
browse() { # browse OUT CHROMIUM-OPTION...
    out=$1
    shift
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
        --enable-logging=stderr --v=0 --window-size=900,900 --virtual-time-budget=20000 "$@" \
        "$page" 2>"$out.log"
}
browse "$tmp/dom" --dump-dom >"$tmp/dom"
shot=$(dirname "$PGNKIT")/serve-explorer.png
rm -f "$shot"
browse "$tmp/shot" --screenshot="$shot" >/dev/null
if ! [ -s "$shot" ] || [ "$(head -c 4 "$shot" | od -An -c | tr -d ' ')" != "211PNG" ]; then
    fail "no PNG screenshot"
fi
if grep -i 'CONSOLE\|Uncaught' "$tmp/dom.log" "$tmp/shot.log"; then
    fail "console messages (above)"
fi

grep -q 'data-loaded="2"' "$tmp/dom" || fail "the page did not go two moves deep"
line=$(sed -n 's/.*<span id="line">\([^<]*\)<.*/\1/p' "$tmp/dom")
[ "$line" = "e4 e5" ] || fail "the line on screen is '$line', expected 'e4 e5'"

# What the screen shows: the total line and each move row (SAN, data-games, games cell).
{
    sed -n 's/.*<p id="total" data-games="[0-9]*">\([0-9]*\) games: \([0-9]*\) \/ \([0-9]*\) \/ \([0-9]*\)<.*/total \1 \2 \3 \4/p' "$tmp/dom"
    tr '\n' ' ' <"$tmp/dom" | sed 's/<tr class="move"/\n&/g' |
        sed -n 's/^<tr class="move" data-uci="[^"]*" data-games="\([0-9]*\)"><td class="san">\([^<]*\)<\/td><td class="games">\([0-9]*\)<\/td>.*/\2 \1 \3/p' | sort
} >"$tmp/screen"
# What stats counts after 1. e4 e5 (decided games: the explorer counts no others).
"$PGNKIT" stats --tree --format json --moves "1. e4 e5" "$tmp/sample.pgn" >"$tmp/stats.json"
"$python" - "$tmp/stats.json" >"$tmp/want" <<'PY'
import json, sys
nodes = json.load(open(sys.argv[1]))["moves"]
r = nodes[""]
print("total %d %d %d %d" % (r["white"] + r["draws"] + r["black"], r["white"], r["draws"], r["black"]))
rows = []
for k, v in nodes.items():
    n = v["white"] + v["draws"] + v["black"]
    if k and n:
        rows.append("%s %d %d" % (k, n, n))
print("\n".join(sorted(rows)))
PY
if ! cmp -s "$tmp/want" "$tmp/screen"; then
    fail "the counts on screen differ from stats --tree:"
    diff "$tmp/want" "$tmp/screen" | head -n 10
fi
serve_stop
serve_pid=
[ $status = 0 ] && echo "serve_browser.sh: two clicks deep, counts as stats gives them; screenshot in $shot"
exit $status
