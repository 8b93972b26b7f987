# --fen-style in every format that writes a FEN: fen, epd, csv, json --fen.
C=testdata/convert/chess960.pgn
"$PGNKIT" convert -q --format fen --ply 0-1 "$C"
"$PGNKIT" convert -q --format fen --ply 0-1 --fen-style shredder "$C"
printf '1. e4 e5 *\n' | "$PGNKIT" convert -q --format epd --fen-style pgn
printf '1. e4 e5 *\n' | "$PGNKIT" convert -q --format csv --columns final_fen --fen-style pgn
printf '1. e4 *\n' | "$PGNKIT" convert -q --format ndjson --fen --fen-style pgn | grep -o '"fen":"[^"]*"'
printf '1. e4 *\n' | "$PGNKIT" search --format fen --ply final --fen-style pgn
