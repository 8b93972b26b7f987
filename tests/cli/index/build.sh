# A database of testdata/sample.pgn: its tables as sqlite3 shows them, and searches through it.
. tests/scripts/need.inc
need sqlite3
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp testdata/sample.pgn "$t/sample.pgn"
cd "$t" || exit 3
"$PGNKIT" index sample.pgn -o sample.pgnkit; echo "exit $?"
sqlite3 sample.pgnkit "SELECT path, size, indexed_bytes, plain, games FROM sources;
  SELECT number, offset, length, line, col, white, black, year, result, eco, plies, valid
  FROM games WHERE number <= 3; SELECT name, value FROM tags WHERE game = 2;
  SELECT count(*) FROM game_tags;"
"$PGNKIT" search --count --player Anderssen sample.pgnkit
"$PGNKIT" search --list --eco C5 sample.pgnkit
ls
