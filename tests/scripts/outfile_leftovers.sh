#!/bin/sh
# outfile_leftovers.sh - a run killed while writing an output file (SIGKILL:
# no chance to clean up) leaves its temporary file .NAME.tmp-PID-XXXXXX; the
# next run that writes the same target removes it (issue 33, item 4), and
# keeps every file that only looks like one: another target's, one of a
# process still running, a name not of that exact form.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
copies=0
while [ $copies -lt 64 ]; do cat testdata/sample.pgn; copies=$((copies + 1)); done >"$tmp/big.pgn"
mkdir "$tmp/out"

# Killed once its temporary file holds something; a run that finished first
# (a fast machine) is tried again on an input twice as large.
left=
for try in 1 2 3 4; do
    "$PGNKIT" validate -q -j 1 --good "$tmp/out/good.pgn" "$tmp/big.pgn" &
    pid=$!
    n=0
    until [ -n "$(find "$tmp/out" -name '.good.pgn.*' -size +0 2>/dev/null)" ] ||
        [ $n -ge 400 ] || ! kill -0 $pid 2>/dev/null; do
        sleep 0.02; n=$((n + 1))
    done
    kill -KILL $pid 2>/dev/null
    wait $pid 2>/dev/null
    left=$(ls -A "$tmp/out" | grep '^\.good\.pgn\.')
    [ -n "$left" ] && break
    rm -f "$tmp/out/good.pgn"
    cat "$tmp/big.pgn" "$tmp/big.pgn" >"$tmp/bigger.pgn" && mv "$tmp/bigger.pgn" "$tmp/big.pgn"
done
[ -n "$left" ] || fail "the killed run left no temporary file to clean up (never killed in time?)"
case $left in
.good.pgn.tmp-$pid-??????) ;;
*) fail "the temporary file is '$left', not .good.pgn.tmp-$pid-XXXXXX" ;;
esac
[ -e "$tmp/out/good.pgn" ] && fail "the killed run left a good.pgn"

# Names a later run must keep: this shell is running; another target; not
# the exact form (no PID, five letters, seven letters, a suffix).
keep=".good.pgn.tmp-$$-abcdef .other.pgn.tmp-$pid-abcdef .good.pgn.tmp-notes
.good.pgn.tmp-$pid-abcde .good.pgn.tmp-$pid-abcdefg .good.pgn.tmp-$pid-abcdef.bak
good.pgn.tmp-$pid-abcdef .good.pgn.$pid-abcdef"
for f in $keep; do echo keep >"$tmp/out/$f"; done
# A folder of the right name is not a file to remove.
mkdir "$tmp/out/.good.pgn.tmp-$pid-folder"

"$PGNKIT" validate -q -j 1 --good "$tmp/out/good.pgn" testdata/sample.pgn ||
    fail "the second run: exit $?"
[ -e "$tmp/out/$left" ] && fail "the second run left the killed run's '$left'"
for f in $keep; do
    [ -e "$tmp/out/$f" ] || fail "the second run removed '$f'"
done
[ -d "$tmp/out/.good.pgn.tmp-$pid-folder" ] || fail "the second run removed a folder"
n=$(grep -c '^\[Event ' "$tmp/out/good.pgn")
want=$(grep -c '^\[Event ' testdata/sample.pgn)
[ "$n" = "$want" ] || fail "good.pgn holds $n games, not $want"
# Nothing else: the run's own temporary file is gone too.
ls -A "$tmp/out" | grep -v '^good\.pgn$' | sort >"$tmp/have"
{ for f in $keep; do echo "$f"; done; echo ".good.pgn.tmp-$pid-folder"; } | sort >"$tmp/want"
cmp -s "$tmp/have" "$tmp/want" || fail "left in the folder: $(comm -23 "$tmp/have" "$tmp/want")"
# Split output writes many files in one folder: each one's leftover goes too.
mkdir "$tmp/split"
echo old >"$tmp/split/.3.pgn.tmp-$pid-abcdef"
echo old >"$tmp/split/.30.pgn.tmp-$pid-abcdef"
"$PGNKIT" convert -q --split-every 5 --split-name "$tmp/split/{}.pgn" testdata/sample.pgn ||
    fail "convert --split-every: exit $?"
[ -e "$tmp/split/.3.pgn.tmp-$pid-abcdef" ] && fail "convert --split-every left 3.pgn's leftover"
[ -e "$tmp/split/.30.pgn.tmp-$pid-abcdef" ] || fail "convert --split-every removed 30.pgn's (no such file written)"
exit $status
