"$PGNKIT" convert --format csv --columns game,file,White,Black,Result,result,end,plies,start_fen,final_fen,moves,uci --notation lan --lang de testdata/convert/results.pgn
