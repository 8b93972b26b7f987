# The id/epd/perft blocks of python-chess's and shakmaty's .perft files, at any depth.
f=${TMPDIR:-/tmp}/pgnkit-suite-$$.perft
printf "%s\n" "# comment" "id prison" "epd 2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - -" \
    "perft 1 1" "perft 32 1" "" "id rook" "epd 4k3/8/8/8/8/8/8/4K2R w K -" "perft 1 15" \
    "perft 2 67" "perft 3 x" "perft 5 99999" "id orphan" "perft 1 20" > "$f"
"$PGNKIT" perft --epd "$f" --max-nodes 100 > "$f.out" 2> "$f.err"; code=$?
sed "s|$f|FILE|" "$f.out"
sed "s|$f|FILE|" "$f.err" >&2
rm -f "$f" "$f.out" "$f.err"
exit $code
