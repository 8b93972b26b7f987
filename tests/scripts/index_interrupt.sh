#!/bin/sh
# index_interrupt.sh - an interrupted index build or update ends as the other commands
# do: the summary of what was read, a line saying it was interrupted, exit status 130
# (143 for SIGTERM), and the database left as it was (the build's file removed, the
# update rolled back). A later build or update of the same database removes the
# .DB.tmp-PID-XXXXXX files (and their SQLite side files) that killed builds left
# (their PID gone), and only those: outfile.c's outfile_remove_leftovers() decides,
# for the database as for every output.
. tests/scripts/index_setup.inc
. "$root/tests/scripts/need.inc"
need sqlite3

for i in 1 2 3 4 5 6 7 8; do cat "$root/testdata/sample.pgn"; done >8.pgn
for i in 1 2 3 4 5 6 7 8; do cat 8.pgn; done >64.pgn
for i in 1 2 3 4 5 6 7 8; do cat 64.pgn; done >big.pgn # 44 MB

# A PID that is gone: a process that has ended (and was waited for).
sh -c 'exit 0' & dead=$!; wait $dead
cp "$root/testdata/sample.pgn" g.pgn
touch ".g.pgnkit.tmp-$dead-a1B2c3" ".g.pgnkit.tmp-$dead-a1B2c3-journal" \
    ".g.pgnkit.tmp-$dead-a1B2c3-wal" ".g.pgnkit.tmp-$$-a1B2c3" \
    ".other.pgnkit.tmp-$dead-a1B2c3" ".g.pgnkit.tmp-$dead-a1B2c3x" \
    ".g.pgnkit.tmp-$dead-a1B2c3-notes"
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "index failed"
[ -e ".g.pgnkit.tmp-$dead-a1B2c3" ] && fail "the file of a killed build was left"
[ -e ".g.pgnkit.tmp-$dead-a1B2c3-journal" ] && fail "the journal of a killed build was left"
[ -e ".g.pgnkit.tmp-$dead-a1B2c3-wal" ] && fail "the WAL of a killed build was left"
[ -e ".g.pgnkit.tmp-$$-a1B2c3" ] || fail "the file of a live process was removed"
[ -e ".other.pgnkit.tmp-$dead-a1B2c3" ] || fail "the file of another database was removed"
[ -e ".g.pgnkit.tmp-$dead-a1B2c3x" ] || fail "a file that is no build's was removed"
[ -e ".g.pgnkit.tmp-$dead-a1B2c3-notes" ] || fail "a file that is no side file was removed"
touch ".g.pgnkit.tmp-$dead-a1B2c3"
"$PGNKIT" index -q --update g.pgnkit || fail "update failed"
[ -e ".g.pgnkit.tmp-$dead-a1B2c3" ] && fail "update: the file of a killed build was left"
# index.c names no leftover itself: it reads no folder and asks after no process.
grep -n 'opendir\|readdir\|kill(\|\.tmp-' "$root/cmd/index.c" &&
    fail "cmd/index.c looks for leftovers itself (above), not through outfile.c"

# interrupted SIGNAL WANT NAME GROW ARGS...: index ARGS, signalled once it is under way
# (3 tries: the file GROW made larger when it finished first); checks the end.
interrupted() {
    sig=$1 want=$2 name=$3 grow=$4; shift 4
    for try in 1 2 3; do
        cp g.pgnkit before.pgnkit
        "$PGNKIT" index -j 2 "$@" 2>err &
        pid=$!
        n=0
        while [ "$(sed -n 's/^rchar: //p' /proc/$pid/io 2>/dev/null || echo 0)" -lt 3000000 ] &&
            [ $n -lt 400 ] && kill -0 $pid 2>/dev/null; do
            sleep 0.02; n=$((n + 1))
        done
        kill -"$sig" $pid 2>/dev/null
        wait $pid; code=$?
        if grep -q interrupted err; then
            [ "$code" = "$want" ] || fail "$name: exit $code, not $want"
            grep -q 'games read (.* invalid), none written' err || fail "$name: no summary: $(cat err)"
            grep -q "interrupted: 'g.pgnkit' is left as it was" err || fail "$name: $(cat err)"
            ls .g.pgnkit.tmp-$pid-* >/dev/null 2>&1 && fail "$name: its file was left"
            [ "$(sqlite3 g.pgnkit .dump)" = "$(sqlite3 before.pgnkit .dump)" ] ||
                fail "$name: the database changed"
            return 0
        fi
        # Finished first: a larger input, the database as it was.
        [ "$code" = 0 ] || fail "$name: exit $code, not interrupted: $(cat err)"
        cp before.pgnkit g.pgnkit
        cat big.pgn >>"$grow"
    done
    fail "$name: never interrupted"
}
cp big.pgn b.pgn
interrupted INT 130 "build, SIGINT" b.pgn b.pgn -o g.pgnkit
interrupted TERM 143 "build, SIGTERM" b.pgn b.pgn -o g.pgnkit
cp "$root/testdata/sample.pgn" u.pgn
"$PGNKIT" index -q u.pgn -o g.pgnkit || fail "index of u.pgn failed"
cat big.pgn >>u.pgn
interrupted INT 130 "update, SIGINT" u.pgn --update g.pgnkit
exit $status
