#!/bin/sh
# records_input.sh - games as data in: the lichess API's NDJSON, chess.com's
# published-data API and lichess Parquet rows become games every command reads.
# The oracles are the hand-written PGN files beside each fixture (written from
# lichess's documented export, chess.com's pgn field, the rows' own fields):
# converting the records must give what converting those PGN files gives, tag
# for tag and comment for comment. Bad records are reported with file:line,
# their number and the field; hostile JSON never crashes.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
d=testdata/records

bad() { echo "$1"; fail=1; }

# same_games NAME RECORDS-COMMAND... : convert of the records equals convert of NAME's expected PGN.
same_games() {
    name=$1
    shift
    "$PGNKIT" convert "$@" >"$tmp/got.pgn" 2>"$tmp/got.err"
    "$PGNKIT" convert "$d/$name.expected.pgn" >"$tmp/want.pgn" 2>/dev/null
    if ! cmp -s "$tmp/got.pgn" "$tmp/want.pgn"; then
        bad "$name ($*): converted records differ from $name.expected.pgn:"
        diff "$tmp/want.pgn" "$tmp/got.pgn" | head -20
    fi
}

# 1. Each source, with --from and without (detected from the first record).
for src in lichess chesscom rows; do
    f=$(ls $d/$src.*json)
    same_games "$src" --from "$src" "$f"
    same_games "$src" "$f"
    # Standard input needs --from: it cannot be looked at twice.
    same_games "$src" --from "$src" - <"$f"
done
# gzip input is decoded under the records too (the fixture is the lichess one, compressed).
same_games lichess --from lichess $d/lichess.ndjson.gz
same_games lichess $d/lichess.ndjson.gz

# 2. Every record is a game or a report naming it: games in = converted + invalid.
expect_line() { # expect_line WHAT FILE LINE
    grep -qxF -- "$3" "$2" || { bad "$1: no line '$3' in:"; cat "$2"; }
}
"$PGNKIT" convert --from lichess $d/lichess.ndjson >/dev/null 2>"$tmp/err"
expect_line "lichess bad record" "$tmp/err" \
    "pgnkit convert: error: $d/lichess.ndjson:7: record 4: field 'players.white.rating': must be a whole number"
expect_line "lichess summary" "$tmp/err" "5 games: 4 converted, 1 invalid (skipped)"
"$PGNKIT" convert $d/chesscom.json >/dev/null 2>"$tmp/err"
expect_line "chesscom bad record" "$tmp/err" \
    "pgnkit convert: error: $d/chesscom.json:1: record 2: field 'pgn': missing"
"$PGNKIT" validate -q $d/rows.ndjson 2>"$tmp/err"
[ $? = 1 ] || bad "validate of rows with bad records: exit status not 1"
expect_line "rows bad type" "$tmp/err" \
    "pgnkit validate: error: $d/rows.ndjson:4: record 4: field 'WhiteElo': must be a string or a number"

# 3. A game's diagnostics name its record's line (the record is line 3, game 3).
printf '{"id":"a","status":"resign","players":{},"winner":"white","moves":"e4 e5"}\n\n{"id":"b","status":"resign","players":{},"winner":"white","moves":"e4 e5 Ke3"}\n' \
    >"$tmp/illegal.ndjson"
"$PGNKIT" validate "$tmp/illegal.ndjson" >"$tmp/out" 2>&1
grep -q "^$tmp/illegal.ndjson:3:[0-9]*: error: game 2 .*Ke3" "$tmp/out" ||
    { bad "illegal move not reported at line 3 of its record:"; cat "$tmp/out"; }

# ...also after a long run of blank lines (a new span of its own): line 5002.
{
    printf '{"id":"a","status":"resign","players":{},"winner":"white","moves":"e4 e5"}\n'
    awk 'BEGIN { for (i = 0; i < 5000; i++) print "" }'
    printf '{"id":"b","status":"resign","players":{},"winner":"white","moves":"d4 d5 Kd2 Kd7 Ke4"}\n'
} >"$tmp/gap.ndjson"
"$PGNKIT" validate "$tmp/gap.ndjson" >"$tmp/out" 2>&1
grep -q "^$tmp/gap.ndjson:5002:[0-9]*: error: game 2 .*Ke4" "$tmp/out" ||
    { bad "illegal move after 5000 blank lines not reported at line 5002:"; cat "$tmp/out"; }

