# Counts whose total passes 2^63-1 (two files of 2^62 games each): refused, nothing written.
"$PGNKIT" stats --merge testdata/stats/merge/half-of-2p63.json testdata/stats/merge/half-of-2p63.json
