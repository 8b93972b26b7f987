#!/bin/sh
# html_game.sh - `convert --format html` writes a page that holds what it promises:
# every game's main line (as the PGN writer spells it, in English and in German), its
# tags as text (escaped: no element comes from a game), its comments, its variations
# nested where they stand, a diagram at each [#] and at each --diagram-ply, the graph
# when the game has evaluations or clocks; --split-every 1 gives a page per game; the
# page loads in Chromium without a console message (a screenshot is kept under
# BUILD/html-game/).
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need xmllint libxml2-utils
need chromium chromium chromium-browser
chromium=$need_path
html_test=html-game
. tests/scripts/html_pages.inc

# ---- Every game's main line, move for move, as the PGN writer writes it ----
for input in testdata/html/games.pgn testdata/sample.pgn; do
    for lang in en de; do
        page=$tmp/page.$lang.html
        "$PGNKIT" convert -q --format html --lang "$lang" "$input" >"$page" || fail "$input $lang: convert"
        "$PGNKIT" convert -q --lang "$lang" --strip comments,variations,nags --no-move-numbers \
            --no-results --width 0 "$input" | grep -v '^\[' | grep . >"$tmp/want"
        games=$(wc -l <"$tmp/want")
        [ "$(count '//article' "$page")" = "$games" ] || fail "$input $lang: not $games articles"
        n=0
        for id in $(xpath '//article/@id' "$page" | sed 's/ *id="\([^"]*\)"/\1 /g'); do
            n=$((n + 1))
            got=$(xpath "//article[@id='$id']//span[@class='mv' and @data-depth='0']/text()" "$page" |
                  tr '\n' ' ' | sed 's/ $//')
            want=$(sed -n "${n}p" "$tmp/want" | sed 's/ $//')
            [ "$got" = "$want" ] || { fail "$input $lang game $id: moves differ"; echo "  want $want"; echo "  got  $got"; }
        done
        [ "$n" = "$games" ] || fail "$input $lang: $n games on the page, $games in the input"
    done
done
# German by hand: 3. Bc4 is 3. Lc4, 3... Qh4+ is 3... Dh4+.
"$PGNKIT" convert -q --format html --lang de testdata/html/games.pgn >"$tmp/de.html"
de=$(xpath "//article[@id='game-1']//span[@class='mv' and @data-depth='0']/text()" "$tmp/de.html" | tr '\n' ' ')
case $de in "e4 e5 f4 exf4 Lc4 Dh4+ Kf1 b5 Lxb5 Sf6 "*) ;; *) fail "German moves: $de" ;; esac
# The page says the language its moves are in; English is the default.
[ "$(xpath 'string(/html/@lang)' "$tmp/de.html")" = de ] || fail "a German page is not lang=\"de\""
[ "$(xpath 'string(/html/@lang)' "$tmp/page.en.html")" = en ] || fail "an English page is not lang=\"en\""

