# index --nested-comments: recorded in meta, the database answers as the scan with the option
# does, a query or an update that reads comments the other way is refused.
. tests/scripts/need.inc
need sqlite3
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp testdata/reader/nested_comments.pgn "$t/n.pgn"
cd "$t" || exit 3
"$PGNKIT" index -q --nested-comments n.pgn -o n.pgnkit; echo "exit $?"
"$PGNKIT" index -q n.pgn -o plain.pgnkit; echo "exit $?"
sqlite3 n.pgnkit "SELECT value FROM meta WHERE name = 'nested_comments';
  SELECT number, valid, plies FROM games"
sqlite3 plain.pgnkit "SELECT value FROM meta WHERE name = 'nested_comments';
  SELECT number, valid, plies FROM games"
"$PGNKIT" search --nested-comments --comment 'usual move' n.pgnkit >db.pgn; echo "exit $?"
"$PGNKIT" search --nested-comments --comment 'usual move' n.pgn >scan.pgn
cmp db.pgn scan.pgn && echo "search: as the scan, $(grep -c '^\[Event ' db.pgn) game"
"$PGNKIT" stats --nested-comments n.pgnkit >db.txt
"$PGNKIT" stats --nested-comments n.pgn >scan.txt
cmp db.txt scan.txt && echo "stats: as the scan"
"$PGNKIT" search --count n.pgnkit; echo "exit $?"
"$PGNKIT" search --count --nested-comments plain.pgnkit; echo "exit $?"
# An update reads the appended games nested too, without the option.
sed -n '/Round "5"/,$p' n.pgn | sed '1i [Event "Club championship"]' | sed 's/Round "5"/Round "6"/' >>n.pgn
"$PGNKIT" index -q --update n.pgnkit; echo "exit $?"
sqlite3 n.pgnkit "SELECT number, valid, plies FROM games"
"$PGNKIT" index -q --update --nested-comments plain.pgnkit; echo "exit $?"
