# More material than a game can have is refused (a move list holds 256 moves).
"$PGNKIT" perft "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1" 1
