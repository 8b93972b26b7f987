# Every input form the reader takes makes the same book: gzip and zstd files, standard
# input, and games as data (lichess NDJSON, the same games as testdata/records'
# expected PGN; its record without a whole-number rating is reported there too).
. tests/scripts/need.inc
need gzip
need zstd
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
gzip -c testdata/book/hand.pgn >"$t/hand.pgn.gz"
zstd -q -c testdata/book/hand.pgn >"$t/hand.pgn.zst"
for f in "$t/hand.pgn.gz" "$t/hand.pgn.zst"; do
    "$PGNKIT" book -q -o "$t/b.bin" --min-games 1 "$f" && cmp "$t/b.bin" testdata/book/hand.bin &&
        echo "${f##*.}: make-book's book"
done
"$PGNKIT" book -q -o "$t/b.bin" --min-games 1 <testdata/book/hand.pgn &&
    cmp "$t/b.bin" testdata/book/hand.bin && echo "standard input: make-book's book"
"$PGNKIT" book -q -o "$t/a.bin" --min-games 1 testdata/records/lichess.expected.pgn
"$PGNKIT" book -o "$t/b.bin" --min-games 1 testdata/records/lichess.ndjson 2>&1 | sed "s|$t/||"
cmp "$t/a.bin" "$t/b.bin" && echo "lichess NDJSON: the book of its PGN"
