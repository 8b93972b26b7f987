# --check-file: games whose start and main line are already in another file are left out.
S=testdata/sample.pgn
C=testdata/search/check.pgn
"$PGNKIT" search -c "$S"
"$PGNKIT" search -l --check-file "$C" "$S" | cut -f1 | tr '\n' ' '; echo
"$PGNKIT" search -c -j 2 --check-file "$C" --check-file testdata/search/duplicates.pgn --summary "$S" testdata/search/duplicates.pgn 2>&1
"$PGNKIT" search -c --check-file "$C" --unique "$S" "$S"
"$PGNKIT" search -c --check-file "$C" "$C"
"$PGNKIT" search -c --check-file testdata/search/missing.pgn "$S" 2>&1
