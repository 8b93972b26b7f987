"$PGNKIT" perft "4k3/8/8/8/8/8/8/4K2P w - - 0 1" 3
