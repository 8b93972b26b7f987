# Valid positions without a single count to check are no passed suite.
f=${TMPDIR:-/tmp}/pgnkit-nocount-$$.epd
printf "%s\n" "4k3/8/8/8/8/8/8/4K2R w K - 0 1" "4k3/8/8/8/8/8/8/4K2R w K - ;id \"x\"" > "$f"
"$PGNKIT" perft --epd "$f" > "$f.out" 2> "$f.err"; code=$?
sed "s|$f|FILE|" "$f.out"
sed "s|$f|FILE|" "$f.err" >&2
rm -f "$f" "$f.out" "$f.err"
exit $code
