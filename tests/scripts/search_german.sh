#!/bin/sh
# search_german.sh - `search --moves` finds the same games whatever the notation of the
# moves asked for (English or German, short, long or UCI) and of the file searched: the
# two otb_events_2019 files hold the same 20 games, in German SAN and in English long
# algebraic notation.
set -u
root=${PGNKIT_ROOT:-.}
cd "$root" || exit 1
de=testdata/notation/otb_events_2019.de-san.pgn
en=testdata/notation/otb_events_2019.en-xlalg.pgn
status=0
found=0

games() { "$PGNKIT" search -l "$@" | cut -f1 | tr '\n' ' '; }

# Each line: the same opening prefix written several ways, separated by '|'.
while IFS= read -r line; do
    first=
    for moves in $(echo "$line" | tr ' |' '_ '); do
        moves=$(echo "$moves" | tr '_' ' ')
        for f in "$de" "$en"; do
            got=$(games --moves "$moves" "$f")
            if [ -z "$first" ]; then
                first="[$got]"
            elif [ "[$got]" != "$first" ]; then
                echo "--moves '$moves' on $f: [$got], expected $first"; status=1
            fi
        done
    done
    [ "$first" != "[]" ] && found=$((found + 1))
done <<'LIST'
1. e4 c5 2. Nf3 d6|1. e4 c5 2. Sf3 d6|1. e2-e4 c7-c5 2. Ng1-f3 d7-d6|1. e2-e4 c7-c5 2. Sg1-f3 d7-d6|e2e4 c7c5 g1f3 d7d6
1. e4 e5 2. Nf3 Nc6 3. Bb5 a6|1. e4 e5 2. Sf3 Sc6 3. Lb5 a6|1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6
1. d4 Nf6 2. c4 c5|1. d4 Sf6 2. c4 c5|1. d2-d4 Sg8-f6 2. c2-c4 c7-c5
1. Nf3 d5 2. d4 e6|1. Sf3 d5 2. d4 e6
1. e4 c6|1. e4 c6|e2e4 c7c6
1. e4 e6 2. d4 d5 3. Nc3 Nf6 4. e5|1. e4 e6 2. d4 d5 3. Sc3 Sf6 4. e5
1. e4|e2e4|1. e2-e4
1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O|1. e4 e5 2. Sf3 Sc6 3. Lb5 Sf6 4. 0-0
LIST
[ $found -ge 7 ] || { echo "only $found prefixes matched any game"; status=1; }

# A position, and moves asked for in German with --input-lang.
fen="r1bqkbnr/pp1ppppp/2n5/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
a=$(games --position "$fen" "$de")
b=$(games --position "$fen" "$en")
c=$(games --moves "1. e4 c5 2. Nf3 Nc6" "$en")
[ "$a" = "$b" ] && [ "$a" = "$c" ] && [ -n "$a" ] ||
    { echo "--position: de [$a], en [$b], --moves [$c]"; status=1; }
a=$(games --contains-move Nxd4 "$en")
b=$(games --input-lang de --contains-move Sxd4 "$de")
[ "$a" = "$b" ] && [ -n "$a" ] || { echo "--contains-move: en [$a], de [$b]"; status=1; }
exit $status
