#!/bin/sh
# archive_members.sh - in a tar or zip, a member that is gzip or zstd data
# (b.pgn.gz, c.pgn.zst, or gz.pgn: gzip under a .pgn name) is read
# decompressed, and a member named .pgn that is not PGN (an image) is reported
# by name and passed over: the members after it are still read, and the exit
# status says an input could not be read (3). A member not named .pgn is
# passed over with a note, as before. Archives are made here.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. tests/scripts/expect.inc
. tests/scripts/need.inc
need tar
need gzip
need zstd
need zip
cd "$tmp" || exit 3
game() { printf '[Event "%s"]\n[Result "1-0"]\n\n1. %s e5 1-0\n' "$1" "$2"; }
game A e4 >a.pgn
game B d4 >b.pgn && gzip b.pgn
game C c4 >c.pgn && zstd -q --rm c.pgn
game G Nf3 | gzip -c >gz.pgn
game D g3 >d.pgn
{ printf '\211PNG\r\n\032\n'; head -c 64 /dev/zero; } >image.pgn
cp image.pgn image.png
members="a.pgn b.pgn.gz c.pgn.zst gz.pgn image.png image.pgn d.pgn"
# shellcheck disable=SC2086
{ tar cf x.tar $members && zip -q -X x.zip $members && tar czf x.tar.gz $members; } ||
    { echo "FAIL cannot make the archives"; exit 1; }

for f in x.tar x.zip x.tar.gz; do
    for j in 1 2; do
        "$PGNKIT" validate -j $j "$f" >/dev/null 2>err
        expect "$f -j$j: exit status" "$?" 3
        expect "$f -j$j: summary" "$(tail -n 1 err | cut -d';' -f1)" "5 games: 5 valid, 0 invalid"
        expect "$f -j$j: the image" "$(grep -c "error: $f:image.pgn: not PGN: looks like a PNG image\$" err)" 1
        expect "$f -j$j: the note" "$(grep -c "^$f:image.png: note: not a PGN member" err)" 1
        # The events of every game in order: the members after the image too.
        "$PGNKIT" convert -j $j --format ndjson "$f" 2>/dev/null >out
        expect "$f -j$j: games" "$(sed -n 's/.*"Event":"\([A-Z]\)".*/\1/p' out | tr -d '\n')" ABCGD
    done
done
exit $fail
