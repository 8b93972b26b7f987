#!/bin/sh
# output_is_input.sh - no command writes over a file it reads (issue 33, item 3):
# standard output appended to an input (`pgnkit search in.pgn >> in.pgn`, which
# would read its own output and grow without end), also through a symbolic or
# hard link, from standard input, or onto a source of a database input, and a
# named output (--rest, --good, a split file, a diagram page) that is one, are
# refused with exit 2 before anything is read, and the input is left as it
# was. A pipe, a terminal or a device on standard output is fine.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "FAIL: $*"; status=1; }
cp testdata/sample.pgn "$tmp/in.pgn"
cp "$tmp/in.pgn" "$tmp/orig.pgn"
ln -s in.pgn "$tmp/link.pgn"
ln "$tmp/in.pgn" "$tmp/hard.pgn"
mkdir "$tmp/other"

# check_refused WHAT CODE: the command just run exited CODE: it must be 2,
# with its message in "$tmp/err", and the input unchanged.
check_refused() {
    what=$1 code=$2
    [ "$code" = 2 ] || fail "$what: exit $code, not 2"
    grep -q 'is the input\|a source of the database\|are the same file' "$tmp/err" ||
        fail "$what: no message: $(head -n 3 "$tmp/err")"
    if ! cmp -s "$tmp/in.pgn" "$tmp/orig.pgn"; then
        fail "$what: the input changed"
        cp "$tmp/orig.pgn" "$tmp/in.pgn"
    fi
}

# Standard output appended to an input, for every command that reads games.
for cmd in "search" "search -v" "search -c" "convert" "convert --format uci" "validate" \
    "stats" "annotate --eco" "diagram --page" "search --split-every 5 --split-name $tmp/other/{}.pgn"; do
    for input in in.pgn link.pgn hard.pgn; do
        # The command is cut short by timeout if it reads its own output.
        timeout 60 "$PGNKIT" $cmd "$tmp/$input" >>"$tmp/in.pgn" 2>"$tmp/err"
        check_refused "$cmd $input >> in.pgn" $?
    done
    timeout 60 "$PGNKIT" $cmd <"$tmp/in.pgn" >>"$tmp/in.pgn" 2>"$tmp/err"
    check_refused "$cmd < in.pgn >> in.pgn" $?
done

# Named outputs that are an input.
"$PGNKIT" search --result 1-0 --rest "$tmp/link.pgn" "$tmp/in.pgn" >/dev/null 2>"$tmp/err"
check_refused "search --rest link.pgn" $?
"$PGNKIT" validate --good "$tmp/hard.pgn" "$tmp/in.pgn" >/dev/null 2>"$tmp/err"
check_refused "validate --good hard.pgn" $?
"$PGNKIT" diagram --page -o "$tmp/link.pgn" "$tmp/in.pgn" >/dev/null 2>"$tmp/err"
check_refused "diagram --page -o link.pgn" $?
# (A split file that is an input: tests/cli/convert/split-input.sh.)

# A database input stands for its source files: writing one of them is
# writing over an input, whichever folder the command runs in.
if "$PGNKIT" index -q "$tmp/in.pgn" -o "$tmp/db.pgnkit" 2>"$tmp/err"; then
    for cmd in "search" "convert" "stats" "validate"; do
        "$PGNKIT" $cmd "$tmp/db.pgnkit" >>"$tmp/in.pgn" 2>"$tmp/err"
        check_refused "$cmd db.pgnkit >> in.pgn (its source)" $?
    done
    # Several databases and files: the source of the second one is found.
    cp testdata/sample.pgn "$tmp/other/a.pgn"
    "$PGNKIT" index -q "$tmp/other/a.pgn" -o "$tmp/other/a.pgnkit" 2>"$tmp/err" ||
        fail "index a.pgn: $(head -n 3 "$tmp/err")"
    for cmd in "search" "convert"; do
        "$PGNKIT" $cmd "$tmp/other/a.pgnkit" "$tmp/db.pgnkit" "$tmp/other/a.pgn" \
            >>"$tmp/in.pgn" 2>"$tmp/err"
        check_refused "$cmd a.pgnkit db.pgnkit a.pgn >> in.pgn (a source of db.pgnkit)" $?
    done
    (cd "$tmp/other" && "$PGNKIT" search --rest ../link.pgn --result 1-0 ../db.pgnkit \
        >/dev/null 2>"$tmp/err")
    check_refused "search --rest onto a database's source" $?
    # Reading the database into another file is fine.
    "$PGNKIT" search "$tmp/db.pgnkit" >"$tmp/copy.pgn" 2>"$tmp/err" ||
        fail "search db.pgnkit > copy.pgn: exit $?: $(head -n 3 "$tmp/err")"
else
    fail "index: $(head -n 3 "$tmp/err")"
fi

# A pipe, a device, or a file that is no input: not refused.
games=$(grep -c '^\[Event ' "$tmp/in.pgn")
n=$("$PGNKIT" search "$tmp/in.pgn" | grep -c '^\[Event ')
[ "$n" = "$games" ] || fail "search in.pgn | grep: $n games, not $games"
n=$("$PGNKIT" search <"$tmp/in.pgn" | "$PGNKIT" search | grep -c '^\[Event ')
[ "$n" = "$games" ] || fail "search | search: $n games, not $games"
"$PGNKIT" convert "$tmp/in.pgn" >/dev/null 2>&1 || fail "convert in.pgn > /dev/null: exit $?"
"$PGNKIT" search --rest /dev/null --result 1-0 "$tmp/in.pgn" >/dev/null ||
    fail "search --rest /dev/null > /dev/null: exit $?"
"$PGNKIT" validate -q "$tmp/in.pgn" >>"$tmp/other/log" || fail "validate >> log: exit $?"
exit $status
