# A tag value over the 64 KiB limit is one error; the tags after it are still read.
f=${TMPDIR:-/tmp}/pgnkit-bigtag-$$.pgn
{ printf '[Event "'; head -c 70000 /dev/zero | tr '\0' x
  printf '"]\n[Site "s"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "w"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'; } > "$f"
"$PGNKIT" validate "$f" > "$f.out" 2> "$f.err"; code=$?
sed "s|$f|FILE|" "$f.out"
sed "s|$f|FILE|" "$f.err" >&2
rm -f "$f" "$f.out" "$f.err"
exit $code
