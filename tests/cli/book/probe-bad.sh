# Bad books and positions never crash: a truncated book (not whole 16-byte entries)
# and a missing one are I/O failures (3), an empty book has no move (1), a bad FEN
# or move is a usage error (2), an entry whose move the position cannot play is
# passed over with a warning (as Polyglot's reader passes over it).
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
head -c 40 testdata/book/hand.bin >"$t/truncated.bin"
: >"$t/empty.bin"
# Among the start position's entries (the 4th and 5th of 13), one more: the start
# position's key, then e2e5 (from 12, to 36: 0x0324), weight 1, learn 0.
head -c 48 testdata/book/hand.bin >"$t/illegal.bin"
printf '\106\073\226\030\026\221\374\234\003\044\000\001\000\000\000\000' >>"$t/illegal.bin"
tail -c +49 testdata/book/hand.bin >>"$t/illegal.bin"
probe() {
    "$PGNKIT" book "$@" 2>&1; echo "exit $?"
}
cd "$t" || exit 3
probe --probe startpos truncated.bin
probe --probe startpos empty.bin
probe --probe startpos missing.bin
probe --probe startpos illegal.bin
cd "$PGNKIT_ROOT" || exit 3
probe --probe "8/8/8/8 w - - 0 1" testdata/book/hand.bin
probe --probe-moves "1. e5" testdata/book/hand.bin
probe --probe startpos
probe --probe startpos --format xml testdata/book/hand.bin
