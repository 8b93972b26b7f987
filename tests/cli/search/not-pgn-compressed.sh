# A PDF inside gzip is told by its decompressed bytes; search names the file, no line.
. tests/scripts/need.inc
need gzip
f=${TMPDIR:-/tmp}/pgnkit-not-pgn.$$.gz
gzip -c testdata/formats/document.pdf >"$f"
"$PGNKIT" search -c "$f" testdata/formats/one-game.pgn 2>"$f.err"
status=$?
sed "s|$f|DOC.pdf.gz|" "$f.err" >&2
rm -f "$f" "$f.err"
exit $status