# 4. search and stats read records as games: one game of Alice, four games in all.
n=$("$PGNKIT" search -c --white Alice $d/lichess.ndjson 2>/dev/null)
[ "$n" = 1 ] || bad "search -c --white Alice: $n, expected 1"
n=$("$PGNKIT" stats $d/lichess.ndjson 2>/dev/null | awk '$1 == "all" { print $2; exit }')
[ "$n" = 4 ] || bad "stats games: $n, expected 4"

# 5. Not records: PGN, pgnkit's own JSON and a PGN opening with a comment stay PGN.
printf '{ a comment first }\n[Event "x"]\n\n1. e4 *\n' >"$tmp/comment.pgn"
n=$("$PGNKIT" search -c --event x "$tmp/comment.pgn" 2>/dev/null)
[ "$n" = 1 ] || bad "PGN opening with a comment: $n games, expected 1"
"$PGNKIT" convert --from lichess testdata/sample.pgn >/dev/null 2>"$tmp/err"
[ $? -ge 1 ] && grep -q "bad JSON" "$tmp/err" || bad "PGN read as lichess: no 'bad JSON' report"

# An unknown --from is a usage error, in every command that reads games.
for cmd in validate convert search stats; do
    "$PGNKIT" $cmd --from xml $d/rows.ndjson >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc = 2 ] || bad "$cmd --from xml: exit status $rc, expected 2"
    grep -q "unknown input format 'xml'" "$tmp/err" || bad "$cmd --from xml: no message"
done

# 6. Hostile JSON: truncated, huge numbers, wrong types, deep nesting: reported, no crash.
{
    printf '{"id":"t","status":"mate","players":{"white":{"rating":1e400}},"moves":"e4"}\n'
    printf '{"id":"t","status":"mate","players":{"white":{"rating":99999999999999999999}},"moves":"e4"}\n'
    printf '{"id":"t","status":"mate","players":[],"moves":"e4","clocks":[-1]}\n'
    printf '{"id":"t","status":"mate","players":{},"moves":"e4","clocks":[1.5]}\n'
    printf '{"id":"t","status":"mate","players":{},"moves":"e4","analysis":[{"eval":"x"}]}\n'
    printf '{"id":"t","status":"mate","players":{},"moves":"e4","analysis":[7]}\n'
    printf '{"id":"t","status":"mate","players":{},"moves":7}\n'
    printf '{"id":"t","status":"nope","players":{}}\n'
    printf '{"id":"t","status":"mate","players":{},"createdAt":-5}\n'
    printf '{"id":"t","status":"mate","players":{},"variant":"chess2"}\n'
    printf '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n'
    printf '"just a string"\n'
    printf '{"id":"t","status":"mate","players":{"white":{"user":{"name":"cut'
} >"$tmp/hostile.ndjson"
for src in lichess chesscom rows; do
    "$PGNKIT" convert --from $src "$tmp/hostile.ndjson" >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -le 3 ] || bad "hostile --from $src: exit status $rc (a crash?)"
    grep -q "bad JSON" "$tmp/err" || bad "hostile --from $src: the truncated record is not reported"
done
# Each of the 13 lines is reported by its line (the array of line 11 twice: its
# element, then the bracket left over), and the summary counts every report.
"$PGNKIT" convert --from lichess "$tmp/hostile.ndjson" >/dev/null 2>"$tmp/err"
for line in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
    grep -q "error: $tmp/hostile.ndjson:$line[:0-9]*: record [0-9]*: " "$tmp/err" ||
        { bad "hostile: line $line not reported:"; cat "$tmp/err"; }
done
expect_line "hostile summary" "$tmp/err" "14 games: 0 converted, 14 invalid (skipped)"
exit $fail
