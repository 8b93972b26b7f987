"$PGNKIT" diagram --fen "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1" --size 200
