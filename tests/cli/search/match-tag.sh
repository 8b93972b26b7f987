# --match-tag: [MaterialMatch "White"] after the last tag when a --material
# criterion matched as written, "Black" when with the colours swapped; games
# with nothing to mark come out byte for byte.
M=testdata/search/marks.pgn
S=testdata/sample.pgn
t() { echo "== $*"; "$PGNKIT" search "$@" "$M" | grep -E '^\[(Event|MaterialMatch) |\{'; }
t --material-either 'KQR2B2N2P7:KQR2B2N2P8' --match-tag
t --material-either 'KQR2B2N2P8:KQR2B2N2P7' --match-tag --mark-matches FEN
t --material 'KQR2B2N2P8:KQR2B2N2P7' --match-tag -j 2
t --material-end 'KQ*R*B*N*P*:KQ*R*B*N*P*' --plies-min 1 --match-tag
# Two tags on the last tag line: the new one goes after that line.
printf '[Event "x"] [Result "*"]\n1. e4 d5 2. exd5 Nf6 *\n' |
    "$PGNKIT" search --material KQR2B2N2P8:KQR2B2N2P7 --match-tag
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
same() { # the games with and without marking options
    "$PGNKIT" search "$@" "$S" >"$d/plain.pgn"
    "$PGNKIT" search --match-tag --mark-matches X "$@" "$S" >"$d/marked.pgn"
    cmp "$d/plain.pgn" "$d/marked.pgn" && echo "$*: $(grep -c '^\[Event ' "$d/plain.pgn") games, byte for byte"
}
same --white Anderssen
same --has-variations --result 1-0 -j 2
same --checkmate
