#!/bin/sh
# book_make_book.sh - pgnkit book writes the bytes Polyglot's make-book writes;
# Polyglot's own reader (merge-book) and a reader written here from the format's
# description read them.
# SPDX-License-Identifier: MIT
#
# For real files of testdata/ (without FEN games or variants, where pgnkit book
# chooses otherwise: pgnkit-book(1), DIFFERENCES) and for make-book's options, alone
# and together, the book equals make-book's byte for byte (cmp). A position played
# in more than 16384 games (generated here) checks make-book's halving. The reader
# below knows only the format (16-byte big-endian entries sorted by key, move bits
# to | from << 6 | promotion << 12) and checks our book's order and moves.
set -u
cd "${PGNKIT_ROOT:-.}" || exit 3
. tests/scripts/need.inc
need polyglot polyglot
polyglot=$need_path
need python3 python3-dev # (python3-dev, which .ci/deps installs, brings python3)
PGNKIT=${PGNKIT:-build/pgnkit}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
status=0

# make_book NAME PGN [make-book options]: make-book's book of PGN into $t/NAME.pg,
# ours (the same options, spelt pgnkit's way) into $t/NAME.ours; 1 when they differ.
same_book() {
    name=$1 pgn=$2
    shift 2
    cp "$pgn" "$t/in.pgn"
    (cd "$t" && "$polyglot" make-book -pgn in.pgn -bin "$name.pg" "$@" >/dev/null 2>&1)
    if [ ! -f "$t/$name.pg" ]; then
        echo "FAIL make-book wrote no book for $pgn $*"; return 1
    fi
    ours=$(echo " $*" | sed 's/ -min-game / --min-games /; s/ -max-ply / --max-ply /;
        s/ -min-score / --min-score /; s/ -only-white/ --only-white/; s/ -only-black/ --only-black/;
        s/ -uniform/ --uniform/')
    # shellcheck disable=SC2086
    "$PGNKIT" book -q -o "$t/$name.ours" $ours "$t/in.pgn" || { echo "FAIL pgnkit book $pgn $*"; return 1; }
    if ! cmp -s "$t/$name.pg" "$t/$name.ours"; then
        echo "FAIL $pgn $*: $(wc -c <"$t/$name.ours") bytes, make-book $(wc -c <"$t/$name.pg")"
        return 1
    fi
    echo "ok   $pgn $* ($(($(wc -c <"$t/$name.ours") / 16)) entries)"
}

for f in testdata/book/hand.pgn testdata/stats/najdorf.pgn testdata/corpus/otb_twic1427.pgn \
         testdata/corpus/online_lichess.pgn testdata/corpus/engine_sunfish_3fold.pgn \
         testdata/corpus/online_fics_crlf.pgn testdata/corpus/otb_dortmund_latin1.pgn \
         testdata/convert/otb_events_2019.en.pgn testdata/search/names.pgn; do
    same_book one "$f" -min-game 1 || status=1
done

cat testdata/corpus/otb_twic1427.pgn testdata/corpus/online_lichess.pgn \
    testdata/corpus/engine_sunfish_3fold.pgn testdata/convert/otb_events_2019.en.pgn >"$t/mix.pgn"
while read -r opts; do
    # shellcheck disable=SC2086
    same_book mix "$t/mix.pgn" $opts || status=1
done <<'OPTIONS'
-max-ply 10
-min-game 2
-min-game 1 -min-score 40
-min-game 1 -min-score 50.5 -max-ply 30
-min-game 1 -only-white
-min-game 1 -only-black -max-ply 6
-min-game 1 -uniform
-min-game 2 -min-score 50 -uniform -max-ply 20
-max-ply 0 -min-game 1
OPTIONS

# Halving: 1. e4 in 16400 games (results in turn 1-0, 0-1, 1/2-1/2, *), 1. d4 in 7.
awk 'BEGIN {
    split("1-0 0-1 1/2-1/2 *", r, " ");
    for (i = 0; i < 16407; i++) {
        res = r[i % 4 + 1]; m = i < 16400 ? "1. e4 e5 2. Nf3" : "1. d4 Nf6";
        printf "[Event \"h\"]\n[Result \"%s\"]\n\n%s %s\n\n", res, m, res;
    }
}' >"$t/many.pgn"
same_book many "$t/many.pgn" || status=1
# By hand: 16384 games halve 1. e4 to n = sum = 8192 (White scored 2+0+1+1 every 4
# games), the last 16 games add 16: weight 8208, not 16400.
"$PGNKIT" book --probe startpos "$t/many.ours" | grep -q '^e4  *e2e4  *e2e4  *8208 ' ||
    { echo "FAIL halving: 1. e4 should weigh 8208"; status=1; }
