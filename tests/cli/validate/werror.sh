"$PGNKIT" validate --werror testdata/broken/game-continues-after-fivefold.pgn
