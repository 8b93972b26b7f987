# The book never replaces an input (cmd/cli/outfile.c decides, as for convert and
# index), and a failed run leaves the old book as it was (written to a temporary
# file and renamed only when complete). Usage errors exit 2.
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp testdata/book/hand.pgn "$t/hand.pgn"
cp testdata/book/hand.bin "$t/old.bin"
run() {
    { "$PGNKIT" book "$@" 2>&1; echo "exit $?"; } | sed "s|$t/||g"
}
run -o "$t/hand.pgn" "$t/hand.pgn"
cmp testdata/book/hand.pgn "$t/hand.pgn" && echo "input kept"
ln -s hand.pgn "$t/link.pgn"
run -o "$t/link.pgn" "$t/hand.pgn"
run "$t/hand.pgn"
run -o "$t/x.bin" --only-white --only-black "$t/hand.pgn"
run -o "$t/x.bin" --min-score 101 "$t/hand.pgn"
run -o "$t/x.bin" --min-games 0 "$t/hand.pgn"
run -o "$t/x.bin" --probe startpos "$t/hand.pgn"
# An input that cannot be read: the old book stays, no temporary file is left.
run -o "$t/old.bin" "$t/hand.pgn" "$t/missing.pgn"
cmp testdata/book/hand.bin "$t/old.bin" && echo "old book kept"
ls -A "$t"
