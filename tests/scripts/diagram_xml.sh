#!/bin/sh
# diagram_xml.sh - every kind of diagram pgnkit draws is well-formed XML (xmllint) and
# self-contained: no reference to another file or to the network.
# SPDX-License-Identifier: MIT
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need xmllint libxml2-utils
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
status=0
"$PGNKIT" diagram --fen "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1" >"$tmp/fen.svg" || status=1
"$PGNKIT" diagram --fen "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1" --flip --no-coordinates \
    >"$tmp/flip.svg" || status=1
"$PGNKIT" diagram --ply all --lang de -o "$tmp/all" testdata/diagram/arrows.pgn || status=1
"$PGNKIT" diagram --ply final --lang ru -o "$tmp/ru" testdata/sample.pgn 2>/dev/null || status=1
"$PGNKIT" diagram --graph testdata/annotate/lichess-evals.pgn >"$tmp/graph.svg" || status=1
n=0
for f in "$tmp"/*.svg "$tmp"/all/*.svg "$tmp"/ru/*.svg; do
    n=$((n + 1))
    xmllint --noout "$f" || { echo "not well-formed: $f"; status=1; }
    # Self-contained: the only references are to the file's own symbols.
    if grep -o '\(href\|src\)="[^"]*"' "$f" | grep -v '^xlink:href="#\|^href="#' | grep -q .; then
        echo "external reference in $f"; status=1
    fi
    grep -q 'url(' "$f" && { echo "url() in $f"; status=1; }
done
[ $n -ge 10 ] || { echo "only $n diagrams written"; status=1; }
exit $status
