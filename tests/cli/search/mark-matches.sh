# --mark-matches TEXT: {TEXT} after the main-line move where each criterion on
# positions and moves matched (before the first move's number for the start
# position), right after the move as written (glued glyphs and all), before
# its NAGs, comments and variations; one comment per ply; FEN for the FEN.
M=testdata/search/marks.pgn
d=$(mktemp -d) && trap 'rm -rf "$d"' EXIT
m() { echo "== $*" | sed "s|$d|TMP|"; "$PGNKIT" search -j 1 "$@" "$M" | grep -v '^\['; }
m --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --mark-matches START
m --moves '1. e4 e5 2. Nf3' --mark-matches LINE
m --contains-move O-O --mark-matches CASTLED
m --contains-move Nf3 --moves-anywhere 'Nf3 Nc6' --mark-matches HERE
m --moves-anywhere 'Nf3 * Bb5' --mark-matches FEN
m --position-pattern-either '*/*/*/????p???/???P????/*/*/*' --mark-matches PATTERN
m --polyglot-key 823c9b50fd114196 --position 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3' --mark-matches KEY
m --material 'KQR2B2N2P7:KQR2B2N2P7' --mark-matches EVEN
m --material-end 'KQ*R*B*N*P*:KQ*R*B*N*P*' --plies-min 1 --mark-matches END
m --positions-file testdata/search/positions.txt --mark-matches FILE
printf '1. e4 e5\n' >"$d/lines.txt"
m --moves-file "$d/lines.txt" --mark-matches OPENING
# CRLF lines and no final line end: the tag pair's line ends as the others.
printf '[Event "x"]\r\n[Result "*"]\r\n\r\n1. e4 e5 2. Nf3 *' |
    "$PGNKIT" search --contains-move e5 --material KQR2B2N2P8:KQR2B2N2P8 --match-tag --mark-matches M | od -c | sed 's/  */ /g'
# Several workers mark the same games the same way.
"$PGNKIT" search -j 1 --contains-move Nf3 --mark-matches X "$M" testdata/sample.pgn >"$d/one.pgn"
"$PGNKIT" search -j 3 --contains-move Nf3 --mark-matches X "$M" testdata/sample.pgn >"$d/three.pgn"
cmp "$d/one.pgn" "$d/three.pgn" && echo "-j 3: the same, $(grep -c '{X}' "$d/one.pgn") lines marked"
