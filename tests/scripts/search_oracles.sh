#!/bin/sh
# search_oracles.sh - `pgnkit search` against independent answers: tag criteria against
# awk on every test file whose games all start with an Event tag, and every game of every
# test file printed back byte for byte.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
status=0

# Numbers of the games (counting [Event lines) whose tag NAME matches the ERE PAT.
oracle() {
    awk -v name="$1" -v pat="$2" '
    /^\[Event / { n++ }
    index($0, "[" name " \"") == 1 {
        v = substr($0, length(name) + 4)
        sub(/"\][ \t\r]*$/, "", v)
        if (v ~ pat && !(n in hit)) { hit[n] = 1; printf "%d ", n }
    }' "$3"
}
# The same through pgnkit search OPTION PAT.
ours() {
    "$PGNKIT" search -l "$1" "$2" "$3" | cut -f1 | tr '\n' ' '
}

files=0
for f in testdata/*.pgn testdata/corpus/*.pgn testdata/search/*.pgn testdata/notation/*.pgn; do
    # every game of every file comes back unchanged, in order
    if ! "$PGNKIT" search "$f" | cmp -s - "$f"; then
        echo "$f: search without criteria does not give the file back"; status=1
    fi
    [ "$(grep -c '^\[Event ' "$f")" = "$("$PGNKIT" search -c "$f")" ] || continue
    files=$((files + 1))
    for pair in "White|Carlsen" "White|^[A-M]" "Black|Anderssen" "Black|, [A-Z]$" "Event|London" \
                "Event|[0-9][0-9][0-9][0-9]" "Site|a" "Round|^1$" "Result|^1-0$" "ECO|^B9" "Date|^19[0-9][0-9]\." \
                "Annotator|." "WhiteElo|^2[7-9]"; do
        name=${pair%%|*}
        pat=${pair#*|}
        want=$(oracle "$name" "$pat" "$f")
        got=$(ours --tag "$name=$pat" "$f")
        if [ "$want" != "$got" ]; then
            echo "$f: --tag '$name=$pat': awk says '$want', search '$got'"; status=1
        fi
        case $name in
            White|Black|Event|Site|Annotator)
                opt=$(echo "$name" | tr 'A-Z' 'a-z')
                got=$(ours "--$opt" "$pat" "$f")
                if [ "$want" != "$got" ]; then
                    echo "$f: --$opt '$pat': awk says '$want', search '$got'"; status=1
                fi ;;
        esac
    done
    # --player: White or Black
    want=$( (oracle White Anderssen "$f"; oracle Black Anderssen "$f") | tr ' ' '\n' | sed '/^$/d' |
            sort -n -u | tr '\n' ' ')
    got=$(ours --player Anderssen "$f")
    [ "$want" = "$got" ] || { echo "$f: --player: awk '$want', search '$got'"; status=1; }
    # -v selects the rest
    all=$("$PGNKIT" search -c "$f")
    yes=$("$PGNKIT" search -c --white '^[A-M]' "$f")
    no=$("$PGNKIT" search -c -v --white '^[A-M]' "$f")
    [ $((yes + no)) = "$all" ] || { echo "$f: -v: $yes + $no != $all"; status=1; }
done
[ $files -ge 20 ] || { echo "only $files files checked"; status=1; }
exit $status
