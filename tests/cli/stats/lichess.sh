# The lichess explorer's JSON after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5, counted by hand
# (testdata/explorer/italian.pgn): O-O in games 1 (1-0, 2000/1800) and 2 (draw,
# 2200/2100), c3 in game 3 (0-1, 1500/1700) and game 4 (no result: not counted);
# game 5 never reaches the position. averageRating of O-O: (1900 + 2150) / 2;
# performance: opponents 1950 + 400 * (1 - 0) / 2; of c3: 1700 - 400.
# Castling is e1h1, as lichess's explorer writes it.
"$PGNKIT" stats --tree --format lichess --moves "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5" testdata/explorer/italian.pgn