same_book many "$t/many.pgn" -min-game 1 -uniform || status=1

# The moves are counted in input order whatever the threads: the same book with -j 1,
# with 2 threads, and written to standard output.
"$PGNKIT" book -q -j 1 -o "$t/j1.bin" --min-games 1 "$t/mix.pgn" &&
    "$PGNKIT" book -q -j 2 -o "$t/j2.bin" --min-games 1 "$t/mix.pgn" &&
    "$PGNKIT" book -q -j 2 -o - --min-games 1 "$t/mix.pgn" >"$t/stdout.bin" || status=1
cmp "$t/j1.bin" "$t/j2.bin" && cmp "$t/j1.bin" "$t/stdout.bin" ||
    { echo "FAIL: -j 1, -j 2 and standard output give different books"; status=1; }

# Polyglot's own reader: merge-book looks up every entry of its second book in its
# first by binary search and adds the weights of the moves it finds there. With
# our book first and make-book's of the same games second, every move must be
# found where a reader looks for it: the same entries, each weight doubled (a
# shuffled book of ours gets every move it cannot find appended instead).
cp testdata/corpus/otb_twic1427.pgn "$t/in.pgn"
"$PGNKIT" book -q -o "$t/ours.bin" --min-games 1 "$t/in.pgn"
(cd "$t" && "$polyglot" make-book -pgn in.pgn -bin pg.bin -min-game 1 >/dev/null 2>&1 &&
    "$polyglot" merge-book -in1 ours.bin -in2 pg.bin -out merged.bin >/dev/null 2>&1)
python3 - "$t/ours.bin" "$t/merged.bin" <<'PY' || status=1
import struct, sys
ours, merged = ([struct.unpack(">QHHI", d[i:i + 16]) for i in range(0, len(d), 16)]
                for d in (open(p, "rb").read() for p in sys.argv[1:3]))
assert len(ours) == len(merged), "merge-book did not find %d moves" % (len(merged) - len(ours))
assert all(o[:2] == m[:2] and m[2] == 2 * o[2] for o, m in zip(ours, merged)), "weights not doubled"
print("ok   polyglot merge-book finds every move of our book (%d entries)" % len(ours))
PY

# A reader from the format's description reads our book of mix.pgn.
"$PGNKIT" book -q -o "$t/read.bin" --min-games 1 "$t/mix.pgn" || status=1
python3 - "$t/read.bin" <<'PY' || status=1
import struct, sys
data = open(sys.argv[1], "rb").read()
assert len(data) % 16 == 0 and data, "not whole entries"
entries = [struct.unpack(">QHHI", data[i:i + 16]) for i in range(0, len(data), 16)]
for (k1, _, w1, _), (k2, _, w2, _) in zip(entries, entries[1:]):
    assert k1 < k2 or (k1 == k2 and w1 >= w2), "not sorted by key, then weight"
assert all(learn == 0 and weight > 0 for _, _, weight, learn in entries)
def name(move):
    sq = lambda s: "abcdefgh"[s & 7] + str((s >> 3) + 1)
    return sq(move >> 6 & 63) + sq(move & 63) + ["", "n", "b", "r", "q"][move >> 12 & 7]
start = [name(m) for k, m, _, _ in entries if k == 0x463B96181691FC9C]
after_e4 = [name(m) for k, m, _, _ in entries if k == 0x823C9B50FD114196]
assert "e2e4" in start and "d2d4" in start, start
assert after_e4 and all(m[1] in "78" for m in after_e4), after_e4  # Black's moves
castles = [name(m) for _, m, _, _ in entries if name(m) in ("e1h1", "e1a1", "e8h8", "e8a8")]
assert castles, "no castling written as king takes rook"
print("ok   read by the format's reader: %d entries, %d castling moves" % (len(entries), len(castles)))
PY
exit $status
