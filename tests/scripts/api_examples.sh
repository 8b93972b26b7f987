#!/bin/sh
# api_examples.sh - the example programs of tests/examples, built as a user builds them.
# SPDX-License-Identifier: MIT
#
# Each example includes only <pgnkit.h> and is compiled with what
# `pkg-config --cflags --libs libpgnkit` says, against the library `make
# test` installs into $BUILD/stage (make install-lib with DESTDIR). Then its
# output on files of testdata/ is compared with the command's: an example
# that needed an internal header would mean the interface lacks something.
# PGNKIT_USER_CFLAGS (set by make check) is added to a program built against
# a sanitized library: the sanitizer runtime must come first.
. "${PGNKIT_ROOT:-.}/tests/scripts/api_stage.inc"

if grep -n '#include "' tests/examples/*.c; then
    fail "an example includes a header of the source tree (above): only <pgnkit.h>, <pgnkit_db.h>"
fi

for src in tests/examples/*.c; do
    name=$(basename "$src" .c)
    # shellcheck disable=SC2086
    cc -std=c11 -Wall -Wextra -Werror $cflags ${PGNKIT_USER_CFLAGS:-} -o "$tmp/$name" "$src" $libs ||
        fail "$src does not build against the installed library"
done
# The static library too, with the private libraries pkg-config lists.
private=$(pkg-config --static --libs-only-l libpgnkit | sed 's/-lpgnkit//')
# shellcheck disable=SC2086
cc -std=c11 $cflags ${PGNKIT_USER_CFLAGS:-} -o "$tmp/validate-static" tests/examples/validate.c \
    "$prefix/lib/libpgnkit.a" $private || fail "validate.c does not link the static library"
case $(ldd "$tmp/validate" 2>/dev/null) in
    *"$prefix/lib/libpgnkit.so.0"*) ;;
    *) fail "the validate example does not run on the installed libpgnkit.so.0" ;;
esac

# validate: the same diagnostics, in the same order, as pgnkit validate's
# "FILE:LINE:COL: SEVERITY: GAME, MOVE: MESSAGE" lines without the game label
# (and without the notes on games repeated across the files, which the
# command finds by comparing games, not by replaying one).
# Every form of input the command reads: UTF-16, an archive, gzip.
files="testdata/sample.pgn $(ls testdata/broken/*.pgn | head -n 40) testdata/sample.pgn.gz
    testdata/formats/encoding-utf16le.pgn testdata/formats/encoding-utf16be.pgn
    testdata/formats/sample.pgn.7z"
for prog in validate validate-static; do
    # shellcheck disable=SC2086
    "$tmp/$prog" $files >"$tmp/ex.out" 2>&1
    code=$?
    # shellcheck disable=SC2086
    "$PGNKIT" validate --ignore duplicate-game $files >"$tmp/cli.out" 2>/dev/null
    cli_code=$?
    [ "$code" = "$cli_code" ] || fail "$prog exits $code, pgnkit validate $cli_code"
    [ "$(wc -l <"$tmp/ex.out")" = "$(wc -l <"$tmp/cli.out")" ] ||
        fail "$prog prints $(wc -l <"$tmp/ex.out") diagnostics, pgnkit validate $(wc -l <"$tmp/cli.out")"
    paste -d '\n' "$tmp/ex.out" "$tmp/cli.out" | awk '
        NR % 2 == 1 { ex = $0; next }
        {
            # the example: "WHERE SEVERITY: MESSAGE"; the command puts the game between
            split(ex, a, ": "); where = a[1] ": " a[2] ":"; msg = substr(ex, length(where) + 2)
            if (index($0, where) != 1 || substr($0, length($0) - length(msg) + 1) != msg) {
                if (++bad <= 5) print "differs:\n  example: " ex "\n  pgnkit:  " $0
            }
        }
        END { exit bad }' || fail "$prog and pgnkit validate disagree (above)"
    [ -s "$tmp/ex.out" ] || fail "$prog printed nothing"
done

"$tmp/validate" testdata/formats/document.pdf >/dev/null 2>"$tmp/err"
[ $? = 3 ] && grep -q 'not PGN: looks like a PDF document' "$tmp/err" ||
    fail "the validate example does not refuse a PDF as the command does"

# tagfilter: byte for byte what pgnkit search --white (a regex) copies.
for who in Steinitz 'Anderssen|Paulsen' nobody-at-all; do
    "$tmp/tagfilter" white "$who" testdata/sample.pgn >"$tmp/ex.out"
    code=$?
    "$PGNKIT" search --white "$who" testdata/sample.pgn >"$tmp/cli.out" 2>/dev/null
    cli_code=$?
    [ "$code" = "$cli_code" ] || fail "tagfilter white '$who' exits $code, pgnkit search $cli_code"
    cmp -s "$tmp/ex.out" "$tmp/cli.out" || fail "tagfilter white '$who' differs from pgnkit search"
done
[ "$(grep -c '^\[White "Steinitz' "$tmp/ex.out")" = 0 ] || fail "tagfilter matched nobody-at-all"
"$tmp/tagfilter" no-such-criterion x testdata/sample.pgn 2>/dev/null
[ $? = 2 ] || fail "tagfilter takes a criterion that does not exist"

# fenwalk: the positions pgnkit convert --format fen writes.
for f in testdata/sample.pgn testdata/sample.pgn.gz testdata/formats/sample.pgn.7z; do
    "$tmp/fenwalk" "$f" >"$tmp/ex.out" || fail "fenwalk $f failed"
    "$PGNKIT" convert --format fen "$f" >"$tmp/cli.out" 2>/dev/null
    cmp -s "$tmp/ex.out" "$tmp/cli.out" || fail "fenwalk $f differs from pgnkit convert --format fen"
    [ -s "$tmp/ex.out" ] || fail "fenwalk $f printed nothing"
done

# stats: the JSON aggregate of pgnkit stats, byte for byte, though the
# example counts alternate games on two handles and merges them; and merged
# from the JSON of shards (pgnkit stats --format json of each good file),
# with the games of the others read, it is still the aggregate of one run
# over every file. The broken games count as invalid, the same in both
# (the example replays with the game's own replay, the command with its
# workers').
files="testdata/sample.pgn testdata/stats/small.pgn testdata/stats/terminations.pgn
    testdata/stats/najdorf.pgn testdata/sample.pgn.gz $(ls testdata/broken/*.pgn)"
for report in summary openings players tree tree=3; do
    case $report in
        summary) opts= ;; tree=*) opts="--tree --depth ${report#tree=}" ;; *) opts=--$report ;;
    esac
    # shellcheck disable=SC2086
    "$PGNKIT" stats $opts --format json $files >"$tmp/cli.out" 2>/dev/null
    # shellcheck disable=SC2086
    "$tmp/stats" $report $files >"$tmp/ex.out" || fail "stats $report failed"
    cmp -s "$tmp/ex.out" "$tmp/cli.out" ||
        fail "stats $report differs from pgnkit stats $opts --format json: $(diff "$tmp/ex.out" "$tmp/cli.out" | head -c 300)"
    grep -q '^{"pgnkit_stats":1,"report":"'"${report%=*}"'","' "$tmp/ex.out" ||
        fail "stats $report wrote no $report aggregate"
    i=0
    for f in testdata/sample.pgn testdata/stats/small.pgn testdata/stats/terminations.pgn \
            testdata/stats/najdorf.pgn testdata/sample.pgn.gz; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        "$PGNKIT" stats $opts --format json "$f" >"$tmp/shard$i.json" 2>/dev/null
    done
    "$tmp/stats" $report "$tmp"/shard*.json testdata/broken/*.pgn >"$tmp/ex.out" ||
        fail "stats $report of shards failed"
    cmp -s "$tmp/ex.out" "$tmp/cli.out" || fail "stats $report: the merged shards differ from one run"
    "$tmp/stats" $report "$tmp/shard1.json" testdata/stats/small.pgn "$tmp/shard3.json" \
        testdata/stats/najdorf.pgn "$tmp/shard5.json" testdata/broken/*.pgn >"$tmp/ex.out" ||
        fail "stats $report of shards and games failed"
    cmp -s "$tmp/ex.out" "$tmp/cli.out" ||
        fail "stats $report: shards merged with games differ from one run"
done
# Each game counted once: 39 games in sample.pgn, by hand (39 [Event tags).
[ "$(grep -c '^\[Event ' testdata/sample.pgn)" = 39 ] || fail "sample.pgn no longer holds 39 games"
"$tmp/stats" summary testdata/sample.pgn | grep -q '"games":39,' ||
    fail "stats summary does not count the 39 games of sample.pgn"
# Bad JSON is refused with a reason, and another report's aggregate too.
echo '{"pgnkit_stats":1,"report":"summary","games":-1}' >"$tmp/bad.json"
"$tmp/stats" summary "$tmp/bad.json" >/dev/null 2>"$tmp/err"
[ $? = 3 ] && grep -q "member 'games' is negative" "$tmp/err" ||
    fail "the stats example merges a negative count: $(cat "$tmp/err")"
"$tmp/stats" players "$tmp/shard1.json" >/dev/null 2>"$tmp/err"
[ $? = 3 ] && grep -q "holds a tree report, the aggregate a players report" "$tmp/err" ||
    fail "the stats example merges a tree into a players aggregate: $(cat "$tmp/err")"

# A database over a copy of sample.pgn, and over its gzip (whose games are
# read whole: its offsets are not the file's).
cp testdata/sample.pgn testdata/sample.pgn.gz "$tmp/" || exit 3
for src in sample.pgn sample.pgn.gz; do
    "$PGNKIT" index -o "$tmp/$src.pgnkit" "$tmp/$src" 2>/dev/null ||
        { fail "pgnkit index $src failed"; continue; }
done

# dbtree: the counts of pgnkit stats --tree (its JSON holds them exactly).
# Each move as "SAN GAMES WHITE DRAWS BLACK"; the node "" is the root.
cli_tree() {
    "$PGNKIT" stats --tree --format json ${1:+--moves "$1"} "$2" 2>/dev/null |
        grep -o '"[^"]*":{"games":[0-9]*,"white":[0-9]*,"draws":[0-9]*,"black":[0-9]*' |
        sed 's/^"\([^"]*\)":{"games":\([0-9]*\),"white":\([0-9]*\),"draws":\([0-9]*\),"black":\([0-9]*\)$/\1 \2 \3 \4 \5/'
}
for db in sample.pgn.pgnkit sample.pgn.gz.pgnkit; do
    for line in "" "e4" "e4 c5" "e4 c5 Nf3" "d4 d5" "e4 e5 Nf3 Nc6 Bb5" "h4 h5"; do
        # shellcheck disable=SC2086
        "$tmp/dbtree" "$tmp/$db" $line >"$tmp/ex.out" 2>"$tmp/err" ||
            { fail "dbtree $db '$line' failed: $(cat "$tmp/err")"; continue; }
        cli_tree "$line" "$tmp/$db" >"$tmp/cli.all"
        grep -v '^ ' "$tmp/cli.all" | LC_ALL=C sort >"$tmp/cli.out"
        sed 1d "$tmp/ex.out" | LC_ALL=C sort >"$tmp/ex.moves"
        cmp -s "$tmp/ex.moves" "$tmp/cli.out" ||
            fail "dbtree $db '$line' counts differ from pgnkit stats --tree: $(diff "$tmp/ex.moves" "$tmp/cli.out" | tr '\n' ' ')"
        reached=$(sed -n 's/^ \([0-9]*\) .*/\1/p' "$tmp/cli.all")
        head -n 1 "$tmp/ex.out" | grep -q "^39 games, ${reached:-0} reach the position$" ||
            fail "dbtree $db '$line' says '$(head -n 1 "$tmp/ex.out")', pgnkit stats ${reached:-0} reach it"
    done
    [ "$(wc -l <"$tmp/ex.out")" -ge 1 ] || fail "dbtree printed nothing"
