# Black to move, after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O: game 1 (1-0, White
# 2000) went on with Nf6, game 2 (draw, White 2200) with d6. The mover is Black,
# so performance is Black's: Nf6 2000 - 400 (a loss) = 1600, d6 2200 + 0 = 2200;
# averageRating (2000 + 1800) / 2 and (2200 + 2100) / 2.
"$PGNKIT" stats --tree --format lichess --moves "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O" testdata/explorer/italian.pgn |
    grep -o '"uci":"[a-h0-8]*","san":"[^"]*","averageRating":[0-9]*,"white":[0-9]*,"draws":[0-9]*,"black":[0-9]*,"performance":[0-9]*'
