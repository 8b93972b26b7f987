# A bad line of a tag-criteria file: FILE:LINE, exit 2.
"$PGNKIT" search --tags-file testdata/search/bad-tags.txt testdata/sample.pgn
