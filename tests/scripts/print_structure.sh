#!/bin/sh
# print_structure.sh - convert --format latex and typst over every real game of
# testdata/corpus (Latin-1 names, CRLF files, engine comments, Chess960, games
# from a FEN): what tags and comments hold never reaches the document as markup.
# Without TeX or Typst: with every escape taken out (LaTeX \# \$ \% \& \_ \{ \}
# and the \text...{} commands, Typst's backslash before any character), no
# special character is left where text stands, the brackets balance, there is
# one heading per game converted and one diagram per [#] marker of the input
# (counted with grep, not with pgnkit). Typst is not a Debian package, so its
# documents are not compiled; print_latex.sh compiles the LaTeX ones.
# SPDX-License-Identifier: MIT
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }

cat testdata/corpus/*.pgn testdata/print/small.pgn >"$tmp/all.pgn"
games=$("$PGNKIT" convert -q --format csv --columns game "$tmp/all.pgn" | tail -n +2 | wc -l)
markers=$(grep -ao '\[#\]' "$tmp/all.pgn" | wc -l)
[ "$markers" -ge 1 ] || fail "no [#] marker in the input: the diagram count checks nothing"

# ---- LaTeX ----
"$PGNKIT" convert -q --format latex "$tmp/all.pgn" >"$tmp/all.tex"
[ $? -le 1 ] || fail "latex: convert failed"
n=$(grep -c '^\\section\*{' "$tmp/all.tex")
[ "$n" = "$games" ] || fail "latex: $n headings for $games games"
n=$(grep -c '^\\chessboard\[' "$tmp/all.tex")
[ "$n" = "$markers" ] || fail "latex: $n diagrams for $markers [#] markers"
# The document's own lines (preamble, boards) apart, no # $ % & _ ^ is left
# once the escapes are out, and the braces balance on every line.
sed -n '/^\\begin{document}$/,$p' "$tmp/all.tex" | grep -v '^\\chessboard\[' |
    sed 's/\\[#$%&_{}]//g; s/\\text[a-z]*{}//g' >"$tmp/latex.text"
if grep -n '[#$%&_^]' "$tmp/latex.text" | head -n 5 | grep .; then
    fail "latex: special characters left unescaped (above)"
fi
awk '{ o = gsub(/{/, "{"); c = gsub(/}/, "}"); if (o != c) print NR ": " $0 }' \
    "$tmp/latex.text" >"$tmp/unbalanced"
if [ -s "$tmp/unbalanced" ]; then head -n 5 "$tmp/unbalanced"; fail "latex: unbalanced braces"; fi

# ---- Typst ----
"$PGNKIT" convert -q --format typst "$tmp/all.pgn" >"$tmp/all.typ"
[ $? -le 1 ] || fail "typst: convert failed"
n=$(grep -c '^= ' "$tmp/all.typ")
[ "$n" = "$games" ] || fail "typst: $n headings for $games games"
n=$(grep -c '^#align(center, board(fen("' "$tmp/all.typ")
[ "$n" = "$markers" ] || fail "typst: $n diagrams for $markers [#] markers"
# Escapes out (a backslash and the character after it), then the markup of
# the writer out (#strong[, #emph[, the headings' "= "): no character that
# starts markup is left, and the brackets balance on every line.
tail -n +4 "$tmp/all.typ" | grep -v '^#align(center, board(fen("' | grep -v '^#v(1em)$' |
    sed 's/\\.//g; s/#strong\[/[/g; s/#emph\[/[/g; s/^= //' >"$tmp/typst.text"
if grep -n '[#$*_`<>@=/+"'"'"']' "$tmp/typst.text" | head -n 5 | grep .; then
    fail "typst: characters that start markup left unescaped (above)"
fi
awk '{ o = gsub(/\[/, "["); c = gsub(/\]/, "]"); if (o != c) print NR ": " $0 }' \
    "$tmp/typst.text" >"$tmp/unbalanced"
if [ -s "$tmp/unbalanced" ]; then head -n 5 "$tmp/unbalanced"; fail "typst: unbalanced brackets"; fi
exit $status
