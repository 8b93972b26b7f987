#!/bin/sh
# index_freshness.sh - a database never answers silently wrong: an appended source is
# read as far as indexed (a warning) until --update adds the rest, reading only from the
# last indexed game on and counting only what is new; an edited, truncated, re-touched, recompressed or missing source
# fails the query with exit status 3; --update re-indexes a changed source whole. After
# each update the database answers exactly as the scan of the source.
. tests/scripts/need.inc
need gzip
. tests/scripts/index_setup.inc

# check NAME WANT_EXIT WANT_STDERR_PATTERN ARGS...: search through the database.
check() {
    name=$1 want=$2 pattern=$3; shift 3
    "$PGNKIT" search "$@" g.pgnkit >out 2>err; code=$?
    [ "$code" = "$want" ] || fail "$name: exit $code, expected $want ($(cat err))"
    if [ -n "$pattern" ]; then
        grep -q -- "$pattern" err || fail "$name: no '$pattern' on stderr: $(cat err)"
    elif [ -s err ]; then
        fail "$name: unexpected stderr: $(cat err)"
    fi
}
# same NAME: the database answers as the scan of g.pgn (count, list, games, stats).
same() {
    for a in --count --list ""; do
        "$PGNKIT" search $a --player . g.pgn >scan.out 2>&1
        "$PGNKIT" search $a --player . g.pgnkit >db.out 2>&1
        cmp -s scan.out db.out || { fail "$1: search $a differs from the scan"; diff scan.out db.out | head -5; }
    done
    "$PGNKIT" stats g.pgn >scan.out 2>&1; "$PGNKIT" stats g.pgnkit >db.out 2>&1
    cmp -s scan.out db.out || fail "$1: stats differs from the scan"
}

# The first 20 games; then the others are appended.
awk '/^\[Event / { n++ } n <= 20' "$root/testdata/sample.pgn" >g.pgn
awk '/^\[Event / { n++ } n > 20' "$root/testdata/sample.pgn" >rest.pgn
"$PGNKIT" index -q g.pgn -o g.pgnkit || fail "index failed"
same fresh
check fresh 0 "" --count
old=$(cat out)

# Appended: more games. The old answer, with a warning.
cat rest.pgn >>g.pgn
check appended 0 "g.pgn grew since it was indexed" --count
[ "$(cat out)" = "$old" ] || fail "appended: $(cat out) games, expected the indexed $old"
"$PGNKIT" index --update g.pgnkit 2>err || fail "update failed: $(cat err)"
# Only the 19 appended games are counted: the last indexed one, read again in case
# the appended text continues it, is unchanged.
read_n=$(sed -n 's/.*: \([0-9]*\) games read.*/\1/p' err)
[ "$read_n" = 19 ] || fail "update says $read_n games read, not the 19 appended"
check updated 0 "" --count
same updated

# A source cut inside a game: its last game is read again with what follows.
head -c 40000 "$root/testdata/sample.pgn" >g.pgn
"$PGNKIT" index -q g.pgn -o g.pgnkit
tail -c +40001 "$root/testdata/sample.pgn" >>g.pgn
"$PGNKIT" index --update -j 2 g.pgnkit 2>err || fail "update of a cut game failed"
same "cut game updated"
# The cut game grew: it counts as read, with the games after it.
cut=$(head -c 40000 "$root/testdata/sample.pgn" | grep -c '^\[Event ')
read_n=$(sed -n 's/.*: \([0-9]*\) games read.*/\1/p' err)
[ "$read_n" = $((39 - cut + 1)) ] || fail "update of a cut game says $read_n games read, not $((39 - cut + 1))"

# Appended to an invalid last game, an update does not report it again.
printf '[Event "a"]\n[Result "*"]\n\n1. e4 Ke7 2. Zz9 *\n' >g.pgn
"$PGNKIT" index -q g.pgn -o g.pgnkit
printf '\n[Event "b"]\n[Result "*"]\n\n1. d4 *\n' >>g.pgn
"$PGNKIT" index --update g.pgnkit 2>err || fail "update after an invalid game failed"
[ "$(grep -c 'Zz9' err)" = 0 ] || fail "update reported the old invalid game again: $(cat err)"
grep -q ": 1 games read (0 invalid), 2 in" err || fail "update after an invalid game: $(cat err)"

# An update with nothing new reads nothing.
"$PGNKIT" index --update g.pgnkit 2>err
grep -q ": 0 games read" err || fail "fresh update: $(cat err)"

# Edited in the middle, same size: exit 3, then --update re-indexes it whole.
cp g.pgn saved.pgn
sed -i 's/Anderssen, Adolf/Anderssen, Adolx/' g.pgn
check edited 3 "g.pgn changed since it was indexed: run pgnkit index --update g.pgnkit" --count
"$PGNKIT" index -q --update g.pgnkit || fail "update after an edit failed"
same "re-indexed"
check "re-indexed" 0 "" --count

# Touched only: the same size at another time is a change (an edit the samples miss).
touch -d '2001-01-01' g.pgn
check touched 3 "changed since it was indexed" --count
"$PGNKIT" index -q --update g.pgnkit && check "touched, updated" 0 "" --count

# Truncated: changed.
head -c 30000 g.pgn >t.pgn && mv t.pgn g.pgn
check truncated 3 "changed since it was indexed" --count

# Missing: an error naming the source.
rm g.pgn
check missing 3 "cannot open 'g.pgn'" --count

# A gzip source: any change is one (its offsets are not the file's).
gzip -c saved.pgn >z.pgn.gz
"$PGNKIT" index -q z.pgn.gz -o g.pgnkit
check gzip 0 "" --count
gzip -c "$root/testdata/sample.pgn" >z.pgn.gz
check "gzip changed" 3 "z.pgn.gz changed since it was indexed" --count
exit $status