done
# Hand counts of sample.pgn: 25 of its 39 games open 1. e4, 3 of them 1... c5.
"$tmp/dbtree" "$tmp/sample.pgn.pgnkit" e4 | grep -q '^c5 3 2 1 0$' ||
    fail "dbtree after 1. e4 does not count the three Sicilians of sample.pgn (2 white wins, 1 draw)"
"$tmp/dbtree" "$tmp/sample.pgn.pgnkit" | grep -q '^e4 25 ' ||
    fail "dbtree at the start does not count the 25 games of sample.pgn that open 1. e4"

# dbgames: every game read back gives the source byte for byte (the games'
# spans partition the file), and counts are pgnkit search --count's.
for db in sample.pgn.pgnkit sample.pgn.gz.pgnkit; do
    "$tmp/dbgames" "$tmp/$db" >"$tmp/ex.out" || fail "dbgames $db failed"
    cmp -s "$tmp/ex.out" testdata/sample.pgn || fail "dbgames $db does not give sample.pgn back"
    for crit in "white Steinitz" "eco C2" "checkmate" "result 1/2-1/2" "moves e4" "plies-min 80" "has-comments" "comment the" "annotator ."; do
        name=${crit%% *} arg=${crit#"$name"}
        # shellcheck disable=SC2086
        ex=$("$tmp/dbgames" "$tmp/$db" $name $arg)
        # shellcheck disable=SC2086
        cli=$("$PGNKIT" search --count --$name $arg "$tmp/$db" 2>/dev/null)
        [ -n "$ex" ] && [ "$ex" = "$cli" ] ||
            fail "dbgames $db counts '$ex' games for --$crit, pgnkit search --count '$cli'"
    done
done
"$tmp/dbgames" "$tmp/sample.pgn.pgnkit" white Steinitz | grep -qx 4 ||
    fail "dbgames does not count the 4 games Steinitz plays White in sample.pgn"

# dbfind: the games pgnkit_db_find() tells, printed with pgnkit_db_game_pgn(),
# are byte for byte what pgnkit search writes for the same criteria over the
# same database (the records decide some, the sources the rest), also over a
# database of several sources (plain and compressed, games numbered across
# them), and the exit status is the command's.
cp testdata/corpus/engine_sunfish_3fold.pgn "$tmp/sunfish.pgn" || exit 3
"$PGNKIT" index -q -o "$tmp/three.pgnkit" "$tmp/sample.pgn" "$tmp/sunfish.pgn" \
    "$tmp/sample.pgn.gz" 2>/dev/null || fail "pgnkit index of three sources failed"
# Each line: the criteria, NAME=ARGUMENT or NAME, separated by ';'.
cat >"$tmp/criteria" <<'END'
white=Steinitz
eco=C2
checkmate
result=1/2-1/2
moves=e4 c5
comment=the
annotator=.
player=Anderssen;result=1-0
white=.;plies-min=80
repetition=3
where=plies > 100 and white_elo > 0
white=nobody-at-all

END
for db in sample.pgn.pgnkit sample.pgn.gz.pgnkit three.pgnkit; do
    while IFS= read -r crits; do
        IFS=';'
        set -f
        # shellcheck disable=SC2086
        set -- $crits
        set +f
        IFS=' 	
'
        "$tmp/dbfind" "$tmp/$db" "$@" >"$tmp/ex.out" 2>"$tmp/err"
        code=$?
        for c do set -- "$@" "--$c"; shift; done # NAME=ARG as the option --NAME=ARG
        "$PGNKIT" search "$@" "$tmp/$db" >"$tmp/cli.out" 2>/dev/null
        cli_code=$?
        [ "$code" = "$cli_code" ] ||
            fail "dbfind $db '$crits' exits $code ($(cat "$tmp/err")), pgnkit search $cli_code"
        cmp -s "$tmp/ex.out" "$tmp/cli.out" ||
            fail "dbfind $db '$crits' prints other games than pgnkit search"
    done <"$tmp/criteria"
done
# Hand counts: Steinitz plays White in 4 games of sample.pgn, so in 8 of the
# three sources (sample.pgn twice); the database gives nothing else.
[ "$("$tmp/dbfind" "$tmp/three.pgnkit" white=Steinitz | grep -c '^\[White "Steinitz')" = 8 ] ||
    fail "dbfind does not find the 8 games Steinitz plays White in sample.pgn twice"
[ "$("$tmp/dbfind" "$tmp/three.pgnkit" white=Steinitz | grep -c '^\[Event ')" = 8 ] ||
    fail "dbfind prints games Steinitz does not play White in"
"$tmp/dbfind" "$tmp/three.pgnkit" no-such-criterion 2>/dev/null
[ $? = 2 ] || fail "dbfind takes a criterion that does not exist"

# A source edited since it was indexed is refused, not answered from the records.
sed 's/Steinitz/Steinitx/' testdata/sample.pgn >"$tmp/sample.pgn"
touch -d '2001-01-01' "$tmp/sample.pgn"
"$tmp/dbgames" "$tmp/sample.pgn.pgnkit" white Steinitz >/dev/null 2>"$tmp/err"
[ $? = 3 ] && grep -q "changed since it was indexed" "$tmp/err" ||
    fail "dbgames reads a source changed since it was indexed"
"$tmp/dbgames" "$tmp/sample.pgn.gz.pgnkit" >/dev/null || fail "dbgames failed on an unchanged source"
"$tmp/dbgames" testdata/sample.pgn >/dev/null 2>&1
[ $? = 3 ] || fail "dbgames opens a PGN file as a database"
"$tmp/dbtree" "$tmp/no-such.pgnkit" >/dev/null 2>&1
[ $? = 3 ] || fail "dbtree opens a database that is not there"
exit $status
