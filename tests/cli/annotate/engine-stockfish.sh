# Stockfish at a fixed node count on one thread is deterministic, whatever -j.
"$PGNKIT" annotate -j 2 --nodes 3000 --engine-option Threads=1 --engine-option Hash=16 --eco testdata/annotate/facts.pgn testdata/annotate/lichess-judged.pgn
