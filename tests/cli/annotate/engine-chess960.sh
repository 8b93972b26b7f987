# Chess960: UCI_Chess960 set, castling sent king-takes-rook, Shredder FEN start.
"$PGNKIT" annotate -j 1 --nodes 1000 --engine-option Threads=1 --engine-option Hash=16 testdata/convert/chess960.pgn
