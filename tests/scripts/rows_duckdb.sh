#!/bin/sh
# rows_duckdb.sh - DuckDB reads what convert --format rows and --format csv
# --per ply write, with the types a data user expects, and its answers agree
# with pgnkit's other outputs and with hand counts:
#   - per game: count(*) is the number of valid games `pgnkit stats` counts,
#     the ratings and their average are stats' "elo" section, avg(WhiteElo)
#     is the average of the WhiteElo column of the per-game CSV (awk);
#     WhiteElo is read as a number and UTCDate as a date;
#   - per ply: count(*) is the sum of the per-game CSV's plies column, and on
#     testdata/convert/plies.pgn the clocks, time spent and evaluations sum
#     to the values counted by hand in tests/cli/convert/per-ply-csv.stdout.
# DuckDB comes from npm (@duckdb/node-api), installed once under the build
# folder; without node and npm the test is skipped (need.inc).
# SPDX-License-Identifier: MIT
set -u
. tests/scripts/need.inc
need node nodejs
need npm npm
case $PGNKIT in /*) ;; *) PGNKIT=$(pwd)/$PGNKIT ;; esac
duck=$(dirname "$PGNKIT")/duckdb
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

if [ ! -d "$duck/node_modules/@duckdb/node-api" ]; then
    mkdir -p "$duck"
    if ! npm install --prefix "$duck" --no-audit --no-fund @duckdb/node-api >"$tmp/npm.log" 2>&1; then
        tail -n 5 "$tmp/npm.log"
        echo "skipped: npm could not install @duckdb/node-api"
        exit 77
    fi
fi
# q SQL: the result rows as JSON arrays of strings, one line.
cat >"$duck/q.mjs" <<'JS'
import { DuckDBInstance } from '@duckdb/node-api';
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
const result = await con.runAndReadAll(process.argv[2]);
console.log(JSON.stringify(result.getRowsJson().map(r => r.map(String))));
JS
q() { node "$duck/q.mjs" "$1"; }
check() { # NAME GOT WANT
    [ "$2" = "$3" ] || { echo "$1: DuckDB says $2, expected $3"; status=1; }
}

inputs="testdata/sample.pgn testdata/corpus/online_lichess.pgn testdata/corpus/online_chesscom_clk.pgn"
"$PGNKIT" convert -q --format rows $inputs >"$tmp/games.ndjson"
"$PGNKIT" convert -q --format csv --per ply $inputs >"$tmp/plies.csv"
"$PGNKIT" convert -q --format csv --columns WhiteElo,plies $inputs >"$tmp/games.csv"
"$PGNKIT" stats $inputs >"$tmp/stats.txt" 2>&1

valid=$(awk '$1 == "valid" { print $2 }' "$tmp/stats.txt")
ratings=$(awk '/^elo/ { e = 1 } e && $1 == "ratings" { print $2; exit }' "$tmp/stats.txt")
average=$(awk '/^elo/ { e = 1 } e && $1 == "average" { print $2; exit }' "$tmp/stats.txt")
white=$(awk -F, 'NR > 1 && $1 ~ /^[0-9]+$/ { s += $1; n++ } END { printf "%.3f", s / n }' "$tmp/games.csv")
plies=$(awk -F, 'NR > 1 { s += $2 } END { print s }' "$tmp/games.csv")
[ -n "$valid" ] && [ -n "$ratings" ] && [ -n "$average" ] || { echo "no stats to compare with"; exit 1; }

games=$tmp/games.ndjson
check "games" "$(q "SELECT count(*) FROM read_json_auto('$games')")" "[[\"$valid\"]]"
check "ratings and their average" \
    "$(q "SELECT count(WhiteElo) + count(BlackElo),
                 round((sum(WhiteElo) + sum(BlackElo)) / (count(WhiteElo) + count(BlackElo)), 1)
          FROM read_json_auto('$games')")" "[[\"$ratings\",\"$average\"]]"
check "avg(WhiteElo)" "$(q "SELECT round(avg(WhiteElo), 3) FROM read_json_auto('$games')")" \
    "[[\"$(echo "$white" | sed 's/0*$//; s/\.$//')\"]]"
check "types" "$(q "SELECT typeof(any_value(WhiteElo)), typeof(any_value(UTCDate))
                    FROM read_json_auto('$games')")" '[["BIGINT","DATE"]]'
check "plies" "$(q "SELECT count(*) FROM read_csv_auto('$tmp/plies.csv')")" "[[\"$plies\"]]"

# By hand from testdata/convert/plies.pgn (tests/cli/convert/per-ply-csv.stdout):
# 18 plies; time spent 2+3.5+7+3.5+7+19+3 + 0.1+2+4+0 = 51.1 s; lowest clock
# 160 s; 10 centipawn evaluations summing to 18+20-50-45-40 + 50-125-300 +
# 30+25 = -417; 2 mates.
"$PGNKIT" convert -q --format csv --per ply testdata/convert/plies.pgn >"$tmp/fixture.csv"
"$PGNKIT" convert -q --format rows --per ply testdata/convert/plies.pgn >"$tmp/fixture.ndjson"
want='[["18","51.1","160","10","-417","2"]]'
sql="SELECT count(*), round(sum(time_spent), 1), min(clock), count(eval_cp), sum(eval_cp),
            count(eval_mate) FROM"
check "per-ply CSV" "$(q "$sql read_csv_auto('$tmp/fixture.csv')")" "$want"
check "per-ply NDJSON" "$(q "$sql read_json_auto('$tmp/fixture.ndjson')")" "$want"
exit $status
