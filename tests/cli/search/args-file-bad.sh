# Bad lines of an arguments file: FILE:LINE, exit 2.
"$PGNKIT" search --args-file testdata/search/bad-args.txt testdata/sample.pgn
echo "exit $?"
"$PGNKIT" search --args-file=testdata/search/short-args.txt testdata/sample.pgn
echo "exit $?"
printf -- '--whit Carlsen\n' | "$PGNKIT" search --args-file - testdata/sample.pgn
