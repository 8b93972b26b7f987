# search -c where the games must be read and their file is missing: through a
# database (its source gone) as in a scan of that file, a message, exit status 3
# and no count, since a count of part of the input is a wrong answer.
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
cp testdata/sample.pgn "$t/s.pgn"
cd "$t" || exit 3
"$PGNKIT" index -q s.pgn -o s.pgnkit || exit 3
rm s.pgn
for q in "--comment zzz" "--position 8/8/8/8/8/8/8/8" "-j2 --elo-min 2400 --summary"; do
    for input in s.pgnkit s.pgn; do
        # shellcheck disable=SC2086
        "$PGNKIT" search -c $q "$input" >out 2>err
        echo "$q $input: exit $?, stdout '$(cat out)', $(grep -c 'cannot open' err) message"
    done
done
