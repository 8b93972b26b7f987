# --args-file: options and files one a line, as if given where --args-file stands.
"$PGNKIT" search --args-file testdata/search/args.txt
"$PGNKIT" search --count --player Anderssen --result 0-1 testdata/sample.pgn
