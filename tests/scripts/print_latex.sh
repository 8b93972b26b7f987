#!/bin/sh
# print_latex.sh - convert --format latex writes documents that TeX Live's
# pdflatex compiles: a real game (Giri - Andreikin, FIDE Grand Prix 2022,
# the first game of testdata/corpus/otb_twic1427.pgn) in English figurines
# and in German (--lang de, kept as BUILD/print-de.pdf, its first page as
# BUILD/print-de-1.png), the game of testdata/print/small.pgn with every
# LaTeX special character in its tags and comments, and the longest game
# of the corpus (258 plies) with diagrams, which must run over pages, and
# three corpus files of annotated, Latin-1 and Chess960 games.
# pdftotext reads the PDFs back: the players, the German moves as the
# game's own text has them (2. Sf3, 4. Lb2 Lb7, 14. Th3 Dc7: counted from
# the PGN by hand), the special characters as printed characters.
# SPDX-License-Identifier: MIT
set -u
. tests/scripts/need.inc
need pdflatex texlive-latex-base
need pdftoppm poppler-utils
need pdftotext poppler-utils
need pdfinfo poppler-utils
need chessboard.sty texlive-games
need xkeyval.sty texlive-latex-recommended
need xifthen.sty texlive-latex-extra
need tikz.sty texlive-pictures
need lmodern.sty lmodern
build=$(cd "$(dirname "$PGNKIT")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

# The first game of a file.
first_game() { awk '/^\[Event /{ n++ } n == 1' "$1"; }
# The game numbered $2 of a file.
game_number() { awk -v k="$2" '/^\[Event /{ n++ } n == k' "$1"; }

# latex NAME [convert options] <PGN: NAME.tex compiled into NAME.pdf in $tmp.
latex() {
    name=$1
    shift
    "$PGNKIT" convert -q --format latex "$@" >"$tmp/$name.tex" ||
        { fail "$name: convert"; return 1; }
    (cd "$tmp" && pdflatex -interaction=nonstopmode -halt-on-error "$name.tex") \
        >"$tmp/$name.out" 2>&1 ||
        { fail "$name: pdflatex failed:"; grep -A3 '^!' "$tmp/$name.log" | head -n 10; return 1; }
    pdftotext -layout "$tmp/$name.pdf" "$tmp/$name.txt"
    # One line, single spaces: a phrase may wrap anywhere.
    tr -s ' \n' '  ' <"$tmp/$name.txt" >"$tmp/$name.line"
}
has() { grep -qF -- "$2" "$tmp/$1.line" || fail "$1: the PDF's text has no '$2'"; }

first_game testdata/corpus/otb_twic1427.pgn >"$tmp/giri.pgn"
if latex print-de --lang de <"$tmp/giri.pgn"; then
    for text in Giri Andreikin "FIDE Grand Prix 2 Playoff" "2. Sf3" "4. Lb2 Lb7" "14. Th3 Dc7" \
        "15. O-O-O Sa5" "22. Df4+" "33. Lf3"; do
        has print-de "$text"
    done
    cp "$tmp/print-de.pdf" "$build/print-de.pdf"
    pdftoppm -png -r 80 -f 1 -l 1 -singlefile "$build/print-de.pdf" "$build/print-de-1"
    [ -s "$build/print-de-1.png" ] || fail "pdftoppm drew no first page"
    echo "German PDF: $build/print-de.pdf, its first page: $build/print-de-1.png"
fi

# English: figurines, which pdftotext reads back as chessfss's font names
# them; the squares and captures stay letters.
if latex print-en <"$tmp/giri.pgn"; then
    has print-en Giri
    has print-en "exd5"
    grep -q 'Sf3\|Lb7' "$tmp/print-en.txt" && fail "print-en: German letters in English"
fi

# Every special character of LaTeX, in tags and comments, printed as itself.
if latex small <testdata/print/small.pgn; then
    has small '# $ % & _ { ~ ^ \ all printed'
    has small "Brien & Sons_1" # LaTeX prints the apostrophe as a closing quote
    has small 'M<u>ller|, #Hans'
    has small 'braces } too'
    has small 'Print test #1: 50% & more_{x}'
fi

# Real games with comments, Latin-1 names (Krämer), Chess960 starts: one
# document of three corpus files compiles, their comments' words in it.
cat testdata/corpus/otb_dortmund_latin1.pgn testdata/corpus/otb_world_matches.pgn \
    testdata/corpus/engine_tcec_chess960.pgn >"$tmp/corpus.pgn"
if latex corpus <"$tmp/corpus.pgn"; then
    has corpus "Krämer gives a fine"
    has corpus "won four matches"
fi

# A long game breaks across pages: the last move is on the last page.
game_number testdata/corpus/otb_twic1427.pgn 35 >"$tmp/long.pgn"
if latex long --diagram-ply 40,80,120,160,200,final <"$tmp/long.pgn"; then
    pages=$(pdfinfo "$tmp/long.pdf" | sed -n 's/^Pages: *//p')
    [ "${pages:-0}" -ge 2 ] || fail "long: $pages page(s), want 2 or more"
    pdftotext -f "$pages" -l "$pages" "$tmp/long.pdf" "$tmp/last.txt"
    last=$(grep -o '[0-9]*\.' "$tmp/long.txt" | tail -n 1)
    [ "$last" = "129." ] || fail "long: the last move number is '$last', want 129."
    grep -q '129\.' "$tmp/last.txt" || fail "long: move 129 is not on the last page ($pages)"
fi
exit $status