# ---- testdata/html/games.pgn, counted by hand ----
page=$tmp/games.html
"$PGNKIT" convert -q --format html testdata/html/games.pgn >"$page" || fail "convert"
cp "$page" "$keep/games.html"
[ "$(count '//script' "$page")" = 0 ] || fail "a game's text became a script element"
[ "$(count '//b' "$page")" = 0 ] || fail "a comment's text became a <b> element"
black=$(xpath "string(//article[@id='game-1']//table[@class='tags']//tr[th='Black']/td)" "$page")
[ "$black" = 'Kieseritzky <script>alert(1)</script>' ] || fail "Black tag not kept as text: '$black'"
event=$(xpath "string(//article[@id='game-1']//table[@class='tags']//tr[th='Event']/td)" "$page")
[ "$event" = 'Page <test> & "quotes"' ] || fail "Event tag not kept as text: '$event'"
[ "$(count "//article[@id='game-1']//table[@class='tags']//tr" "$page")" = 7 ] || fail "not 7 tags"
# Comments: the one before the moves, after 2...exf4 and after the variation's 4. h4.
comments=$(xpath "//article[@id='game-1']//span[@class='comment']" "$page" | sed 's/<[^>]*>//g' | tr '\n' '|')
[ "$comments" = "A short game &lt;b&gt;not bold&lt;/b&gt;.|The King's Gambit accepted |Kieseritzky's line|" ] ||
    [ "$comments" = "A short game &lt;b&gt;not bold&lt;/b&gt;.|The King&apos;s Gambit accepted |Kieseritzky&apos;s line|" ] ||
    fail "comments: $comments"
# Variations: (3. Nf3 g5 (3... d6 4. d4) 4. h4), the second inside the first.
[ "$(count "//article[@id='game-1']//span[@class='var']" "$page")" = 2 ] || fail "not 2 variations"
[ "$(count "//span[@class='var']//span[@class='var']//span[@class='mv']" "$page")" = 2 ] || fail "the nested variation lost its 2 moves"
var1=$(xpath "//article[@id='game-1']/div/span[@class='var']/span[@class='mv']/text()" "$page" | tr '\n' ' ')
[ "$var1" = "Nf3 g5 h4 " ] || fail "the first variation's own moves: '$var1'"
nag=$(xpath "//article[@id='game-1']//span[@class='nag']/text()" "$page" | tr '\n' ' ')
[ "$nag" = "! ? " ] || fail "NAGs \$1 and \$2: '$nag'"
# Diagrams: the two [#] of game 1; none in game 2, which has the graph instead.
[ "$(count "//article[@id='game-1']//figure[@class='diagram']" "$page")" = 2 ] || fail "game 1: not 2 diagrams"
[ "$(count "//article[@id='game-2']//figure[@class='diagram']" "$page")" = 0 ] || fail "game 2: a diagram"
[ "$(count "//article[@id='game-1']//figure[@class='graph']" "$page")" = 0 ] || fail "game 1: a graph"
[ "$(count "//article[@id='game-2']//figure[@class='graph']/*[local-name()='svg']" "$page")" = 1 ] || fail "game 2: no graph"
# Each diagram is the position after its move: 2...exf4 leaves a black pawn on f4 (rank 4).
first=$(xpath "(//article[@id='game-1']//figure[@class='diagram'])[1]" "$page")
case $first in *"after 2...exf4"*) ;; *) fail "the first diagram is not after 2...exf4" ;; esac
# --diagram-ply: start, 4 (already a [#]), final.
"$PGNKIT" convert -q --format html --diagram-ply start,4,final testdata/html/games.pgn >"$tmp/plies.html"
[ "$(count "//article[@id='game-1']//figure[@class='diagram']" "$tmp/plies.html")" = 4 ] || fail "--diagram-ply: game 1 not 4 diagrams"
[ "$(count "//article[@id='game-2']//figure[@class='diagram']" "$tmp/plies.html")" = 3 ] || fail "--diagram-ply: game 2 not 3 diagrams"
last=$(xpath "(//article[@id='game-2']//figure[@class='diagram'])[3]" "$tmp/plies.html")
case $last in *"after 8...Nd3#"*) ;; *) fail "the final diagram is not after 8...Nd3#" ;; esac
"$PGNKIT" convert -q --diagram-ply 3 testdata/html/games.pgn >/dev/null 2>&1
[ $? = 2 ] || fail "--diagram-ply without --format html is not a usage error"

# ---- A page per game ----
mkdir "$tmp/split" && (cd "$tmp/split" && "$PGNKIT" convert -q --format html --split-every 1 "$OLDPWD/testdata/html/games.pgn") ||
    fail "--split-every 1"
for f in 1.html 2.html; do
    [ "$(count '//article' "$tmp/split/$f")" = 1 ] || fail "split page $f: not one article"
    tail -n 1 "$tmp/split/$f" | grep -q '</html>' || fail "split page $f: not a whole page"
done

# ---- In a browser: no console message, a screenshot ----
for name in games plies; do
    [ "$name" = plies ] && cp "$tmp/plies.html" "$keep/plies.html"
    timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$tmp/profile" \
        --enable-logging=stderr --v=0 --window-size=900,1400 --screenshot="$keep/$name.png" \
        "file://$keep/$name.html" >/dev/null 2>"$tmp/$name.log"
    [ -s "$keep/$name.png" ] || fail "$name: no screenshot"
    if grep -i 'CONSOLE\|Uncaught' "$tmp/$name.log"; then fail "$name: console messages"; fi
done
if grep -o '\(href\|src\)="[^"]*"' "$keep/games.html" | grep -v '="#' | grep -q .; then
    fail "the page refers outside itself"
fi
[ $status = 0 ] && echo "html_game.sh: moves, tags, comments, variations, diagrams, graph and pages checked"
exit $status
