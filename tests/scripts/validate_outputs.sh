#!/bin/sh
# validate_outputs.sh - --good/--bad never destroy an input, never mix two
# outputs, replace the old file only when the run succeeds, and '-' is
# standard output with the diagnostics on standard error; with --max-errors
# the split stays complete.
set -u
. tests/scripts/need.inc
need gzip
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
cat testdata/sample.pgn testdata/broken/illegal-*.pgn >"$tmp/in.pgn"
cp "$tmp/in.pgn" "$tmp/orig.pgn"
games=$(grep -c '^\[Event ' "$tmp/in.pgn")
ln -s in.pgn "$tmp/link.pgn"
ln "$tmp/in.pgn" "$tmp/hard.pgn"

# Outputs that are an input, or each other: exit 2, nothing written.
refused() {
    "$PGNKIT" validate "$@" >/dev/null 2>"$tmp/err"
    code=$?
    [ "$code" = 2 ] || fail "validate $* exited $code, not 2"
    grep -q 'same file\|is the input' "$tmp/err" || fail "validate $*: no message: $(cat "$tmp/err")"
    cmp -s "$tmp/in.pgn" "$tmp/orig.pgn" || fail "validate $* changed the input"
    cp "$tmp/orig.pgn" "$tmp/in.pgn"
}
refused --strict --good "$tmp/in.pgn" "$tmp/in.pgn"
refused --bad "$tmp/in.pgn" "$tmp/in.pgn"
refused --good "$tmp/link.pgn" "$tmp/in.pgn"
refused --good "$tmp/hard.pgn" "$tmp/in.pgn"
refused --good "$tmp/in.pgn" - <"$tmp/in.pgn"
refused --good "$tmp/in.pgn" <"$tmp/in.pgn"
refused --good "$tmp/out.pgn" --bad "$tmp/out.pgn" "$tmp/in.pgn"
refused --good "$tmp/out.pgn" --bad "$tmp/./out.pgn" "$tmp/in.pgn"
refused --good - --bad - "$tmp/in.pgn"
[ -e "$tmp/out.pgn" ] && fail "a refused run created its output"

# A failed run leaves the old files as they were: the disk is full.
if [ -w /dev/full ]; then
    echo old >"$tmp/good.pgn"
    ln -s /dev/full "$tmp/full.pgn"
    "$PGNKIT" validate -q --good "$tmp/good.pgn" --bad "$tmp/full.pgn" "$tmp/in.pgn" 2>/dev/null
    [ $? = 3 ] || fail "a full disk did not exit 3"
    [ "$(cat "$tmp/good.pgn")" = old ] || fail "a failed run replaced --good"
    rm "$tmp/full.pgn"
fi

# A good run replaces them, through a symbolic link the link stays, and no
# temporary file is left behind.
ln -s good.pgn "$tmp/good-link.pgn"
"$PGNKIT" validate -q --good "$tmp/good-link.pgn" --bad "$tmp/bad.pgn" "$tmp/in.pgn"
[ -L "$tmp/good-link.pgn" ] || fail "the link to --good was replaced by a file"
n=$(cat "$tmp/good.pgn" "$tmp/bad.pgn" | grep -c '^\[Event ')
[ "$n" = "$games" ] || fail "--good and --bad hold $n games, not $games"
left=$(ls -A "$tmp" | grep -c '^\.')
[ "$left" = 0 ] || fail "temporary files left: $(ls -A "$tmp")"
"$PGNKIT" validate -q --good "$tmp/good.pgn" --bad /dev/null "$tmp/in.pgn"
[ -c /dev/null ] || fail "/dev/null is no longer a device"

# --good -: the games on standard output, the diagnostics on standard error.
"$PGNKIT" validate --good - "$tmp/in.pgn" >"$tmp/stdout" 2>"$tmp/stderr"
[ -e ./- ] && { rm -f ./-; fail "--good - wrote a file named '-'"; }
cmp -s "$tmp/stdout" "$tmp/good.pgn" || fail "--good - differs from --good FILE"
grep -q 'error: game' "$tmp/stderr" || fail "--good -: no diagnostics on standard error"
"$PGNKIT" validate --bad - "$tmp/in.pgn" 2>/dev/null | grep -q ': error: ' &&
    fail "--bad -: diagnostics mixed with the games"

# --max-errors with a split: diagnostics stop, the split stays complete.
"$PGNKIT" validate --max-errors 1 --good "$tmp/g.pgn" --bad "$tmp/b.pgn" "$tmp/in.pgn" \
    >"$tmp/stdout" 2>"$tmp/stderr"
n=$(cat "$tmp/g.pgn" "$tmp/b.pgn" | grep -c '^\[Event ')
[ "$n" = "$games" ] || fail "--max-errors 1 with --good/--bad kept $n games of $games"
[ "$(grep -c ': error: ' "$tmp/stdout")" = 1 ] || fail "--max-errors 1 printed $(grep -c ': error: ' "$tmp/stdout") errors"
grep -q "^$games games" "$tmp/stderr" || fail "the summary does not count every game: $(tail -n 1 "$tmp/stderr")"

# Damaged input (a read error mid-file): exit 3, and --good and --bad both
# hold the games read before the damage, each once (validate(1), --good).
cat testdata/broken/illegal-*.pgn testdata/sample.pgn | gzip -c | head -c 15000 >"$tmp/cut.pgn.gz"
rm -f "$tmp/g.pgn" "$tmp/b.pgn"
"$PGNKIT" validate -q --good "$tmp/g.pgn" --bad "$tmp/b.pgn" "$tmp/cut.pgn.gz" 2>/dev/null
[ $? = 3 ] || fail "a damaged input did not exit 3"
read_games=$("$PGNKIT" validate "$tmp/cut.pgn.gz" 2>&1 | tail -n 1 | sed 's/ game.*//')
n=$(cat "$tmp/g.pgn" "$tmp/b.pgn" 2>/dev/null | grep -c '^\[Event ')
[ "$n" = "$read_games" ] || fail "after damaged input --good and --bad hold $n games of $read_games read"
[ -s "$tmp/b.pgn" ] || fail "after damaged input --bad lost its games"
exit $status
