# -c counts, -l lists, -v inverts, -m stops early; several inputs get FILE: prefixes.
S=testdata/sample.pgn
"$PGNKIT" search -c --player Anderssen "$S"
"$PGNKIT" search -c -v --player Anderssen "$S"
"$PGNKIT" search -l --player Anderssen "$S"
"$PGNKIT" search -l -m 2 --player Anderssen "$S"
"$PGNKIT" search -c -m 3 "$S"
"$PGNKIT" search -l --eco C9 "$S" testdata/search/features.pgn
