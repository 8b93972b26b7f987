# Wins on time against material of every kind: warned where the winner's
# pieces can never mate (K+B v K+R, K+B v K+Q, same-coloured bishops v a
# rook, a knight v queens), silent where a mate exists.
"$PGNKIT" validate testdata/ending/time-forfeit-classes.pgn
