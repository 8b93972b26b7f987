# A file that cannot be opened: no report of nothing, the message and exit 3;
# beside a file that can, the report of its games and the same message.
"$PGNKIT" stats testdata/stats/no-such-file.pgn
echo "status $?"
"$PGNKIT" stats --format json testdata/stats/small.pgn testdata/stats/no-such-file.pgn | head -n 3
