# A zip of several members, as TWIC ships them: every PGN member in order, named in
# the diagnostics (ARCHIVE:MEMBER:LINE:COL); a member not named *.pgn is passed over
# with a note.
. tests/scripts/need.inc
need zip
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
d=testdata/formats
zip -q -j -X "$t/twic1428g.zip" $d/readme.txt $d/encoding.pgn $d/one-game.pgn
cd "$t" || exit 3
"$PGNKIT" validate -j 1 twic1428g.zip
"$PGNKIT" validate -j 2 twic1428g.zip
