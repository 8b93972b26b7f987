# Lines that are no position are errors, and a file without one checked count fails.
f=${TMPDIR:-/tmp}/pgnkit-garbage-$$.epd
printf "%s\n" "hello world" "nonsense" > "$f"
"$PGNKIT" perft --epd "$f" > "$f.out" 2> "$f.err"; code=$?
sed "s|$f|FILE|" "$f.out"
sed "s|$f|FILE|" "$f.err" >&2
rm -f "$f" "$f.out" "$f.err"
exit $code
