# A repertoire with an illegal move says where (file:line:col), exit 2; so
# do a missing file, a file without moves and bad --repertoire-* values.
G=testdata/repertoire/games.pgn
"$PGNKIT" search --repertoire testdata/repertoire/rep-illegal.pgn "$G"; echo "exit $?"
"$PGNKIT" search --repertoire testdata/repertoire/no-such-file.pgn "$G"; echo "exit $?"
"$PGNKIT" search --repertoire testdata/repertoire/rep-empty.pgn "$G"; echo "exit $?"
"$PGNKIT" search --repertoire testdata/repertoire/rep.pgn --repertoire-side red "$G"; echo "exit $?"
"$PGNKIT" search --repertoire testdata/repertoire/rep.pgn --repertoire-exit us "$G"; echo "exit $?"
