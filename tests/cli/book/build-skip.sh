# A game that does not replay within --max-ply is reported as validate reports it,
# left out and counted; the others make the book. 3. O-O is blocked by the bishop
# in game 1, so only game 2 (1-0, 7 plies) is counted: White's 4 moves (Black's
# scored 0). The same game cut by --max-ply 4 before its bad move is counted
# (make-book reads no move past it either): e4 e5 Nf3 Nc6 of game 1 ('*': 1 point
# each) and e4 e5 Bc4 of game 2 (e4 and e5 merge; its Nc6 scored 0): 5 moves.
# A FEN that is not a position and a variant are left out too.
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
run() {
    { "$PGNKIT" book "$@" 2>&1; echo "exit $?"; } | sed "s|$t/||"
}
run -o "$t/b.bin" --min-games 1 testdata/broken/illegal-castling-blocked.pgn
wc -c <"$t/b.bin"
run -o "$t/b.bin" --min-games 1 --max-ply 4 testdata/broken/illegal-castling-blocked.pgn
wc -c <"$t/b.bin"
run -o "$t/b.bin" --min-games 1 testdata/broken/fen-invalid.pgn testdata/broken/variant-not-supported.pgn
run -q -o "$t/b.bin" --min-games 1 testdata/broken/illegal-castling-blocked.pgn
# A null move ends the game's line: only 1. e4 (1-0: weight 2) is counted.
run -o "$t/b.bin" --min-games 1 testdata/book/null-move.pgn
"$PGNKIT" book --probe startpos "$t/b.bin"
"$PGNKIT" book --probe-moves "1. e4" "$t/b.bin" 2>&1 | sed "s|$t/||"
