# The output options of convert: the selected games replayed and written in another form.
F=testdata/search/features.pgn
"$PGNKIT" search --checkmate --format uci "$F"
"$PGNKIT" search --player Carlsen --format uci "$F"
"$PGNKIT" search --underpromotion --lang de "$F"
"$PGNKIT" search --stalemate --format epd --ply final "$F"
"$PGNKIT" search --white Fischer --format csv --columns game,White,plies,final_fen "$F"
