# Chess960: UCI_Chess960 set, the start sent as a Shredder FEN, castling
# (here 5. O-O-O, 5... O-O-O) sent in the engine's notation. The fake engine
# logs what it is sent: the options, the first and the last position.
log=$(mktemp)
FAKE_LOG=$log "$PGNKIT" annotate -j 1 --engine tests/fakes/uci_fake.sh --nodes 1000 --engine-option Threads=1 testdata/convert/chess960.pgn
grep -v '^position' "$log"  | sort -u
grep '^position' "$log" | sed -n '1p;$p'
rm -f "$log"
