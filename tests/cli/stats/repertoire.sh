# stats --repertoire: the games that left the repertoire, counted per exit
# (position and move), with who left and White's score. Hand counts on
# testdata/repertoire/games.pgn: 1...c6 twice (0-1 and 1-0: 50%), 1. d4
# (draw), 3. Bb5 (1-0), 2. Bc4 (0-1), 2...d6 (1-0). transposed.pgn reaches
# the 3. Bb5 exit by 1. Nf3 c5 2. e4 Nc6 and draws: one node, 2 games, 75%.
R=testdata/repertoire/rep.pgn
G=testdata/repertoire/games.pgn
"$PGNKIT" stats --repertoire "$R" --repertoire-side white "$G"
"$PGNKIT" stats --repertoire "$R" "$G" testdata/repertoire/transposed.pgn
"$PGNKIT" stats --repertoire "$R" --repertoire-side black --repertoire-exit us --format csv "$G"
"$PGNKIT" stats --repertoire "$R" --repertoire-side white --format json -j 2 "$G"
# Another report keeps --repertoire a criterion: the 6 games that left.
"$PGNKIT" stats --players --repertoire "$R" --format csv "$G"
"$PGNKIT" stats --repertoire "$R" --format html "$G"; echo "exit $?"
# Through a database and on three threads: the same rows.
t=$(mktemp -d) && trap 'rm -rf "$t"' EXIT
"$PGNKIT" index -q "$G" -o "$t/g.pgnkit"
"$PGNKIT" stats --repertoire "$R" --repertoire-side white --format csv "$G" >"$t/scan.csv"
"$PGNKIT" stats --repertoire "$R" --repertoire-side white --format csv "$t/g.pgnkit" | cmp - "$t/scan.csv" && echo "database: as the scan"
"$PGNKIT" stats --repertoire "$R" --repertoire-side white --format csv -j 3 "$G" | cmp - "$t/scan.csv" && echo "three threads: as one"
