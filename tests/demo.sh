#!/bin/sh
# demo.sh - shows pgnkit at work on the bundled sample database (testdata/sample.pgn).
#   tests/demo.sh BUILD_DIR
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 3
pgnkit=$build/pgnkit
sample=testdata/sample.pgn

run() {
    printf '\n$ %s\n' "$*"
    "$@"
}

echo "pgnkit demo on $sample ($(grep -c '^\[Event ' $sample) games)"
run "$pgnkit" --version
run "$pgnkit" --help
run "$pgnkit" perft --time startpos 5
run "$pgnkit" perft --divide "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 1
run "$pgnkit" validate "$sample"
run "$pgnkit" validate --format json "$sample"
run "$pgnkit" search --count --player Paulsen "$sample"
run "$pgnkit" search --list --checkmate "$sample"
printf '\n$ %s\n' "pgnkit convert --lang de --notation lan --plies 12 --seven-tag-roster $sample | head -n 20"
"$pgnkit" convert --lang de --notation lan --plies 12 --seven-tag-roster "$sample" | head -n 20
run "$pgnkit" stats "$sample"
run "$pgnkit" stats --tree --depth 2 "$sample"
printf '\n$ %s\n' "pgnkit annotate --eco --plycount $sample | grep ... (a few of the tags added)"
"$pgnkit" annotate --eco --plycount "$sample" | grep -E '^\[(White|Black|ECO|Opening|PlyCount) ' | head -n 10
# The database and the pictures are written to a scratch folder, removed at the end.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
run "$pgnkit" index -q "$sample" -o "$scratch/sample.pgnkit"
run "$pgnkit" search --count --result 1-0 "$scratch/sample.pgnkit"
run "$pgnkit" diagram --ply final -o "$scratch/diagrams" "$sample"
ls "$scratch/diagrams" | head -n 3; echo "... $(ls "$scratch/diagrams" | wc -l) SVG diagrams"
printf '\n$ %s\n' "pgnkit stats --tree --format html $sample > tree.html"
"$pgnkit" stats --tree --format html "$sample" >"$scratch/tree.html"
echo "(an HTML opening tree of $(wc -c <"$scratch/tree.html") bytes, one self-contained page)"
exit 0
