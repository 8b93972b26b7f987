printf '[Event "x"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/3nK3 w - - 0 1"]\n\n1. exd1 *\n\n[Event "y"]\n[SetUp "1"]\n[FEN "3Nk3/4p3/8/8/8/8/8/4K3 b - - 0 1"]\n\n1... exd8 *\n' | "$PGNKIT" convert
